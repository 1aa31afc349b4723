"""The map of Italy: the Board's rules B1-B6 on the real geography."""

from __future__ import annotations

from pathlib import Path

import networkx as nx
import pytest
import shapely

from rail_app.cli import main
from rail_app.games.italian_rails.rules.board import Board, Edge, load_board

ITALY = Path(__file__).resolve().parents[3] / "maps" / "italy.yaml"


@pytest.fixture(scope="module")
def italy() -> Board:
    return load_board(ITALY)


def _crossing(board: Board, kind: str, name: str) -> list[Edge]:
    return [e for e in board.edges.values()
            if any(c.kind == kind and c.name == name for c in e.crossings)]


def test_validate_map_italy_summary(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["validate-map", str(ITALY), "--json"]) == 0
    import json

    summary = json.loads(capsys.readouterr().out)
    assert summary["cities"] == 41
    assert summary["major_cities"] == 4
    assert summary["ferries"] == 4
    assert 800 <= summary["dots"] <= 1100
    assert 20 <= summary["commodities"] <= 25


def test_B5_the_four_major_cities_and_41_cities(italy: Board) -> None:
    assert sorted(c.name for c in italy.majors) == ["Milano", "Napoli", "Palermo", "Roma"]
    assert len(italy.city_list) == 41
    sizes = {c.name: c.size for c in italy.city_list}
    assert sizes["Torino"] == "medium"
    assert sizes["Aosta"] == "small" and sizes["Gela"] == "small"
    assert italy.cities["Carrara"].commodity == "marble"
    for commodity, cities in italy.suppliers.items():
        assert 1 <= len(cities) <= 3, commodity


def test_B2_a_segment_across_the_Po_costs_terrain_plus_two(italy: Board) -> None:
    po = [e for e in _crossing(italy, "river", "Po") if len(e.crossings) == 1 and not e.forbidden]
    assert len(po) >= 10
    for e in po:
        assert e.crossings[0].system == "Po"
        assert italy.build_cost(e.a, e.b) == italy.dot_cost[e.b] + 2
        assert italy.build_cost(e.b, e.a) == italy.dot_cost[e.a] + 2


def test_B2_a_segment_across_Lago_di_Garda_costs_terrain_plus_three(italy: Board) -> None:
    garda = [e for e in _crossing(italy, "lake", "Lago di Garda") if len(e.crossings) == 1]
    assert garda
    for e in garda:
        assert italy.build_cost(e.a, e.b) == italy.dot_cost[e.b] + 3


@pytest.mark.parametrize("country", ["Swiss", "French"])
def test_B3_segments_across_the_border_are_forbidden(italy: Board, country: str) -> None:
    across = [e for e in italy.edges.values() if e.forbidden and country in e.forbidden]
    assert across, country
    for e in across:
        assert not italy.graph.has_edge(e.a, e.b)


def test_B3_segments_over_open_sea_are_forbidden(italy: Board) -> None:
    sea = [e for e in italy.edges.values() if e.forbidden == "runs over open sea"]
    assert sea
    land = italy.geometry.union("land")
    for e in sea:
        line = shapely.LineString([(italy.dots[e.a].x, italy.dots[e.a].y),
                                   (italy.dots[e.b].x, italy.dots[e.b].y)])
        assert line.difference(land).length > 1.0


def test_B3_reggio_messina_is_legal_at_plus_three(italy: Board) -> None:
    (strait,) = [e for e in italy.edges.values() if e.crosses("strait")]
    assert strait.forbidden is None
    ends = {italy.dots[strait.a], italy.dots[strait.b]}
    reggio = italy.cities["Reggio Calabria"]
    messina = italy.cities["Messina"]
    for d in ends:
        assert min(italy.distance(d.id, reggio.centre), italy.distance(d.id, messina.centre)) <= 2
    assert italy.build_cost(strait.a, strait.b) == italy.dot_cost[strait.b] + 3


def test_B4_inner_segments_of_each_major_city_are_free(italy: Board) -> None:
    for city in italy.majors:
        inner = [e for e in italy.edges.values() if e.a in city.dots and e.b in city.dots]
        assert len(inner) == 12, city.name
        assert all(e.free and e.forbidden is None for e in inner)
        assert all(italy.build_cost(e.a, e.b) == 0 for e in inner)


def test_B6_four_ferries_roma_olbia_among_them(italy: Board) -> None:
    assert len(italy.ferries) == 4
    names = {f.name for f in italy.ferries}
    assert any("Roma" in n and "Olbia" in n for n in names), names
    for f in italy.ferries:
        assert f.high > f.low > 0
        assert all(italy.dots[p].coastal for p in f.ports)


def test_every_city_is_on_land_and_connected(italy: Board) -> None:
    land = italy.geometry.union("land")
    for city in italy.city_list:
        d = italy.dots[city.centre]
        assert land.buffer(1.0).contains(shapely.Point(d.x, d.y)), city.name
    comp = nx.node_connected_component(italy.graph, italy.cities["Roma"].centre)
    for city in italy.city_list:
        assert city.centre in comp, city.name


def test_sardinia_is_reached_only_through_its_ferries(italy: Board) -> None:
    track_only = nx.Graph((a, b) for a, b, k in italy.graph.edges(data="kind") if k == "track")
    roma = italy.cities["Roma"].centre
    comp = nx.node_connected_component(track_only, roma)
    assert italy.cities["Cagliari"].centre not in comp
    assert italy.cities["Palermo"].centre in comp  # through the strait of Messina


def test_volcanoes_and_seas_for_events(italy: Board) -> None:
    names = {v.name for v in italy.volcanoes}
    assert any("Vesuv" in n for n in names) and any("Etna" in n for n in names)
    seas = set(italy.coast)
    for sea in ("Tyrrhenian Sea", "Adriatic Sea", "Ionian Sea", "Ligurian Sea"):
        assert sea in seas and italy.coast[sea], sea


def test_K5_no_city_hangs_on_a_single_segment(italy: Board) -> None:
    """A city reached over one segment only could never be reached: K5 forbids building a
    segment that leaves the other player without a way to a city."""
    graph = italy.graph
    majors = {d for c in italy.majors for d in c.dots}
    for u, v in nx.bridges(graph):
        if graph.edges[u, v].get("kind") != "track":
            continue
        cut = graph.copy()
        cut.remove_edge(u, v)
        for side in (nx.node_connected_component(cut, u), nx.node_connected_component(cut, v)):
            if not side & majors:
                assert not [d for d in side if d in italy.city_of_dot], (
                    italy.key(u), italy.key(v))
