"""Random build sequences keep the building invariants (K2, K1, K5, K7) after every action."""

from __future__ import annotations

from collections import deque

from buildhelp import italy_or_none, mini, snapshot
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from rail_app.core.board import Board
from rail_app.rules import build, reach
from rail_app.rules.actions import Action, BuildSegment, EndPhase, EndTurn, EraseSegment
from rail_app.rules.engine import IllegalAction, apply, quote
from rail_app.rules.game import new_game
from rail_app.rules.state import PHASE_MOVE, GameState

BOARD: Board = italy_or_none() or mini()
ALL_CITIES = reach.reachable_cities(BOARD, set())


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
    for p in s.players:
        assert reach.reachable_cities(board, p.track) == ALL_CITIES


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10_000), choices=st.lists(st.integers(0, 10_000), min_size=10,
                                                     max_size=60))
def test_random_build_sequences_keep_the_invariants(seed: int, choices: list[int]) -> None:
    s = new_game(BOARD, seed=seed)
    edges = sorted(BOARD.edges)
    check_invariants(s)
    for c in choices:
        action: Action
        if s.phase == PHASE_MOVE:
            action = EndPhase()
        elif c % 10 == 0:
            action = EndTurn()
        elif c % 10 == 1:  # a random segment anywhere, most often illegal
            x, y = edges[c % len(edges)]
            action = BuildSegment(BOARD.key(x), BOARD.key(y))
        elif c % 10 == 2 and s.phase_built:
            e, _, _ = s.phase_built[c % len(s.phase_built)]
            action = EraseSegment(BOARD.key(e[0]), BOARD.key(e[1]))
        else:
            legal = build.legal_builds(s)
            if not legal:
                action = EndTurn()
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
