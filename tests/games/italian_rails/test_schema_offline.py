"""Map and deck files are checked without the network.

The standalone game is built without TLS (no ssl, no OpenSSL), so checking a map must never
try to fetch a schema: the shipped schemas are self-contained, a reference to anything outside
them is an error rather than a download, and a whole map and deck load with ssl and
urllib.request unavailable.
"""

from __future__ import annotations

import json
import subprocess
import sys
import urllib.request
from pathlib import Path
from typing import Any

import pytest

from rail_app.core.mapfile import LineIndex, schema_problems
from tests.waiting import HANG_S

ROOT = Path(__file__).resolve().parents[3]
SCHEMAS = [ROOT / "maps" / "schema.json", ROOT / "maps" / "deck-schema.json"]


def _refs(node: Any) -> list[str]:
    if isinstance(node, dict):
        found = [node["$ref"]] if isinstance(node.get("$ref"), str) else []
        return found + [r for v in node.values() for r in _refs(v)]
    if isinstance(node, list):
        return [r for v in node for r in _refs(v)]
    return []


@pytest.mark.parametrize("path", SCHEMAS, ids=[p.name for p in SCHEMAS])
def test_shipped_schemas_refer_only_to_themselves(path: Path) -> None:
    refs = _refs(json.loads(path.read_text(encoding="utf-8")))
    assert refs, f"{path.name}: expected the schema to use its own $defs"
    assert all(r.startswith("#") for r in refs), [r for r in refs if not r.startswith("#")]


def test_a_remote_reference_is_an_error_not_a_download(monkeypatch: pytest.MonkeyPatch) -> None:
    fetched: list[object] = []

    def no_network(request: object, *args: object, **kwargs: object) -> None:
        fetched.append(request)
        raise OSError("no network in this test")

    monkeypatch.setattr(urllib.request, "urlopen", no_network)
    schema = {
        "$schema": "https://json-schema.org/draft/2020-12/schema",
        "type": "object",
        "properties": {"rules": {"$ref": "https://example.invalid/rules.json"}},
    }
    with pytest.raises(Exception) as caught:
        schema_problems({"rules": {}}, schema, LineIndex(), "remote.yaml")
    assert fetched == [], "checking a map tried to fetch a remote schema"
    assert "example.invalid/rules.json" in str(caught.value)


_OFFLINE_CHECK = """
import sys
for name in ("ssl", "_ssl", "_hashlib", "urllib.request", "http.client"):
    sys.modules[name] = None  # importing them now fails, as in the standalone game
from pathlib import Path
from rail_app.games.italian_rails.rules.board import load_board
from rail_app.core.mapfile import MapError
from rail_app.games.italian_rails.rules.deck import load_deck

board = load_board("maps/test/mini.yaml", use_cache=False)
deck = load_deck("maps/test/mini-deck.yaml", board, use_cache=False)
print("cities", len(board.cities), "cards", len(deck.cards))
bad = Path(sys.argv[1])
bad.write_text(Path("maps/test/mini.yaml").read_text(encoding="utf-8").replace(
    "spacing_km: 20", "spacing_km: twenty", 1), encoding="utf-8")
try:
    load_board(bad, use_cache=False)
except MapError as e:
    print("error", e.problems[0].message)
"""


def test_maps_and_decks_are_checked_without_ssl_or_urllib(tmp_path: Path) -> None:
    out = subprocess.run(
        [sys.executable, "-c", _OFFLINE_CHECK, str(tmp_path / "bad.yaml")],
        cwd=ROOT, capture_output=True, text=True, timeout=HANG_S,
    )
    assert out.returncode == 0, out.stderr
    lines = out.stdout.splitlines()
    assert lines[0].startswith("cities ") and " cards " in lines[0], out.stdout
    assert len(lines) == 2 and lines[1].startswith("error grid.spacing_km: 'twenty' is not"), (
        out.stdout
    )
