"""The chart of the game over screen, for any game and any number of seats: each seat's
figure after each of its turns (the game's own: Italian Rails' cash, Steam's victory
points), in the game's own format (``250M``, ``12``), with axes, labels, the seats' inks and
a pattern per seat, so that the lines are told apart without their colours: seat 1 solid
with round marks, seat 2 dashed with square marks, seat 3 dotted with triangles, then
dash-dot with diamonds, long dashes with rings and dash-dot-dot with crosses (six seats)."""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence

import pygame

from rail_app.core.i18n import _
from rail_app.ui import hud
from rail_app.ui.fonts import font
from rail_app.ui.palette import CHART_GRID as CHART_GRID

Colour = tuple[int, int, int]
Point = tuple[float, float]

#: Each seat's line: the lengths of its strokes and gaps in pixels, from the start
#: (empty: solid), and the mark at its points.
PATTERNS: tuple[tuple[tuple[float, ...], str], ...] = (
    ((), "circle"),
    ((10.0, 6.0), "square"),
    ((3.0, 5.0), "triangle"),
    ((12.0, 4.0, 3.0, 4.0), "diamond"),
    ((20.0, 7.0), "ring"),
    ((12.0, 4.0, 3.0, 4.0, 3.0, 4.0), "cross"),
)


def pattern(seat: int) -> tuple[tuple[float, ...], str]:
    """The line and mark of ``seat`` (0 first); more seats than patterns repeat them."""
    return PATTERNS[seat % len(PATTERNS)]


def nice_step(span: float, ticks: int = 5) -> int:
    """A round step (1, 2, 5 × 10^k) that cuts ``span`` into about ``ticks`` parts."""
    raw = max(1.0, span / max(1, ticks))
    mag = 10 ** math.floor(math.log10(raw))
    for m in (1, 2, 5, 10):
        if m * mag >= raw:
            return int(m * mag)
    return int(10 * mag)


def _stroked(surface: pygame.Surface, colour: Colour, pts: Sequence[Point], width: int,
             dashes: Sequence[float] = ()) -> None:
    """A line through ``pts``: solid, or stroked by ``dashes`` (stroke, gap, stroke, gap
    ... in pixels), the pattern running on across the corners."""
    if len(pts) < 2:
        return
    if not dashes:
        pygame.draw.lines(surface, colour, False, [(round(x), round(y)) for x, y in pts],
                          width)
        return
    k = 0
    left = dashes[0]
    for (x0, y0), (x1, y1) in zip(pts[:-1], pts[1:], strict=True):
        seg = math.hypot(x1 - x0, y1 - y0)
        pos = 0.0
        while pos < seg:
            step = min(left, seg - pos)
            if k % 2 == 0:  # a stroke; odd entries are gaps
                a = (x0 + (x1 - x0) * pos / seg, y0 + (y1 - y0) * pos / seg)
                b = (x0 + (x1 - x0) * (pos + step) / seg, y0 + (y1 - y0) * (pos + step) / seg)
                pygame.draw.line(surface, colour, a, b, width)
            pos += step
            left -= step
            if left <= 0:
                k = (k + 1) % len(dashes)
                left = dashes[k]


def _mark(surface: pygame.Surface, colour: Colour, kind: str, x: float, y: float,
          r: int = 4) -> None:
    """One point's mark, ``r`` pixels from its centre."""
    if kind == "circle":
        pygame.draw.circle(surface, colour, (x, y), r)
    elif kind == "square":
        pygame.draw.rect(surface, colour, pygame.Rect(round(x - r), round(y - r), 2 * r, 2 * r))
    elif kind == "triangle":
        pygame.draw.polygon(surface, colour, [(x, y - r - 1), (x + r + 1, y + r), (x - r - 1,
                                                                                  y + r)])
    elif kind == "diamond":
        pygame.draw.polygon(surface, colour, [(x, y - r - 1), (x + r + 1, y), (x, y + r + 1),
                                              (x - r - 1, y)])
    elif kind == "ring":
        pygame.draw.circle(surface, colour, (x, y), r + 1, 2)
    else:  # a cross
        pygame.draw.line(surface, colour, (x - r, y - r), (x + r, y + r), 3)
        pygame.draw.line(surface, colour, (x - r, y + r), (x + r, y - r), 3)


