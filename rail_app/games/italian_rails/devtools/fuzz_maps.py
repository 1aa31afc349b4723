"""Map fuzzer: hostile and mutated maps, decks and GeoJSON, each refused cleanly or played.

Every case is a folder holding a copy of ``maps/italy.yaml``, its GeoJSON and its deck with
one thing changed, loaded as ``validate-map`` and the New game dialog load a map
(``rules.deck.load_map``) in a child process of its own (:mod:`rail_app.devtools.isolate`).
A case passes or fails as every game's map fuzzer judges it
(:mod:`rail_app.devtools.mapfuzz`): accepted, or refused with ``MapError`` whose every line
is ``file:line: message`` with no value longer than about 60 characters, without much
memory; how long a refusal takes is reported, never failed (the budget of speed is
``bench``'s ``map_refusal_ratio``: the slowest of these refusals against loading the map of
Italy, in one run).

The cases: every hostile file of the map format's threat list (:func:`hostile_cases`: alias
bombs, nesting 1,000 to 50,000 deep, NaN and 5,000-digit numbers, devices, FIFOs, folders,
huge files, 100,000 dots, polygons of 1.4 million points...) and seeded random mutations of
the three files (:func:`mutant`), byte- and text-level (flips, cuts, lines moved, hostile
tokens) and data-level (a value anywhere replaced, removed or duplicated).

``python -m rail_app fuzz maps [--long] [--seed N] [--count N]``
"""

from __future__ import annotations

import copy
import json
import os
import random
import re
import shutil
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

from rail_app.core.mapfile import MapError
from rail_app.core.paths import resource_path
from rail_app.devtools.mapfuzz import HANG_SECONDS as HANG_SECONDS
from rail_app.devtools.mapfuzz import REFUSE_MB as REFUSE_MB
from rail_app.devtools.mapfuzz import REFUSE_SECONDS as REFUSE_SECONDS
from rail_app.devtools.mapfuzz import MapCase, alias_bomb, flow_nesting, passed, run_cases
from rail_app.games.italian_rails.rules.deck import deck_schema, load_map
from rail_app.games.italian_rails.rules.maprules import map_schema

MAP, GEO, DECK = "italy.yaml", "italy.geojson", "italy-deck.yaml"
SHORT_COUNT = 40
LONG_COUNT = 1000


def base_copy(folder: Path) -> Path:
    """The bundled map of Italy, its GeoJSON and its deck, copied into ``folder``."""
    for name in (MAP, GEO, DECK):
        shutil.copyfile(resource_path("maps", name), folder / name)
    return folder / MAP


def _text(name: str) -> str:
    return resource_path("maps", name).read_text(encoding="utf-8")


def _replace(name: str, old: str, new: str, count: int = 1) -> Callable[[Path], Path]:
    """A case that changes one file of the map by a text replacement."""

    def make(folder: Path) -> Path:
        path = base_copy(folder)
        text = (folder / name).read_text(encoding="utf-8")
        assert old in text, (name, old)
        (folder / name).write_text(text.replace(old, new, count), encoding="utf-8")
        return path

    return make


def _write(name: str, data: bytes | str | Callable[[], bytes | str]) -> Callable[[Path], Path]:
    """A case whose file ``name`` is replaced by ``data``."""

    def make(folder: Path) -> Path:
        path = base_copy(folder)
        content = data() if callable(data) else data
        target = folder / name
        if isinstance(content, str):
            target.write_text(content, encoding="utf-8")
        else:
            target.write_bytes(content)
        return path

    return make


def _special(name: str, kind: str) -> Callable[[Path], Path]:
    """A case whose file ``name`` is a FIFO, a folder, or a link to /dev/zero."""

    def make(folder: Path) -> Path:
        path = base_copy(folder)
        target = folder / name
        target.unlink()
        if kind == "fifo":
            os.mkfifo(target)
        elif kind == "dir":
            target.mkdir()
        else:
            target.symlink_to("/dev/zero")
        return path

    return make


def block_nesting(depth: int) -> str:
    return "".join(" " * i + f"k{i}:\n" for i in range(depth)) + " " * depth + "x\n"


