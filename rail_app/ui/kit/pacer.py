"""The computer's moves on a game's screen, at a pace a person can follow (UX.md "Pace and
feedback": about a third of a second an action, Space plays on at once).

The pacer is the one place a screen asks a computer player for its move, and it hands the
player what that seat may see: the game's ``seen_by(state, seat)``, never the whole state
(DESIGN.md habit 20; a hidden hand, the deck's order and the like stay hidden). The move
goes through the screen's own door to the game (``play``: the same one a person's clicks
go through), and a move the rules refuse is the computer player's bug, raised at once.

A computer player that may think for a while (Steam's levels on a large map) thinks in a
thread of its own, so that the screen keeps answering; a quick one is asked in the frame.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from concurrent.futures import Future, ThreadPoolExecutor, wait
from dataclasses import dataclass
from typing import Any, Generic, TypeVar

from rail_app.table.gamedef import Player
from rail_app.table.quotes import IllegalAction, QuoteLike

S = TypeVar("S")
A = TypeVar("A")

COMPUTER_STEP = 0.33  # seconds per computer action
QUICK = 0.03  # a decision that comes within this much of a frame is played in the frame


@dataclass
class Pace:
    """The computer's pace, as a screen's table model keeps it."""

    clock: float = 0.0  # seconds since the last computer action (less any pause)
    skip: bool = False  # Space: the computer's moves at once


def seated(session: Any, seed_of: Callable[[int], int]) -> Callable[[int], Player[Any, Any]]:
    """The computer players of a session's seats: each seat's level of the game's players
    (``GameDef.player``), seeded with ``seed_of(seat)``."""

    def make(seat: int) -> Player[Any, Any]:
        level = str(session.setup.seats[seat].level)
        return session.game.player(level, seat, seed_of(seat))  # type: ignore[no-any-return]

    return make


class Pacer(Generic[S, A]):
    """The computer seats of one screen's session.

    ``play(action)`` is the screen's door (it applies the action through the session and
    shows it: a sound, a mark on the map) and returns the quote. ``until_person``: Space
    and the pace run on through the computer seats until a person is to act (else each
    computer seat's turn begins at the pace again). ``threaded``: each decision is thought
    out in a thread of its own. ``budget``: the most seconds a frame spends playing."""

    def __init__(self, session: Any, play: Callable[[A], QuoteLike],
                 make: Callable[[int], Player[S, A]], *, step: float = COMPUTER_STEP,
                 threaded: bool = False, until_person: bool = False,
                 budget: float | None = None, pace: Pace | None = None) -> None:
        self.session = session
        self.play = play
        self.make = make
        self.step = step
        self.threaded = threaded
        self.until_person = until_person
        self.budget = budget
        self.players: dict[int, Player[S, A]] = {}
        self.pace = pace if pace is not None else Pace()
        #: the decision being thought out: its future, the game's version and the seat
        self.thinking: tuple[Future[A], int, int] | None = None
        self._pool: ThreadPoolExecutor | None = None

    # -- who plays ---------------------------------------------------------------------------
    def to_act(self) -> bool:
        """A computer seat is to act (the game not over)."""
        return bool(self.session.seat.computer) and not self.session.over

    def player(self, seat: int) -> Player[S, A]:
        found = self.players.get(seat)
        if found is None:
            found = self.players[seat] = self.make(seat)
        return found

    def seat(self, seat: int, player: Player[S, A]) -> None:
        """``player`` plays ``seat`` (e.g. the lesson's partner)."""
        self.players[seat] = player

    def view(self, seat: int) -> S:
        """What ``seat`` may see of the game now: all a computer player is handed."""
        return self.session.game.rules.seen_by(self.session.state, seat)  # type: ignore[no-any-return]

    def choose(self, seat: int) -> A:
        """``seat``'s computer player's next action, from what the seat may see."""
        return self.player(seat).choose(self.view(seat))

    # -- time --------------------------------------------------------------------------------
    def skip_now(self) -> None:
        """Space: the computer plays on without pauses."""
        if self.to_act():
            self.pace.skip = True

    def pause(self, seconds: float) -> None:
        """Wait ``seconds`` more before the next move (a move left on show a moment)."""
        self.pace.clock -= seconds

    def tick(self, dt: float, held: bool = False, busy: Callable[[], bool] = lambda: False
             ) -> None:
        """``dt`` seconds passed: play the computer's moves whose time has come. ``held``:
        the screen waits for a person (a dialog, a page, the curtain) and time stands
        still; ``busy()``: something of the last move still runs (a train on its way),
        the next waits for it."""
        if not self.to_act():
            self.pace.skip = False
            self.pace.clock = 0.0
            return
        if held:
            return
        self.pace.clock += dt
        start = time.monotonic()
        me = self.session.actor
        while self.to_act() and (self.until_person or self.session.actor == me) and not busy():
            if self.thinking is None:
                if not (self.pace.skip or self.pace.clock >= self.step):
                    break
                self.pace.clock = max(0.0, self.pace.clock - self.step)
                seat = self.session.actor
                if not self.threaded:
                    self._play(seat, self.choose(seat))
                    if self._spent(start):
                        break
                    continue
                view = self.view(seat)
                self.thinking = (self.pool().submit(self.player(seat).choose, view),
                                 self.session.version, seat)
            future, version, seat = self.thinking
            if not future.done():  # a quick decision comes within the frame
                wait([future], timeout=max(0.0, QUICK - (time.monotonic() - start)))
                if not future.done():
                    break
            self.thinking = None
            action = future.result()  # a computer player's error is raised here
            if version != self.session.version:
                continue  # the game moved on meanwhile (a game loaded): think again
            self._play(seat, action)
            if self._spent(start):
                break
        if not self.to_act() or (not self.until_person and self.session.actor != me):
            self.pace.skip = False
            self.pace.clock = 0.0

    def _spent(self, start: float) -> bool:
        return self.budget is not None and time.monotonic() - start > self.budget

    def _play(self, seat: int, action: A) -> None:
        q = self.play(action)
        if not q.ok:  # the computer plays by the rules: a refusal is its bug
            raise IllegalAction(q, f"the computer player of seat {seat + 1} chose {action!r}, "
                                   "which the rules refuse")

    # -- the thread --------------------------------------------------------------------------
    def pool(self) -> ThreadPoolExecutor:
        if self._pool is None:
            self._pool = ThreadPoolExecutor(max_workers=1, thread_name_prefix="computer")
        return self._pool

    def leave(self) -> None:
        """The screen is left: a decision being thought out is dropped."""
        if self._pool is not None:
            self._pool.shutdown(wait=False, cancel_futures=True)
            self._pool = None
        self.thinking = None
