"""The view of the game screen: the pointer, hovering, zooming, panning, fitting the map,
jumping to the last build and scrolling the panels: the controller's viewing part (the
table's camera and scroll positions change only here)."""

from __future__ import annotations

import pygame

from rail_app.games.italian_rails.ui.base import ControllerBase
from rail_app.games.italian_rails.ui.commands import Command, Demand
from rail_app.games.italian_rails.ui.table import Spot, Tone

POINTER_NOTICE_REACH = 160  # a refusal near the pointer goes once the pointer is this far


class Viewing(ControllerBase):
    def point(self, pos: tuple[int, int]) -> None:
        t = self.table
        t.pointer = pos
        n = t.notice(Spot.POINTER)
        if n is not None and abs(pos[0] - n.at[0]) + abs(pos[1] - n.at[1]) > POINTER_NOTICE_REACH:
            self.hush()

    def hover(self, key: Command | Demand | None) -> None:
        """The widget (or demand) under the pointer; tooltips wait until it rests there."""
        t = self.table
        if key != t.hovered:
            t.hovered = key
            t.hover_time = 0.0

    def zoom(self, steps: int, pos: tuple[float, float]) -> None:
        if self.table.camera.zoom_at(steps, *pos):
            self.table.fitted = False

    def pan(self, dx: float, dy: float) -> None:
        self.table.camera.pan_px(dx, dy)
        self.table.fitted = False

    def pan_start(self, pos: tuple[int, int]) -> None:
        """Right or middle press on the map: a drag pans; a right click without a drag
        erases or cancels (see :meth:`pan_end`)."""
        self.table.pan_from = pos
        self.table.pan_moved = 0.0

    def pan_drag(self, dx: float, dy: float) -> None:
        if self.table.pan_from is not None:
            self.pan(dx, dy)
            self.table.pan_moved += abs(dx) + abs(dy)

    def fit(self) -> None:
        self.table.camera.fit()
        self.table.fitted = True

    def set_map_rect(self, rect: pygame.Rect) -> None:
        """The map area changed (window size, panels, UI scale, full screen): a fitted map
        refits; a zoomed one keeps its middle and zoom."""
        cam = self.table.camera
        if rect == cam.rect:
            return
        if self.table.fitted:
            cam.rect = pygame.Rect(rect)
            cam.fit()
        else:
            cam.set_rect(rect)

    def jump_to_last_build(self) -> None:
        """B: the player's last build in view."""
        d = self.table.last_build
        if d is None:
            mine = self.state.players[self.viewer()].track
            if mine:
                d = max(mine)[1]
        if d is None:
            self.say("No track yet", "Your last build will be found with B", Tone.INFO)
            return
        cam = self.table.camera
        dot = self.session.state.board.dots[d]
        cam.level = max(cam.level, cam.level_for(24))
        cam.centre_on(dot.x, dot.y)
        self.table.fitted = False

    def scroll_side(self, dy: int, limit: int) -> None:
        self.table.side_scroll = max(0, min(limit, self.table.side_scroll + dy))

    def scroll_history(self, lines: int, limit: int) -> None:
        self.table.history_scroll = max(0, min(limit, self.table.history_scroll + lines))