def polygon_geojson(points: int) -> bytes:
    """A FeatureCollection of one land polygon with ``points`` points, written compactly."""
    body = b",".join(b"[%d,%d]" % (i % 7, i % 5) for i in range(points - 1))
    return (b'{"type":"FeatureCollection","features":[{"type":"Feature","properties":'
            b'{"layer":"land","name":"big"},"geometry":{"type":"Polygon","coordinates":[['
            + body + b",[0,0]]]}}]}")


def many_polygons_geojson(features: int, points: int) -> bytes:
    ring = ",".join(f"[{i % 9},{i % 4}]" for i in range(points - 1)) + ",[0,0]"
    feat = ('{"type":"Feature","properties":{"layer":"land"},"geometry":{"type":"Polygon",'
            f'"coordinates":[[{ring}]]}}}}')
    return ('{"type":"FeatureCollection","features":[' + ",".join([feat] * features)
            + "]}").encode()


def circles_geojson(features: int, points: int) -> bytes:
    """Valid land: ``features`` circles of ``points`` points each, over Italy."""
    import math

    feats = []
    for f in range(features):
        cx, cy = 9.0 + 3.0 * f, 44.0 - 2.0 * f
        ring = ",".join(f"[{cx + 1.4 * math.cos(2 * math.pi * i / points):.4f},"
                        f"{cy + math.sin(2 * math.pi * i / points):.4f}]"
                        for i in range(points))
        first = ring.split("],", 1)[0] + "]"
        feats.append('{"type":"Feature","properties":{"layer":"land"},"geometry":{"type":'
                     f'"Polygon","coordinates":[[{ring},{first}]]}}}}')
    return ('{"type":"FeatureCollection","features":[' + ",".join(feats) + "]}").encode()


def _geo_with(token: str) -> Callable[[], str]:
    def data() -> str:
        text = _text(GEO)
        return re.sub(r"-?\d+\.\d+", token, text, count=1)
    return data


