"""Pictures kept between frames, within budgets in bytes sized from the window.

Every picture a screen keeps so as not to draw it again counts its bytes
(:func:`surface_bytes`) against a limit: the map's tiles, names and composed picture
(:class:`MapBudget`, :class:`TileCache`), and the small pictures of text, tooltips, tags
and trains (:class:`SurfaceCache`). A larger window keeps more; nothing grows without
bound, however long the game and wherever the player looks.
"""

from __future__ import annotations

import math
from collections import OrderedDict
from collections.abc import Hashable, Iterable
from dataclasses import dataclass
from typing import Generic, NamedTuple, TypeVar

import pygame

BYTES_PER_PIXEL = 4  # the pictures are 32-bit (opaque ones converted to the display's format)
DEFAULT_WINDOW = (1920, 1080)  # the window a budget assumes when there is none (tools, tests)

TILE = 512  # pixels of a base tile's side
TILE_BYTES = TILE * TILE * BYTES_PER_PIXEL
MARGIN = 256  # pixels of map composed beyond each edge of the map area
PIECE = 768  # the side of the scratch picture the track is drawn into, a piece at a time
TILE_SETS = 2.0  # tiles kept: twice the tiles that cover the composed picture


def surface_bytes(surface: pygame.Surface) -> int:
    """The bytes of a picture's pixels (rows as SDL keeps them, padding included)."""
    return surface.get_pitch() * surface.get_height()


def window_bytes() -> int:
    """The bytes of one picture the size of the window (of :data:`DEFAULT_WINDOW` when there
    is no window)."""
    shown = pygame.display.get_surface() if pygame.display.get_init() else None
    w, h = shown.get_size() if shown is not None else DEFAULT_WINDOW
    return w * h * BYTES_PER_PIXEL


K = TypeVar("K", bound=Hashable)


class SurfaceCache(Generic[K]):
    """Pictures by key, the least recently used leaving first when their bytes pass the
    limit: ``screens`` times the bytes of the window (so a larger window keeps more)."""

    def __init__(self, screens: float) -> None:
        self.screens = screens
        self.items: OrderedDict[K, pygame.Surface] = OrderedDict()
        self.used = 0

    @property
    def limit(self) -> int:
        return int(self.screens * window_bytes())

    def get(self, key: K) -> pygame.Surface | None:
        surface = self.items.get(key)
        if surface is not None:
            self.items.move_to_end(key)
        return surface

    def put(self, key: K, surface: pygame.Surface) -> pygame.Surface:
        """Keep ``surface`` (the newest); older pictures leave while over the limit."""
        old = self.items.pop(key, None)
        if old is not None:
            self.used -= surface_bytes(old)
        self.items[key] = surface
        self.used += surface_bytes(surface)
        limit = self.limit
        while self.used > limit and len(self.items) > 1:
            _, gone = self.items.popitem(last=False)
            self.used -= surface_bytes(gone)
        return surface

    def clear(self) -> None:
        self.items.clear()
        self.used = 0

    def held(self) -> int:
        """The bytes of the pictures kept, counted again from the pictures themselves."""
        return sum(surface_bytes(s) for s in self.items.values())


@dataclass(frozen=True)
class MapBudget:
    """The bytes the map's pictures may keep, sized from the map area (which the window
    sizes): the composed picture (the area with :data:`MARGIN` around it), the picture the
    area shows, the scratch
    picture the track is drawn into, a zoom's stand-in (at most the area's size), and
    :data:`TILE_SETS` times the base tiles that cover the composed picture, with their
    names."""

    view: tuple[int, int]  # the map area's size in pixels

    @property
    def canvas_size(self) -> tuple[int, int]:
        return self.view[0] + 2 * MARGIN, self.view[1] + 2 * MARGIN

    @property
    def cover_tiles(self) -> int:
        """The most tiles that meet the composed picture, wherever it lies."""
        w, h = self.canvas_size
        return (math.ceil(w / TILE) + 1) * (math.ceil(h / TILE) + 1)

    @property
    def fixed(self) -> int:
        """The composed picture, the picture the map area shows, the track's scratch
        picture and a stand-in."""
        w, h = self.canvas_size
        vw, vh = self.view
        return (w * h + vw * vh + PIECE * PIECE + (vw + 4) * (vh + 4)) * BYTES_PER_PIXEL

    @property
    def tiles(self) -> int:
        """The bytes of tiles (and their names) kept."""
        return int(TILE_SETS * self.cover_tiles * TILE_BYTES)

    @property
    def limit(self) -> int:
        return self.fixed + self.tiles


TileKey = tuple[int, int, int]  # zoom level, tile column, tile row


class Tile(NamedTuple):
    """A base tile and the names over it (cropped to them; None where there are none)."""

    base: pygame.Surface
    names: pygame.Surface | None
    names_at: tuple[int, int]  # where the names' picture lies in the tile

    @property
    def bytes(self) -> int:
        return surface_bytes(self.base) + (0 if self.names is None else surface_bytes(self.names))


class TileCache:
    """Base tiles of every zoom level within :attr:`limit` bytes. To make room, the tiles of
    the levels farthest from the one shown leave first, the least recently used first among
    a level's; a tile the view needs may push out any other but the view's own, a tile
    rendered ahead only those of levels farther than its own (so work done ahead never
    pushes out work that is nearer to being shown)."""

    def __init__(self, limit: int = 0) -> None:
        self.items: OrderedDict[TileKey, Tile] = OrderedDict()
        self.used = 0
        self.limit = limit
        self.evicted = 0
        self.changes = 0  # grows whenever a tile comes or goes

    def __contains__(self, key: TileKey) -> bool:
        return key in self.items

    def __len__(self) -> int:
        return len(self.items)

    def get(self, key: TileKey) -> Tile | None:
        tile = self.items.get(key)
        if tile is not None:
            self.items.move_to_end(key)
        return tile

    def peek(self, key: TileKey) -> Tile | None:
        """The tile, without counting it as used."""
        return self.items.get(key)

    def make_room(self, nbytes: int, level: int, *, keep: Iterable[TileKey] = (),
                  nearest: int = 0) -> bool:
        """Make room for ``nbytes`` while zoom ``level`` is shown: tiles leave farthest level
        first, never those in ``keep`` nor those of levels nearer ``level`` than
        ``nearest``. True if the bytes fit."""
        if self.used + nbytes <= self.limit:
            return True
        kept = set(keep)
        order = sorted((k for k in self.items if k not in kept and abs(k[0] - level) >= nearest),
                       key=lambda k: -abs(k[0] - level))  # stable: oldest first among a level's
        for key in order:
            self.drop(key)
            if self.used + nbytes <= self.limit:
                return True
        return False

    def put(self, key: TileKey, tile: Tile) -> None:
        self.drop(key)
        self.items[key] = tile
        self.used += tile.bytes
        self.changes += 1

    def drop(self, key: TileKey) -> None:
        tile = self.items.pop(key, None)
        if tile is not None:
            self.used -= tile.bytes
            self.evicted += 1
            self.changes += 1

    def clear(self) -> None:
        self.items.clear()
        self.used = 0
        self.changes += 1

    def held(self) -> int:
        """The bytes of the tiles kept, counted again from the pictures themselves."""
        return sum(t.bytes for t in self.items.values())
