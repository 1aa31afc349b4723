"""Building (phase B): one or more tests per rule id, B1-B4, K1-K10, V2, V3, on the mini map
(and on Italy where the real geography matters)."""

from __future__ import annotations

import copy
import dataclasses

import networkx as nx
import pytest
from buildhelp import assert_illegal, do, italy, mini, own, snapshot

from rail_app.games.italian_rails.devtools.lategame import make_late_game_board
from rail_app.games.italian_rails.rules import build, events, reach
from rail_app.games.italian_rails.rules.actions import (
    BuildFerry,
    BuildSegment,
    EndTurn,
    EraseSegment,
    TakeLoan,
    UpgradeLoco,
)
from rail_app.games.italian_rails.rules.board import Board, edge_key
from rail_app.games.italian_rails.rules.engine import Violation, apply, new_game, quote
from rail_app.games.italian_rails.rules.state import (
    VARIANT_LOANS,
    VARIANT_SMALL_CITY_ACCESS,
    GameState,
    Load,
    Phase,
)
from rail_app.games.italian_rails.rules.words import log_line


@pytest.fixture(scope="module")
def board() -> Board:
    return mini()


@pytest.fixture
def state(board: Board) -> GameState:
    return new_game(board, seed=1)


def test_new_game_starts_building(state: GameState) -> None:
    assert state.phase == Phase.BUILD and state.current == 0 and state.turn == 1
    assert [p.cash for p in state.players] == [60, 60]
    assert [p.loco for p in state.players] == ["Freight", "Freight"]


# -- B1, B3, B4 --------------------------------------------------------------------------------


def test_B1_unknown_dot_and_non_neighbours(state: GameState) -> None:
    q = assert_illegal(state, BuildSegment("3,1", "99,99"), "B1")
    assert "99,99" in q.violations[0].message
    q = assert_illegal(state, BuildSegment("3,1", "5,1"), "B1")
    assert "not neighbouring" in q.violations[0].message
    assert_illegal(state, BuildSegment("3,1", "3,1"), "B1")


def test_B3_forbidden_segments_give_the_reason(state: GameState) -> None:
    q = assert_illegal(state, BuildSegment("0,3", "0,4"), "B3")
    assert q.violations[0] == Violation("B3", "Can't build here: crosses the Swiss border")
    q = assert_illegal(state, BuildSegment("0,10", "0,11"), "B3")
    assert "Can't build here: runs over open sea" in [v.message for v in q.violations]


def test_B3_strait_is_buildable_terrain(board: Board) -> None:
    e = board.edge(board.dot("-3,10"), board.dot("-4,11"))
    assert e is not None and e.forbidden is None and e.crosses("strait")


def test_B4_inside_a_major_city_is_free_track(state: GameState) -> None:
    q = assert_illegal(state, BuildSegment("2,1", "3,1"), "B4")
    assert q.violations == (Violation("B4", "Can't build here: inside Alfa, this track is "
                                            "already free"),)
    assert_illegal(state, BuildSegment("6,7", "7,7"), "B4")  # centre to outer, Beta


# -- K1 ----------------------------------------------------------------------------------------


def test_K1_new_track_starts_at_a_major_outer_dot(state: GameState) -> None:
    assert quote(state, BuildSegment("3,1", "4,1")).ok
    q = assert_illegal(state, BuildSegment("5,5", "5,6"), "K1")
    assert q.rules == ["K1"]


def test_K1_hint_when_drawn_backwards(state: GameState) -> None:
    q = assert_illegal(state, BuildSegment("4,1", "3,1"), "K1")
    assert "draw it from 3,1" in q.violations[0].message


def test_K1_extends_track_drawn_earlier_in_the_same_phase(state: GameState) -> None:
    s = do(state, BuildSegment("3,1", "4,1"), BuildSegment("4,1", "5,1"))
    assert quote(s, BuildSegment("5,1", "5,2")).ok
    assert build.in_network(s, 0, s.board.dot("5,1"))


