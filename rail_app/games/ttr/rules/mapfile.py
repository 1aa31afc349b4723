"""Reading a Ticket to Ride map file: YAML through the guarded reader, the JSON Schema
(``maps/ttr-schema.json``, draft-07), then what a schema cannot check (T-M1-T-M10, D-19,
D-33, D-36).

Every mistake becomes a :class:`MapProblem` written ``file:line: key: value: message``
(``maps/x.yaml:80: routes[3].to: 'Pariss': unknown city (did you mean 'Paris'?)``); all the
problems found are reported together. What is refused:

- the schema: an unknown or missing key, a value of the wrong type, a colour or kind not
  in the game, a length missing from the route scoring table (T-M9);
- cities: a name given twice, a position off the board;
- routes: an unknown city, a route from a city to itself, a coloured ferry (T-M2), a ferry
  without locomotive symbols or with more symbols than spaces (T-F1), symbols on a route
  that is no ferry (a tunnel with them would be both, D-36), two lanes of one pair that
  name no double route, a double route that is not two lanes of the same two cities and
  length (T-M3, D-19), a city with fewer than two neighbours, a network in pieces;
- the drawing: a line that does not run from its first city to its second, two lines that
  cross, a line passing over a third city;
- the terrain (the ``background``): a tunnel whose line crosses no mountain range (T-T1),
  a ferry whose line hardly crosses water, another route whose line runs over open sea
  (T-F1);
- tickets: an unknown city, a ticket from a city to itself, a value that is not the
  shortest path between its cities in spaces (D-33), a ticket given twice (either way
  round), decks other than 6 long and 40 regular tickets (T-M6).
"""

from __future__ import annotations

import json
import os
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from shapely import STRtree
from shapely.geometry import LineString, Point
from shapely.geometry.base import BaseGeometry

from rail_app.core.mapfile import (
    LineIndex,
    MapError,
    MapProblem,
    describe_path,
    keyed_problem,
    keyed_schema_problems,
    read_yaml,
    suggest,
)
from rail_app.core.paths import resource_path
from rail_app.games.ttr.rules.background import Background, load_background
from rail_app.games.ttr.rules.board import (
    LONG_TICKETS,
    REGULAR_TICKETS,
    Board,
    City,
    Colour,
    Projection,
    Route,
    RouteKind,
    Ticket,
    all_distances,
    make_board,
)

__all__ = ["MapError", "MapProblem", "load_board", "parse_data"]

PathKey = tuple[str | int, ...]

#: A line's ends must lie this close to its cities' positions (mm).
END_TOLERANCE = 0.5
#: A line may pass no closer than this to a third city (mm): it would seem to stop there.
CLEARANCE = 6.0
#: The disc around each end city left out when a tunnel's mountains are measured (mm).
CITY_DISC = 8.0
#: A tunnel's line runs this far (mm) inside a mountain range, away from its cities.
TUNNEL_MOUNTAIN_MM = 5.0
#: A ferry's line runs over water for at least this share of its length...
FERRY_MIN_WATER = 0.25
#: ... and any other route's line for less than this share.
LAND_MAX_WATER = 0.30


# -- problems -----------------------------------------------------------------------------------


class Problems:
    """The problems of one map file, each ``file:line: key: value: message``."""

    def __init__(self, shown: str, index: LineIndex) -> None:
        self.shown = shown
        self.index = index
        self.found: list[MapProblem] = []

    def add(self, path: Sequence[str | int], value: object, message: str, *,
            show_value: bool = True) -> None:
        self.found.append(keyed_problem(self.shown, self.index, path, value, message,
                                        show_value=show_value))

    def raise_if_any(self) -> None:
        if self.found:
            raise MapError(sorted(self.found, key=lambda p: p.line or 0))


_SCHEMA: dict[str, Any] | None = None


def ttr_schema() -> dict[str, Any]:
    """``maps/ttr-schema.json``, read once."""
    global _SCHEMA
    if _SCHEMA is None:
        _SCHEMA = json.loads(resource_path("maps", "ttr-schema.json").read_text(encoding="utf-8"))
    return _SCHEMA


# -- reading ----------------------------------------------------------------------------------


def load_board(path: str | os.PathLike[str], shown: str | None = None) -> Board:
    """A Ticket to Ride map file as a :class:`Board`; :class:`MapError` lists every
    mistake."""
    shown = str(path) if shown is None else shown
    data, index = read_yaml(Path(path), shown)
    return parse_data(data, index, shown, Path(path))


