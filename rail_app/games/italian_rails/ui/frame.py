"""What the game screen shows this frame, worked out before drawing.

:meth:`View.compose` (called from the scene's update) lays out the widgets and paints the
panels' pictures when what they show changed (keyed on the game's version and the table's
fields, never on object identity), and prepares the map's layers. The :class:`Frame` it
returns is what drawing paints and what a click is matched against, so the two never
disagree; drawing changes nothing.
"""

from __future__ import annotations

from dataclasses import dataclass, field

import pygame

from rail_app.core.i18n import _
from rail_app.games.italian_rails.rules.state import Phase
from rail_app.games.italian_rails.ui import bars, dialogs
from rail_app.games.italian_rails.ui.coach import Panel, current_hint, hint_panel, lesson_panel
from rail_app.games.italian_rails.ui.commands import Demand
from rail_app.games.italian_rails.ui.controller import Controller
from rail_app.games.italian_rails.ui.ctx import Ctx, inks
from rail_app.games.italian_rails.ui.dialogpaint import Dialog
from rail_app.games.italian_rails.ui.history import paint_history
from rail_app.games.italian_rails.ui.layout import Rects
from rail_app.games.italian_rails.ui.marks import map_names
from rail_app.games.italian_rails.ui.side import paint_side
from rail_app.games.italian_rails.ui.tooltips import Box, notice_boxes, pointer_boxes
from rail_app.games.italian_rails.ui.track import MapLayers
from rail_app.games.italian_rails.ui.widgets import Widget, paint
from rail_app.ui import hud
from rail_app.ui.scene import Host


@dataclass
class Frame:
    ctx: Ctx
    dialog: Dialog
    widgets: list[Widget]  # the screen's widgets, in painting order (the topmost last)
    dialog_widgets: list[Widget]  # a dialog's: while one is up, only these take clicks
    top: pygame.Surface | None = None  # the top bar with its buttons
    side: pygame.Surface | None = None
    bottom: pygame.Surface | None = None
    side_limit: int = 0  # how far the side panel scrolls
    history_rows: int = 0  # the history's rows (its lines wrapped to the width)
    history_fits: int = 0  # ... and how many of them it shows at once
    under: int | None = None  # the dot under the pointer
    can_start: bool = False  # ... and a stroke may start there (it is ringed)
    thinking: str = ""  # "Bruno is thinking..." while a computer plays
    version: int = -1  # the game's version the frame shows
    notices: list[Box] = field(default_factory=list)  # notices standing at their place
    pointer: list[Box] = field(default_factory=list)  # the preview's box, the pointer's box
    hint: str | None = None  # the first-game hint shown
    coach: Panel | None = None  # the lesson's panel or the hint shown, with its buttons

    @property
    def clickable(self) -> list[Widget]:
        return self.dialog_widgets if self.dialog is not Dialog.NONE else self.widgets

    def find(self, key: object) -> Widget | None:
        """The widget showing ``key`` (a command or a demand), if it is on screen."""
        return next((w for w in reversed(self.clickable) if w.key == key), None)


