"""A game's timeline for watching it again: every position from the start to the last
action, reached through the game's own ``apply`` and nothing else, for any game on the table.

Position ``k`` is the game after its first ``k`` actions (0: the game as dealt). Every
:data:`KEYFRAME_EVERY` positions the state is kept (a keyframe), so a jump to any position
applies at most that many actions from the keyframe before it instead of the whole game;
the position last shown is kept too, so stepping forward applies one action.

What a replay shows of a game that is not over is what one seat could see
(:meth:`Timeline.shown`: the game's ``seen_by`` of that seat); once the game is over
everything is shown.
"""

from __future__ import annotations

import bisect
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from rail_app.table.actions import Action
from rail_app.table.gamedef import GameDef
from rail_app.table.records import Record

AnyGameDef = GameDef[Any, Any, Any]

#: A state is kept every this many actions.
KEYFRAME_EVERY = 16


@dataclass(frozen=True)
class Mark:
    """A position the scrubber marks (a turn the review found costly): where, and the one
    sentence that says why."""

    position: int
    text: str
    detail: Any = None  # what the game's replay parts draw for it (a better plan)


class Timeline:
    """Every position of one game (see the module docstring)."""

    def __init__(self, game: AnyGameDef, board: object, players: Sequence[str],
                 options: dict[str, object], seed: int,
                 actions: Sequence[tuple[int, Action]],
                 keyframe_every: int = KEYFRAME_EVERY) -> None:
        self.game = game
        self.board = board
        self.every = max(1, keyframe_every)
        state = game.rules.new_game(board, list(players), dict(options), seed)
        self.keyframes: list[Any] = [state]
        self.actions: list[tuple[int, Action]] = []
        self.turns: list[int] = [game.rules.turn(state)]  # the game turn at each position
        self.skipped = 0  # recorded actions its rules refuse (a record of another version)
        rules = game.rules
        for seat, action in actions:
            q = rules.quote(state, action, seat)
            if not q.ok:
                self.skipped += 1
                continue
            state = rules.apply_quoted(state, q, seat)
            self.actions.append((seat, action))
            self.turns.append(game.rules.turn(state))
            if len(self.actions) % self.every == 0:
                self.keyframes.append(state)
        self.final = state
        self.over = game.rules.outcome(state) is not None
        # the first position of each turn, in order
        self.turn_starts: list[int] = [0] + [k for k in range(1, len(self.turns))
                                             if self.turns[k] != self.turns[k - 1]]
        self._last: tuple[int, Any] = (len(self.actions), state)

    @classmethod
    def of_record(cls, game: AnyGameDef, record: Record, board: object) -> Timeline:
        return cls(game, board, record.players, dict(record.options), record.seed,
                   record.actions)

    # -- positions ----------------------------------------------------------------------------
    @property
    def last(self) -> int:
        """The last position (after every action)."""
        return len(self.actions)

    def clamp(self, k: int) -> int:
        return max(0, min(self.last, k))

    def state_at(self, k: int) -> Any:
        """The game after its first ``k`` actions (the real state, hidden cards and all)."""
        k = self.clamp(k)
        at, state = self._last
        base = k // self.every
        if not at <= k or k - at > k - base * self.every:
            at, state = base * self.every, self.keyframes[base]
        for seat, action in self.actions[at:k]:
            state = self.game.rules.apply(state, action, seat)
        self._last = (k, state)
        return state

    def shown(self, k: int, viewer: int | None) -> Any:
        """What a replay shows at position ``k``: everything once the game is over (or for
        no viewer), else what seat ``viewer`` could see."""
        state = self.state_at(k)
        if self.over or viewer is None:
            return state
        return self.game.rules.seen_by(state, viewer)

    def seat_at(self, k: int) -> int | None:
        """The seat that played the action leading to position ``k`` (None at the start)."""
        return self.actions[k - 1][0] if 0 < k <= self.last else None

    def turn_at(self, k: int) -> int:
        return self.turns[self.clamp(k)]

    def turn_index(self, k: int) -> int:
        """Which of :attr:`turn_starts` position ``k`` falls in."""
        return bisect.bisect_right(self.turn_starts, self.clamp(k)) - 1

    def next_turn(self, k: int) -> int:
        """The first position of the turn after the one at ``k`` (the last position when
        ``k`` is in the last turn)."""
        i = self.turn_index(k) + 1
        return self.turn_starts[i] if i < len(self.turn_starts) else self.last

    def previous_turn(self, k: int) -> int:
        """The start of the turn at ``k``; from a turn's start, the start of the one before."""
        i = self.turn_index(k)
        if self.turn_starts[i] == self.clamp(k) and i > 0:
            i -= 1
        return self.turn_starts[i]
