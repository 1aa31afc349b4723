"""The camera over the map: kilometres to screen pixels for the map area, in discrete zoom
levels (each level's pictures are cached by :mod:`rail_app.games.italian_rails.ui.mapview`)."""

from __future__ import annotations

import math

import pygame

from rail_app.games.italian_rails.rules.board import Board
from rail_app.games.italian_rails.ui import maprender as mr
from rail_app.games.italian_rails.ui import mapstyle as ms

ZOOM_STEP = 2 ** 0.25  # four wheel notches double the scale
MIN_DOT_PX = 5.0  # spacing between dots at the farthest zoom
MAX_DOT_PX = 160.0  # ... and at the closest
REF_DOT_PX = 12.0  # level 0


class Camera:
    """Kilometres to screen pixels for the map area; zoom works in discrete cached levels."""

    def __init__(self, board: Board, rect: pygame.Rect) -> None:
        self.board = board
        self.rect = pygame.Rect(rect)
        self.x0, self.y0, self.x1, self.y1 = ms.board_extent(board, 40.0)
        self.sheet = mr.sheet_box(board)
        self.ref_scale = REF_DOT_PX / board.layout.spacing
        self.min_level = math.floor(math.log(MIN_DOT_PX / REF_DOT_PX, ZOOM_STEP))
        self.max_level = math.ceil(math.log(MAX_DOT_PX / REF_DOT_PX, ZOOM_STEP))
        self.level = 0
        self._scale_level: int | None = None
        self._scale = 1.0
        self.ox = self.x0
        self.oy = self.y0
        self.fit()

    # -- geometry ------------------------------------------------------------------------------
    def scale_of(self, level: int) -> float:
        return self.ref_scale * ZOOM_STEP ** level

    @property
    def scale(self) -> float:
        if self._scale_level != self.level:  # asked many times a frame: kept per level
            self._scale_level, self._scale = self.level, self.scale_of(self.level)
        return self._scale

    @property
    def dot_px(self) -> float:
        """Pixels between neighbouring dots at the current zoom."""
        return self.board.layout.spacing * self.scale

    def view(self) -> ms.MapView:
        """The MapView of the map area (pixel 0,0 = the map area's top-left corner)."""
        return ms.MapView(self.scale, self.ox, self.oy)

    def to_screen(self, x: float, y: float) -> tuple[float, float]:
        s = self.scale
        return (x - self.ox) * s + self.rect.x, (y - self.oy) * s + self.rect.y

    def to_km(self, sx: float, sy: float) -> tuple[float, float]:
        s = self.scale
        return (sx - self.rect.x) / s + self.ox, (sy - self.rect.y) / s + self.oy

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

    def centre_on(self, x: float, y: float) -> None:
        s = self.scale
        self.ox = x - self.rect.w / 2 / s
        self.oy = y - self.rect.h / 2 / s
        self.clamp()

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
        kx, ky = self.to_km(sx, sy)
        self.level = level
        s = self.scale
        self.ox = kx - (sx - self.rect.x) / s
        self.oy = ky - (sy - self.rect.y) / s
        self.clamp()
        return True

    def pan_px(self, dx: float, dy: float) -> None:
        s = self.scale
        self.ox -= dx / s
        self.oy -= dy / s
        self.clamp()

    def clamp(self) -> None:
        """Keep the view on the map sheet (a little beyond its edges at most, so a zoomed
        view shows the map, not the table around it)."""
        s = self.scale
        w, h = self.rect.w / s, self.rect.h / s
        self.ox = _within(self.ox, self.sheet[0], self.sheet[2], w)
        self.oy = _within(self.oy, self.sheet[1], self.sheet[3], h)


SLACK = 0.1  # how much of the view may show beyond the sheet's edge when panning


def _within(o: float, lo: float, hi: float, span: float) -> float:
    """The view's origin ``o`` on one axis, kept so the view (``span`` wide) stays within
    ``lo``..``hi`` plus a little slack; a view wider than the sheet may move about as long
    as the sheet fills at least half of it."""
    if span >= hi - lo:
        return min(max(o, lo - span / 2), hi - span / 2)
    slack = span * SLACK
    return min(max(o, lo - slack), hi + slack - span)