class View:
    """The game screen's pictures and layouts, kept while what they show stays the same."""

    def __init__(self, host: Host, ctrl: Controller) -> None:
        self.host = host
        self.ctrl = ctrl
        self.layers = MapLayers(ctrl.session.state.board)
        self._side: tuple[object, tuple[pygame.Surface, list[Widget], int]] | None = None
        self._bottom: tuple[object, tuple[pygame.Surface, list[Widget], tuple[int, int]]] | None \
            = None
        self._buttons: tuple[object, list[Widget]] | None = None
        self._top: tuple[object, pygame.Surface] | None = None

    def forget(self) -> None:
        """Throw away the panels' pictures (they are painted again next frame)."""
        self._side = self._bottom = self._top = None

    def compose(self, rects: Rects, prepare_map: bool = True) -> Frame:
        """This frame's layout and pictures; with ``prepare_map`` the map's layers do their
        work for the frame too (once a frame: after an event only the layout is renewed)."""
        ctrl = self.ctrl
        t = ctrl.table
        session = ctrl.session
        host = self.host
        # the map's names, once this zoom level's pictures (and so its names) are ready
        done = self.layers.base.complete(t.camera, self.layers.track)
        names = map_names(session.state.board, t.camera) if done else ()
        ctx = Ctx(session, t, rects, host.px, ctrl.core.viewer(), ctrl.core.human_turn(), ctrl.core.free(),
                  inks(session, host.settings), host.settings.hints, names,
                  tuple(host.settings.hints_seen))
        if prepare_map:
            self.layers.prepare(t.camera, session.state, session.version, ctx.inks)
        dialog = dialogs.current(ctx)
        # the dot under the pointer (none looked for while the map is being dragged)
        under = ctrl.core.dot_at(t.pointer) if dialog is Dialog.NONE and t.pan_from is None \
            else None
        can_start = (under is not None and ctx.free and session.state.phase is Phase.BUILD
                     and not t.pen.active and t.pen.can_start(under))
        frame = Frame(ctx, dialog, [], [], under=under, can_start=can_start,
                      version=session.version)
        if dialog is not Dialog.NONE:
            frame.dialog_widgets = dialogs.dialog_widgets(ctx, dialog)
        widgets = bars.top_widgets(ctx)
        if rects.side.w > 0:
            frame.side, side_widgets, content = self._side_picture(ctx)
            frame.side_limit = max(0, content - rects.side.h)
            widgets += side_widgets
        frame.bottom, bottom_widgets, (frame.history_rows, frame.history_fits) = \
            self._bottom_picture(ctx)
        widgets += bottom_widgets
        frame.widgets = widgets
        t.coach_box = None
        if dialog is not Dialog.CURTAIN:  # the lesson's panel or a first-game hint
            frame.hint = current_hint(ctx, dialog)
            if t.lesson is not None:
                frame.coach = lesson_panel(ctx, dialog)
            elif frame.hint is not None:
                frame.coach = hint_panel(ctx, frame.hint, dialog)
            box = frame.coach.box if frame.coach is not None else None
            t.coach_box = (box.x, box.y, box.w, box.h) if box is not None else None
            coach = list(frame.coach.widgets) if frame.coach is not None else []
            frame.widgets = frame.widgets + coach
            frame.dialog_widgets = frame.dialog_widgets + (
                coach if dialog is not Dialog.NONE else [])
        if dialog is not Dialog.CURTAIN:
            across = frame.coach if dialog is not Dialog.NONE else None
            if across is not None and across.box.top > rects.map.centery:
                across = None  # it stands at the foot, not across the top
            frame.notices = notice_boxes(ctx, across.box.bottom if across is not None else 0)
            near = ctrl.core.dot_at(t.pointer, 0.28) if under is not None else None
            frame.pointer = pointer_boxes(ctx, frame.clickable, near,
                                          dialog is not Dialog.NONE, frame.notices)
        if ctrl.computer.computer_to_act() and not t.curtain.down:
            dots = "." * (1 + int(pygame.time.get_ticks() / 350) % 3)
            who = session.state.players[session.actor].name
            level = session.seat.level
            frame.thinking = _("{who} ({level} computer) is thinking{dots}  (Space skips)").format(who=who, level=level, dots=dots)
        frame.top = self._top_picture(ctx, frame.thinking)
        return frame

    def _top_picture(self, ctx: Ctx, thinking: str) -> pygame.Surface:
        """The top bar and its buttons, painted again only when what they show changes
        (measuring and laying out its words is most of a pan frame's drawing otherwise)."""
        r = ctx.rects.top
        hovered = ctx.table.hovered
        shown = tuple((tuple(w.rect), w.label, w.enabled, w.key == hovered)
                      for w in bars.top_widgets(ctx))
        key = (ctx.session.version, ctx.viewer, ctx.free, tuple(r), thinking, ctx.px(100),
               ctx.inks, shown)
        if self._top is None or self._top[0] != key:
            # from the screen's corner to the bar's far corner (the bar itself, at the top)
            # and the row of its edge line below: the bar paints in screen coordinates
            size = (r.right, r.bottom + 1)
            surface = pygame.Surface(size).convert() if pygame.display.get_surface() \
                else pygame.Surface(size)
            bars.paint_top(surface, ctx, thinking)
            for w in bars.top_widgets(ctx):
                paint(surface, w, w.key == hovered)
            self._top = (key, surface)
        return self._top[1]

    def _side_picture(self, ctx: Ctx) -> tuple[pygame.Surface, list[Widget], int]:
        t = ctx.table
        r = ctx.rects.side
        hovered = t.hovered if r.collidepoint(t.pointer) or isinstance(t.hovered, Demand) \
            else None
        key = (ctx.session.version, ctx.viewer, ctx.free, tuple(r), t.side_scroll, hovered,
               tuple(sorted(t.folded)), tuple(t.slots.actions), ctx.px(100), ctx.inks)
        if self._side is None or self._side[0] != key:
            self._side = (key, paint_side(ctx, r.size, r.topleft, t.side_scroll))
        return self._side[1]

    def _bottom_picture(self, ctx: Ctx) -> tuple[pygame.Surface, list[Widget], tuple[int, int]]:
        t = ctx.table
        rects = ctx.rects
        bkey = (ctx.session.version, ctx.free, tuple(rects.buttons), t.history_open,
                ctx.px(100))
        if self._buttons is None or self._buttons[0] != bkey:
            self._buttons = (bkey, bars.bottom_widgets(ctx))
        buttons = self._buttons[1]
        hovered = t.hovered if rects.bottom.collidepoint(t.pointer) else None
        key = (bkey, tuple(rects.bottom), t.history_filter, t.history_end, t.history_seen, hovered,
               ctx.inks)
        if self._bottom is None or self._bottom[0] != key:
            bar = rects.bottom
            surface = pygame.Surface(bar.size).convert() if pygame.display.get_surface() \
                else pygame.Surface(bar.size)
            surface.fill(hud.PANEL)
            pygame.draw.line(surface, hud.PANEL_EDGE, (0, 0), (bar.w, 0))
            area = rects.history.move(-bar.x, -bar.y)
            history, counts = paint_history(surface, ctx, area, bar.topleft)
            for w in [*history, *buttons]:
                paint(surface, Widget(w.rect.move(-bar.x, -bar.y), w.command, w.label,
                                      w.enabled, w.tip, w.look, w.selected, w.hover, w.colour,
                                      w.size), t.hovered == w.key and hovered is not None)
            self._bottom = (key, (surface, [*history, *buttons], counts))
        return self._bottom[1]
