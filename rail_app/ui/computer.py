"""A simple computer seat until the real opponent exists: it plays random legal builds from
the engine's ``legal_builds`` and ends its turn. Seeded, so a game replays the same."""

from __future__ import annotations

import random
from typing import Any

from rail_app.rules.actions import Action, EndPhase, EndTurn, KeepCards

SPEND = {"easy": 8, "normal": 14, "hard": 20}


class SimpleComputer:
    def __init__(self, seed: int, level: str = "normal") -> None:
        self.rng = random.Random(seed)
        self.level = level

    def next_action(self, state: Any, legal_builds: Any) -> Action:
        """The next action for the player to act in ``state``."""
        if state.phase == "setup":
            dealt = list(state.player.dealt)
            return KeepCards(tuple(sorted(dealt)[:2]))
        if state.phase == "move":
            return EndPhase()
        if state.phase == "build":
            limit = min(SPEND.get(self.level, 14), state.rules.build_budget)
            if state.phase_spent < limit:
                options = [a for a in legal_builds(state)
                           if getattr(a, "kind", "") in ("build", "ferry")]
                if options:
                    # grow the network outward: prefer extending the newest segment
                    last = None
                    if state.phase_built:
                        (a, b), frm, _ = state.phase_built[-1]
                        last = state.board.key(b if frm == a else a)
                    near = [a for a in options if getattr(a, "a", None) == last]
                    return self.rng.choice(near or options)
            return EndTurn()
        return EndTurn()
