"""The Ticket to Ride board and its queries (T-M1-T-M3, T-M6, T-M9, D-1, D-3, D-19, D-33):
a small hand-made map whose answers are known, and the map of Europe."""

from __future__ import annotations

from functools import cache
from pathlib import Path

import pytest

from rail_app.games.ttr.rules.board import (
    CARD_COLOURS,
    LENGTHS,
    ROUTE_POINTS,
    Board,
    Colour,
    RouteKind,
)
from rail_app.games.ttr.rules.mapfile import load_board

ROOT = Path(__file__).resolve().parents[3]
EUROPE = ROOT / "maps" / "ttr-europe.yaml"

#: Four cities in a square with a diagonal: A-B 2 (a double), B-C 3, C-D 1, D-A 4, A-C 8.
SQUARE = """game: ttr
name: Square
board: {width: 200, height: 200}
projection: {type: lambert-conic, lon0: 0, lat0: 45, lat1: 40, lat2: 50, mm_per_km: 0.2, origin: [100, 100]}
cities:
  - {name: A, es: Ae, en: Ay, lon: 0, lat: 45, at: [20, 20]}
  - {name: B, es: Be, en: Bee, lon: 1, lat: 45, at: [180, 20]}
  - {name: C, es: Ce, en: Cee, lon: 1, lat: 44, at: [180, 180]}
  - {name: D, es: De, en: Dee, lon: 0, lat: 44, at: [20, 180]}
routes:
  - {from: A, to: B, colour: red, length: 2, double: A-B, line: [[20, 20], [100, 16], [180, 20]]}
  - {from: A, to: B, colour: blue, length: 2, double: A-B, line: [[20, 20], [100, 24], [180, 20]]}
  - {from: B, to: C, colour: grey, length: 3, line: [[180, 20], [180, 180]]}
  - {from: C, to: D, colour: green, length: 1, line: [[180, 180], [20, 180]]}
  - {from: D, to: A, colour: white, length: 4, line: [[20, 180], [20, 20]]}
  - {from: A, to: C, colour: black, length: 8, line: [[20, 20], [180, 180]]}
tickets:
  long: [{from: A, to: C, value: 5}, {from: B, to: D, value: 4}]
  regular: [{from: A, to: B, value: 2}, {from: C, to: D, value: 1}]
"""


@cache
def europe() -> Board:
    return load_board(EUROPE)


def square(tmp_path: Path) -> Board:
    """The square (its decks are not 6 + 40: read without that check)."""
    from rail_app.games.ttr.rules import mapfile

    path = tmp_path / "square.yaml"
    path.write_text(SQUARE, encoding="utf-8")
    saved = mapfile.LONG_TICKETS, mapfile.REGULAR_TICKETS
    try:
        mapfile.LONG_TICKETS, mapfile.REGULAR_TICKETS = 2, 2
        return load_board(path)
    finally:
        mapfile.LONG_TICKETS, mapfile.REGULAR_TICKETS = saved


def test_T_M9_D_1_route_scoring_table() -> None:
    """T-M9 (D-1): the published route scoring table, every entry; no length 7."""
    assert dict(ROUTE_POINTS) == {1: 1, 2: 2, 3: 4, 4: 7, 5: 10, 6: 15, 8: 21}
    assert LENGTHS == (1, 2, 3, 4, 5, 6, 8)


def test_D_3_colours() -> None:
    """D-3: eight card colours in the rulebook's order, grey a route colour only."""
    assert [c.value for c in CARD_COLOURS] == ["purple", "blue", "orange", "white", "green",
                                               "yellow", "black", "red"]
    assert Colour.GREY not in CARD_COLOURS


def test_T_M1_cities_routes_and_names(tmp_path: Path) -> None:
    """T-M1: cities joined by routes with a colour and a length; each city's names."""
    b = square(tmp_path)
    a = b.city("A")
    assert (a.index, a.name_es, a.name_en, a.display("es"), a.display("en")) == (
        0, "Ae", "Ay", "Ae", "Ay")
    assert b.neighbours(0) == (1, 2, 3)
    assert sorted(b.routes_at(1)) == [0, 1, 2]
    route = b.routes[5]
    assert (route.colour, route.length, route.points, route.kind) == (
        Colour.BLACK, 8, 21, RouteKind.ORDINARY)
    assert route.other(0) == 2 and route.ends == (0, 2)
    with pytest.raises(KeyError):
        b.city("E")


