"""The controller's core on Steam's screen: the one door to the game and the notices.

:class:`Core` holds the app, the session, the table model and the map; its :meth:`Core.do`
is the only place of the screen that calls ``Session.apply`` for a person's action (the
computer's go through the same door, from the kit's pacer), and ``Session.take_back`` for
a stroke taken back. The controller's parts (viewing, building, moving, the computer's
turns) are each given the core and call it; none inherits from it or from another part.
"""

from __future__ import annotations

from rail_app.games.steam.rules.actions import Action
from rail_app.games.steam.rules.quotes import Quote
from rail_app.games.steam.rules.state import GameState
from rail_app.games.steam.ui import palette as pal
from rail_app.games.steam.ui import words
from rail_app.games.steam.ui.mapview import MapView
from rail_app.games.steam.ui.table import NOTICE_TIME, Table
from rail_app.ui.kit import notices as said
from rail_app.ui.kit.notices import Notice, Spot, Tone
from rail_app.ui.palette import INKS
from rail_app.ui.scene import Host
from rail_app.ui.session import Session


class Core:
    """The game, the table model, the map and the app, as every part of the controller
    reaches them (see the module docstring)."""

    def __init__(self, host: Host, session: Session[GameState], table: Table,
                 map_view: MapView) -> None:
        self.host = host
        self.session = session
        self.table = table
        self.map = map_view

    @property
    def state(self) -> GameState:
        return self.session.state

    def person_to_act(self) -> bool:
        """A person acts now (not a computer seat, the game not over)."""
        return not self.session.over and not self.session.seat.computer

    def inks(self) -> list[pal.RGB]:
        return [INKS.get(s.ink, INKS["blue"]) for s in self.session.setup.seats]

    # -- the one door to the game --------------------------------------------------------
    def do(self, action: Action) -> Quote:
        """Quote and apply ``action`` through the session; a refusal is said at the
        pointer, with its rule."""
        q: Quote = self.session.apply(action)
        if not q.ok:
            self.say(words.refusal(q.violations[0]), self.table.pointer)
        return q

    def take_back(self, count: int) -> None:
        """The game played again without its last ``count`` actions (a stroke)."""
        self.session.take_back(count)

    # -- notices -------------------------------------------------------------------------
    def say(self, text: str, at: tuple[int, int] | None = None, bad: bool = True) -> None:
        """A notice at ``at`` on the screen (else at the top of the map); it replaces the
        one shown there."""
        spot = Spot.TOP if at is None else Spot.POINTER
        where = (0.0, 0.0) if at is None else (float(at[0]), float(at[1]))
        t = self.table
        t.notices = said.post(t.notices, Notice(text, "", Tone.ERROR if bad else Tone.INFO,
                                                spot, where, life=NOTICE_TIME))

    def autosave(self) -> None:
        self.session.autosave()
