"""The map as the computer players read it: complete links as a graph of stops, and the
deliveries each player could make over it.

A :class:`Net` holds the stops (cities and towns) joined by complete links, each with its
controller (S-K3), the colour of every city (printed or New, S-B7) and the cubes on every
city (S-G1). It is built from a game state, and from it *hypothetical* nets are made cheaply
(:meth:`Net.plus`): links a plan would build, a New City a plan would place, cubes Urban
Growth would add. Nothing here changes a game state.

:func:`best_routes` finds, for one player and one locomotive level, the best delivery of
every cube (a city and a colour): the route that earns that player the most points, by the
same rules as the engine (S-G3: at most the locomotive's links, the first city of the cube's
colour, no stop twice, at least as many of the mover's own links as any other player's;
links of nobody count only toward the length, D-23). Only the best route per cube matters to
the planners, since a cube is delivered once.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field

from rail_app.games.steam.rules.board import COLOUR_INDEX, Cubes
from rail_app.games.steam.rules.links import NOBODY
from rail_app.games.steam.rules.state import MAX_LOCO, GameState

#: How far above a player's locomotive the planners look (the deliveries a locomotive one or
#: two levels higher would open).
REACH_ABOVE = 2
Table = dict[tuple[int, int], list["Route | None"]]

#: An edge of the net: (the stop at the other end, controller, first move round it can carry
#: a cube in: 0 for a link on the map, later for one a plan completes in a later turn).
Arc = tuple[int, int, int]


@dataclass(frozen=True, slots=True)
class Edge:
    """A complete link between two stops (``a`` and ``b`` are hex indexes)."""

    a: int
    b: int
    owner: int
    ready: int = 0


@dataclass(frozen=True, slots=True)
class Route:
    """The best delivery of one cube for one player: the cube (``source``, colour index
    ``colour``), the stops after the source (the last one takes the cube), the points per
    seat (S-G5), and the first move round in which every link of it can carry the cube."""

    source: int
    colour: int
    stops: tuple[int, ...]
    points: tuple[int, ...]
    ready: int

    @property
    def dest(self) -> int:
        return self.stops[-1]

    def gain(self, seat: int) -> int:
        return self.points[seat]


@dataclass
class Net:
    """Stops joined by complete links, city colours and cubes (see the module).

    ``reach[seat]`` is the longest route looked for on the seat's behalf (its locomotive and
    :data:`REACH_ABOVE` more, at most 6): a longer locomotive is read as this one."""

    seats: int
    edges: tuple[Edge, ...]
    colour: dict[int, int]  # city hex -> colour index (towns are absent)
    cubes: dict[int, Cubes]
    reach: tuple[int, ...] = ()
    adj: dict[int, tuple[Arc, ...]] = field(default_factory=dict)
    #: per seat: the best route of each cube for each exact length (index length - 1)
    _tables: dict[int, Table] = field(default_factory=dict, repr=False)
    _routes: dict[tuple[int, int], dict[tuple[int, int], Route]] = field(
        default_factory=dict, repr=False)
    #: the net this one differs from: by more cubes on ``_fresh`` cities, or by the links
    #: ``_added`` (then the routes of the seats in ``_keep`` are the parent's)
    _parent: Net | None = field(default=None, repr=False)
    _fresh: tuple[int, ...] = ()
    _added: tuple[Edge, ...] = ()
    _keep: frozenset[int] = frozenset()
    #: best routes per (seat, locomotive) sorted best first, for the projections
    sorted_routes: dict[tuple[int, int], list[Route]] = field(default_factory=dict, repr=False)

    def __post_init__(self) -> None:
        if not self.reach:
            self.reach = (MAX_LOCO,) * self.seats
        if not self.adj:
            adj: dict[int, list[Arc]] = {}
            for e in self.edges:
                if e.a == e.b:
                    continue
                adj.setdefault(e.a, []).append((e.b, e.owner, e.ready))
                adj.setdefault(e.b, []).append((e.a, e.owner, e.ready))
            self.adj = {k: tuple(sorted(v)) for k, v in adj.items()}

    @classmethod
    def of(cls, state: GameState, reach_above: int = REACH_ABOVE) -> Net:
        """The net of the complete links on the map now."""
        idx = state.links()
        edges = tuple(Edge(link.a.hex, link.b.hex, link.owner) for link in idx.links
                      if link.complete and link.a.hex != link.b.hex)
        colour: dict[int, int] = {}
        for h in state.city_hexes:
            c = state.colour_of(h)
            if c is not None:
                colour[h] = COLOUR_INDEX[c]
        cubes = {h: c for h, c in state.cubes.items() if sum(c)}
        reach = tuple(min(MAX_LOCO, p.loco + reach_above) for p in state.players)
        return cls(state.seats, edges, colour, cubes, reach)

    def plus(self, edges: Iterable[Edge] = (), colour: Mapping[int, int] | None = None,
             cubes: Mapping[int, Cubes] | None = None, keep: Iterable[int] = ()) -> Net:
        """A hypothetical net: this one with more links, city colours (a New City) or cubes
        (replacing a city's cubes). With only cubes changed, the routes found so far are
        kept (those of cities that gain a colour are found again when asked for). With new
        links, the routes of the seats in ``keep`` are kept as they are (a planner that does
        not work out whether those players would use the new links)."""
        new_edges = tuple(edges)
        col = self.colour if colour is None else {**self.colour, **colour}
        cb = self.cubes if cubes is None else {**self.cubes, **cubes}
        if colour is not None or (new_edges and cubes is not None):
            return Net(self.seats, self.edges + new_edges, col, cb, self.reach)
        if new_edges:
            return Net(self.seats, self.edges + new_edges, col, cb, self.reach, _parent=self,
                       _added=new_edges, _keep=frozenset(keep))
        fresh = tuple(h for h, c in (cubes or {}).items()
                      if any(n > 0 and (self.cubes.get(h) or (0, 0, 0, 0, 0))[i] <= 0
                             for i, n in enumerate(c)))
        if not fresh:  # fewer cubes only: every route found stays the best for its cube
            return Net(self.seats, self.edges, col, cb, self.reach, self.adj, self._tables,
                       self._routes, sorted_routes=self.sorted_routes)
        return Net(self.seats, self.edges, col, cb, self.reach, self.adj, _parent=self,
                   _fresh=fresh)

    def owned(self, seat: int) -> int:
        """How many complete links ``seat`` controls in this net (S-W2(3))."""
        return sum(1 for e in self.edges if e.owner == seat)

    def table(self, seat: int) -> Table:
        """The seat's best route of each cube for each length up to its reach, cached."""
        found = self._tables.get(seat)
        if found is None:
            parent = self._parent
            depth = self.reach[seat]
            if parent is not None and self._added:
                found = parent.table(seat)
                if seat not in self._keep:
                    found = merge(found, route_table(self, seat, depth, through=self._added),
                                  seat)
            elif parent is not None:
                fresh = set(self._fresh)
                found = {k: r for k, r in parent.table(seat).items() if k[0] not in fresh}
                found.update(route_table(self, seat, depth, sources=self._fresh))
            else:
                found = route_table(self, seat, depth)
            self._tables[seat] = found
        return found

    def routes(self, seat: int, loco: int) -> dict[tuple[int, int], Route]:
        """The best delivery of each cube for ``seat`` with a locomotive of level ``loco``
        (read as the seat's reach when above it), cached."""
        loco = min(loco, self.reach[seat])
        key = (seat, loco)
        found = self._routes.get(key)
        if found is None:
            if self._parent is not None and self._added and seat in self._keep:
                found = self._parent.routes(seat, loco)
            else:
                found = {}
                for k, by_len in self.table(seat).items():
                    best: Route | None = None
                    for r in by_len[:loco]:
                        if r is not None and (best is None or better(r, best, seat)):
                            best = r
                    if best is not None:
                        found[k] = best
            self._routes[key] = found
        return found

    def sorted_for(self, seat: int, loco: int) -> list[Route]:
        """:meth:`routes` best first (as :func:`better` orders them), cached; a seat whose
        routes are its parent's shares the parent's list."""
        loco = min(loco, self.reach[seat])
        key = (seat, loco)
        found = self.sorted_routes.get(key)
        if found is None:
            if self._parent is not None and self._added and seat in self._keep:
                found = self._parent.sorted_for(seat, loco)
            else:
                found = list(self.routes(seat, loco).values())
                found.sort(key=lambda r: (-r.points[seat], sum(r.points) - r.points[seat],
                                          r.ready, len(r.stops), r.source, r.colour))
            self.sorted_routes[key] = found
        return found


def merge(a: Table, b: Table, seat: int) -> Table:
    """Two route tables as one: the better route of each cube at each length."""
    if not b:
        return a
    out = dict(a)
    for k, by_len in b.items():
        old = out.get(k)
        if old is None:
            out[k] = by_len
            continue
        row = list(old)
        for i, r in enumerate(by_len):
            if r is not None and i < len(row) and (row[i] is None or better(r, row[i], seat)):
                row[i] = r
        out[k] = row
    return out


def better(a: Route, b: Route | None, seat: int) -> bool:
    """Whether ``a`` is a better delivery than ``b`` for ``seat``: more of its own points,
    then fewer points for others, then ready sooner, then shorter; last, of two routes that
    give the same points to different players (over parallel links), the one that gives
    fewer to the players next after ``seat`` around the table. That last rule looks at the
    seats from ``seat`` on, never at their numbers: a rule by number (the first link found,
    lowest seat first) would hand every such point to the first seats, and a seat would be
    worth more than another at a table of equal players."""
    if b is None:
        return True
    ga, gb = a.points[seat], b.points[seat]
    if ga != gb:
        return ga > gb
    oa, ob = sum(a.points) - ga, sum(b.points) - gb
    if oa != ob:
        return oa < ob
    if a.ready != b.ready:
        return a.ready < b.ready
    if len(a.stops) != len(b.stops):
        return len(a.stops) < len(b.stops)
    n = len(a.points)
    for k in range(1, n):
        i = (seat + k) % n
        if a.points[i] != b.points[i]:
            return a.points[i] < b.points[i]
    return False


def _distances(net: Net, starts: Iterable[int], limit: int) -> dict[int, int]:
    """Links from each stop to the nearest of ``starts`` (at most ``limit``)."""
    dist = {s: 0 for s in starts}
    frontier = list(dist)
    d = 0
    while frontier and d < limit:
        d += 1
        nxt = []
        for x in frontier:
            for other, _, _ in net.adj.get(x, ()):
                if other not in dist:
                    dist[other] = d
                    nxt.append(other)
        frontier = nxt
    return dist


def best_routes(net: Net, seat: int, loco: int, sources: Iterable[int] | None = None
                ) -> dict[tuple[int, int], Route]:
    """For every cube on the net (or on ``sources``): the best legal delivery by ``seat``
    with a locomotive of level ``loco`` (S-G3), keyed by (source, colour index)."""
    out: dict[tuple[int, int], Route] = {}
    for k, by_len in route_table(net, seat, loco, sources).items():
        best: Route | None = None
        for r in by_len:
            if r is not None and better(r, best, seat):
                best = r
        if best is not None:
            out[k] = best
    return out


def route_table(net: Net, seat: int, depth: int, sources: Iterable[int] | None = None,
                through: tuple[Edge, ...] = ()) -> Table:
    """For every cube on the net (or on ``sources``) and every length up to ``depth``: the
    best legal delivery by ``seat`` of that length (S-G3: a locomotive of that level or
    more). With ``through``, only routes over one of those links are looked for."""
    adj = net.adj
    new_arcs: set[tuple[int, int, int, int]] = set()
    dist: dict[int, int] = {}
    if through:
        for e in through:
            new_arcs.add((e.a, e.b, e.owner, e.ready))
            new_arcs.add((e.b, e.a, e.owner, e.ready))
        dist = _distances(net, {x for e in through for x in (e.a, e.b)}, depth)
    far = depth + 1
    colour_of = net.colour
    seats = net.seats
    out: Table = {}
    stops: list[int] = []
    counts = [0] * seats
    visited: set[int] = set()

    def record(src: int, col: int, ready: int) -> None:
        mine = counts[seat]
        if mine < 1 or max(counts) > mine:
            return
        r = Route(src, col, tuple(stops), tuple(counts), ready)
        row = out.get((src, col))
        if row is None:
            row = [None] * depth
            out[(src, col)] = row
        i = len(stops) - 1
        if better(r, row[i], seat):
            row[i] = r

    def dfs(at: int, src: int, open_mask: int, ready: int, used: bool) -> None:
        left = depth - len(stops)
        for other, owner, rdy in adj.get(at, ()):
            if other in visited:
                continue
            now_used = used or (through != () and (at, other, owner, rdy) in new_arcs)
            if through and not now_used and dist.get(other, far) + 2 > left:
                continue  # the route could no longer reach one of the new links
            if owner != NOBODY:
                counts[owner] += 1
                # S-G3e cannot be met any more: another player's links outnumber the
                # mover's by more than the links still to go
                if owner != seat and counts[owner] - counts[seat] > left - 1:
                    counts[owner] -= 1
                    continue
            stops.append(other)
            r2 = ready if ready >= rdy else rdy
            c = colour_of.get(other, -1)
            rest = open_mask
            if c >= 0 and open_mask >> c & 1:
                if now_used or not through:
                    record(src, c, r2)
                rest = open_mask & ~(1 << c)  # S-G3c: that colour stops here
            if rest and left > 1:
                visited.add(other)
                dfs(other, src, rest, r2, now_used)
                visited.discard(other)
            stops.pop()
            if owner != NOBODY:
                counts[owner] -= 1

    cubes = net.cubes
    for src in (sorted(cubes) if sources is None else sources):
        have = cubes.get(src)
        if not have or src not in adj:
            continue
        mask = 0
        for i, n in enumerate(have):
            if n > 0:
                mask |= 1 << i
        if not mask or (through and dist.get(src, far) + 1 > depth):
            continue
        visited.add(src)
        dfs(src, src, mask, 0, False)
        visited.discard(src)
    return out
