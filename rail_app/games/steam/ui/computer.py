"""The computer seats on Steam's screen: the screen kit's pacer plays them a third of a
second an action (Space plays on until a person is to act), each level thinking in a thread
of its own and handed what its seat may see; a computer's delivery or tile stays marked on
the map a moment: the controller's computer part."""

from __future__ import annotations

from rail_app.games.steam.rules import goods
from rail_app.games.steam.rules.actions import Action, LayTile, MoveCube, RedirectTile, UpgradeTile
from rail_app.games.steam.rules.quotes import Quote
from rail_app.games.steam.rules.state import GameState
from rail_app.games.steam.ui.core import Core
from rail_app.games.steam.ui.table import FLASH_TIME, Flash, Page
from rail_app.ui.kit.pacer import Pacer, seated

BUDGET = 0.05  # the most seconds a frame spends on the computer's moves


class ComputerTurns:
    def __init__(self, core: Core) -> None:
        self.core = core
        session = core.session
        self.pacer: Pacer[GameState, Action] = Pacer(
            session, self.play, seated(session, lambda seat: session.setup.seed + seat),
            threaded=True, until_person=True, budget=BUDGET, pace=core.table.pace)

    def to_act(self) -> bool:
        return self.pacer.to_act()

    def skip(self) -> None:
        """Space: the computer plays on without pauses until a person is to act."""
        self.pacer.skip_now()

    def tick(self, dt: float) -> None:
        self.pacer.tick(dt, held=self.core.table.page is not Page.NONE)

    def play(self, action: Action) -> Quote:
        """A computer's action through the screen's door; its delivery or tile is
        marked."""
        before = self.core.state
        q = self.core.do(action)
        if q.ok:
            self.show(before, action)
        return q

    def show(self, before: GameState, act: Action) -> None:
        """A computer's tile or delivery stays marked on the map a moment (the next action
        waits for a delivery unless Space was pressed)."""
        t = self.core.table
        if isinstance(act, MoveCube):
            route, _v = goods.resolve(before, act, before.actor() or 0)
            if route is not None:
                t.flash = Flash(FLASH_TIME, frozenset(route.links), ())
                self.pacer.pause(FLASH_TIME)
        elif isinstance(act, (LayTile, UpgradeTile, RedirectTile)):
            h = before.board.hex_index(act.hex)
            if h is not None:
                t.flash = Flash(FLASH_TIME / 2, frozenset(), (h,))

    def leave(self) -> None:
        self.pacer.leave()
