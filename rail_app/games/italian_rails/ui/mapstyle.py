"""The look of the printed map: its colours and type, and the km-to-pixel view.

Shared by the base layer (:mod:`rail_app.games.italian_rails.ui.maprender`), the city and sea names
(:mod:`rail_app.games.italian_rails.ui.maplabels`) and the game screen. The type is in :mod:`rail_app.ui.fonts`.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

import numpy as np
import pygame

from rail_app.core import i18n
from rail_app.games.italian_rails.rules.board import Board
from rail_app.games.italian_rails.ui.palette import ALPINE as ALPINE
from rail_app.games.italian_rails.ui.palette import ALPINE_TINT as ALPINE_TINT
from rail_app.games.italian_rails.ui.palette import BORDER as BORDER
from rail_app.games.italian_rails.ui.palette import CITY_RED as CITY_RED
from rail_app.games.italian_rails.ui.palette import COAST as COAST
from rail_app.games.italian_rails.ui.palette import COMMODITY_GREEN as COMMODITY_GREEN
from rail_app.games.italian_rails.ui.palette import CONTEXT_LAND as CONTEXT_LAND
from rail_app.games.italian_rails.ui.palette import DOT as DOT
from rail_app.games.italian_rails.ui.palette import FERRY_INK as FERRY_INK
from rail_app.games.italian_rails.ui.palette import FREE_TRACK as FREE_TRACK
from rail_app.games.italian_rails.ui.palette import LABEL_HALO as LABEL_HALO
from rail_app.games.italian_rails.ui.palette import LAND as LAND
from rail_app.games.italian_rails.ui.palette import MOUNTAIN as MOUNTAIN
from rail_app.games.italian_rails.ui.palette import MOUNTAIN_TINT as MOUNTAIN_TINT
from rail_app.games.italian_rails.ui.palette import NAME_INK as NAME_INK
from rail_app.games.italian_rails.ui.palette import RIVER as RIVER
from rail_app.games.italian_rails.ui.palette import SEA as SEA
from rail_app.games.italian_rails.ui.palette import SEA_DEEP as SEA_DEEP
from rail_app.games.italian_rails.ui.palette import SEA_LABEL as SEA_LABEL
from rail_app.games.italian_rails.ui.palette import SHEET_EDGE as SHEET_EDGE
from rail_app.games.italian_rails.ui.palette import SHEET_SHADOW as SHEET_SHADOW
from rail_app.games.italian_rails.ui.palette import TABLE as TABLE
from rail_app.games.italian_rails.ui.palette import WATER as WATER
from rail_app.ui.fonts import font as font  # re-exported: the map's look includes its type

# Colours of the printed map (UX.md "Colours and shapes").


@dataclass
class MapView:
    """Kilometres to pixels: ``px = (km - origin) * scale``."""

    scale: float  # pixels per km
    ox: float  # km at pixel x = 0
    oy: float  # km at pixel y = 0

    def to_px(self, x: float, y: float) -> tuple[float, float]:
        return (x - self.ox) * self.scale, (y - self.oy) * self.scale

    def to_km(self, px: float, py: float) -> tuple[float, float]:
        return px / self.scale + self.ox, py / self.scale + self.oy

    def array_to_px(self, coords: np.ndarray) -> np.ndarray:
        out: np.ndarray = (coords - np.array([self.ox, self.oy])) * self.scale
        return out


def board_extent(board: Board, margin_km: float = 30.0) -> tuple[float, float, float, float]:
    """The km box holding every dot, with a margin."""
    xs = [d.x for d in board.dots]
    ys = [d.y for d in board.dots]
    return min(xs) - margin_km, min(ys) - margin_km, max(xs) + margin_km, max(ys) + margin_km


def fit_view(board: Board, width: int, height: int, margin_px: int = 10) -> MapView:
    """A view showing the whole board centred in a ``width`` x ``height`` area."""
    x0, y0, x1, y1 = board_extent(board)
    scale = min((width - 2 * margin_px) / (x1 - x0), (height - 2 * margin_px) / (y1 - y0))
    cx, cy = (x0 + x1) / 2, (y0 + y1) / 2
    return MapView(scale, cx - width / 2 / scale, cy - height / 2 / scale)


@lru_cache(maxsize=4096)
def text_size(label: str, size: int, bold: bool = False) -> tuple[int, int]:
    """The pixel size of ``label`` in the game's type (remembered: asked per tile)."""
    return font(size, bold).size(label)


def text(surface: pygame.Surface, label: str, pos: tuple[float, float], size: int,
         colour: tuple[int, int, int], *, bold: bool = False, anchor: str = "midleft",
         halo: tuple[int, int, int] | None = LABEL_HALO) -> pygame.Rect:
    """Draw a label with a light halo so it reads over any background."""
    f = font(size, bold)
    rect = pygame.Rect((0, 0), text_size(label, size, bold))
    setattr(rect, anchor, (int(pos[0]), int(pos[1])))
    if not rect.inflate(4, 4).colliderect(surface.get_clip()):
        return rect  # off this tile: nothing to draw
    img = f.render(i18n.drawn(label), True, colour)
    if halo is not None:
        h = f.render(label, True, halo)
        for dx, dy in ((-1, 0), (1, 0), (0, -1), (0, 1), (-1, -1), (1, 1), (-1, 1), (1, -1)):
            surface.blit(h, rect.move(dx, dy))
    surface.blit(img, rect)
    return rect
