"""The camera over a game's map: which kilometres the map's rectangle shows, at what scale.

Every game's screen moves its map the same way: a right or middle drag pans it, the wheel
zooms about the pointer (the place under the pointer stays under it), Home fits the whole
map. A game whose pictures are kept per zoom level (Italian Rails) keeps its camera on
discrete levels by setting :attr:`Camera.scale` only to those levels' scales; a game that
zooms freely (Steam) sets any scale between its limits. A camera given a ``sheet`` keeps the
view on it (a little beyond its edges at most).
"""

from __future__ import annotations

import pygame

Point = tuple[float, float]
Box = tuple[float, float, float, float]  # x0, y0, x1, y1 in km

SLACK = 0.1  # how much of the view may show beyond the sheet's edge when panning


class Camera:
    """Kilometres to screen pixels for the map's rectangle: ``ox``, ``oy`` are the km at
    the rectangle's top-left corner, ``scale`` the pixels per km."""

    def __init__(self, rect: pygame.Rect, scale: float = 1.0, ox: float = 0.0,
                 oy: float = 0.0, sheet: Box | None = None) -> None:
        self.rect = pygame.Rect(rect)
        self.scale = scale
        self.ox = ox
        self.oy = oy
        self.sheet = sheet

    # -- geometry ------------------------------------------------------------------------------
    def to_screen(self, x: float, y: float) -> Point:
        s = self.scale
        return (x - self.ox) * s + self.rect.x, (y - self.oy) * s + self.rect.y

    def to_km(self, sx: float, sy: float) -> Point:
        s = self.scale
        return (sx - self.rect.x) / s + self.ox, (sy - self.rect.y) / s + self.oy

    def fit_scale(self, box: Box) -> float:
        """The scale at which ``box`` just fills the rectangle."""
        x0, y0, x1, y1 = box
        return min(max(1, self.rect.w) / max(x1 - x0, 1e-6),
                   max(1, self.rect.h) / max(y1 - y0, 1e-6))

    # -- moves ---------------------------------------------------------------------------------
    def centre_on(self, x: float, y: float) -> None:
        s = self.scale
        self.ox = x - self.rect.w / 2 / s
        self.oy = y - self.rect.h / 2 / s
        self.clamp()

    def fit(self, box: Box) -> None:
        """The whole of ``box`` in view, as large as it fits, in the rectangle's middle."""
        x0, y0, x1, y1 = box
        self.scale = self.fit_scale(box)
        self.ox = (x0 + x1) / 2 - max(1, self.rect.w) / 2 / self.scale
        self.oy = (y0 + y1) / 2 - max(1, self.rect.h) / 2 / self.scale
        self.clamp()

    def zoom_about(self, scale: float, at: Point) -> None:
        """Zoom to ``scale``, the point under ``at`` (screen pixels) staying under it."""
        kx, ky = self.to_km(*at)
        self.scale = scale
        self.ox = kx - (at[0] - self.rect.x) / scale
        self.oy = ky - (at[1] - self.rect.y) / scale
        self.clamp()

    def zoom_by(self, factor: float, at: Point, lo: float, hi: float) -> None:
        """Zoom by ``factor`` about ``at``, the scale kept between ``lo`` and ``hi``."""
        self.zoom_about(min(hi, max(lo, self.scale * factor)), at)

    def pan_px(self, dx: float, dy: float) -> None:
        """Move the map by ``dx``, ``dy`` screen pixels (as a drag does)."""
        s = self.scale
        self.ox -= dx / s
        self.oy -= dy / s
        self.clamp()

    def clamp(self) -> None:
        """Keep the view on the map sheet, when the camera has one (a little beyond its
        edges at most, so a zoomed view shows the map, not the table around it)."""
        if self.sheet is None:
            return
        s = self.scale
        w, h = self.rect.w / s, self.rect.h / s
        self.ox = _within(self.ox, self.sheet[0], self.sheet[2], w)
        self.oy = _within(self.oy, self.sheet[1], self.sheet[3], h)


def _within(o: float, lo: float, hi: float, span: float) -> float:
    """The view's origin ``o`` on one axis, kept so the view (``span`` wide) stays within
    ``lo``..``hi`` plus a little slack; a view wider than the sheet may move about as long
    as the sheet fills at least half of it."""
    if span >= hi - lo:
        return min(max(o, lo - span / 2), hi - span / 2)
    slack = span * SLACK
    return min(max(o, lo - slack), hi + slack - span)
