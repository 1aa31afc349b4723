"""The names on the map: each city's name and commodity placed beside it without covering
another label, decluttered by priority when the view is crowded, and the seas' names in open
water. Drawn into a layer above the track, so ink never covers a name."""

from __future__ import annotations

import math

import numpy as np
import pygame
import shapely

from rail_app.core import i18n
from rail_app.core.cache import BoundedCache
from rail_app.core.i18n import pgettext
from rail_app.games.italian_rails.rules.board import Board
from rail_app.games.italian_rails.ui.mapstyle import (
    COMMODITY_GREEN,
    NAME_INK,
    SEA_LABEL,
    MapView,
    board_extent,
    font,
    text,
    text_size,
)
from rail_app.ui.picturecache import SurfaceCache

_SEA_POINTS: BoundedCache[tuple[object, ...], list[tuple[str, list[tuple[float, float]]]]] = \
    BoundedCache(8)


def sea_label_points(board: Board) -> list[tuple[str, list[tuple[float, float]]]]:
    """Where a sea's name may go: open water points of its area, nearest its middle first.

    Kept per board (its stamp): the game renders the base layer in many tiles and zoom
    levels."""
    return _SEA_POINTS.get(board.stamp, lambda: _sea_label_points(board))


def _sea_label_points(board: Board) -> list[tuple[str, list[tuple[float, float]]]]:
    land = board.geometry.union("land")
    context = board.geometry.union("context")
    solid = shapely.union_all([land, context]) if not context.is_empty else land
    shapely.prepare(solid)
    # at least 2.5 dots from land: not within the largest distance below that
    clear = float(np.nextafter(2.5 * board.layout.spacing, 0.0))
    out: list[tuple[str, list[tuple[float, float]]]] = []
    x0, y0, x1, y1 = board_extent(board, 0)
    step = board.layout.spacing
    for feat in board.geometry.layer("sea"):
        area = shapely.intersection(feat.geom, shapely.box(x0, y0, x1, y1))
        if area.is_empty:
            continue
        c = area.centroid
        bx0, by0, bx1, by1 = area.bounds
        # a grid over the sea's area (x by x, each x's column by y), tested all at once
        gx, gy = np.meshgrid(np.arange(bx0, bx1, step), np.arange(by0, by1, step),
                             indexing="ij")
        xs, ys = gx.ravel(), gy.ravel()
        inside = shapely.contains_xy(area, xs, ys)
        xs, ys = xs[inside], ys[inside]
        far = ~shapely.dwithin(solid, shapely.points(xs, ys), clear)
        pts = [(float(x), float(y)) for x, y in zip(xs[far], ys[far], strict=True)]
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


SEA_NAMES: SurfaceCache[tuple[str, int]] = SurfaceCache(0.05)


def _sea_name(name: str, size: int) -> pygame.Surface:
    """A sea's name in italics (rendered once per size: every tile of a level asks)."""
    img = SEA_NAMES.get((name, size))
    if img is None:
        f = font(size, False)
        f.set_italic(True)
        img = SEA_NAMES.put((name, size), f.render(name, True, SEA_LABEL))
        f.set_italic(False)
    return img


def draw_labels(surface: pygame.Surface, board: Board, view: MapView) -> None:
    """City names with their commodities, and the seas' names (a layer above the track)."""
    placed = draw_city_labels(surface, board, view)
    _draw_sea_labels(surface, board, view, placed)


SMALL_NAMES_FROM = 14.0  # pixels between dots from which small cities show their goods too
NAME_MIN_PX = 12  # the smallest type of a city's name: readable on any screen
COMMODITY_MIN_PX = 11  # ... and of its commodity


def label_sizes(dot_px: float) -> tuple[int, int]:
    """The type sizes of a city's name and of its commodity when dots are ``dot_px`` pixels
    apart: growing with the zoom, never below a readable size (a crowded view leaves
    commodities out and moves names farther instead of shrinking them)."""
    return (max(NAME_MIN_PX, min(28, int(dot_px * 0.62))),
            max(COMMODITY_MIN_PX, min(22, int(dot_px * 0.5))))


LabelPlan = tuple[str, str, int, int, pygame.Rect]


