"""The Steam map as the rules see it: hexes, cities, towns, impassable sides (S-B1-S-B11).

Hexes are axial ``(q, r)`` coordinates, written ``"q,r"`` in map files, actions and events
(:func:`rail_app.core.hexgrid.key`). Side ``k`` of a hex faces its neighbour in direction
``hexgrid.DIRECTIONS[k]``; sides are numbered clockwise, so side ``(k + 3) % 6`` is opposite
(which way is "up" follows the map's orientation, pointy or flat, D-38).

Inside the rules a hex is an index into :attr:`Board.hexes`; the neighbour and impassable
tables are plain tuples so that quoting a tile is a few lookups.
"""

from __future__ import annotations

import hashlib
import math
from collections.abc import Sequence
from dataclasses import dataclass, field
from enum import StrEnum
from typing import Final

from rail_app.core import hexgrid


class Colour(StrEnum):
    """S-B7: cube and city colours. Printed cities are never grey."""

    RED = "red"
    BLUE = "blue"
    YELLOW = "yellow"
    PURPLE = "purple"
    GREY = "grey"


#: The equirectangular projection's scale (as ``rail_app.core.geometry``, which this pure
#: package does not import: it brings shapely).
KM_PER_DEG_LAT: Final = 110.574
KM_PER_DEG_LON_EQ: Final = 111.320

COLOURS: Final = tuple(Colour)
COLOUR_INDEX: Final = {c: i for i, c in enumerate(COLOURS)}
#: A number of cubes (or counters) per colour, in the order of :data:`COLOURS`.
Cubes = tuple[int, int, int, int, int]
NO_CUBES: Final[Cubes] = (0, 0, 0, 0, 0)


def add_cubes(a: Cubes, b: Cubes) -> Cubes:
    return (a[0] + b[0], a[1] + b[1], a[2] + b[2], a[3] + b[3], a[4] + b[4])


def sub_cubes(a: Cubes, b: Cubes) -> Cubes:
    return (a[0] - b[0], a[1] - b[1], a[2] - b[2], a[3] - b[3], a[4] - b[4])


def cubes_of(values: Sequence[int]) -> Cubes:
    """Five counts as :data:`Cubes`."""
    return (values[0], values[1], values[2], values[3], values[4])


def one_cube(colour: Colour) -> Cubes:
    i = COLOUR_INDEX[colour]
    return cubes_of([1 if j == i else 0 for j in range(5)])


def cube_list(cubes: Cubes) -> list[Colour]:
    """The cubes one by one, in colour order."""
    return [c for c, n in zip(COLOURS, cubes, strict=True) for _ in range(n)]


class Terrain(StrEnum):
    """S-B1/S-B2: a land hex is plain or hill (hills and mountains are one terrain)."""

    PLAIN = "plain"
    HILL = "hill"


@dataclass(frozen=True)
class HexInfo:
    """One hex of the map (S-B1). City hexes are hexes too (S-B5); sea is not."""

    index: int
    q: int
    r: int
    key: str
    terrain: Terrain
    river: bool  # S-B3: any river, canal or small lake, counted once
    town: bool  # S-B6: only town tiles here; may become a city (S-A9)
    name: str  # a town's or a city's name ("" for others)


@dataclass(frozen=True)
class City:
    """A printed city (S-B5): name, colour and printed number of starting cubes."""

    name: str
    hex: int
    colour: Colour
    number: int


@dataclass(frozen=True)
class Components:
    """S-B8/D-7: the counts of the box that a map may change (tiles are fixed, S-K13)."""

    cubes: Cubes = (20, 20, 20, 20, 16)
    new_cities: Cubes = (1, 1, 1, 1, 4)
    urban_growth: int = 10


@dataclass(frozen=True)
class Grid:
    """How hexes are drawn: orientation, spacing between hex centres in km, and the position
    of hex "0,0" (D-38). ``projection`` is ``plane`` (positions in km) or
    ``equirectangular`` around (lon0, lat0), as in Italian Rails' maps."""

    orientation: str = "pointy"
    spacing_km: float = 30.0
    origin: tuple[float, float] = (0.0, 0.0)
    projection: str = "plane"
    lon0: float = 0.0
    lat0: float = 0.0

    def layout(self) -> hexgrid.Layout:
        """The grid in kilometres (an equirectangular map's origin is projected first)."""
        return hexgrid.Layout(self.spacing_km, self.orientation, self.origin_km())

    def origin_km(self) -> tuple[float, float]:
        """Hex "0,0" in kilometres (x east, y south), by the same formulas as
        ``rail_app.core.geometry.Projection``."""
        if self.projection != "equirectangular":
            return self.origin
        lon, lat = self.origin
        kx = KM_PER_DEG_LON_EQ * math.cos(math.radians(self.lat0))
        return (lon - self.lon0) * kx, -(lat - self.lat0) * KM_PER_DEG_LAT


