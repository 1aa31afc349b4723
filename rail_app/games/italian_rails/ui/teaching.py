"""Teaching: the controller's part for the guided first game and the first-game hints.

During the lesson it keeps the lesson's steps going (what the player did, the camera brought
to where a step happens, the progress kept on disk after every step), refuses, in the
lesson's words, what the lesson does not let the player do yet, and leaves, resumes or
starts the lesson over. A first-game hint read (or all hints switched off) is kept in the
settings.
"""

from __future__ import annotations

import contextlib

from rail_app.games.italian_rails.rules.actions import Action, SwapDemands
from rail_app.games.italian_rails.ui.base import Core
from rail_app.games.italian_rails.ui.commands import DismissHint
from rail_app.games.italian_rails.ui.lesson import STEPS, LessonState, Look, refusal, step_done
from rail_app.games.italian_rails.ui.pacing import ComputerTurns
from rail_app.games.italian_rails.ui.table import Modal
from rail_app.ui.kit.hints import Hints


class Teaching:
    """The controller's lesson and hints part; while a lesson runs it is the core's guard
    (what the lesson does not let the player do yet) and seats the lesson's partner."""

    def __init__(self, core: Core, computer: ComputerTurns) -> None:
        self.core = core
        self.computer = computer
        self.hints = Hints(core.host)  # the first-game hints read (kept in the settings)
        core.guard = self.guard

    def begin_lesson(self, step: int) -> None:
        """This game is the lesson, at ``step``: its plan, and the partner who passes."""
        from rail_app.games.italian_rails.ui import lessonfiles as files

        plan = files.plan_for(self.core.state)
        if plan is None:
            raise ValueError("this game's deal cannot teach the lesson")
        self.core.table.lesson = LessonState(plan, min(step, len(STEPS) - 1))
        self.computer.seat(1, files.Partner())

    def guard(self, action: Action) -> str:
        """Why the lesson does not let the player do ``action`` now ("": it may)."""
        ls = self.core.table.lesson
        if ls is None or self.core.session.actor != 0:
            return ""
        return refusal(action, self.core.state, ls)

    def lesson_look(self) -> Look | None:
        t = self.core.table
        if t.lesson is None:
            return None
        return Look(self.core.state, t.lesson, t.hovered, t.ghost is not None, bool(t.popups))

    def lesson_tick(self) -> None:
        """Notice what the player did that a step waits for; bring the camera to a step's
        place once; keep the lesson's progress on disk."""

        t = self.core.table
        ls = t.lesson
        if ls is None:
            return
        r = t.pen.refusal
        if r is not None and "B3" in r.quote.rules:
            ls.refused = True
        if t.popups and any(isinstance(a, SwapDemands) for who, a in self.core.state.history
                            if who == 0):
            ls.event_seen = True
        if ls.shown != ls.step:  # the step begins: what the player does from now on counts
            ls.shown = ls.step
            ls.track = frozenset(self.core.state.players[0].track)
        step = STEPS[min(ls.step, len(STEPS) - 1)]
        look = self.lesson_look()
        if look is not None and ls.met != ls.step and step.done(look):
            ls.met = ls.step
        if step.focus and ls.focused != ls.step:
            ls.focused = ls.step
            self.frame_place(step.focus)
        if ls.saved != ls.step:
            ls.saved = ls.step
            self.keep_progress(ls.step)

    def keep_progress(self, step: int) -> None:
        """The lesson's step and game, kept to be resumed; a disk that takes neither is
        said, as any failed autosave is."""
        from rail_app.games.italian_rails.ui import lessonfiles as files

        # a disk that takes no file: the autosave just below fails the same way, and says why
        with contextlib.suppress(OSError):
            files.write_progress(step)
        self.core.autosave()

    def frame_place(self, what: str) -> None:
        """The camera on the lesson's line from one city to the other (or on the ferry's
        route from the first city), clear of the lesson's panel at the lower left."""
        ls = self.core.table.lesson
        assert ls is not None
        board = self.core.session.state.board
        if what == "ferry":  # the port and the first half of the crossing
            a, b = (board.dots[p] for p in board.ferries[ls.plan.ferry].ports)
            pts = [(a.x, a.y), ((a.x + b.x) / 2, (a.y + b.y) / 2)]
        else:
            pts = [(board.dots[d].x, board.dots[d].y) for d in ls.plan.line]
        x0, x1 = min(x for x, _ in pts), max(x for x, _ in pts)
        y0, y1 = min(y for _, y in pts), max(y for _, y in pts)
        cam = self.core.table.camera
        span = max(x1 - x0, y1 - y0) + 200.0
        cam.level = cam.level_for(min(cam.rect.w, cam.rect.h) / span * 20)
        cam.centre_on((x0 + x1) / 2, (y0 + y1) / 2)
        px = self.core.host.px
        cam.pan_px(px(170), -px(50))  # the panel stands at the lower left
        self.core.table.fitted = False

    def lesson_next(self) -> None:
        """Next (or Finish) on a step that is done."""
        from rail_app.games.italian_rails.ui import lessonfiles as files

        t = self.core.table
        ls = t.lesson
        look = self.lesson_look()
        if ls is None or look is None or not step_done(look):
            return
        if ls.step >= len(STEPS) - 1:
            files.forget()
            t.lesson = None
            self.core.host.reset(self.core.host.screens.menu())
            return
        ls.step += 1

    def lesson_leave(self) -> None:
        """Leave the lesson: it is kept, to be resumed from the main menu."""

        ls = self.core.table.lesson
        if ls is not None:
            self.keep_progress(ls.step)
        self.core.host.reset(self.core.host.screens.menu())

    def lesson_restart(self) -> None:
        from rail_app.games.italian_rails.ui import lessonfiles as files

        files.forget()
        host = self.core.host
        host.reset(host.screens.game(files.new_session(), 0))

    def dismiss_hint(self, cmd: DismissHint) -> None:
        self.hints.dismiss(cmd.hint)

    def hints_off(self) -> None:
        self.hints.off()
        self.core.table.modal = Modal.NONE if self.core.table.modal is Modal.HELP else self.core.table.modal