def parse_data(data: Any, index: LineIndex, shown: str, path: Path | None) -> Board:
    """A board from a map's parsed YAML (``path``: the map file, beside which its background
    lies; None: no background is read)."""
    problems = Problems(shown, index)
    if not isinstance(data, dict):
        raise MapError([MapProblem(shown, 1, "a Ticket to Ride map is a mapping of keys, "
                                             "starting with 'game: ttr'")])
    if "game" not in data:
        raise MapError([MapProblem(shown, 1, "game: missing key 'game': this looks like an "
                                             "Italian Rails map (a Ticket to Ride map starts "
                                             "with 'game: ttr')")])
    problems.found += keyed_schema_problems(data, ttr_schema(), index, shown)
    problems.raise_if_any()
    board = _build(data, problems, shown)
    problems.raise_if_any()
    assert board is not None
    _check_drawing(board, problems)
    background = None
    if "background" in data and path is not None:
        background = load_background(data["background"], path, shown, board.projection,
                                     index.line_of(("background",)))
    _check_terrain(board, background, problems)
    problems.raise_if_any()
    return board


def _build(data: dict[str, Any], problems: Problems, shown: str) -> Board | None:
    size = (float(data["board"]["width"]), float(data["board"]["height"]))
    pr = data["projection"]
    projection = Projection(float(pr["lon0"]), float(pr["lat0"]), float(pr["lat1"]),
                            float(pr["lat2"]), float(pr["mm_per_km"]),
                            (float(pr["origin"][0]), float(pr["origin"][1])))
    # cities
    cities: list[City] = []
    names: dict[str, int] = {}
    for i, item in enumerate(data["cities"]):
        name = item["name"]
        if name in names:
            problems.add(("cities", i, "name"), name,
                         f"two cities share this name (cities[{names[name]}])")
            continue
        x, y = float(item["at"][0]), float(item["at"][1])
        if not (0 <= x <= size[0] and 0 <= y <= size[1]):
            problems.add(("cities", i, "at"), item["at"],
                         f"off the board ({size[0]:g} x {size[1]:g} mm)")
        names[name] = len(cities)
        cities.append(City(len(cities), name, item["es"], item["en"], float(item["lon"]),
                           float(item["lat"]), (x, y), str(item.get("region", ""))))

    def city_of(path: PathKey, value: str) -> int | None:
        if value in names:
            return names[value]
        problems.add(path, value, f"unknown city{suggest(value, names)}")
        return None

    # routes
    routes: list[Route] = []
    by_pair: dict[tuple[int, int], list[int]] = {}
    route_path: list[int] = []  # the item of each route
    for i, item in enumerate(data["routes"]):
        a = city_of(("routes", i, "from"), item["from"])
        b = city_of(("routes", i, "to"), item["to"])
        if a is None or b is None:
            continue
        if a == b:
            problems.add(("routes", i, "to"), item["to"], "a route joins two different cities")
            continue
        colour = Colour(item["colour"])
        kind = RouteKind(item.get("kind", "ordinary"))
        length = int(item["length"])
        locos = int(item.get("locomotives", 0))
        if kind is RouteKind.FERRY:
            if colour is not Colour.GREY:
                problems.add(("routes", i, "colour"), item["colour"],
                             "a ferry is always grey (T-M2)")
            if locos < 1:
                problems.add(("routes", i), f"{item['from']}-{item['to']}",
                             "a ferry has at least one locomotive symbol: give it "
                             "'locomotives' (T-F1)")
            elif locos > length:
                problems.add(("routes", i, "locomotives"), locos,
                             f"more locomotive symbols than spaces ({length}) (T-F1)")
        elif locos > 0:
            if kind is RouteKind.TUNNEL:
                problems.add(("routes", i, "locomotives"), locos,
                             "a tunnel with locomotive symbols would be a ferry too: a route "
                             "is never both (D-36)")
            else:
                problems.add(("routes", i, "locomotives"), locos,
                             "only a ferry has locomotive symbols (T-F1): write 'kind: ferry'")
        line = tuple((float(p[0]), float(p[1])) for p in item["line"])
        route = Route(len(routes), a, b, colour, length, kind, locos, item.get("double"), line)
        by_pair.setdefault(route.ends, []).append(route.index)
        routes.append(route)
        route_path.append(i)

    # double routes (T-M3, D-19)
    doubles: dict[str, list[int]] = {}
    for r in routes:
        if r.double is not None:
            doubles.setdefault(r.double, []).append(r.index)
    for dname, lanes in doubles.items():
        first = routes[lanes[0]]
        if len(lanes) != 2:
            problems.add(("routes", route_path[lanes[0]], "double"), dname,
                         f"a double route is two lanes; {len(lanes)} name this one (T-M3)")
            continue
        other = routes[lanes[1]]
        where = ("routes", route_path[lanes[1]], "double")
        if other.ends != first.ends:
            problems.add(where, dname, f"its two lanes join different cities "
                                       f"(routes[{route_path[lanes[0]]}] joins "
                                       f"{cities[first.a].name} and {cities[first.b].name}): "
                                       "a double route joins the same two cities (T-M3)")
        elif other.length != first.length:
            problems.add(where, dname, f"its two lanes differ in length ({first.length} and "
                                       f"{other.length}): a double route has one length "
                                       "(T-M3)")
    for (a, b), lanes in by_pair.items():
        if len(lanes) > 2:
            problems.add(("routes", route_path[lanes[2]]), f"{cities[a].name}-{cities[b].name}",
                         f"{len(lanes)} routes join these two cities: at most two, a double "
                         "route (T-M3)")
        elif len(lanes) == 2:
            da, db = routes[lanes[0]].double, routes[lanes[1]].double
            if da is None or da != db:
                problems.add(("routes", route_path[lanes[1]]),
                             f"{cities[a].name}-{cities[b].name}",
                             "two routes join these two cities: name them as one double "
                             "route, the same 'double' on both (T-M3, D-19)")
    # every city at least two neighbours, one network (not said of a network with a route
    # left out: a mistake in one route would be blamed on its cities and tickets too)
    whole = not problems.found
    neighbours: list[set[int]] = [set() for _ in cities]
    for r in routes:
        neighbours[r.a].add(r.b)
        neighbours[r.b].add(r.a)
    for c in cities:
        if whole and len(neighbours[c.index]) < 2:
            problems.add(("cities", _item_of(data, c.name), "name"), c.name,
                         f"{len(neighbours[c.index])} neighbour"
                         f"{'' if len(neighbours[c.index]) == 1 else 's'}: every city needs at "
                         "least two (one route in would let its first claimer cut it off)")
    length_of = {r.ends: r.length for r in routes}
    dist = all_distances(len(cities), length_of)
    if whole and cities and any(d < 0 for d in dist[0]):
        apart = [cities[i].name for i, d in enumerate(dist[0]) if d < 0]
        problems.add(("routes",), None, f"the routes leave the map in pieces: no way from "
                                        f"{cities[0].name} to {', '.join(apart[:5])}"
                                        f"{'...' if len(apart) > 5 else ''}", show_value=False)
    # tickets (T-M6, D-33)
    tickets: list[Ticket] = []
    seen: dict[tuple[int, int], PathKey] = {}
    for deck, long, wanted in (("long", True, LONG_TICKETS),
                               ("regular", False, REGULAR_TICKETS)):
        items = data["tickets"][deck]
        if len(items) != wanted:
            problems.add(("tickets", deck), f"{len(items)} tickets",
                         f"the {deck} deck holds {wanted} tickets (T-M6)")
        for i, item in enumerate(items):
            a = city_of(("tickets", deck, i, "from"), item["from"])
            b = city_of(("tickets", deck, i, "to"), item["to"])
            if a is None or b is None:
                continue
            if a == b:
                problems.add(("tickets", deck, i, "to"), item["to"],
                             "a ticket joins two different cities")
                continue
            pair = (a, b) if a < b else (b, a)
            if pair in seen:
                problems.add(("tickets", deck, i), f"{item['from']}-{item['to']}",
                             f"the same two cities as {describe_path(seen[pair])}")
            seen.setdefault(pair, ("tickets", deck, i))
            value = int(item["value"])
            shortest = dist[a][b]
            if whole and shortest >= 0 and value != shortest:
                problems.add(("tickets", deck, i, "value"), value,
                             f"the shortest path between {item['from']} and {item['to']} is "
                             f"{shortest} spaces: a ticket is worth its shortest path (D-33)")
            tickets.append(Ticket(len(tickets), a, b, value, long))
    if problems.found:
        return None
    background = data.get("background")
    generator = data.get("generator", {})
    return make_board(
        name=data["name"], shown=shown, cities=cities, routes=routes, tickets=tickets,
        size=size, projection=projection, background=background,
        seed=generator.get("seed"), description=str(data.get("description", "")),
        attribution=tuple(data.get("attribution", ())))


