"""The figures of a Ticket to Ride map: what a map author and a balance report compare
with the targets of an original map (sizes, the mix of lengths, colours, tunnels, ferries
and double routes, the network's shape, the ticket decks). Pure: a :class:`Board` in,
numbers out.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass

from shapely.geometry import LineString, Point
from shapely.ops import polygonize, unary_union

from rail_app.games.ttr.rules.board import CARD_COLOURS, Board, Colour, RouteKind


@dataclass(frozen=True)
class ColourFigures:
    """One colour's share of the board."""

    #: Lanes of this colour, and their spaces.
    lanes: int
    spaces: int
    #: The distinct lengths of its lanes.
    lengths: int
    #: The regions its lanes' cities belong to.
    regions: int


@dataclass(frozen=True)
class Figures:
    """Everything :func:`figures` measures."""

    cities: int
    #: City pairs joined by a route; lanes (a double counts 2); spaces of all lanes, and with
    #: one lane per double route (the board of 2-3 players, T-C9).
    pairs: int
    lanes: int
    spaces: int
    spaces_one_lane: int
    #: Lanes by length.
    lane_lengths: dict[int, int]
    #: The lanes of 6 or more spaces: (length, grey, a city on the rim (the outer edge of
    #: the network as drawn), on the shortest path of a long ticket) each.
    long_set: list[tuple[int, bool, bool, bool]]
    #: Each of the eight colours, and grey.
    colours: dict[Colour, ColourFigures]
    #: Tunnels: lanes, their lengths, how many are coloured.
    tunnels: int
    tunnel_lengths: dict[int, int]
    coloured_tunnels: int
    #: Ferries: city pairs, lanes, locomotive symbols, (length, symbols) of each lane.
    ferry_pairs: int
    ferries: int
    ferry_symbols: int
    ferry_mix: dict[tuple[int, int], int]
    #: Double routes: how many, their lengths, how many are ferries, tunnels; how many have
    #: two lanes of one colour (not grey).
    doubles: int
    double_lengths: dict[int, int]
    ferry_doubles: int
    tunnel_doubles: int
    same_colour_doubles: int
    #: Distinct neighbours: fewest, most, mean, cities with two.
    degree_min: int
    degree_max: int
    degree_mean: float
    degree_two: int
    #: City pairs whose routes, taken away, cut the network (a double counts once); its
    #: diameter and mean shortest path (spaces).
    bridges: int
    diameter: int
    mean_path: float
    #: Cities where two lanes of one colour end (a double's lanes not counted together).
    colour_repeats: int
    #: The decks.
    regular: int
    regular_values: dict[int, int]
    regular_sum: int
    #: Routes between a regular ticket's cities (fewest on a shortest path): min, max.
    regular_hops: tuple[int, int]
    #: Most regular tickets at one city.
    regular_per_city_max: int
    long: int
    long_values: list[int]
    long_hops_min: int
    long_cities: int
    long_rim_cities: int
    #: Fewest regions a long ticket's shortest paths pass through.
    long_regions_min: int
    #: Cities on some ticket; tickets (either deck) with a city in each region.
    cities_on_tickets: int
    region_tickets: dict[str, int]
    #: Most tickets whose every shortest path uses one city pair (corridor load).
    corridor_max: int
    #: Ticket values that are not the shortest path (D-33).
    wrong_values: int


def _hops(board: Board, a: int, b: int) -> int:
    """The fewest routes on a shortest path from ``a`` to ``b``."""
    d = board.distances
    best = {a: 0}
    for v in sorted(range(len(board.cities)), key=lambda v: d[a][v]):
        if v not in best or d[a][v] + d[v][b] != d[a][b]:
            continue
        for w in board.neighbours(v):
            if d[a][v] + board.pair_length(v, w) == d[a][w] and d[a][w] + d[w][b] == d[a][b]:
                best[w] = min(best.get(w, 1 << 30), best[v] + 1)
    return best.get(b, 0)


def _on_some_shortest(board: Board, a: int, b: int) -> set[int]:
    d = board.distances
    return {v for v in range(len(board.cities)) if d[a][v] + d[v][b] == d[a][b]}


def _bridges(board: Board) -> int:
    n = len(board.cities)
    disc = [-1] * n
    low = [0] * n
    count = 0
    timer = 0
    for root in range(n):
        if disc[root] >= 0:
            continue
        stack: list[tuple[int, int, int]] = [(root, -1, 0)]
        disc[root] = low[root] = timer
        timer += 1
        while stack:
            u, parent, i = stack[-1]
            nbrs = board.neighbours(u)
            if i < len(nbrs):
                stack[-1] = (u, parent, i + 1)
                v = nbrs[i]
                if v == parent:
                    continue
                if disc[v] >= 0:
                    low[u] = min(low[u], disc[v])
                else:
                    disc[v] = low[v] = timer
                    timer += 1
                    stack.append((v, u, 0))
            else:
                stack.pop()
                if parent >= 0:
                    low[parent] = min(low[parent], low[u])
                    if low[u] > disc[parent]:  # a pair (one lane or two) that cuts the map
                        count += 1
    return count


def rim_cities(board: Board) -> frozenset[int]:
    """The cities on the outer edge of the network as drawn: where the outline of all the
    faces the route lines enclose passes."""
    faces = list(polygonize(unary_union([LineString(r.line) for r in board.routes])))
    if not faces:
        return frozenset(range(len(board.cities)))
    outline = unary_union(faces).exterior if len(faces) == 1 else unary_union(faces).boundary
    return frozenset(c.index for c in board.cities if outline.distance(Point(c.at)) < 0.5)


