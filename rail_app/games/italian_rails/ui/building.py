"""Drawing track with the pen and the eraser (K1-K10): the controller's building part.

A press on a legal dot starts a stroke, the pointer extends it dot to dot (each segment
quoted by the engine on the state the earlier ones leave, :mod:`rail_app.games.italian_rails.ui.pen`), and the
release applies the legal part of the stroke. Backspace, Ctrl+Z, a right-click on a fresh
segment and Clear erase track drawn this phase (K10).
"""

from __future__ import annotations

from rail_app.games.italian_rails.rules.quotes import Quote
from rail_app.games.italian_rails.rules.state import Phase
from rail_app.games.italian_rails.ui.base import ControllerBase
from rail_app.games.italian_rails.ui.ferries import ferry_near
from rail_app.games.italian_rails.ui.ink import edges_near
from rail_app.games.italian_rails.ui.pen import erase_action
from rail_app.games.italian_rails.ui.table import Modal, Spot, Tone


class Building(ControllerBase):
    def building(self) -> bool:
        """A person may draw or erase now."""
        return self.free() and self.state.phase is Phase.BUILD

    def pen_down(self, pos: tuple[float, float]) -> bool:
        """Left press on the map in the build phase: start a stroke at the dot there."""
        if not self.human_turn():
            return False
        self.hush()
        if self.state.phase is Phase.MOVE:
            self.say("Move phase", "Press Enter (End move) to start building.", Tone.INFO)
            return False
        if not self.building():
            return False
        d = self.dot_at(pos)
        if d is not None and self.table.pen.start(d):
            return True
        ferry = ferry_near(self.session.state.board, self.table.camera, pos)
        if ferry is not None:  # a click on a ferry's route offers to take it (K8)
            self.table.offer = ferry.index
            self.table.modal = Modal.FERRY
            return False
        if d is not None:
            self.say("Can't start here",
                     "Start at an outer dot of a red hexagon or from your own track (K1)")
        return False

    def pen_move(self, pos: tuple[float, float]) -> None:
        pen = self.table.pen
        before = pen.refusal
        n = len(pen.steps)
        pen.move_to(self.dot_at(pos, 0.42))
        if len(pen.steps) > n:
            self.host.sounds.play("squeak")
        r = pen.refusal
        if r is not None and (before is None or (before.frm, before.to) != (r.frm, r.to)):
            self.host.sounds.play("error")

    def pen_up(self, pos: tuple[float, float]) -> list[Quote]:
        """Release: apply the legal part of the stroke, segment by segment."""
        pen = self.table.pen
        refusal = pen.refusal
        steps = list(pen.steps)
        pen.release()
        out: list[Quote] = []
        for step in steps:
            q = self.do(step.action)
            out.append(q)
            if not q.ok:
                self.refuse("Can't build here", q, pos)
                break
            self.table.last_build = step.to
        if refusal is not None:
            reason = refusal.reason(self.session.state.board)
            self.say("Can't build here", reason, Tone.ERROR, Spot.POINTER, pos)
        return out

    def cancel_stroke(self) -> bool:
        """Esc while drawing: the stroke is dropped, nothing is built."""
        if not self.table.pen.active:
            return False
        self.table.pen.cancel()
        return True

    def erase_last(self) -> bool:
        """Backspace / Ctrl+Z: take back the pen's last segment, or erase the last segment
        drawn this phase (K10)."""
        if not self.building():
            return False
        pen = self.table.pen
        if pen.active:
            if pen.steps:
                pen.move_to(pen.path[-2])
            return True
        act = erase_action(self.session)
        if act is None:
            self.say("Nothing to erase", "Only track drawn this phase can be erased (K10)",
                     Tone.INFO)
            return False
        q = self.do(act)
        if not q.ok:
            self.refuse("Can't erase", q)
        return q.ok

    def erase_at(self, pos: tuple[float, float]) -> bool:
        """Right-click on a segment drawn this phase: erase it (K10)."""
        if not self.building():
            return False
        fresh = [e for e, _, _ in self.state.phase_built]
        e = edges_near(self.session.state.board, self.table.camera, pos[0], pos[1], fresh)
        if e is None:
            return False
        act = erase_action(self.session, e)
        if act is None:
            return False
        q = self.do(act)
        if not q.ok:
            self.refuse("Can't erase", q, pos)
        return q.ok

    def clear_phase(self) -> int:
        """Clear: erase everything drawn this phase (K10); returns how many segments."""
        if not self.building():
            return 0
        self.table.pen.cancel()
        n = 0
        while True:
            act = erase_action(self.session)
            if act is None or not self.do(act).ok:
                return n
            n += 1
