"""The Ticket to Ride board as the rules see it: cities, routes, double routes and the two
ticket decks (T-M1-T-M3, T-M6, T-M9, T-M10).

Everything here is map data, read from a ``game: ttr`` map file by
:mod:`rail_app.games.ttr.rules.mapfile`; this module is pure (no pygame, no files) and its
objects are frozen. Inside the rules a city is an index into :attr:`Board.cities` and a route
(one lane of track, T-M3) an index into :attr:`Board.routes`; the tables a turn needs
(routes at a city, routes between two cities, the other lane of a double route, the
shortest distance in spaces between any two cities) are made once, when the board is made,
so that each query is a lookup.
"""

from __future__ import annotations

import heapq
import math
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from enum import StrEnum
from types import MappingProxyType
from typing import Final


class Colour(StrEnum):
    """D-3: the eight card and route colours, and grey, a route colour only (T-M1, T-M4)."""

    PURPLE = "purple"
    BLUE = "blue"
    ORANGE = "orange"
    WHITE = "white"
    GREEN = "green"
    YELLOW = "yellow"
    BLACK = "black"
    RED = "red"
    GREY = "grey"


#: The eight colours of train cards and coloured routes, in the rulebook's order (T-M4).
CARD_COLOURS: Final = tuple(c for c in Colour if c is not Colour.GREY)


class RouteKind(StrEnum):
    """T-M2: a route is ordinary, a ferry (T-F1) or a tunnel (T-T1), never both (D-36)."""

    ORDINARY = "ordinary"
    FERRY = "ferry"
    TUNNEL = "tunnel"


#: T-M9 (D-1): the points a route scores when claimed, by its length. A length missing here
#: (7, or more than 8) is not a route of any map.
ROUTE_POINTS: Final[Mapping[int, int]] = MappingProxyType(
    {1: 1, 2: 2, 3: 4, 4: 7, 5: 10, 6: 15, 8: 21})
LENGTHS: Final = tuple(sorted(ROUTE_POINTS))

#: The decks of a map (T-M6): 6 long tickets and 40 regular ones.
LONG_TICKETS: Final = 6
REGULAR_TICKETS: Final = 40

Point = tuple[float, float]


@dataclass(frozen=True)
class Projection:
    """How a real position (longitude, latitude in degrees) becomes a position on the board
    (millimetres, x to the east, y to the south, from the board's top left corner): a
    Lambert conformal conic projection on a sphere, scaled and shifted."""

    #: Central meridian and the parallel of the origin, in degrees.
    lon0: float
    lat0: float
    #: The two standard parallels, in degrees (where the scale is true).
    lat1: float
    lat2: float
    #: Millimetres on the board per kilometre on the ground.
    mm_per_km: float
    #: Where the point (lon0, lat0) lies on the board, in millimetres.
    origin: Point

    EARTH_KM = 6371.0

    def _constants(self) -> tuple[float, float, float]:
        p1, p2, p0 = (math.radians(v) for v in (self.lat1, self.lat2, self.lat0))
        if abs(p1 - p2) < 1e-9:
            n = math.sin(p1)
        else:
            n = (math.log(math.cos(p1) / math.cos(p2))
                 / math.log(math.tan(math.pi / 4 + p2 / 2) / math.tan(math.pi / 4 + p1 / 2)))
        f = math.cos(p1) * math.tan(math.pi / 4 + p1 / 2) ** n / n
        rho0 = self.EARTH_KM * f / math.tan(math.pi / 4 + p0 / 2) ** n
        return n, f, rho0

    def project(self, lon: float, lat: float) -> Point:
        """The board position (mm) of a real position (degrees)."""
        n, f, rho0 = self._constants()
        lat = max(-89.0, min(89.0, lat))
        rho = self.EARTH_KM * f / math.tan(math.pi / 4 + math.radians(lat) / 2) ** n
        theta = n * math.radians(lon - self.lon0)
        x_km = rho * math.sin(theta)
        y_km = rho0 - rho * math.cos(theta)
        return (self.origin[0] + x_km * self.mm_per_km, self.origin[1] - y_km * self.mm_per_km)

    def project_many(self, points: Iterable[Sequence[float]]) -> list[Point]:
        """:meth:`project` of many ``(lon, lat)`` points at once."""
        n, f, rho0 = self._constants()
        k = self.EARTH_KM * f
        out: list[Point] = []
        ox, oy, s = self.origin[0], self.origin[1], self.mm_per_km
        for p in points:
            lat = max(-89.0, min(89.0, float(p[1])))
            rho = k / math.tan(math.pi / 4 + math.radians(lat) / 2) ** n
            theta = n * math.radians(float(p[0]) - self.lon0)
            out.append((ox + rho * math.sin(theta) * s, oy - (rho0 - rho * math.cos(theta)) * s))
        return out


