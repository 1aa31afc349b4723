"""The computer's turns, played out at a pace a person can follow (UX.md "Pace and feedback"):
about a third of a second per action and a visible train run; Space plays the rest of the
turn at once. The computer opponent acts only by actions, through the same door as a person
(:meth:`Core.do <rail_app.games.italian_rails.ui.base.Core.do>`)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Protocol

from rail_app.games.italian_rails.ai.bot import Bot
from rail_app.games.italian_rails.rules.actions import Action, BuildSegment, PlaceTrain
from rail_app.games.italian_rails.rules.quotes import IllegalAction
from rail_app.games.italian_rails.rules.state import GameState
from rail_app.games.italian_rails.ui.base import Core
from rail_app.games.italian_rails.ui.table import Modal

COMPUTER_STEP = 0.33  # seconds per computer action


class Player(Protocol):
    """Who plays a computer seat: the computer opponent, or the lesson's partner."""

    def next_action(self, state: GameState) -> Action: ...


class ComputerTurns:
    """The controller's part that plays the computer seats (it owns their players)."""

    def __init__(self, core: Core, bots: dict[int, Player],
                 follow: Callable[[int], None] = lambda dot: None) -> None:
        self.core = core
        self.bots = bots
        self.follow = follow  # the view follows where the computer builds (a dot)

    def computer_to_act(self) -> bool:
        return self.core.session.seat.computer and not self.core.session.over

    def bot(self, seat: int) -> Player:
        bot = self.bots.get(seat)
        if bot is None:
            setup = self.core.session.setup
            bot = self.bots[seat] = Bot(setup.seats[seat].level, seat, setup.seed)
        return bot

    def skip_computer(self) -> None:
        """Space: the computer plays the rest of its turn without pauses or runs."""
        if self.computer_to_act():
            self.core.table.pacing.skip = True
        if self.core.table.run is not None:
            self.core.table.run.t = 1e9

    def play_computer(self, dt: float) -> None:
        """Let a computer seat act when its time has come (none while a dialog or the
        curtain is up, or its train still runs)."""
        t = self.core.table
        pace = t.pacing
        if not self.computer_to_act() or t.curtain is not None or t.modal is not Modal.NONE:
            return
        pace.clock += dt
        me = self.core.session.actor
        while (self.core.session.actor == me and not self.core.session.over and t.run is None
               and not t.popups and (pace.skip or pace.clock >= COMPUTER_STEP)):
            pace.clock = max(0.0, pace.clock - COMPUTER_STEP)
            act = self.bot(me).next_action(self.core.state)
            q = self.core.do(act)
            if not q.ok:  # the computer opponent plays by the rules: a refusal is its bug
                raise IllegalAction(q)
            if isinstance(act, BuildSegment):
                t.last_build = self.core.session.state.board.dot(act.b)
                self.follow(t.last_build)
                if not pace.skip:
                    self.core.host.sounds.play("squeak")
            elif isinstance(act, PlaceTrain):
                self.follow(self.core.session.state.board.dot(act.dot))
            self.core.watch()
        if self.core.session.actor != me or self.core.session.over:
            pace.skip = False
            pace.clock = 0.0
