"""The Board on the hand-made mini map: dots, costs, crossings and forbidden segments (B1-B6)."""

from __future__ import annotations

from pathlib import Path

import pytest

from rail_app.core import hexgrid
from rail_app.games.italian_rails.rules.board import Board, load_board

MINI = Path(__file__).resolve().parents[3] / "maps" / "test" / "mini.yaml"


@pytest.fixture(scope="module")
def board() -> Board:
    return load_board(MINI)


def _edges_crossing(board: Board, kind: str, name: str) -> list[tuple[int, int]]:
    return [e.key for e in board.edges.values()
            if any(c.kind == kind and c.name == name for c in e.crossings)]


def test_B1_terrain_costs(board: Board) -> None:
    costs = board.rules.terrain_costs
    for d in board.dots:
        assert board.dot_cost[d.id] == costs[d.terrain]
    kinds = {d.terrain for d in board.dots}
    assert {"plain", "mountain", "alpine", "small", "medium", "major"} <= kinds
    # the per-dot override makes 3,5 a mountain
    assert board.dots[board.dot("3,5")].terrain == "mountain"


def test_B1_dots_are_on_land_only(board: Board) -> None:
    land = board.geometry.union("land")
    lake = board.geometry.union("lake")
    import shapely

    for d in board.dots:
        if d.terrain == "major":
            continue  # a major city's seven dots always exist (B4)
        p = shapely.Point(d.x, d.y)
        assert land.contains(p) and not lake.contains(p), d.key


def test_B2_river_crossing_adds_two_to_the_dot_drawn_to(board: Board) -> None:
    edges = _edges_crossing(board, "river", "Fiume")
    assert edges
    for a, b in edges:
        e = board.edges[(a, b)]
        assert e.crossing_cost == 2
        assert board.build_cost(a, b) == board.dot_cost[b] + 2
        assert board.build_cost(b, a) == board.dot_cost[a] + 2


def test_B2_lake_and_inlet_crossings_add_three(board: Board) -> None:
    for kind, name in (("lake", "Lago"), ("inlet", "Laguna")):
        edges = _edges_crossing(board, kind, name)
        assert edges, kind
        for a, b in edges:
            assert board.build_cost(a, b) == board.dot_cost[b] + 3


def test_B2_river_system_is_kept_for_floods(board: Board) -> None:
    crossing = board.edges[_edges_crossing(board, "river", "Fiume")[0]].crossings[0]
    assert crossing.system == "Grande"


def test_B3_border_and_open_sea_are_forbidden(board: Board) -> None:
    border = [e for e in board.edges.values() if e.forbidden and "Swiss" in e.forbidden]
    sea = [e for e in board.edges.values() if e.forbidden == "runs over open sea"]
    assert border and sea
    assert all(not board.graph.has_edge(e.a, e.b) for e in border + sea)


def test_B3_strait_is_legal_at_lake_cost(board: Board) -> None:
    straits = _edges_crossing(board, "strait", "Stretto")
    assert len(straits) == 1
    a, b = straits[0]
    e = board.edges[(a, b)]
    assert e.forbidden is None
    assert board.build_cost(a, b) == board.dot_cost[b] + board.rules.crossing_costs["strait"]


def test_B4_major_cities_have_seven_dots_and_free_inner_track(board: Board) -> None:
    for city in board.majors:
        assert len(city.dots) == 7
        centre = board.dots[city.centre]
        assert {(board.dots[d].q, board.dots[d].r) for d in city.outer} == set(
            hexgrid.neighbours(centre.q, centre.r))
        inner = [e for e in board.edges.values()
                 if e.a in city.dots and e.b in city.dots]
        assert len(inner) == 12  # six spokes and six rim segments
        assert all(e.free and board.build_cost(e.a, e.b) == 0 for e in inner)


def test_B5_every_city_has_one_known_commodity(board: Board) -> None:
    for city in board.city_list:
        assert city.commodity in board.commodities
        assert board.dots[city.centre].city == city.name


def test_B6_ferry_joins_two_coastal_ports(board: Board) -> None:
    (ferry,) = board.ferries
    assert (ferry.high, ferry.low) == (8, 4)
    assert all(board.dots[p].coastal for p in ferry.ports)
    assert board.city_of_dot[ferry.ports[1]].name == "Delta"
    assert board.graph.edges[ferry.ports]["kind"] == "ferry"


def test_every_city_is_connected_to_the_board(board: Board) -> None:
    import networkx as nx

    majors = {board.majors[0].centre}
    comp = nx.node_connected_component(board.graph, next(iter(majors)))
    for city in board.city_list:
        assert city.centre in comp, city.name


def test_board_is_cached_per_file(board: Board) -> None:
    assert load_board(MINI) is load_board(MINI)