@dataclass(frozen=True)
class City:
    """A city of the map (T-M1)."""

    #: Its index in :attr:`Board.cities`.
    index: int
    #: Its name of about 1900, as the map file, actions and records name it ("Köln").
    name: str
    #: The names a player reads, in Spanish and in English ("Colonia", "Cologne").
    name_es: str
    name_en: str
    #: Its real position, WGS84 degrees.
    lon: float
    lat: float
    #: Where it is drawn on the board, in millimetres (x east, y south).
    at: Point
    #: The part of the map it belongs to (for the spread of colours and tickets).
    region: str

    def display(self, language: str) -> str:
        """The name a player reads in a language ("es" or "en"; any other: English)."""
        return self.name_es if language == "es" else self.name_en


@dataclass(frozen=True)
class Route:
    """One lane of track between two neighbouring cities (T-M1); a double route is two of
    these with the same :attr:`double` (T-M3)."""

    #: Its index in :attr:`Board.routes`.
    index: int
    #: The two cities it joins (indices), in the order of the map file.
    a: int
    b: int
    #: Its colour; grey is paid with any one colour (T-C3).
    colour: Colour
    #: Its number of spaces (one of :data:`LENGTHS`, T-M9).
    length: int
    #: Ordinary, ferry or tunnel (T-M2).
    kind: RouteKind
    #: A ferry's locomotive symbols (T-F1, T-F2); 0 for any other route.
    locomotives: int
    #: The name of its double pair, or None for a single route (T-M3, D-19).
    double: str | None
    #: The drawn line of its spaces on the board, from city ``a`` to city ``b`` (mm).
    line: tuple[Point, ...]

    @property
    def ends(self) -> tuple[int, int]:
        """Its two cities, the smaller index first (the city pair it belongs to)."""
        return (self.a, self.b) if self.a < self.b else (self.b, self.a)

    @property
    def points(self) -> int:
        """What claiming it scores (T-M9, T-C6)."""
        return ROUTE_POINTS[self.length]

    @property
    def is_ferry(self) -> bool:
        return self.kind is RouteKind.FERRY

    @property
    def is_tunnel(self) -> bool:
        return self.kind is RouteKind.TUNNEL

    def other(self, city: int) -> int:
        """The city at the other end from ``city``."""
        return self.b if city == self.a else self.a


@dataclass(frozen=True)
class DoublePair:
    """T-M3: two routes between the same two cities, drawn side by side, of one length."""

    #: Its name in the map file.
    name: str
    #: Its two routes (indices into :attr:`Board.routes`), in the map file's order.
    routes: tuple[int, int]


@dataclass(frozen=True)
class Ticket:
    """A destination ticket (T-M6): two cities and the points it is worth (D-33)."""

    #: Its index in :attr:`Board.tickets` (long tickets first, then the regular ones).
    index: int
    #: Its two cities (indices).
    a: int
    b: int
    #: Its value: the shortest path between its cities in spaces (D-33).
    value: int
    #: A long ticket (blue background) or a regular one.
    long: bool


