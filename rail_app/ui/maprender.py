"""Drawing the map's base layer: sea, land, terrain, water, border, dots, cities, ferries.

The base layer never changes during a game, so the app renders it once per zoom level and
keeps it (DESIGN.md habit 9). ``render-map`` uses the same code to write a PNG.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

import numpy as np
import pygame
import shapely

from rail_app.core.board import Board
from rail_app.core.paths import resource_path

# Colours of the printed map (UX.md "Colours and shapes").
SEA = (196, 222, 238)
SEA_DEEP = (176, 208, 230)
LAND = (246, 241, 226)
CONTEXT_LAND = (226, 226, 222)
COAST = (120, 150, 170)
MOUNTAIN_TINT = (233, 222, 200)
ALPINE_TINT = (236, 236, 240)
WATER = (150, 196, 228)
RIVER = (70, 140, 205)
BORDER = (70, 60, 60)
DOT = (120, 120, 120)
MOUNTAIN = (135, 100, 70)
ALPINE = (90, 90, 110)
CITY_RED = (200, 30, 40)
FREE_TRACK = (200, 30, 40)
NAME_INK = (40, 35, 30)
COMMODITY_GREEN = (20, 120, 50)
FERRY_INK = (40, 80, 130)
SEA_LABEL = (90, 130, 170)
LABEL_HALO = (250, 248, 240)


@lru_cache(maxsize=64)
def font(size: int, bold: bool = False) -> pygame.font.Font:
    """The game's type (Noto Sans, shipped in assets/fonts) at a pixel size."""
    name = "NotoSans-Bold.ttf" if bold else "NotoSans-Regular.ttf"
    path = resource_path("assets", "fonts", name)
    size = max(6, int(size))
    try:
        return pygame.font.Font(str(path), size)
    except (OSError, FileNotFoundError):
        return pygame.font.Font(None, size)


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


@lru_cache(maxsize=4096)
def text_size(label: str, size: int, bold: bool = False) -> tuple[int, int]:
    """The pixel size of ``label`` in the game's type (remembered: asked per tile)."""
    return font(size, bold).size(label)


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


def text(surface: pygame.Surface, label: str, pos: tuple[float, float], size: int,
         colour: tuple[int, int, int], *, bold: bool = False, anchor: str = "midleft",
         halo: tuple[int, int, int] | None = LABEL_HALO) -> pygame.Rect:
    """Draw a label with a light halo so it reads over any background."""
    f = font(size, bold)
    rect = pygame.Rect((0, 0), text_size(label, size, bold))
    setattr(rect, anchor, (int(pos[0]), int(pos[1])))
    if not rect.inflate(4, 4).colliderect(surface.get_clip()):
        return rect  # off this tile: nothing to draw
    img = f.render(label, True, colour)
    if halo is not None:
        h = f.render(label, True, halo)
        for dx, dy in ((-1, 0), (1, 0), (0, -1), (0, 1), (-1, -1), (1, 1), (-1, 1), (1, -1)):
            surface.blit(h, rect.move(dx, dy))
    surface.blit(img, rect)
    return rect


def hexagon(cx: float, cy: float, radius: float, pointy: bool = True) -> list[tuple[float, float]]:
    start = 30 if pointy else 0
    return [(cx + radius * math.cos(math.radians(start + 60 * i)),
             cy + radius * math.sin(math.radians(start + 60 * i))) for i in range(6)]


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


@lru_cache(maxsize=8)
def sea_label_points(board: Board) -> list[tuple[str, list[tuple[float, float]]]]:
    """Where a sea's name may go: open water points of its area, nearest its middle first.

    Cached per board: the game renders the base layer in many tiles and zoom levels."""
    land = board.geometry.union("land")
    context = board.geometry.union("context")
    solid = shapely.union_all([land, context]) if not context.is_empty else land
    out: list[tuple[str, list[tuple[float, float]]]] = []
    x0, y0, x1, y1 = board_extent(board, 0)
    step = board.layout.spacing
    for feat in board.geometry.layer("sea"):
        area = shapely.intersection(feat.geom, shapely.box(x0, y0, x1, y1))
        if area.is_empty:
            continue
        c = area.centroid
        bx0, by0, bx1, by1 = area.bounds
        pts = []
        for x in np.arange(bx0, bx1, step):
            for y in np.arange(by0, by1, step):
                p = shapely.Point(x, y)
                if area.contains(p) and solid.distance(p) >= 2.5 * step:
                    pts.append((float(x), float(y)))
        pts.sort(key=lambda q: math.hypot(q[0] - c.x, q[1] - c.y))
        out.append((feat.name, pts))
    return out


def _draw_sea_labels(surface: pygame.Surface, board: Board, view: MapView,
                     avoid: list[pygame.Rect]) -> None:
    sp = board.layout.spacing * view.scale
    size = max(11, min(30, int(sp * 0.9)))
    for name, pts in sea_label_points(board):
        img = _sea_name(name, size)
        for x, y in pts:
            rect = img.get_rect(center=view.to_px(x, y))
            if rect.collidelist(avoid) < 0:
                surface.blit(img, rect)
                avoid.append(rect)
                break


