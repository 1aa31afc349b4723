"""Weak spots of a map (K5, B3): cities and strait ends with too few usable segments.

K5 refuses any segment that would leave the opponent no way to a city, so a city or a strait
end with fewer than three usable segments cannot carry one player's line without closing
it to the other. The map generator avoids them, ``validate-map`` warns about them with the
line of the map file, and the Strait of Messina on the map of Italy can carry a line.
"""

from __future__ import annotations

from pathlib import Path

import networkx as nx
import pytest
from buildhelp import ITALY, MINI, italy

from rail_app.cli import main
from rail_app.games.italian_rails.rules.actions import BuildSegment, EndPhase, EndTurn
from rail_app.games.italian_rails.rules.board import Board, load_board
from rail_app.games.italian_rails.rules.engine import apply, new_game, quote
from rail_app.games.italian_rails.rules.state import GameState, Phase
from rail_app.games.italian_rails.rules.weakspots import (
    FERRY_ONLY,
    FEW_SEGMENTS,
    MIN_USABLE,
    SINGLE_SEGMENT,
    city_exits,
    usable_neighbours,
    weak_spots,
)


def _route(board: Board, stops: list[int], avoid: set[tuple[int, int]]) -> list[int]:
    """The cheapest dots from stop to stop over usable segments (free track costs nothing),
    keeping away from other cities and from the segments in ``avoid``."""
    g = nx.Graph()
    ends = set(stops)
    for e in board.edges.values():
        if e.forbidden is not None or e.key in avoid:
            continue
        w = 0.0 if e.free else float(board.dot_cost[e.a] + board.dot_cost[e.b] + e.crossing_cost)
        for d in (e.a, e.b):
            city = board.city_of_dot.get(d)
            if city is not None and not (set(city.dots) & ends):
                w += 100.0
        g.add_edge(e.a, e.b, w=w)
    path = [stops[0]]
    for a, b in zip(stops, stops[1:], strict=False):
        path += nx.shortest_path(g, a, b, weight="w")[1:]
    return path


def _next_turn(state: GameState) -> None:
    """End this player's turn and let the other player pass theirs."""
    for _ in range(2):
        if state.phase is Phase.MOVE:
            apply(state, EndPhase(), inplace=True)
        apply(state, EndTurn(), inplace=True)
    if state.phase is Phase.MOVE:
        apply(state, EndPhase(), inplace=True)


def _build_line(state: GameState, player: int, path: list[int]) -> list[tuple[int, int]]:
    """Build ``path`` for ``player`` segment by segment through the engine's quotes, over
    as many turns as the budget needs (K7); every quote must be legal."""
    b = state.board
    built = []
    for a, c in zip(path, path[1:], strict=False):
        e = b.edge(a, c)
        assert e is not None
        if e.free:
            continue
        action = BuildSegment(b.key(a), b.key(c))
        q = quote(state, action)
        if not q.ok and q.rules == ["K7"]:
            _next_turn(state)
            q = quote(state, action)
        assert state.current == player
        assert q.ok, (b.place_name(a), b.place_name(c), [str(v) for v in q.violations])
        apply(state, action, inplace=True)
        built.append(e.key)
    return built


def test_K5_a_line_over_the_Messina_strait_leaves_Messina_to_the_other_player() -> None:
    """One player builds Reggio - strait - Messina - Catania - Palermo, every segment quoted
    legal by the engine (K5 included); the other player can still build into Messina."""
    b = italy()
    state = new_game(b, seed=1)
    for p in state.players:
        p.cash = 1000
    palermo, catania = b.cities["Palermo"], b.cities["Catania"]
    messina, reggio = b.cities["Messina"], b.cities["Reggio Calabria"]
    (strait,) = b.straits
    assert {strait.a, strait.b} == {messina.centre, reggio.centre}
    line = _route(b, [palermo.centre, catania.centre, messina.centre, reggio.centre], set())
    mine = _build_line(state, 0, line)
    assert (min(strait.a, strait.b), max(strait.a, strait.b)) in mine
    assert state.players[0].track >= set(mine)
    # the other player: from Palermo to Messina, keeping off the first player's track
    _next_turn(state)
    state.current, other = 1, 1
    if state.phase is Phase.MOVE:
        apply(state, EndPhase(), inplace=True)
    way = _route(b, [palermo.centre, messina.centre], set(mine))
    theirs = _build_line(state, other, way)
    assert theirs[-1] in {e for e in (tuple(sorted(x)) for x in city_exits(b, messina))}


