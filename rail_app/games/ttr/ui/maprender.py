"""Drawing a Ticket to Ride map with pygame: the background (sea, land, lakes, mountain
ranges, the seas' names), every route as its row of spaces in its colour (T-M1), tunnels
with dark outlines and ties (T-M2), ferries with their locomotive symbols (T-F1), the two
lanes of a double route side by side (T-M3), and the cities with their names.

The drawing is layer functions that take a surface, a :class:`View` (board millimetres to
pixels) and the board, so that the game screen can draw the map under the claimed wagons
at any pan and zoom; :func:`render_png` uses them to write a picture of a map
(``render-map``). Where each space lies is :func:`spaces` (the game screen draws wagons
there).
"""

from __future__ import annotations

import math
import os
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

import pygame

from rail_app.games.ttr.rules.background import Background, Shape
from rail_app.games.ttr.rules.board import Board, Colour, Route, RouteKind
from rail_app.games.ttr.ui.palette import (
    CITY_FILL,
    CITY_RING,
    COAST,
    HALO,
    INK,
    LAKE,
    LAND,
    LOCOMOTIVE,
    LOCOMOTIVE_DISC,
    MARK,
    MOUNTAIN,
    MOUNTAIN_EDGE,
    ROUTE,
    SEA,
    SEA_NAME,
    SPACE_EDGE,
    TUNNEL_EDGE,
)
from rail_app.ui.fonts import font, haloed

Point = tuple[float, float]
RGB = tuple[int, int, int]

#: A city's disc (radius, mm) and the space left between it and a route's first space.
CITY_RADIUS = 3.8
CITY_GAP = 1.2
#: A space's width across the route (mm) and the gap between two spaces (mm, at most).
SPACE_WIDTH = 4.2
SPACE_GAP = 1.0


@dataclass(frozen=True)
class View:
    """Millimetres to pixels: a board point (x, y) is drawn at ((x - x0) * scale,
    (y - y0) * scale)."""

    scale: float  # pixels per mm
    x0: float
    y0: float

    def px(self, x: float, y: float) -> Point:
        return (x - self.x0) * self.scale, (y - self.y0) * self.scale

    def mm(self, px: float, py: float) -> Point:
        return px / self.scale + self.x0, py / self.scale + self.y0

    @staticmethod
    def fit(board: Board, width: int) -> tuple[View, int]:
        """The view of the whole board ``width`` pixels wide, and the height it needs."""
        scale = width / board.size[0]
        return View(scale, 0.0, 0.0), max(1, math.ceil(board.size[1] * scale))


# -- where the spaces are ---------------------------------------------------------------------


@dataclass(frozen=True)
class Space:
    """One space of a route on the board (mm): its two ends along the route's line."""

    start: Point
    end: Point

    @property
    def centre(self) -> Point:
        return ((self.start[0] + self.end[0]) / 2, (self.start[1] + self.end[1]) / 2)

    def corners(self, width: float = SPACE_WIDTH) -> list[Point]:
        """The four corners of the space's rectangle."""
        (ax, ay), (bx, by) = self.start, self.end
        d = math.hypot(bx - ax, by - ay) or 1.0
        nx, ny = -(by - ay) / d * width / 2, (bx - ax) / d * width / 2
        return [(ax + nx, ay + ny), (bx + nx, by + ny), (bx - nx, by - ny), (ax - nx, ay - ny)]


def _point_at(line: Sequence[Point], cumulative: Sequence[float], at: float) -> Point:
    for i in range(1, len(line)):
        if cumulative[i] >= at or i == len(line) - 1:
            seg = cumulative[i] - cumulative[i - 1] or 1.0
            t = min(1.0, max(0.0, (at - cumulative[i - 1]) / seg))
            (ax, ay), (bx, by) = line[i - 1], line[i]
            return (ax + (bx - ax) * t, ay + (by - ay) * t)
    return line[-1]