def hostile_cases() -> list[MapCase]:
    """Every hostile file of the threat list, each with what its refusal must say."""
    digits = "9" * 5000
    cases = [
        # anchors and aliases: the alias bomb, in the map and in the deck
        MapCase("alias bomb (map)", _write(MAP, alias_bomb), "anchors and aliases"),
        MapCase("alias bomb (deck)", _write(DECK, alias_bomb), "anchors and aliases"),
        MapCase("one alias", _replace(MAP, "name: Italia", "name: &n Italia\ndescription: *n"),
                "anchors and aliases"),
        # nesting: the line index recursed, libyaml's composer overflowed the C stack
        *[MapCase(f"nesting {d:,} deep (map)", _write(MAP, flow_nesting(d)),
                  "nested too deeply") for d in (1000, 20_000, 50_000, 200_000)],
        MapCase("nesting 50,000 deep (deck)", _write(DECK, flow_nesting(50_000, "cards")),
                "nested too deeply"),
        MapCase("block nesting 1,000 deep", _write(MAP, block_nesting(1000)),
                "nested too deeply"),
        MapCase("nesting 100,000 deep (GeoJSON)", _write(GEO, "[" * 100_000 + "]" * 100_000),
                "nested too deeply"),
        # numbers
        MapCase("spacing_km .nan", _replace(MAP, "spacing_km: 20", "spacing_km: .nan"),
                "not a number"),
        MapCase("spacing_km .inf", _replace(MAP, "spacing_km: 20", "spacing_km: .inf"),
                "not a number"),
        MapCase("spacing_km 1.0e+400", _replace(MAP, "spacing_km: 20", "spacing_km: 1.0e+400"),
                "too large"),
        MapCase("5,000-digit spacing", _replace(MAP, "spacing_km: 20", f"spacing_km: {digits}"),
                "too long"),
        MapCase("5,000-digit cash", _replace(MAP, "starting_cash: 60",
                                             f"starting_cash: {digits}"), "too long"),
        MapCase("5,000-digit payoff (deck)", _replace(DECK, "payoff: ", f"payoff: {digits}"),
                "too long"),
        MapCase("5,000-digit dot key", _replace(MAP, "at: [7.6868, 45.0705]", f'dot: "{digits},1"'),
                "does not fit"),
        MapCase("NaN in the GeoJSON", _write(GEO, _geo_with("NaN")), "is not a number"),
        MapCase("1e400 in the GeoJSON", _write(GEO, _geo_with("1e400")), "too large"),
        MapCase("5,000-digit GeoJSON number", _write(GEO, _geo_with(digits)), "too long"),
        MapCase("coordinates 1e300", _write(GEO, _geo_with("1e300")), "out of range"),
        MapCase("spacing_km 1e-9", _replace(MAP, "spacing_km: 20", "spacing_km: 0.000000001"),
                "less than the minimum of 1"),
        MapCase("about 100,000 dots", _replace(MAP, "spacing_km: 20", "spacing_km: 2"),
                "at most 20,000"),
        MapCase("deck radius 10^9", _replace(DECK, "radius: 3}", "radius: 1000000000}"),
                "params.radius"),
        # devices, pipes, folders, links
        MapCase("geometry: /dev/zero", _replace(MAP, "geometry: italy.geojson",
                                                "geometry: /dev/zero"), "not a regular file"),
        MapCase("deck: /dev/zero", _replace(MAP, "deck: italy-deck.yaml", "deck: /dev/zero"),
                "not a regular file"),
        MapCase("GeoJSON links to /dev/zero", _special(GEO, "link"), "not a regular file"),
        MapCase("deck links to /dev/zero", _special(DECK, "link"), "not a regular file"),
        MapCase("map links to /dev/zero", _special(MAP, "link"), "not a regular file"),
        MapCase("GeoJSON is a FIFO", _special(GEO, "fifo"), "not a regular file"),
        MapCase("deck is a FIFO", _special(DECK, "fifo"), "not a regular file"),
        MapCase("map is a FIFO", _special(MAP, "fifo"), "not a regular file"),
        MapCase("GeoJSON is a folder", _special(GEO, "dir"), "folder"),
        MapCase("deck is a folder", _special(DECK, "dir"), "folder"),
        MapCase("map is a folder", _special(MAP, "dir"), "folder"),
        MapCase("deck file missing", _replace(MAP, "deck: italy-deck.yaml",
                                              "deck: no-such-deck.yaml"), "not found"),
        MapCase("GeoJSON file missing", _replace(MAP, "geometry: italy.geojson",
                                                 "geometry: none.geojson"), "not found"),
        # size
        MapCase("3 MB map", _write(MAP, lambda: _text(MAP) + "#" * (3 << 20) + "\n"),
                "too large"),
        MapCase("2 MB deck", _write(DECK, lambda: _text(DECK) + "#" * (2 << 20) + "\n"),
                "too large"),
        MapCase("20 MB GeoJSON", _write(GEO, lambda: _text(GEO) + " " * (20 << 20)), "too large"),
        MapCase("polygon of 1.4 million points", _write(GEO, lambda: polygon_geojson(1_400_000)),
                "too large"),
        MapCase("polygon of 300,000 points", _write(GEO, lambda: polygon_geojson(300_000)),
                "points in one shape"),
        MapCase("5 polygons of 90,000 points", _write(GEO, lambda: many_polygons_geojson(5,
                                                                                      90_000)),
                "points in all"),
        MapCase("1 MB city name", _replace(MAP, "name: Torino", "name: " + "T" * (1 << 20)),
                "is too long"),
        MapCase("1,000-character key", _replace(MAP, "rules:", "K" * 1000 + ": 1\nrules:"),
                "unknown key"),
        MapCase("2 valid polygons of 99,000 points", _write(GEO, lambda: circles_geojson(
            2, 99_000)), "in the sea"),
        MapCase("polygon crossing itself", _write(GEO, lambda: many_polygons_geojson(1, 1000)),
                "crosses itself"),
        # encodings and tags
        MapCase("not UTF-8", _write(MAP, b"name: It\xe0lia\xff\xfe\n"), "not UTF-8"),
        MapCase("Python object tag", _replace(MAP, "name: Italia",
                                              "name: !!python/object/apply:os.system [ls]"),
                "is not allowed"),
        MapCase("binary tag", _replace(MAP, "name: Italia", "name: !!binary aGVsbG8="),
                "is not allowed"),
        MapCase("empty map file", _write(MAP, b""), "a map file is a mapping"),
        MapCase("random bytes", _write(MAP, bytes(random.Random(5).randrange(256)
                                                  for _ in range(4000))), ""),
        MapCase("GeoJSON not JSON", _write(GEO, "{\"type\": "), "not JSON"),
        MapCase("GeoJSON without land", _write(GEO, '{"type":"FeatureCollection","features":[]}'),
                "no land"),
        MapCase("empty land polygon", _write(GEO, '{"type":"FeatureCollection","features":[{'
                                                  '"type":"Feature","properties":{"layer":"land"},'
                                                  '"geometry":{"type":"Polygon","coordinates":[]'
                                                  "}}]}"), "empty geometry"),
        MapCase("duplicate JSON key", _write(GEO, '{"type": 1, "type": 2}'), "duplicate key"),
        # names no font draws: a NUL or a lone surrogate in every kind of name
        MapCase("NUL in a city name", _replace(MAP, "{name: Roma,", '{name: "Ro\\0ma",'),
                "NUL or a lone surrogate"),
        MapCase("NUL in a commodity", _replace(MAP, "tobacco, tomatoes", '"toba\\0cco", tomatoes'),
                "NUL or a lone surrogate"),
        MapCase("NUL in the map's name", _replace(MAP, "name: Italia", 'name: "Ita\\0lia"'),
                "NUL or a lone surrogate"),
        MapCase("NUL in a sea name", _replace(GEO, '"name":"Ligurian Sea"',
                                              '"name":"Ligurian\\u0000Sea"'),
                "NUL or a lone surrogate"),
        MapCase("lone surrogate in a sea name", _replace(GEO, '"name":"Ligurian Sea"',
                                                         '"name":"Ligurian\\ud800Sea"'),
                "NUL or a lone surrogate"),
        MapCase("lone surrogate in a land name", _replace(GEO, '"name":"Sicilia"',
                                                          '"name":"Sici\\udfffia"'),
                "NUL or a lone surrogate"),
        MapCase("NUL in the geometry file's name",
                _replace(MAP, "geometry: italy.geojson", 'geometry: "ital\\0y.geojson"'), ""),
    ]
    return cases


