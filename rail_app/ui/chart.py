"""The cash chart of the game over screen: both players' cash after each of their turns
(``player.cash_history``), with axes, labels, the players' inks and a pattern per player
(solid line with round marks for player 1, dashed line with square marks for player 2)."""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence

import pygame

from rail_app.core.i18n import _
from rail_app.ui import hud
from rail_app.ui.fonts import font
from rail_app.ui.palette import CHART_GRID as CHART_GRID


def nice_step(span: float, ticks: int = 5) -> int:
    """A round step (1, 2, 5 × 10^k) that cuts ``span`` into about ``ticks`` parts."""
    raw = max(1.0, span / max(1, ticks))
    mag = 10 ** math.floor(math.log10(raw))
    for m in (1, 2, 5, 10):
        if m * mag >= raw:
            return int(m * mag)
    return int(10 * mag)


def _dashed(surface: pygame.Surface, colour: tuple[int, int, int],
            pts: list[tuple[float, float]], width: int, dash: float = 10.0) -> None:
    on = True
    left = dash
    for (x0, y0), (x1, y1) in zip(pts[:-1], pts[1:], strict=True):
        seg = math.hypot(x1 - x0, y1 - y0)
        pos = 0.0
        while pos < seg:
            step = min(left, seg - pos)
            if on:
                a = (x0 + (x1 - x0) * pos / seg, y0 + (y1 - y0) * pos / seg)
                b = (x0 + (x1 - x0) * (pos + step) / seg, y0 + (y1 - y0) * (pos + step) / seg)
                pygame.draw.line(surface, colour, a, b, width)
            pos += step
            left -= step
            if left <= 0:
                on = not on
                left = dash if on else dash * 0.6


def draw_cash_chart(surface: pygame.Surface, rect: pygame.Rect,
                    series: Sequence[tuple[str, tuple[int, int, int], Sequence[int]]],
                    value: Callable[[int], str], size: int = 14, goal: int | None = None,
                    end: bool = False, heading: str | None = None) -> pygame.Rect:
    """Draw the chart into ``rect``; returns the plot area. ``series``: (name, colour,
    the game's figure after each turn: cash, VP); with ``end`` the last point of each line is
    the figure at the end of the game (after the last turn), marked "end" on the axis.
    ``value`` writes a value as the game writes its score (:meth:`Score.format`);
    ``heading`` names the figure."""
    hud.panel(surface, rect, 250, radius=10)
    pad_l, pad_r, pad_t, pad_b = size * 4, size * 2, size * 3, size * 3
    plot = pygame.Rect(rect.x + pad_l, rect.y + pad_t, rect.w - pad_l - pad_r,
                       rect.h - pad_t - pad_b)
    hud.label(surface, _("Cash after each turn") if heading is None else heading,
              (rect.x + size, rect.y + size // 2), size + 1,
              hud.TEXT, bold=True)
    longest = max((len(s) for _n, _c, s in series), default=0)
    values = [v for _n, _c, s in series for v in s] + ([goal] if goal else []) + [0]
    lo, hi = min(values), max(values)
    if hi == lo:
        hi = lo + 10
    step = nice_step(hi - lo)
    lo = math.floor(lo / step) * step
    hi = math.ceil(hi / step) * step
    turns = max(1, longest)

    def to_px(i: float, v: float) -> tuple[float, float]:
        x = plot.x + (i / max(1, turns - 1 if turns > 1 else 1)) * plot.w
        y = plot.bottom - (v - lo) / (hi - lo) * plot.h
        return x, y

    # grid and y axis labels
    v = lo
    while v <= hi + 1e-9:
        _x, y = to_px(0, v)
        pygame.draw.line(surface, CHART_GRID, (plot.x, y), (plot.right, y), 1)
        hud.label(surface, value(v),
                  (plot.x - 6, y), size - 2, hud.MUTED, anchor="midright")
        v += step
    if goal is not None and lo <= goal <= hi:
        _x, y = to_px(0, goal)
        _dashed(surface, hud.GREEN, [(plot.x, y), (plot.right, y)], 1, 6)
        hud.label(surface, _("goal {amount}").format(amount=value(goal)), (plot.x + 6, y - 2), size - 3, hud.GREEN,
                  anchor="bottomleft")
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
    hud.label(surface, _("each player's turn"), (plot.centerx, plot.bottom + size + 6), size - 2, hud.MUTED,
              anchor="midtop")
    pygame.draw.line(surface, hud.TEXT, plot.bottomleft, plot.bottomright, 2)
    pygame.draw.line(surface, hud.TEXT, plot.bottomleft, plot.topleft, 2)
    # the lines: player 1 solid with round marks, player 2 dashed with square marks
    ends: list[pygame.Rect] = []
    for k, (name, colour, cash) in enumerate(series):
        if not cash:
            continue
        pts = [to_px(i, c) for i, c in enumerate(cash)]
        if len(pts) > 1:
            if k == 0:
                pygame.draw.lines(surface, colour, False, pts, 3)
            else:
                _dashed(surface, colour, pts, 3)
        every = max(1, len(pts) // 25)
        for i, (x, y) in enumerate(pts):
            if i % every and i != len(pts) - 1:
                continue
            if k == 0:
                pygame.draw.circle(surface, colour, (x, y), 4)
            else:
                pygame.draw.rect(surface, colour, pygame.Rect(x - 4, y - 4, 8, 8))
        x, y = pts[-1]
        text = f"{name} {value(cash[-1])}"
        w, h = font(size - 1, True).size(text)
        r = pygame.Rect(0, 0, w, h)
        lowest = all(cash[-1] <= other[-1] for _n, _c, other in series if other) and \
            any(other and other[-1] != cash[-1] for _n, _c, other in series)
        if lowest:  # the lower line is named below its end, the higher one above
            r.topright = (round(x - 6), round(y + 8))
        else:
            r.bottomright = (round(x - 6), round(y - 8))
        for other in ends:  # the names at the end of the lines never overlap
            if r.colliderect(other):
                r.top = other.bottom + 2
        ends.append(r)
        hud.label(surface, text, r.topleft, size - 1, colour, bold=True)
    # legend
    lx = rect.right - size * 8 * max(2, len(series))
    ly = rect.y + size // 2
    for k, (name, colour, _cash) in enumerate(series):
        x = lx + k * size * 8
        if k == 0:
            pygame.draw.line(surface, colour, (x, ly + size // 2 + 2), (x + 28, ly + size // 2 + 2),
                             3)
            pygame.draw.circle(surface, colour, (x + 14, ly + size // 2 + 2), 4)
        else:
            _dashed(surface, colour, [(x, ly + size // 2 + 2), (x + 28, ly + size // 2 + 2)], 3,
                    7)
            pygame.draw.rect(surface, colour, pygame.Rect(x + 10, ly + size // 2 - 2, 8, 8))
        hud.label(surface, name, (x + 34, ly), size - 1, hud.TEXT)
    return plot
