"""Marker ink: a segment drawn as with a whiteboard marker (UX.md "The marker"), and finding
the segment under the pointer."""

from __future__ import annotations

import math
import zlib
from collections.abc import Iterable
from dataclasses import dataclass

import pygame

from rail_app.games.italian_rails.rules.board import Board
from rail_app.games.italian_rails.ui.camera import Camera
from rail_app.games.italian_rails.ui.palette import BLACK as BLACK
from rail_app.games.italian_rails.ui.palette import WHITE as WHITE


def mix(c: tuple[int, int, int], other: tuple[int, int, int], t: float) -> tuple[int, int, int]:
    return (round(c[0] + (other[0] - c[0]) * t), round(c[1] + (other[1] - c[1]) * t),
            round(c[2] + (other[2] - c[2]) * t))




@dataclass(frozen=True)
class Ink:
    colour: tuple[int, int, int]
    pattern: str = ""  # "" solid, "dots": player 2's dotted texture


def ink_width(dot_px: float) -> int:
    """About a third of the dot spacing (UX.md "The marker")."""
    return max(3, round(dot_px / 3))


def _jitter(seed: int, k: int, amount: float) -> float:
    h = zlib.crc32(f"{seed}:{k}".encode()) & 0xFFFF
    return (h / 0xFFFF - 0.5) * 2 * amount


def draw_stroke(surface: pygame.Surface, p0: tuple[float, float], p1: tuple[float, float],
                ink: Ink, width: int, *, seed: int = 0, fresh: bool = False,
                alpha: int = 255) -> None:
    """One segment drawn with a whiteboard marker: thick, round ends, a faint darker edge and a
    slight unevenness; ``fresh`` (drawn this phase, not yet paid) is a little lighter."""
    x0, y0 = p0
    x1, y1 = p1
    clip = surface.get_clip()
    pad = width + 2
    if max(x0, x1) + pad < clip.left or min(x0, x1) - pad > clip.right or \
            max(y0, y1) + pad < clip.top or min(y0, y1) - pad > clip.bottom:
        return  # nothing of it would show
    colour = mix(ink.colour, WHITE, 0.38) if fresh else ink.colour
    edge = mix(ink.colour, BLACK, 0.45)
    length = math.hypot(x1 - x0, y1 - y0)
    if length < 1:
        return
    nx, ny = -(y1 - y0) / length, (x1 - x0) / length
    # a bent centre line: the hand never draws quite straight
    bend = _jitter(seed, 1, width * 0.18)
    mx, my = (x0 + x1) / 2 + nx * bend, (y0 + y1) / 2 + ny * bend
    pts = [(x0, y0), (mx, my), (x1, y1)]
    ea = min(alpha, 150)
    r = width / 2
    for a, b in zip(pts[:-1], pts[1:], strict=True):
        pygame.draw.line(surface, (*edge, ea), a, b, width + 2)
    for p in (pts[0], pts[-1]):
        pygame.draw.circle(surface, (*edge, ea), p, r + 1)
    for a, b in zip(pts[:-1], pts[1:], strict=True):
        pygame.draw.line(surface, (*colour, alpha), a, b, width)
    for p in pts:
        pygame.draw.circle(surface, (*colour, alpha), p, r)
    # ink texture: a lighter streak where the felt tip pressed less
    if width >= 5:
        streak = mix(colour, WHITE, 0.22)
        off = _jitter(seed, 2, width * 0.2)
        sw = max(1, round(width * 0.22))
        a2 = (x0 + (x1 - x0) * 0.15 + nx * off, y0 + (y1 - y0) * 0.15 + ny * off)
        b2 = (mx + (x1 - mx) * 0.6 + nx * off, my + (y1 - my) * 0.6 + ny * off)
        pygame.draw.line(surface, (*streak, alpha), a2, b2, sw)
    if ink.pattern == "dots":
        # player 2's texture: a row of pale dots along the stroke (shape, not only colour)
        dot = mix(colour, WHITE, 0.7)
        step = max(4.0, width * 1.1)
        n = max(1, int(length / step))
        rr = max(1.0, width * 0.2)
        for i in range(n):
            t = (i + 0.5) / n
            if t < 0.5:
                px, py = x0 + (mx - x0) * t * 2, y0 + (my - y0) * t * 2
            else:
                px, py = mx + (x1 - mx) * (t - 0.5) * 2, my + (y1 - my) * (t - 0.5) * 2
            pygame.draw.circle(surface, (*dot, alpha), (px, py), rr)


def segment_distance(p: tuple[float, float], a: tuple[float, float],
                     b: tuple[float, float]) -> float:
    ax, ay = a
    bx, by = b
    dx, dy = bx - ax, by - ay
    ll = dx * dx + dy * dy
    if ll == 0:
        return math.hypot(p[0] - ax, p[1] - ay)
    t = max(0.0, min(1.0, ((p[0] - ax) * dx + (p[1] - ay) * dy) / ll))
    return math.hypot(p[0] - ax - t * dx, p[1] - ay - t * dy)


def edges_near(board: Board, cam: Camera, sx: float, sy: float,
               candidates: Iterable[tuple[int, int]] | None = None) -> tuple[int, int] | None:
    """The board edge nearest a screen point (within half an ink width plus a little)."""
    kx, ky = cam.to_km(sx, sy)
    d0 = board.nearest_dot(kx, ky)
    if candidates is None:
        if d0 is None:
            return None
        cands: list[tuple[int, int]] = []
        for d in {d0, *board.adj[d0]}:
            for n in board.adj[d]:
                cands.append((min(d, n), max(d, n)))
    else:
        cands = list(candidates)
    best = None
    best_d = max(6.0, cam.dot_px * 0.3)
    for a, b in cands:
        dist = segment_distance((sx, sy), cam.dot_screen(a), cam.dot_screen(b))
        if dist < best_d:
            best, best_d = (a, b), dist
    return best
