"""Random build sequences keep the building invariants (K2, K1, K5, K7) after every action."""

from __future__ import annotations

from collections import deque

import networkx as nx
from buildhelp import italy, mini, snapshot
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from rail_app.games.italian_rails.rules import build, reach
from rail_app.games.italian_rails.rules.actions import (
    Action,
    BuildSegment,
    EndPhase,
    EndTurn,
    EraseSegment,
)
from rail_app.games.italian_rails.rules.board import Board
from rail_app.games.italian_rails.rules.engine import IllegalAction, apply, new_game, quote
from rail_app.games.italian_rails.rules.state import GameState, Phase

#: Italy when its map loads; the mini map always (its strait is the only way to Epsilon,
#: so random growth there soon meets K5).
BOARDS: list[Board] = [italy(), mini()]


def _bridges(board: Board) -> list[tuple[int, int]]:
    """Bridges of the unbuilt board (networkx, independent of the engine's own search)."""
    g = nx.Graph()
    for e in board.edges.values():
        if e.forbidden is None:
            g.add_edge(e.a, e.b)
    for f in board.ferries:
        g.add_edge(*f.ports)
    return sorted((min(a, b), max(a, b)) for a, b in nx.bridges(g)
                  if (min(a, b), max(a, b)) in board.edges)


BRIDGES = [_bridges(b) for b in BOARDS]


def brute_force_lost(board: Board, track: set[tuple[int, int]], extra: tuple[int, int]
                     ) -> list[str]:
    """K5 the slow way: cities reachable from a major city before but not after."""
    g = nx.Graph()
    g.add_nodes_from(range(len(board.dots)))
    for e in board.edges.values():
        if e.forbidden is None and e.key not in track:
            g.add_edge(e.a, e.b)
    for f in board.ferries:
        g.add_edge(*f.ports)
    majors = {d for c in board.majors for d in c.dots}

    def reachable() -> set[str]:
        out: set[str] = set()
        for comp in nx.connected_components(g):
            if comp & majors:
                out |= {board.city_of_dot[d].name for d in comp if d in board.city_of_dot}
        return out

    before = reachable()
    g.remove_edge(*extra)
    return sorted(before - reachable())


def check_invariants(s: GameState) -> None:
    board = s.board
    # K2: no pair of dots owned twice, and the owner table agrees with the players' track
    a, b = s.players[0].track, s.players[1].track
    assert not (a & b)
    assert {e: 0 for e in a} | {e: 1 for e in b} == s.owner
    # K7: within the phase budget; never below zero cash
    assert 0 <= s.phase_spent <= s.rules.build_budget
    assert s.phase_spent <= s.player.cash
    assert all(p.cash >= 0 for p in s.players)
    # K1: every segment hangs from a major city through its owner's track and ferries
    for i, p in enumerate(s.players):
        links: dict[int, list[int]] = {}
        for x, y in p.track:
            links.setdefault(x, []).append(y)
            links.setdefault(y, []).append(x)
        for f in board.ferries:
            if f.index in p.ferries:
                links.setdefault(f.ports[0], []).append(f.ports[1])
                links.setdefault(f.ports[1], []).append(f.ports[0])
        seen = {d for d in links if d in board.major_of_dot}
        todo = deque(seen)
        while todo:
            d = todo.popleft()
            for n in links[d]:
                if n not in seen:
                    seen.add(n)
                    todo.append(n)
        assert set(links) <= seen, f"player {i} has track connected to nothing"
    # K5: every city stays reachable for both players
    every = reach.reachable_cities(board, set())
    for p in s.players:
        assert reach.reachable_cities(board, p.track) == every


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(which=st.integers(0, len(BOARDS) - 1), seed=st.integers(0, 10_000),
       choices=st.lists(st.integers(0, 10_000), min_size=10, max_size=80))
def test_random_build_sequences_keep_the_invariants(which: int, seed: int,
                                                    choices: list[int]) -> None:
    BOARD = BOARDS[which]
    s = new_game(BOARD, seed=seed)
    edges = sorted(BOARD.edges)
    check_invariants(s)
    for c in choices:
        action: Action
        if s.phase == Phase.MOVE:
            action = EndPhase()
        elif c % 10 == 0:
            action = EndTurn()
        elif c % 10 == 1:  # a random segment anywhere, most often illegal
            pool = BRIDGES[which] if c % 20 == 1 and BRIDGES[which] else edges
            x, y = pool[c % len(pool)]
            action = BuildSegment(BOARD.key(x), BOARD.key(y))
            e = BOARD.edges[(x, y)]
            if e.forbidden is None and not e.free and (x, y) not in s.owner:
                lost = brute_force_lost(BOARD, s.player.track, (x, y))
                assert reach.cut_off_cities(BOARD, s.player.track, x, y) == lost
                assert ("K5" in quote(s, action).rules) == bool(lost)
        elif c % 10 == 2 and s.phase_built:
            e, _, _ = s.phase_built[c % len(s.phase_built)]
            action = EraseSegment(BOARD.key(e[0]), BOARD.key(e[1]))
        else:
            legal = build.legal_builds(s)
            if not legal:
                action = EndTurn()
            elif c % 10 >= 6 and s.phase_built:  # mostly grow from the newest segment
                newest = s.phase_built[-1][0]
                near = [x for x in legal if BOARD.dot(x.a) in newest] or legal
                action = near[c % len(near)]
            else:
                action = legal[c % len(legal)]
        q = quote(s, action)
        if q.ok:
            s = apply(s, action)
        else:
            before = snapshot(s)
            try:
                apply(s, action)
            except IllegalAction:
                pass
            else:
                raise AssertionError(f"{action!r} applied despite {q.violations}")
            assert snapshot(s) == before
        check_invariants(s)


def _refused_one_by_one(board: Board, track: set[tuple[int, int]]) -> set[tuple[int, int]]:
    return {key for key, e in board.edges.items()
            if e.forbidden is None and reach.cut_off_cities(board, track, *key)}


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(which=st.integers(0, len(BOARDS) - 1), start=st.integers(0, 10_000),
       walk=st.lists(st.integers(0, 5), min_size=0, max_size=150),
       scattered=st.lists(st.integers(0, 10_000), max_size=60))
def test_K5_refused_segments_are_the_segments_that_cut_a_city_off(
        which: int, start: int, walk: list[int], scattered: list[int]) -> None:
    """reach.refused_segments (the cost graph of the computer opponent asks it once per
    turn) names exactly the segments cut_off_cities refuses one by one, for tracks grown
    as walks over the grid (which enclose cities) and scattered segments."""
    board = BOARDS[which]
    legal = sorted(k for k, e in board.edges.items() if e.forbidden is None and not e.free)
    track: set[tuple[int, int]] = {legal[i % len(legal)] for i in scattered}
    d = start % len(board.dots)
    for step in walk:
        if not board.adj[d]:
            break
        nxt = board.adj[d][step % len(board.adj[d])]
        key = (min(d, nxt), max(d, nxt))
        if key in board.edges and board.edges[key].forbidden is None:
            track.add(key)
        d = nxt
    assert reach.refused_segments(board, track) == _refused_one_by_one(board, track)


def test_K5_refused_segments_on_the_mini_map() -> None:
    """The strait is Epsilon's only way to a major city: refused with no track at all."""
    board = mini()
    assert reach.refused_segments(board, set()) == _refused_one_by_one(board, set()) != set()
