"""A late-game board for benchmarks and tests: both players with grown networks."""

from __future__ import annotations

import random

from rail_app.games.italian_rails.rules.actions import BuildSegment, EndPhase, EndTurn
from rail_app.games.italian_rails.rules.board import Board
from rail_app.games.italian_rails.rules.build import network_dots, quote_build
from rail_app.games.italian_rails.rules.engine import apply, new_game
from rail_app.games.italian_rails.rules.state import GameState, Phase


def make_late_game_board(board: Board, seed: int, segments: int = 150,
                         cash: int = 10_000) -> GameState:
    """A build-only game in which both players have grown networks of at least ``segments``
    segments each by random legal builds (for timing quotes on a crowded board)."""
    state = new_game(board, seed=seed)
    for p in state.players:
        p.cash = cash
    rng = random.Random(seed)
    stalls = 0
    while min(len(p.track) for p in state.players) < segments and stalls < 200:
        if state.phase is Phase.MOVE:
            apply(state, EndPhase(), inplace=True)
            continue
        me = state.current
        if len(state.player.track) >= segments:
            apply(state, EndTurn(), inplace=True)
            continue
        starts = sorted(network_dots(state, me)) or [d for c in board.majors for d in c.outer]
        built = 0
        for _ in range(60):
            a = rng.choice(starts)
            b = rng.choice(board.adj[a])
            act = BuildSegment(board.key(a), board.key(b))
            q = quote_build(state, act)
            if q.ok:
                apply(state, act, inplace=True)
                built += 1
                starts.append(b)
            elif "K7" in q.rules and state.phase_spent >= state.rules.build_budget - 1:
                break
        stalls = 0 if built else stalls + 1
        apply(state, EndTurn(), inplace=True)
    return state
