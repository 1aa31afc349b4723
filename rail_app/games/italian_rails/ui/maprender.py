"""Drawing the map's base layer: sea, land, terrain, water, border, dots, cities, ferries,
on a map sheet lying on the table.

The base layer never changes during a game, so the app renders it once per zoom level and
keeps it (DESIGN.md habit 9). ``render-map`` uses the same code to write a PNG. The map's
colours and type are in :mod:`rail_app.games.italian_rails.ui.mapstyle`, its names in
:mod:`rail_app.games.italian_rails.ui.maplabels`; the names used with this module are imported here too, so a
drawing tool outside the game needs only this module.
"""

from __future__ import annotations

import math
from typing import Any

import numpy as np
import pygame
import shapely

from rail_app.core.cache import BoundedCache
from rail_app.games.italian_rails.rules.board import Board, Ferry
from rail_app.games.italian_rails.ui.maplabels import (
    draw_labels,
    label_layout,
    label_sizes,
    placed_labels,
    sea_label_points,
)
from rail_app.games.italian_rails.ui.mapstyle import (
    ALPINE,
    ALPINE_TINT,
    BORDER,
    CITY_RED,
    COAST,
    CONTEXT_LAND,
    DOT,
    FERRY_INK,
    FREE_TRACK,
    LABEL_HALO,
    LAND,
    MOUNTAIN,
    MOUNTAIN_TINT,
    NAME_INK,
    RIVER,
    SEA,
    SHEET_EDGE,
    SHEET_SHADOW,
    TABLE,
    WATER,
    MapView,
    board_extent,
    fit_view,
    font,
    text,
    text_size,
)
from rail_app.games.italian_rails.ui.palette import CITY_EDGE as CITY_EDGE
from rail_app.games.italian_rails.ui.palette import MAJOR_FILL as MAJOR_FILL
from rail_app.games.italian_rails.ui.palette import VOLCANO_CONE as VOLCANO_CONE
from rail_app.games.italian_rails.ui.palette import VOLCANO_FIRE as VOLCANO_FIRE
from rail_app.games.italian_rails.ui.palette import WHITE as WHITE
from rail_app.ui.pngfile import save_png

__all__ = [
    "LABEL_HALO", "SEA", "TABLE", "MapView", "board_extent", "draw_base", "draw_ferry_prices",
    "draw_labels", "ferry_curve", "ferry_price_spots", "fit_view", "font", "hexagon",
    "label_layout", "label_sizes", "placed_labels",
    "sea_label_points",
    "render_board_png", "sheet_box", "text", "text_size",
]


def _polys(geom: Any) -> list[Any]:
    if geom.is_empty:
        return []
    if geom.geom_type == "Polygon":
        return [geom]
    if geom.geom_type in ("MultiPolygon", "GeometryCollection"):
        out: list[Any] = []
        for g in geom.geoms:
            out.extend(_polys(g))
        return out
    return []


def _lines(geom: Any) -> list[Any]:
    if geom.is_empty:
        return []
    if geom.geom_type in ("LineString", "LinearRing"):
        return [geom]
    if hasattr(geom, "geoms"):
        out: list[Any] = []
        for g in geom.geoms:
            out.extend(_lines(g))
        return out
    return []


def _surface_box(surface: pygame.Surface, view: MapView,
                 pad_px: float) -> tuple[float, float, float, float]:
    """The km box ``surface`` shows through ``view``, ``pad_px`` pixels larger each side."""
    w, h = surface.get_size()
    s = view.scale
    return (view.ox - pad_px / s, view.oy - pad_px / s, view.ox + (w + pad_px) / s,
            view.oy + (h + pad_px) / s)


_EMPTY = shapely.Polygon()


def _clip(geom: Any, surface: pygame.Surface, view: MapView, pad_px: float) -> Any:
    """``geom`` cut to what ``surface`` shows (plus ``pad_px``), so a tile of a close zoom
    level fills only its own part of Italy; the cut edges lie outside the surface, where no
    outline shows."""
    box = _surface_box(surface, view, pad_px)
    x0, y0, x1, y1 = geom.bounds
    if x1 < box[0] or x0 > box[2] or y1 < box[1] or y0 > box[3]:
        return _EMPTY
    if x0 >= box[0] and y0 >= box[1] and x1 <= box[2] and y1 <= box[3]:
        return geom
    return shapely.clip_by_rect(geom, *box)


