"""The track layer: everyone's track and the events' zones drawn into one picture a little
larger than the map area, redrawn only when the track, the zoom or the inks change; the
base layer (:mod:`rail_app.ui.mapview`) composes it between the terrain and the names."""

from __future__ import annotations

from collections.abc import Callable

import pygame

from rail_app.ui import maprender as mr
from rail_app.ui.camera import Camera

DrawTrack = Callable[[pygame.Surface, mr.MapView], None]
"""Draws the track onto a surface through a view (the game screen's track drawing)."""


class TrackLayer:
    """Everyone's track and taken ferries, drawn into one surface a little larger than the map
    area; redrawn only when the track, the zoom or the inks change, or a pan leaves it. Its
    origin lies on whole pixels of the zoom level's tile grid, so the pieces the base layer
    composes from it at different times fit together exactly."""

    MARGIN = 320

    def __init__(self) -> None:
        self.surface: pygame.Surface | None = None
        self.key: tuple[object, ...] | None = None
        self.region: tuple[float, float, float] | None = None  # scale, ox, oy of the surface
        self.origin: tuple[int, int] | None = None  # tile-grid pixel of its top-left
        self.redraws = 0
        self.deferred: int | None = None  # a zoom level whose drawing waits one frame
        self.generation = 0
        self.shifts = 0  # pans that moved the surface and drew only the uncovered strips

    def ready(self, cam: Camera) -> bool:
        """The track is drawn at the camera's zoom level (not waiting for its frame)."""
        return self.key is not None and self.key[1] == cam.level and self.deferred is None

    def invalidate(self) -> None:
        self.key = None
        self.generation += 1  # the base layer composes the track again too

    def ensure(self, cam: Camera, version: object, draw_fn: DrawTrack) -> None:
        s = cam.scale
        wx, wy = cam.world_px()
        w, h = cam.rect.w + 2 * self.MARGIN, cam.rect.h + 2 * self.MARGIN
        need = self.surface is None or self.key != (version, cam.level) or self.origin is None
        if not need and self.origin is not None and self.surface is not None:
            ox, oy = self.origin
            sw, sh = self.surface.get_size()
            if wx < ox or wy < oy or wx + cam.rect.w > ox + sw or wy + cam.rect.h > oy + sh:
                if (sw, sh) == (w, h) and self._shift(cam, draw_fn):
                    return
                need = True
        if not need:
            return
        if self.key is not None and self.key[1] != cam.level and self.deferred != cam.level:
            # a new zoom level: this frame shows the scaled stand-in (with the old track in
            # it); the track is drawn at the new level in the next frame
            self.deferred = cam.level
            return
        self.deferred = None
        if self.surface is None or self.surface.get_size() != (w, h):
            self.surface = pygame.Surface((w, h), pygame.SRCALPHA)
        self.surface.fill((0, 0, 0, 0))
        origin = (wx - self.MARGIN, wy - self.MARGIN)
        rox, roy = cam.x0 + origin[0] / s, cam.y0 + origin[1] / s
        draw_fn(self.surface, mr.MapView(s, rox, roy))
        self.region = (s, rox, roy)
        self.origin = origin
        self.key = (version, cam.level)
        self.redraws += 1

    def _shift(self, cam: Camera, draw_fn: DrawTrack) -> bool:
        """A pan left the surface: move its content so the view is in the middle again and
        draw only the uncovered strips (strokes elsewhere are skipped at once)."""
        surf, origin = self.surface, self.origin
        assert surf is not None and origin is not None
        wx, wy = cam.world_px()
        new = (wx - self.MARGIN, wy - self.MARGIN)
        dx, dy = origin[0] - new[0], origin[1] - new[1]
        sw, sh = surf.get_size()
        if abs(dx) >= sw // 2 or abs(dy) >= sh // 2:
            return False
        surf.scroll(dx, dy)
        s = cam.scale
        rox, roy = cam.x0 + new[0] / s, cam.y0 + new[1] / s
        view = mr.MapView(s, rox, roy)
        strips = []
        if dx:
            strips.append(pygame.Rect(0 if dx > 0 else sw + dx, 0, abs(dx), sh))
        if dy:
            strips.append(pygame.Rect(0, 0 if dy > 0 else sh + dy, sw, abs(dy)))
        for r in strips:
            surf.fill((0, 0, 0, 0), r)
            surf.set_clip(r)
            draw_fn(surf, view)
        surf.set_clip(None)
        self.region = (s, rox, roy)
        self.origin = new
        self.shifts += 1
        return True

    def draw(self, surface: pygame.Surface, cam: Camera) -> None:
        """Blit the track over the map area (when the base layer did not compose it)."""
        if self.surface is None or self.origin is None:
            return
        wx, wy = cam.world_px()
        clip = surface.get_clip()
        surface.set_clip(cam.rect)
        surface.blit(self.surface, (cam.rect.x + self.origin[0] - wx,
                                    cam.rect.y + self.origin[1] - wy))
        surface.set_clip(clip)
