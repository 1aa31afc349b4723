"""The map's cached pictures: the base layer (tiles per zoom level, composed into one picture
of the map area with the track and the names) and the track layer (redrawn only when track
changes). The camera they draw for is in :mod:`rail_app.ui.camera`, the ink in
:mod:`rail_app.ui.ink`.

A frame is a handful of tile blits, one track-layer blit and the moving parts on top
(DESIGN.md habit 9).
"""

from __future__ import annotations

import math
import time
from collections import OrderedDict

import pygame

from rail_app.core.board import Board
from rail_app.ui import maprender as mr
from rail_app.ui.camera import Camera
from rail_app.ui.tracklayer import TrackLayer

TILE = 512


class BaseLayer:
    """The base map cut into tiles per zoom level, rendered lazily and kept (LRU), and the
    map area composed from them: one cached picture of base, track and names.

    City and sea names are a second set of transparent tiles laid over the track, so that
    ink never covers a name. The composed picture is scrolled when the map pans (only the
    uncovered strip is composed again) and recomposed when the zoom, the size or the track
    changes; a frame then costs one blit of the map area. While a new zoom level's tiles
    render (a few per frame, within a time budget), the previous picture scaled stands in,
    alone, until the new level is complete.

    :meth:`prepare` does the work of a frame (in the scene's update), :meth:`blit` shows the
    result (in its draw).
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
        self.holes: set[tuple[int, int]] = set()  # tiles of the first picture not yet drawn
        self.waiting = False  # the canvas shows the stand-in until the level is complete
        self.standin: tuple[int, pygame.Surface, tuple[int, int]] | None = None
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
        """:meth:`prepare` and :meth:`blit` in one call. True if the view is complete."""
        done = self.prepare(cam, track, budget_s)
        self.blit(surface, cam)
        return done

    def blit(self, surface: pygame.Surface, cam: Camera) -> None:
        """Show the picture :meth:`prepare` made for the map area."""
        if self.canvas is not None:
            surface.blit(self.canvas, cam.rect.topleft)

    def complete(self, cam: Camera, track: TrackLayer | None) -> bool:
        """Everything the view needs at the camera's zoom level is ready: every visible tile
        and the track drawn at that level."""
        return not self.missing(cam) and (track is None or track.ready(cam))

    def prepare(self, cam: Camera, track: TrackLayer | None = None,
                budget_s: float = 0.006) -> bool:
        """Compose the map area: base tiles, ``track`` (a :class:`TrackLayer` already ensured
        for this camera) and the names. Missing tiles render within ``budget_s`` seconds per
        frame. After a zoom the previous level's picture, scaled, stands in alone until the
        new level is complete, then the new picture replaces it at once: the view is never
        a mix of the two. True if the view is complete."""
        start = time.perf_counter()
        w, h = cam.rect.size
        wx, wy = cam.world_px()
        key = (cam.level, (w, h), None if track is None else (track.key, track.generation))
        canvas = self.canvas
        if canvas is None or canvas.get_size() != (w, h):
            canvas = self.canvas = pygame.Surface((w, h)).convert() \
                if pygame.display.get_surface() else pygame.Surface((w, h))
            self.canvas_key = None
        fresh_level = self.canvas_key is None or self.canvas_key[0] != cam.level
        if fresh_level:
            old = self.canvas_key[0] if self.canvas_key is not None else None
            if isinstance(old, int):  # the picture of the level we leave: the stand-in
                self._keep(canvas, cam, old, self.canvas_at)
                self._make_standin(cam)
            else:
                self.standin = None
            budget_s = 0.0 if self.standin is not None else budget_s
        standin = self.standin is not None and self.standin[0] == cam.level
        if standin and not self.complete(cam, track):
            # the stand-in alone while this level's pieces render in the background
            self.canvas_key = key
            if fresh_level or (wx, wy) != self.canvas_at or not self.waiting:
                self.canvas_at = (wx, wy)
                self._show_standin()
            self.waiting = True
            self._render_missing(cam, start, budget_s)
            return False
        if self.waiting or self.canvas_key != key:
            self.waiting = False
            self.standin = None
            self.canvas_key = key
            self.canvas_at = (wx, wy)
            self.holes = set()
            self._compose(cam, track, pygame.Rect(0, 0, w, h))
        elif (wx, wy) != self.canvas_at:
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
        elif not self.holes and budget_s > 0:
            self._prerender(cam, start, budget_s * 0.5)
        # fill the holes (the first picture of a game), nearest the middle first
        if self.holes:
            self.holes = {t for t in self.holes if self._tile_visible(*t, wx, wy, w, h)}
            self._render_missing(cam, start, budget_s)
            ready = [t for t in self.holes if (cam.level, *t) in self.tiles]
            self.holes.difference_update(ready)
            for tx, ty in ready:
                r = pygame.Rect(tx * TILE - wx, ty * TILE - wy, TILE, TILE).clip(canvas.get_rect())
                self._compose(cam, track, r)
        return not self.holes

    def _render_missing(self, cam: Camera, start: float,
                        budget_s: float) -> list[tuple[int, int]]:
        """Render missing tiles of the view, nearest its middle first, within the budget
        (at least one a frame); returns the tiles rendered. The level's name layout comes
        first, one step a frame."""
        w, h = cam.rect.size
        wx, wy = cam.world_px()
        cx, cy = wx + w / 2, wy + h / 2
        todo = [(tx, ty) for tx, ty, _, _ in self.visible(cam)
                if (cam.level, tx, ty) not in self.tiles]
        todo.sort(key=lambda t: abs((t[0] + 0.5) * TILE - cx) + abs((t[1] + 0.5) * TILE - cy))
        done: list[tuple[int, int]] = []
        for tx, ty in todo:
            spent = time.perf_counter() - start
            if spent + self.tile_s > budget_s and (spent > 0.002 or budget_s <= 0):
                break
            if cam.level not in self.prepared:  # the level's name layout: a step of its own
                self._prepare(cam, cam.level, tx, ty)
                continue
            self.tile(cam, cam.level, tx, ty)
            done.append((tx, ty))
        return done

    def _show_standin(self) -> None:
        """The canvas shows the stand-in alone (the sea where it does not reach)."""
        canvas, st = self.canvas, self.standin
        assert canvas is not None and st is not None
        wx, wy = self.canvas_at
        canvas.fill(mr.TABLE)
        canvas.blit(st[1], (st[2][0] - wx, st[2][1] - wy))
        self.recomposed += 1

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
            canvas.fill(mr.SEA, area)
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