def test_K1_opponents_track_is_not_a_starting_point(state: GameState) -> None:
    own(state, 1, ("3,1", "4,1"), ("4,1", "5,1"))
    assert_illegal(state, BuildSegment("5,1", "6,1"), "K1")


def test_K1_free_track_connects_only_at_outer_dots(state: GameState) -> None:
    # the centre of a major city is reached by free track, but is not an outer dot
    assert not state.board.is_major_outer(state.board.dot("2,1"))
    own(state, 0, ("3,1", "4,1"))
    # another outer dot of Alfa is still a starting point of its own
    assert quote(state, BuildSegment("1,2", "0,3")).ok


# -- K2 ----------------------------------------------------------------------------------------


def test_K2_one_segment_one_owner(state: GameState) -> None:
    s = do(state, BuildSegment("3,1", "4,1"))
    q = assert_illegal(s, BuildSegment("3,1", "4,1"), "K2")
    assert "already own" in q.violations[-1].message or any(
        "already own" in v.message for v in q.violations)
    s.current = 1
    q = assert_illegal(s, BuildSegment("3,1", "4,1"), "K2")
    assert any("belongs to Anna" in v.message for v in q.violations)


# -- K3 ----------------------------------------------------------------------------------------


def _one_start_board(board: Board) -> Board:
    b = copy.copy(board)
    b.rules = dataclasses.replace(board.rules, major_starts_per_phase=1)
    return b


def test_K3_start_from_at_most_n_major_cities_per_phase(board: Board) -> None:
    s = new_game(_one_start_board(board), seed=1)
    s = do(s, BuildSegment("3,1", "4,1"))
    assert s.phase_major_starts == {"Alfa"}
    q = assert_illegal(s, BuildSegment("7,6", "8,5"), "K3")  # from Beta
    assert "Alfa" in q.violations[0].message
    # a second start from the same city and extending the network are fine
    assert quote(s, BuildSegment("1,2", "0,3")).ok
    assert quote(s, BuildSegment("4,1", "5,1")).ok
    # next phase: the count starts again
    s = do(s, EndTurn(), EndTurn())
    assert quote(s, BuildSegment("7,6", "8,5")).ok


def test_K3_two_majors_allowed_on_italy() -> None:
    b = italy()
    s = new_game(b, seed=2)
    starts = []
    for city in ("Roma", "Napoli", "Milano"):
        c = b.cities[city]
        for d in c.outer:
            cands = [n for n in b.adj[d] if n not in b.major_of_dot
                     and b.edge(d, n) is not None and b.edge(d, n).forbidden is None]  # type: ignore[union-attr]
            if cands:
                starts.append(BuildSegment(b.key(d), b.key(cands[0])))
                break
    s = do(s, starts[0], starts[1])
    assert s.phase_major_starts == {"Roma", "Napoli"}
    q = assert_illegal(s, starts[2], "K3")
    assert "at most 2 major cities" in q.violations[0].message


def test_K3_erasing_a_start_gives_the_city_back(board: Board) -> None:
    s = new_game(_one_start_board(board), seed=1)
    s = do(s, BuildSegment("3,1", "4,1"), EraseSegment("3,1", "4,1"))
    assert s.phase_major_starts == set()
    assert quote(s, BuildSegment("7,6", "8,5")).ok


# -- K4 ----------------------------------------------------------------------------------------


def test_K4_three_segments_at_a_small_or_medium_city(state: GameState) -> None:
    own(state, 0, ("0,7", "0,8"), ("1,7", "0,8"), ("-1,8", "0,8"), ("0,9", "1,9"))
    q = assert_illegal(state, BuildSegment("0,8", "0,9"), "K4")
    assert "Gamma" in q.violations[0].message
    # the other player is not limited by Anna's segments
    state.current = 1
    own(state, 1, ("1,8", "1,9"))
    assert "K4" not in quote(state, BuildSegment("1,8", "0,8")).rules


