"""Steam's map fuzzer: hostile and mutated boards and backgrounds, each refused cleanly or
loaded and drawn.

Every case is a folder holding a copy of ``maps/steam-italia.yaml`` and its background
GeoJSON with one thing changed, loaded as ``validate-map``, the New game dialog and a
save's world load a Steam map (the board and its background) and then drawn as the menu,
the Load screen's small pictures and the game screen at its closest zoom draw it, in a
child process of its own (:mod:`rail_app.devtools.isolate`). A case is judged as every
game's map fuzzer judges it (:mod:`rail_app.devtools.mapfuzz`); an accepted map must also
be drawn without an error, a crash or a hang (its time is reported).

The cases: the hostile boards of the threat list (:func:`hostile_cases`: hex spacings and
origins of 1e-300 to 1e300, a projection at the pole, a board 100,000 hexes wide, alias
bombs, nesting 50,000 deep, 5,000-digit numbers, NUL characters, a background that is a
FIFO, a folder, /dev/zero, 20 MB or 1e308 coordinates, 300 cities, 30,000 hexes...) and
seeded random mutations of both files (:func:`mutant`), as text and as data.

``python -m rail_app fuzz maps --game steam [--long] [--seed N] [--count N]``
"""

from __future__ import annotations

import copy
import json
import os
import random
import shutil
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

from rail_app.core.paths import resource_path
from rail_app.devtools.mapfuzz import (
    HANG_SECONDS,
    MapCase,
    alias_bomb,
    flow_nesting,
    passed,
    run_cases,
)

MAP, GEO = "steam-italia.yaml", "steam-italia.geojson"
SHORT_COUNT = 10
LONG_COUNT = 1000


def base_copy(folder: Path) -> Path:
    for name in (MAP, GEO):
        shutil.copyfile(resource_path("maps", name), folder / name)
    return folder / MAP


def _text(name: str) -> str:
    return resource_path("maps", name).read_text(encoding="utf-8")


def _replace(old: str, new: str) -> Callable[[Path], Path]:
    def make(folder: Path) -> Path:
        path = base_copy(folder)
        text = path.read_text(encoding="utf-8")
        assert old in text, old
        path.write_text(text.replace(old, new, 1), encoding="utf-8")
        return path

    return make


def _write(name: str, data: bytes | str | Callable[[], bytes | str]) -> Callable[[Path], Path]:
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


def _special(kind: str) -> Callable[[Path], Path]:
    """The background a FIFO, a folder, or a link to /dev/zero."""

    def make(folder: Path) -> Path:
        path = base_copy(folder)
        target = folder / GEO
        target.unlink()
        if kind == "fifo":
            os.mkfifo(target)
        elif kind == "dir":
            target.mkdir()
        else:
            target.symlink_to("/dev/zero")
        return path

    return make


def _background(change: Callable[[dict[str, Any]], None]) -> Callable[[], str]:
    def data() -> str:
        doc = json.loads(_text(GEO))
        change(doc)
        return json.dumps(doc)

    return data