def _item_of(data: dict[str, Any], name: str) -> int:
    return next(i for i, c in enumerate(data["cities"]) if c["name"] == name)


# -- the drawing ----------------------------------------------------------------------------


def _route_where(board: Board, route: Route) -> PathKey:
    return ("routes", route.index, "line")


def _label(board: Board, route: Route) -> str:
    return f"{board.cities[route.a].name}-{board.cities[route.b].name}"


def _check_drawing(board: Board, problems: Problems) -> None:
    """Lines from city to city, no two crossing, none over a third city."""
    lines: list[LineString] = []
    for r in board.routes:
        start, end = board.cities[r.a].at, board.cities[r.b].at
        for point, city, word in ((r.line[0], board.cities[r.a], "start"),
                                  (r.line[-1], board.cities[r.b], "end")):
            if abs(point[0] - city.at[0]) > END_TOLERANCE or abs(
                    point[1] - city.at[1]) > END_TOLERANCE:
                problems.add(_route_where(board, r), list(point),
                             f"the line must {word} at {city.name} {list(city.at)}")
        lines.append(LineString(r.line))
        _ = start, end
    tree = STRtree(lines)
    for i, j in zip(*tree.query(lines, predicate="intersects"), strict=True):
        i, j = int(i), int(j)
        if i >= j:
            continue
        ri, rj = board.routes[i], board.routes[j]
        hit: BaseGeometry = lines[i].intersection(lines[j])
        for c in {ri.a, ri.b} & {rj.a, rj.b}:
            hit = hit.difference(Point(board.cities[c].at).buffer(END_TOLERANCE))
        if not hit.is_empty:
            x, y = hit.representative_point().coords[0]
            problems.add(_route_where(board, rj), _label(board, rj),
                         f"crosses routes[{i}] {_label(board, ri)} near [{x:.0f}, {y:.0f}]: "
                         "no two routes cross on the board")
    cities = [Point(c.at) for c in board.cities]
    ctree = STRtree(cities)
    for r, line in zip(board.routes, lines, strict=True):
        for k in ctree.query(line, predicate="dwithin", distance=CLEARANCE):
            k = int(k)
            if k not in (r.a, r.b):
                problems.add(_route_where(board, r), _label(board, r),
                             f"passes over {board.cities[k].name} "
                             f"({line.distance(cities[k]):.1f} mm from it): a route runs "
                             f"{CLEARANCE:g} mm clear of the cities it does not join")