def _fill(surface: pygame.Surface, view: MapView, geom: Any, colour: tuple[int, int, int],
          outline: tuple[int, int, int] | None = None) -> None:
    if not geom.is_empty:
        geom = _clip(geom, surface, view, 8)
    for poly in _polys(geom):
        pts = view.array_to_px(np.asarray(poly.exterior.coords)[:, :2])
        if len(pts) >= 3:
            pygame.draw.polygon(surface, colour, pts.tolist())
            if outline is not None:
                pygame.draw.aalines(surface, outline, True, pts.tolist())
        for hole in poly.interiors:
            hp = view.array_to_px(np.asarray(hole.coords)[:, :2])
            if len(hp) >= 3:
                pygame.draw.polygon(surface, SEA, hp.tolist())


def _polyline(surface: pygame.Surface, view: MapView, geom: Any,
              colour: tuple[int, int, int], width: int) -> None:
    if not geom.is_empty:
        geom = _clip(geom, surface, view, 8 + width)
    for line in _lines(geom):
        pts = view.array_to_px(np.asarray(line.coords)[:, :2]).tolist()
        if len(pts) < 2:
            continue
        if width <= 1:
            pygame.draw.aalines(surface, colour, False, pts)
        else:
            pygame.draw.lines(surface, colour, False, pts, width)


def _dashed(surface: pygame.Surface, view: MapView, geom: Any, colour: tuple[int, int, int],
            width: int, dash: float, gap: float) -> None:
    """Dashes of ``dash`` pixels every ``dash + gap`` pixels, counted from each line's start
    (so tiles agree); only the pieces over ``surface`` are drawn."""
    period = dash + gap
    clip = surface.get_clip().inflate(2 * width + 4, 2 * width + 4)
    for line in _lines(geom):
        pts = view.array_to_px(np.asarray(line.coords)[:, :2]).tolist()
        dist = 0.0  # along the line to the start of this piece
        for (x0, y0), (x1, y1) in zip(pts[:-1], pts[1:], strict=True):
            seg = math.hypot(x1 - x0, y1 - y0)
            if seg > 0 and min(x0, x1) <= clip.right and max(x0, x1) >= clip.left and \
                    min(y0, y1) <= clip.bottom and max(y0, y1) >= clip.top:
                start = math.floor(dist / period) * period
                while start < dist + seg:
                    a, b = max(start, dist) - dist, min(start + dash, dist + seg) - dist
                    if b > a:
                        pygame.draw.line(surface, colour,
                                         (x0 + (x1 - x0) * a / seg, y0 + (y1 - y0) * a / seg),
                                         (x0 + (x1 - x0) * b / seg, y0 + (y1 - y0) * b / seg),
                                         width)
                    start += period
            dist += seg


def hexagon(cx: float, cy: float, radius: float, pointy: bool = True) -> list[tuple[float, float]]:
    start = 30 if pointy else 0
    return [(cx + radius * math.cos(math.radians(start + 60 * i)),
             cy + radius * math.sin(math.radians(start + 60 * i))) for i in range(6)]


FERRY_PRICE_AT = (0.38, 0.62)  # where a ferry's two prices sit along its arc (K8)


def ferry_price_spots(board: Board, view: MapView, ferry: Ferry
                      ) -> list[tuple[tuple[float, float], float, int]]:
    """The centre, radius and figure of each of a ferry's two price circles (K8): the first
    taker's price, then the second's."""
    pts = ferry_curve(board, view, *ferry.ports)
    r = max(8, round(board.layout.spacing * view.scale * 0.34))
    return [(pts[int(frac * (len(pts) - 1))], r, cost)
            for frac, cost in zip(FERRY_PRICE_AT, (ferry.high, ferry.low), strict=True)]