def _far_point(value: float) -> Callable[[dict[str, Any]], None]:
    def change(doc: dict[str, Any]) -> None:
        ring = doc["features"][0]["geometry"]["coordinates"][0]
        ring[len(ring) // 2] = [value, value]

    return change


def _far_island(doc: dict[str, Any]) -> None:
    """A small island as far from the board as a map may reach."""
    doc["features"].append({"type": "Feature", "properties": {"layer": "land", "name": "Far"},
                            "geometry": {"type": "Polygon", "coordinates": [[
                                [179.0, 84.0], [179.5, 84.0], [179.5, 84.4], [179.0, 84.0]]]}})


def _grid(new: str) -> Callable[[Path], Path]:
    return _replace("grid: {orientation: pointy, spacing_km: 50, origin: [13.0591, 41.7944]}",
                    f"grid: {new}")


def hostile_cases() -> list[MapCase]:
    """Every hostile board of the threat list, each with what its refusal must say (a case
    without one may be accepted: then it must be drawn)."""
    digits = "9" * 5000
    pointy = "{orientation: pointy, spacing_km: %s, origin: [%s, %s]}"
    cases = [
        MapCase("spacing 1e-300", _grid(pointy % ("1.0e-300", 13.0591, 41.7944)),
                "spacing_km"),
        MapCase("spacing 1e-6", _grid(pointy % ("1.0e-6", 13.0591, 41.7944)), "spacing_km"),
        MapCase("spacing 0.5", _grid(pointy % ("0.5", 13.0591, 41.7944)), "spacing_km"),
        MapCase("spacing 1e300", _grid(pointy % ("1.0e+300", 13.0591, 41.7944)),
                "out of range"),
        MapCase("spacing 10,000", _grid(pointy % ("10000", 13.0591, 41.7944)), "spacing_km"),
        MapCase("spacing .nan", _grid(pointy % (".nan", 13.0591, 41.7944)), "not a number"),
        MapCase("spacing 5,000 digits", _grid(pointy % (digits, 13.0591, 41.7944)),
                "too long"),
        MapCase("origin 1e300", _grid(pointy % ("50", "1.0e+300", 41.7944)), "out of range"),
        MapCase("origin 1e-300, 1e8", _grid(pointy % ("50", "-1.0e-300", "1.0e+8")),
                "grid.origin"),
        MapCase("origin at the pole", _grid(pointy % ("50", 13.0591, 89.9)),
                "latitude -85 to 85"),
        MapCase("origin beyond the date line", _grid(pointy % ("50", 400, 41.7944)),
                "longitude -180 to 180"),
        MapCase("projection at the pole", _replace("lat0: 42.0", "lat0: 90"),
                "projection.lat0"),
        MapCase("a board 100,000 hexes wide", _replace('at: "-5,-8"', 'at: "-99999,-8"'),
                "spans at most"),
        MapCase("alias bomb", _write(MAP, alias_bomb), "anchors and aliases"),
        MapCase("nesting 50,000 deep", _write(MAP, flow_nesting(50_000)),
                "nested too deeply"),
        MapCase("a city's name holding a NUL", _replace("name: Torino", 'name: "Tor\\0ino"'),
                "NUL"),
        MapCase("300 cities", _write(MAP, lambda: _text(MAP).replace("cities:\n", "cities:\n" + "".join(
            f'  - {{name: x{k}, at: "{k},40", colour: red, number: 1}}\n'
            for k in range(300)), 1)), "needs at most 200 items"),
        MapCase("30,000 hexes", _write(MAP, lambda: _text(MAP).replace("hexes:\n", "hexes:\n" + "".join(
            f'  - {{at: "{k % 300},{50 + k // 300}"}}\n' for k in range(30_000)), 1)),
            "needs at most 20000 items"),
        MapCase("background a FIFO", _special("fifo"), "not a regular file"),
        MapCase("background a folder", _special("dir"), "not a regular file"),
        MapCase("background /dev/zero", _special("zero"), "not a regular file"),
        MapCase("background 20 MB", _write(GEO, b" " * (20 << 20)), "too large"),
        MapCase("background not there", _replace("background: steam-italia.geojson",
                                                 "background: elsewhere.geojson"),
                "no such file"),
        MapCase("background 1e308 coordinates", _write(GEO, _background(_far_point(1e308))),
                "out of range"),
        MapCase("background 1e6 coordinates", _write(GEO, _background(_far_point(1e6))), ""),
        MapCase("background with an island at the far north", _write(GEO, _background(
            _far_island)), ""),
        MapCase("background nesting 100,000 deep", _write(GEO, "[" * 100_000 + "]" * 100_000),
                "nested too deeply"),
        MapCase("background alias of 5,000-digit numbers", _write(
            GEO, '{"type": "FeatureCollection", "features": [' + digits + "]}"), "too long"),
        MapCase("a spacing of 1 km (the least)", _grid(pointy % ("1", 13.0591, 41.7944)), ""),
        MapCase("a spacing of 1,000 km (the most)", _grid(pointy % ("1000", 13.0591, 41.7944)),
                ""),
    ]
    return cases


# -- random mutations ---------------------------------------------------------------------------

_TOKENS = ["&a ", "*a ", ".nan", ".inf", "1.0e+300", "-1.0e-300", "1e400", "\0", "\ud800",
           "[" * 40, "{" * 40, "99999", "-99999", "0", "'", '"', "\t", "!!python/object ",
           "x" * 5000, "9" * 60]
_VALUES: list[Any] = [None, "", 0, -1, 1e-300, 1e300, 1e308, -1e308, 0.5, 99999, "99999,0",
                      "x" * 100, [], {}, [1, 2], {"a": 1}, True, "steam", "0..99999,0"]


def _mutate_text(rng: random.Random, text: str) -> str:
    if not text:
        return rng.choice(_TOKENS)
    at = rng.randrange(len(text))
    how = rng.randrange(5)
    if how == 0:  # a hostile token in
        return text[:at] + rng.choice(_TOKENS) + text[at:]
    if how == 1:  # cut short
        return text[:at]
    if how == 2:  # a run removed
        return text[:at] + text[at + rng.randrange(1, 200):]
    if how == 3:  # a run repeated
        run = text[at:at + rng.randrange(1, 300)]
        return text[:at] + run * rng.choice([2, 10, 1000]) + text[at:]
    chars = list(text)  # characters changed
    for _ in range(rng.randrange(1, 20)):
        chars[rng.randrange(len(chars))] = chr(rng.randrange(1, 0x3000))
    return "".join(chars)


def _paths(node: Any, prefix: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    out = [prefix]
    if isinstance(node, dict):
        for k, v in node.items():
            out += _paths(v, (*prefix, k))
    elif isinstance(node, list):
        for i, v in enumerate(node[:60]):
            out += _paths(v, (*prefix, i))
    return out


def _mutate_data(rng: random.Random, data: Any) -> Any:
    data = copy.deepcopy(data)
    for _ in range(rng.choice([1, 1, 2, 3])):
        where = rng.choice(_paths(data)[1:] or [()])
        if not where:
            continue
        parent = data
        for k in where[:-1]:
            parent = parent[k]
        key = where[-1]
        how = rng.randrange(3)
        if how == 0:
            parent[key] = rng.choice(_VALUES)
        elif how == 1 and isinstance(parent, dict):
            del parent[key]
        elif how == 1 and isinstance(parent, list):
            parent.pop(key)
        else:
            parent[key] = [parent[key]] * rng.choice([2, 50]) if rng.random() < 0.5 \
                else {"k": parent[key]}
    return data


class _Bases:
    def __init__(self) -> None:
        import yaml

        self.text = {name: _text(name) for name in (MAP, GEO)}
        self.data = {MAP: yaml.safe_load(self.text[MAP]), GEO: json.loads(self.text[GEO])}


def mutant(bases: _Bases, seed: int, index: int) -> MapCase:
    """The ``index``-th random mutation of seed ``seed`` (the same case every time)."""
    import yaml

    rng = random.Random(seed * 1_000_003 + index)
    name = rng.choices([MAP, GEO], weights=[75, 25])[0]
    if rng.random() < 0.5:
        text = bases.text[name]
        for _ in range(rng.choice([1, 1, 2])):
            text = _mutate_text(rng, text)
        how = "text"
    else:
        data = _mutate_data(rng, bases.data[name])
        how = "data"
        text = json.dumps(data) if name == GEO else yaml.safe_dump(
            data, sort_keys=False, allow_unicode=True, width=100)
    return MapCase(f"mutant {index} ({how}, {name})",
                   _write(name, text.encode("utf-8", "surrogatepass")))


# -- checking -----------------------------------------------------------------------------------


def check_map(path: str) -> dict[str, Any]:
    """Load a Steam map as validate-map, New game and a save's world do, then draw it as the
    menu, the Load screen and the game screen at its closest zoom do (in the child)."""
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    import pygame

    from rail_app.core.mapfile import MapError
    from rail_app.games.steam.ui import maprender as mr
    from rail_app.games.steam.ui.front import FRONT

    try:
        board = FRONT.picture_board(Path(path))
    except MapError as exc:
        return {"result": "refused", "count": len(exc.problems),
                "problems": [str(p) for p in exc.problems[:40]]}
    pygame.init()
    FRONT.backdrop(board, (640, 720))
    FRONT.thumbnail(board, {"track": [[h.key for h in board[0].hexes[:5]]]}, [(0, 0, 0)],
                    (64, 72))
    b, bg = board
    x0, y0, x1, y1 = mr.board_bounds(b)
    scale = 6.0 * 1920 / max(x1 - x0, y1 - y0)  # the game screen's closest zoom
    surface = pygame.Surface((1480, 956))
    for cx, cy in ((x0, y0), ((x0 + x1) / 2, (y0 + y1) / 2), (x1, y1)):
        mr.draw_map(surface, mr.View(scale, cx - 740 / scale, cy - 478 / scale), b, bg)
    return {"result": "accepted", "detail": f"{len(b.hexes)} hexes"}


def warm() -> None:
    """Import and prepare in the parent what every child uses."""
    import jsonschema

    from rail_app.games.steam.rules.mapfile import steam_schema
    from rail_app.games.steam.ui import maprender  # noqa: F401

    jsonschema.Draft7Validator(steam_schema())


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
                     "steam-fuzz-maps-", timeout, progress)


__all__ = ["LONG_COUNT", "SHORT_COUNT", "check_map", "hostile_cases", "mutant", "passed",
           "run"]