@dataclass(frozen=True)
class Board:
    """A loaded Steam map (S-B11). Build it with :func:`make_board`."""

    name: str
    shown: str  # the file it came from, for messages
    grid: Grid
    hexes: tuple[HexInfo, ...]
    cities: tuple[City, ...]
    nb: tuple[tuple[int, ...], ...]  # neighbour index per side, -1 for none
    blocked: tuple[tuple[bool, ...], ...]  # S-B4 impassable per side
    sea: tuple[tuple[int, int], ...]  # sea and lake hexes (drawn, never played)
    reserve_spaces: int = 12  # S-B9, D-8
    recommended: tuple[int, ...] = (3, 4, 5)
    cube_changes: tuple[tuple[int, int], ...] = ()  # (players, change per city), S-B11
    components: Components = field(default_factory=Components)
    background: str | None = None  # a sibling GeoJSON file drawn under the hexes
    description: str = ""
    index: dict[str, int] = field(default_factory=dict, compare=False, repr=False)
    city_at: dict[int, City] = field(default_factory=dict, compare=False, repr=False)
    towns: tuple[int, ...] = ()
    blocked_mask: tuple[int, ...] = ()  # the impassable sides of each hex, as bits
    #: What the board is, as a short digest of its contents (caches key on it, never on
    #: the object's identity).
    stamp: str = ""

    def hex_index(self, key: str) -> int | None:
        """The index of the hex written ``key`` ("q,r"), or None when it is not a hex."""
        return self.index.get(key.replace(" ", ""))

    def key(self, h: int) -> str:
        return self.hexes[h].key

    def name_of(self, h: int) -> str:
        """A hex's city or town name, else its key."""
        info = self.hexes[h]
        return info.name or info.key

    def cube_change(self, players: int) -> int:
        """S-I1/S-B11: the change to each city's printed number with this many players."""
        for n, change in self.cube_changes:
            if n == players:
                return change
        return 0


def make_board(
    *,
    name: str,
    shown: str,
    grid: Grid,
    land: Sequence[tuple[int, int, Terrain, bool, bool, str]],
    cities: Sequence[tuple[str, int, int, Colour, int]],
    impassable: Sequence[tuple[tuple[int, int], tuple[int, int]]] = (),
    sea: Sequence[tuple[int, int]] = (),
    reserve_spaces: int = 12,
    recommended: tuple[int, ...] = (3, 4, 5),
    cube_changes: tuple[tuple[int, int], ...] = (),
    components: Components | None = None,
    background: str | None = None,
    description: str = "",
) -> Board:
    """A board from checked data: ``land`` is (q, r, terrain, river, town, name) per non-city
    hex, ``cities`` (name, q, r, colour, number); ``impassable`` pairs of neighbouring hexes
    whose shared side is a thick black line. Sides without a hex beyond are impassable too
    (S-B4). Callers (the map reader, tests) have checked duplicates and adjacency."""
    cells: list[tuple[int, int, Terrain, bool, bool, str]] = list(land)
    for cname, q, r, _colour, _number in cities:
        cells.append((q, r, Terrain.PLAIN, False, False, cname))
    cells.sort(key=lambda c: (c[1], c[0]))
    hexes = tuple(HexInfo(i, q, r, hexgrid.key(q, r), t, river, town, nm)
                  for i, (q, r, t, river, town, nm) in enumerate(cells))
    at = {(h.q, h.r): h.index for h in hexes}
    nb = tuple(tuple(at.get((h.q + dq, h.r + dr), -1) for dq, dr in hexgrid.DIRECTIONS)
               for h in hexes)
    walls: set[tuple[int, int]] = set()
    for a, b in impassable:
        ia, ib = at[a], at[b]
        for side in range(6):
            if nb[ia][side] == ib:
                walls.add((ia, side))
                walls.add((ib, (side + 3) % 6))
    blocked = tuple(tuple(nb[h][s] < 0 or (h, s) in walls for s in range(6))
                    for h in range(len(hexes)))
    city_list = tuple(City(cname, at[(q, r)], colour, number)
                      for cname, q, r, colour, number in cities)
    return Board(
        name=name, shown=shown, grid=grid, hexes=hexes, cities=city_list, nb=nb,
        blocked=blocked, sea=tuple(sorted(set(sea), key=lambda p: (p[1], p[0]))),
        reserve_spaces=reserve_spaces, recommended=tuple(recommended),
        cube_changes=tuple(cube_changes),
        components=components or Components(), background=background,
        description=description,
        index={h.key: h.index for h in hexes},
        city_at={c.hex: c for c in city_list},
        towns=tuple(h.index for h in hexes if h.town),
        blocked_mask=tuple(sum(1 << s for s in range(6) if row[s]) for row in blocked),
        stamp=hashlib.sha256(repr((name, shown, hexes, city_list, blocked, sea, reserve_spaces,
                                   cube_changes, components)).encode()).hexdigest()[:16],
    )


def side_towards(board: Board, a: int, b: int) -> int | None:
    """The side of hex ``a`` facing its neighbour ``b`` (None when they do not touch)."""
    row = board.nb[a]
    for s in range(6):
        if row[s] == b:
            return s
    return None
