"""The random legal-move player (level ``random`` of ``simulate`` and ``tournament``): a
baseline for the computer opponent.

It picks among the engine's legal actions at random, weighted so that games move on:
deliver when it can, lock and pick up sometimes, move somewhere, build a few random
segments, then end the phase or the turn. Seeded, so a game replays the same.
"""

from __future__ import annotations

import random

from rail_app.games.italian_rails.rules import engine
from rail_app.games.italian_rails.rules.actions import (
    Action,
    BoardFerry,
    BuildFerry,
    BuildSegment,
    ChooseLoss,
    Deliver,
    Drop,
    EndPhase,
    EndTurn,
    KeepCards,
    Lock,
    MoveTrain,
    PickUp,
    PlaceTrain,
    SwapDemands,
)
from rail_app.games.italian_rails.rules.build import legal_builds
from rail_app.games.italian_rails.rules.state import GameState, Phase

WEIGHTS: dict[type[Action], float] = {
    Deliver: 1000.0, Lock: 20.0, PickUp: 6.0, MoveTrain: 8.0, BoardFerry: 2.0, Drop: 0.3,
    EndPhase: 1.0, SwapDemands: 0.05, EndTurn: 0.05, PlaceTrain: 1.0,
}
MAX_ACTIONS_PER_TURN = 40


class RandomPlayer:
    """Weighted random legal actions for one seat (see the module docstring)."""

    level_name = "random"

    def __init__(self, seat: int = 0, seed: int = 0) -> None:
        self.seat = seat
        self.rng = random.Random(seed * 7919 + seat * 13 + 5)
        self._turn = -1
        self._count = 0
        self.last_think_s = 0.0

    def next_action(self, state: GameState) -> Action:
        rng = self.rng
        if state.pending is not None and state.pending.player == self.seat:
            n = len(state.players[self.seat].loads)
            return ChooseLoss(rng.randrange(max(1, n)), False)
        me = state.players[self.seat]
        if state.phase is Phase.SETUP:
            return KeepCards(tuple(sorted(rng.sample(list(me.dealt), state.rules.keep))))
        if state.turn != self._turn:
            self._turn = state.turn
            self._count = 0
        self._count += 1
        if self._count > MAX_ACTIONS_PER_TURN:
            return EndPhase() if state.phase is Phase.MOVE else EndTurn()
        if state.phase is Phase.BUILD:
            if state.phase_spent < rng.choice((4, 8, 12, 16)):
                builds: list[Action] = list(legal_builds(state))
                if builds:
                    # grow from the newest segment most of the time
                    if state.phase_built and rng.random() < 0.7:
                        (a, b), frm, _ = state.phase_built[-1]
                        tip = state.board.key(b if frm == a else a)
                        near = [x for x in builds if isinstance(x, BuildSegment) and x.a == tip]
                        if near:
                            return rng.choice(near)
                    return rng.choice(builds)
            return EndTurn()
        legal = [a for a in engine.legal_actions(state)
                 if not isinstance(a, (BuildSegment, BuildFerry))]
        if not legal:
            return EndTurn()
        weights = [WEIGHTS.get(type(a), 0.2) for a in legal]
        if me.position is not None and state.moves_left == 0:
            weights = [0.0 if isinstance(a, MoveTrain) else w for a, w in
                       zip(legal, weights, strict=True)]
        if sum(weights) <= 0:
            return EndPhase()
        return rng.choices(legal, weights=weights, k=1)[0]
