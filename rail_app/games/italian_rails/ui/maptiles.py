"""The map's base tiles: each zoom level cut into tiles of :data:`TILE` pixels, the terrain
and cities on one picture and the names over the track on a second, transparent one;
rendered when the view needs them or ahead in idle frames, and kept within a budget of
bytes (:class:`rail_app.ui.picturecache.TileCache`). The base layer
(:mod:`rail_app.games.italian_rails.ui.mapview`) composes them."""

from __future__ import annotations

import math
import time

import pygame

from rail_app.core import i18n
from rail_app.core.i18n import pgettext
from rail_app.games.italian_rails.rules.board import Board
from rail_app.games.italian_rails.ui import maprender as mr
from rail_app.games.italian_rails.ui.camera import Camera
from rail_app.ui.picturecache import MARGIN, TILE, TILE_BYTES, Tile, TileCache

Spot = tuple[int, int]  # a tile's column and row


def opaque(size: tuple[int, int]) -> pygame.Surface:
    """A new opaque picture in the display's format (when there is a display)."""
    surface = pygame.Surface(size)
    return surface.convert() if pygame.display.get_surface() else surface


class MapTiles:
    """The tiles of every zoom level of a board, and the work of making them: a level's name
    layout first (all its tiles share it), then its tiles."""

    def __init__(self, board: Board) -> None:
        self.board = board
        self.cache = TileCache()
        self.language = i18n.version()  # the language the tiles' words are in
        self.rendered = 0  # tiles rendered because the view needed them
        self.prerendered = 0  # tiles rendered ahead (idle frames, the picture's margin)
        self.tile_s = 0.010  # running estimate of one tile's render time
        self.prepared: set[int] = set()  # levels whose name layout is computed
        self.warming: dict[int, list[tuple[int, bool]]] = {}  # type sizes still to measure
        self.chars: str | None = None
        self.seas = False  # the seas' name places are worked out (once per board)
        self.idle: tuple[object, ...] | None = None  # when idle frames last found no work
        # the view's tiles: (level and tile span, the tiles, (cache changes, missing ones))
        self._view: tuple[tuple[int, ...], list[Spot], tuple[int, int] | None] | None = None

    def tile(self, cam: Camera, level: int, tx: int, ty: int) -> Tile:
        """The tile, rendered now if it is not kept (a tile the view needs: others but the
        view's own may leave to make room)."""
        if self.language != i18n.version():  # the names on the map are in another language
            self.language = i18n.version()
            self.cache = TileCache()
            self.prepared = set()
            self._view = None
        key = (level, tx, ty)
        tile = self.cache.get(key)
        if tile is not None:
            return tile
        keep = [(cam.level, x, y) for x, y in self.in_view(cam)]
        self.cache.make_room(2 * TILE_BYTES, cam.level, keep=keep)
        self.rendered += 1
        return self.render(cam, key)

    def render(self, cam: Camera, key: tuple[int, int, int]) -> Tile:
        """Render a tile and keep it (room is made by the caller)."""
        t0 = time.perf_counter()
        level, tx, ty = key
        s = cam.scale_of(level)
        surf = opaque((TILE, TILE))
        view = mr.MapView(s, cam.x0 + tx * TILE / s, cam.y0 + ty * TILE / s)
        mr.draw_base(surf, self.board, view, labels=False)
        lab = pygame.Surface((TILE, TILE), pygame.SRCALPHA)
        lab.fill((*mr.LABEL_HALO, 0))  # blending onto the halo colour keeps edges clean
        mr.draw_labels(lab, self.board, view)
        box = lab.get_bounding_rect()
        names = lab.subsurface(box).copy() if box.w else None
        tile = Tile(surf, names, box.topleft)
        self.cache.put(key, tile)
        self.tile_s = 0.7 * self.tile_s + 0.3 * (time.perf_counter() - t0)
        return tile

    def visible(self, cam: Camera) -> list[tuple[int, int, int, int]]:
        """(tx, ty, screen x, screen y) of every tile the map area shows."""
        wx, wy = cam.world_px()
        return [(tx, ty, cam.rect.x + tx * TILE - wx, cam.rect.y + ty * TILE - wy)
                for tx, ty in self.in_view(cam)]

    def in_view(self, cam: Camera) -> list[Spot]:
        """The tiles the map area shows (kept while the view stays on the same tiles: every
        frame of a pan asks several times)."""
        wx, wy = cam.world_px()
        span = (cam.level, *self.span(wx, wy, cam.rect.w, cam.rect.h))
        if self._view is None or self._view[0] != span:
            _, x0, y0, x1, y1 = span
            self._view = (span, [(tx, ty) for ty in range(y0, y1 + 1)
                                 for tx in range(x0, x1 + 1)], None)
        return self._view[1]

    @staticmethod
    def spots_in(x: int, y: int, w: int, h: int) -> list[Spot]:
        """Tiles meeting the world-pixel rectangle (x, y, w, h)."""
        return [(tx, ty) for ty in range(math.floor(y / TILE), math.floor((y + h - 1) / TILE) + 1)
                for tx in range(math.floor(x / TILE), math.floor((x + w - 1) / TILE) + 1)]

    def missing(self, cam: Camera) -> int:
        """How many tiles the view needs that are not rendered yet."""
        spots = self.in_view(cam)
        assert self._view is not None
        span, _, known = self._view
        if known is None or known[0] != self.cache.changes:
            known = (self.cache.changes,
                     sum(1 for tx, ty in spots if (cam.level, tx, ty) not in self.cache))
            self._view = (span, spots, known)
        return known[1]

    def render_missing(self, cam: Camera, start: float, budget_s: float, spots: list[Spot],
                        ahead: bool = False) -> None:
        """Render the missing tiles of ``spots``, nearest the view's middle first, within the
        budget (at least one a frame while the frame is young). The level's name layout
        comes first, one step a frame."""
        w, h = cam.rect.size
        wx, wy = cam.world_px()
        cx, cy = wx + w / 2, wy + h / 2
        todo = [t for t in spots if (cam.level, *t) not in self.cache]
        todo.sort(key=lambda t: abs((t[0] + 0.5) * TILE - cx) + abs((t[1] + 0.5) * TILE - cy))
        for tx, ty in todo:
            spent = time.perf_counter() - start
            if spent + self.tile_s > budget_s and (spent > 0.002 or budget_s <= 0):
                break
            if cam.level not in self.prepared:  # the level's name layout: a step of its own
                self.prepare_names(cam, cam.level, tx, ty)
                continue
            self.tile(cam, cam.level, tx, ty)
            if ahead:
                self.rendered -= 1
                self.prerendered += 1

    def prepare_names(self, cam: Camera, level: int, tx: int, ty: int) -> None:
        """One step towards a zoom level's names, which all its tiles share: first (once per
        board) the places in open water for the seas' names, then the type is measured at each size the level uses, one size per step (measuring text at a new
        size is what the layout spends its time on), then the layout itself. So no frame
        pays for all of it, nor for it and a tile together."""
        if not self.seas:  # where the seas' names may go: once per board, a step of its own
            self.seas = True
            mr.sea_label_points(self.board)
            return
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
            words = [c.name + pgettext("commodity", c.commodity) for c in self.board.city_list]
            self.chars = "".join(sorted(set("".join(words))))
        return self.chars

    def prerender(self, cam: Camera, start: float, budget_s: float) -> None:
        """Idle frames: one piece of work ahead, when the frame has been short so far and the
        budget has room: tiles around the canvas, the names of the next zoom levels, then
        the tiles of their views. A tile ahead never pushes out one of its own level or a
        nearer one."""
        if time.perf_counter() - start > min(budget_s, 0.002):
            return
        wx, wy = cam.world_px()
        w, h = cam.rect.size
        ring = MARGIN + TILE // 2
        areas = [(cam.level, *self.span(wx - ring, wy - ring, w + 2 * ring, h + 2 * ring))]
        for step in (1, -1):
            lv = cam.level + step
            if cam.min_level <= lv <= cam.max_level:
                f = cam.scale_of(lv) / cam.scale
                mx, my = (wx + w / 2) * f, (wy + h / 2) * f
                areas.append((lv, *self.span(round(mx - w / 2), round(my - h / 2), w, h)))
        # nothing changed since the last idle frame found nothing to do: no need to look
        idle = (tuple(areas), len(self.cache), self.cache.evicted, len(self.prepared))
        if idle == self.idle:
            return
        keep = [(cam.level, x, y) for x, y in self.in_view(cam)]
        for lv, x0, y0, x1, y1 in areas:
            for key in [(lv, tx, ty) for ty in range(y0, y1 + 1) for tx in range(x0, x1 + 1)]:
                if key in self.cache:
                    continue
                if not self.cache.make_room(2 * TILE_BYTES, cam.level, keep=keep,
                                            nearest=abs(lv - cam.level) + 1):
                    self.idle = idle
                    return  # no room ahead at this level (the next ones are no nearer)
                if lv not in self.prepared:
                    self.prepare_names(cam, *key)
                    return
                self.render(cam, key)
                self.prerendered += 1
                return
        self.idle = idle

    @staticmethod
    def span(x: int, y: int, w: int, h: int) -> tuple[int, int, int, int]:
        """The first and last tile column and row meeting the world-pixel rectangle."""
        return (math.floor(x / TILE), math.floor(y / TILE), math.floor((x + w - 1) / TILE),
                math.floor((y + h - 1) / TILE))