def figures(board: Board) -> Figures:
    """The figures of ``board``."""
    routes = board.routes
    n = len(board.cities)
    region = [c.region for c in board.cities]
    d = board.distances
    pairs = board.pairs
    ecc = [max(row) for row in d]
    rim15 = set(sorted(range(n), key=lambda v: (-ecc[v], v))[:15])
    long_tickets = board.long_tickets
    regular = board.regular_tickets
    long_paths = [_on_some_shortest(board, t.a, t.b) for t in long_tickets]

    def on_long_path(a: int, b: int) -> bool:
        return any(a in p and b in p and abs(d[t.a][a] - d[t.a][b]) == board.pair_length(a, b)
                   for t, p in zip(long_tickets, long_paths, strict=True))

    outer = rim_cities(board)
    long_set = [(r.length, r.colour is Colour.GREY, r.a in outer or r.b in outer,
                 on_long_path(r.a, r.b)) for r in routes if r.length >= 6]
    colours = {}
    for colour in (*CARD_COLOURS, Colour.GREY):
        mine = [r for r in routes if r.colour is colour]
        colours[colour] = ColourFigures(
            len(mine), sum(r.length for r in mine), len({r.length for r in mine}),
            len({region[c] for r in mine for c in (r.a, r.b)}))
    tunnels = [r for r in routes if r.kind is RouteKind.TUNNEL]
    ferries = [r for r in routes if r.kind is RouteKind.FERRY]
    doubles = [(routes[a], routes[b]) for a, b in (dp.routes for dp in board.doubles)]
    degrees = [len(board.neighbours(c)) for c in range(n)]
    flat = [d[i][j] for i in range(n) for j in range(i + 1, n)]
    at: Counter[tuple[int, Colour]] = Counter()
    for r in routes:
        if r.colour is Colour.GREY:
            continue
        partner = board.partner(r.index)
        if partner is not None and partner < r.index and routes[partner].colour is r.colour:
            continue  # the double's own repeat is counted as a same-colour double
        at[(r.a, r.colour)] += 1
        at[(r.b, r.colour)] += 1
    repeats = len({c for (c, _), k in at.items() if k > 1})
    per_city: Counter[int] = Counter()
    for t in regular:
        per_city[t.a] += 1
        per_city[t.b] += 1
    regions: Counter[str] = Counter()
    for t in board.tickets:
        for reg in {region[t.a], region[t.b]}:
            regions[reg] += 1
    load: Counter[tuple[int, int]] = Counter()
    for t in board.tickets:
        for p in board.forced_pairs(t.a, t.b):
            load[p] += 1
    regular_hops = [_hops(board, t.a, t.b) for t in regular]
    long_cities = {c for t in long_tickets for c in (t.a, t.b)}
    return Figures(
        cities=n, pairs=len(pairs), lanes=len(routes),
        spaces=sum(r.length for r in routes),
        spaces_one_lane=sum(board.pair_length(a, b) for a, b in pairs),
        lane_lengths=dict(sorted(Counter(r.length for r in routes).items())),
        long_set=long_set, colours=colours,
        tunnels=len(tunnels), tunnel_lengths=dict(sorted(Counter(r.length for r in tunnels)
                                                         .items())),
        coloured_tunnels=sum(1 for r in tunnels if r.colour is not Colour.GREY),
        ferry_pairs=len({r.ends for r in ferries}), ferries=len(ferries),
        ferry_symbols=sum(r.locomotives for r in ferries),
        ferry_mix=dict(sorted(Counter((r.length, r.locomotives) for r in ferries).items())),
        doubles=len(doubles),
        double_lengths=dict(sorted(Counter(a.length for a, _ in doubles).items())),
        ferry_doubles=sum(1 for a, _ in doubles if a.is_ferry),
        tunnel_doubles=sum(1 for a, _ in doubles if a.is_tunnel),
        same_colour_doubles=sum(1 for a, b in doubles
                                if a.colour is b.colour and a.colour is not Colour.GREY),
        degree_min=min(degrees), degree_max=max(degrees),
        degree_mean=sum(degrees) / n, degree_two=sum(1 for k in degrees if k == 2),
        bridges=_bridges(board), diameter=max(flat), mean_path=sum(flat) / len(flat),
        colour_repeats=repeats,
        regular=len(regular),
        regular_values=dict(sorted(Counter(t.value for t in regular).items())),
        regular_sum=sum(t.value for t in regular),
        regular_hops=(min(regular_hops, default=0), max(regular_hops, default=0)),
        regular_per_city_max=max(per_city.values(), default=0),
        long=len(long_tickets), long_values=sorted(t.value for t in long_tickets),
        long_hops_min=min((_hops(board, t.a, t.b) for t in long_tickets), default=0),
        long_cities=len(long_cities), long_rim_cities=len(long_cities & rim15),
        long_regions_min=min((len({region[v] for v in p}) for p in long_paths), default=0),
        cities_on_tickets=len({c for t in board.tickets for c in (t.a, t.b)}),
        region_tickets=dict(sorted(regions.items())),
        corridor_max=max(load.values(), default=0),
        wrong_values=sum(1 for t in board.tickets if t.value != d[t.a][t.b]),
    )
