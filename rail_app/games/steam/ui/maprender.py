"""Drawing a Steam map with pygame: the lands and water around the board, the hexes with
their terrain (plain, hill), river marks and towns, the cities as hexes of their colour with
their names and printed numbers, and the impassable sides as thick black lines (S-B1-S-B7).

The drawing is one layer function, :func:`draw_map`, that takes a surface, a :class:`View`
(kilometres to pixels) and the board, so that the game screen can draw the map under its
track and cubes at any pan and zoom; :func:`~rail_app.games.steam.ui.mappicture.render_png`
uses it to write a picture of a map (``render-map``). The background (a GeoJSON file beside the map, ``background:``) is read
once with :func:`load_background`, through the guarded reader of ``rail_app.core``.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pygame

from rail_app.core.cache import BoundedCache
from rail_app.games.steam.rules.board import Board, Terrain
from rail_app.games.steam.rules.mapfile import MapError, MapProblem
from rail_app.games.steam.ui.palette import (
    BORDER,
    CITY,
    COAST,
    CONTEXT,
    CONTEXT_EDGE,
    HALO,
    HEX_EDGE,
    HILL,
    HILL_MARK,
    INK,
    LAKE,
    LAND,
    OFF_MAP,
    PLAIN,
    RIVER,
    SEA,
    SEA_HEX_EDGE,
    TOWN_FILL,
    WALL,
)
from rail_app.ui import fonts

Point = tuple[float, float]
RGB = tuple[int, int, int]

# -- where things are ------------------------------------------------------------------------------


@dataclass(frozen=True)
class View:
    """Kilometres to pixels: a point (x, y) in km (x east, y south) is drawn at
    ((x - x0) * scale, (y - y0) * scale)."""

    scale: float  # pixels per km
    x0: float  # the km at the surface's left edge
    y0: float  # the km at the surface's top edge

    def px(self, x: float, y: float) -> Point:
        return (x - self.x0) * self.scale, (y - self.y0) * self.scale

    def km(self, px: float, py: float) -> Point:
        return px / self.scale + self.x0, py / self.scale + self.y0

    @staticmethod
    def fit(bounds: tuple[float, float, float, float], width: int) -> tuple[View, int]:
        """The view showing ``bounds`` (km) ``width`` pixels wide, and the height it needs."""
        x0, y0, x1, y1 = bounds
        scale = width / max(x1 - x0, 1e-9)
        return View(scale, x0, y0), max(1, int(math.ceil((y1 - y0) * scale)))


def hex_centre(board: Board, h: int) -> Point:
    """The centre of hex index ``h`` in km."""
    info = board.hexes[h]
    return board.grid.layout().to_xy(info.q, info.r)


def _face_angle(board: Board, side: int) -> float:
    """The direction side ``side`` faces, in degrees clockwise from east (y south)."""
    return 60.0 * side + (30.0 if board.grid.orientation == "flat" else 0.0)


def hex_corners(board: Board, q: int, r: int) -> list[Point]:
    """The six corners of hex (q, r) in km, corner k between sides k and k + 1 (kept for
    the grid: every picture of the map asks for every hex's)."""
    return list(_CORNERS.get((board.grid, q, r), lambda: tuple(_hex_corners(board, q, r))))


_CORNERS: BoundedCache[tuple[object, int, int], tuple[Point, ...]] = BoundedCache(8192)


def _hex_corners(board: Board, q: int, r: int) -> list[Point]:
    x, y = board.grid.layout().to_xy(q, r)
    rad = board.grid.spacing_km / math.sqrt(3.0)
    out = []
    for k in range(6):
        a = math.radians(_face_angle(board, k) + 30.0)
        out.append((x + rad * math.cos(a), y + rad * math.sin(a)))
    return out


def side_points(board: Board, q: int, r: int, side: int) -> tuple[Point, Point]:
    """The two ends of side ``side`` of hex (q, r), in km."""
    c = hex_corners(board, q, r)
    return c[(side - 1) % 6], c[side]


def board_bounds(board: Board, margin_km: float | None = None) -> tuple[float, float, float, float]:
    """The km box around every hex and sea hex, with a margin (a hex by default)."""
    pad = board.grid.spacing_km if margin_km is None else margin_km
    layout = board.grid.layout()
    pts = [layout.to_xy(h.q, h.r) for h in board.hexes] + [layout.to_xy(q, r)
                                                           for q, r in board.sea]
    xs = [p[0] for p in pts]
    ys = [p[1] for p in pts]
    rad = board.grid.spacing_km / math.sqrt(3.0)
    return min(xs) - rad - pad, min(ys) - rad - pad, max(xs) + rad + pad, max(ys) + rad + pad


# -- the background --------------------------------------------------------------------------------


@dataclass
class Background:
    """The background's shapes in km, as point lists ready to draw."""

    land: list[list[list[Point]]] = field(default_factory=list)  # polygon: rings (outer first)
    context: list[list[list[Point]]] = field(default_factory=list)
    lakes: list[list[list[Point]]] = field(default_factory=list)
    rivers: list[list[Point]] = field(default_factory=list)
    borders: list[list[Point]] = field(default_factory=list)

    def extent(self) -> tuple[float, float, float, float] | None:
        """The km box the lands of the background cover (beyond it nothing is drawn, so a
        picture stops there rather than show the sea where land was cut off)."""
        pts = [p for poly in self.land + self.context for p in poly[0]]
        if not pts:
            return None
        xs = [p[0] for p in pts]
        ys = [p[1] for p in pts]
        return min(xs), min(ys), max(xs), max(ys)


def load_background(board: Board, map_path: str | Path) -> Background | None:
    """The map's ``background:`` GeoJSON (beside ``map_path``), or None when it has none.
    A broken file raises :class:`MapError` naming it."""
    if board.background is None:
        return None
    from rail_app.core.geometry import Projection, load_geometry
    from rail_app.core.mapfile import LineIndex

    proj = Projection(board.grid.projection, board.grid.lon0, board.grid.lat0)
    geo, problems = load_geometry(board.background, Path(map_path), board.shown, LineIndex(),
                                  proj)
    if problems:
        raise MapError([MapProblem(p.file, p.line, p.message) for p in problems])
    out = Background()
    for layer, target in (("land", out.land), ("context", out.context), ("lake", out.lakes)):
        for feat in geo.layer(layer):
            for poly in _polygons(feat.geom):
                target.append([list(poly.exterior.coords)] + [list(i.coords)
                                                              for i in poly.interiors])
    for layer, lines in (("river", out.rivers), ("border", out.borders)):
        for feat in geo.layer(layer):
            lines.extend(list(ln.coords) for ln in _lines(feat.geom))
    return out


def _polygons(g: Any) -> list[Any]:
    kind = getattr(g, "geom_type", "")
    if kind == "Polygon":
        return [g]
    if kind in ("MultiPolygon", "GeometryCollection"):
        return [p for part in g.geoms for p in _polygons(part)]
    return []


def _lines(g: Any) -> list[Any]:
    kind = getattr(g, "geom_type", "")
    if kind == "LineString":
        return [g]
    if kind in ("MultiLineString", "GeometryCollection"):
        return [p for part in g.geoms for p in _lines(part)]
    return []


# -- drawing ---------------------------------------------------------------------------------------


def font(size: int, bold: bool = False) -> pygame.font.Font:
    """The game's type (:func:`rail_app.ui.fonts.font`), pygame's fonts started if the map
    is drawn outside the app (``render-map``)."""
    if not pygame.font.get_init():
        pygame.font.init()
        fonts.font.cache_clear()  # fonts made before pygame's fonts last stopped are dead
    return fonts.font(size, bold)


def text(surface: pygame.Surface, words: str, at: Point, size: int, colour: RGB = INK,
         *, bold: bool = False, halo: RGB | None = HALO, anchor: str = "center") -> pygame.Rect:
    """Words at a point (``anchor`` as pygame.Rect's names), with a halo so that they read
    on any ground. Returns the rectangle drawn."""
    f = font(size, bold)
    img = f.render(words, True, colour)
    rect = img.get_rect(**{anchor: (round(at[0]), round(at[1]))})
    if halo is not None:
        ring = f.render(words, True, halo)
        for dx, dy in ((-1, 0), (1, 0), (0, -1), (0, 1), (-1, -1), (1, 1), (-1, 1), (1, -1)):
            surface.blit(ring, rect.move(dx, dy))
    surface.blit(img, rect)
    return rect


def _ring(view: View, pts: Sequence[Point]) -> list[Point]:
    """``view.px`` of every point (written out: a map's picture asks for many)."""
    s, x0, y0 = view.scale, view.x0, view.y0
    return [((x - x0) * s, (y - y0) * s) for x, y in pts]


def _fill_polygon(surface: pygame.Surface, view: View, rings: Sequence[Sequence[Point]],
                  colour: RGB, hole: RGB) -> None:
    outer = _ring(view, rings[0])
    if len(outer) >= 3:
        pygame.draw.polygon(surface, colour, outer)
    for inner in rings[1:]:
        pts = _ring(view, inner)
        if len(pts) >= 3:
            pygame.draw.polygon(surface, hole, pts)


def _line(surface: pygame.Surface, view: View, pts: Sequence[Point], colour: RGB,
          width: int) -> None:
    if len(pts) < 2:
        return
    px = _ring(view, pts)
    if width <= 1:
        pygame.draw.aalines(surface, colour, False, px)
    else:
        pygame.draw.lines(surface, colour, False, px, width)


def draw_background(surface: pygame.Surface, view: View, bg: Background | None) -> None:
    """Sea everywhere (within the background's extent; beyond it, where the background has
    nothing to show, a plain frame), then the lands around the board (their coasts drawn,
    not the lines where two of them meet) and its own land."""
    if bg is None:
        surface.fill(SEA)
        return
    extent = bg.extent()
    if extent is not None:
        surface.fill(OFF_MAP)
        (ax, ay), (bx, by) = view.px(extent[0], extent[1]), view.px(extent[2], extent[3])
        surface.fill(SEA, pygame.Rect(math.floor(ax), math.floor(ay), math.ceil(bx - ax) + 1,
                                      math.ceil(by - ay) + 1))
    else:
        surface.fill(SEA)
    # the lands around: their outlines first, then every one filled over them, so that only
    # the coast shows (not the straight edges where two pieces of geodata meet)
    for rings in bg.context:
        pygame.draw.lines(surface, CONTEXT_EDGE, True, _ring(view, rings[0]), 2)
    for rings in bg.context:
        _fill_polygon(surface, view, rings, CONTEXT, SEA)
    for rings in bg.land:
        _fill_polygon(surface, view, rings, LAND, SEA)
        for ring in rings:
            pygame.draw.aalines(surface, COAST, True, _ring(view, ring))


def _sizes(view: View, board: Board) -> tuple[float, int, int, int]:
    """The hex's corner distance in pixels and the font sizes for cities, numbers, towns."""
    rad = board.grid.spacing_km / math.sqrt(3.0) * view.scale
    return rad, max(9, round(rad * 0.34)), max(9, round(rad * 0.42)), max(8, round(rad * 0.3))


def draw_map(surface: pygame.Surface, view: View, board: Board,
             background: Background | None = None, *, labels: bool = True) -> None:
    """The whole map on ``surface`` as ``view`` places it: background (sea, the lands around,
    the coast), sea hexes, land hexes (terrain, hill and river marks, towns) with the rivers
    and lakes over them, borders, cities, impassable sides and (with ``labels``) the names
    and printed numbers. A coast hex is a whole hex (S-B1): the coast shows beside it."""
    draw_background(surface, view, background)
    rad, city_size, number_size, town_size = _sizes(view, board)
    edge_w = max(1, round(rad / 40))
    for q, r in board.sea:
        pygame.draw.aalines(surface, SEA_HEX_EDGE, True, _ring(view, hex_corners(board, q, r)))
    # each hex's corners on the surface, worked out once
    hex_rings = [_ring(view, hex_corners(board, info.q, info.r)) for info in board.hexes]
    for info in board.hexes:
        if info.index in board.city_at:
            continue
        pygame.draw.polygon(surface, HILL if info.terrain is Terrain.HILL else PLAIN,
                            hex_rings[info.index])
    if background is not None:
        for rings in background.lakes:
            _fill_polygon(surface, view, rings, LAKE, LAKE)
        for pts in background.rivers:
            _line(surface, view, pts, RIVER, max(1, round(rad / 22)))
    for info in board.hexes:
        pygame.draw.polygon(surface, HEX_EDGE, hex_rings[info.index], edge_w)
        centre = view.px(*board.grid.layout().to_xy(info.q, info.r))
        if info.index in board.city_at:
            continue
        if info.terrain is Terrain.HILL:
            _hill_mark(surface, centre, rad)
        if info.river:
            _river_mark(surface, centre, rad, below_name=info.town)
        if info.town:
            _town_mark(surface, centre, rad)
    if background is not None:
        for pts in background.borders:
            _dashed(surface, view, pts, BORDER, max(1, round(rad / 18)), rad * 0.18)
    for city in board.cities:
        pts = hex_rings[city.hex]
        pygame.draw.polygon(surface, CITY[city.colour], pts)
        pygame.draw.polygon(surface, INK, pts, max(1, edge_w))
    _walls(surface, view, board, max(3, round(rad / 9)))
    if labels:
        draw_labels(surface, view, board, city_size, number_size, town_size)


def _hill_mark(surface: pygame.Surface, c: Point, rad: float) -> None:
    """Two small peaks above the centre."""
    s = rad * 0.2
    for dx, h in ((-0.55, 1.0), (0.45, 0.8)):
        x0 = c[0] + dx * rad - s
        y0 = c[1] - rad * 0.35
        pygame.draw.lines(surface, HILL_MARK, False, [(x0, y0), (x0 + s, y0 - s * h * 1.3),
                                                      (x0 + 2 * s, y0)], max(1, round(rad / 20)))


def _river_mark(surface: pygame.Surface, c: Point, rad: float, below_name: bool = False
                ) -> None:
    """A short wave below the centre (below a town's name): the hex has a river (S-B3, +$1
    to lay a tile)."""
    w = rad * (0.55 if below_name else 0.7)
    y = c[1] + rad * (0.74 if below_name else 0.55)
    pts = [(c[0] - w / 2 + w * i / 16, y + math.sin(i / 16 * 2 * math.pi * 1.5) * rad * 0.07)
           for i in range(17)]
    pygame.draw.lines(surface, RIVER, False, pts, max(2, round(rad / 14)))


def _town_mark(surface: pygame.Surface, c: Point, rad: float) -> None:
    r = max(3, round(rad * 0.2))
    pygame.draw.circle(surface, TOWN_FILL, (round(c[0]), round(c[1])), r)
    pygame.draw.circle(surface, INK, (round(c[0]), round(c[1])), r, max(2, round(rad / 16)))


def _dashed(surface: pygame.Surface, view: View, pts: Sequence[Point], colour: RGB, width: int,
            dash: float) -> None:
    px = _ring(view, pts)
    on, left = True, dash
    for a, b in zip(px, px[1:], strict=False):
        seg = math.dist(a, b)
        pos = 0.0
        while pos < seg:
            step = min(left, seg - pos)
            if on:
                t0, t1 = pos / seg, (pos + step) / seg
                pygame.draw.line(surface, colour, (a[0] + (b[0] - a[0]) * t0, a[1] + (b[1] - a[1]) * t0),
                                 (a[0] + (b[0] - a[0]) * t1, a[1] + (b[1] - a[1]) * t1), width)
            pos += step
            left -= step
            if left <= 1e-9:
                on, left = not on, dash


def _walls(surface: pygame.Surface, view: View, board: Board, width: int) -> None:
    """S-B4: every impassable side (facing the sea, no hex, or drawn between two hexes) as
    a thick black line, with round joins."""
    for info in board.hexes:
        for side in range(6):
            if not board.blocked[info.index][side]:
                continue
            n = board.nb[info.index][side]
            if n >= 0 and n < info.index:
                continue  # a side between two hexes is drawn once
            a, b = side_points(board, info.q, info.r, side)
            pa, pb = view.px(*a), view.px(*b)
            pygame.draw.line(surface, WALL, pa, pb, width)
            for p in (pa, pb):
                pygame.draw.circle(surface, WALL, (round(p[0]), round(p[1])), width // 2)


#: Towns are named from this hex size (corner distance in pixels); on a smaller map the
#: names would cover each other (the preview shows a town's name when it is hovered).
TOWN_NAMES_FROM = 24.0


def wrap(words: str, size: int, width: float) -> list[str]:
    """A name in one line, or in two split at the space that balances them best when one
    line is wider than ``width`` pixels (a town's name stays within its hex)."""
    f = font(size)
    parts = words.split(" ")
    if f.size(words)[0] <= width or len(parts) < 2:
        return [words]
    best: list[str] = [words]
    widest = math.inf
    for i in range(1, len(parts)):
        lines = [" ".join(parts[:i]), " ".join(parts[i:])]
        w = max(f.size(line)[0] for line in lines)
        if w < widest:
            best, widest = lines, w
    return best


def draw_labels(surface: pygame.Surface, view: View, board: Board, city_size: int,
                number_size: int, town_size: int) -> list[pygame.Rect]:
    """Town names under their circles (on hexes big enough, TOWN_NAMES_FROM); each city's
    printed number in a white disc and its name on a white band across the hex's lower
    half, smaller where it would touch another city's band. Returns the bands."""
    rad = board.grid.spacing_km / math.sqrt(3.0) * view.scale
    for h in board.towns if rad >= TOWN_NAMES_FROM else ():
        info = board.hexes[h]
        if not info.name:
            continue
        c = view.px(*board.grid.layout().to_xy(info.q, info.r))
        y = c[1] + rad * 0.22
        for line in wrap(info.name, town_size, rad * 1.6):
            y = text(surface, line, (c[0], y), town_size, anchor="midtop").bottom - 3
    bands: list[pygame.Rect] = []
    for city in board.cities:
        info = board.hexes[city.hex]
        c = view.px(*board.grid.layout().to_xy(info.q, info.r))
        disc = max(6, round(rad * 0.3))
        centre = (round(c[0]), round(c[1] - rad * 0.22))
        pygame.draw.circle(surface, HALO, centre, disc)
        pygame.draw.circle(surface, INK, centre, disc, max(1, round(rad / 30)))
        text(surface, str(city.number), centre, number_size, bold=True, halo=None)
        # a name that would touch a name drawn before it is written smaller (a small map)
        size = city_size
        while True:
            img = font(size, True).render(city.name, True, INK)
            band = img.get_rect(center=(round(c[0]), round(c[1] + rad * 0.38)))
            if size <= max(6, city_size * 2 // 3) or band.inflate(10, 2).collidelist(bands) < 0:
                break
            size -= 1
        bands.append(band.inflate(6, 0))
        pygame.draw.rect(surface, HALO, band.inflate(6, 0), border_radius=3)
        pygame.draw.rect(surface, INK, band.inflate(6, 0), 1, border_radius=3)
        surface.blit(img, band)
    return bands
