"""Steam's map on the game screen: the screen kit's camera (kilometres to the screen's
pixels, pan and zoom, between limits around the fitted map), the base map kept as a picture (redrawn only when the zoom or the window changes),
and the pieces drawn over it every frame: the tiles with each player's links in their ink
and pattern, the cubes on the cities, the pen's proposed tiles and a delivery's route."""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence

import pygame

from rail_app.games.steam.rules.board import COLOURS, Board
from rail_app.games.steam.rules.links import NOBODY
from rail_app.games.steam.rules.state import GameState
from rail_app.games.steam.rules.tiles import TOWN, Path, Tile, orient
from rail_app.games.steam.ui import maprender as mr
from rail_app.games.steam.ui import palette as pal
from rail_app.ui.kit.camera import Camera

Point = tuple[float, float]

#: Each seat's pattern along its ink (on, off lengths in pixels of a light line down the
#: middle; none for the first seat): players differ in shape as well as colour.
PATTERNS: tuple[tuple[float, float] | None, ...] = (
    None, (3.0, 5.0), (12.0, 6.0), (1.5, 3.0), (8.0, 3.0), (20.0, 4.0))
#: Past this many pixels the whole board is not kept as one picture.
WHOLE_BOARD_PIXELS = 14_000_000
#: Closer in, the window's part is kept with this many pixels around it.
MARGIN = 256


