"""Reading a Steam map file: YAML through the guarded reader, the JSON Schema
(``maps/steam-schema.json``, draft-07), then what a schema cannot check.

Every mistake becomes a :class:`MapProblem` written ``file:line: key: value: message``
(``maps/x.yaml:12: cities[2].colour: 'gray': not one of red, blue, yellow, purple (did you
mean 'grey'?)``), so that a person editing a map by hand finds it at once. All the problems
found are reported together.

The format is described key by key in the schema (editors show those descriptions); a map
says which game it is for with ``game: steam`` (a map without ``game`` is an Italian Rails
map and is refused here with that explanation).
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from rail_app.core import guarded
from rail_app.core.mapfile import (
    LineIndex,
    MapError,
    MapProblem,
    describe_path,
    load_schema,
    parse_yaml,
    suggest,
)
from rail_app.games.steam.rules.board import (
    COLOURS,
    Board,
    Colour,
    Components,
    Grid,
    Terrain,
    make_board,
)

PathKey = tuple[str | int, ...]
#: Hexes of one map, counted before any range is expanded.
MAX_HEXES = 20_000
#: S-I1: cubes per reserve space, and with 3 players.
RESERVE_CUBES = 3
RESERVE_CUBES_THREE = 2
PLAYER_COUNTS = (3, 4, 5, 6)

__all__ = ["MapError", "MapProblem", "load_board"]


# -- the schema ---------------------------------------------------------------------------------

def steam_schema() -> dict[str, Any]:
    """``maps/steam-schema.json``, read once."""
    return load_schema("steam-schema.json")


def _problem(shown: str, index: LineIndex, path: Sequence[str | int], value: object,
             message: str, *, show_value: bool = True) -> MapProblem:
    where = describe_path(path)
    text = f"{where}: {guarded.shorten(value)}: {message}" if show_value else f"{where}: {message}"
    return MapProblem(shown, index.line_of(path), text)


def schema_problems(data: Any, index: LineIndex, shown: str) -> list[MapProblem]:
    """Every schema violation, one per place, in the words of this project (a list longer
    than the schema allows: that alone, found before the rest is checked)."""
    from rail_app.core.mapfile import too_many_items

    long = too_many_items(data, steam_schema())
    if long:
        return [_problem(shown, index, p, value, f"needs at most {limit} items")
                for p, value, limit in long]
    import jsonschema  # imported when a map is read, not when the game starts
    import referencing

    # Self-contained schema: "$ref" resolves only inside it, never by fetching an address.
    validator = jsonschema.Draft7Validator(steam_schema(), registry=referencing.Registry())
    problems: list[MapProblem] = []
    seen: set[PathKey] = set()
    errors = sorted(validator.iter_errors(data), key=lambda e: [str(p) for p in e.absolute_path])
    for err in errors:
        best = jsonschema.exceptions.best_match([err])
        path: PathKey = tuple(best.absolute_path)
        if path in seen:
            continue
        seen.add(path)
        problems.append(_schema_problem(best, path, index, shown))
    return sorted(problems, key=lambda p: p.line or 0)


def _schema_problem(err: Any, path: PathKey, index: LineIndex, shown: str) -> MapProblem:
    kind = err.validator
    schema = err.schema if isinstance(err.schema, dict) else {}
    value = err.instance
    if kind == "additionalProperties" and isinstance(value, dict):
        allowed = list(schema.get("properties", {}))
        extra = [k for k in value if k not in allowed]
        if extra:
            return _problem(shown, index, (*path, str(extra[0])), extra[0],
                            f"unknown key{suggest(extra[0], allowed)}")
    if kind == "required":
        missing = [k for k in err.validator_value if isinstance(value, dict) and k not in value]
        name = missing[0] if missing else "?"
        return _problem(shown, index, path, None, f"missing key {name!r}", show_value=False)
    if kind == "enum":
        choices = [str(c) for c in err.validator_value]
        return _problem(shown, index, path, value,
                        f"not one of {', '.join(choices)}{suggest(value, choices)}")
    if kind == "const":
        return _problem(shown, index, path, value, f"must be {err.validator_value!r}")
    if kind == "type":
        return _problem(shown, index, path, value, f"must be {_a_type(err.validator_value)}")
    if kind == "pattern":
        what = schema.get("description", "the expected format")
        return _problem(shown, index, path, value, f"not written as expected: {what}")
    if kind in ("minimum", "exclusiveMinimum"):
        return _problem(shown, index, path, value, f"too small (at least {err.validator_value})")
    if kind == "maximum":
        return _problem(shown, index, path, value, f"too large (at most {err.validator_value})")
    if kind in ("minItems", "maxItems", "minLength", "maxLength"):
        word = "items" if "Items" in kind else "characters"
        bound = "at least" if kind.startswith("min") else "at most"
        return _problem(shown, index, path, value, f"needs {bound} {err.validator_value} {word}")
    if kind == "uniqueItems":
        return _problem(shown, index, path, value, "lists a value twice")
    return _problem(shown, index, path, value, guarded.clip(str(err.message)))


def _a_type(t: object) -> str:
    names = {"string": "text", "integer": "a whole number", "number": "a number",
             "boolean": "true or false", "object": "a mapping of keys", "array": "a list"}
    if isinstance(t, list):
        return " or ".join(names.get(str(x), str(x)) for x in t)
    return names.get(str(t), str(t))


# -- reading ------------------------------------------------------------------------------------

_RANGE = re.compile(r"^\s*(-?\d+)(?:\s*\.\.\s*(-?\d+))?\s*,\s*(-?\d+)(?:\s*\.\.\s*(-?\d+))?\s*$")


def _hex(text: str) -> tuple[int, int]:
    q, r = text.split(",")
    return int(q), int(r)


def load_board(path: str | Path, shown: str | None = None) -> Board:
    """A Steam map file as a :class:`Board`; :class:`MapError` lists every mistake."""
    shown = str(path) if shown is None else shown
    try:
        text = guarded.read_text(path, guarded.MAP, shown)
    except guarded.GuardError as exc:
        raise MapError([MapProblem(exc.file, exc.line, exc.message)]) from None
    return parse_board(text, shown, folder=Path(path).parent)


def parse_board(text: str, shown: str, folder: Path | None = None) -> Board:
    """A Steam map from its YAML text (``folder`` holds its background file)."""
    data, index = parse_yaml(text, shown)
    if not isinstance(data, dict):
        raise MapError([MapProblem(shown, 1, "a Steam map is a mapping of keys, starting with "
                                             "'game: steam'")])
    if "game" not in data:
        raise MapError([MapProblem(shown, 1, "game: missing key 'game': this looks like an "
                                             "Italian Rails map (a Steam map starts with "
                                             "'game: steam')")])
    problems = schema_problems(data, index, shown)
    if problems:
        raise MapError(problems)
    board, problems = _build(data, index, shown, folder)
    if problems:
        raise MapError(problems)
    assert board is not None
    return board


def _build(data: dict[str, Any], index: LineIndex, shown: str, folder: Path | None
           ) -> tuple[Board | None, list[MapProblem]]:
    problems: list[MapProblem] = []

    def bad(path: Sequence[str | int], value: object, message: str) -> None:
        problems.append(_problem(shown, index, path, value, message))

    owner: dict[tuple[int, int], PathKey] = {}  # who defined each hex (ranges aside)

    def claim(at: tuple[int, int], path: PathKey, value: object) -> bool:
        if at in owner:
            bad(path, value, f"hex {at[0]},{at[1]} is already given at {describe_path(owner[at])} "
                             f"(line {index.line_of(owner[at])})")
            return False
        owner[at] = path
        return True

    # ranges of plain hexes (checked for size before they are expanded)
    ranged: dict[tuple[int, int], PathKey] = {}
    total = 0
    for i, text in enumerate(data.get("plain", [])):
        m = _RANGE.match(text)
        assert m is not None  # the schema's pattern
        q1, q2 = int(m.group(1)), int(m.group(2) or m.group(1))
        r1, r2 = int(m.group(3)), int(m.group(4) or m.group(3))
        if q2 < q1 or r2 < r1:
            bad(("plain", i), text, "a range runs from the smaller number to the larger")
            continue
        total += (q2 - q1 + 1) * (r2 - r1 + 1)
        if total > MAX_HEXES:
            bad(("plain", i), text, f"too many hexes (a map has at most {MAX_HEXES:,})")
            return None, problems
        for q in range(q1, q2 + 1):
            for r in range(r1, r2 + 1):
                ranged.setdefault((q, r), ("plain", i))

    land: dict[tuple[int, int], tuple[int, int, Terrain, bool, bool, str]] = {}
    for i, item in enumerate(data.get("hexes", [])):
        at = _hex(item["at"])
        if claim(at, ("hexes", i, "at"), item["at"]):
            land[at] = (at[0], at[1], Terrain(item.get("terrain", "plain")),
                        bool(item.get("river", False)), bool(item.get("town", False)),
                        str(item.get("name", "")))
            if "name" in item and not item.get("town", False):
                bad(("hexes", i, "name"), item["name"], "only a town hex has a name here "
                                                        "(add 'town: true')")
    cities: list[tuple[str, int, int, Colour, int]] = []
    names: dict[str, int] = {}
    for i, item in enumerate(data["cities"]):
        at = _hex(item["at"])
        name = item["name"]
        if name in names:
            bad(("cities", i, "name"), name, f"two cities share this name (cities[{names[name]}])")
        names.setdefault(name, i)
        if claim(at, ("cities", i, "at"), item["at"]):
            cities.append((name, at[0], at[1], Colour(item["colour"]), int(item["number"])))
    sea: list[tuple[int, int]] = []
    for i, text in enumerate(data.get("sea", [])):
        at = _hex(text)
        if claim(at, ("sea", i), text):
            sea.append(at)
    for at in ranged:
        if at not in owner:
            land[at] = (at[0], at[1], Terrain.PLAIN, False, False, "")
    if len(land) + len(cities) > MAX_HEXES:
        bad((), None, f"too many hexes (a map has at most {MAX_HEXES:,})")
    hexes_at = set(land) | {(q, r) for _, q, r, _, _ in cities}
    sea_set = set(sea)

    walls: list[tuple[tuple[int, int], tuple[int, int]]] = []
    for i, pair in enumerate(data.get("impassable", [])):
        a, b = _hex(pair[0]), _hex(pair[1])
        ok = True
        for j, (end, text) in enumerate(((a, pair[0]), (b, pair[1]))):
            if end not in hexes_at:
                bad(("impassable", i, j), text,
                    "a sea hex: every side facing it is impassable already" if end in sea_set
                    else "not a hex of the map")
                ok = False
        if ok and (b[0] - a[0], b[1] - a[1]) not in _DIRS:
            bad(("impassable", i), pair, "the two hexes are not neighbours")
            ok = False
        if ok:
            walls.append((a, b))

    reserve = int(data.get("reserve_spaces", 12))
    changes: list[tuple[int, int]] = []
    seen_counts: dict[int, int] = {}
    for i, item in enumerate(data.get("cube_changes", [])):
        n = int(item["players"])
        if n in seen_counts:
            bad(("cube_changes", i, "players"), n,
                f"a second change for {n} players (cube_changes[{seen_counts[n]}])")
        seen_counts.setdefault(n, i)
        changes.append((n, int(item["per_city"])))
    comp_data = data.get("components", {})
    base = Components()
    cubes = _per_colour(comp_data.get("cubes", {}), base.cubes)
    new_cities = _per_colour(comp_data.get("new_cities", {}), base.new_cities)
    components = Components(cubes, new_cities, int(comp_data.get("urban_growth",
                                                                 base.urban_growth)))

    # S-I1: the set-up must find its cubes in the bag, for every player count.
    bag = sum(cubes)
    for n in PLAYER_COUNTS:
        change = dict(changes).get(n, 0)
        on_cities = sum(max(0, number + change) for _, _, _, _, number in cities)
        per_space = RESERVE_CUBES_THREE if n == 3 else RESERVE_CUBES
        need = on_cities + reserve * per_space
        if need > bag:
            where: PathKey = ("reserve_spaces",) if "reserve_spaces" in data else ("cities",)
            problems.append(MapProblem(
                shown, index.line_of(where),
                f"{describe_path(where)}: the set-up with {n} players needs {need} cubes (cities "
                f"{on_cities} + {reserve} reserve spaces x {per_space}) but the bag holds "
                f"{bag} (S-I1)"))
            break

    background = data.get("background")
    if background is not None:
        if not guarded.plain_file_name(background):
            bad(("background",), background, "a plain file name beside the map")
        elif folder is not None and not guarded.is_file(folder / background):
            bad(("background",), background, "not a regular file beside the map (a folder, a "
                "device or a pipe)" if guarded.lexists(folder / background)
                else "no such file beside the map")
    grid_data = data["grid"]
    proj = data.get("projection", {"type": "plane"})
    grid = Grid(grid_data["orientation"], float(grid_data["spacing_km"]),
                (float(grid_data["origin"][0]), float(grid_data["origin"][1])),
                proj["type"], float(proj.get("lon0", 0.0)), float(proj.get("lat0", 0.0)))
    problems += _grid_problems(grid, [*land, *((q, r) for _, q, r, _, _ in cities), *sea],
                               shown, index)
    if problems:
        return None, problems
    board = make_board(
        name=data["name"], shown=shown, grid=grid, land=list(land.values()), cities=cities,
        impassable=walls, sea=sea, reserve_spaces=reserve,
        recommended=tuple(data.get("recommended_players", (3, 4, 5))),
        cube_changes=tuple(changes), components=components, background=background,
        description=str(data.get("description", "")))
    return board, problems


_DIRS = {(1, 0), (0, 1), (-1, 1), (-1, 0), (0, -1), (1, -1)}
#: The widest a board may be, east to west or north to south (the Earth's circumference):
#: every picture of the map fits it to its size, so its numbers stay within what a screen
#: can draw.
MAX_SPAN_KM = 40_000.0


def _grid_problems(grid: Grid, hexes: Sequence[tuple[int, int]], shown: str,
                   index: LineIndex) -> list[MapProblem]:
    """What the schema cannot check of the grid: an equirectangular origin that is a place
    on the Earth, and a board (its hexes, the sea's among them) no wider or taller than
    :data:`MAX_SPAN_KM`."""
    if grid.projection == "equirectangular":
        lon, lat = grid.origin
        if not (-180.0 <= lon <= 180.0 and -85.0 <= lat <= 85.0):
            return [MapProblem(shown, index.line_of(("grid", "origin")),
                               f"grid.origin: [{lon:g}, {lat:g}]: with an equirectangular "
                               "projection the origin is [longitude, latitude] in degrees "
                               "(longitude -180 to 180, latitude -85 to 85)")]
    if not hexes:
        return []
    layout = grid.layout()
    xs, ys = zip(*(layout.to_xy(q, r) for q, r in hexes), strict=True)
    wide, tall = max(xs) - min(xs), max(ys) - min(ys)
    if wide > MAX_SPAN_KM or tall > MAX_SPAN_KM:
        return [MapProblem(shown, index.line_of(("grid",)),
                           f"grid: the board spans {wide:,.0f} km by {tall:,.0f} km; a board "
                           f"spans at most {MAX_SPAN_KM:,.0f} km each way (fewer hexes, or "
                           "a smaller spacing_km)")]
    return []


def _per_colour(raw: dict[str, int], base: tuple[int, int, int, int, int]
                ) -> tuple[int, int, int, int, int]:
    values = [raw.get(str(c), b) for c, b in zip(COLOURS, base, strict=True)]
    return (values[0], values[1], values[2], values[3], values[4])


#: The printed colours of cities (grey is a New City's).
PRINTED = (Colour.RED, Colour.BLUE, Colour.YELLOW, Colour.PURPLE)


def summary(board: Board) -> dict[str, Any]:
    """What a map holds, for ``validate-map`` (its ``--json`` keys): hexes, land hexes,
    cities in all and per colour, the cubes they get at set-up, towns, hills, rivers, sea
    hexes and impassable sides (between two hexes, and at the board's edge or the sea)."""
    city_hexes = {c.hex for c in board.cities}
    land = [h for h in board.hexes if h.index not in city_hexes]
    between = edge = 0
    for h in board.hexes:
        for side in range(6):
            if not board.blocked[h.index][side]:
                continue
            n = board.nb[h.index][side]
            if n < 0:
                edge += 1
            elif n > h.index:
                between += 1
    out: dict[str, Any] = {
        "name": board.name,
        "hexes": len(board.hexes),
        "cities": len(board.cities),
    }
    for colour in PRINTED:
        out[str(colour)] = sum(1 for c in board.cities if c.colour is colour)
    out.update({
        "printed_cubes": sum(c.number for c in board.cities),
        "reserve_spaces": board.reserve_spaces,
        "towns": sum(1 for h in land if h.town),
        "hills": sum(1 for h in land if h.terrain is Terrain.HILL),
        "rivers": sum(1 for h in land if h.river),
        "sea_hexes": len(board.sea),
        "impassable_sides": between,
        "edge_sides": edge,
    })
    return out