def test_K4_small_city_access_variant(board: Board) -> None:
    for variants, allowed in (((), True), ((VARIANT_SMALL_CITY_ACCESS,), False)):
        s = new_game(board, seed=1, variants=variants)
        own(s, 1, ("8,0", "9,0"))
        own(s, 0, ("10,1", "10,0"))
        q = quote(s, BuildSegment("10,0", "9,0"))
        assert ("K4" not in q.rules) is allowed, q.violations
        if not allowed:
            assert "Small City Access" in q.violations[0].message


# -- K5 ----------------------------------------------------------------------------------------


def test_K5_the_only_way_to_an_island_city(state: GameState) -> None:
    # the Stretto strait is the only link to Epsilon: nobody may own it
    for player in (0, 1):
        state.current = player
        own(state, player, *[] if player else [("-2,9", "-3,10")])
        if player:
            own(state, 1, ("-3,9", "-3,10"))
        q = assert_illegal(state, BuildSegment("-3,10", "-4,11"), "K5")
        assert q.rules == ["K5"]
        other = state.players[1 - player].name
        assert q.violations[0].message == f"Can't build here: {other} could no longer reach " \
                                          "Epsilon"


def _cut_around(board: Board, centre: str, radius: int) -> list[tuple[int, int]]:
    c = board.dots[board.dot(centre)]
    inside = set(board.dots_within(c.q, c.r, radius))
    return sorted(e.key for e in board.edges.values() if e.forbidden is None
                  and ((e.a in inside) != (e.b in inside)))


def test_K5_land_bottleneck_around_a_city(state: GameState) -> None:
    b = state.board
    cut = _cut_around(b, "9,0", 2)
    *walls, last = cut
    for e in walls:
        state.owner[e] = 0
        state.players[0].track.add(e)
    a, c = last
    frm, to = (a, c) if build.in_network(state, 0, a) else (c, a)
    q = assert_illegal(state, BuildSegment(b.key(frm), b.key(to)), "K5")
    assert "Zeta" in q.violations[-1].message or any("Zeta" in v.message for v in q.violations)
    # the same walls owned by the opponent leave the way open through their track
    s2 = new_game(b, seed=1)
    for e in walls:
        s2.owner[e] = 1
        s2.players[1].track.add(e)
    assert reach.cut_off_cities(b, s2.players[0].track, frm, to) == []


def test_K5_matches_a_brute_force_search(board: Board) -> None:
    """The bridge tables give the same answer as removing the segment and searching."""
    s = make_late_game_board(board, seed=4, segments=40)
    g = nx.Graph()
    for e in board.edges.values():
        if e.forbidden is None and e.key not in s.players[0].track:
            g.add_edge(e.a, e.b)
    for f in board.ferries:
        g.add_edge(*f.ports)
    majors = {d for c in board.majors for d in c.dots}

    def reachable(graph: nx.Graph) -> set[str]:
        out = set()
        for comp in nx.connected_components(graph):
            if comp & majors:
                out |= {board.city_of_dot[d].name for d in comp if d in board.city_of_dot}
        return out

    base = reachable(g)
    checked = 0
    for e in sorted(g.edges):
        key = edge_key(*e)
        if key not in board.edges or key in s.owner:
            continue
        g.remove_edge(*e)
        lost = sorted(base - reachable(g))
        g.add_edge(*e)
        assert reach.cut_off_cities(board, s.players[0].track, *key) == lost, key
        checked += 1
    assert checked > 100


def test_K5_on_italy_a_cut_off_city_is_refused() -> None:
    b = italy()
    s = new_game(b, seed=3)
    # find a bridge of the unbuilt usable graph that isolates a city, as a far-away wall
    # around the city would: own every segment leaving the city's neighbourhood but one
    city = next(c for c in b.city_list if not c.major and len(b.adj[c.centre]) >= 3)
    cut = _cut_around(b, b.key(city.centre), 1)
    *walls, last = cut
    for e in walls:
        s.owner[e] = 0
        s.players[0].track.add(e)
    a, c = last
    frm, to = (a, c) if build.in_network(s, 0, a) else (c, a)
    lost = reach.cut_off_cities(b, s.players[0].track, frm, to)
    assert city.name in lost
    assert "K5" in quote(s, BuildSegment(b.key(frm), b.key(to))).rules
    assert reach.reachable_cities(b, set()) == set(b.cities)