class MapView:
    """The map of one board on screen."""

    def __init__(self, board: Board, background: mr.Background | None) -> None:
        self.board = board
        self.background = background
        self.camera = Camera(pygame.Rect(0, 0, 100, 100))
        self.bounds = mr.board_bounds(board, board.grid.spacing_km * 0.3)
        self._base: pygame.Surface | None = None
        self._base_key: tuple[object, ...] = ()
        self._base_origin: Point = (0.0, 0.0)  # km at the picture's top left
        self._composed: pygame.Surface | None = None  # the base with the pieces drawn
        self._composed_key: tuple[object, ...] = ()
        self._pictures = 0  # counts the kept pictures made (the front's key)
        self._front: pygame.Surface | None = None  # what the map's rectangle shows
        self._front_key: tuple[object, ...] = ()
        self._front_at = (0, 0)  # where the kept picture lay on the front
        layout = board.grid.layout()
        self.centres: list[Point] = [layout.to_xy(h.q, h.r) for h in board.hexes]
        self.rad_km = board.grid.spacing_km / math.sqrt(3.0)
        self._mids: dict[tuple[int, int], Point] = {}

    # -- the camera ---------------------------------------------------------------------------
    def set_rect(self, rect: pygame.Rect) -> None:
        if rect != self.camera.rect:
            first = self.camera.rect.w == 100 and self.camera.rect.h == 100
            self.camera.rect = pygame.Rect(rect)
            if first:
                self.fit()

    def fit(self) -> None:
        self.camera.fit(self.bounds)

    def view(self) -> mr.View:
        """maprender's view for a surface whose origin is the screen's."""
        c = self.camera
        return mr.View(c.scale, c.ox - c.rect.x / c.scale, c.oy - c.rect.y / c.scale)

    def zoom_limits(self) -> tuple[float, float]:
        fit = self.camera.fit_scale(self.bounds)
        return fit * 0.7, fit * 6.0

    def zoom(self, factor: float, at: Point) -> None:
        lo, hi = self.zoom_limits()
        self.camera.zoom_by(factor, at, lo, hi)

    def hex_at(self, pos: Point) -> int | None:
        """The board hex under a screen point, or None."""
        if not self.camera.rect.collidepoint(pos):
            return None
        x, y = self.camera.to_km(*pos)
        q, r = self.board.grid.layout().nearest(x, y)
        from rail_app.core.hexgrid import key

        return self.board.hex_index(key(q, r))

    def centre_px(self, h: int) -> Point:
        return self.camera.to_screen(*self.centres[h])

    def rad_px(self) -> float:
        return self.rad_km * self.camera.scale

    def side_mid(self, h: int, side: int) -> Point:
        """The middle of a hex side, in km."""
        found = self._mids.get((h, side))
        if found is None:
            info = self.board.hexes[h]
            a, b = mr.side_points(self.board, info.q, info.r, side)
            found = self._mids[(h, side)] = ((a[0] + b[0]) / 2, (a[1] + b[1]) / 2)
        return found

    # -- the base map -------------------------------------------------------------------------
    def draw_base(self, surface: pygame.Surface,
                  pieces: Callable[[pygame.Surface], None] | None = None,
                  version: tuple[object, ...] = ()) -> None:
        """The map in the camera's rectangle: the terrain picture (drawn again only when
        the zoom changes) with ``pieces`` drawn over it (again only when ``version``
        changes), so that a frame while panning is one blit. The whole board is kept as
        one picture up to :data:`WHOLE_BOARD_PIXELS`; closer in, the window's part with
        :data:`MARGIN` pixels around it, drawn again when a pan leaves the margin."""
        c = self.camera
        x0, y0, x1, y1 = self.bounds
        # the picture reaches as far as the window can show around the board when zoomed
        # out, so that a frame never fills bare margins
        half_w = max((x1 - x0) / 2, c.rect.w / c.scale / 2 / 0.7)
        half_h = max((y1 - y0) / 2, c.rect.h / c.scale / 2 / 0.7)
        mx, my = (x0 + x1) / 2, (y0 + y1) / 2
        x0, x1, y0, y1 = mx - half_w, mx + half_w, my - half_h, my + half_h
        pad = self.board.grid.spacing_km * 3
        wx, wy = (x1 - x0 + 2 * pad) * c.scale, (y1 - y0 + 2 * pad) * c.scale
        key: tuple[object, ...]
        if wx * wy <= WHOLE_BOARD_PIXELS:
            key = (round(c.scale, 6), "whole")
            origin = (x0 - pad, y0 - pad)
            size = (max(1, int(wx) + 2), max(1, int(wy) + 2))
        else:
            key = (round(c.scale, 6), "window", c.rect.w, c.rect.h)
            origin = self._base_origin
            size = (c.rect.w + 2 * MARGIN, c.rect.h + 2 * MARGIN)
            if self._base is not None and key == self._base_key \
                    and not self._placed(self._base).contains(c.rect):
                self._base = None  # the pan left the margin: the window's part again
            if self._base is None or key != self._base_key:
                origin = (c.ox - MARGIN / c.scale, c.oy - MARGIN / c.scale)
        if self._base is None or key != self._base_key:
            pic = pygame.Surface(size)
            mr.draw_map(pic, mr.View(c.scale, *origin), self.board, self.background)
            self._base, self._base_key, self._base_origin = pic, key, origin
            self._composed = None
            self._pictures += 1
        origin = self._base_origin
        if pieces is not None and (self._composed is None
                                   or self._composed_key != (key, version)):
            composed = self._base.copy()
            screen_camera = self.camera
            self.camera = Camera(composed.get_rect(), c.scale, *origin)
            try:
                pieces(composed)
            finally:
                self.camera = screen_camera
            self._composed, self._composed_key = composed, (key, version)
            self._pictures += 1
        pic = self._composed if pieces is not None and self._composed is not None \
            else self._base
        self._show(surface, pic, (self._pictures, pieces is not None))

    def _placed(self, pic: pygame.Surface) -> pygame.Rect:
        """Where the kept picture lies on the screen now."""
        at = self.camera.to_screen(*self._base_origin)
        return pic.get_rect(topleft=(round(at[0]), round(at[1])))

    def _show(self, surface: pygame.Surface, pic: pygame.Surface, which: tuple[object, ...]
              ) -> None:
        """The kept picture in the map's rectangle, through the front: a picture of the
        rectangle's size that a pan scrolls, then fills the uncovered strips of from the
        kept picture. Blitting the whole front is one aligned run of memory that SDL
        copies with streaming stores; cutting the rectangle out of the larger picture at
        the pan's offset is a copy row by row from an unaligned address, twice as slow and
        more so on a busy machine, whose other work evicts the larger picture from the
        processor's cache. The front's pixels are the kept picture's at its rounded place
        (:meth:`_placed`), the map's off colour beyond it."""
        c = self.camera
        w, h = c.rect.size
        placed = self._placed(pic)
        at = (placed.x - c.rect.x, placed.y - c.rect.y)  # the picture's place on the front
        key = (which, c.rect.size)
        # four pixels wider than the map, rounded to four: rows start on 16 bytes, and a
        # scroll moves each row by itself (one overlapping move of the whole block, when
        # rows follow each other without a gap, is many times slower backwards)
        size = (-(-w // 4) * 4 + 4, h)
        front = self._front
        if front is None or front.get_size() != size:
            front = self._front = pygame.Surface(size)
            front.set_clip(pygame.Rect(0, 0, w, h))
            self._front_key = ()
        old = self._front_at
        dx, dy = at[0] - old[0], at[1] - old[1]
        if key != self._front_key or abs(dx) >= w or abs(dy) >= h:
            self._paint(front, pygame.Rect(0, 0, w, h), pic, at)
        elif dx or dy:
            front.scroll(dx, dy)
            if dx:
                self._paint(front, pygame.Rect(0 if dx > 0 else w + dx, 0, abs(dx), h), pic, at)
            if dy:
                self._paint(front, pygame.Rect(0, 0 if dy > 0 else h + dy, w, abs(dy)), pic, at)
        self._front_key, self._front_at = key, at
        surface.blit(front, c.rect.topleft, pygame.Rect(0, 0, w, h))

    @staticmethod
    def _paint(front: pygame.Surface, region: pygame.Rect, pic: pygame.Surface,
               at: tuple[int, int]) -> None:
        """``region`` of the front from the kept picture placed ``at``, the map's off colour
        where the picture does not reach."""
        covered = region.clip(pic.get_rect(topleft=at))
        if covered != region:  # the part of the window the board leaves
            front.fill(pal.OFF_MAP, region)
        if covered.w > 0 and covered.h > 0:
            front.blit(pic, covered.topleft, covered.move(-at[0], -at[1]))

    # -- the pieces ---------------------------------------------------------------------------
    def path_points(self, h: int, path: Path) -> list[Point]:
        """A path across a hex, in screen pixels: a curve from side to side through the
        middle, or a spoke from a side to the town."""
        c = self.centres[h]
        a, b = path
        pa = self.side_mid(h, a)
        if b == TOWN:
            pts_km = [pa, c]
        else:
            pb = self.side_mid(h, b)
            pts_km = []
            for i in range(9):
                t = i / 8
                x = (1 - t) ** 2 * pa[0] + 2 * (1 - t) * t * c[0] + t * t * pb[0]
                y = (1 - t) ** 2 * pa[1] + 2 * (1 - t) * t * c[1] + t * t * pb[1]
                pts_km.append((x, y))
        return [self.camera.to_screen(x, y) for x, y in pts_km]

    def draw_path(self, surface: pygame.Surface, h: int, path: Path, ink: pal.RGB,
                  seat: int, width: int, faint: bool = False) -> None:
        pts = self.path_points(h, path)
        pygame.draw.lines(surface, pal.TRACK_BED, False, pts, width + 2)
        pygame.draw.lines(surface, ink, False, pts, width)
        for p in (pts[0], pts[-1]):
            pygame.draw.circle(surface, ink, (round(p[0]), round(p[1])), max(1, width // 2))
        pattern = PATTERNS[seat % len(PATTERNS)] if seat >= 0 else (2.0, 2.0)
        if pattern is not None and width >= 4:
            dashed(surface, pts, pal.HOVER, max(1, width // 4), pattern)
        if faint:
            dashed(surface, pts, pal.CARD, max(1, width // 2), (2.0, 4.0))
        if path[1] == TOWN:
            end = pts[-1]
            r = max(3, round(self.rad_px() * 0.2))
            pygame.draw.circle(surface, pal.TOWN_FILL, (round(end[0]), round(end[1])), r)
            pygame.draw.circle(surface, pal.INK, (round(end[0]), round(end[1])), r,
                               max(2, round(r / 3)))

    def draw_track(self, surface: pygame.Surface, state: GameState, inks: Sequence[pal.RGB],
                   highlight: frozenset[int] = frozenset()) -> None:
        """Every tile on the map, its paths in the ink of their link's controller; links
        still incomplete drawn faint; the links of ``highlight`` marked."""
        rad = self.rad_px()
        width = max(2, round(rad * 0.16))
        idx = state.links()
        area = self.camera.rect.inflate(rad * 2, rad * 2)
        for lid in highlight:  # a delivery's route: a glow under its links
            for h, path in idx.links[lid].paths:
                pts = self.path_points(h, path)
                pygame.draw.lines(surface, pal.ROUTE, False, pts, width * 3)
                for p in (pts[0], pts[-1]):
                    pygame.draw.circle(surface, pal.ROUTE, (round(p[0]), round(p[1])),
                                       width * 3 // 2)
        for h, tile in state.tiles.items():
            cx, cy = self.centre_px(h)
            if not area.collidepoint(cx, cy):
                continue
            for path in tile.paths:
                link = idx.link_of(h, path)
                owner = link.owner
                ink = inks[owner] if 0 <= owner < len(inks) else pal.NOBODY
                self.draw_path(surface, h, path, ink, owner, width, faint=not link.complete)

    def draw_tile_ghost(self, surface: pygame.Surface, h: int, face: str, rotation: int,
                        ink: pal.RGB, seat: int, old: Tile | None) -> None:
        """A tile the pen proposes: the hex ringed, its new paths in the player's ink."""
        o = orient(face, rotation)
        if o is None:
            return
        rad = self.rad_px()
        info = self.board.hexes[h]
        ring = [self.camera.to_screen(x, y) for x, y in mr.hex_corners(self.board, info.q, info.r)]
        pygame.draw.polygon(surface, pal.GHOST_OK, ring, max(2, round(rad / 12)))
        width = max(2, round(rad * 0.16))
        for path in o.paths:
            if old is not None and path in old.paths:
                continue
            self.draw_path(surface, h, path, ink, seat, width)

    def draw_refused(self, surface: pygame.Surface, h: int) -> None:
        rad = self.rad_px()
        info = self.board.hexes[h]
        ring = [self.camera.to_screen(x, y) for x, y in mr.hex_corners(self.board, info.q, info.r)]
        pygame.draw.polygon(surface, pal.GHOST_BAD, ring, max(2, round(rad / 10)))
        cx, cy = self.centre_px(h)
        r = max(5.0, rad * 0.3)
        pygame.draw.line(surface, pal.GHOST_BAD, (cx - r, cy - r), (cx + r, cy + r),
                         max(3, round(rad / 8)))
        pygame.draw.line(surface, pal.GHOST_BAD, (cx - r, cy + r), (cx + r, cy - r),
                         max(3, round(rad / 8)))

    def draw_cubes(self, surface: pygame.Surface, state: GameState) -> None:
        """The goods cubes on each city, above its name, at least CUBE_MIN_PX wide whatever
        the scale (rows of three may overhang the hex); New Cities in their colour."""
        rad = self.rad_px()
        for h, colour in state.new_cities.items():
            info = self.board.hexes[h]
            ring = [self.camera.to_screen(x, y) for x, y in mr.hex_corners(self.board, info.q, info.r)]
            pygame.draw.polygon(surface, pal.CITY[colour], ring)
            pygame.draw.polygon(surface, pal.INK, ring, 2)
            cx, cy = self.centre_px(h)
            mr.text(surface, info.name, (cx, cy + rad * 0.45), max(9, round(rad * 0.3)),
                    bold=True)
        for city in self.board.cities:  # the printed number is the set-up's: cubes now
            cx, cy = self.centre_px(city.hex)
            pygame.draw.circle(surface, pal.CITY[city.colour],
                               (round(cx), round(cy - rad * 0.22)), max(7, round(rad * 0.3)) + 2)
        for h, cubes in state.cubes.items():
            cols = [c for c in COLOURS for _ in range(cubes[COLOURS.index(c)])]
            for colour, box in zip(cols, cube_boxes(self.centre_px(h), rad, len(cols)),
                                   strict=True):
                pygame.draw.rect(surface, pal.CUBE[colour], box)
                pygame.draw.rect(surface, pal.CUBE_EDGE, box, 1)

    def draw_hover(self, surface: pygame.Surface, h: int) -> None:
        info = self.board.hexes[h]
        ring = [self.camera.to_screen(x, y) for x, y in mr.hex_corners(self.board, info.q, info.r)]
        pygame.draw.polygon(surface, pal.HOVER, ring, 2)


def dashed(surface: pygame.Surface, pts: Sequence[Point], colour: pal.RGB, width: int,
           pattern: tuple[float, float]) -> None:
    """A dashed line along ``pts`` (on, off lengths in pixels)."""
    on_len, off_len = pattern
    on, left = True, on_len
    for a, b in zip(pts, pts[1:], strict=False):
        seg = math.dist(a, b)
        pos = 0.0
        while pos < seg - 1e-9:
            step = min(left, seg - pos)
            if on:
                t0, t1 = pos / seg, (pos + step) / seg
                pygame.draw.line(surface, colour,
                                 (a[0] + (b[0] - a[0]) * t0, a[1] + (b[1] - a[1]) * t0),
                                 (a[0] + (b[0] - a[0]) * t1, a[1] + (b[1] - a[1]) * t1), width)
            pos += step
            left -= step
            if left <= 1e-9:
                on = not on
                left = on_len if on else off_len


#: A goods cube's least width on screen: a player tells its colour at a glance.
CUBE_MIN_PX = 8


def cube_boxes(centre: tuple[float, float], rad: float, count: int) -> list[pygame.Rect]:
    """Where ``count`` cubes stand on a city whose hex has a corner distance of ``rad``
    pixels: rows of three (four once a hex is wide enough to hold them) standing on a line
    just above the city's centre, clear of its name, each CUBE_MIN_PX wide or half the
    hex's radius."""
    size = max(CUBE_MIN_PX, round(rad * 0.48))
    gap = 1 if size < 10 else 2
    per_row = 4 if 4 * (size + gap) <= rad * 1.7 else 3
    rows = (count + per_row - 1) // per_row
    cx, cy = centre
    y = cy - rad * 0.2 - rows * (size + gap) + gap  # the last row's foot clear of the name
    boxes: list[pygame.Rect] = []
    for r in range(rows):
        n = min(per_row, count - r * per_row)
        x = cx - (n * (size + gap) - gap) / 2
        for _ in range(n):
            boxes.append(pygame.Rect(round(x), round(y), size, size))
            x += size + gap
        y += size + gap
    return boxes


def owner_name(state: GameState, owner: int) -> str:
    return state.name(owner) if owner != NOBODY and 0 <= owner < state.seats else ""