@lru_cache(maxsize=256)
def _sea_name(name: str, size: int) -> pygame.Surface:
    """A sea's name in italics (rendered once per size: every tile of a level asks)."""
    f = font(size, False)
    f.set_italic(True)
    img = f.render(name, True, SEA_LABEL)
    f.set_italic(False)
    return img


@lru_cache(maxsize=8)
def context_beyond(board: Board) -> Any:
    """The neighbouring countries continued past the edge of the map data's box.

    The map data holds the neighbours' land only inside a box; drawn as is, the grey land
    would stop at a straight edge. Land that touches a side of the box is carried on
    outward from that side (and into a corner where both sides have land), so the base
    layer fills any view without a visible rectangle."""
    context = board.geometry.union("context")
    if context.is_empty:
        return context
    land = board.geometry.union("land")
    solid = shapely.union_all([land, context])
    x0, y0, x1, y1 = context.bounds
    far = 20000.0
    eps = max(1.0, board.layout.spacing * 0.05)
    parts = [context]
    sides: dict[str, tuple[Any, Callable[[float, float], Any], int]] = {
        "n": (shapely.box(x0, y0, x1, y0 + eps), lambda a, b: shapely.box(a, y0 - far, b,
                                                                          y0 + eps), 0),
        "s": (shapely.box(x0, y1 - eps, x1, y1), lambda a, b: shapely.box(a, y1 - eps, b,
                                                                          y1 + far), 0),
        "w": (shapely.box(x0, y0, x0 + eps, y1), lambda a, b: shapely.box(x0 - far, a,
                                                                          x0 + eps, b), 1),
        "e": (shapely.box(x1 - eps, y0, x1, y1), lambda a, b: shapely.box(x1 - eps, a,
                                                                          x1 + far, b), 1),
    }
    touch: dict[str, list[tuple[float, float]]] = {}
    for name, (strip, extrude, axis) in sides.items():
        inter = shapely.intersection(solid, strip)
        spans = []
        for poly in _polys(inter):
            bx0, by0, bx1, by1 = poly.bounds
            a, b = (bx0, bx1) if axis == 0 else (by0, by1)
            if b - a > eps:
                spans.append((a, b))
                parts.append(extrude(a, b))
        touch[name] = spans
    corners = {("n", "w"): (x0, y0, -1, -1), ("n", "e"): (x1, y0, 1, -1),
               ("s", "w"): (x0, y1, -1, 1), ("s", "e"): (x1, y1, 1, 1)}
    for (v, h), (cx, cy, sx, sy) in corners.items():
        near_v = any(min(abs(a - cx), abs(b - cx)) < 5 * eps for a, b in touch[v])
        near_h = any(min(abs(a - cy), abs(b - cy)) < 5 * eps for a, b in touch[h])
        if near_v and near_h:
            parts.append(shapely.box(min(cx, cx + sx * far), min(cy, cy + sy * far),
                                     max(cx, cx + sx * far), max(cy, cy + sy * far)))
    out = shapely.difference(shapely.union_all(parts), land)
    return out


