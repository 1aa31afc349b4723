"""The view of the game screen: the pointer, hovering, zooming, panning, fitting the map,
jumping to the last build and scrolling the panels: the controller's viewing part (the
table's camera and scroll positions change only here)."""

from __future__ import annotations

import pygame

from rail_app.core.i18n import _
from rail_app.games.italian_rails.ui.base import Core
from rail_app.games.italian_rails.ui.commands import Command, Demand
from rail_app.games.italian_rails.ui.table import Glide, Spot, Tone

GONE = (-10_000, -10_000)  # where the pointer is when it has left the window
POINTER_NOTICE_REACH = 160  # a refusal near the pointer goes once the pointer is this far
GLIDE_TIME = 0.35  # seconds the view takes to glide to where the computer builds
FOLLOW_EDGE = 40  # a build this close to the map area's edge (px at 100%) is brought in


class Viewing:
    """The controller's viewing part: the table's camera and scroll positions change only
    here."""

    def __init__(self, core: Core) -> None:
        self.core = core

    def point(self, pos: tuple[int, int]) -> None:
        t = self.core.table
        t.pointer = pos
        n = t.notice(Spot.POINTER)
        if n is not None and abs(pos[0] - n.at[0]) + abs(pos[1] - n.at[1]) > POINTER_NOTICE_REACH:
            self.core.hush()

    def pointer_gone(self) -> None:
        """The pointer left the window: no widget is hovered, no box stands beside it."""
        t = self.core.table
        t.pointer = GONE
        self.hover(None)

    def pressed(self) -> None:
        """A button was pressed: the tooltip goes until the pointer rests again."""
        self.core.table.hover_time = 0.0

    def hover(self, key: Command | Demand | None) -> None:
        """The widget (or demand) under the pointer; tooltips wait until it rests there."""
        t = self.core.table
        if key != t.hovered:
            t.hovered = key
            t.hover_time = 0.0

    def follow(self, dot: int) -> None:
        """The computer builds at ``dot``: when the view, zoomed elsewhere, does not show it
        well inside the map area, the view glides to it (never while the player drags the
        map, nor when the whole map is in view)."""
        t = self.core.table
        cam = t.camera
        if t.pan_from is not None or t.fitted:
            return
        edge = self.core.host.px(FOLLOW_EDGE)
        inner = cam.rect.inflate(-2 * edge, -2 * edge)
        if inner.collidepoint(cam.dot_screen(dot)):
            return
        d = self.core.session.state.board.dots[dot]
        t.glide = Glide(cam.to_km(*cam.rect.center), (d.x, d.y))

    def glide_on(self, dt: float) -> None:
        """Time passes for the view's glide (eased in and out)."""
        t = self.core.table
        g = t.glide
        if g is None:
            return
        g.t += dt
        u = min(1.0, g.t / GLIDE_TIME)
        u = u * u * (3 - 2 * u)
        t.camera.centre_on(g.frm[0] + (g.to[0] - g.frm[0]) * u,
                           g.frm[1] + (g.to[1] - g.frm[1]) * u)
        if u >= 1.0:
            t.glide = None

    def zoom(self, steps: int, pos: tuple[float, float]) -> None:
        self.core.table.glide = None  # the player's own move of the view wins
        if self.core.table.camera.zoom_at(steps, *pos):
            self.core.table.fitted = False

    def pan(self, dx: float, dy: float) -> None:
        self.core.table.glide = None
        self.core.table.camera.pan_px(dx, dy)
        self.core.table.fitted = False

    def pan_start(self, pos: tuple[int, int]) -> None:
        """Right or middle press on the map: a drag pans; a right click without a drag
        erases or cancels (see :meth:`pan_end`)."""
        self.core.table.pan_from = pos
        self.core.table.pan_moved = 0.0
        self.core.table.glide = None

    def pan_drag(self, dx: float, dy: float) -> None:
        if self.core.table.pan_from is not None:
            self.pan(dx, dy)
            self.core.table.pan_moved += abs(dx) + abs(dy)

    def fit(self) -> None:
        self.core.table.glide = None
        self.core.table.camera.fit()
        self.core.table.fitted = True

    def set_map_rect(self, rect: pygame.Rect) -> None:
        """The map area changed (window size, panels, UI scale, full screen): a fitted map
        refits; a zoomed one keeps its middle and zoom."""
        cam = self.core.table.camera
        if rect == cam.rect:
            return
        if self.core.table.fitted:
            cam.rect = pygame.Rect(rect)
            cam.fit()
        else:
            cam.set_rect(rect)

    def jump_to_last_build(self) -> None:
        """B: the player's last build in view."""
        d = self.core.table.last_build
        if d is None:
            mine = self.core.state.players[self.core.viewer()].track
            if mine:
                d = max(mine)[1]
        if d is None:
            self.core.say(_("No track yet"), _("Your last build will be found with B"), Tone.INFO)
            return
        cam = self.core.table.camera
        self.core.table.glide = None
        dot = self.core.session.state.board.dots[d]
        cam.level = max(cam.level, cam.level_for(24))
        cam.centre_on(dot.x, dot.y)
        self.core.table.fitted = False

    def scroll_side(self, dy: int, limit: int) -> None:
        self.core.table.side_scroll = max(0, min(limit, self.core.table.side_scroll + dy))

    def scroll_history(self, lines: int, rows: int, fits: int) -> None:
        """The wheel over the history: ``lines`` rows back (negative: on towards the newest)
        of its ``rows``, ``fits`` of them shown at once. Scrolled back, it stays on the rows
        being read while new lines come; back at the bottom, it follows them again."""
        t = self.core.table
        if t.history_end is None:
            t.history_seen = rows
        end = rows if t.history_end is None else min(t.history_end, rows)
        end = max(min(fits, rows), end - lines)
        t.history_end = None if end >= rows else end

    def history_latest(self) -> None:
        """The history's marker of newer lines: the newest shown, new ones followed."""
        self.core.table.history_end = None
