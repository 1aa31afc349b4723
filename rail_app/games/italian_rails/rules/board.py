"""The Board: dots, segments with their costs and crossings, cities, ferries (RULES.md §1).

A Board is built once from a map file and never changes during a game; the rules engine and
the AI ask it questions (what does this segment cost, is it forbidden and why, which dots
neighbour this one) and keep everything that changes in the game state.
"""

from __future__ import annotations

import math
import os
import uuid
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import networkx as nx
import numpy as np
import shapely

from rail_app.core import hexgrid, i18n
from rail_app.core.cache import BoundedCache
from rail_app.core.geometry import MapGeometry, Projection, load_geometry
from rail_app.core.guarded import MAX_DOTS, MAX_GRID_POINTS
from rail_app.core.i18n import N_, _, ngettext
from rail_app.core.mapfile import (
    LineIndex,
    MapError,
    MapProblem,
    read_yaml,
    schema_problems,
    suggest,
)
from rail_app.games.italian_rails.rules.maprules import Rules, map_schema, rules_from_data

#: How much of a segment (km) may lie over water before it counts as leaving the land (B3).
#: Coastlines are jagged at the map's scale; a sliver of sea is not "open sea".
WATER_TOLERANCE_FRACTION = 0.08
#: Less than this length (km) inside a lake or inlet is a graze, not a crossing (B2).
CROSSING_MIN_KM = 0.3

CITY_SIZES = ("small", "medium", "major")
BORDER_ADJECTIVES = {
    "CHE": "Swiss", "SWITZERLAND": "Swiss", "FRA": "French", "FRANCE": "French",
    "AUT": "Austrian", "AUSTRIA": "Austrian", "SVN": "Slovenian", "SLOVENIA": "Slovenian",
    "SMR": "San Marino", "SAN MARINO": "San Marino", "VAT": "Vatican", "VATICAN": "Vatican",
}


@dataclass(frozen=True)
class Crossing:
    """Water a segment crosses (B2): a river, a lake, a sea inlet, or a bridgeable strait."""

    kind: str
    name: str
    system: str = ""


@dataclass(frozen=True)
class Dot:
    id: int
    q: int
    r: int
    key: str
    x: float
    y: float
    terrain: str  # plain | mountain | alpine | small | medium | major
    city: str | None
    coastal: bool


@dataclass(frozen=True)
class Edge:
    """A potential segment between two neighbouring dots (``a < b``)."""

    a: int
    b: int
    crossings: tuple[Crossing, ...]
    crossing_cost: int
    forbidden: str | None  # why nobody may build here (B3), or None
    free: bool  # inner track of a major city (B4)

    @property
    def key(self) -> tuple[int, int]:
        return (self.a, self.b)

    def other(self, d: int) -> int:
        return self.b if d == self.a else self.a

    def crosses(self, kind: str) -> bool:
        return any(c.kind == kind for c in self.crossings)


@dataclass(frozen=True)
class City:
    index: int
    name: str
    size: str
    commodity: str
    centre: int
    dots: tuple[int, ...]  # one dot, or the centre and six outer dots of a major city
    x: float
    y: float

    @property
    def major(self) -> bool:
        return self.size == "major"

    @property
    def outer(self) -> tuple[int, ...]:
        return self.dots[1:] if self.major else ()


@dataclass(frozen=True)
class Ferry:
    index: int
    name: str
    ports: tuple[int, int]
    high: int
    low: int
    sea: str

    def other_port(self, d: int) -> int:
        return self.ports[1] if d == self.ports[0] else self.ports[0]


@dataclass(frozen=True)
class Strait:
    """A bridgeable strait (B3): the ``index``-th entry of the map's ``straits:``."""

    index: int
    name: str
    a: int
    b: int


@dataclass(frozen=True)
class Volcano:
    name: str
    x: float
    y: float
    q: int
    r: int


COMPASS = (N_("east"), N_("south-east"), N_("south"), N_("south-west"), N_("west"),
           N_("north-west"), N_("north"), N_("north-east"))
#: The reasons a segment is forbidden (B3), for the catalog: shown with ``_()``.
FORBIDDEN_WORDS = (N_("crosses the Swiss border"), N_("crosses the French border"),
                   N_("crosses the Austrian border"), N_("crosses the Slovenian border"),
                   N_("crosses the San Marino border"), N_("crosses the Vatican border"),
                   N_("crosses the international border"), N_("runs over open sea"))


def compass(dx: float, dy: float) -> str:
    """The eight-point compass direction of a step (``dx`` east, ``dy`` south, in km)."""
    if dx == 0 and dy == 0:
        return "here"
    angle = math.degrees(math.atan2(dy, dx)) % 360.0  # 0 east, 90 south
    return COMPASS[round(angle / 45.0) % 8]


def edge_key(a: int, b: int) -> tuple[int, int]:
    return (a, b) if a < b else (b, a)