# -- random mutations ---------------------------------------------------------------------------

_CHARS = "abcXYZ019 \t\n:-[]{},&*!|>#'\"%@`.\\\x00\u00e9\uffff"
_TOKENS = ["&a ", "*a ", "!!python/object:os.system ", ".nan", ".inf", "1.0e+400", "1e400",
           "9" * 45, "9" * 5000, "[" * 200, "{" * 200, "\t", ": ", "- ", "\x00", "\ufeff",
           "? ", "--- \n", "...\n", "%YAML 1.1\n", "<<: *a\n", "NaN", "Infinity", '"\\ud800"',
           '"\\0"', '"a\\0b"', '"\\udfff"']
_NUMBERS = [".nan", "-.inf", "-1", "0", "1e400", "1.0e+400", "0x1F", "1_000", "-0", "1e-300",
            "99999999999", "9" * 41, "9" * 5000, "0.0000001", "3.5"]


def _hostile_value(rng: random.Random) -> Any:
    nest: Any = "x"
    for _ in range(rng.choice([5, 40, 100])):
        nest = [nest] if rng.random() < 0.5 else {"k": nest}
    return rng.choice([
        None, "", "x" * rng.choice([61, 1000, 100_000]), -1, 0, 10**30, -(10**18), 1.5, 1e308,
        float("nan"), float("inf"), True, [], {}, nest, "1,2", "99999999,1", "../../x",
        "/dev/zero", "∞", [1, 2, 3], {"name": "x"}, "Roma", "marble", "mountain",
    ])


def _random_path(rng: random.Random, data: Any) -> list[Any]:
    path: list[Any] = []
    node = data
    while isinstance(node, (dict, list)) and node and rng.random() < 0.8:
        key = rng.choice(list(node)) if isinstance(node, dict) else rng.randrange(len(node))
        path.append(key)
        node = node[key]
    return path


def _mutate_data(rng: random.Random, data: Any) -> Any:
    data = copy.deepcopy(data)
    path = _random_path(rng, data)
    if not path:
        return _hostile_value(rng)
    parent = data
    for key in path[:-1]:
        parent = parent[key]
    last = path[-1]
    what = rng.random()
    if what < 0.55:
        parent[last] = _hostile_value(rng)
    elif what < 0.7:
        del parent[last]
    elif what < 0.8 and isinstance(parent, list):
        parent.insert(last, copy.deepcopy(parent[last]))
    elif what < 0.9:
        parent[last] = [parent[last]]
    else:
        parent[last] = str(parent[last])
    return data