def draw_chart(surface: pygame.Surface, rect: pygame.Rect,
               series: Sequence[tuple[str, Colour, Sequence[int]]], size: int,
               heading: str, value: Callable[[int], str], goal: int | None = None,
               end: bool = False) -> pygame.Rect:
    """Draw the chart into ``rect``; returns the plot area. ``series``: a line per seat
    (name, ink, the figure after each of its turns); ``heading`` says what the figure is
    and ``value`` writes one as the game does (its money or its points); ``goal``, if the
    game has one, is drawn as a line; with ``end`` the last point of each line is the
    figure at the end of the game (after the last turn), marked "end" on the axis."""
    hud.panel(surface, rect, 250, radius=10)
    pad_l, pad_r, pad_t, pad_b = size * 4, size * 2, size * 3, size * 3
    plot = pygame.Rect(rect.x + pad_l, rect.y + pad_t, rect.w - pad_l - pad_r,
                       rect.h - pad_t - pad_b)
    hud.label(surface, heading, (rect.x + size, rect.y + size // 2), size + 1, hud.TEXT,
              bold=True)
    heading_end = rect.x + size + font(size + 1, True).size(heading)[0]
    longest = max((len(s) for _n, _c, s in series), default=0)
    values = [v for _n, _c, s in series for v in s] + ([goal] if goal else []) + [0]
    lo, hi = min(values), max(values)
    if hi == lo:
        hi = lo + 10
    step = nice_step(hi - lo)
    lo = math.floor(lo / step) * step
    hi = math.ceil(hi / step) * step
    turns = max(1, longest)

    def to_px(i: float, v: float) -> Point:
        x = plot.x + (i / max(1, turns - 1 if turns > 1 else 1)) * plot.w
        y = plot.bottom - (v - lo) / (hi - lo) * plot.h
        return x, y

    # grid and y axis labels
    v = lo
    while v <= hi + 1e-9:
        _x, y = to_px(0, v)
        pygame.draw.line(surface, CHART_GRID, (plot.x, y), (plot.right, y), 1)
        hud.label(surface, value(v), (plot.x - 6, y), size - 2, hud.MUTED, anchor="midright")
        v += step
    if goal is not None and lo <= goal <= hi:
        _x, y = to_px(0, goal)
        _stroked(surface, hud.GREEN, [(plot.x, y), (plot.right, y)], 1, (6.0, 3.6))
        hud.label(surface, _("goal {amount}").format(amount=value(goal)), (plot.x + 6, y - 2),
                  size - 3, hud.GREEN, anchor="bottomleft")
    # x axis: turns
    played = turns - 1 if end else turns
    xstep = nice_step(played, 8)
    for t in range(xstep, played + 1, xstep):
        if end and t > played - xstep // 2:
            continue  # no turn number crowding the end
        x, _y = to_px(t - 1, lo)
        pygame.draw.line(surface, hud.MUTED, (x, plot.bottom), (x, plot.bottom + 4), 1)
        hud.label(surface, str(t), (x, plot.bottom + 5), size - 2, hud.MUTED, anchor="midtop")
    if end:
        x, _y = to_px(turns - 1, lo)
        pygame.draw.line(surface, hud.MUTED, (x, plot.bottom), (x, plot.bottom + 4), 1)
        hud.label(surface, _("end"), (x, plot.bottom + 5), size - 2, hud.MUTED, anchor="midtop")
    hud.label(surface, _("each player's turn"), (plot.centerx, plot.bottom + size + 6), size - 2,
              hud.MUTED, anchor="midtop")
    pygame.draw.line(surface, hud.TEXT, plot.bottomleft, plot.bottomright, 2)
    pygame.draw.line(surface, hud.TEXT, plot.bottomleft, plot.topleft, 2)
    # the lines, each seat with its pattern; each named at its end, the lowest below it
    lasts = [s[-1] for _n, _c, s in series if s]
    ends: list[pygame.Rect] = []
    for k, (name, colour, figures) in enumerate(series):
        if not figures:
            continue
        dashes, mark = pattern(k)
        pts = [to_px(i, c) for i, c in enumerate(figures)]
        _stroked(surface, colour, pts, 3, dashes)
        every = max(1, len(pts) // 25)
        for i, (x, y) in enumerate(pts):
            if i % every == 0 or i == len(pts) - 1:
                _mark(surface, colour, mark, x, y)
        x, y = pts[-1]
        text = f"{name} {value(figures[-1])}"
        w, h = font(size - 1, True).size(text)
        r = pygame.Rect(0, 0, w, h)
        if figures[-1] == min(lasts) and max(lasts) != min(lasts):
            r.topright = (round(x - 6), round(y + 8))
        else:
            r.bottomright = (round(x - 6), round(y - 8))
        r.top = max(r.top, plot.top + 2)  # within the plot, clear of the heading and legend
        for other in ends:  # the names at the end of the lines never overlap
            if r.colliderect(other):
                r.top = other.bottom + 2
        ends.append(r)
        hud.label(surface, text, r.topleft, size - 1, colour, bold=True)
    _legend(surface, rect, series, size, heading_end)
    return plot


def _legend(surface: pygame.Surface, rect: pygame.Rect,
            series: Sequence[tuple[str, Colour, Sequence[int]]], size: int,
            heading_end: int) -> None:
    """Each seat's pattern and name in a row at the top right, as wide as the names are;
    under the heading when the row would reach it (many seats, long names)."""
    sample = 28
    widths = [sample + 6 + font(size - 1).size(name)[0] + size for name, _c, _s in series]
    x = rect.right - size - sum(widths)
    top = rect.y + size // 2
    if x < heading_end + size:
        x, top = rect.x + size, top + size + 4
    for k, ((name, colour, _s), width) in enumerate(zip(series, widths, strict=True)):
        dashes, mark = pattern(k)
        y = top + size // 2 + 2
        _stroked(surface, colour, [(x, y), (x + sample, y)], 3, dashes)
        _mark(surface, colour, mark, x + sample / 2, y)
        hud.label(surface, name, (x + sample + 6, top), size - 1, hud.TEXT)
        x += width
