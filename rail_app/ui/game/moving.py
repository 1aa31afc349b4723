"""Moving the train with the mouse (M1-M6): the controller's moving part.

The first click on a dot previews the route (how many turns, where the train stops each
turn, the rent), a second click on the same dot or Enter moves the train; before the train
is on the map a click on a city places it (M1). The preview and the move are the same
engine quote (:mod:`rail_app.ui.train`).
"""

from __future__ import annotations

from rail_app.rules.state import Phase
from rail_app.ui.game.base import ControllerBase
from rail_app.ui.game.table import Tone


class Moving(ControllerBase):
    def train_click(self, pos: tuple[float, float]) -> bool:
        """A left click on the map in the move phase; True if the train moved."""
        t = self.table
        self.hush()
        if not self.my_move():
            if self.free() and self.state.phase is Phase.SWAPPED:
                self.say("No movement", "After swapping demands the train stays (C6)",
                         Tone.INFO)
            return False
        d = self.dot_at(pos)
        if d is None:
            t.preview = None
            return False
        pv = t.preview
        if pv is not None and pv.target == d and pv.ok:
            return self.confirm_move()
        pv = self.trains.plan(d)
        t.preview = pv
        if not pv.ok:  # the preview's box at the target says why: one box, not two
            self.host.sounds.play("error")
        return False

    def confirm_move(self) -> bool:
        """Enter or a second click: the train goes as the preview says."""
        pv = self.table.preview
        if pv is None or not pv.ok or pv.action is None or not self.my_move():
            return False
        self.table.preview = None
        q = self.do(pv.action)
        if not q.ok:
            self.refuse("Can't move", q)
            return False
        return True

    def cancel_preview(self) -> bool:
        if self.table.preview is None:
            return False
        self.table.preview = None
        return True
