"""The map's cached pictures: base tiles per zoom level (terrain, cities, and the names on a
second, transparent set), composed with the track layer into one picture a margin larger
than the map area. The camera they draw for is in :mod:`rail_app.games.italian_rails.ui.camera`, the budget of
bytes they keep in :mod:`rail_app.ui.picturecache`.

A pan frame scrolls the picture of the map area, copies the uncovered strip from the
composed picture and blits it: a frame is that blit and the moving parts on top (DESIGN.md
habit 9).
"""

from __future__ import annotations

import math
import time

import pygame

from rail_app.games.italian_rails.rules.board import Board
from rail_app.games.italian_rails.ui import maprender as mr
from rail_app.games.italian_rails.ui.camera import Camera
from rail_app.games.italian_rails.ui.maptiles import MapTiles, Spot, opaque
from rail_app.games.italian_rails.ui.palette import CLEAR as CLEAR
from rail_app.games.italian_rails.ui.tracklayer import TrackLayer
from rail_app.ui.picturecache import (
    MARGIN,
    PIECE,
    TILE,
    MapBudget,
    Tile,
    TileCache,
    surface_bytes,
)

__all__ = ["TILE", "BaseLayer"]


class BaseLayer:
    """The base map cut into tiles per zoom level, rendered lazily and kept within a budget
    of bytes sized from the map area, and one composed picture of tiles, track and names.

    City and sea names are a second set of transparent tiles laid over the track, so that ink
    never covers a name. The composed picture (the canvas) reaches :data:`MARGIN` pixels
    beyond each edge of the map area; only when a pan uses the margin up is it moved
    (scrolled) and the uncovered strip composed (tiles, the track drawn for the strip alone,
    names). It is composed again when the zoom, the size or the track changes.

    What the map area shows is a picture of its own size (the front), scrolled with each pan
    and given the uncovered strips from the canvas: a blit of a whole picture at an aligned
    place is a single run of memory, which SDL copies several times faster than the same
    rectangle cut out of the wider canvas (measured: 0.18 against 0.46 - 0.77 ms at
    1520x918 when the pixels are not in the processor's cache). While a new zoom level's
    tiles render (a few per frame, within a time budget), the previous picture scaled stands
    in, alone, until the new level's view is complete: never a mix of the two.

    :meth:`prepare` does the work of a frame (in the scene's update), :meth:`blit` shows the
    result (in its draw).
    """

    def __init__(self, board: Board) -> None:
        self.board = board
        self.budget = MapBudget((1, 1))
        self.maptiles = MapTiles(board)
        self.canvas: pygame.Surface | None = None
        self.front: pygame.Surface | None = None  # what the map area shows
        self.front_at: Spot | None = None  # world pixel of its top-left
        self.dirty: list[pygame.Rect] = []  # canvas areas composed since (world pixels)
        self.canvas_key: tuple[object, ...] | None = None  # level, size, track version
        self.canvas_at = (0, 0)  # world pixel of the canvas's top-left
        self.holes: set[Spot] = set()  # tiles of the canvas not yet drawn into it
        self.waiting = False  # the canvas shows the stand-in until the level is complete
        # the previous level's picture, scaled: (level, picture, world pixel of its top-left)
        self.standin: tuple[int, pygame.Surface, Spot] | None = None
        self.scratch: pygame.Surface | None = None  # the track is drawn here, a piece at a time
        self.recomposed = 0  # areas of the canvas composed
        self.moves = 0  # times the margin was used up and the canvas moved

    # -- tiles (MapTiles) ----------------------------------------------------------------------
    @property
    def tiles(self) -> TileCache:
        return self.maptiles.cache

    @property
    def rendered(self) -> int:
        """Tiles rendered because the view needed them."""
        return self.maptiles.rendered

    @property
    def prerendered(self) -> int:
        """Tiles rendered ahead (idle frames, the picture's margin)."""
        return self.maptiles.prerendered

    def tile(self, cam: Camera, level: int, tx: int, ty: int) -> Tile:
        return self.maptiles.tile(cam, level, tx, ty)

    def visible(self, cam: Camera) -> list[tuple[int, int, int, int]]:
        """(tx, ty, screen x, screen y) of every tile the map area shows."""
        return self.maptiles.visible(cam)

    def missing(self, cam: Camera) -> int:
        return self.maptiles.missing(cam)

    def render_all(self, cam: Camera) -> None:
        self.size_for(cam.rect.size)
        for tx, ty in self.maptiles.in_view(cam):
            self.maptiles.tile(cam, cam.level, tx, ty)

    # -- memory ------------------------------------------------------------------------------
    def size_for(self, view: tuple[int, int]) -> None:
        """Size the budget of bytes from the map area's size."""
        if self.budget.view != view:
            self.budget = MapBudget(view)
            self.maptiles.cache.limit = self.budget.tiles

    def held(self) -> int:
        """The bytes of every picture this layer keeps, counted from the pictures."""
        pictures = [self.canvas, self.front, self.scratch,
                    self.standin[1] if self.standin else None]
        return self.tiles.held() + sum(surface_bytes(s) for s in pictures if s is not None)

    # -- the composed map area -------------------------------------------------------------
    def draw(self, surface: pygame.Surface, cam: Camera, track: TrackLayer | None = None,
             budget_s: float = 0.006) -> bool:
        """:meth:`prepare` and :meth:`blit` in one call. True if the view is complete."""
        done = self.prepare(cam, track, budget_s)
        self.blit(surface, cam)
        return done

    def blit(self, surface: pygame.Surface, cam: Camera) -> None:
        """Show the picture :meth:`prepare` made for the map area: one blit."""
        if self.front is not None:
            surface.blit(self.front, cam.rect.topleft)

    def complete(self, cam: Camera, track: TrackLayer | None = None) -> bool:
        """Every tile the view needs at the camera's zoom level is ready."""
        del track  # the track is drawn with the tiles
        return not self.missing(cam)

    def prepare(self, cam: Camera, track: TrackLayer | None = None,
                budget_s: float = 0.006) -> bool:
        """Compose the map area: base tiles, ``track`` and the names. Missing tiles render
        within ``budget_s`` seconds per frame. After a zoom the previous level's picture,
        scaled, stands in alone until the new level's view is complete, then the new
        picture replaces it at once. True if the view is complete."""
        start = time.perf_counter()
        self.size_for(cam.rect.size)
        wx, wy = cam.world_px()
        key = (cam.level, cam.rect.size, None if track is None else (track.key, track.generation))
        size = self.budget.canvas_size
        canvas = self.canvas
        if canvas is None or canvas.get_size() != size:
            self.standin = None
            canvas = self.canvas = opaque(size)
            self.canvas_key = None
        fresh_level = self.canvas_key is None or self.canvas_key[0] != cam.level
        if fresh_level:
            old = self.canvas_key[0] if self.canvas_key is not None else None
            # a stand-in only while the new level's tiles are missing (it costs a frame)
            self.standin = self._standin(cam, old) \
                if isinstance(old, int) and not self.complete(cam) else None
            budget_s = 0.0 if self.standin is not None else budget_s
        if self.standin is not None and not self.complete(cam):
            # the stand-in alone while this level's tiles render in the background
            if fresh_level or not self.waiting or not self._shows(wx, wy, cam):
                self.canvas_at = (wx - MARGIN, wy - MARGIN)
                self._show_standin()
            self.canvas_key = key
            self.waiting = True
            self.maptiles.render_missing(cam, start, budget_s, self.maptiles.in_view(cam))
            self._update_front(cam)
            return False
        if self.waiting or self.canvas_key != key:
            self.waiting = False
            self.standin = None
            self.canvas_key = key
            self.canvas_at = (wx - MARGIN, wy - MARGIN)
            self.holes = set()
            self._compose(cam, track, canvas.get_rect())
            if track is not None:
                track.redraws += 1
        elif not self._shows(wx, wy, cam):
            self._move(cam, track)
        elif not self.holes and budget_s > 0:
            self.maptiles.prerender(cam, start, budget_s * 0.5)
        if self.holes:  # tiles of the canvas not drawn yet: the view's first
            self._fill_holes(cam, track, start, budget_s)
        self._update_front(cam)
        return self.complete(cam) and (not self.holes or not self._view_holes(cam))

    def _update_front(self, cam: Camera) -> None:
        """The front picture shows the view: scrolled by the pan, the uncovered strips and
        whatever was composed into the canvas since copied from it."""
        canvas = self.canvas
        assert canvas is not None
        w, h = cam.rect.size
        wx, wy = cam.world_px()
        cx, cy = self.canvas_at
        front = self.front
        if front is None or front.get_size() != (w, h):
            front = self.front = opaque((w, h))
            self.front_at = None
        view = pygame.Rect(wx, wy, w, h)
        copies: list[pygame.Rect] = []  # world pixels to copy from the canvas
        if self.front_at is None or any(r.contains(view) for r in self.dirty):
            copies = [view]
        else:
            dx, dy = self.front_at[0] - wx, self.front_at[1] - wy
            if abs(dx) >= w or abs(dy) >= h:
                copies = [view]
            elif dx or dy:
                front.scroll(dx, dy)
                if dx:
                    copies.append(pygame.Rect(wx if dx > 0 else wx + w + dx, wy, abs(dx), h))
                if dy:
                    copies.append(pygame.Rect(wx, wy if dy > 0 else wy + h + dy, w, abs(dy)))
            copies += [r.clip(view) for r in self.dirty if r.colliderect(view)]
        for r in copies:
            front.blit(canvas, (r.x - wx, r.y - wy), r.move(-cx, -cy))
        self.front_at = (wx, wy)
        self.dirty.clear()

    def _shows(self, wx: int, wy: int, cam: Camera) -> bool:
        """The canvas holds the whole view at world pixel (wx, wy)."""
        cx, cy = self.canvas_at
        cw, ch = self.budget.canvas_size
        return cx <= wx and cy <= wy and wx + cam.rect.w <= cx + cw and wy + cam.rect.h <= cy + ch

    def _move(self, cam: Camera, track: TrackLayer | None) -> None:
        """The pan used up the margin: move the canvas so the view is in its middle again
        (along the axes that ran out) and compose only the uncovered strips."""
        canvas = self.canvas
        assert canvas is not None
        wx, wy = cam.world_px()
        cx, cy = self.canvas_at
        cw, ch = canvas.get_size()
        nx = wx - MARGIN if wx < cx or wx + cam.rect.w > cx + cw else cx
        ny = wy - MARGIN if wy < cy or wy + cam.rect.h > cy + ch else cy
        dx, dy = cx - nx, cy - ny
        self.canvas_at = (nx, ny)
        self.moves += 1
        if abs(dx) >= cw or abs(dy) >= ch:
            self.holes = set()
            self._compose(cam, track, canvas.get_rect())
            return
        canvas.scroll(dx, dy)
        self.holes = {t for t in self.holes if self._tile_in_canvas(*t)}
        if dx:
            self._compose(cam, track, pygame.Rect(0 if dx > 0 else cw + dx, 0, abs(dx), ch))
        if dy:
            self._compose(cam, track, pygame.Rect(0, 0 if dy > 0 else ch + dy, cw, abs(dy)))

    def _tile_in_canvas(self, tx: int, ty: int) -> bool:
        cx, cy = self.canvas_at
        cw, ch = self.budget.canvas_size
        return tx * TILE < cx + cw and (tx + 1) * TILE > cx and ty * TILE < cy + ch and \
            (ty + 1) * TILE > cy

    def _view_holes(self, cam: Camera) -> list[Spot]:
        view = set(self.maptiles.in_view(cam))
        return [t for t in self.holes if t in view]

    def _fill_holes(self, cam: Camera, track: TrackLayer | None, start: float,
                    budget_s: float) -> None:
        """Render the canvas's missing tiles within the budget (the view's first, nearest its
        middle first) and compose those that are ready."""
        self.holes = {t for t in self.holes if self._tile_in_canvas(*t)}
        view = self._view_holes(cam)
        margin = [t for t in self.holes if t not in set(view)]
        self.maptiles.render_missing(cam, start, budget_s, view)
        if margin and not self._view_holes_missing(cam, view):
            self.maptiles.render_missing(cam, start, budget_s, margin, ahead=True)
        cx, cy = self.canvas_at
        canvas = self.canvas
        assert canvas is not None
        for tx, ty in [t for t in self.holes if (cam.level, *t) in self.tiles]:
            self.holes.discard((tx, ty))
            self._compose(cam, track, pygame.Rect(tx * TILE - cx, ty * TILE - cy, TILE, TILE))

    def _view_holes_missing(self, cam: Camera, view: list[Spot]) -> bool:
        return any((cam.level, *t) not in self.tiles for t in view)

    def _show_standin(self) -> None:
        """The canvas shows the stand-in alone (the table where it does not reach)."""
        canvas, st = self.canvas, self.standin
        assert canvas is not None and st is not None
        cx, cy = self.canvas_at
        canvas.fill(mr.TABLE)
        canvas.blit(st[1], (st[2][0] - cx, st[2][1] - cy))
        self.dirty.append(pygame.Rect(self.canvas_at, canvas.get_size()))
        self.recomposed += 1

    def _compose(self, cam: Camera, track: TrackLayer | None, area: pygame.Rect) -> None:
        """Lay base tiles, the track and the names into ``area`` of the canvas (canvas
        pixels); tiles not rendered yet leave holes (the sea) to be filled later."""
        canvas = self.canvas
        assert canvas is not None
        area = area.clip(canvas.get_rect())
        if area.w <= 0 or area.h <= 0:
            return
        self.recomposed += 1
        cx, cy = self.canvas_at
        self.dirty.append(area.move(cx, cy))
        level = cam.level
        canvas.set_clip(area)
        spots = self.maptiles.spots_in(cx + area.x, cy + area.y, area.w, area.h)
        tiles = [(t, self.tiles.peek((level, *t))) for t in spots]
        if any(tile is None for _, tile in tiles):
            canvas.fill(mr.SEA, area)
            self.holes.update(t for t, tile in tiles if tile is None)
        for (tx, ty), tile in tiles:
            if tile is not None:
                canvas.blit(tile.base, (tx * TILE - cx, ty * TILE - cy))
        if track is not None:
            self._draw_track(cam, track, area)
        for (tx, ty), tile in tiles:
            if tile is not None and tile.names is not None:
                canvas.blit(tile.names, (tx * TILE - cx + tile.names_at[0],
                                         ty * TILE - cy + tile.names_at[1]))
        canvas.set_clip(None)

    def _draw_track(self, cam: Camera, track: TrackLayer, area: pygame.Rect) -> None:
        """The track over ``area`` of the canvas, drawn into the scratch picture a piece at a
        time and laid on the canvas (the track's ink is translucent at its edges). The pieces
        lie on a grid of the zoom level's pixels, like the tiles: every pixel is drawn
        through the same view whenever it is composed, so strips composed after a pan fit
        the picture around them exactly."""
        canvas = self.canvas
        assert canvas is not None
        if self.scratch is None:
            self.scratch = pygame.Surface((PIECE, PIECE), pygame.SRCALPHA)
        s = cam.scale
        cx, cy = self.canvas_at
        world = area.move(cx, cy)
        for gy in range(math.floor(world.top / PIECE) * PIECE, world.bottom, PIECE):
            for gx in range(math.floor(world.left / PIECE) * PIECE, world.right, PIECE):
                part = world.clip(pygame.Rect(gx, gy, PIECE, PIECE)).move(-gx, -gy)
                scratch = self.scratch
                scratch.set_clip(part)  # the piece's own view, drawn where the area needs it
                scratch.fill(CLEAR)
                track.draw(scratch, mr.MapView(s, cam.x0 + gx / s, cam.y0 + gy / s))
                canvas.blit(scratch, (gx + part.x - cx, gy + part.y - cy), part)
                scratch.set_clip(None)

    def _standin(self, cam: Camera,
                 old: int) -> tuple[int, pygame.Surface, Spot] | None:
        """The picture of zoom level ``old`` (the canvas, as it is) scaled to the camera's
        level, cropped to what the map area shows (pygame.transform.scale: fast, not
        smooth); made once per zoom step."""
        frame = self.canvas
        if frame is None:
            return None
        s0 = cam.scale_of(old)
        ox0 = cam.x0 + self.canvas_at[0] / s0
        oy0 = cam.y0 + self.canvas_at[1] / s0
        r = cam.scale / s0
        # the part of the old picture the new view shows, in old pixels
        src = pygame.Rect(math.floor((cam.ox - ox0) * s0), math.floor((cam.oy - oy0) * s0),
                          math.ceil(cam.rect.w / r) + 2,
                          math.ceil(cam.rect.h / r) + 2).clip(frame.get_rect())
        if src.w <= 0 or src.h <= 0:
            return None
        w, h = max(1, round(src.w * r)), max(1, round(src.h * r))
        w, h = min(w, cam.rect.w + 4), min(h, cam.rect.h + 4)  # within the budget's stand-in
        img = pygame.transform.scale(frame.subsurface(src), (w, h))
        # world pixel (at the new level) of the scaled part's top-left
        s = cam.scale
        at = (round((ox0 + src.x / s0 - cam.x0) * s), round((oy0 + src.y / s0 - cam.y0) * s))
        return cam.level, img, at