# -- K6 ----------------------------------------------------------------------------------------


def test_K6_cost_is_the_dot_drawn_to_plus_crossings(state: GameState) -> None:
    b = state.board
    own(state, 0, ("2,9", "3,8"), ("3,9", "4,9"))
    # into alpine 3,9 from 3,8; the reverse direction pays for 3,8
    q = quote(state, BuildSegment("3,8", "3,9"))
    assert q.cost == b.dot_cost[b.dot("3,9")] == 5
    q2 = quote(state, BuildSegment("3,9", "3,8"))
    assert q2.cost == b.dot_cost[b.dot("3,8")]
    # a river crossing adds 2, an inlet 3, the strait 3
    own(state, 0, ("4,2", "3,2"))
    assert quote(state, BuildSegment("4,2", "5,2")).cost == b.dot_cost[b.dot("5,2")] + 2
    assert quote(state, BuildSegment("6,8", "6,9")).cost == b.dot_cost[b.dot("6,9")] + 3
    # a major city dot costs 5 to build into
    own(state, 0, ("8,5", "9,5"))
    assert quote(state, BuildSegment("8,5", "7,6")).cost == 5


# -- K7 ----------------------------------------------------------------------------------------


def test_K7_phase_budget(state: GameState) -> None:
    state.phase_spent = 20
    q = assert_illegal(state, BuildSegment("3,1", "4,1"), "K7")
    assert "would reach 21M: the limit is 20M" in q.violations[0].message
    state.phase_spent = 19
    assert quote(state, BuildSegment("3,1", "4,1")).ok


def test_K7_no_spending_beyond_cash(state: GameState) -> None:
    state.players[0].cash = 3
    s = do(state, BuildSegment("3,1", "4,1"), BuildSegment("4,1", "5,1"))
    q = assert_illegal(s, BuildSegment("5,1", "6,1"), "K7")  # 2 + 1 + 2 (river) > 3
    assert "You have 3M" in q.violations[0].message


def test_K7_spending_is_checked_across_a_whole_phase(state: GameState) -> None:
    s = state
    path = ["3,1", "4,1", "5,1", "6,1", "7,1", "8,1", "9,1"]
    for a, b in zip(path, path[1:], strict=False):
        s = apply(s, BuildSegment(a, b))
    assert s.phase_spent == sum(c for _, _, c in s.phase_built)
    while True:
        legal = build.legal_builds(s)
        if not legal:
            break
        s = apply(s, legal[0])
    assert s.phase_spent <= 20


# -- K8 ----------------------------------------------------------------------------------------


def test_K8_ferry_needs_a_port_in_the_network(state: GameState) -> None:
    q = assert_illegal(state, BuildFerry("Beta - Delta"), "K8")
    assert "10,4" in q.violations[0].message
    assert_illegal(state, BuildFerry("Nowhere"), "K8")


def test_K8_first_taker_pays_the_higher_cost_second_the_lower(state: GameState) -> None:
    own(state, 0, ("9,4", "10,4"))
    own(state, 1, ("9,5", "10,4"))
    q = quote(state, BuildFerry("Beta - Delta"))
    assert q.ok and q.cost == 8
    s = do(state, BuildFerry("Beta - Delta"))
    assert_illegal(s, BuildFerry("Beta - Delta"), "K8")  # once per player
    # the far port is now part of Anna's network
    assert quote(s, BuildSegment("13,4", "13,5")).ok
    s = do(s, EndTurn())
    assert s.players[0].cash == 60 - 8
    q = quote(s, BuildFerry("Beta - Delta"))
    assert q.ok and q.cost == 4
    s = do(s, BuildFerry("Beta - Delta"), EndTurn())
    assert s.players[1].cash == 60 - 4
    assert s.ferry_takers[0] == [0, 1]


