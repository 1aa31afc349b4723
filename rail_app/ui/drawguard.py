"""pygame's drawing functions, guarded once for the whole program against coordinates no
screen can show.

SDL's drawing code (pygame.draw) walks every row and column between a shape's extremes
before it clips them to the surface: a polygon, a thick line or a circle reaching a
billion pixels away takes seconds to minutes (a map whose numbers are absurd became a
hang), and an edge within a surface's size of 2^31 overflows its clipping into memory it
does not own (an abort of the whole program some frames later, in whatever code then
touches that memory). The readers bound what a map may say (its spacing, its origin, its
extent); this module makes what reaches SDL safe whatever the numbers:

- a shape whose coordinates all lie within :data:`LIMIT` pixels of the origin is drawn as
  it is (every shape of a sane map: the check costs a comparison or two);
- beyond it, a polygon is cut to the surface's clip area with a wide margin (the pixels
  inside are those of the whole polygon; the cut's own edges lie in the margin, unseen), a
  line or a polyline is cut to the same area, a circle of a radius beyond it is drawn as
  the polygon it is within the area, a rectangle is cut to the area, an ellipse or an arc
  that reaches beyond it is not drawn (none of the program's draws one so large);
- a shape with a coordinate that is not a finite number is not drawn.

:func:`install` replaces the functions of ``pygame.draw`` by these (once; the shell's
package installs it on import, and each game's ``ui`` package imports the shell's first),
so that every draw of the program and of the libraries under it goes through them.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from typing import Any

import pygame

#: Coordinates (pixels) within which a shape is handed to SDL as it is: SDL's walk over a
#: shape this large takes milliseconds, and it is far from 2^31.
LIMIT = 1 << 20
#: How far beyond a surface's clip area a cut shape still reaches (wider than any line).
MARGIN = 512
#: The polygon a circle too large for SDL is drawn as: this many corners.
CIRCLE_CORNERS = 720

_RAW: dict[str, Callable[..., pygame.Rect]] = {}
Box = tuple[float, float, float, float]
Point = tuple[float, float]


def _within(values: Sequence[Any]) -> bool:
    """Whether every coordinate of ``values`` (numbers or pairs) is a finite number within
    :data:`LIMIT` (False for anything else, left to the exact checks)."""
    if hasattr(values, "tolist"):  # a numpy array of points
        values = values.tolist()
    try:
        for v in values:
            if isinstance(v, (int, float)):
                if not -LIMIT <= v <= LIMIT:
                    return False
            elif not (-LIMIT <= v[0] <= LIMIT and -LIMIT <= v[1] <= LIMIT):
                return False
    except (TypeError, IndexError):
        return False
    return True


def _area(surface: pygame.Surface) -> Box:
    r = surface.get_clip()
    return (r.left - MARGIN, r.top - MARGIN, r.right + MARGIN, r.bottom + MARGIN)


class _Unread(Exception):
    """Arguments the guard does not read (a type of pygame's own): pygame decides."""


def _points(points: Any) -> list[Point] | None:
    """The points as pairs of floats, or None when one is not a finite number."""
    out: list[Point] = []
    try:
        for p in points:
            x, y = float(p[0]), float(p[1])
            if not (math.isfinite(x) and math.isfinite(y)):
                return None
            out.append((x, y))
    except (TypeError, ValueError, IndexError, OverflowError):
        raise _Unread from None
    return out


def clip_polygon(points: Sequence[Point], box: Box) -> list[Point]:
    """The polygon cut to ``box`` (Sutherland-Hodgman: the part of its inside within the
    box, as a polygon whose new edges run along the box)."""
    x0, y0, x1, y1 = box
    out = list(points)
    for axis, bound, keep_low in ((0, x0, False), (0, x1, True), (1, y0, False),
                                  (1, y1, True)):
        if not out:
            return out

        def inside(p: Point) -> bool:
            return p[axis] <= bound if keep_low else p[axis] >= bound  # noqa: B023

        cut: list[Point] = []
        prev = out[-1]
        for cur in out:
            if inside(cur):
                if not inside(prev):
                    cut.append(_meet(prev, cur, axis, bound))
                cut.append(cur)
            elif inside(prev):
                cut.append(_meet(prev, cur, axis, bound))
            prev = cur
        out = cut
    return out


def _meet(a: Point, b: Point, axis: int, bound: float) -> Point:
    t = (bound - a[axis]) / (b[axis] - a[axis])
    x, y = a[0] + t * (b[0] - a[0]), a[1] + t * (b[1] - a[1])
    return (bound, y) if axis == 0 else (x, bound)


def clip_segment(a: Point, b: Point, box: Box) -> tuple[Point, Point] | None:
    """The part of the segment ``a``-``b`` within ``box`` (Liang-Barsky), or None."""
    x0, y0, x1, y1 = box
    dx, dy = b[0] - a[0], b[1] - a[1]
    lo, hi = 0.0, 1.0
    for p, q in ((-dx, a[0] - x0), (dx, x1 - a[0]), (-dy, a[1] - y0), (dy, y1 - a[1])):
        if p == 0:
            if q < 0:
                return None
            continue
        t = q / p
        if p < 0:
            lo = max(lo, t)
        else:
            hi = min(hi, t)
        if lo > hi:
            return None
    return ((a[0] + lo * dx, a[1] + lo * dy), (a[0] + hi * dx, a[1] + hi * dy))


def _nothing(box: Box) -> pygame.Rect:
    """What a draw of nothing returns: an empty rectangle within the area."""
    return pygame.Rect(int(box[0] + MARGIN), int(box[1] + MARGIN), 0, 0)


def polygon(surface: pygame.Surface, color: Any, points: Sequence[Any], width: int = 0,
            *args: Any, **kwargs: Any) -> pygame.Rect:
    if _within(points):
        return _RAW["polygon"](surface, color, points, width, *args, **kwargs)
    box = _area(surface)
    pts = _points(points)
    if pts is None:
        return _nothing(box)
    cut = clip_polygon(pts, box)
    if len(cut) < 3:
        return _nothing(box)
    return _RAW["polygon"](surface, color, cut, width, *args, **kwargs)


def _polyline(name: str, surface: pygame.Surface, color: Any, closed: Any,
              points: Sequence[Any], *args: Any, **kwargs: Any) -> pygame.Rect:
    if _within(points):
        return _RAW[name](surface, color, closed, points, *args, **kwargs)
    box = _area(surface)
    pts = _points(points)
    if pts is None:
        return _nothing(box)
    if closed and len(pts) > 2:
        pts = [*pts, pts[0]]
    done: pygame.Rect | None = None
    run: list[Point] = []
    for a, b in zip(pts, pts[1:], strict=False):
        seg = clip_segment(a, b, box)
        if seg is not None and run and run[-1] == seg[0]:
            run.append(seg[1])
            continue
        if len(run) > 1:
            r = _RAW[name](surface, color, False, run, *args, **kwargs)
            done = r if done is None else done.union(r)
        run = list(seg) if seg is not None else []
    if len(run) > 1:
        r = _RAW[name](surface, color, False, run, *args, **kwargs)
        done = r if done is None else done.union(r)
    return done if done is not None else _nothing(box)


def lines(surface: pygame.Surface, color: Any, closed: Any, points: Sequence[Any],
          *args: Any, **kwargs: Any) -> pygame.Rect:
    return _polyline("lines", surface, color, closed, points, *args, **kwargs)


def aalines(surface: pygame.Surface, color: Any, closed: Any, points: Sequence[Any],
            *args: Any, **kwargs: Any) -> pygame.Rect:
    return _polyline("aalines", surface, color, closed, points, *args, **kwargs)


def _segment(name: str, surface: pygame.Surface, color: Any, start: Any, end: Any,
             *args: Any, **kwargs: Any) -> pygame.Rect:
    if _within((start, end)):
        return _RAW[name](surface, color, start, end, *args, **kwargs)
    box = _area(surface)
    pts = _points((start, end))
    seg = clip_segment(pts[0], pts[1], box) if pts is not None else None
    if seg is None:
        return _nothing(box)
    return _RAW[name](surface, color, seg[0], seg[1], *args, **kwargs)


def line(surface: pygame.Surface, color: Any, start_pos: Any, end_pos: Any,
         *args: Any, **kwargs: Any) -> pygame.Rect:
    return _segment("line", surface, color, start_pos, end_pos, *args, **kwargs)


def aaline(surface: pygame.Surface, color: Any, start_pos: Any, end_pos: Any,
           *args: Any, **kwargs: Any) -> pygame.Rect:
    return _segment("aaline", surface, color, start_pos, end_pos, *args, **kwargs)


def _round(name: str, surface: pygame.Surface, color: Any, center: Any, radius: Any,
           width: int = 0, *args: Any, **kwargs: Any) -> pygame.Rect:
    if _within((center, radius)):
        return _RAW[name](surface, color, center, radius, width, *args, **kwargs)
    box = _area(surface)
    pts = _points((center,))
    try:
        r = float(radius)
    except (TypeError, ValueError):
        return _nothing(box)
    if pts is None or not math.isfinite(r) or r <= 0 or args or any(kwargs.values()):
        return _nothing(box)  # a quarter of a circle this large is never drawn
    (cx, cy), = pts
    x0, y0, x1, y1 = box
    near_x, near_y = min(max(cx, x0), x1), min(max(cy, y0), y1)
    if math.hypot(near_x - cx, near_y - cy) > r:
        return _nothing(box)  # the circle misses the area
    corners = [(cx + r * math.cos(a), cy + r * math.sin(a))
               for a in (2 * math.pi * k / CIRCLE_CORNERS for k in range(CIRCLE_CORNERS))]
    if width > 0:
        return _polyline("lines", surface, color, True, corners, width)
    return polygon(surface, color, corners)


def circle(surface: pygame.Surface, color: Any, center: Any, radius: Any, width: int = 0,
           *args: Any, **kwargs: Any) -> pygame.Rect:
    return _round("circle", surface, color, center, radius, width, *args, **kwargs)


def aacircle(surface: pygame.Surface, color: Any, center: Any, radius: Any, width: int = 0,
             *args: Any, **kwargs: Any) -> pygame.Rect:
    return _round("aacircle", surface, color, center, radius, width, *args, **kwargs)


def _rect_of(rect: Any) -> tuple[float, float, float, float] | None:
    """A rectangle's x, y, width and height (None when one is not a finite number)."""
    try:
        if isinstance(rect, pygame.Rect):
            return float(rect.x), float(rect.y), float(rect.w), float(rect.h)
        if len(rect) == 2:
            (x, y), (w, h) = rect
        else:
            x, y, w, h = rect
        out = float(x), float(y), float(w), float(h)
    except (TypeError, ValueError, OverflowError):
        raise _Unread from None
    return out if all(math.isfinite(v) for v in out) else None


def rect(surface: pygame.Surface, color: Any, rect: Any, *args: Any,
         **kwargs: Any) -> pygame.Rect:
    if _within(_rect_of(rect) or (math.inf,)):
        return _RAW["rect"](surface, color, rect, *args, **kwargs)
    box = _area(surface)
    r = _rect_of(rect)
    if r is None:
        return _nothing(box)
    x, y, w, h = r
    left, top = max(x, box[0]), max(y, box[1])
    right, bottom = min(x + w, box[2]), min(y + h, box[3])
    if right <= left or bottom <= top:
        return _nothing(box)
    cut = pygame.Rect(round(left), round(top), round(right - left), round(bottom - top))
    return _RAW["rect"](surface, color, cut, *args, **kwargs)


def _boxed(name: str, surface: pygame.Surface, color: Any, rect: Any, *args: Any,
           **kwargs: Any) -> pygame.Rect:
    if _within(_rect_of(rect) or (math.inf,)):
        return _RAW[name](surface, color, rect, *args, **kwargs)
    return _nothing(_area(surface))


def ellipse(surface: pygame.Surface, color: Any, rect: Any, *args: Any,
            **kwargs: Any) -> pygame.Rect:
    return _boxed("ellipse", surface, color, rect, *args, **kwargs)


def arc(surface: pygame.Surface, color: Any, rect: Any, *args: Any,
        **kwargs: Any) -> pygame.Rect:
    return _boxed("arc", surface, color, rect, *args, **kwargs)


def _or_pygame(name: str, guarded: Callable[..., pygame.Rect]) -> Callable[..., pygame.Rect]:
    """``guarded``, handing arguments it does not read to pygame's own function."""

    def draw(*args: Any, **kwargs: Any) -> pygame.Rect:
        try:
            return guarded(*args, **kwargs)
        except _Unread:
            return _RAW[name](*args, **kwargs)

    draw.__name__ = draw.__qualname__ = name
    draw.__doc__ = guarded.__doc__
    return draw


_GUARDS: dict[str, Callable[..., pygame.Rect]] = {
    "polygon": polygon, "lines": lines, "aalines": aalines, "line": line, "aaline": aaline,
    "circle": circle, "aacircle": aacircle, "rect": rect, "ellipse": ellipse, "arc": arc}


#: The functions put in ``pygame.draw``'s place, by name.
GUARDED: dict[str, Callable[..., pygame.Rect]] = {n: _or_pygame(n, g) for n, g in _GUARDS.items()}


def install() -> None:
    """``pygame.draw``'s functions replaced by the guarded ones (once)."""
    for name, guarded in GUARDED.items():
        current = getattr(pygame.draw, name, None)
        if current is None or current is guarded:
            continue
        _RAW[name] = current
        setattr(pygame.draw, name, guarded)


def installed() -> bool:
    """Whether every function of ``pygame.draw`` this module guards is guarded."""
    return all(getattr(pygame.draw, n, g) is g for n, g in GUARDED.items())
