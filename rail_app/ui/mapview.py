"""The map on screen: a camera over the board, the cached base layer (tiles per zoom level),
the cached track layer (redrawn only when track changes) and the marker-ink drawing.

A frame is a handful of tile blits, one track-layer blit and the moving parts on top
(DESIGN.md habit 9).
"""

from __future__ import annotations

import math
import time
import zlib
from collections import OrderedDict
from collections.abc import Iterable
from dataclasses import dataclass

import pygame

from rail_app.core.board import Board
from rail_app.ui import maprender as mr

TILE = 512
ZOOM_STEP = 2 ** 0.25  # four wheel notches double the scale
MIN_DOT_PX = 5.0  # spacing between dots at the farthest zoom
MAX_DOT_PX = 160.0  # ... and at the closest
REF_DOT_PX = 12.0  # level 0


def mix(c: tuple[int, int, int], other: tuple[int, int, int], t: float) -> tuple[int, int, int]:
    return (round(c[0] + (other[0] - c[0]) * t), round(c[1] + (other[1] - c[1]) * t),
            round(c[2] + (other[2] - c[2]) * t))


WHITE = (255, 255, 255)
BLACK = (0, 0, 0)


class Camera:
    """Kilometres to screen pixels for the map area; zoom works in discrete cached levels."""

    def __init__(self, board: Board, rect: pygame.Rect) -> None:
        self.board = board
        self.rect = pygame.Rect(rect)
        self.x0, self.y0, self.x1, self.y1 = mr.board_extent(board, 40.0)
        self.ref_scale = REF_DOT_PX / board.layout.spacing
        self.min_level = math.floor(math.log(MIN_DOT_PX / REF_DOT_PX, ZOOM_STEP))
        self.max_level = math.ceil(math.log(MAX_DOT_PX / REF_DOT_PX, ZOOM_STEP))
        self.level = 0
        self.ox = self.x0
        self.oy = self.y0
        self.fit()

    # -- geometry ------------------------------------------------------------------------------
    def scale_of(self, level: int) -> float:
        return self.ref_scale * ZOOM_STEP ** level

    @property
    def scale(self) -> float:
        return self.scale_of(self.level)

    @property
    def dot_px(self) -> float:
        """Pixels between neighbouring dots at the current zoom."""
        return self.board.layout.spacing * self.scale

    def view(self) -> mr.MapView:
        """The MapView of the map area (pixel 0,0 = the map area's top-left corner)."""
        return mr.MapView(self.scale, self.ox, self.oy)

    def to_screen(self, x: float, y: float) -> tuple[float, float]:
        s = self.scale
        return (x - self.ox) * s + self.rect.x, (y - self.oy) * s + self.rect.y

    def to_km(self, sx: float, sy: float) -> tuple[float, float]:
        s = self.scale
        return (sx - self.rect.x) / s + self.ox, (sy - self.rect.y) / s + self.oy

    def dot_screen(self, d: int) -> tuple[float, float]:
        dot = self.board.dots[d]
        return self.to_screen(dot.x, dot.y)

    def world_px(self) -> tuple[int, int]:
        """The pixel (at this level) of the board's tile grid under the map's top-left."""
        s = self.scale
        return round((self.ox - self.x0) * s), round((self.oy - self.y0) * s)

    # -- moves ---------------------------------------------------------------------------------
    def set_rect(self, rect: pygame.Rect) -> None:
        cx, cy = self.to_km(*self.rect.center)
        self.rect = pygame.Rect(rect)
        self.centre_on(cx, cy)

    def centre_on(self, x: float, y: float) -> None:
        s = self.scale
        self.ox = x - self.rect.w / 2 / s
        self.oy = y - self.rect.h / 2 / s
        self.clamp()

    def fit(self, box: tuple[float, float, float, float] | None = None) -> None:
        """Home / F: the largest zoom level that shows the whole board (or ``box``)."""
        x0, y0, x1, y1 = box or mr.board_extent(self.board, 25.0)
        want = min(self.rect.w / max(1e-6, x1 - x0), self.rect.h / max(1e-6, y1 - y0))
        level = math.floor(math.log(want / self.ref_scale, ZOOM_STEP) + 1e-9)
        self.level = max(self.min_level, min(self.max_level, level))
        self.centre_on((x0 + x1) / 2, (y0 + y1) / 2)

    def level_for(self, dot_px: float) -> int:
        """The zoom level whose dot spacing is nearest ``dot_px`` pixels."""
        level = round(math.log(dot_px / REF_DOT_PX, ZOOM_STEP))
        return max(self.min_level, min(self.max_level, level))

    def zoom_at(self, steps: int, sx: float, sy: float) -> bool:
        """Zoom ``steps`` levels keeping the point under the pointer still."""
        level = max(self.min_level, min(self.max_level, self.level + steps))
        if level == self.level:
            return False
        kx, ky = self.to_km(sx, sy)
        self.level = level
        s = self.scale
        self.ox = kx - (sx - self.rect.x) / s
        self.oy = ky - (sy - self.rect.y) / s
        self.clamp()
        return True

    def pan_px(self, dx: float, dy: float) -> None:
        s = self.scale
        self.ox -= dx / s
        self.oy -= dy / s
        self.clamp()

    def clamp(self) -> None:
        """Keep some of the board on screen."""
        s = self.scale
        w, h = self.rect.w / s, self.rect.h / s
        margin_x, margin_y = w * 0.5, h * 0.5
        self.ox = min(max(self.ox, self.x0 - margin_x), self.x1 - w + margin_x)
        self.oy = min(max(self.oy, self.y0 - margin_y), self.y1 - h + margin_y)