def draw_base(surface: pygame.Surface, board: Board, view: MapView, *,
              labels: bool = True) -> None:
    """Draw the whole base layer of ``board`` onto ``surface`` through ``view``."""
    sp = board.layout.spacing * view.scale  # pixels between neighbouring dots
    surface.fill(SEA)
    geo = board.geometry
    w, h = surface.get_size()
    kx0, ky0 = view.to_km(-4, -4)
    kx1, ky1 = view.to_km(w + 4, h + 4)
    beyond = shapely.intersection(context_beyond(board), shapely.box(kx0, ky0, kx1, ky1))
    _fill(surface, view, beyond, CONTEXT_LAND, COAST)
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
        r = max(8, round(sp * 0.34))
        for frac, cost in ((0.38, ferry.high), (0.62, ferry.low)):
            x, y = pts[int(frac * (len(pts) - 1))]
            pygame.draw.circle(surface, (255, 255, 255), (x, y), r)
            pygame.draw.circle(surface, FERRY_INK, (x, y), r, max(1, r // 6))
            text(surface, str(cost), (x, y), int(r * 1.2), FERRY_INK, bold=True,
                 anchor="center", halo=None)
    # major cities: the red hexagon and its free inner track (B4)
    for city in board.majors:
        cx, cy = view.to_px(board.dots[city.centre].x, board.dots[city.centre].y)
        pointy = board.layout.orientation == "pointy"
        poly = hexagon(cx, cy, sp * 1.25, pointy=not pointy)
        pygame.draw.polygon(surface, (250, 225, 220), poly)
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
            pygame.draw.polygon(surface, (255, 255, 255), pts)
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
                pygame.draw.rect(surface, (120, 10, 20), rect, 1)
            else:
                pygame.draw.circle(surface, CITY_RED, (x, y), sym)
                pygame.draw.circle(surface, (120, 10, 20), (x, y), sym, 1)
    # volcanoes
    for v in board.volcanoes:
        x, y = view.to_px(v.x, v.y)
        t = tri * 1.2
        pts = [(x - t, y + t * 0.7), (x - t * 0.3, y - t * 0.7), (x + t * 0.3, y - t * 0.7),
               (x + t, y + t * 0.7)]
        pygame.draw.polygon(surface, (110, 60, 40), pts)
        pygame.draw.circle(surface, (230, 90, 30), (x, y - t * 0.8), max(2.0, t * 0.3))
    if labels:
        draw_labels(surface, board, view)


def draw_labels(surface: pygame.Surface, board: Board, view: MapView) -> None:
    """City names with their commodities, and the seas' names (a layer above the track)."""
    placed = draw_city_labels(surface, board, view)
    _draw_sea_labels(surface, board, view, placed)


SMALL_NAMES_FROM = 14.0  # pixels between dots from which small cities are named too


def label_layout(board: Board, view: MapView) -> list[tuple[str, str, int, int, pygame.Rect]]:
    """Where each city's name and commodity go: beside the city, on the first side that does
    not cover another label or city (right, left, below, above, then the corners).

    Far out (dots less than :data:`SMALL_NAMES_FROM` pixels apart) only the major and
    medium cities are named; a medium or small city's label that finds no free place is
    tried in smaller type, then left out rather than drawn over another.

    Returns (name, commodity, name size, commodity size, block rect) per city.
    """
    sp = board.layout.spacing * view.scale
    name_size = max(10, min(28, int(sp * 0.62)))
    com_size = max(9, min(22, int(sp * 0.5)))
    far = sp < SMALL_NAMES_FROM
    taken: list[pygame.Rect] = []
    for city in board.city_list:
        x, y = view.to_px(city.x, city.y)
        half = sp * (1.3 if city.major else 0.35)
        taken.append(pygame.Rect(int(x - half), int(y - half), int(2 * half), int(2 * half)))
    out = []
    rank = {"major": 0, "medium": 1, "small": 2}
    order = sorted(board.city_list, key=lambda c: (rank.get(c.size, 2), c.index))
    for city in order:
        if far and city.size == "small":
            continue
        x, y = view.to_px(city.x, city.y)
        own = pygame.Rect(int(x - sp * 0.3), int(y - sp * 0.3), int(sp * 0.6), int(sp * 0.6))
        best = None
        tries = [1.0] if city.major else [1.0, 0.8]
        for shrink in tries:
            size = max(8, int(name_size * (1.2 if city.major else 1.0) * shrink))
            csize = max(8, int(com_size * shrink))
            nw, nh = font(size, True).size(city.name)
            cw, ch = font(csize).size(city.commodity)
            w, h = max(nw, cw), nh + ch - 2
            off = sp * (1.35 if city.major else 0.5)
            candidates = [
                (x + off, y - h / 2), (x - off - w, y - h / 2),
                (x - w / 2, y + off * 0.8), (x - w / 2, y - off * 0.8 - h),
                (x + off * 0.7, y + off * 0.4), (x + off * 0.7, y - off * 0.4 - h),
                (x - off * 0.7 - w, y + off * 0.4), (x - off * 0.7 - w, y - off * 0.4 - h),
            ]
            for cx, cy in candidates:
                rect = pygame.Rect(int(cx), int(cy), w, h)
                clash = [r for r in taken if r.colliderect(rect) and r != own]
                if not clash:
                    best = rect
                    break
            if best is not None:
                break
        if best is None:
            if not city.major:
                continue  # no free place: leave the name out rather than cover another
            best = pygame.Rect(int(candidates[0][0]), int(candidates[0][1]), w, h)
        taken.append(best)
        out.append((city.name, city.commodity, size, csize, best))
    return out


@lru_cache(maxsize=32)
def _level_layout(board: Board, scale: float, fx: float, fy: float) -> list[
        tuple[str, str, int, int, pygame.Rect]]:
    """:func:`label_layout` of a whole zoom level, for a view whose origin lies ``fx``, ``fy``
    pixels past whole pixels (all tiles of a level share it, so they agree on the labels)."""
    return label_layout(board, MapView(scale, fx / scale, fy / scale))


def _shifted_layout(board: Board, view: MapView) -> list[tuple[str, str, int, int, pygame.Rect]]:
    """The label layout of ``view``, computed once per zoom level and moved into place."""
    px, py = view.ox * view.scale, view.oy * view.scale
    ix, iy = math.floor(px), math.floor(py)
    plan = _level_layout(board, view.scale, round(px - ix, 3), round(py - iy, 3))
    return [(n, c, s, cs, r.move(-ix, -iy)) for n, c, s, cs, r in plan]


def draw_city_labels(surface: pygame.Surface, board: Board, view: MapView) -> list[pygame.Rect]:
    """Draw every city's name and commodity; returns the rectangles they cover."""
    placed = []
    for name, commodity, size, com_size, rect in _shifted_layout(board, view):
        placed.append(rect)
        r = text(surface, name, (rect.left, rect.top), size, NAME_INK, bold=True,
                 anchor="topleft")
        text(surface, commodity, (rect.left, r.bottom - 2), com_size, COMMODITY_GREEN,
             anchor="topleft")
    return placed


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
    pygame.image.save(surface, path)
    return width, height