def spaces(route: Route) -> list[Space]:
    """The route's spaces along its drawn line, clear of the cities' discs."""
    line = route.line
    cumulative = [0.0]
    for i in range(1, len(line)):
        cumulative.append(cumulative[-1] + math.dist(line[i - 1], line[i]))
    total = cumulative[-1]
    trim = min(CITY_RADIUS + CITY_GAP, total / 4)
    usable = total - 2 * trim
    step = usable / route.length
    gap = min(SPACE_GAP, step * 0.15)
    return [Space(_point_at(line, cumulative, trim + i * step + gap / 2),
                  _point_at(line, cumulative, trim + (i + 1) * step - gap / 2))
            for i in range(route.length)]


# -- lettering ---------------------------------------------------------------------------------


def text(surface: pygame.Surface, words: str, at: Point, size: int, colour: RGB = INK, *,
         bold: bool = False, halo: RGB | None = HALO, anchor: str = "center") -> pygame.Rect:
    """Words at a point with a halo (the map's lettering); the rectangle drawn."""
    return haloed(surface, words, at, size, colour, halo, bold=bold, anchor=anchor)


# -- the background ------------------------------------------------------------------------------


def _pixels(view: View, pts: Sequence[Point]) -> list[Point]:
    s, x0, y0 = view.scale, view.x0, view.y0
    return [((x - x0) * s, (y - y0) * s) for x, y in pts]


def _shape(surface: pygame.Surface, view: View, shape: Shape, colour: RGB,
           hole: RGB | None = None, edge: RGB | None = None) -> None:
    outer = _pixels(view, shape.outer)
    if len(outer) >= 3:
        pygame.draw.polygon(surface, colour, outer)
        if edge is not None:
            pygame.draw.aalines(surface, edge, True, outer)
    if hole is not None:
        for ring in shape.holes:
            pts = _pixels(view, ring)
            if len(pts) >= 3:
                pygame.draw.polygon(surface, hole, pts)


def draw_background(surface: pygame.Surface, view: View, bg: Background | None) -> None:
    """Sea, land, lakes, the mountain ranges (half see-through) and the seas' names."""
    surface.fill(SEA)
    if bg is None:
        return
    for shape in bg.land:
        _shape(surface, view, shape, LAND, SEA, COAST)
    for shape in bg.lakes:
        _shape(surface, view, shape, LAKE, LAND, COAST)
    layer = pygame.Surface(surface.get_size(), pygame.SRCALPHA)
    for shape in bg.ranges:
        outer = _pixels(view, shape.outer)
        if len(outer) >= 3:
            pygame.draw.polygon(layer, (*MOUNTAIN, 110), outer)
            pygame.draw.polygon(layer, (*MOUNTAIN_EDGE, 150), outer, 1)
    surface.blit(layer, (0, 0))


def draw_sea_names(surface: pygame.Surface, view: View, bg: Background | None,
                   avoid: list[pygame.Rect], size: int) -> None:
    """The names of the larger seas, where they clear the cities and routes."""
    if bg is None:
        return
    from shapely.geometry import Polygon

    seas = []
    for shape in bg.seas:
        poly = Polygon(shape.outer, shape.holes).buffer(0)
        if not poly.is_empty and poly.area > 1500:  # mm²: the seas a name fits in
            seas.append((poly.area, shape.name, poly.representative_point().coords[0]))
    for _, name, (x, y) in sorted(seas, reverse=True)[:14]:
        at = view.px(x, y)
        img = font(size).render(name, True, SEA_NAME)
        rect = img.get_rect(center=(round(at[0]), round(at[1])))
        if rect.collidelist(avoid) < 0 and surface.get_rect().contains(rect):
            surface.blit(img, rect)
            avoid.append(rect)


# -- the routes -----------------------------------------------------------------------------------