class Board:
    """Everything fixed about a map: see the module docstring."""

    def __init__(self) -> None:
        self.name = ""
        self.path: Path | None = None
        self.attribution: list[str] = []
        self.deck_file: Path | None = None
        self.geometry_file: Path | None = None  # the sibling GeoJSON file, if any
        self.deck_line: int | None = None  # where the map names its deck file
        self.rules = Rules()
        self.projection = Projection("plane")
        self.layout = hexgrid.Layout(1.0, "pointy", (0.0, 0.0))
        self.geometry = MapGeometry({})
        self.dots: list[Dot] = []
        self.index: dict[tuple[int, int], int] = {}
        self.dot_cost: list[int] = []
        self.edges: dict[tuple[int, int], Edge] = {}
        self.adj: list[list[int]] = []
        self.cities: dict[str, City] = {}
        self.city_list: list[City] = []
        self.city_of_dot: dict[int, City] = {}
        self.majors: list[City] = []
        self.major_of_dot: dict[int, City] = {}
        self.commodities: list[str] = []
        self.suppliers: dict[str, list[City]] = {}
        self.ferries: list[Ferry] = []
        self.ferries_at: dict[int, list[Ferry]] = {}
        self.volcanoes: list[Volcano] = []
        self.straits: list[Strait] = []
        self.coast: dict[str, frozenset[int]] = {}
        self.graph: Any = nx.Graph()
        #: Line numbers of the map file's keys, for messages naming the place (habit 11).
        self.lines = LineIndex()
        # place_name's answers (the board never changes), in each language spoken
        self._place_names: dict[tuple[int, int], str] = {}
        #: A value naming this board for caches: its files and their versions when it was
        #: read from them (a unique token otherwise), never its object's identity.
        self.stamp: tuple[object, ...] = ("board", uuid.uuid4().hex)

    # -- queries ---------------------------------------------------------------------------
    def dot(self, key: str) -> int:
        """The id of the dot written ``"q,r"``; KeyError if there is none."""
        q, r = hexgrid.parse_key(key)
        return self.index[(q, r)]

    def find_dot(self, key: object) -> int | None:
        """The id of the dot written ``"q,r"``, or None for anything that names no dot
        (actions come from files and people: a bad key is a refusal, not a crash)."""
        try:
            return self.dot(key) if isinstance(key, str) else None
        except (KeyError, ValueError):
            return None

    def dot_at(self, q: int, r: int) -> int | None:
        return self.index.get((q, r))

    def key(self, d: int) -> str:
        return self.dots[d].key

    def edge(self, a: int, b: int) -> Edge | None:
        return self.edges.get(edge_key(a, b))

    def ferry_between(self, a: int, b: int) -> Ferry | None:
        """The ferry sailing from port ``a`` to port ``b`` (B6), if there is one."""
        for f in self.ferries_at.get(a, ()):
            if f.other_port(a) == b:
                return f
        return None

    def iter_edges(self) -> Iterator[Edge]:
        return iter(self.edges.values())

    def build_cost(self, frm: int, to: int) -> int:
        """K6: the cost of the dot drawn *to* plus the crossings (B1, B2)."""
        e = self.edges[edge_key(frm, to)]
        if e.free:
            return 0
        return self.dot_cost[to] + e.crossing_cost

    def distance(self, a: int, b: int) -> int:
        """Grid steps between two dots (E8 counts dots as movement does)."""
        da, db = self.dots[a], self.dots[b]
        return hexgrid.distance((da.q, da.r), (db.q, db.r))

    def dots_within(self, q: int, r: int, radius: int) -> list[int]:
        """Dots at most ``radius`` steps from the grid point (q, r)."""
        out = []
        for dq in range(-radius, radius + 1):
            for dr in range(max(-radius, -dq - radius), min(radius, -dq + radius) + 1):
                d = self.index.get((q + dq, r + dr))
                if d is not None:
                    out.append(d)
        return out

    def nearest_dot(self, x: float, y: float) -> int | None:
        """The dot nearest a position in km, if one is within a spacing of it."""
        q, r = self.layout.nearest(x, y)
        best: int | None = None
        best_d = self.layout.spacing
        for qq, rr in [(q, r), *hexgrid.neighbours(q, r)]:
            d = self.index.get((qq, rr))
            if d is None:
                continue
            dist = math.hypot(self.dots[d].x - x, self.dots[d].y - y)
            if dist < best_d:
                best, best_d = d, dist
        return best

    def place_name(self, d: int) -> str:
        """A dot as players name it: the city there, or how many dots and which way it lies
        from the nearest city ("3 dots south-east of Bologna"). Grid keys are the engine's,
        never a player's words (UX.md "Words a player reads")."""
        key = (i18n.version(), d)
        name = self._place_names.get(key)
        if name is None:
            name = self._place_names[key] = self._name_place(d)
        return name

    def _name_place(self, d: int) -> str:
        city = self.city_of_dot.get(d)
        if city is not None:
            return city.name
        near = self.nearest_city(d)
        if near is None:
            return _("a dot with no city on the map")
        steps = min(self.distance(d, c) for c in near.dots)
        dot = self.dots[d]
        way = compass(dot.x - near.x, dot.y - near.y)
        return ngettext("{n} dot {way} of {city}", "{n} dots {way} of {city}", steps).format(
            n=steps, way=_(way), city=near.name)

    def nearest_city(self, d: int) -> City | None:
        """The city nearest dot ``d``: fewest grid steps to its centre (a major city's wide
        hexagon does not draw in dots nearer another city), then the shortest distance in
        km, then the larger city."""
        dot = self.dots[d]
        rank = {"major": 0, "medium": 1, "small": 2}
        return min(self.city_list, default=None, key=lambda c: (
            self.distance(d, c.centre),
            round(math.hypot(c.x - dot.x, c.y - dot.y), 3), rank.get(c.size, 3), c.index))

    def place_names(self, a: int, b: int) -> tuple[str, str]:
        """Two dots named as :meth:`place_name` does, but told apart when that names both
        alike: within one city, a dot off its centre is named by its edge ("the south-east
        edge of Roma"); elsewhere the second is named from the first ("the next dot
        east")."""
        na, nb = self.place_name(a), self.place_name(b)
        if na != nb or a == b:
            return na, nb
        city = self.city_of_dot.get(a)
        if city is not None and self.city_of_dot.get(b) is city:
            return self._in_city(a, city), self._in_city(b, city)
        da, db = self.dots[a], self.dots[b]
        way = _(compass(db.x - da.x, db.y - da.y))
        n = self.distance(a, b)
        if n == 1:
            return na, _("the next dot {way}").format(way=way)
        return na, ngettext("{n} dot further {way}", "{n} dots further {way}", n).format(
            n=n, way=way)

    def _in_city(self, d: int, city: City) -> str:
        if d == city.centre:
            return city.name
        dot = self.dots[d]
        return _("the {way} edge of {city}").format(
            way=_(compass(dot.x - city.x, dot.y - city.y)), city=city.name)

    def is_major_outer(self, d: int) -> bool:
        c = self.major_of_dot.get(d)
        return c is not None and d != c.centre

    def summary(self) -> dict[str, int]:
        forbidden = sum(1 for e in self.edges.values() if e.forbidden)
        rivers = {f.name for f in self.geometry.layer("river")}
        lakes = {f.name for f in self.geometry.layer("lake")} | {
            f.name for f in self.geometry.layer("inlet")}
        return {
            "cities": len(self.city_list),
            "major_cities": len(self.majors),
            "dots": len(self.dots),
            "segments": len(self.edges) - forbidden,
            "forbidden_segments": forbidden,
            "ferries": len(self.ferries),
            "rivers": len(rivers),
            "lakes": len(lakes),
            "commodities": len(self.commodities),
        }


