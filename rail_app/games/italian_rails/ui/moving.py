"""Moving the train with the mouse (M1-M6): the controller's moving part.

The first click on a dot previews the route (how many turns, where the train stops each
turn, the rent), a second click on the same dot or Enter moves the train; before the train
is on the map a click on a city places it (M1). The preview and the move are the same
engine quote (:mod:`rail_app.games.italian_rails.ui.train`).
"""

from __future__ import annotations

from rail_app.core.i18n import _, money_millions
from rail_app.games.italian_rails.rules.actions import PlaceTrain, TakeBack
from rail_app.games.italian_rails.rules.quotes import TakeBackDetails
from rail_app.games.italian_rails.rules.state import Phase
from rail_app.games.italian_rails.rules.words import TAKEN_BACK
from rail_app.games.italian_rails.ui.base import Core
from rail_app.games.italian_rails.ui.table import Spot, Tone


class Moving:
    """The controller's moving part: the route preview and the train's moves."""

    def __init__(self, core: Core) -> None:
        self.core = core

    def train_click(self, pos: tuple[float, float]) -> bool:
        """A left click on the map in the move phase; True if the train moved."""
        t = self.core.table
        self.core.hush()
        if not self.core.my_move():
            if self.core.free() and self.core.state.phase is Phase.SWAPPED:
                self.core.say(_("No movement"), _("After swapping demands the train stays (C6)"),
                         Tone.INFO)
            return False
        d = self.core.dot_at(pos)
        if d is None:
            t.preview = None
            return False
        pv = t.preview
        if pv is not None and pv.target == d and pv.ok:
            return self.confirm_move()
        pv = self.core.trains.plan(d)
        t.preview = pv
        if not pv.ok:  # the preview's box at the target says why: one box, not two
            self.core.host.sounds.play("error")
        return False

    def confirm_move(self) -> bool:
        """Enter or a second click: the train goes as the preview says; a route over more
        turns is remembered, and offered in words when the next move phase begins."""
        t = self.core.table
        pv = t.preview
        if pv is None or not pv.ok or pv.action is None or not self.core.my_move():
            return False
        t.preview = None
        me = self.core.state.current
        q = self.core.do(pv.action)
        if not q.ok:
            self.core.refuse(_("Can't move"), q)
            return False
        if pv.turns > 1 and not isinstance(pv.action, PlaceTrain):
            t.destination[me] = pv.target
        else:
            t.destination.pop(me, None)
        return True

    def keep_preview_fresh(self) -> None:
        """The game changed under a route preview (a load picked up, the ferry boarded
        with the panel's button): the way to the same place is worked out again, or goes
        when the train may not move on this turn. Boarding the ferry the preview would
        board is its first step taken: the rest of the way is offered next turn."""
        t = self.core.table
        version = self.core.session.version
        pv = t.preview
        if pv is None or t.preview_version == version:
            t.preview_version = version
            return
        t.preview_version = version
        st = self.core.state
        me = st.current
        pl = st.players[me]
        if not self.core.my_move() or pl.aboard is not None:
            if pv.ok and pv.turns > 1 and st.history and st.history[-1] == (me, pv.action):
                t.destination[me] = pv.target
            t.preview = None
            return
        t.preview = self.core.trains.plan(pv.target)

    def cancel_preview(self) -> bool:
        if self.core.table.preview is None:
            return False
        self.core.table.preview = None
        self.core.table.destination.pop(self.core.state.current, None)
        return True

    def continue_trip(self, show: bool = True) -> bool:
        """The way on to the train's destination: shown, one click (or Enter) away ("on to
        Catania"), when the player asks; when the move phase begins (``show`` False) only
        offered in words, since a route preview belongs to the move it was asked in."""
        t = self.core.table
        me = self.core.state.current
        target = t.destination.get(me)
        if target is None or not self.core.my_move():
            return False
        pl = self.core.state.players[me]
        if pl.position is None or pl.aboard is not None:
            return False
        board = self.core.session.state.board
        city = board.city_of_dot.get(target)
        if pl.position == target or (city is not None and board.city_of_dot.get(pl.position)
                                     is city):
            t.destination.pop(me, None)  # arrived
            return False
        pv = self.core.trains.plan(target)
        if not pv.ok:
            t.destination.pop(me, None)
            self.core.say(_("Can't go on"), pv.reason, Tone.WARN, Spot.TOP)
            return False
        if not show:
            self.core.say(_("Heading for {place_name}").format(
                place_name=board.place_name(target)),
                _("Click it to see the way on"), Tone.INFO, Spot.TOP)
            return True
        t.preview = pv
        self.core.say(_("On to {place_name}").format(place_name=board.place_name(target)),
                 _("Click it again or press Enter to go on; Esc for another way"), Tone.INFO,
                 Spot.TOP)
        return True

    def take_back(self) -> bool:
        """Backspace, Ctrl+Z or Take back in the move phase: the train's last move, pickup,
        lock or drop is taken back (the engine says when it cannot be)."""
        if not self.core.my_move():
            return False
        t = self.core.table
        t.preview = None
        q = self.core.do(TakeBack())
        if not q.ok:
            self.core.refuse(_("Can't take back"), q)
            return False
        d = q.detail(TakeBackDetails)
        what = _(TAKEN_BACK[d.undoes]) if d is not None and d.undoes in TAKEN_BACK \
            else _("the last action")
        rent = _("; {refund} rent given back").format(refund=money_millions(d.refund)) if d is not None and d.refund else ""
        self.core.say(_("Taken back"), f"{what[:1].upper()}{what[1:]}{rent}", Tone.INFO, Spot.TOP)
        return True