def _mark(surface: pygame.Surface, colour: Colour, centre: Point, along: Point,
          size: float) -> None:
    """The colour's own mark in the middle of a space (D-3: colours also told apart by a
    mark, for colour-blind players)."""
    ink = MARK[colour]
    cx, cy = centre
    ux, uy = along
    nx, ny = -uy, ux
    r = max(1.0, size * 0.22)
    w = max(1, round(size * 0.12))

    def seg(a: float, b: float, c: float, d: float) -> None:
        pygame.draw.line(surface, ink, (cx + ux * a + nx * b, cy + uy * a + ny * b),
                         (cx + ux * c + nx * d, cy + uy * c + ny * d), w)

    if colour is Colour.PURPLE:
        pygame.draw.circle(surface, ink, (round(cx), round(cy)), max(1, round(r * 0.7)))
    elif colour is Colour.BLUE:
        seg(0, -r, 0, r)
    elif colour is Colour.ORANGE:
        for k in (-1, 1):
            pygame.draw.circle(surface, ink, (round(cx + ux * r * k), round(cy + uy * r * k)),
                               max(1, round(r * 0.45)))
    elif colour is Colour.GREEN:
        seg(0, -r, 0, r)
        seg(-r, 0, r, 0)
    elif colour is Colour.YELLOW:
        seg(-r * 0.5, -r, -r * 0.5, r)
        seg(r * 0.5, -r, r * 0.5, r)
    elif colour is Colour.BLACK:
        pygame.draw.circle(surface, ink, (round(cx), round(cy)), max(1, round(r * 0.7)), w)
    elif colour is Colour.RED:
        seg(-r, -r, r, r)
        seg(-r, r, r, -r)
    elif colour is Colour.WHITE:
        seg(-r, 0, r, 0)


def _locomotive(surface: pygame.Surface, centre: Point, along: Point, size: float) -> None:
    """A ferry's locomotive symbol (T-F1): a small engine, cab behind and chimney in front,
    on a white disc across the space."""
    cx, cy = centre
    radius = max(3, round(size * 0.62))
    pygame.draw.circle(surface, LOCOMOTIVE_DISC, (round(cx), round(cy)), radius)
    pygame.draw.circle(surface, LOCOMOTIVE, (round(cx), round(cy)), radius, 1)
    s = size * 0.3
    ux, uy = along
    if uy > 0 or (uy == 0 and ux < 0):  # upright whichever way the route runs
        ux, uy = -ux, -uy
    nx, ny = uy, -ux  # "up" on the screen side of the route

    def p(a: float, b: float) -> Point:
        return (cx + ux * a * s - nx * b * s, cy + uy * a * s - ny * b * s)

    boiler = [p(-0.4, 0.0), p(1.2, 0.0), p(1.2, 0.75), p(-0.4, 0.75)]
    cab = [p(-1.3, 0.0), p(-0.4, 0.0), p(-0.4, 1.25), p(-1.3, 1.25)]
    chimney = [p(0.7, 0.75), p(1.05, 0.75), p(1.05, 1.2), p(0.7, 1.2)]
    for part in (boiler, cab, chimney):
        pygame.draw.polygon(surface, LOCOMOTIVE, part)
    for a in (-0.85, 0.0, 0.8):
        q = p(a, -0.35)
        pygame.draw.circle(surface, LOCOMOTIVE, (round(q[0]), round(q[1])), max(1, round(s * 0.38)))


def draw_route(surface: pygame.Surface, view: View, route: Route, *,
               fill: RGB | None = None) -> None:
    """One route's spaces: in its colour (or ``fill``), with its colour's mark, a tunnel's
    dark outline and ties, a ferry's locomotive symbols on its first spaces."""
    colour = ROUTE[route.colour] if fill is None else fill
    scale = view.scale
    tunnel = route.kind is RouteKind.TUNNEL
    for i, space in enumerate(spaces(route)):
        corners = _pixels(view, space.corners())
        pygame.draw.polygon(surface, colour, corners)
        edge_w = max(2, round(scale * 0.55)) if tunnel else 1
        pygame.draw.polygon(surface, TUNNEL_EDGE if tunnel else SPACE_EDGE, corners, edge_w)
        (ax, ay), (bx, by) = _pixels(view, (space.start, space.end))
        d = math.hypot(bx - ax, by - ay) or 1.0
        along = ((bx - ax) / d, (by - ay) / d)
        centre = ((ax + bx) / 2, (ay + by) / 2)
        if tunnel:  # ties across both ends, outside the space
            nx, ny = -along[1], along[0]
            reach = SPACE_WIDTH * scale * 0.85
            for ex, ey in ((ax, ay), (bx, by)):
                pygame.draw.line(surface, TUNNEL_EDGE, (ex - nx * reach, ey - ny * reach),
                                 (ex + nx * reach, ey + ny * reach), max(1, round(scale * 0.3)))
        if route.kind is RouteKind.FERRY and i < route.locomotives:
            _locomotive(surface, centre, along, SPACE_WIDTH * scale)
        elif fill is None:
            _mark(surface, route.colour, centre, along, SPACE_WIDTH * scale)