def water_share(line: LineString, background: Background) -> float:
    """The share of a line that lies over water (not over the background's dry land)."""
    if line.length <= 0:
        return 0.0
    dry = float(line.intersection(background.dry).length)
    return max(0.0, 1.0 - dry / float(line.length))


def mountain_crossing(route: Route, board: Board, background: Background
                      ) -> tuple[float, str]:
    """How far (mm) a route's line runs inside its longest-crossed mountain range, away from
    its two cities, and that range's family."""
    inner: BaseGeometry = LineString(route.line)
    for c in (route.a, route.b):
        inner = inner.difference(Point(board.cities[c].at).buffer(CITY_DISC))
    best = (0.0, "")
    for shape, geom in background.range_geoms:
        inside = inner.intersection(geom).length
        if inside > best[0]:
            best = (inside, shape.family)
    return best


def _check_terrain(board: Board, background: Background | None, problems: Problems) -> None:
    """Tunnels over mountains, ferries over water, other routes over land (needs the
    background)."""
    special = [r for r in board.routes if r.kind is not RouteKind.ORDINARY]
    if background is None:
        if special:
            problems.add(("background",), None, "missing: a map with ferries or tunnels names "
                                                "its background, where the checks find the "
                                                "water and the mountains", show_value=False)
        return
    for r in board.routes:
        line = LineString(r.line)
        water = water_share(line, background)
        if r.kind is RouteKind.FERRY and water < FERRY_MIN_WATER:
            problems.add(("routes", r.index, "kind"), "ferry",
                         f"{_label(board, r)} crosses water for {water:.0%} of its line: a "
                         f"ferry links two cities across water (T-F1, at least "
                         f"{FERRY_MIN_WATER:.0%})")
        elif r.kind is not RouteKind.FERRY and water >= LAND_MAX_WATER:
            problems.add(("routes", r.index, "kind"), r.kind.value,
                         f"{_label(board, r)} runs over open water for {water:.0%} of its line:"
                         " make it a ferry (T-F1) or draw it over land")
        if r.kind is RouteKind.TUNNEL:
            inside, _family = mountain_crossing(r, board, background)
            if inside < TUNNEL_MOUNTAIN_MM:
                problems.add(("routes", r.index, "kind"), "tunnel",
                             f"{_label(board, r)} crosses no mountain range of the background "
                             f"({inside:.1f} mm inside one, at least {TUNNEL_MOUNTAIN_MM:g}): "
                             "a tunnel goes through the mountains (T-T1)")
