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
        self._scale_level: int | None = None
        self._scale = 1.0
        self.ox = self.x0
        self.oy = self.y0
        self.fit()

    # -- geometry ------------------------------------------------------------------------------
    def scale_of(self, level: int) -> float:
        return self.ref_scale * ZOOM_STEP ** level

    @property
    def scale(self) -> float:
        if self._scale_level != self.level:  # asked many times a frame: kept per level
            self._scale_level, self._scale = self.level, self.scale_of(self.level)
        return self._scale

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
    """The base map cut into tiles per zoom level, rendered lazily and kept (LRU), and the
    map area composed from them: one cached picture of base, track and names.

    City and sea names are a second set of transparent tiles laid over the track, so that
    ink never covers a name. The composed picture is scrolled when the map pans (only the
    uncovered strip is composed again) and recomposed when the zoom, the size or the track
    changes; a frame then costs one blit of the map area. While a new zoom level's tiles
    render (a few per frame, within a time budget), the previous picture scaled stands in.
    """

    def __init__(self, board: Board, max_tiles: int = 320) -> None:
        self.board = board
        self.tiles: OrderedDict[tuple[int, int, int], pygame.Surface] = OrderedDict()
        # names per tile: (picture cropped to the names, offset in the tile), None if none
        self.label_tiles: dict[tuple[int, int, int],
                               tuple[pygame.Surface, tuple[int, int]] | None] = {}
        self.max_tiles = max_tiles
        self.prev: tuple[pygame.Surface, float, float, float] | None = None  # frame, scale, ox, oy
        self.rendered = 0  # tiles rendered because the view needed them
        self.prerendered = 0  # tiles rendered ahead, in idle frames
        self.tile_s = 0.010  # running estimate of one tile's render time
        self.canvas: pygame.Surface | None = None
        self.canvas_key: tuple[object, ...] | None = None  # level, size, track key
        self.canvas_at = (0, 0)  # world pixel of the canvas's top-left
        self.holes: set[tuple[int, int]] = set()  # tiles of this level shown by the stand-in
        self.standin: tuple[int, pygame.Surface, tuple[int, int]] | None = None
        self.composed = False  # the last draw laid the names too (draw_labels has nothing to do)
        self.prepared: set[int] = set()  # levels whose name layout is computed
        self.warming: dict[int, list[tuple[int, bool]]] = {}  # type sizes still to measure
        self.chars: str | None = None
        self.recomposed = 0

    # -- tiles -----------------------------------------------------------------------------
    def tile(self, cam: Camera, level: int, tx: int, ty: int) -> pygame.Surface:
        key = (level, tx, ty)
        surf = self.tiles.get(key)
        if surf is not None:
            self.tiles.move_to_end(key)
            return surf
        t0 = time.perf_counter()
        s = cam.scale_of(level)
        surf = pygame.Surface((TILE, TILE)).convert() if pygame.display.get_surface() else \
            pygame.Surface((TILE, TILE))
        view = mr.MapView(s, cam.x0 + tx * TILE / s, cam.y0 + ty * TILE / s)
        mr.draw_base(surf, self.board, view, labels=False)
        self.tiles[key] = surf
        lab = pygame.Surface((TILE, TILE), pygame.SRCALPHA)
        lab.fill((*mr.LABEL_HALO, 0))  # blending onto the halo colour keeps edges clean
        mr.draw_labels(lab, self.board, view)
        box = lab.get_bounding_rect()
        self.label_tiles[key] = (lab.subsurface(box).copy(), box.topleft) if box.w else None
        self.rendered += 1
        while len(self.tiles) > self.max_tiles:
            old, _ = self.tiles.popitem(last=False)
            self.label_tiles.pop(old, None)
        self.tile_s = 0.7 * self.tile_s + 0.3 * (time.perf_counter() - t0)
        return surf

    def visible(self, cam: Camera) -> list[tuple[int, int, int, int]]:
        """(tx, ty, screen x, screen y) of every tile the map area shows."""
        wx, wy = cam.world_px()
        return [(tx, ty, cam.rect.x + tx * TILE - wx, cam.rect.y + ty * TILE - wy)
                for tx, ty in self._tiles_in(wx, wy, cam.rect.w, cam.rect.h)]

    @staticmethod
    def _tiles_in(x: int, y: int, w: int, h: int) -> list[tuple[int, int]]:
        """Tiles meeting the world-pixel rectangle (x, y, w, h)."""
        return [(tx, ty) for ty in range(math.floor(y / TILE), math.floor((y + h - 1) / TILE) + 1)
                for tx in range(math.floor(x / TILE), math.floor((x + w - 1) / TILE) + 1)]

    def missing(self, cam: Camera) -> int:
        return sum(1 for tx, ty, _, _ in self.visible(cam)
                   if (cam.level, tx, ty) not in self.tiles)

    def render_all(self, cam: Camera) -> None:
        for tx, ty, _, _ in self.visible(cam):
            self.tile(cam, cam.level, tx, ty)

    # -- the composed map area -------------------------------------------------------------
    def draw(self, surface: pygame.Surface, cam: Camera, track: TrackLayer | None = None,
             budget_s: float = 0.006) -> bool:
        """Show the map area: base tiles, ``track`` (a :class:`TrackLayer` already ensured for
        this camera) and the names. Missing tiles render within ``budget_s`` seconds per frame
        (the stand-in shows until they are ready). True if the view is complete."""
        start = time.perf_counter()
        w, h = cam.rect.size
        wx, wy = cam.world_px()
        key = (cam.level, (w, h), None if track is None else (track.key, track.generation))
        canvas = self.canvas
        if canvas is None or canvas.get_size() != (w, h):
            canvas = self.canvas = pygame.Surface((w, h)).convert() \
                if pygame.display.get_surface() else pygame.Surface((w, h))
            self.canvas_key = None
        moved = (wx, wy) != self.canvas_at
        fresh_level = self.canvas_key is None or self.canvas_key[0] != cam.level
        if fresh_level:
            old = self.canvas_key[0] if self.canvas_key is not None else None
            if isinstance(old, int):  # the picture of the level we leave: the stand-in
                self._keep(canvas, cam, old, self.canvas_at)
            self._make_standin(cam)
        if self.canvas_key != key:
            # a new level (stand-in) or new track: that is this frame's work, tiles come next
            budget_s = 0.0 if self.canvas_key is not None and (
                fresh_level or self.canvas_key[2] != key[2]) else budget_s
            self.canvas_key = key
            self.canvas_at = (wx, wy)
            self.holes = set()
            self._compose(cam, track, pygame.Rect(0, 0, w, h))
        elif moved:
            dx, dy = self.canvas_at[0] - wx, self.canvas_at[1] - wy
            self.canvas_at = (wx, wy)
            if abs(dx) >= w or abs(dy) >= h:
                self.holes = set()
                self._compose(cam, track, pygame.Rect(0, 0, w, h))
            else:
                canvas.scroll(dx, dy)
                if dx:
                    self._compose(cam, track, pygame.Rect(0 if dx > 0 else w + dx, 0, abs(dx), h))
                if dy:
                    self._compose(cam, track, pygame.Rect(0, 0 if dy > 0 else h + dy, w, abs(dy)))
        # fill the holes, nearest the middle first, within the budget
        if self.holes:
            cx, cy = wx + w / 2, wy + h / 2
            order = sorted(self.holes, key=lambda t: abs((t[0] + 0.5) * TILE - cx)
                           + abs((t[1] + 0.5) * TILE - cy))
            for tx, ty in order:
                if not self._tile_visible(tx, ty, wx, wy, w, h):
                    self.holes.discard((tx, ty))
                    continue
                spent = time.perf_counter() - start
                if spent + self.tile_s > budget_s and (spent > 0.002 or budget_s <= 0):
                    break
                if cam.level not in self.prepared:  # the level's name layout: a step of its own
                    self._prepare(cam, cam.level, tx, ty)
                    continue
                self.tile(cam, cam.level, tx, ty)
                self.holes.discard((tx, ty))
                r = pygame.Rect(tx * TILE - wx, ty * TILE - wy, TILE, TILE).clip(canvas.get_rect())
                self._compose(cam, track, r)
        elif not moved and budget_s > 0:
            self._prerender(cam, start, budget_s * 0.5)
        surface.blit(canvas, cam.rect.topleft)
        self.composed = track is not None
        return not self.holes

    def _prepare(self, cam: Camera, level: int, tx: int, ty: int) -> None:
        """One step towards a zoom level's names, which all its tiles share: first the type
        is measured at each size the level uses, one size per step (measuring text at a new
        size is what the layout spends its time on), then the layout itself. So no frame
        pays for all of it, nor for it and a tile together."""
        s = cam.scale_of(level)
        todo = self.warming.get(level)
        if todo is None:
            name, com = mr.label_sizes(self.board.layout.spacing * s)
            todo = self.warming[level] = sorted({(int(name * 1.2), True), (name, True),
                                                 (com, False)})
        if todo:
            size, bold = todo.pop()
            mr.font(size, bold).size(self._charset())
            return
        mr.draw_labels(pygame.Surface((1, 1), pygame.SRCALPHA), self.board,
                       mr.MapView(s, cam.x0 + tx * TILE / s, cam.y0 + ty * TILE / s))
        self.prepared.add(level)
        del self.warming[level]

    def _charset(self) -> str:
        """Every letter of the board's city and commodity names."""
        if self.chars is None:
            words = [c.name + c.commodity for c in self.board.city_list]
            self.chars = "".join(sorted(set("".join(words))))
        return self.chars

    @staticmethod
    def _tile_visible(tx: int, ty: int, wx: int, wy: int, w: int, h: int) -> bool:
        return tx * TILE < wx + w and (tx + 1) * TILE > wx and ty * TILE < wy + h and \
            (ty + 1) * TILE > wy

    def _compose(self, cam: Camera, track: TrackLayer | None, area: pygame.Rect) -> None:
        """Lay base tiles (or the stand-in), the track and the names into ``area`` of the
        canvas (canvas pixels)."""
        canvas = self.canvas
        assert canvas is not None
        area = area.clip(canvas.get_rect())
        if area.w <= 0 or area.h <= 0:
            return
        self.recomposed += 1
        wx, wy = self.canvas_at
        level = cam.level
        canvas.set_clip(area)
        tiles = self._tiles_in(wx + area.x, wy + area.y, area.w, area.h)
        gaps = [t for t in tiles if (level, *t) not in self.tiles]
        if gaps:
            st = self.standin
            canvas.fill(mr.SEA, area)
            if st is not None and st[0] == level:
                canvas.blit(st[1], (st[2][0] - wx, st[2][1] - wy))
            self.holes.update(gaps)
        for tx, ty in tiles:
            surf = self.tiles.get((level, tx, ty))
            if surf is not None:
                canvas.blit(surf, (tx * TILE - wx, ty * TILE - wy))
        if track is not None and track.surface is not None and track.origin is not None \
                and track.key is not None and track.key[1] == level and track.deferred is None:
            canvas.blit(track.surface, (track.origin[0] - wx, track.origin[1] - wy))
        for tx, ty in tiles:
            lab = self.label_tiles.get((level, tx, ty))
            if lab is not None:
                canvas.blit(lab[0], (tx * TILE - wx + lab[1][0], ty * TILE - wy + lab[1][1]))
        canvas.set_clip(None)

    def _make_standin(self, cam: Camera) -> None:
        """The previous picture scaled to the new zoom level, made once per zoom step, cropped
        to what the map area shows (pygame.transform.scale: fast, not smooth)."""
        self.standin = None
        if self.prev is None:
            return
        frame, s0, ox0, oy0 = self.prev
        r = cam.scale / s0
        fw, fh = frame.get_size()
        # the part of the old picture the new view shows, in old pixels
        sx0 = (cam.ox - ox0) * s0
        sy0 = (cam.oy - oy0) * s0
        src = pygame.Rect(math.floor(sx0), math.floor(sy0), math.ceil(cam.rect.w / r) + 2,
                          math.ceil(cam.rect.h / r) + 2).clip(frame.get_rect())
        if src.w <= 0 or src.h <= 0:
            return
        w, h = max(1, round(src.w * r)), max(1, round(src.h * r))
        if w > 6000 or h > 6000:
            return
        img = pygame.transform.scale(frame.subsurface(src), (w, h))
        # world pixel (at the new level) of the scaled part's top-left
        s = cam.scale
        at = (round((ox0 + src.x / s0 - cam.x0) * s), round((oy0 + src.y / s0 - cam.y0) * s))
        self.standin = (cam.level, img, at)

    def _prerender(self, cam: Camera, start: float, budget_s: float) -> None:
        """Idle frames: one piece of work ahead (the names of the next zoom levels, tiles
        around the view, then those levels' tiles), when the frame has been short so far."""
        if time.perf_counter() - start > min(budget_s, 0.002):
            return
        wx, wy = cam.world_px()
        w, h = cam.rect.size
        want = [(cam.level, tx, ty) for tx, ty in
                self._tiles_in(wx - TILE, wy - TILE, w + 2 * TILE, h + 2 * TILE)]
        for step in (1, -1):
            lv = cam.level + step
            if cam.min_level <= lv <= cam.max_level:
                f = cam.scale_of(lv) / cam.scale
                cx, cy = (wx + w / 2) * f, (wy + h / 2) * f
                want += [(lv, tx, ty) for tx, ty in
                         self._tiles_in(round(cx - w / 2), round(cy - h / 2), w, h)]
        if len(want) > self.max_tiles * 3 // 4:
            return
        for key in want:
            if key[0] not in self.prepared:
                self._prepare(cam, *key)
                return
            if key not in self.tiles:
                self.tile(cam, *key)
                self.rendered -= 1
                self.prerendered += 1
                return

    def draw_labels(self, surface: pygame.Surface, cam: Camera) -> None:
        """The names over the visible tiles that are ready (after the track); nothing to do
        when :meth:`draw` composed them with the track already."""
        if self.composed:
            return
        clip = surface.get_clip()
        surface.set_clip(cam.rect)
        for tx, ty, sx, sy in self.visible(cam):
            lab = self.label_tiles.get((cam.level, tx, ty))
            if lab is not None:
                surface.blit(lab[0], (sx + lab[1][0], sy + lab[1][1]))
        surface.set_clip(clip)

    def snapshot(self, surface: pygame.Surface, cam: Camera) -> None:
        """Keep what the map area shows now: the stand-in, scaled, while a new zoom level's
        tiles render (zoom without waiting). With a composed picture there is nothing to do
        here: :meth:`draw` keeps it when the zoom level changes, whatever changed it."""
        if self.canvas is not None and self.canvas_key is not None and \
                self.canvas_key[0] == cam.level:
            return
        if self.missing(cam) == 0:
            self.prev = (surface.subsurface(cam.rect).copy(), cam.scale, cam.ox, cam.oy)

    def _keep(self, canvas: pygame.Surface, cam: Camera, level: int, at: tuple[int, int]) -> None:
        """Keep ``canvas`` (showing the tile-grid pixel ``at`` of zoom ``level`` at its
        top-left) as the picture the next stand-in is made from; reuses the kept buffer."""
        keep = self.prev[0] if self.prev is not None else None
        if keep is None or keep.get_size() != canvas.get_size():
            keep = canvas.copy()
        else:
            keep.blit(canvas, (0, 0))
        scale = cam.scale_of(level)
        self.prev = (keep, scale, cam.x0 + at[0] / scale, cam.y0 + at[1] / scale)


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