def draw_routes(surface: pygame.Surface, view: View, board: Board) -> None:
    for route in board.routes:
        draw_route(surface, view, route)


# -- the cities ---------------------------------------------------------------------------------


def draw_cities(surface: pygame.Surface, view: View, board: Board, language: str,
                size: int) -> list[pygame.Rect]:
    """The cities' discs and names (in ``language``), each name where it overlaps no other
    name, disc or space if it can. Returns the rectangles of everything drawn."""
    scale = view.scale
    taken: list[pygame.Rect] = []
    for route in board.routes:
        for space in spaces(route):
            x, y = view.px(*space.centre)
            half = SPACE_WIDTH * scale * 0.6
            taken.append(pygame.Rect(round(x - half), round(y - half), round(2 * half),
                                     round(2 * half)))
    radius = max(3, round(CITY_RADIUS * scale))
    for city in board.cities:
        x, y = view.px(*city.at)
        pygame.draw.circle(surface, CITY_FILL, (round(x), round(y)), radius)
        pygame.draw.circle(surface, CITY_RING, (round(x), round(y)), radius,
                           max(2, round(scale * 0.7)))
        taken.append(pygame.Rect(round(x - radius), round(y - radius), 2 * radius, 2 * radius))
    bounds = surface.get_rect()
    names: list[pygame.Rect] = []
    for city in sorted(board.cities, key=lambda c: (c.at[1], c.at[0])):
        x, y = view.px(*city.at)
        words = city.display(language)
        w, h = font(size, True).size(words)
        off = radius + 2
        options = [("midleft", (x + off, y)), ("midright", (x - off, y)),
                   ("midbottom", (x, y - off)), ("midtop", (x, y + off)),
                   ("bottomleft", (x + off * 0.7, y - off * 0.7)),
                   ("topleft", (x + off * 0.7, y + off * 0.7)),
                   ("bottomright", (x - off * 0.7, y - off * 0.7)),
                   ("topright", (x - off * 0.7, y + off * 0.7))]
        best: tuple[int, str, Point] | None = None
        for anchor, at in options:
            rect = pygame.Rect(0, 0, w, h)
            setattr(rect, anchor, (round(at[0]), round(at[1])))
            cost = 100 * len(rect.collidelistall(names)) + 3 * len(rect.collidelistall(taken))
            cost += 0 if bounds.contains(rect) else 1000
            if best is None or cost < best[0]:
                best = (cost, anchor, at)
        assert best is not None
        rect = text(surface, words, best[2], size, bold=True, anchor=best[1])
        names.append(rect)
    return taken + names


# -- the whole picture --------------------------------------------------------------------------

LEGEND_ROWS: tuple[tuple[str, str], ...] = (
    ("colours", "Route colours (grey: any one colour)"),
    ("tunnel", "Tunnel"), ("ferry", "Ferry (a locomotive per symbol)"),
    ("double", "Double route"))


def legend_size(size: int) -> tuple[int, int]:
    """The key's width and height in pixels for a text size."""
    words = max(font(size).size(label)[0] for _, label in LEGEND_ROWS)
    return round(size * 7.5) + words, size * 2 * len(LEGEND_ROWS) + size