@dataclass(frozen=True, eq=False)
class Board:
    """A whole map: what :func:`make_board` makes from checked data."""

    #: The map's name, as New game and the saves show it.
    name: str
    #: The file it was read from, as messages name it.
    shown: str
    #: Cities, routes and the two decks, in the map file's order.
    cities: tuple[City, ...]
    routes: tuple[Route, ...]
    doubles: tuple[DoublePair, ...]
    tickets: tuple[Ticket, ...]
    #: The board's size in millimetres (width, height).
    size: Point
    #: How real positions become board positions (for the background and the checks).
    projection: Projection
    #: The GeoJSON file beside the map that is drawn under the routes, or None.
    background: str | None = None
    #: The seed the map's generator used, or None for a map made by hand.
    seed: int | None = None
    #: A line about the map, and who made its data (shown in the credits).
    description: str = ""
    attribution: tuple[str, ...] = ()
    # -- tables made once (by make_board) --------------------------------------------------
    #: City index by name.
    city_index: Mapping[str, int] = field(default_factory=dict, repr=False)
    #: The routes at each city, by route index.
    at_city: tuple[tuple[int, ...], ...] = field(default=(), repr=False)
    #: The distinct neighbours of each city, in index order.
    neighbour_table: tuple[tuple[int, ...], ...] = field(default=(), repr=False)
    #: The routes of each city pair (smaller index first), one or two (a double route).
    pair_routes: Mapping[tuple[int, int], tuple[int, ...]] = field(default_factory=dict,
                                                                   repr=False)
    #: The length of each city pair's routes (both lanes of a double have one, T-M3).
    pair_lengths: Mapping[tuple[int, int], int] = field(default_factory=dict, repr=False)
    #: The other lane of each route's double route, or -1.
    partner_of: tuple[int, ...] = field(default=(), repr=False)
    #: The shortest distance in spaces between any two cities (all routes open), -1 when
    #: no path joins them.
    distances: tuple[tuple[int, ...], ...] = field(default=(), repr=False)

    # -- queries ---------------------------------------------------------------------------

    def city(self, name: str) -> City:
        """The city of this name (KeyError for a name the map does not have)."""
        return self.cities[self.city_index[name]]

    def neighbours(self, city: int) -> tuple[int, ...]:
        """The cities one route away from ``city`` (each once, however many lanes)."""
        return self.neighbour_table[city]

    def routes_at(self, city: int) -> tuple[int, ...]:
        """Every route ending at ``city``."""
        return self.at_city[city]

    def routes_between(self, a: int, b: int) -> tuple[int, ...]:
        """The routes joining ``a`` and ``b``: none, one, or the two lanes of a double."""
        return self.pair_routes.get((a, b) if a < b else (b, a), ())

    def partner(self, route: int) -> int | None:
        """The other lane of a double route (T-M3, T-C8, T-C9), or None."""
        other = self.partner_of[route]
        return None if other < 0 else other

    def distance(self, a: int, b: int) -> int:
        """The shortest path between two cities in spaces, every route open (D-33); -1 when
        no path joins them."""
        return self.distances[a][b]

    @property
    def pairs(self) -> tuple[tuple[int, int], ...]:
        """Every city pair joined by a route, smaller index first, in index order."""
        return tuple(sorted(self.pair_routes))

    @property
    def long_tickets(self) -> tuple[Ticket, ...]:
        return tuple(t for t in self.tickets if t.long)

    @property
    def regular_tickets(self) -> tuple[Ticket, ...]:
        return tuple(t for t in self.tickets if not t.long)

    def pair_length(self, a: int, b: int) -> int:
        """The length of the routes joining ``a`` and ``b`` (both lanes of a double have
        one length, T-M3); 0 when none joins them."""
        return self.pair_lengths.get((a, b) if a < b else (b, a), 0)

    def shortest_path(self, a: int, b: int) -> tuple[int, ...]:
        """The cities of one shortest path from ``a`` to ``b`` (both included), the same
        every time: at each step the lowest-numbered neighbour that stays on a shortest
        path. Empty when no path joins them."""
        if self.distances[a][b] < 0:
            return ()
        path = [a]
        here = a
        while here != b:
            left = self.distances[here][b]
            here = next(n for n in self.neighbour_table[here]
                        if self.pair_length(here, n) + self.distances[n][b] == left)
            path.append(here)
        return tuple(path)

    def forced_pairs(self, a: int, b: int) -> frozenset[tuple[int, int]]:
        """The city pairs that lie on *every* shortest path from ``a`` to ``b`` (a ticket's
        forced corridor)."""
        d = self.distances
        total = d[a][b]
        if total <= 0:
            return frozenset()
        # the pairs on some shortest path, grouped by how far along they start
        by_offset: dict[int, set[tuple[int, int]]] = {}
        for (x, y), length in self.pair_lengths.items():
            for u, v in ((x, y), (y, x)):
                if d[a][u] >= 0 and d[v][b] >= 0 and d[a][u] + length + d[v][b] == total:
                    by_offset.setdefault(d[a][u], set()).add((x, y))
        # a pair is forced when no other pair on a shortest path overlaps its stretch
        spans = [(off, off + self.pair_length(*p), p)
                 for off, ps in by_offset.items() for p in ps]
        forced = set()
        for lo, hi, p in spans:
            if not any(q != p and lo2 < hi and lo < hi2 for lo2, hi2, q in spans):
                forced.add(p)
        return frozenset(forced)