class BaseLayer:
    """The base map cut into tiles per zoom level, rendered lazily and kept (LRU).

    City and sea names are a second set of transparent tiles drawn after the track, so that
    ink never covers a name (:meth:`draw_labels`)."""

    def __init__(self, board: Board, max_tiles: int = 160) -> None:
        self.board = board
        self.tiles: OrderedDict[tuple[int, int, int], pygame.Surface] = OrderedDict()
        self.label_tiles: OrderedDict[tuple[int, int, int], pygame.Surface] = OrderedDict()
        self.max_tiles = max_tiles
        self.prev: tuple[pygame.Surface, float, float, float] | None = None  # frame, scale, ox, oy
        self.rendered = 0

    def tile(self, cam: Camera, level: int, tx: int, ty: int) -> pygame.Surface:
        key = (level, tx, ty)
        surf = self.tiles.get(key)
        if surf is not None:
            self.tiles.move_to_end(key)
            return surf
        s = cam.scale_of(level)
        surf = pygame.Surface((TILE, TILE)).convert() if pygame.display.get_surface() else \
            pygame.Surface((TILE, TILE))
        view = mr.MapView(s, cam.x0 + tx * TILE / s, cam.y0 + ty * TILE / s)
        mr.draw_base(surf, self.board, view, labels=False)
        self.tiles[key] = surf
        lab = pygame.Surface((TILE, TILE), pygame.SRCALPHA)
        mr.draw_labels(lab, self.board, view)
        self.label_tiles[key] = lab
        while len(self.label_tiles) > self.max_tiles:
            self.label_tiles.popitem(last=False)
        self.rendered += 1
        while len(self.tiles) > self.max_tiles:
            self.tiles.popitem(last=False)
        return surf

    def visible(self, cam: Camera) -> list[tuple[int, int, int, int]]:
        """(tx, ty, screen x, screen y) of every tile the map area shows."""
        wx, wy = cam.world_px()
        out = []
        for ty in range(math.floor(wy / TILE), math.floor((wy + cam.rect.h - 1) / TILE) + 1):
            for tx in range(math.floor(wx / TILE), math.floor((wx + cam.rect.w - 1) / TILE) + 1):
                out.append((tx, ty, cam.rect.x + tx * TILE - wx, cam.rect.y + ty * TILE - wy))
        return out

    def missing(self, cam: Camera) -> int:
        return sum(1 for tx, ty, _, _ in self.visible(cam)
                   if (cam.level, tx, ty) not in self.tiles)

    def draw(self, surface: pygame.Surface, cam: Camera, budget_s: float = 0.012) -> bool:
        """Blit the visible tiles; render missing ones within ``budget_s`` seconds (the rest
        show the previous frame scaled until they are ready). True if the view is complete."""
        start = time.perf_counter()
        vis = self.visible(cam)
        complete = all((cam.level, tx, ty) in self.tiles for tx, ty, _, _ in vis)
        clip = surface.get_clip()
        surface.set_clip(cam.rect)
        if not complete:
            if self.prev is not None:
                frame, s0, ox0, oy0 = self.prev
                r = cam.scale / s0
                w, h = round(frame.get_width() * r), round(frame.get_height() * r)
                if 0 < w < 8000 and 0 < h < 8000:
                    img = pygame.transform.scale(frame, (w, h))
                    surface.blit(img, (cam.rect.x + (ox0 - cam.ox) * cam.scale,
                                       cam.rect.y + (oy0 - cam.oy) * cam.scale))
                else:
                    surface.fill(mr.SEA, cam.rect)
            else:
                surface.fill(mr.SEA, cam.rect)
        for tx, ty, sx, sy in vis:
            key = (cam.level, tx, ty)
            if key not in self.tiles and time.perf_counter() - start > budget_s:
                continue
            surface.blit(self.tile(cam, cam.level, tx, ty), (sx, sy))
        surface.set_clip(clip)
        return self.missing(cam) == 0

    def draw_labels(self, surface: pygame.Surface, cam: Camera) -> None:
        """The names over the visible tiles that are ready (after the track)."""
        clip = surface.get_clip()
        surface.set_clip(cam.rect)
        for tx, ty, sx, sy in self.visible(cam):
            lab = self.label_tiles.get((cam.level, tx, ty))
            if lab is not None:
                surface.blit(lab, (sx, sy))
        surface.set_clip(clip)

    def snapshot(self, surface: pygame.Surface, cam: Camera) -> None:
        """Keep what the map area shows now: the stand-in, scaled, while a new zoom level's
        tiles render (smooth zoom without waiting)."""
        if self.missing(cam) == 0:
            self.prev = (surface.subsurface(cam.rect).copy(), cam.scale, cam.ox, cam.oy)

    def render_all(self, cam: Camera) -> None:
        for tx, ty, _, _ in self.visible(cam):
            self.tile(cam, cam.level, tx, ty)


