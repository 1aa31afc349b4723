"""The map's cached layers on the game screen: the base layer (terrain, cities, names) and
the track layer (everyone's track, taken ferries and the events' zones), redrawn only when
the game's version, the zoom or the inks change (DESIGN.md habit 9).

:meth:`MapLayers.prepare` does a frame's work in the scene's update; :meth:`MapLayers.blit`
shows the result while drawing.
"""

from __future__ import annotations

import math

import pygame

from rail_app.core.i18n import money_millions
from rail_app.games.italian_rails.rules.board import Board
from rail_app.games.italian_rails.rules.state import GameState
from rail_app.games.italian_rails.ui import maprender as mr
from rail_app.games.italian_rails.ui import zones
from rail_app.games.italian_rails.ui.camera import Camera
from rail_app.games.italian_rails.ui.ink import Ink, draw_stroke, ink_width
from rail_app.games.italian_rails.ui.mapview import BaseLayer
from rail_app.games.italian_rails.ui.tracklayer import TrackLayer
from rail_app.ui import hud


def draw_track(surface: pygame.Surface, view: mr.MapView, state: GameState,
               inks: tuple[Ink, ...]) -> None:
    """Everyone's track, the ferries taken and the events' zones, through ``view``."""
    b = state.board
    sp = b.layout.spacing * view.scale
    w = ink_width(sp)
    fresh = {e for e, _, _ in state.phase_built}
    zones.draw_zones(surface, state, view, marks=False)
    closed = {f for ev in state.events for f in ev.ferries}
    # ferries taken: a thick dashed arc in the taker's ink, with the price paid
    for f in b.ferries:
        takers = state.ferry_takers.get(f.index, [])
        for k, who in enumerate(takers):
            pts = mr.ferry_curve(b, view, *f.ports)
            off = (k - (len(takers) - 1) / 2) * w * 0.9
            dx, dy = pts[-1][0] - pts[0][0], pts[-1][1] - pts[0][1]
            ln = math.hypot(dx, dy) or 1.0
            nx, ny = -dy / ln * off, dx / ln * off
            pts = [(x + nx, y + ny) for x, y in pts]
            for i in range(0, len(pts) - 1, 2):
                pygame.draw.line(surface, (*inks[who].colour, 255), pts[i], pts[i + 1],
                                 max(2, w * 2 // 3))
        if takers or f.index in closed:  # the prices stay readable over the lines (K8)
            mr.draw_ferry_prices(surface, b, view, f)
        for k, who in enumerate(takers):
            price = f.high if k == 0 else f.low
            mid = zones.taken_price_spot(b, view, f, k)
            hud.pill(surface, money_millions(price), mid, max(10, int(w * 1.2)),
                     inks[who].colour)
    zones.draw_closed_marks(surface, state, view)
    # only the segments whose dots come near the surface (it is often a piece of the map)
    x0, y0, x1, y1 = zones.km_box(surface, view, w + 4)
    dots = b.dots
    for (a, c), who in sorted(state.owner.items(), key=lambda kv: (kv[0] in fresh, kv[0])):
        da, dc = dots[a], dots[c]
        if (da.x < x0 and dc.x < x0) or (da.x > x1 and dc.x > x1) or \
                (da.y < y0 and dc.y < y0) or (da.y > y1 and dc.y > y1):
            continue
        draw_stroke(surface, view.to_px(da.x, da.y), view.to_px(dc.x, dc.y), inks[who], w,
                    seed=a * 7919 + c, fresh=(a, c) in fresh)


FRAME_BUDGET_S = 0.006  # seconds of a frame the map's layers may spend on their pictures


class MapLayers:
    """The base and track layers of one game screen."""

    def __init__(self, board: Board) -> None:
        self.base = BaseLayer(board)
        self.track = TrackLayer()

    def prepare(self, cam: Camera, state: GameState, version: int,
                inks: tuple[Ink, ...]) -> bool:
        """This frame's work: the base picture, composed with the track again when the game
        changed (a frame that composes it renders no tile on top: the time budget is spent).
        True when the view is complete."""
        self.track.ensure(cam, (version, tuple(i.colour for i in inks)),
                          lambda surface, view: draw_track(surface, view, state, inks))
        return self.base.prepare(cam, self.track, FRAME_BUDGET_S)

    def blit(self, surface: pygame.Surface, cam: Camera) -> None:
        self.base.blit(surface, cam)