def test_K8_ferry_can_be_erased_in_its_phase(state: GameState) -> None:
    own(state, 0, ("9,4", "10,4"))
    s = do(state, BuildFerry("Beta - Delta"), BuildSegment("13,4", "13,5"))
    assert_illegal(s, EraseSegment("10,4", "13,4"), "K1")  # 13,4-13,5 hangs from it
    s = do(s, EraseSegment("13,4", "13,5"), EraseSegment("10,4", "13,4"))
    assert s.phase_spent == 0 and 0 not in s.players[0].ferries and 0 not in s.ferry_takers


# -- K9 ----------------------------------------------------------------------------------------


def test_K9_upgrades_follow_the_table(state: GameState) -> None:
    q = quote(state, UpgradeLoco("Fast Freight"))
    assert q.ok and q.cost == 20
    q = assert_illegal(state, UpgradeLoco("Super Freight"), "K9")
    assert "Fast Freight (20M)" in q.violations[0].message
    assert_illegal(state, UpgradeLoco("Rocket"), "K9")
    s = do(state, UpgradeLoco("Heavy Freight"))
    assert s.players[0].loco == "Heavy Freight" and s.phase_spent == 20
    assert_illegal(s, UpgradeLoco("Fast Freight"), "K9", "K7")  # one per phase, and budget
    s = do(s, EndTurn())
    assert s.players[0].cash == 40


def test_K9_upgrade_counts_against_the_budget(state: GameState) -> None:
    s = do(state, BuildSegment("3,1", "4,1"))
    assert_illegal(s, UpgradeLoco("Fast Freight"), "K7")


def test_K9_smaller_train_must_hold_the_loads(state: GameState) -> None:
    p = state.players[0]
    p.loco = "Heavy Freight"
    p.loads = [Load("wine"), Load("fish"), Load("cheese")]
    q = assert_illegal(state, UpgradeLoco("Fast Freight"), "K9")
    assert "3 loads" in q.violations[0].message


# -- K10 ---------------------------------------------------------------------------------------


def test_K10_payment_at_the_end_of_the_phase(state: GameState) -> None:
    s = do(state, BuildSegment("3,1", "4,1"), BuildSegment("4,1", "5,1"))
    assert s.players[0].cash == 60 and s.phase_spent == 2
    s = do(s, EndTurn())
    assert s.players[0].cash == 58 and s.players[0].segments_drawn == 2
    assert s.phase_spent == 0 and s.phase_built == []


def test_K10_erase_this_phase_for_free(state: GameState) -> None:
    s = do(state, BuildSegment("3,1", "4,1"), BuildSegment("4,1", "5,1"))
    s = do(s, EraseSegment("4,1", "5,1"))
    assert s.phase_spent == 1 and len(s.players[0].track) == 1
    assert edge_key(s.board.dot("4,1"), s.board.dot("5,1")) not in s.owner
    # the other way round names the same segment
    s = do(s, EraseSegment("4,1", "3,1"))
    assert s.phase_spent == 0 and not s.players[0].track


def test_K10_earlier_track_is_permanent(state: GameState) -> None:
    s = do(state, BuildSegment("3,1", "4,1"), EndTurn(), EndTurn())
    q = assert_illegal(s, EraseSegment("3,1", "4,1"), "K10")
    assert "permanent" in q.violations[0].message
    assert_illegal(s, EraseSegment("6,1", "7,1"), "K10")  # nothing there


