"""The track layer: what is drawn between the terrain and the names (everyone's track and
the events' zones on the game screen, an author's toggled layers in the map preview), and
the version of what it shows.

It keeps no picture of its own: the base layer (:mod:`rail_app.games.italian_rails.ui.mapview`) draws it into
its composed picture, a piece at a time, only where it composes (the whole picture after a
change of track or zoom, a strip when a pan uses up the picture's margin).
"""

from __future__ import annotations

from collections.abc import Callable

import pygame

from rail_app.games.italian_rails.ui import mapstyle as ms
from rail_app.games.italian_rails.ui.camera import Camera

DrawTrack = Callable[[pygame.Surface, ms.MapView], None]
"""Draws the track onto a surface through a view (the game screen's track drawing)."""


class TrackLayer:
    """What the track layer draws and the version of it: the base layer composes its picture
    again when the version changes."""

    def __init__(self) -> None:
        self.key: object = None  # the version of what it shows
        self.draw_fn: DrawTrack | None = None
        self.generation = 0  # grows with every change of what it shows
        self.redraws = 0  # times the whole composed picture's track was drawn
        self.pieces = 0  # pieces drawn (a whole picture is drawn in several)

    def ensure(self, cam: Camera, version: object, draw_fn: DrawTrack) -> None:
        """What to draw for this frame; a new ``version`` makes the base layer compose its
        picture again."""
        del cam  # the base layer knows where it draws
        if version != self.key:
            self.key = version
            self.generation += 1
        self.draw_fn = draw_fn

    def invalidate(self) -> None:
        self.key = None
        self.generation += 1

    def draw(self, target: pygame.Surface, view: ms.MapView) -> None:
        """Draw onto ``target`` (a transparent scratch picture) through ``view``."""
        if self.draw_fn is not None:
            self.draw_fn(target, view)
            self.pieces += 1