def _mutate_text(rng: random.Random, text: str) -> str:
    lines = text.split("\n")
    what = rng.randrange(8)
    if what == 0 and text:
        i = rng.randrange(len(text))
        return text[:i] + rng.choice(_CHARS) + text[i + 1:]
    if what == 1 and len(lines) > 1:
        del lines[rng.randrange(len(lines))]
    elif what == 2:
        i = rng.randrange(len(lines))
        lines.insert(i, lines[i])
    elif what == 3 and len(lines) > 1:
        i, j = rng.randrange(len(lines)), rng.randrange(len(lines))
        lines[i], lines[j] = lines[j], lines[i]
    elif what == 4:
        i = rng.randrange(len(text) + 1)
        return text[:i] + rng.choice(_TOKENS) + text[i:]
    elif what == 5:
        return text[:rng.randrange(len(text) + 1)]
    elif what == 6:
        i = rng.randrange(len(lines))
        lines[i] = " " * rng.randint(1, 3) + lines[i] if rng.random() < 0.5 \
            else lines[i].lstrip()
    else:
        numbers = list(re.finditer(r"\d+(?:\.\d+)?", text))
        if numbers:
            m = rng.choice(numbers)
            return text[:m.start()] + rng.choice(_NUMBERS) + text[m.end():]
    return "\n".join(lines)


class _Bases:
    """The three files as text and as data, read once."""

    def __init__(self) -> None:
        import yaml

        self.text = {name: _text(name) for name in (MAP, GEO, DECK)}
        self.data = {MAP: yaml.safe_load(self.text[MAP]), DECK: yaml.safe_load(self.text[DECK]),
                     GEO: json.loads(self.text[GEO])}


def mutant(bases: _Bases, seed: int, index: int) -> MapCase:
    """The ``index``-th random mutation of seed ``seed`` (the same case every time)."""
    import yaml

    rng = random.Random(seed * 1_000_003 + index)
    name = rng.choices([MAP, DECK, GEO], weights=[55, 30, 15])[0]
    if rng.random() < 0.5:
        text = bases.text[name]
        for _ in range(rng.choice([1, 1, 1, 2, 3])):
            text = _mutate_text(rng, text)
        how = "text"
    else:
        data = _mutate_data(rng, bases.data[name])
        how = "data"
        if name == GEO:
            text = json.dumps(data, separators=(",", ":"))
        else:
            text = yaml.safe_dump(data, sort_keys=False, allow_unicode=True, width=100)
    content = text.encode("utf-8", "surrogatepass")
    return MapCase(f"mutant {index} ({how}, {name})", _write(name, content))


# -- checking -----------------------------------------------------------------------------------


def check_map(path: str) -> dict[str, Any]:
    """Load a map as validate-map and the game do (run in the child process)."""
    try:
        board, deck = load_map(path, use_cache=False)
    except MapError as exc:
        return {"result": "refused", "count": len(exc.problems),
                "problems": [str(p) for p in exc.problems[:40]]}
    return {"result": "accepted", "detail": f"{len(board.dots)} dots",
            "dots": len(board.dots), "cards": len(deck.cards) if deck is not None else 0}


def warm() -> None:
    """Import and prepare in the parent what every child uses (the loaders, the schemas),
    so that a case measures the loading of its files, not the start of the program."""
    import jsonschema

    jsonschema.Draft202012Validator(map_schema())
    jsonschema.Draft202012Validator(deck_schema())


def cases(seed: int, count: int, hostile: bool = True) -> Iterator[MapCase]:
    if hostile:
        yield from hostile_cases()
    bases = _Bases()
    for i in range(count):
        yield mutant(bases, seed, i)


def run(seed: int = 1, count: int = SHORT_COUNT, hostile: bool = True,
        timeout: float = HANG_SECONDS,
        progress: Callable[[str], None] | None = None) -> dict[str, Any]:
    """Run the hostile cases and ``count`` mutations; a summary with every failure."""
    warm()
    n_hostile = len(hostile_cases()) if hostile else 0
    return run_cases(cases(seed, count, hostile), n_hostile, check_map, seed,
                     "italian-rails-fuzz-maps-", timeout, progress)


__all__ = ["HANG_SECONDS", "REFUSE_MB", "REFUSE_SECONDS", "MapCase", "alias_bomb", "check_map", "flow_nesting",
           "hostile_cases", "mutant", "passed", "run"]
