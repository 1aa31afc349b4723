"""The computer's turns, played out at a pace a person can follow (UX.md "Pace and feedback"):
about a third of a second per action and a visible train run; Space plays the rest of the
turn at once. The screen kit's :class:`~rail_app.ui.kit.pacer.Pacer` asks the computer
player, handing it what its seat may see, and each action goes through the same door as a
person's (:meth:`Core.do <rail_app.games.italian_rails.ui.base.Core.do>`)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Protocol

from rail_app.games.italian_rails.rules.actions import Action, BuildSegment, PlaceTrain
from rail_app.games.italian_rails.rules.quotes import Quote
from rail_app.games.italian_rails.rules.state import GameState
from rail_app.games.italian_rails.ui.base import Core
from rail_app.games.italian_rails.ui.table import Modal
from rail_app.ui.kit.pacer import Pacer, seated


class Player(Protocol):
    """Who plays a computer seat: a level of the computer opponent, or the lesson's
    partner; handed what its seat may see."""

    def choose(self, view: GameState) -> Action: ...


class ComputerTurns:
    """The controller's part that plays the computer seats (its pacer owns their
    players)."""

    def __init__(self, core: Core, follow: Callable[[int], None] = lambda dot: None) -> None:
        self.core = core
        self.follow = follow  # the view follows where the computer builds (a dot)
        session = core.session
        self.pacer: Pacer[GameState, Action] = Pacer(
            session, self.play, seated(session, lambda seat: session.setup.seed),
            pace=core.table.pacing)

    def computer_to_act(self) -> bool:
        return self.pacer.to_act()

    def seat(self, seat: int, player: Player) -> None:
        """``player`` plays ``seat`` (the lesson's partner)."""
        self.pacer.seat(seat, player)

    def skip_computer(self) -> None:
        """Space: the computer plays the rest of its turn without pauses or runs."""
        self.pacer.skip_now()
        if self.core.table.run is not None:
            self.core.table.run.t = 1e9

    def play_computer(self, dt: float) -> None:
        """Let a computer seat act when its time has come (none while a dialog or the
        curtain is up, or its train still runs, or an event card waits to be read)."""
        t = self.core.table
        self.pacer.tick(dt, held=t.curtain.down or t.modal is not Modal.NONE,
                        busy=lambda: t.run is not None or bool(t.popups))

    def play(self, act: Action) -> Quote:
        """A computer's action through the screen's door; the view follows its building."""
        q = self.core.do(act)
        if not q.ok:
            return q
        t = self.core.table
        if isinstance(act, BuildSegment):
            t.last_build = self.core.session.state.board.dot(act.b)
            self.follow(t.last_build)
            if not t.pacing.skip:
                self.core.host.sounds.play("squeak")
        elif isinstance(act, PlaceTrain):
            self.follow(self.core.session.state.board.dot(act.dot))
        self.core.watch()
        return q