# ---------------------------------------------------------------------------------------------
# Loading


_BOARDS: BoundedCache[tuple[str, int, int, int, int], Board] = BoundedCache(16)


def load_board(path: str | os.PathLike[str], *, use_cache: bool = True) -> Board:
    """Load and check a map file; raises MapError listing every problem.

    Boards are cached per file (and its GeoJSON) modification time, so a second load is free.
    """
    p = Path(path)
    stamp = _stamp(p)
    found = _BOARDS.peek(stamp) if use_cache else None
    if found is not None:
        return found
    board = _Builder(p, str(path)).build()
    if stamp[1] >= 0:
        board.stamp = stamp
        _BOARDS.put(stamp, board)
    return board


def _stamp(p: Path) -> tuple[str, int, int, int, int]:
    try:
        st = p.stat()
    except OSError:
        return (str(p), -1, -1, -1, -1)
    geo = -1
    geo_size = -1
    for sib in p.parent.glob("*.geojson"):
        try:
            s = sib.stat()
        except OSError:
            continue
        geo = max(geo, s.st_mtime_ns)
        geo_size += s.st_size
    return (str(p.resolve()), st.st_mtime_ns, st.st_size, geo, geo_size)


class _Builder:
    def __init__(self, path: Path, shown: str) -> None:
        self.path = path
        self.shown = shown
        self.problems: list[MapProblem] = []
        self.index = LineIndex()
        self.board = Board()

    def problem(self, where: tuple[str | int, ...], message: str) -> None:
        self.problems.append(MapProblem(self.shown, self.index.line_of(where), message))

    def fail_if_problems(self) -> None:
        if self.problems:
            raise MapError(self.problems)

    def build(self) -> Board:
        data, self.index = read_yaml(self.path, self.shown)
        if not isinstance(data, dict):
            raise MapError([MapProblem(self.shown, 1, "a map file is a mapping of keys "
                                       "(name, grid, cities...), not a list or a value")])
        self.problems.extend(schema_problems(data, map_schema(), self.index, self.shown))
        self.fail_if_problems()
        b = self.board
        b.name = data["name"]
        b.path = self.path
        b.lines = self.index
        b.attribution = list(data.get("attribution") or [])
        if data.get("deck"):
            b.deck_file = self.path.parent / data["deck"]
            b.deck_line = self.index.line_of(("deck",))
        if isinstance(data["geometry"], str):
            b.geometry_file = self.path.parent / data["geometry"]
        rules, probs = rules_from_data(data.get("rules"), self.index, self.shown)
        b.rules = rules
        self.problems.extend(probs)
        proj = data["projection"]
        if proj["type"] == "equirectangular":
            for k in ("lon0", "lat0"):
                if k not in proj:
                    self.problem(("projection",), f"projection: 'equirectangular' needs {k!r}")
            self.fail_if_problems()
            b.projection = Projection("equirectangular", proj["lon0"], proj["lat0"])
        grid = data["grid"]
        ox, oy = b.projection.forward(*grid["origin"])
        b.layout = hexgrid.Layout(float(grid["spacing_km"]), grid["orientation"], (ox, oy))
        geometry, probs = load_geometry(
            data["geometry"], self.path, self.shown, self.index, b.projection)
        self.problems.extend(probs)
        self.fail_if_problems()
        b.geometry = geometry
        self._commodities(data)
        self._dots(data)
        self.fail_if_problems()
        self._cities(data)
        self.fail_if_problems()
        self._finish_dots(data)
        self._edges(data)
        self._ferries(data)
        self._volcanoes(data)
        self._named_once(data)
        self.fail_if_problems()
        self._graph()
        return b

    # -- pieces ------------------------------------------------------------------------------
    def _commodities(self, data: dict[str, Any]) -> None:
        seen: set[str] = set()
        for i, c in enumerate(data["commodities"]):
            if c in seen:
                self.problem(("commodities", i), f"commodities[{i}]: duplicate commodity {c!r}")
            seen.add(c)
        self.board.commodities = list(data["commodities"])

    def _dots(self, data: dict[str, Any]) -> None:
        b = self.board
        geo = b.geometry
        land = geo.union("land")
        water = shapely.union_all([geo.union("lake"), geo.union("inlet")])
        shapely.prepare(land)
        shapely.prepare(water)
        self.land = land
        self.water_inland = water
        xmin, ymin, xmax, ymax = land.bounds
        qmin, qmax, rmin, rmax = b.layout.bounds_axial(xmin, ymin, xmax, ymax)
        self.land_points: set[tuple[int, int]] = set()
        spacing = b.layout.spacing
        estimate = land.area / (spacing * spacing * hexgrid.SQRT3 / 2.0)
        grid_points = (qmax - qmin + 1) * (rmax - rmin + 1)
        if estimate > MAX_DOTS or grid_points > MAX_GRID_POINTS:
            self.problem(("grid", "spacing_km"), self._too_many_dots(round(estimate)))
            return
        qgrid, rgrid = np.meshgrid(np.arange(qmin, qmax + 1), np.arange(rmin, rmax + 1))
        qs = qgrid.ravel()
        rs = rgrid.ravel()
        xs, ys = self._xy(qs, rs)
        inside = shapely.contains_xy(land, xs, ys) & ~shapely.contains_xy(water, xs, ys)
        self.land_points = {
            (int(q), int(r)) for q, r in zip(qs[inside], rs[inside], strict=True)}
        if len(self.land_points) > MAX_DOTS:
            self.problem(("grid", "spacing_km"), self._too_many_dots(len(self.land_points)))

    def _too_many_dots(self, dots: int) -> str:
        return (f"grid.spacing_km: {self.board.layout.spacing:g} km gives about {dots:,} dots "
                f"on this map's land; a map has at most {MAX_DOTS:,} (a larger spacing gives "
                "fewer dots)")

    def _xy(self, qs: np.ndarray, rs: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        lay = self.board.layout
        s = lay.spacing
        if lay.orientation == "pointy":
            return lay.ox + s * (qs + rs / 2.0), lay.oy + s * (hexgrid.SQRT3 / 2.0) * rs
        return lay.ox + s * (hexgrid.SQRT3 / 2.0) * qs, lay.oy + s * (rs + qs / 2.0)

    def _cities(self, data: dict[str, Any]) -> None:
        b = self.board
        lay = b.layout
        names: dict[str, int] = {}
        taken: dict[tuple[int, int], str] = {}
        self.city_points: list[tuple[int, int]] = []
        self.city_specs = data["cities"]
        for i, spec in enumerate(data["cities"]):
            name = spec["name"]
            where = ("cities", i)
            label = f"cities[{i}] {name!r}"
            if name in names:
                self.problem((*where, "name"), f"{label}: duplicate city name "
                             f"(also cities[{names[name]}])")
            names[name] = i
            if spec["commodity"] not in b.commodities:
                self.problem((*where, "commodity"), f"{label}: unknown commodity "
                             f"{spec['commodity']!r}{suggest(spec['commodity'], b.commodities)}")
            if "dot" in spec:
                q, r = hexgrid.parse_key(spec["dot"])
                if (q, r) not in self.land_points and spec["size"] != "major":
                    self.problem((*where, "dot"), f"{label}: dot {spec['dot']} is not on land")
                    self.city_points.append((q, r))
                    continue
            else:
                x, y = b.projection.forward(*spec["at"])
                q, r = lay.nearest(x, y)
                if (q, r) not in self.land_points:
                    best = None
                    best_d = 1e18
                    for qq, rr in hexgrid.neighbours(q, r):
                        if (qq, rr) in self.land_points:
                            px, py = lay.to_xy(qq, rr)
                            dd = math.hypot(px - x, py - y)
                            if dd < best_d:
                                best, best_d = (qq, rr), dd
                    if best is None or best_d > lay.spacing * 1.0:
                        where_txt = "in the sea" if not self.land.contains(
                            shapely.Point(x, y)) else "not on a land dot"
                        self.problem((*where, "at"), f"{label}: position "
                                     f"{spec['at'][0]}, {spec['at'][1]} is {where_txt} "
                                     f"(no land dot within {lay.spacing:g} km)")
                        self.city_points.append((q, r))
                        continue
                    q, r = best
            self.city_points.append((q, r))
            group = [(q, r)]
            if spec["size"] == "major":
                group += hexgrid.neighbours(q, r)
            for pt in group:
                if pt in taken:
                    other = taken[pt]
                    what = ("overlapping major cities" if spec["size"] == "major"
                            or other.endswith("(major)") else "two cities on one dot")
                    self.problem(where, f"{label}: {what}: dot {hexgrid.key(*pt)} is also "
                                 f"taken by {other.removesuffix(' (major)')!r}")
                    break
            for pt in group:
                taken.setdefault(pt, name + (" (major)" if spec["size"] == "major" else ""))
        self.taken = taken

    def _finish_dots(self, data: dict[str, Any]) -> None:
        """Create the dots (land points plus every major city's seven dots) and cities."""
        b = self.board
        points = set(self.land_points) | set(self.taken)
        ordered = sorted(points, key=lambda p: (p[1], p[0]))
        # terrain from regions, then per-dot overrides, then cities
        qs = np.array([p[0] for p in ordered])
        rs = np.array([p[1] for p in ordered])
        xs, ys = self._xy(qs, rs)
        terrain = np.array(["plain"] * len(ordered), dtype=object)
        for level in ("mountain", "alpine"):
            polys = [f.geom for f in b.geometry.layer("terrain") if f.props.get("terrain") == level]
            if polys:
                region = shapely.union_all(polys)
                shapely.prepare(region)
                terrain[shapely.contains_xy(region, xs, ys)] = level
        overrides = data.get("terrain_overrides") or {}
        pos = {p: i for i, p in enumerate(ordered)}
        for k, t in overrides.items():
            pt = hexgrid.parse_key(k)
            if pt not in pos:
                self.problem(("terrain_overrides", k),
                             f"terrain_overrides: {k!r} is not a dot of this map")
                continue
            terrain[pos[pt]] = t
        city_at: dict[tuple[int, int], tuple[str, str]] = {}
        for spec, pt in zip(self.city_specs, self.city_points, strict=True):
            group = [pt] + (hexgrid.neighbours(*pt) if spec["size"] == "major" else [])
            for g in group:
                city_at[g] = (spec["name"], spec["size"])
        # coastal: a neighbouring grid point lies in the sea (not on land, not in a lake)
        nq = np.concatenate([qs + dq for dq, _ in hexgrid.DIRECTIONS])
        nr = np.concatenate([rs + dr for _, dr in hexgrid.DIRECTIONS])
        nx_, ny_ = self._xy(nq, nr)
        # sample halfway to the neighbour as well: a thin peninsula is still coastal
        hx = (nx_ + np.tile(xs, 6)) / 2.0
        hy = (ny_ + np.tile(ys, 6)) / 2.0
        wet = ~shapely.contains_xy(self.land, nx_, ny_) | ~shapely.contains_xy(self.land, hx, hy)
        wet_in_lake = shapely.contains_xy(self.water_inland, nx_, ny_)
        sea_pt = wet & ~wet_in_lake
        # Off the board is not always sea: beyond a border lies a neighbouring country.
        context = b.geometry.union("context")
        if not context.is_empty:
            shapely.prepare(context)
            sea_pt &= ~shapely.contains_xy(context, nx_, ny_)
        borders = [f.geom for f in b.geometry.layer("border")]
        idx_wet = np.nonzero(sea_pt)[0]
        if borders and len(idx_wet):
            spokes = shapely.linestrings(np.stack([
                np.column_stack([np.tile(xs, 6)[idx_wet], np.tile(ys, 6)[idx_wet]]),
                np.column_stack([nx_[idx_wet], ny_[idx_wet]]),
            ], axis=1))
            hit, _ = shapely.STRtree(borders).query(spokes, predicate="intersects")
            sea_pt[idx_wet[np.unique(hit)]] = False
        n = len(ordered)
        coastal = sea_pt.reshape(6, n).any(axis=0)
        seas = b.geometry.layer("sea")
        coast: dict[str, set[int]] = {f.name: set() for f in seas}
        if seas:
            tree = shapely.STRtree([f.geom for f in seas])
            idx = np.nonzero(sea_pt)[0]
            if len(idx):
                pts = shapely.points(nx_[idx], ny_[idx])
                nearest = tree.query_nearest(pts, return_distance=False, all_matches=False)
                for j, feat_i in zip(nearest[0], nearest[1], strict=True):
                    dot_i = int(idx[j] % n)
                    coast[seas[int(feat_i)].name].add(dot_i)
        b.coast = {k: frozenset(v) for k, v in coast.items()}
        tc = b.rules.terrain_costs
        for i, (q, r) in enumerate(ordered):
            here = city_at.get((q, r))
            t = here[1] if here else str(terrain[i])
            b.dots.append(Dot(i, q, r, hexgrid.key(q, r), float(xs[i]), float(ys[i]), t,
                              here[0] if here else None, bool(coastal[i])))
            b.index[(q, r)] = i
            b.dot_cost.append(tc[t])
        for i, (spec, pt) in enumerate(zip(self.city_specs, self.city_points, strict=True)):
            centre = b.index[pt]
            group = [pt] + (hexgrid.neighbours(*pt) if spec["size"] == "major" else [])
            x, y = b.dots[centre].x, b.dots[centre].y
            city = City(i, spec["name"], spec["size"], spec["commodity"], centre,
                        tuple(b.index[g] for g in group), x, y)
            b.cities[city.name] = city
            b.city_list.append(city)
            for d in city.dots:
                b.city_of_dot[d] = city
            if city.major:
                b.majors.append(city)
                for d in city.dots:
                    b.major_of_dot[d] = city
            b.suppliers.setdefault(city.commodity, []).append(city)

    def _edges(self, data: dict[str, Any]) -> None:
        b = self.board
        geo = b.geometry
        cc = b.rules.crossing_costs
        spacing = b.layout.spacing
        pairs: list[tuple[int, int]] = []
        for d in b.dots:
            for dq, dr in hexgrid.DIRECTIONS[:3]:
                o = b.index.get((d.q + dq, d.r + dr))
                if o is not None:
                    pairs.append(edge_key(d.id, o))
        b.adj = [[] for _ in b.dots]
        if not pairs:
            return
        coords = np.array([[[b.dots[a].x, b.dots[a].y], [b.dots[c].x, b.dots[c].y]]
                           for a, c in pairs])
        lines = shapely.linestrings(coords)
        n = len(pairs)
        forbidden: list[str | None] = [None] * n
        crossings: list[list[Crossing]] = [[] for _ in range(n)]
        # straits (B3 exception)
        strait_of: dict[tuple[int, int], str] = {}
        for i, st in enumerate(data.get("straits") or []):
            ends = []
            for end in ("from", "to"):
                x, y = b.projection.forward(*st[end])
                ends.append(b.nearest_dot(x, y))
            a, c = ends
            if a is None or c is None or a == c or edge_key(a, c) not in set(pairs):
                shown = [b.key(e) if e is not None else "none" for e in ends]
                self.problem(("straits", i), f"straits[{i}] {st['name']!r}: its ends snap to "
                             f"dots {shown[0]} and {shown[1]}, which are not neighbouring dots")
                continue
            strait_of[edge_key(a, c)] = st["name"]
            b.straits.append(Strait(i, st["name"], a, c))
        # borders
        borders = geo.layer("border")
        if borders:
            tree = shapely.STRtree([f.geom for f in borders])
            li, fi = tree.query(lines, predicate="intersects")
            for i, f in zip(li, fi, strict=True):
                forbidden[int(i)] = _border_reason(borders[int(f)].props)
        # open sea: the part of the line outside land, lakes and inlets
        allowed = shapely.union_all([self.land, self.water_inland])
        shapely.prepare(allowed)
        covered = shapely.covers(allowed, lines)
        tol = WATER_TOLERANCE_FRACTION * spacing
        for wet_i in np.nonzero(~covered)[0]:
            i = int(wet_i)
            if pairs[i] in strait_of:
                continue
            wet = shapely.length(shapely.difference(lines[i], allowed))
            if wet > tol and forbidden[i] is None:
                forbidden[i] = "runs over open sea"
        # rivers (river_crossings: a river winding over the whole map costs its
        # crossings, not the segments under it times its points)
        rivers = geo.layer("river")
        if rivers:
            named: set[tuple[int, str]] = set()  # (segment, river): each river once
            for i, f in river_crossings(coords, lines, [f.geom for f in rivers]):
                feat = rivers[f]
                if (i, feat.name) not in named:
                    named.add((i, feat.name))
                    crossings[i].append(Crossing("river", feat.name,
                                                 str(feat.props.get("system") or feat.name)))
        for layer in ("lake", "inlet"):
            feats = geo.layer(layer)
            if not feats:
                continue
            tree = shapely.STRtree([f.geom for f in feats])
            li, fi = tree.query(lines, predicate="intersects")
            for i, f in zip(li, fi, strict=True):
                feat = feats[int(f)]
                inside = shapely.length(shapely.intersection(lines[int(i)], feat.geom))
                if inside >= CROSSING_MIN_KM and all(
                        x.name != feat.name for x in crossings[int(i)]):
                    crossings[int(i)].append(Crossing(layer, feat.name))
        for k, name in strait_of.items():
            crossings[pairs.index(k)].append(Crossing("strait", name))
        for i, (a, c) in enumerate(pairs):
            ma, mb = b.major_of_dot.get(a), b.major_of_dot.get(c)
            free = ma is not None and ma is mb
            cr = tuple(sorted(crossings[i], key=lambda x: (x.kind, x.name)))
            cost = sum(cc[x.kind] for x in cr)
            if free:
                edge = Edge(a, c, (), 0, None, True)
            else:
                edge = Edge(a, c, cr, cost, forbidden[i], False)
            b.edges[(a, c)] = edge
            b.adj[a].append(c)
            b.adj[c].append(a)

    def _ferries(self, data: dict[str, Any]) -> None:
        b = self.board
        sea_names = {f.name for f in b.geometry.layer("sea")}
        for i, spec in enumerate(data.get("ferries") or []):
            label = f"ferries[{i}] {spec['name']!r}"
            high, low = spec["costs"]
            if high < low:
                self.problem(("ferries", i, "costs"), f"{label}: costs must be written "
                             f"[higher, lower], not [{high}, {low}]")
            sea = spec.get("sea", "")
            if sea and sea_names and sea not in sea_names:
                self.problem(("ferries", i, "sea"), f"{label}: unknown sea {sea!r}"
                             f"{suggest(sea, sea_names)}")
            raw = spec["ports"]
            anchors: list[tuple[float, float] | None] = []
            for port in raw:
                if "city" in port:
                    c = b.cities.get(port["city"])
                    anchors.append((c.x, c.y) if c else None)
                elif "at" in port:
                    anchors.append(b.projection.forward(*port["at"]))
                else:
                    q, r = hexgrid.parse_key(port["dot"])
                    anchors.append(b.layout.to_xy(q, r))
            ports: list[int] = []
            for j, port in enumerate(raw):
                where = ("ferries", i, "ports", j)
                other = anchors[1 - j]
                d: int | None
                if "city" in port:
                    c = b.cities.get(port["city"])
                    if c is None:
                        self.problem(where, f"{label}: port {j + 1}: unknown city "
                                     f"{port['city']!r}{suggest(port['city'], b.cities)}")
                        continue
                    cand = [x for x in c.dots if b.dots[x].coastal] or list(c.dots)
                    ox, oy = other if other else (c.x, c.y)
                    d = min(cand, key=lambda x: math.hypot(b.dots[x].x - ox, b.dots[x].y - oy))
                elif "at" in port:
                    d = b.nearest_dot(*b.projection.forward(*port["at"]))
                else:
                    d = b.dot_at(*hexgrid.parse_key(port["dot"]))
                if d is None:
                    self.problem(where, f"{label}: port {j + 1} is not at a dot of the map")
                    continue
                if not b.dots[d].coastal:
                    self.problem(where, f"{label}: port {j + 1} (dot {b.key(d)}) is not a port: "
                                 "it is not next to the sea")
                    continue
                ports.append(d)
            if len(ports) == 2:
                if ports[0] == ports[1]:
                    self.problem(("ferries", i), f"{label}: both ports are the same dot")
                    continue
                f = Ferry(i, spec["name"], (ports[0], ports[1]), high, low, sea)
                b.ferries.append(f)
                for p in ports:
                    b.ferries_at.setdefault(p, []).append(f)

    def _volcanoes(self, data: dict[str, Any]) -> None:
        b = self.board
        for spec in data.get("volcanoes") or []:
            x, y = b.projection.forward(*spec["at"])
            q, r = b.layout.nearest(x, y)
            b.volcanoes.append(Volcano(spec["name"], x, y, q, r))

    def _named_once(self, data: dict[str, Any]) -> None:
        """Ferries, straits and volcanoes each need a name of their own (players take and
        board a ferry by its name, eruption cards name a volcano): a name written twice is
        refused with both places."""
        why = {"ferries": "players take and board a ferry by its name",
               "straits": "players see a strait by its name",
               "volcanoes": "an eruption card names its volcano"}
        for key, what in (("ferries", "ferry"), ("straits", "strait"), ("volcanoes", "volcano")):
            first: dict[str, int] = {}
            for i, spec in enumerate(data.get(key) or []):
                name = spec["name"]
                if name not in first:
                    first[name] = i
                    continue
                j = first[name]
                line = self.index.line_of((key, j, "name"))
                self.problem((key, i, "name"), (
                    f"{key}[{i}] {name!r}: a second {what} named {name!r} (the first: "
                    f"{key}[{j}], {self.shown}:{line}); {why[key]}, so give each its own"))

    def _graph(self) -> None:
        b = self.board
        g = nx.Graph()
        for d in b.dots:
            g.add_node(d.id)
        for e in b.edges.values():
            if e.forbidden is None:
                g.add_edge(e.a, e.b, kind="track")
        for f in b.ferries:
            g.add_edge(f.ports[0], f.ports[1], kind="ferry", ferry=f.index)
        b.graph = g


def river_crossings(ends: np.ndarray, lines: np.ndarray, rivers: Sequence[Any]
                    ) -> list[tuple[int, int]]:
    """(segment, river) for each segment that crosses a river, in order: the segment's
    inside and the river's meet in points, not along a stretch (shapely's ``crosses``).
    ``ends`` holds each segment's two ends (``lines``: the same segments as shapes).

    Asked of each river's straight pieces: sign tests of the four ends decide a piece that
    the segment crosses cleanly or misses cleanly; a segment that touches a piece's end or
    runs along a piece (a sign too close to zero to trust) is asked of shapely for that
    river, as every pair was before. The answer is the same; the time is the crossings'
    and the touches', not the segments under a river's box times its points."""
    starts, stops, owner = _river_pieces(rivers)
    if not len(owner):
        return []
    tree = shapely.STRtree(shapely.linestrings(np.stack([starts, stops], axis=1)))
    seg, piece = tree.query(lines)  # the boxes that overlap
    if not len(seg):
        return []
    a, b = ends[seg, 0], ends[seg, 1]
    c, d = starts[piece], stops[piece]

    def orient(p: np.ndarray, q: np.ndarray, r: np.ndarray) -> np.ndarray:
        out: np.ndarray = (q[:, 0] - p[:, 0]) * (r[:, 1] - p[:, 1]) - \
            (q[:, 1] - p[:, 1]) * (r[:, 0] - p[:, 0])
        return out

    d1, d2, d3, d4 = orient(a, b, c), orient(a, b, d), orient(c, d, a), orient(c, d, b)
    # far beyond the rounding of four products of coordinates of this size
    size = np.max(np.abs(np.concatenate([a, b, c, d], axis=1)), axis=1) + 1.0
    tol = 1e-9 * size * size
    clear = (np.abs(d1) > tol) & (np.abs(d2) > tol) & (np.abs(d3) > tol) & (np.abs(d4) > tol)
    cross = clear & (d1 * d2 < 0) & (d3 * d4 < 0)
    # each (segment, river) pair as one number, so that the pairs are counted once and
    # put in order by numpy
    count = len(rivers)
    pair = seg.astype(np.int64) * count + owner[piece]
    unsure = np.unique(pair[~clear])
    found = np.setdiff1d(np.unique(pair[cross]), unsure, assume_unique=True)
    if len(unsure):
        shapes = np.array(list(rivers), dtype=object)
        yes = shapely.crosses(lines[unsure // count], shapes[unsure % count])
        found = np.union1d(found, unsure[yes])
    return list(zip((found // count).tolist(), (found % count).tolist(), strict=True))


def _river_pieces(rivers: Sequence[Any]) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Every straight piece of every river: its start, its end, and which river it is."""
    starts: list[np.ndarray] = []
    stops: list[np.ndarray] = []
    owner: list[np.ndarray] = []
    for k, river in enumerate(rivers):
        for part in shapely.get_parts(river):
            xy = shapely.get_coordinates(part)
            if len(xy) < 2:
                continue
            starts.append(xy[:-1])
            stops.append(xy[1:])
            owner.append(np.full(len(xy) - 1, k))
    if not owner:
        empty = np.zeros((0, 2))
        return empty, empty, np.zeros(0, dtype=int)
    return np.concatenate(starts), np.concatenate(stops), np.concatenate(owner)


def _border_reason(props: dict[str, Any]) -> str:
    text = " ".join(str(v) for v in props.values() if isinstance(v, str)).upper()
    for token, adjective in BORDER_ADJECTIVES.items():
        if token in text:
            return f"crosses the {adjective} border"
    name = props.get("name")
    return f"crosses the border ({name})" if name else "crosses the international border"
