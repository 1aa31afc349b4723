"""The game screen: the map, the pen, the panels and the dialogs (UX.md "Screen layout").

:class:`GameScene` ties the parts together: events go through :mod:`.input` to the
:class:`~rail_app.games.italian_rails.ui.controller.Controller` (the only code that changes the
:class:`~rail_app.games.italian_rails.ui.table.Table` and, through the session, the game); ``update``
moves time on and composes the :class:`~rail_app.games.italian_rails.ui.frame.Frame`; ``draw`` paints the
frame and changes nothing.
"""

from __future__ import annotations

import pygame

from rail_app.core.i18n import _
from rail_app.games.italian_rails.rules.board import Board
from rail_app.games.italian_rails.rules.state import GameState
from rail_app.games.italian_rails.ui import dialogs
from rail_app.games.italian_rails.ui.camera import Camera
from rail_app.games.italian_rails.ui.coach import paint_coach
from rail_app.games.italian_rails.ui.controller import Controller
from rail_app.games.italian_rails.ui.dialogpaint import Dialog
from rail_app.games.italian_rails.ui.frame import Frame, View
from rail_app.games.italian_rails.ui.input import handle
from rail_app.games.italian_rails.ui.layout import Rects, screen_rects
from rail_app.games.italian_rails.ui.marks import paint_marks
from rail_app.games.italian_rails.ui.pen import Pen
from rail_app.games.italian_rails.ui.routes import paint_move
from rail_app.games.italian_rails.ui.table import Question, Spot, Table, Tone
from rail_app.games.italian_rails.ui.tooltips import paint_boxes
from rail_app.games.italian_rails.ui.widgets import hit, paint
from rail_app.ui import hud
from rail_app.ui.scene import Host, Scene
from rail_app.ui.session import Session

STEADY = (pygame.MOUSEMOTION,)  # events after which the frame's layout still holds


class GameScene(Scene):
    def __init__(self, app: Host, session: Session[GameState], lesson: int | None = None) -> None:
        """``lesson``: this game is the guided first game, at that step."""
        self.session = session
        self.table = Table(Camera(session.state.board, pygame.Rect(0, 0, 100, 100)), Pen(session))
        self.controller = Controller(app, session, self.table, self._settings, self._saves,
                                     self._leave)
        if lesson is not None:
            self.controller.teaching.begin_lesson(lesson)
        self.view = View(app, self.controller)
        self.rects = self._rects(app)
        self.stale = False  # the frame was made before an event that may change its layout
        super().__init__(app)
        self.table.camera.rect = pygame.Rect(self.rects.map)
        self.controller.view.fit()
        for note in session.notes:  # e.g. an older save whose map has changed since
            self.controller.core.say(_("Note"), note, Tone.WARN, Spot.TOP)
        self.frame: Frame = self.view.compose(self.rects)

    # -- what tests and tools look at -------------------------------------------------------
    @property
    def state(self) -> GameState:
        return self.session.state

    @property
    def board(self) -> Board:
        return self.session.state.board

    @property
    def camera(self) -> Camera:
        return self.table.camera

    @property
    def pen(self) -> Pen:
        return self.table.pen

    # -- layout -----------------------------------------------------------------------------
    def _rects(self, app: Host) -> Rects:
        t = self.table
        return screen_rects(app.size, app.px, t.side_open, t.history_open)

    def build(self) -> None:
        """The window or the UI scale changed: lay the screen out again."""
        self.rects = self._rects(self.app)
        self.controller.view.set_map_rect(self.rects.map)

    def _settings(self) -> None:
        """The settings, pushed over this screen: Back comes back to it (its view kept)."""
        self.app.push(self.app.screens.settings())

    def _saves(self) -> None:
        """Saving goes through the save screen (a name, the other saves), pushed over this
        one: it comes back to this very screen."""
        self.app.push(self.app.screens.saves(self.session))

    def _leave(self, question: Question | None) -> None:
        """The game is left: for the main menu (Quit), the load screen over the menu (Load)
        or, the game being over, the game over screen."""
        if question is Question.QUIT:
            self.app.reset(self.app.screens.menu())
        elif question is Question.LOAD:
            self.app.reset(self.app.screens.menu())
            self.app.push(self.app.screens.saves())
        else:
            self.app.reset(self.app.screens.game_over(self.session))

    def notify(self, headline: str, text: str) -> None:
        self.controller.core.say(headline, text, Tone.GOOD, Spot.TOP)

    # -- the loop -------------------------------------------------------------------------
    def handle_event(self, event: pygame.event.Event) -> bool:
        if self.stale or self.frame.version != self.session.version:
            # a click or a key (or a tool) changed what this event may hit since the frame
            self._compose(prepare_map=False)
        used = handle(event, self.frame, self.controller, self.app.typing())
        self.stale = self.stale or event.type not in STEADY
        return used

    def update(self, dt: float) -> None:
        super().update(dt)
        self.controller.tick(dt)
        self._compose()
        if self.table.pan_from is None:
            # what is under a still pointer changes when the screen does (a panel scrolled or
            # laid out again): a tooltip belongs to the widget there, after its own rest
            w = hit(self.frame.clickable, self.table.pointer)
            self.controller.view.hover(w.key if w is not None else None)

    def _compose(self, prepare_map: bool = True) -> None:
        self.stale = False
        self.rects = self._rects(self.app)
        self.controller.view.set_map_rect(self.rects.map)
        self.frame = self.view.compose(self.rects, prepare_map)

    def draw(self, surface: pygame.Surface) -> None:
        f = self.frame
        ctx = f.ctx
        cam = self.table.camera
        self.view.layers.blit(surface, cam)
        clip = surface.get_clip()
        surface.set_clip(cam.rect)
        paint_move(surface, ctx, self.controller.trains, f.under)
        surface.set_clip(clip)
        paint_marks(surface, ctx, f.under, f.can_start)
        paint_boxes(surface, f.notices)
        if f.top is not None:  # the top bar, its edge line and its buttons
            surface.blit(f.top, self.rects.top, f.top.get_rect(topleft=self.rects.top.topleft))
        if f.side is not None:
            hud.blit_aligned(surface, f.side, self.rects.side.topleft)
        if f.bottom is not None:
            hud.blit_aligned(surface, f.bottom, self.rects.bottom.topleft)
        hovered = self.table.hovered
        if f.dialog is not Dialog.NONE:
            dialogs.paint_dialog(surface, ctx, f.dialog)
            coach = f.coach.widgets if f.coach is not None else ()
            for w in f.dialog_widgets:
                if w not in coach:
                    paint(surface, w, w.key == hovered)
        paint_coach(surface, ctx, f.dialog, f.coach, f.clickable, hovered)
        paint_boxes(surface, f.pointer)

    # -- for tools and tests: where a control is on screen --------------------------------
    def find(self, key: object) -> pygame.Rect | None:
        """The rectangle of the widget showing ``key`` (a command or a demand), if shown."""
        w = self.frame.find(key)
        return None if w is None else pygame.Rect(w.rect)
