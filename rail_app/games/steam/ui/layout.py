"""Where the parts of Steam's screen stand (UX.md "Screen layout": a top bar, the map, a
side panel at the right, a bottom bar with the history and the phase's buttons), and what
the screen's painters and layouts read: the session, the table model, the rectangles, the
map and the inks."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

import pygame

from rail_app.games.steam.rules.state import GameState
from rail_app.games.steam.ui import palette as pal
from rail_app.games.steam.ui.mapview import MapView
from rail_app.games.steam.ui.table import Table
from rail_app.ui.kit.layout import Rects as Rects
from rail_app.ui.kit.layout import bars
from rail_app.ui.palette import PANEL
from rail_app.ui.session import Session

Px = Callable[[float], int]


def screen_rects(size: tuple[int, int], px: Px) -> Rects:
    """The screen kit's layout with Steam's bars: a wider side panel on a wider window, a
    taller bottom bar on a taller one."""
    w, h = size
    return bars(size, px(40), min(max(px(360), w // 5), w // 3), max(px(150), h // 6))


def ground(surface: pygame.Surface, r: pygame.Rect, a: tuple[int, int], b: tuple[int, int]
           ) -> None:
    """A bar's or a panel's ground, and its edge line from ``a`` to ``b`` (the side facing
    the map)."""
    pygame.draw.rect(surface, PANEL, r)
    pygame.draw.line(surface, pal.EDGE, a, b)


@dataclass(frozen=True)
class Ctx:
    session: Session[GameState]
    table: Table
    rects: Rects
    px: Px
    map: MapView
    inks: tuple[pal.RGB, ...]

    @property
    def state(self) -> GameState:
        return self.session.state

    @property
    def actor(self) -> int:
        return self.session.actor

    def person_to_act(self) -> bool:
        return not self.session.over and not self.session.seat.computer

    def sea_beside(self) -> int:
        """The width of the sea on either side of the map as fitted in its rectangle (the
        action tiles' column and a hint stand there when they fit)."""
        m = self.rects.map
        x0, y0, x1, y1 = self.map.bounds
        scale = min(m.w / max(x1 - x0, 1e-6), m.h / max(y1 - y0, 1e-6))
        return int((m.w - (x1 - x0) * scale) / 2)