def test_K5_every_city_and_strait_end_of_italy_has_three_usable_segments() -> None:
    b = italy()
    for city in b.city_list:
        assert len(city_exits(b, city)) >= MIN_USABLE, city.name
    assert b.straits
    for strait in b.straits:
        for end in (strait.a, strait.b):
            assert len(usable_neighbours(b, end)) >= MIN_USABLE, b.key(end)
    kinds = {(s.kind, s.message.split("'")[1]) for s in weak_spots(b)}
    # Sardinia is reached by ferry, as intended (B6); nothing else is weak
    assert kinds == {(FERRY_ONLY, c) for c in ("Cagliari", "Sassari", "Olbia", "Nuoro")}


def test_K5_validate_map_warns_about_a_city_with_two_usable_segments(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """A city on a spit of land: only two segments reach it. validate-map names the city's
    line in the map file and still exits 0 (a warning, not an error)."""
    text = MINI.read_text(encoding="utf-8")
    # a thin peninsula east of the mainland, with a small city at its tip
    spit = ("    - name: Spit\n"
            "      coordinates: [[[244, 80], [275, 80], [275, 110], [244, 110], [244, 80]]]\n")
    text = text.replace("    - name: East Island\n", spit + "    - name: East Island\n", 1)
    city = "  - {name: Theta, size: small, at: [270, 87], commodity: fish}\n"
    text = text.replace("ferries:\n", city + "ferries:\n", 1)
    path = tmp_path / "spit.yaml"
    path.write_text(text, encoding="utf-8")
    for sib in MINI.parent.glob("mini-*.yaml"):
        (tmp_path / sib.name).write_bytes(sib.read_bytes())
    board = load_board(path, use_cache=False)
    theta = board.cities["Theta"]
    assert len(city_exits(board, theta)) < MIN_USABLE
    assert main(["validate-map", str(path)]) == 0
    out = capsys.readouterr()
    assert out.out.startswith(f"{path}: OK:")
    line = text[: text.index("name: Theta")].count("\n") + 1
    warnings = [x for x in out.err.splitlines() if "Theta" in x]
    assert len(warnings) == 1, out.err
    assert warnings[0].startswith(f"{path}:{line}: warning: cities[6] 'Theta': only ")
    assert "K5" in warnings[0]
    kinds = {s.kind for s in weak_spots(board) if "Theta" in s.message}
    assert FEW_SEGMENTS in kinds


def test_K5_a_city_behind_one_segment_is_a_weak_spot() -> None:
    """Epsilon on the mini map is reached only over its strait: nobody may build it."""
    board = load_board(MINI)
    spots = [s for s in weak_spots(board) if "Epsilon" in s.message]
    assert [s.kind for s in spots] == [SINGLE_SEGMENT]
    assert ITALY.exists()


def test_B6_a_ferry_routed_over_land_gets_a_warning(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """A ferry joins two ports across water (B6). The starter map's ferry moved to Riva, on
    the far coast of the mainland, would sail 300 km over land: validate-map warns, with the
    ferry's line, and the preview's weak-spot layer draws it; the real ferries warn of
    nothing."""
    from rail_app.games.italian_rails.rules.weakspots import FERRY_OVER_LAND, ferries_over_land

    assert main(["new-map", "toscana", "--dir", str(tmp_path)]) == 0
    path = tmp_path / "toscana.yaml"
    text = path.read_text(encoding="utf-8")
    good = "ports: [{city: Portogrande}, {city: Isolotto}]"
    assert good in text
    path.write_text(text.replace(good, "ports: [{city: Riva}, {city: Isolotto}]"),
                    encoding="utf-8")
    capsys.readouterr()
    assert main(["validate-map", str(path)]) == 0  # a warning, not an error
    err = capsys.readouterr().err.strip().splitlines()
    line = text[: text.index(good)].count("\n")  # the ferry's "- name:" line, above ports
    assert len(err) == 1 and err[0].startswith(f"{path}:{line}: warning: ferries[0] "
                                               "'Portogrande - Isolotto': its route from ")
    assert "(Riva) to " in err[0] and "km over land" in err[0] and "check its ports" in err[0]
    board = load_board(path)
    (spot,) = [s for s in weak_spots(board) if s.kind == FERRY_OVER_LAND]
    assert set(spot.dots) == set(board.ferries[0].ports)
    for real in (ITALY, MINI, ITALY.parent / "sicilia.yaml"):
        assert ferries_over_land(load_board(real)) == [], real