def test_K10_erasing_keeps_the_network_connected(state: GameState) -> None:
    s = do(state, BuildSegment("3,1", "4,1"), BuildSegment("4,1", "5,1"),
           BuildSegment("5,1", "6,1"))
    q = assert_illegal(s, EraseSegment("3,1", "4,1"), "K1")
    assert "4,1-5,1" in q.violations[0].message
    # a loop does not hold itself up either
    s2 = do(state, BuildSegment("3,1", "4,1"), BuildSegment("4,1", "4,2"),
            BuildSegment("4,2", "5,1"), BuildSegment("5,1", "4,1"))
    assert_illegal(s2, EraseSegment("3,1", "4,1"), "K1")
    # a segment that also touches a major city stays connected
    s3 = do(state, BuildSegment("3,1", "4,1"), BuildSegment("4,1", "4,0"),
            BuildSegment("3,0", "4,0"))
    assert quote(s3, EraseSegment("3,1", "4,1")).ok


def test_K10_apply_of_an_illegal_erase_changes_nothing(state: GameState) -> None:
    s = do(state, BuildSegment("3,1", "4,1"), BuildSegment("4,1", "5,1"))
    before = snapshot(s)
    assert_illegal(s, EraseSegment("3,1", "4,1"), "K1")
    assert snapshot(s) == before


# -- events and loans -------------------------------------------------------------------------


def test_E_event_limits_are_asked_for_each_segment(state: GameState,
                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    seen = []

    def fake(st: GameState, player: int, edge: tuple[int, int]) -> list[Violation]:
        seen.append(edge)
        return [Violation("E6", "Can't build here: the volcano is erupting")]

    monkeypatch.setattr(events, "build_violations", fake)
    assert_illegal(state, BuildSegment("3,1", "4,1"), "E6")
    assert seen


def test_V2_loans_only_with_the_variant(board: Board) -> None:
    s = new_game(board, seed=1)
    q = assert_illegal(s, TakeLoan(), "V2")
    assert q.violations[0].message == "Loans are not in this game"
    s = new_game(board, seed=1, variants=[VARIANT_LOANS])
    s.players[0].cash = 10
    s = do(s, TakeLoan())
    assert s.players[0].cash == 30 and s.players[0].loan_due == 40
    assert_illegal(s, TakeLoan(), "V2")


def test_V2_no_loan_that_would_be_repaid_at_once(board: Board) -> None:
    """Holding 20M or more, a 20M loan would be repaid (40M) at once: refused."""
    s = new_game(board, seed=1, variants=[VARIANT_LOANS])
    s.players[0].cash = 20
    q = assert_illegal(s, TakeLoan(), "V2")
    assert "at once" in q.headline
    s.players[0].cash = 19
    assert quote(s, TakeLoan()).ok


def test_V2_loan_repaid_when_cash_allows(board: Board) -> None:
    s = new_game(board, seed=1, variants=[VARIANT_LOANS])
    s.players[0].cash = 5
    s = do(s, TakeLoan(), BuildSegment("3,1", "4,1"), EndTurn())
    assert s.players[0].cash == 24 and s.players[0].loan_due == 40
    s = do(s, EndTurn())
    s.players[0].cash = 45
    s = do(s, EndTurn())
    assert s.players[0].cash == 5 and s.players[0].loan_due == 0
    assert any("repays" in log_line(s, e) for e in s.log)


# -- legal_builds ------------------------------------------------------------------------------


def test_legal_builds_are_all_legal_and_complete(state: GameState) -> None:
    s = do(state, BuildSegment("3,1", "4,1"))
    legal = build.legal_builds(s)
    assert legal == sorted(legal, key=lambda x: (s.board.dot(x.a), s.board.dot(x.b)))
    assert all(quote(s, a).ok for a in legal)
    b = s.board
    found = set(legal)
    for e in b.edges.values():
        for x, y in ((e.a, e.b), (e.b, e.a)):
            act = BuildSegment(b.key(x), b.key(y))
            if quote(s, act).ok:
                assert act in found
    assert BuildSegment("4,1", "5,1") in found


def test_legal_builds_empty_outside_the_build_phase(state: GameState) -> None:
    state.phase = "move"
    assert build.legal_builds(state) == []
