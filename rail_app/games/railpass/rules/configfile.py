"""Reading a configuration file of Rail Pass (``game: railpass``): YAML through the guarded
reader (:func:`rail_app.core.mapfile.read_yaml`), the JSON Schema
``maps/railpass-schema.json`` (draft-07: editors complete and check the files with it), then
what a schema cannot check (D-30: one connected network, each city controlled once,
obstacles between different seats, the box's counts, the clock of R-K2).

The rulebook prints no configuration (R-K1): the nine of R-K4 are the project's own
reconstructions (D-2), data a player may pick or change (R-S1). Every mistake is a :class:`~rail_app.core.mapfile.MapProblem` written ``file:line: key:
message`` (``maps/railpass-6ci.yaml:14: links[3]: B-Y tunnel: an obstacle stands only
between the cities of two different seats (R-O2, D-13, D-30)``); all the problems found are
reported together.
"""

from __future__ import annotations

import json
from functools import cache
from pathlib import Path
from typing import Any

from rail_app.core import guarded
from rail_app.core.mapfile import (
    LineIndex,
    MapError,
    MapProblem,
    describe_path,
    read_yaml,
    schema_problems,
)
from rail_app.core.paths import resource_path
from rail_app.games.railpass.rules.identity import GAME_ID, LETTERS
from rail_app.games.railpass.rules.network import (
    Configuration,
    Link,
    LinkKind,
    default_stickers,
    validity_problems,
)

SCHEMA_NAME = "railpass-schema.json"

#: The nine configurations of R-K4, by their ids, in ``maps/railpass-<id>.yaml``.
PUBLISHED = ("2PP", "2HI", "3PP", "3CI", "4HI", "5PP", "6F8", "6CI", "6PP")

__all__ = ["PUBLISHED", "MapError", "MapProblem", "load_configuration",
           "parse_configuration", "published", "published_path", "railpass_schema"]


@cache
def railpass_schema() -> dict[str, Any]:
    """``maps/railpass-schema.json``, read once."""
    data: dict[str, Any] = json.loads(
        resource_path("maps", SCHEMA_NAME).read_text(encoding="utf-8"))
    return data


def published_path(cid: str) -> Path:
    """The file of one of the nine configurations (``6CI``: ``maps/railpass-6ci.yaml``)."""
    return resource_path("maps", f"railpass-{cid.lower()}.yaml")


def published(cid: str) -> Configuration:
    """One of the nine configurations, read from its file."""
    return load_configuration(published_path(cid))


def load_configuration(path: str | Path, shown: str | None = None) -> Configuration:
    """A configuration file as a :class:`Configuration`; :class:`MapError` lists every
    mistake as ``file:line: key: message``."""
    shown = str(path) if shown is None else shown
    data, index = read_yaml(Path(path), shown, guarded.MAP)
    return parse_configuration(data, index, shown)


def parse_configuration(data: Any, index: LineIndex, shown: str) -> Configuration:
    """A configuration from a file's data (as :func:`read_yaml` gives it)."""
    if not isinstance(data, dict):
        raise MapError([MapProblem(shown, 1, "a Rail Pass configuration is a mapping of keys, "
                                             f"starting with 'game: {GAME_ID}'")])
    if "game" not in data:
        raise MapError([MapProblem(shown, 1, "game: missing key 'game': a Rail Pass "
                                             f"configuration starts with 'game: {GAME_ID}'")])
    problems = schema_problems(data, railpass_schema(), index, shown)
    if problems:
        raise MapError(problems)
    config = _configuration(data, shown)
    found = [MapProblem(shown, index.line_of(where), f"{describe_path(where)}: {message}")
             for where, message in validity_problems(config)]
    if found:
        raise MapError(sorted(found, key=lambda p: p.line or 0))
    return config


def _city(text: str) -> int:
    return LETTERS.index(text)  # the schema allows only the six letters


def _configuration(data: dict[str, Any], shown: str) -> Configuration:
    links = tuple(Link(_city(item["between"][0]), _city(item["between"][1]),
                       LinkKind(item.get("obstacle", "open"))) for item in data["links"])
    blocked = tuple((_city(a), _city(b)) for a, b in data.get("blocked", []))
    seats = tuple(tuple(_city(c) for c in seat) for seat in data["seats"])
    stickers = list(default_stickers())
    for key, pair in data.get("stickers", {}).items():
        stickers[_city(key)] = (_city(pair["long"]), _city(pair["short"]))
    return Configuration(id=data["id"], name=data["name"].strip(), seats=seats, links=links,
                         blocked=blocked, minutes=data["minutes"], stickers=tuple(stickers),
                         description=data.get("description", "").strip(), shown=shown)


def configuration_to_yaml(config: Configuration) -> str:
    """A configuration as the text of its data file (what :func:`load_configuration` reads
    back to an equal configuration): the new-configuration starter writes it."""
    def q(text: str) -> str:
        return json.dumps(text, ensure_ascii=False)

    def city_list(cities: tuple[int, ...]) -> str:
        return "[" + ", ".join(LETTERS[c] for c in cities) + "]"

    out = [f"# yaml-language-server: $schema={SCHEMA_NAME}",
           f"game: {GAME_ID}", "format: 1", f"id: {config.id}", f"name: {q(config.name)}"]
    if config.description:
        out.append(f"description: {q(config.description)}")
    out.append(f"minutes: {config.minutes}")
    out.append("links:")
    for link in config.links:
        tail = "" if link.kind is LinkKind.OPEN else f", obstacle: {link.kind}"
        out.append(f"  - {{between: {city_list((link.a, link.b))}{tail}}}")
    if config.blocked:
        out.append("blocked:")
        out += [f"  - {city_list(pair)}" for pair in config.blocked]
    out.append("seats:")
    out += [f"  - {city_list(seat)}" for seat in config.seats]
    if config.stickers != default_stickers():
        out.append("stickers:")
        out += [f"  {LETTERS[c]}: {{long: {LETTERS[lo]}, short: {LETTERS[sh]}}}"
                for c, (lo, sh) in enumerate(config.stickers)]
    return "\n".join(out) + "\n"