def label_layout(board: Board, view: MapView) -> list[LabelPlan]:
    """Where each city's name and commodity go: beside the city, on the first side that does
    not cover another label or city (right, left, below, above, then the corners, then a
    little farther out).

    The type never shrinks below :data:`NAME_MIN_PX` and :data:`COMMODITY_MIN_PX`; a crowded
    view is decluttered by priority instead: the major cities first, then the medium and
    the small ones; below :data:`SMALL_NAMES_FROM` pixels between dots a small city is
    named without its commodity; a city whose name and commodity find no free place is
    named without its commodity, and its name goes a little farther out rather than
    covering another label. Every city is named at every zoom.

    Returns (name, commodity or "", name size, commodity size, block rect) per city.
    """
    sp = board.layout.spacing * view.scale
    name_size, com_size = label_sizes(sp)
    far = sp < SMALL_NAMES_FROM
    taken: list[pygame.Rect] = []
    for city in board.city_list:
        x, y = view.to_px(city.x, city.y)
        half = sp * (1.3 if city.major else 0.35) + 2
        taken.append(pygame.Rect(int(x - half), int(y - half), int(2 * half), int(2 * half)))
    out: list[LabelPlan] = []
    rank = {"major": 0, "medium": 1, "small": 2}
    order = sorted(board.city_list, key=lambda c: (rank.get(c.size, 2), c.index))
    labels: list[pygame.Rect] = []
    for city in order:
        x, y = view.to_px(city.x, city.y)
        own = taken[city.index] if city.index < len(taken) else pygame.Rect(0, 0, 0, 0)
        size = int(name_size * 1.2) if city.major else name_size
        nw, nh = text_size(city.name, size, True)
        goods = pgettext("commodity", city.commodity)
        cw, ch = text_size(goods, com_size)
        off = sp * (1.35 if city.major else 0.5) + 3
        best: tuple[str, pygame.Rect] | None = None
        shapes = [("", nw, nh)] if far and city.size == "small" else \
            [(goods, max(nw, cw), nh + ch - 2), ("", nw, nh)]
        tries = [(commodity, w, h, o) for commodity, w, h in shapes for o in (off,)]
        farther = (off + sp * 0.6, off + sp * 1.3, off + sp * 2.0)
        tries += [("", nw, nh, o) for o in farther]
        for commodity, w, h, o in tries:
            for cx, cy in _label_spots(x, y, w, h, o):
                rect = pygame.Rect(int(cx), int(cy), w, h)
                # (collidelistall: the test in C, a crowded far view asks it many times)
                if not any(taken[i] is not own for i in rect.collidelistall(taken)):
                    best = (commodity, rect)
                    break
            if best is not None:
                break
        if best is None:  # every place covers a city's mark: cover no other name at least
            for o in (off, *farther):
                for cx, cy in _label_spots(x, y, nw, nh, o):
                    rect = pygame.Rect(int(cx), int(cy), nw, nh)
                    if rect.collidelist(labels) < 0 and not rect.colliderect(own):
                        best = ("", rect)
                        break
                if best is not None:
                    break
        if best is None:
            w, h = max(nw, cw), nh + ch - 2
            best = (goods, pygame.Rect(int(x + off), int(y - h / 2), w, h))
        taken.append(best[1])
        labels.append(best[1])
        out.append((city.name, best[0], size, com_size, best[1]))
    return out


def _label_spots(x: float, y: float, w: int, h: int, off: float) -> list[tuple[float, float]]:
    """Top-left corners of a ``w`` x ``h`` label beside the point (x, y), best first."""
    return [(x + off, y - h / 2), (x - off - w, y - h / 2),
            (x - w / 2, y + off * 0.8), (x - w / 2, y - off * 0.8 - h),
            (x + off * 0.7, y + off * 0.4), (x + off * 0.7, y - off * 0.4 - h),
            (x - off * 0.7 - w, y + off * 0.4), (x - off * 0.7 - w, y - off * 0.4 - h)]


_LEVELS: BoundedCache[tuple[object, ...], list[LabelPlan]] = BoundedCache(32)


def _level_layout(board: Board, scale: float, fx: float, fy: float) -> list[LabelPlan]:
    """:func:`label_layout` of a whole zoom level, for a view whose origin lies ``fx``, ``fy``
    pixels past whole pixels (all tiles of a level share it, so they agree on the labels);
    kept per board (its stamp) and level."""
    return _LEVELS.get((*board.stamp, scale, fx, fy, i18n.version()),
                       lambda: label_layout(board, MapView(scale, fx / scale, fy / scale)))


def placed_labels(board: Board, view: MapView) -> list[LabelPlan]:
    """The label layout of ``view`` (what the base layer draws), computed once per zoom
    level and moved into place. The game screen keeps its own marks clear of these."""
    px, py = view.ox * view.scale, view.oy * view.scale
    ix, iy = math.floor(px), math.floor(py)
    plan = _level_layout(board, view.scale, round(px - ix, 3), round(py - iy, 3))
    return [(n, c, s, cs, r.move(-ix, -iy)) for n, c, s, cs, r in plan]


def placed_rects(board: Board, view: MapView, dx: int = 0,
                 dy: int = 0) -> tuple[pygame.Rect, ...]:
    """Where the names of :func:`placed_labels` lie, moved by (``dx``, ``dy``) pixels (to
    the screen's map area): the rectangles alone, in one pass (asked every frame)."""
    px, py = view.ox * view.scale, view.oy * view.scale
    ix, iy = math.floor(px), math.floor(py)
    plan = _level_layout(board, view.scale, round(px - ix, 3), round(py - iy, 3))
    mx, my = dx - ix, dy - iy
    return tuple([p[4].move(mx, my) for p in plan])


def draw_city_labels(surface: pygame.Surface, board: Board, view: MapView) -> list[pygame.Rect]:
    """Draw every city's name and commodity; returns the rectangles they cover."""
    placed = []
    for name, commodity, size, com_size, rect in placed_labels(board, view):
        placed.append(rect)
        r = text(surface, name, (rect.left, rect.top), size, NAME_INK, bold=True,
                 anchor="topleft")
        if commodity:
            text(surface, commodity, (rect.left, r.bottom - 2), com_size, COMMODITY_GREEN,
                 anchor="topleft")
    return placed
