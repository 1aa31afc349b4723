"""Drawing track with the pen and the eraser (K1-K10): the controller's building part.

A press on a legal dot starts a stroke, the pointer extends it dot to dot (each segment
quoted by the engine on the state the earlier ones leave, :mod:`rail_app.games.italian_rails.ui.pen`), and the
release applies the legal part of the stroke. Backspace, Ctrl+Z, a right-click on a fresh
segment and Clear erase track drawn this phase (K10).
"""

from __future__ import annotations

from rail_app.core.i18n import _
from rail_app.games.italian_rails.rules.quotes import Quote
from rail_app.games.italian_rails.rules.state import Phase
from rail_app.games.italian_rails.ui.base import Core
from rail_app.games.italian_rails.ui.ferries import ferry_near
from rail_app.games.italian_rails.ui.ink import edges_near
from rail_app.games.italian_rails.ui.pen import erase_action
from rail_app.games.italian_rails.ui.table import Modal, Spot, Tone


class Building:
    """The controller's building part: the pen and the eraser."""

    def __init__(self, core: Core) -> None:
        self.core = core

    def building(self) -> bool:
        """A person may draw or erase now."""
        return self.core.free() and self.core.state.phase is Phase.BUILD

    def pen_down(self, pos: tuple[float, float]) -> bool:
        """Left press on the map in the build phase: start a stroke at the dot there."""
        if not self.core.human_turn():
            return False
        self.core.hush()
        if self.core.state.phase is Phase.MOVE:
            self.core.say(_("Move phase"), _("Press Enter (End move) to start building."), Tone.INFO)
            return False
        if not self.building():
            return False
        d = self.core.dot_at(pos)
        if d is not None and self.core.table.pen.start(d):
            return True
        ferry = ferry_near(self.core.session.state.board, self.core.table.camera, pos)
        if ferry is not None:  # a click on a ferry's route offers to take it (K8)
            self.core.table.offer = ferry.index
            self.core.table.modal = Modal.FERRY
            return False
        if d is not None:
            self.core.say(_("Can't start here"),
                     _("Start at an outer dot of a red hexagon or from your own track (K1)"))
        return False

    def pen_move(self, pos: tuple[float, float]) -> None:
        pen = self.core.table.pen
        before = pen.refusal
        n = len(pen.steps)
        pen.move_to(self.core.dot_at(pos, 0.42))
        if len(pen.steps) > n:
            self.core.host.sounds.play("squeak")
        r = pen.refusal
        if r is not None and (before is None or (before.frm, before.to) != (r.frm, r.to)):
            self.core.host.sounds.play("error")

    def pen_up(self, pos: tuple[float, float]) -> list[Quote]:
        """Release: apply the legal part of the stroke, segment by segment."""
        pen = self.core.table.pen
        refusal = pen.refusal
        steps = list(pen.steps)
        line = tuple((s.frm, s.to) for s in steps)  # the box of a refusal keeps clear of it
        if refusal is not None:
            line += ((refusal.frm, refusal.to),)
        pen.release()
        out: list[Quote] = []
        for i, step in enumerate(steps):
            q = self.core.do(step.action, (step.quote, step.base + i))
            out.append(q)
            if not q.ok:
                self.core.refuse(_("Can't build here"), q, pos, line)
                break
            self.core.table.last_build = step.to
        if refusal is not None:
            reason = refusal.reason(self.core.session.state.board)
            self.core.say(_("Can't build here"), reason, Tone.ERROR, Spot.POINTER, pos, line)
        return out

    def cancel_stroke(self) -> bool:
        """Esc while drawing: the stroke is dropped, nothing is built."""
        if not self.core.table.pen.active:
            return False
        self.core.table.pen.cancel()
        return True

    def erase_last(self) -> bool:
        """Backspace / Ctrl+Z: take back the pen's last segment, or erase the last segment
        drawn this phase (K10)."""
        if not self.building():
            return False
        pen = self.core.table.pen
        if pen.active:
            if pen.steps:
                pen.move_to(pen.path[-2])
            return True
        act = erase_action(self.core.session)
        if act is None:
            self.core.say(_("Nothing to erase"), _("Only track drawn this phase can be erased (K10)"),
                     Tone.INFO)
            return False
        q = self.core.do(act)
        if not q.ok:
            self.core.refuse(_("Can't erase"), q)
        return q.ok

    def erase_at(self, pos: tuple[float, float]) -> bool:
        """Right-click on a segment drawn this phase: erase it (K10)."""
        if not self.building():
            return False
        fresh = [e for e, _a, _b in self.core.state.phase_built]
        e = edges_near(self.core.session.state.board, self.core.table.camera, pos[0], pos[1], fresh)
        if e is None:
            return False
        act = erase_action(self.core.session, e)
        if act is None:
            return False
        q = self.core.do(act)
        if not q.ok:
            self.core.refuse(_("Can't erase"), q, pos)
        return q.ok

    def clear_phase(self) -> int:
        """Clear: erase everything drawn this phase (K10); returns how many segments."""
        if not self.building():
            return 0
        self.core.table.pen.cancel()
        n = 0
        while True:
            act = erase_action(self.core.session)
            if act is None or not self.core.do(act).ok:
                return n
            n += 1
