"""Italian Rails' camera: the screen kit's camera (:class:`rail_app.ui.kit.camera.Camera`)
on discrete zoom levels, each level's pictures cached by
:mod:`rail_app.games.italian_rails.ui.mapview`, kept on the map sheet, and the board's
dots on screen."""

from __future__ import annotations

import math

import pygame

from rail_app.games.italian_rails.rules.board import Board
from rail_app.games.italian_rails.ui import maprender as mr
from rail_app.games.italian_rails.ui import mapstyle as ms
from rail_app.ui.kit import camera as kit

ZOOM_STEP = 2 ** 0.25  # four wheel notches double the scale
MIN_DOT_PX = 5.0  # spacing between dots at the farthest zoom
MAX_DOT_PX = 160.0  # ... and at the closest
REF_DOT_PX = 12.0  # level 0


class Camera(kit.Camera):
    """The kit's camera whose scale is always one of the zoom levels' (:attr:`level`)."""

    def __init__(self, board: Board, rect: pygame.Rect) -> None:
        self.board = board
        self.x0, self.y0, self.x1, self.y1 = ms.board_extent(board, 40.0)
        self.ref_scale = REF_DOT_PX / board.layout.spacing
        self.min_level = math.floor(math.log(MIN_DOT_PX / REF_DOT_PX, ZOOM_STEP))
        self.max_level = math.ceil(math.log(MAX_DOT_PX / REF_DOT_PX, ZOOM_STEP))
        self._level = 0
        super().__init__(rect, self.scale_of(0), self.x0, self.y0, sheet=mr.sheet_box(board))
        self.fit()

    # -- geometry ------------------------------------------------------------------------------
    def scale_of(self, level: int) -> float:
        return self.ref_scale * ZOOM_STEP ** level

    @property
    def level(self) -> int:
        """The zoom level (its scale is :meth:`scale_of` the level)."""
        return self._level

    @level.setter
    def level(self, level: int) -> None:
        self._level = level
        self.scale = self.scale_of(level)

    @property
    def dot_px(self) -> float:
        """Pixels between neighbouring dots at the current zoom."""
        return self.board.layout.spacing * self.scale

    def view(self) -> ms.MapView:
        """The MapView of the map area (pixel 0,0 = the map area's top-left corner)."""
        return ms.MapView(self.scale, self.ox, self.oy)

    def dot_screen(self, d: int) -> tuple[float, float]:
        dot = self.board.dots[d]
        return self.to_screen(dot.x, dot.y)

    def world_px(self) -> tuple[int, int]:
        """The pixel (at this level) of the board's tile grid under the map's top-left."""
        s = self.scale
        return round((self.ox - self.x0) * s), round((self.oy - self.y0) * s)

    # -- moves ---------------------------------------------------------------------------------
    def set_rect(self, rect: pygame.Rect) -> None:
        cx, cy = self.to_km(*self.rect.center)
        self.rect = pygame.Rect(rect)
        self.centre_on(cx, cy)

    def fit(self, box: tuple[float, float, float, float] | None = None) -> None:
        """Home / F: the largest zoom level that shows the whole board (or ``box``)."""
        x0, y0, x1, y1 = box or ms.board_extent(self.board, 25.0)
        want = min(self.rect.w / max(1e-6, x1 - x0), self.rect.h / max(1e-6, y1 - y0))
        level = math.floor(math.log(want / self.ref_scale, ZOOM_STEP) + 1e-9)
        self.level = max(self.min_level, min(self.max_level, level))
        self.centre_on((x0 + x1) / 2, (y0 + y1) / 2)

    def level_for(self, dot_px: float) -> int:
        """The zoom level whose dot spacing is nearest ``dot_px`` pixels."""
        level = round(math.log(dot_px / REF_DOT_PX, ZOOM_STEP))
        return max(self.min_level, min(self.max_level, level))

    def zoom_at(self, steps: int, sx: float, sy: float) -> bool:
        """Zoom ``steps`` levels keeping the point under the pointer still."""
        level = max(self.min_level, min(self.max_level, self.level + steps))
        if level == self.level:
            return False
        self._level = level
        self.zoom_about(self.scale_of(level), (sx, sy))
        return True
