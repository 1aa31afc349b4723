"""The computer seats of the app.

A computer seat is the opponent of ``rail_app.ai`` (``Bot(level, seat, seed)``, one action at
a time through the engine's actions). Should that package be missing or fail on a state, the
seat falls back to a seeded random legal-action player, so a game always goes on. Seeded,
so a game replays the same.
"""

from __future__ import annotations

import random
import time
from typing import Any

from rail_app.rules.actions import (
    Action,
    BuildFerry,
    BuildSegment,
    EndPhase,
    EndTurn,
    KeepCards,
    Lock,
)

SPEND = {"easy": 8, "normal": 14, "hard": 20}


class SimpleComputer:
    """Random legal actions: it keeps two cards, plays the engine's card and movement actions
    now and then and builds outward from its newest segment (used when ``rail_app.ai`` is
    not there)."""

    def __init__(self, seed: int, level: str = "normal") -> None:
        self.rng = random.Random(seed)
        self.level = level
        self.last_think_s = 0.0
        self._turn: tuple[int, int] = (-1, -1)
        self._moves = 0

    def next_action(self, state: Any, legal_builds: Any = None) -> Action:
        """The next action for the player to act in ``state``."""
        from rail_app.rules import game

        if state.pending is not None:
            return self.rng.choice(game.legal_actions(state))
        if state.phase == "setup":
            dealt = list(state.player.dealt)
            return KeepCards(tuple(sorted(dealt)[:state.rules.keep]))
        key = (state.turn, state.current)
        if key != self._turn:
            self._turn, self._moves = key, 0
        if state.swapped_this_turn:
            locks = [a for a in game.legal_actions(state) if isinstance(a, Lock)]
            return locks[0] if locks else EndTurn()
        if state.phase == "move":
            self._moves += 1
            if self._moves > 8:
                return EndPhase()
            acts = [a for a in game.legal_actions(state)
                    if a.kind in ("deliver", "pickup", "lock", "place", "move")]
            for kind in ("deliver", "lock", "pickup", "place"):
                mine = [a for a in acts if a.kind == kind]
                if mine:
                    return self.rng.choice(mine)
            moves = [a for a in acts if a.kind == "move"]
            return self.rng.choice(moves) if moves else EndPhase()
        if state.phase == "build":
            limit = min(SPEND.get(self.level, 14), state.rules.build_budget, state.player.cash)
            if state.phase_spent < limit:
                from rail_app.rules.build import legal_builds as builds

                options = [a for a in builds(state) if isinstance(a, BuildSegment | BuildFerry)
                           and game.quote(state, a).cost + state.phase_spent <= limit]
                if options:
                    last = None
                    if state.phase_built:
                        (a, b), frm, _ = state.phase_built[-1]
                        last = state.board.key(b if frm == a else a)
                    near = [a for a in options if getattr(a, "a", None) == last]
                    return self.rng.choice(near or options)
            return EndTurn()
        return EndTurn()


class ComputerSeat:
    """One computer seat: the real opponent when available, else :class:`SimpleComputer`."""

    def __init__(self, seat: int, level: str, seed: int, cards: bool = True) -> None:
        self.seat = seat
        self.level = level
        self.fallback = SimpleComputer(seed * 7 + seat, level)
        self.bot: Any = None
        if not cards:
            return  # a building-only practice game: the opponent plans deliveries, so the
            # simple builder plays instead
        try:
            from rail_app.ai.bot import Bot

            self.bot = Bot(level if level in ("easy", "normal", "hard") else "normal", seat,
                           seed)
        except Exception:  # no opponent package, or one that cannot start: play randomly
            self.bot = None

    last_think_s = 0.0
    failures = 0

    @property
    def name(self) -> str:
        return f"computer ({self.level})" if self.bot is not None else "computer (simple)"

    def next_action(self, state: Any) -> Action:
        t0 = time.perf_counter()
        try:
            if self.bot is not None and self.failures < 3:
                try:
                    return self.bot.next_action(state)  # type: ignore[no-any-return]
                except Exception:  # a bug in the opponent must not stop the game
                    self.failures += 1
            return self.fallback.next_action(state)
        finally:
            self.last_think_s = time.perf_counter() - t0