def make_board(
    *,
    name: str,
    shown: str,
    cities: Sequence[City],
    routes: Sequence[Route],
    tickets: Sequence[Ticket],
    size: Point,
    projection: Projection,
    background: str | None = None,
    seed: int | None = None,
    description: str = "",
    attribution: Sequence[str] = (),
) -> Board:
    """A board from checked data (the map reader, tests): the cities and routes with their
    indices in order, each double pair named by exactly two routes of the same two cities.
    Makes the tables of the queries."""
    n = len(cities)
    at_city: list[list[int]] = [[] for _ in range(n)]
    pair_routes: dict[tuple[int, int], list[int]] = {}
    pairs_of_double: dict[str, list[int]] = {}
    for r in routes:
        at_city[r.a].append(r.index)
        at_city[r.b].append(r.index)
        pair_routes.setdefault(r.ends, []).append(r.index)
        if r.double is not None:
            pairs_of_double.setdefault(r.double, []).append(r.index)
    partner = [-1] * len(routes)
    doubles = []
    for dname, lanes in pairs_of_double.items():
        if len(lanes) == 2:
            partner[lanes[0]], partner[lanes[1]] = lanes[1], lanes[0]
            doubles.append(DoublePair(dname, (lanes[0], lanes[1])))
    neighbours = tuple(tuple(sorted({routes[r].other(c) for r in at_city[c]}))
                       for c in range(n))
    length_of = {p: min(routes[r].length for r in rs) for p, rs in pair_routes.items()}
    return Board(
        name=name, shown=shown, cities=tuple(cities), routes=tuple(routes),
        doubles=tuple(doubles), tickets=tuple(tickets), size=size, projection=projection,
        background=background, seed=seed, description=description,
        attribution=tuple(attribution),
        city_index=MappingProxyType({c.name: c.index for c in cities}),
        at_city=tuple(tuple(rs) for rs in at_city),
        neighbour_table=neighbours,
        pair_routes=MappingProxyType({p: tuple(rs) for p, rs in sorted(pair_routes.items())}),
        pair_lengths=MappingProxyType(dict(sorted(length_of.items()))),
        partner_of=tuple(partner),
        distances=all_distances(n, length_of),
    )


def all_distances(n: int, lengths: Mapping[tuple[int, int], int]
                  ) -> tuple[tuple[int, ...], ...]:
    """The shortest distance between every two of ``n`` cities, joined by the pairs of
    ``lengths`` (a pair's length in spaces); -1 where no path joins them (Dijkstra from
    every city)."""
    adj: list[list[tuple[int, int]]] = [[] for _ in range(n)]
    for (a, b), length in lengths.items():
        adj[a].append((b, length))
        adj[b].append((a, length))
    rows = []
    for s in range(n):
        dist = [-1] * n
        heap = [(0, s)]
        while heap:
            d, u = heapq.heappop(heap)
            if dist[u] >= 0:
                continue
            dist[u] = d
            for v, w in adj[u]:
                if dist[v] < 0:
                    heapq.heappush(heap, (d + w, v))
        rows.append(tuple(dist))
    return tuple(rows)