def draw_legend(surface: pygame.Surface, at: Point, size: int, scale: float) -> pygame.Rect:
    """A key to the map's marks: the route colours, a tunnel, a ferry, a double route."""
    x, y = at
    line = size * 2
    width, height = legend_size(size)
    box = pygame.Rect(round(x), round(y), width, height)
    pygame.draw.rect(surface, HALO, box, border_radius=6)
    pygame.draw.rect(surface, INK, box, 1, border_radius=6)
    sample_w = size * 5.5
    for i, (kind, label) in enumerate(LEGEND_ROWS):
        cy = y + size * 0.5 + line * i + line / 2
        x0 = x + size * 0.6
        if kind == "colours":
            step = sample_w / len(ROUTE)
            for j, colour in enumerate(ROUTE):
                r = pygame.Rect(round(x0 + j * step), round(cy - size * 0.45),
                                max(2, round(step - 1)), round(size * 0.9))
                pygame.draw.rect(surface, ROUTE[colour], r)
                pygame.draw.rect(surface, SPACE_EDGE, r, 1)
        else:
            mid_y = cy
            pts = [(x0, mid_y), (x0 + sample_w, mid_y)]
            mm = [((px - 0) / scale, (py - 0) / scale) for px, py in pts]
            view = View(scale, 0.0, 0.0)
            kinds = {"tunnel": (RouteKind.TUNNEL, 0, Colour.RED),
                     "ferry": (RouteKind.FERRY, 1, Colour.GREY),
                     "double": (RouteKind.ORDINARY, 0, Colour.BLUE)}
            kind_, locos, colour = kinds[kind]
            lanes = [0.0] if kind != "double" else [-SPACE_WIDTH * 0.6, SPACE_WIDTH * 0.6]
            for k, dy in enumerate(lanes):
                line_mm = tuple((px, py + dy) for px, py in mm)
                route = Route(0, 0, 1, colour if k == 0 else Colour.YELLOW, 2, kind_, locos,
                              None, line_mm)
                draw_route(surface, view, route)
        text(surface, label, (x0 + sample_w + size * 0.8, cy), size, anchor="midleft",
             halo=None)
    return box


def render_surface(board: Board, background: Background | None, width: int = 1600, *,
                   language: str = "en", legend: bool = True) -> pygame.Surface:
    """The whole board, ``width`` pixels wide, with its name and a key in the corners."""
    if not pygame.get_init():
        pygame.init()
    pygame.font.init()
    font.cache_clear()  # a picture made after an earlier pygame.quit(): its fonts are dead
    view, height = View.fit(board, width)
    surface = pygame.Surface((width, height))
    draw_background(surface, view, background)
    draw_routes(surface, view, board)
    size = max(10, round(view.scale * 4.4))
    avoid = draw_cities(surface, view, board, language, size)
    title = max(14, round(view.scale * 9))
    avoid.append(text(surface, board.name, (title * 0.8, title * 0.5), title, bold=True,
                      anchor="topleft"))
    if legend:
        key_size = max(10, round(view.scale * 4.2))
        w, h = legend_size(key_size)
        avoid.append(draw_legend(surface, (width - w - key_size, height - h - key_size),
                                 key_size, view.scale))
    if language == "en":  # the background names its seas in English only
        draw_sea_names(surface, view, background, avoid, max(9, round(view.scale * 3.6)))
    return surface


def render_png(board: Board, out: str | Path, width: int = 1600,
               background: Background | None = None, language: str = "en") -> tuple[int, int]:
    """Write a picture of ``board`` ``width`` pixels wide to ``out`` (a PNG, written whole
    or not at all) and return its size."""
    surface = render_surface(board, background, width, language=language)
    path = Path(out)
    tmp = path.with_name(f".{path.name}.tmp.png")
    try:
        pygame.image.save(surface, str(tmp))
        os.replace(tmp, path)
    finally:
        if tmp.exists():
            tmp.unlink()
    return surface.get_size()
