"""The map and deck schemas an author's editor reads: JSON Schema draft-07 (the draft the
common YAML editor support documents), a description on every key, and the shipped maps and
decks valid against them."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import jsonschema
import pytest
import yaml

ROOT = Path(__file__).resolve().parents[2]
SCHEMAS = {"schema.json": ROOT / "maps" / "schema.json",
           "deck-schema.json": ROOT / "maps" / "deck-schema.json"}


def _load(name: str) -> dict[str, Any]:
    data: dict[str, Any] = json.loads(SCHEMAS[name].read_text(encoding="utf-8"))
    return data


def _keys(node: Any, where: str = "") -> Iterator[tuple[str, dict[str, Any]]]:
    """Every key a file may hold (every entry of every ``properties``), with its schema."""
    if isinstance(node, dict):
        for k, v in node.items():
            if k == "properties" and isinstance(v, dict):
                for key, sub in v.items():
                    yield f"{where}.{key}".lstrip("."), sub
                    yield from _keys(sub, f"{where}.{key}")
            elif k == "definitions" and isinstance(v, dict):
                for name, sub in v.items():
                    yield from _keys(sub, f"#{name}")
            else:
                yield from _keys(v, where)
    elif isinstance(node, list):
        for v in node:
            yield from _keys(v, where)


def _nodes(node: Any) -> Iterator[dict[str, Any]]:
    if isinstance(node, dict):
        yield node
        for v in node.values():
            yield from _nodes(v)
    elif isinstance(node, list):
        for v in node:
            yield from _nodes(v)


@pytest.mark.parametrize("name", SCHEMAS)
def test_the_schemas_declare_draft_07(name: str) -> None:
    schema = _load(name)
    assert schema["$schema"] == "http://json-schema.org/draft-07/schema#"
    jsonschema.Draft7Validator.check_schema(schema)
    nodes = list(_nodes(schema))
    assert not any("$defs" in n for n in nodes)  # draft-07 keeps them under "definitions"
    # draft-07 ignores whatever stands beside a "$ref" (a description too)
    assert all(set(n) == {"$ref"} for n in nodes if "$ref" in n)


@pytest.mark.parametrize("name", SCHEMAS)
def test_every_key_of_the_schemas_has_a_description(name: str) -> None:
    schema = _load(name)
    keys = list(_keys(schema))
    assert len(keys) >= (90 if name == "schema.json" else 14)  # none overlooked
    missing = [k for k, sub in keys if not str(sub.get("description", "")).strip()]
    assert missing == [], f"{name}: keys without a description: {missing}"
    assert all(str(d.get("description", "")).strip()
               for d in schema.get("definitions", {}).values())
    assert schema["description"].strip()


@pytest.mark.parametrize("stem", ["italy", "sicilia"])
def test_the_shipped_maps_and_decks_are_valid_draft_07(stem: str) -> None:
    for schema, path in ((_load("schema.json"), ROOT / "maps" / f"{stem}.yaml"),
                         (_load("deck-schema.json"), ROOT / "maps" / f"{stem}-deck.yaml")):
        data = yaml.safe_load(path.read_text(encoding="utf-8"))
        errors = list(jsonschema.Draft7Validator(schema).iter_errors(data))
        assert errors == [], (path.name, [e.message for e in errors[:3]])