def test_T_M3_D_19_double_routes(tmp_path: Path) -> None:
    """T-M3, D-19: a double route is the two lanes the map names; each is the other's
    partner; a single route has none."""
    b = square(tmp_path)
    assert b.routes_between(0, 1) == (0, 1) == b.routes_between(1, 0)
    assert b.partner(0) == 1 and b.partner(1) == 0 and b.partner(2) is None
    assert [(d.name, d.routes) for d in b.doubles] == [("A-B", (0, 1))]
    assert b.routes_between(1, 3) == () and b.pair_length(1, 3) == 0
    assert b.pairs == ((0, 1), (0, 2), (0, 3), (1, 2), (2, 3))


def test_D_33_shortest_paths(tmp_path: Path) -> None:
    """D-33: the distance in spaces over every route, one shortest path, the pairs every
    shortest path uses."""
    b = square(tmp_path)
    assert b.distance(0, 2) == 5  # A-B-C (2 + 3), not the 8 nor A-D-C (4 + 1)... equal!
    assert b.distance(0, 3) == 4 and b.distance(1, 3) == 4
    assert b.shortest_path(0, 2) in ((0, 1, 2), (0, 3, 2))
    # A to C: two shortest paths, no pair on both; B to D: B-C-D (4) and B-A-D (6): forced
    assert b.forced_pairs(0, 2) == frozenset()
    assert b.forced_pairs(1, 3) == frozenset({(1, 2), (2, 3)})
    assert [t.value for t in b.long_tickets] == [5, 4]
    assert all(t.value == b.distance(t.a, t.b) for t in b.tickets)


def test_europe_queries_agree() -> None:
    """On the map of Europe: distances symmetric, every shortest path as long as the
    distance, every double's lanes partners, decks of 6 long and 40 regular (T-M6)."""
    b = europe()
    n = len(b.cities)
    for a in range(n):
        for c in range(n):
            assert b.distance(a, c) == b.distance(c, a) >= (a != c)
    for a, c in ((0, n - 1), (5, 30), (12, 40)):
        path = b.shortest_path(a, c)
        assert path[0] == a and path[-1] == c
        assert sum(b.pair_length(x, y) for x, y in zip(path, path[1:], strict=False)) == \
            b.distance(a, c)
        for x, y in b.forced_pairs(a, c):
            assert x in path and y in path
    for d in b.doubles:
        one, two = d.routes
        assert b.partner(one) == two and b.partner(two) == one
        assert b.routes[one].ends == b.routes[two].ends
    assert len(b.long_tickets) == 6 and len(b.regular_tickets) == 40
    assert all(len(b.neighbours(c)) >= 2 for c in range(n))


def test_figures_of_the_square(tmp_path: Path) -> None:
    """The figures a map author reads, on a map whose answers are known: no bridge in the
    square; without the diagonal and C-D the map is a line D-A=B-C, and each of its three
    pairs cuts it (the double A-B too: a double counts once)."""
    from dataclasses import replace

    from rail_app.games.ttr.rules.board import make_board
    from rail_app.games.ttr.rules.figures import figures

    b = square(tmp_path)
    f = figures(b)
    assert (f.cities, f.pairs, f.lanes, f.spaces, f.spaces_one_lane) == (4, 5, 6, 20, 18)
    assert (f.bridges, f.diameter, f.doubles, f.degree_min, f.degree_max) == (0, 5, 1, 2, 3)
    assert f.lane_lengths == {1: 1, 2: 2, 3: 1, 4: 1, 8: 1}
    assert f.colour_repeats == 0 and f.wrong_values == 0
    kept = [r for r in b.routes if r.ends not in ((0, 2), (2, 3))]
    line = make_board(name="line", shown="line", cities=b.cities,
                      routes=[replace(r, index=i) for i, r in enumerate(kept)], tickets=(),
                      size=b.size, projection=b.projection)
    g = figures(line)
    assert (g.pairs, g.bridges, g.diameter) == (3, 3, 9)