def draw_ferry_prices(surface: pygame.Surface, board: Board, view: MapView,
                      ferry: Ferry) -> None:
    """A ferry's two price circles (K8); painted over anything drawn along the ferry so
    that the prices stay readable."""
    for (x, y), r, cost in ferry_price_spots(board, view, ferry):
        ri = round(r)
        pygame.draw.circle(surface, WHITE, (x, y), ri)
        pygame.draw.circle(surface, FERRY_INK, (x, y), ri, max(1, ri // 6))
        text(surface, str(cost), (x, y), int(ri * 1.2), FERRY_INK, bold=True,
             anchor="center", halo=None)


def ferry_curve(board: Board, view: MapView, a: int, b: int, n: int = 24) -> list[tuple[float, float]]:
    """The dotted arc of a ferry route between two port dots, in pixels."""
    ax, ay = view.to_px(board.dots[a].x, board.dots[a].y)
    bx, by = view.to_px(board.dots[b].x, board.dots[b].y)
    mx, my = (ax + bx) / 2, (ay + by) / 2
    dx, dy = bx - ax, by - ay
    bend = 0.12
    cx, cy = mx - dy * bend, my + dx * bend
    pts = []
    for i in range(n + 1):
        t = i / n
        x = (1 - t) ** 2 * ax + 2 * (1 - t) * t * cx + t * t * bx
        y = (1 - t) ** 2 * ay + 2 * (1 - t) * t * cy + t * t * by
        pts.append((x, y))
    return pts


_SHEETS: BoundedCache[tuple[object, ...], tuple[float, float, float, float]] = BoundedCache(8)


def sheet_box(board: Board) -> tuple[float, float, float, float]:
    """The km box of the printed map sheet: the area the map data describes (the
    neighbouring countries are given only inside it), with the board's dots inside.

    Beyond the sheet there is no geography to draw, so the base layer shows the table the
    sheet lies on there, with the sheet's edge, rather than inventing coastlines. Kept per
    board (its stamp)."""
    return _SHEETS.get(board.stamp, lambda: _sheet_box(board))


def _sheet_box(board: Board) -> tuple[float, float, float, float]:
    x0, y0, x1, y1 = board_extent(board, 40.0)
    context = board.geometry.union("context")
    if not context.is_empty:
        cx0, cy0, cx1, cy1 = context.bounds
        return min(x0, cx0), min(y0, cy0), max(x1, cx1), max(y1, cy1)
    return x0, y0, x1, y1


def _draw_table(surface: pygame.Surface, board: Board, view: MapView) -> None:
    """The table around the map sheet, the sheet's shadow and its edge (see :func:`sheet_box`)."""
    x0, y0, x1, y1 = sheet_box(board)
    (px0, py0), (px1, py1) = view.to_px(x0, y0), view.to_px(x1, y1)
    sheet = pygame.Rect(round(px0), round(py0), round(px1) - round(px0), round(py1) - round(py0))
    if sheet.contains(surface.get_rect()):
        return
    surface.fill(TABLE)
    shadow = max(3, round(view.scale * 6))
    for i in range(shadow, 0, -1):
        t = i / shadow
        colour = tuple(round(a + (b - a) * t) for a, b in zip(SHEET_SHADOW, TABLE, strict=True))
        surface.fill(colour, sheet.move(i, i))
    surface.fill(SEA, sheet)
    pygame.draw.rect(surface, SHEET_EDGE, sheet.inflate(2, 2), 1)


def draw_base(surface: pygame.Surface, board: Board, view: MapView, *,
              labels: bool = True) -> None:
    """Draw the whole base layer of ``board`` onto ``surface`` through ``view``."""
    sp = board.layout.spacing * view.scale  # pixels between neighbouring dots
    surface.fill(SEA)
    _draw_table(surface, board, view)
    geo = board.geometry
    for feat in geo.layer("context"):
        _fill(surface, view, feat.geom, CONTEXT_LAND, COAST)
    for feat in geo.layer("land"):
        _fill(surface, view, feat.geom, LAND, COAST)
    for feat in geo.layer("terrain"):
        if feat.props.get("terrain") == "mountain":
            _fill(surface, view, feat.geom, MOUNTAIN_TINT)
    for feat in geo.layer("terrain"):
        if feat.props.get("terrain") == "alpine":
            _fill(surface, view, feat.geom, ALPINE_TINT)
    for layer in ("lake", "inlet"):
        for feat in geo.layer(layer):
            _fill(surface, view, feat.geom, WATER, COAST)
    river_w = max(1, round(sp * 0.07))
    for feat in geo.layer("river"):
        _polyline(surface, view, feat.geom, RIVER, river_w)
    border_w = max(1, round(sp * 0.08))
    for feat in geo.layer("border"):
        _dashed(surface, view, feat.geom, BORDER, border_w, max(4.0, sp * 0.35),
                max(3.0, sp * 0.2))
    # ferries (under the dots)
    for ferry in board.ferries:
        pts = ferry_curve(board, view, *ferry.ports)
        step = max(2, int(len(pts) / max(4.0, sp * 0.6)))
        for i in range(0, len(pts), 1):
            if i % 2 == 0 and i + 1 < len(pts):
                pygame.draw.line(surface, FERRY_INK, pts[i], pts[i + 1], max(1, round(sp * 0.08)))
        del step
        draw_ferry_prices(surface, board, view, ferry)
    # major cities: the red hexagon and its free inner track (B4)
    for city in board.majors:
        cx, cy = view.to_px(board.dots[city.centre].x, board.dots[city.centre].y)
        pointy = board.layout.orientation == "pointy"
        poly = hexagon(cx, cy, sp * 1.25, pointy=not pointy)
        pygame.draw.polygon(surface, MAJOR_FILL, poly)
        pygame.draw.polygon(surface, CITY_RED, poly, max(2, round(sp * 0.1)))
        for outer in city.outer:
            ox, oy = view.to_px(board.dots[outer].x, board.dots[outer].y)
            pygame.draw.line(surface, FREE_TRACK, (cx, cy), (ox, oy), max(1, round(sp * 0.06)))
    # dots
    dot_r = max(1.2, sp * 0.07)
    tri = max(3.0, sp * 0.2)
    for d in board.dots:
        if d.city is not None:
            continue
        x, y = view.to_px(d.x, d.y)
        if d.terrain == "mountain":
            pts = [(x, y - tri), (x - tri * 0.9, y + tri * 0.6), (x + tri * 0.9, y + tri * 0.6)]
            pygame.draw.polygon(surface, MOUNTAIN, pts)
        elif d.terrain == "alpine":
            t = tri * 1.25
            pts = [(x, y - t), (x - t * 0.9, y + t * 0.6), (x + t * 0.9, y + t * 0.6)]
            pygame.draw.polygon(surface, WHITE, pts)
            pygame.draw.polygon(surface, ALPINE, pts, max(1, round(sp * 0.05)))
        else:
            pygame.draw.circle(surface, DOT, (x, y), dot_r)
    # city symbols
    sym = max(4.0, sp * 0.3)
    for city in board.city_list:
        for cd in city.dots:
            x, y = view.to_px(board.dots[cd].x, board.dots[cd].y)
            if city.major:
                pygame.draw.circle(surface, CITY_RED, (x, y), max(2.0, sp * 0.11))
            elif city.size == "medium":
                rect = pygame.Rect(0, 0, sym * 2, sym * 2)
                rect.center = (int(x), int(y))
                pygame.draw.rect(surface, CITY_RED, rect)
                pygame.draw.rect(surface, CITY_EDGE, rect, 1)
            else:
                pygame.draw.circle(surface, CITY_RED, (x, y), sym)
                pygame.draw.circle(surface, CITY_EDGE, (x, y), sym, 1)
    # volcanoes
    for v in board.volcanoes:
        x, y = view.to_px(v.x, v.y)
        t = tri * 1.2
        pts = [(x - t, y + t * 0.7), (x - t * 0.3, y - t * 0.7), (x + t * 0.3, y - t * 0.7),
               (x + t, y + t * 0.7)]
        pygame.draw.polygon(surface, VOLCANO_CONE, pts)
        pygame.draw.circle(surface, VOLCANO_FIRE, (x, y - t * 0.8), max(2.0, t * 0.3))
    if labels:
        draw_labels(surface, board, view)


def render_board_png(board: Board, path: str, width: int) -> tuple[int, int]:
    """Write a picture of the map, ``width`` pixels wide, to ``path``."""
    if not pygame.get_init():
        pygame.init()
    x0, y0, x1, y1 = board_extent(board, 40.0)
    scale = width / (x1 - x0)
    height = int(math.ceil((y1 - y0) * scale))
    surface = pygame.Surface((width, height))
    view = MapView(scale, x0, y0)
    draw_base(surface, board, view)
    title = board.name
    text(surface, title, (16, 12), max(16, width // 45), NAME_INK, bold=True, anchor="topleft")
    save_png(surface, path)
    return width, height