class TrackLayer:
    """Everyone's track and taken ferries, drawn into one surface a little larger than the map
    area; redrawn only when the track, the zoom or the inks change, or a pan leaves it. Its
    origin lies on whole pixels of the zoom level's tile grid, so the pieces the base layer
    composes from it at different times fit together exactly."""

    MARGIN = 320

    def __init__(self) -> None:
        self.surface: pygame.Surface | None = None
        self.key: tuple[object, ...] | None = None
        self.region: tuple[float, float, float] | None = None  # scale, ox, oy of the surface
        self.origin: tuple[int, int] | None = None  # tile-grid pixel of its top-left
        self.redraws = 0
        self.deferred: int | None = None  # a zoom level whose drawing waits one frame
        self.generation = 0
        self.shifts = 0  # pans that moved the surface and drew only the uncovered strips

    def invalidate(self) -> None:
        self.key = None
        self.generation += 1  # the base layer composes the track again too

    def ensure(self, cam: Camera, version: object, draw_fn: object) -> None:
        s = cam.scale
        wx, wy = cam.world_px()
        w, h = cam.rect.w + 2 * self.MARGIN, cam.rect.h + 2 * self.MARGIN
        need = self.surface is None or self.key != (version, cam.level) or self.origin is None
        if not need and self.origin is not None and self.surface is not None:
            ox, oy = self.origin
            sw, sh = self.surface.get_size()
            if wx < ox or wy < oy or wx + cam.rect.w > ox + sw or wy + cam.rect.h > oy + sh:
                if (sw, sh) == (w, h) and self._shift(cam, draw_fn):
                    return
                need = True
        if not need:
            return
        if self.key is not None and self.key[1] != cam.level and self.deferred != cam.level:
            # a new zoom level: this frame shows the scaled stand-in (with the old track in
            # it); the track is drawn at the new level in the next frame
            self.deferred = cam.level
            return
        self.deferred = None
        if self.surface is None or self.surface.get_size() != (w, h):
            self.surface = pygame.Surface((w, h), pygame.SRCALPHA)
        self.surface.fill((0, 0, 0, 0))
        origin = (wx - self.MARGIN, wy - self.MARGIN)
        rox, roy = cam.x0 + origin[0] / s, cam.y0 + origin[1] / s
        draw_fn(self.surface, mr.MapView(s, rox, roy))  # type: ignore[operator]
        self.region = (s, rox, roy)
        self.origin = origin
        self.key = (version, cam.level)
        self.redraws += 1

    def _shift(self, cam: Camera, draw_fn: object) -> bool:
        """A pan left the surface: move its content so the view is in the middle again and
        draw only the uncovered strips (strokes elsewhere are skipped at once)."""
        surf, origin = self.surface, self.origin
        assert surf is not None and origin is not None
        wx, wy = cam.world_px()
        new = (wx - self.MARGIN, wy - self.MARGIN)
        dx, dy = origin[0] - new[0], origin[1] - new[1]
        sw, sh = surf.get_size()
        if abs(dx) >= sw // 2 or abs(dy) >= sh // 2:
            return False
        surf.scroll(dx, dy)
        s = cam.scale
        rox, roy = cam.x0 + new[0] / s, cam.y0 + new[1] / s
        view = mr.MapView(s, rox, roy)
        strips = []
        if dx:
            strips.append(pygame.Rect(0 if dx > 0 else sw + dx, 0, abs(dx), sh))
        if dy:
            strips.append(pygame.Rect(0, 0 if dy > 0 else sh + dy, sw, abs(dy)))
        for r in strips:
            surf.fill((0, 0, 0, 0), r)
            surf.set_clip(r)
            draw_fn(surf, view)  # type: ignore[operator]
        surf.set_clip(None)
        self.region = (s, rox, roy)
        self.origin = new
        self.shifts += 1
        return True

    def draw(self, surface: pygame.Surface, cam: Camera) -> None:
        """Blit the track over the map area (when the base layer did not compose it)."""
        if self.surface is None or self.origin is None:
            return
        wx, wy = cam.world_px()
        clip = surface.get_clip()
        surface.set_clip(cam.rect)
        surface.blit(self.surface, (cam.rect.x + self.origin[0] - wx,
                                    cam.rect.y + self.origin[1] - wy))
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