# -- ink -------------------------------------------------------------------------------------------


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
    colour = mix(ink.colour, WHITE, 0.38) if fresh else ink.colour
    edge = mix(ink.colour, BLACK, 0.45)
    x0, y0 = p0
    x1, y1 = p1
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


class TrackLayer:
    """Everyone's track and taken ferries, drawn into one surface a little larger than the map
    area; redrawn only when the track, the zoom or the inks change, or a pan leaves it."""

    MARGIN = 320

    def __init__(self) -> None:
        self.surface: pygame.Surface | None = None
        self.key: tuple[object, ...] | None = None
        self.region: tuple[float, float, float] | None = None  # scale, ox, oy of the surface
        self.redraws = 0

    def invalidate(self) -> None:
        self.key = None

    def ensure(self, cam: Camera, version: object, draw_fn: object) -> None:
        s = cam.scale
        need = self.surface is None or self.key != (version, cam.level) or self.region is None
        if not need and self.region is not None:
            _, rox, roy = self.region
            dx = (cam.ox - rox) * s
            dy = (cam.oy - roy) * s
            if dx < 0 or dy < 0 or dx + cam.rect.w > self.surface.get_width() or \
                    dy + cam.rect.h > self.surface.get_height():  # type: ignore[union-attr]
                need = True
        if not need:
            return
        w, h = cam.rect.w + 2 * self.MARGIN, cam.rect.h + 2 * self.MARGIN
        if self.surface is None or self.surface.get_size() != (w, h):
            self.surface = pygame.Surface((w, h), pygame.SRCALPHA)
        self.surface.fill((0, 0, 0, 0))
        rox, roy = cam.ox - self.MARGIN / s, cam.oy - self.MARGIN / s
        view = mr.MapView(s, rox, roy)
        draw_fn(self.surface, view)  # type: ignore[operator]
        self.region = (s, rox, roy)
        self.key = (version, cam.level)
        self.redraws += 1

    def draw(self, surface: pygame.Surface, cam: Camera) -> None:
        if self.surface is None or self.region is None:
            return
        _, rox, roy = self.region
        s = cam.scale
        clip = surface.get_clip()
        surface.set_clip(cam.rect)
        surface.blit(self.surface, (cam.rect.x + round((rox - cam.ox) * s),
                                    cam.rect.y + round((roy - cam.oy) * s)))
        surface.set_clip(clip)


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
