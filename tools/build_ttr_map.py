"""Build the Ticket to Ride map of Europe, c. 1900 (``maps/ttr-europe.yaml`` and its
background ``maps/ttr-europe.geojson``) from the repository's own geodata in ``tools/geodata``
(``europe_cities.yaml``, ``europe_geo.geojson``; see its README for sources and licences).

Usage::

    python tools/build_ttr_map.py [--geodata tools/geodata] [--out maps] [--seed 1900]

The network is the project's own: no published route, colour or ticket is an input. The
steps (the figures they aim at are in ``maps/README.md``, "Ticket to Ride maps"):

1. **Candidates.** The Delaunay triangulation of the 47 cities' board positions (straight,
   planar lines), less the lines longer than 1,300 km, those passing within 8 mm of a third
   city, and the hand edits of :data:`DROP` (each with its reason); plus :data:`ADD`.
   Each candidate's drawn line is straight, or runs through the real places of
   :data:`WAYPOINTS` (a coast line round a gulf).
2. **Selection.** The main lines of about 1900 (:data:`MAIN_LINES`) and the pairs of
   :data:`KEEP` (third ways into Barcelona, southern Italy and the east) are kept; the other
   candidates are dropped longest first while every city keeps two neighbours and the network
   keeps at most one bridge, until 90 pairs are left.
3. **Kinds.** A line over sea for 30 % or more of its length is a ferry (one locomotive
   symbol, two when the sea is 60 % or more of it or the ferry is 6 long); a line crossing a
   mountain range of the geodata for 12 mm or more, away from its cities, is a tunnel
   (:data:`NOT_TUNNEL` lists the crossings left as ordinary routes).
4. **Lengths by rank.** The pairs, sorted by rail distance (great circle x 1.25 over land,
   x 1.0 over sea), get the lengths of the target histogram in that order; the 8 and the two
   6s are the three long rim links of :data:`LONG_SET`.
5. **Doubles** where the ticket traffic is densest (the pairs on the most shortest paths
   between any two cities), of lengths 1-4, two of them ferries.
6. **Colours** by a seeded search (simulated annealing): the counts per colour, each colour
   over three lengths and four regions, the two lanes of a double different, a colour
   repeated at one city at most.
7. **Tickets** by a seeded search: 40 regular (5-13) and 6 long (20-21), each worth its
   shortest path in spaces; the regular deck spread over the cities and regions, no
   corridor forced on more than five tickets, no ticket left only a long way round once its
   shortest ways are taken (:data:`DETOUR_WEIGHT`), every route on some ticket's shortest
   way (:data:`COVER_WEIGHT`).

The output is deterministic: the same geodata and seed give the same bytes. The script
prints the map's figures against the targets (``validate-map`` prints them too).
"""

from __future__ import annotations

import argparse
import heapq
import json
import math
import random
import sys
from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from itertools import chain
from pathlib import Path
from typing import Any

import shapely
import yaml
from shapely.geometry import LineString, Point, shape
from shapely.geometry.base import BaseGeometry
from shapely.ops import unary_union

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from rail_app.games.ttr.rules.board import (  # noqa: E402
    CARD_COLOURS,
    Projection,
    all_distances,
)

SEED = 1900
MAP_NAME = "Europa 1900"
STEM = "ttr-europe"

# -- the board's drawing ---------------------------------------------------------------------

#: Lambert conformal conic: centre 15° E 50° N, standard parallels 40° and 60° N, 1:5,000,000.
LON0, LAT0, LAT1, LAT2 = 15.0, 50.0, 40.0, 60.0
MM_PER_KM = 0.2
#: Board margins around the outermost cities (mm): sides, top, bottom.
MARGIN_X, MARGIN_TOP, MARGIN_BOTTOM = 60.0, 60.0, 60.0
#: A route passing closer than this to a third city is not drawn (mm).
CLEARANCE = 8.0
#: The gap between the two lanes of a double route (mm, centre to centre).
DOUBLE_GAP = 5.0
#: The distance from a city's centre over which a double route's lanes part (mm).
DOUBLE_SPLAY = 7.0

MAX_KM = 1300.0
SEA_FERRY = 0.30
SEA_TWO_SYMBOLS = 0.60
TUNNEL_MM = 6.0
#: The disc around each end city left out when a line's mountain crossing is measured (mm).
CITY_DISC = 8.0

TARGET_PAIRS = 90
#: A tunnel's distance counts this much when lengths are handed out by rank.
TUNNEL_RANK = 0.8
#: Regions of the dense west and centre, where double routes are (brief 4e).
DENSE = frozenset({"france", "british-isles", "low-countries-germany", "italy-alps",
                   "austria-hungary"})
#: The two ferry doubles: the Channel and the North Sea crossings from London.
FERRY_DOUBLES: tuple[tuple[str, str], ...] = (("Le Havre", "London"), ("Amsterdam", "London"))
#: The land doubles, by length (with the two ferry doubles of length 2 the lanes reach the
#: published shape: 1 x 1, 2 x 2, 3 x 5, 4 x 3).
DOUBLE_QUOTAS = {1: 1, 3: 5, 4: 3}
COLOUR_RESTARTS = 2
COLOUR_STEPS = 15000
TICKET_RESTARTS = 3
LONG_RESTARTS = 3000
TICKET_STEPS = 5000
#: The ticket search's weights: a ticket's detour beyond DETOUR_SLACK spaces (the way left
#: when its shortest ways are taken), a route on no ticket's shortest way.
DETOUR_WEIGHT = 6.0
DETOUR_SLACK = 2
COVER_WEIGHT = 3.0
COVER_WAYS = 1

#: Real places a drawn line passes through (lon, lat), for lines whose straight course would
#: run over open sea where the railway of about 1900 went round by land.
WAYPOINTS: dict[tuple[str, str], tuple[tuple[float, float], ...]] = {
    # the line round the Gulf of Lion, by Perpignan and Montpellier
    ("Barcelona", "Marseille"): ((2.82, 41.98), (2.90, 42.70), (3.00, 43.18), (3.88, 43.61),
                                 (4.36, 43.84)),
    # the Finnish railway round the Gulf of Finland, by Viipuri
    ("Helsingfors", "Sankt-Peterburg"): ((26.95, 60.55), (28.75, 60.71)),
    # Athens to Salonica overland, by Thebes, Lamia and Larissa
    ("Athen", "Saloniki"): ((23.32, 38.32), (22.43, 38.90), (22.42, 39.64)),
    # the Danube at Rustchuk, then over the eastern Balkan by Shumla and Burgas
    ("Bukarest", "Konstantinopel"): ((25.97, 43.85), (26.93, 43.27), (27.47, 42.50)),
    # the Adriatic line by Forlì and Ferrara, round the Po delta
    ("Roma", "Venezia"): ((12.04, 44.22), (11.62, 44.84)),
    # the Northern line by Burgos, over the western Pyrenees at Irun
    ("Bordeaux", "Madrid"): ((-1.79, 43.34), (-3.70, 42.34)),
}

#: Main lines of about 1900 (kept by the selection).
MAIN_LINES: tuple[tuple[str, str], ...] = (
    ("Lisboa", "Madrid"), ("Madrid", "Sevilla"), ("Barcelona", "Madrid"),
    ("Barcelona", "Marseille"), ("Bordeaux", "Madrid"), ("Le Havre", "Paris"),
    ("Bordeaux", "Paris"), ("Lyon", "Paris"), ("Lyon", "Marseille"), ("Bruxelles", "Paris"),
    ("Lyon", "Milano"), ("Edinburgh", "London"),
    ("Le Havre", "London"), ("Amsterdam", "London"), ("Dublin", "London"),
    ("Dublin", "Edinburgh"), ("Amsterdam", "Bruxelles"), ("Bruxelles", "Köln"),
    ("Frankfurt", "Köln"), ("Hamburg", "Köln"), ("Berlin", "Hamburg"), ("Berlin", "Breslau"),
    ("Berlin", "Königsberg"), ("Berlin", "Prag"), ("München", "Wien"),
    ("München", "Venezia"), ("Venezia", "Wien"), ("Budapest", "Wien"), ("Prag", "Wien"),
    ("Milano", "Zürich"), ("München", "Zürich"), ("Milano", "Venezia"), ("Milano", "Roma"),
    ("Napoli", "Roma"), ("Napoli", "Palermo"), ("Belgrad", "Budapest"), ("Belgrad", "Sofia"),
    ("Konstantinopel", "Sofia"), ("Budapest", "Bukarest"), ("Belgrad", "Saloniki"),
    ("Moskva", "Sankt-Peterburg"), ("Kiew", "Moskva"), ("Charkow", "Moskva"),
    ("Kiew", "Odessa"), ("Kiew", "Warschau"), ("Riga", "Sankt-Peterburg"),
    ("Hamburg", "København"), ("København", "Stockholm"), ("Kristiania", "Stockholm"),
    ("Kristiania", "København"), ("Helsingfors", "Stockholm"),
    ("Helsingfors", "Sankt-Peterburg"), ("Frankfurt", "München"), ("Breslau", "Warschau"),
    ("Königsberg", "Warschau"), ("Athen", "Saloniki"), ("Frankfurt", "Zürich"),
    ("Edinburgh", "Kristiania"),
)

#: Other pairs kept for the network's shape: a third neighbour for a city on the rim, a
#: second way over the Carpathians; third ways into Barcelona (over the Pyrenees from
#: Bordeaux), southern Italy (the steamer from Marseille to Roma) and the east (Bukarest to
#: Kiew), where a full table blocked tickets; with them Bordeaux-Lyon and Bukarest-Odessa,
#: which the selection would otherwise drop for the new ones.
KEEP: tuple[tuple[str, str], ...] = (
    ("Charkow", "Odessa"), ("Budapest", "Warschau"), ("Belgrad", "Bukarest"),
    ("Bukarest", "Konstantinopel"), ("Moskva", "Riga"),
    ("Barcelona", "Bordeaux"), ("Marseille", "Roma"), ("Bukarest", "Kiew"),
    ("Bukarest", "Odessa"), ("Bordeaux", "Lyon"),
)

#: Candidates left out by hand, and why.
DROP: dict[tuple[str, str], str] = {
    ("Berlin", "København"): "the Danish mails went by Hamburg and Kiel",
    ("Bruxelles", "London"): "London crosses to Le Havre and to Amsterdam",
    ("Riga", "Stockholm"): "one Baltic crossing to Riga is enough (from Helsingfors)",
    ("Königsberg", "København"): "København is reached by sea from Hamburg and Kristiania",
    ("Königsberg", "Stockholm"): "Stockholm's crossings go to Helsingfors and København",
    ("Konstantinopel", "Saloniki"): "the Aegean is crossed from Athen",
    ("Helsingfors", "Riga"): "the Baltic is crossed from Stockholm",
    ("Bordeaux", "Marseille"): "the Midi line would cross the coast line of Barcelona-Marseille",
}

#: Pairs added by hand to the Delaunay candidates.
ADD: tuple[tuple[str, str], ...] = ()

#: The three long links (T-M9: one 8, two 6s, all grey), on the rim of the network: the
#: Sud Express from Lisboa to Bordeaux, the coast line round the Gulf of Lion from
#: Barcelona to Marseille over the eastern Pyrenees (a tunnel), and the Irish Mail from
#: London to Dublin by Holyhead (a ferry). Chosen among the rim links that lie on long
#: tickets' shortest paths, for a diameter and a mean path near the published board's.
LONG_SET: dict[tuple[str, str], int] = {
    ("Bordeaux", "Lisboa"): 8,
    ("Barcelona", "Marseille"): 6,
    ("Dublin", "London"): 6,
}

#: Mountain crossings left as ordinary routes (the line only grazes a range's edge).
NOT_TUNNEL: frozenset[tuple[str, str]] = frozenset({
    # the Northern line passes the Pyrenees' western end by the coast, at Irun
    ("Bordeaux", "Madrid"),
})

#: The target histogram of pair lengths (lengths 1-4; the long set apart).
PAIR_LENGTHS = {1: 3, 2: 33, 3: 25, 4: 26}

Pair = tuple[str, str]


def key(a: str, b: str) -> Pair:
    return (a, b) if a < b else (b, a)


# -- geodata -----------------------------------------------------------------------------------


@dataclass
class Geo:
    """The geodata projected to the board (mm)."""

    projection: Projection
    size: tuple[float, float]
    cities: list[dict[str, Any]]
    at: dict[str, tuple[float, float]]
    lonlat: dict[str, tuple[float, float]]
    dry: BaseGeometry  # land less lakes
    ranges: list[tuple[str, str, BaseGeometry]]  # name, family, polygon
    seas: list[tuple[str, BaseGeometry]]
    features: list[dict[str, Any]]


def project_geometry(p: Projection, g: BaseGeometry) -> BaseGeometry:
    return shapely.transform(g, lambda xy: [list(q) for q in p.project_many(xy.tolist())])


def load_geo(folder: Path) -> Geo:
    cities = yaml.safe_load((folder / "europe_cities.yaml").read_text(encoding="utf-8"))["cities"]
    features = json.loads((folder / "europe_geo.geojson").read_text(encoding="utf-8"))["features"]
    raw = Projection(LON0, LAT0, LAT1, LAT2, MM_PER_KM, (0.0, 0.0))
    pts = [raw.project(c["lon"], c["lat"]) for c in cities]
    xs, ys = [p[0] for p in pts], [p[1] for p in pts]
    origin = (round(MARGIN_X - min(xs), 1), round(MARGIN_TOP - min(ys), 1))
    proj = Projection(LON0, LAT0, LAT1, LAT2, MM_PER_KM, origin)
    size = (math.ceil(max(xs) - min(xs) + 2 * MARGIN_X),
            math.ceil(max(ys) - min(ys) + MARGIN_TOP + MARGIN_BOTTOM))
    at = {c["name"]: rounded_point(proj.project(round(c["lon"], 2), round(c["lat"], 2)))
          for c in cities}
    lonlat = {c["name"]: (round(c["lon"], 2), round(c["lat"], 2)) for c in cities}

    def layer(name: str) -> list[dict[str, Any]]:
        return [f for f in features if f["properties"]["layer"] == name]

    land = unary_union([project_geometry(proj, shape(f["geometry"])) for f in layer("land")])
    lakes = unary_union([project_geometry(proj, shape(f["geometry"])) for f in layer("lake")])
    ranges = [(f["properties"]["name"], f["properties"]["range"],
               project_geometry(proj, shape(f["geometry"]))) for f in layer("mountain_range")]
    seas = [(f["properties"]["name"], project_geometry(proj, shape(f["geometry"])))
            for f in layer("sea")]
    return Geo(proj, size, cities, at, lonlat, land.difference(lakes), ranges, seas, features)


def rounded_point(p: tuple[float, float]) -> tuple[float, float]:
    return (round(p[0], 1), round(p[1], 1))


# -- candidates --------------------------------------------------------------------------------


@dataclass
class Candidate:
    a: str
    b: str
    line: list[tuple[float, float]]
    km: float  # great circle
    sea: float  # share of the drawn line over water
    mountains: dict[str, float]  # range family -> mm inside, away from the cities
    clearance: float  # the nearest third city (mm)
    near: str

    @property
    def pair(self) -> Pair:
        return key(self.a, self.b)

    @property
    def rail_km(self) -> float:
        return self.km * (1.25 * (1 - self.sea) + 1.0 * self.sea)

    @property
    def mountain_mm(self) -> float:
        return max(self.mountains.values(), default=0.0)


def great_circle(a: tuple[float, float], b: tuple[float, float]) -> float:
    (l1, p1), (l2, p2) = a, b
    p1, p2, dl = math.radians(p1), math.radians(p2), math.radians(l2 - l1)
    c = math.sin(p1) * math.sin(p2) + math.cos(p1) * math.cos(p2) * math.cos(dl)
    return 6371.0 * math.acos(max(-1.0, min(1.0, c)))


def drawn_line(geo: Geo, a: str, b: str) -> list[tuple[float, float]]:
    way = WAYPOINTS.get((a, b))
    if way is None and (b, a) in WAYPOINTS:
        way = tuple(reversed(WAYPOINTS[(b, a)]))
    mids = [rounded_point(geo.projection.project(lon, lat)) for lon, lat in (way or ())]
    return [geo.at[a], *mids, geo.at[b]]


def measure(geo: Geo, a: str, b: str) -> Candidate:
    line = drawn_line(geo, a, b)
    ls = LineString(line)
    sea = 1.0 - ls.intersection(geo.dry).length / ls.length
    inner = ls.difference(Point(line[0]).buffer(CITY_DISC)).difference(
        Point(line[-1]).buffer(CITY_DISC))
    mountains: dict[str, float] = {}
    for _name, family, poly in geo.ranges:
        inside = inner.intersection(poly).length
        if inside > 0:
            mountains[family] = round(mountains.get(family, 0.0) + inside, 1)
    third = min((ls.distance(Point(geo.at[c])), c) for c in geo.at if c not in (a, b))
    return Candidate(a, b, line, great_circle(geo.lonlat[a], geo.lonlat[b]), round(sea, 3),
                     mountains, round(third[0], 1), third[1])


def candidates(geo: Geo) -> dict[Pair, Candidate]:
    names = sorted(geo.at)
    tri = shapely.delaunay_triangles(shapely.MultiPoint([geo.at[n] for n in names]),
                                     only_edges=True)
    index = {geo.at[n]: n for n in names}
    pairs = set()
    for ln in shapely.get_parts(tri):
        p, q = (tuple(round(v, 1) for v in c) for c in ln.coords)
        pairs.add(key(index[(p[0], p[1])], index[(q[0], q[1])]))
    pairs |= {key(*p) for p in ADD}
    out = {}
    for a, b in sorted(pairs):
        if (a, b) in DROP:
            continue
        c = measure(geo, a, b)
        if c.km > MAX_KM or c.clearance < CLEARANCE:
            continue
        out[(a, b)] = c
    return out


# -- selection ---------------------------------------------------------------------------------


def bridges(nodes: Iterable[str], edges: Iterable[Pair]) -> list[Pair]:
    """The edges whose removal disconnects the graph (Tarjan)."""
    adj: dict[str, list[str]] = {n: [] for n in nodes}
    for a, b in edges:
        adj[a].append(b)
        adj[b].append(a)
    disc: dict[str, int] = {}
    low: dict[str, int] = {}
    out: list[Pair] = []
    counter = [0]

    def dfs(u: str, parent: str | None) -> None:
        disc[u] = low[u] = counter[0]
        counter[0] += 1
        for v in sorted(adj[u]):
            if v == parent:
                continue
            if v in disc:
                low[u] = min(low[u], disc[v])
            else:
                dfs(v, u)
                low[u] = min(low[u], low[v])
                if low[v] > disc[u]:
                    out.append(key(u, v))

    for n in sorted(adj):
        if n not in disc:
            dfs(n, None)
    return sorted(out)


def connected(nodes: Sequence[str], edges: Iterable[Pair]) -> bool:
    adj: dict[str, set[str]] = {n: set() for n in nodes}
    for a, b in edges:
        adj[a].add(b)
        adj[b].add(a)
    seen = {nodes[0]}
    todo = [nodes[0]]
    while todo:
        u = todo.pop()
        for v in adj[u] - seen:
            seen.add(v)
            todo.append(v)
    return len(seen) == len(nodes)


def select(geo: Geo, cands: dict[Pair, Candidate]) -> list[Pair]:
    nodes = sorted(geo.at)
    keep = {key(*p) for p in (*MAIN_LINES, *KEEP, *LONG_SET)}
    missing = sorted(p for p in keep if p not in cands)
    if missing:
        raise SystemExit(f"main lines that are no candidates: {missing}")
    chosen = set(cands)
    for p in sorted(cands, key=lambda p: -cands[p].rail_km):
        if len(chosen) <= TARGET_PAIRS:
            break
        if p in keep:
            continue
        trial = chosen - {p}
        deg: dict[str, int] = {n: 0 for n in nodes}
        for a, b in trial:
            deg[a] += 1
            deg[b] += 1
        if min(deg.values()) < 2 or not connected(nodes, trial):
            continue
        if len(bridges(nodes, trial)) > 1:
            continue
        chosen = trial
    return sorted(chosen)


# -- the network's routes ----------------------------------------------------------------------


@dataclass
class Lane:
    a: str
    b: str
    length: int
    kind: str  # ordinary | ferry | tunnel
    locomotives: int
    colour: str = "grey"
    double: str | None = None
    line: list[tuple[float, float]] = field(default_factory=list)

    @property
    def pair(self) -> Pair:
        return key(self.a, self.b)


def kinds(cands: dict[Pair, Candidate], pairs: Sequence[Pair]) -> dict[Pair, str]:
    out = {}
    for p in pairs:
        c = cands[p]
        if c.sea >= SEA_FERRY:
            out[p] = "ferry"
        elif c.mountain_mm >= TUNNEL_MM and p not in NOT_TUNNEL:
            out[p] = "tunnel"
        else:
            out[p] = "ordinary"
    return out


def symbols(length: int, sea: float) -> int:
    """A ferry's locomotive symbols (T-F1): two for a crossing almost all by sea, a long one
    (4 spaces or more) more than half by sea, or the 6; else one."""
    return 2 if sea >= 0.9 or length >= 6 or (length >= 4 and sea > 0.5) else 1


def lengths(cands: dict[Pair, Candidate], pairs: Sequence[Pair], kind: dict[Pair, str]
            ) -> dict[Pair, int]:
    """Lengths by rank (brief 4d): the pairs sorted by rail distance get the histogram in
    that order. A tunnel ranks as if TUNNEL_RANK of its distance: a line through the
    mountains is drawn shorter than the detour of the real railway, and the tunnel's risk
    (T-T3) is its price."""
    long = {key(*p): n for p, n in LONG_SET.items()}

    def rank(p: Pair) -> tuple[float, Pair]:
        factor = TUNNEL_RANK if kind[p] == "tunnel" else 1.0
        return (cands[p].rail_km * factor, p)

    rest = sorted((p for p in pairs if p not in long), key=rank)
    hist = [n for n, count in sorted(PAIR_LENGTHS.items()) for _ in range(count)]
    out = dict(long)
    for i, p in enumerate(rest):
        out[p] = hist[round(i * (len(hist) - 1) / max(1, len(rest) - 1))]
    return out


# -- traffic and doubles -----------------------------------------------------------------------


def traffic(names: Sequence[str], pairs: Sequence[Pair], length: dict[Pair, int]
            ) -> dict[Pair, float]:
    """For each pair, the share of all city-to-city shortest paths that use it (split
    evenly where several shortest paths exist)."""
    idx = {n: i for i, n in enumerate(names)}
    n = len(names)
    d = all_distances(n, {(idx[a], idx[b]): length[(a, b)] for a, b in pairs})
    load: dict[Pair, float] = {p: 0.0 for p in pairs}
    adj: dict[int, list[tuple[int, int, Pair]]] = {i: [] for i in range(n)}
    for p in pairs:
        a, b = idx[p[0]], idx[p[1]]
        adj[a].append((b, length[p], p))
        adj[b].append((a, length[p], p))
    for s in range(n):
        # number of shortest paths from s to each city, and to the target through each edge
        order = sorted(range(n), key=lambda v: d[s][v])
        count = [0.0] * n
        count[s] = 1.0
        for v in order:
            for w, ln, _ in adj[v]:
                if d[s][v] + ln == d[s][w]:
                    count[w] += count[v]
        for t in range(s + 1, n):
            # share of paths s->t through each edge: back-propagate from t
            flow = [0.0] * n
            flow[t] = 1.0
            for v in sorted(range(n), key=lambda v: -d[s][v]):
                if flow[v] == 0.0:
                    continue
                for w, ln, p in adj[v]:
                    if d[s][w] + ln == d[s][v]:
                        share = flow[v] * count[w] / count[v]
                        flow[w] += share
                        load[p] += share
    return load


def doubles(geo: Geo, pairs: Sequence[Pair], length: dict[Pair, int], kind: dict[Pair, str]
            ) -> list[Pair]:
    """Brief 4e: the ferry doubles of :data:`FERRY_DOUBLES`, then the pairs with the most
    traffic in the dense west and centre, by the quotas of :data:`DOUBLE_QUOTAS` (lengths),
    one tunnel pair at most."""
    region = {c["name"]: c["region"] for c in geo.cities}
    load = traffic(sorted(geo.at), pairs, length)
    chosen = [key(*p) for p in FERRY_DOUBLES]
    quota = dict(DOUBLE_QUOTAS)
    tunnels = 0
    for p in sorted(pairs, key=lambda p: (-load[p], p)):
        if p in chosen or kind[p] == "ferry" or p in {key(*q) for q in LONG_SET}:
            continue
        if region[p[0]] not in DENSE or region[p[1]] not in DENSE:
            continue
        if quota.get(length[p], 0) <= 0 or (kind[p] == "tunnel" and tunnels >= 1):
            continue
        quota[length[p]] -= 1
        tunnels += kind[p] == "tunnel"
        chosen.append(p)
    return chosen


# -- colours -----------------------------------------------------------------------------------


@dataclass
class ColourProblem:
    lanes: list[Lane]
    region: dict[str, str]
    free: list[int]  # lanes whose colour is searched (the others are grey)

    def __post_init__(self) -> None:
        self.lengths = [ln.length for ln in self.lanes]
        self.ends = [(ln.a, ln.b) for ln in self.lanes]
        self.regions = [(self.region[ln.a], self.region[ln.b]) for ln in self.lanes]
        self.tunnel = [ln.kind == "tunnel" for ln in self.lanes]
        self.partners = [(i, j) for i, a in enumerate(self.lanes)
                         for j, b in enumerate(self.lanes)
                         if i < j and a.double is not None and a.double == b.double]

    def cost(self, cols: Sequence[str]) -> float:
        count: dict[str, int] = {}
        spaces: dict[str, int] = {}
        lengths: dict[str, set[int]] = {}
        regions: dict[str, set[str]] = {}
        at: dict[tuple[str, str], int] = {}
        tunnels = 0
        for i, c in enumerate(cols):
            count[c] = count.get(c, 0) + 1
            spaces[c] = spaces.get(c, 0) + self.lengths[i]
            if c == "grey":
                continue
            lengths.setdefault(c, set()).add(self.lengths[i])
            regions.setdefault(c, set()).update(self.regions[i])
            tunnels += self.tunnel[i]
            for e in self.ends[i]:
                at[(e, c)] = at.get((e, c), 0) + 1
        cost = 0.0
        g, gs = count.get("grey", 0), spaces.get("grey", 0)
        cost += 4 * max(0, 35 - g, g - 39) + 2 * max(0, 115 - gs, gs - 125)
        for c in CARD_COLOURS:
            k, sp = count.get(c, 0), spaces.get(c, 0)
            cost += 4 * abs(k - 8) + 1.5 * abs(sp - 22) + 6 * max(0, abs(sp - 22) - 2)
            cost += 4 * max(0, 3 - len(lengths.get(c, ())))
            cost += 4 * max(0, 4 - len(regions.get(c, ())))
        cost += 4 * abs(tunnels - 8)
        # a colour twice at a city (at most one such city), never on both lanes of a double
        repeats = sum(n - 1 for n in at.values() if n > 1)
        cost += 6 * max(0, repeats - 1) + 0.5 * repeats
        for i, j in self.partners:
            if cols[i] == cols[j] and cols[i] != "grey":
                cost += 20
        return cost


def colour_lanes(lanes: list[Lane], region: dict[str, str], rng: random.Random) -> float:
    """Brief 4f: colours by simulated annealing (seeded). Ferries and the long set stay grey;
    every other lane may be grey or one of the eight colours."""
    fixed = {i for i, ln in enumerate(lanes)
             if ln.kind == "ferry" or ln.pair in {key(*p) for p in LONG_SET}}
    free = [i for i in range(len(lanes)) if i not in fixed]
    problem = ColourProblem(lanes, region, free)
    palette = ("grey", *CARD_COLOURS)
    best_cols: list[str] = []
    best = math.inf
    for _restart in range(COLOUR_RESTARTS):
        cols = ["grey"] * len(lanes)
        for i in free:
            cols[i] = rng.choice(palette)
        cost = problem.cost(cols)
        temp = 8.0
        for step in range(COLOUR_STEPS):
            i = rng.choice(free)
            if rng.random() < 0.5:
                j = rng.choice(free)
                if cols[i] == cols[j]:
                    continue
                cols[i], cols[j] = cols[j], cols[i]
                new = problem.cost(cols)
                if new <= cost or rng.random() < math.exp((cost - new) / temp):
                    cost = new
                else:
                    cols[i], cols[j] = cols[j], cols[i]
            else:
                old = cols[i]
                cols[i] = rng.choice(palette)
                new = problem.cost(cols)
                if new <= cost or rng.random() < math.exp((cost - new) / temp):
                    cost = new
                else:
                    cols[i] = old
            temp = max(0.05, 8.0 * (1 - step / COLOUR_STEPS))
            if cost < best:
                best, best_cols = cost, cols[:]
    for lane, c in zip(lanes, best_cols, strict=True):
        lane.colour = c
    return best


# -- tickets -----------------------------------------------------------------------------------


@dataclass
class TicketNet:
    names: list[str]
    region: dict[str, str]
    dist: tuple[tuple[int, ...], ...]
    hops: list[list[int]]
    forced: dict[tuple[int, int], frozenset[Pair]]
    on_some: dict[tuple[int, int], frozenset[Pair]]
    regions_on: dict[tuple[int, int], frozenset[str]]
    adjacent: set[tuple[int, int]]
    #: How much longer the best way is that uses no route of any shortest path (the way
    #: left to a ticket whose shortest ways are taken; 99 when there is none).
    detour: dict[tuple[int, int], int]
    #: Every pair of the network.
    pairs: frozenset[Pair]


def ticket_net(geo: Geo, pairs: Sequence[Pair], length: dict[Pair, int]) -> TicketNet:
    names = sorted(geo.at)
    idx = {n: i for i, n in enumerate(names)}
    n = len(names)
    d = all_distances(n, {(idx[a], idx[b]): length[(a, b)] for a, b in pairs})
    adj: dict[int, list[tuple[int, int]]] = {i: [] for i in range(n)}
    for a, b in pairs:
        adj[idx[a]].append((idx[b], length[(a, b)]))
        adj[idx[b]].append((idx[a], length[(a, b)]))
    region = {c["name"]: c["region"] for c in geo.cities}
    hops = [[0] * n for _ in range(n)]
    forced: dict[tuple[int, int], frozenset[Pair]] = {}
    detour: dict[tuple[int, int], int] = {}
    on_some: dict[tuple[int, int], frozenset[Pair]] = {}
    regions_on: dict[tuple[int, int], frozenset[str]] = {}
    for s in range(n):
        for t in range(s + 1, n):
            total = d[s][t]
            # edges on some shortest path, with their offset from s
            spans = []
            nodes_on: set[int] = set()
            for a, b in pairs:
                u, v, ln = idx[a], idx[b], length[(a, b)]
                for x, y in ((u, v), (v, u)):
                    if d[s][x] + ln + d[y][t] == total:
                        spans.append((d[s][x], d[s][x] + ln, (a, b)))
                        nodes_on.update((x, y))
            on_some[(s, t)] = frozenset(p for _, _, p in spans)
            forced[(s, t)] = frozenset(
                p for lo, hi, p in spans
                if not any(q != p and lo2 < hi and lo < hi2 for lo2, hi2, q in spans))
            regions_on[(s, t)] = frozenset(region[names[v]] for v in nodes_on)
            # fewest routes on a shortest path
            best = {s: 0}
            for v in sorted(nodes_on | {s}, key=lambda v: d[s][v]):
                for w, ln in adj[v]:
                    if w in nodes_on and d[s][v] + ln == d[s][w]:
                        best[w] = min(best.get(w, 99), best[v] + 1)
            hops[s][t] = hops[t][s] = best.get(t, 0)
            rest = {(idx[a], idx[b]): length[(a, b)] for a, b in pairs
                    if (a, b) not in on_some[(s, t)]}
            detour[(s, t)] = min(99, way(n, rest, s, t) - total)
    adjacent = {(idx[a], idx[b]) for a, b in pairs} | {(idx[b], idx[a]) for a, b in pairs}
    return TicketNet(names, region, d, hops, forced, on_some, regions_on, adjacent, detour,
                     frozenset(pairs))


def way(n: int, lengths: dict[tuple[int, int], int], s: int, t: int) -> int:
    """The shortest way from ``s`` to ``t`` over ``lengths`` (Dijkstra; 999 when none)."""
    adj: dict[int, list[tuple[int, int]]] = {i: [] for i in range(n)}
    for (a, b), ln in lengths.items():
        adj[a].append((b, ln))
        adj[b].append((a, ln))
    best = {s: 0}
    todo = [(0, s)]
    while todo:
        du, u = heapq.heappop(todo)
        if u == t:
            return du
        if du > best[u]:
            continue
        for v, ln in adj[u]:
            if du + ln < best.get(v, 999):
                best[v] = du + ln
                heapq.heappush(todo, (du + ln, v))
    return 999


def eccentricity(net: TicketNet) -> list[int]:
    return [max(row) for row in net.dist]


def draw_long(net: TicketNet, rng: random.Random, long_pairs: Sequence[Pair]
              ) -> list[tuple[int, int]]:
    """Brief 5: six long tickets worth 20-21, endpoints 6 or more routes apart, twelve
    distinct cities (at least 8 among the 15 most remote, by eccentricity), each over three
    regions at least, and every route of the long set on the shortest path of one of them
    (hard rules); among the decks found by seeded random restarts, the one with values
    closest to three 20s and three 21s and the most remote cities."""
    ecc = eccentricity(net)
    rim = set(sorted(range(len(net.names)), key=lambda v: (-ecc[v], v))[:15])
    cands = [(s, t) for s in range(len(net.names)) for t in range(s + 1, len(net.names))
             if net.dist[s][t] in (20, 21) and net.hops[s][t] >= 6
             and len(net.regions_on[(s, t)]) >= 3]
    covering = {p: [c for c in cands if p in net.on_some[c]] for p in long_pairs}
    missing = [p for p, cs in covering.items() if not cs]
    if missing:
        raise SystemExit(f"no long ticket can use {missing}: choose another LONG_SET")
    best: list[tuple[int, int]] = []
    best_cost = math.inf
    for _ in range(LONG_RESTARTS):
        deck: list[tuple[int, int]] = []
        used: set[int] = set()
        for p in long_pairs:
            if any(p in net.on_some[c] for c in deck):
                continue
            options = [c for c in covering[p] if c[0] not in used and c[1] not in used]
            if not options:
                break
            pick = rng.choice(options)
            deck.append(pick)
            used |= set(pick)
        pool = [c for c in cands if c[0] not in used and c[1] not in used]
        rng.shuffle(pool)
        pool.sort(key=lambda c: -((c[0] in rim) + (c[1] in rim)))
        for s, t in pool:
            if len(deck) == 6:
                break
            if s not in used and t not in used:
                deck.append((s, t))
                used |= {s, t}
        covered = set().union(*(net.on_some[c] for c in deck)) if deck else set()
        if len(deck) < 6 or len(used & rim) < 8 or any(p not in covered for p in long_pairs):
            continue
        cost = abs(sum(1 for c in deck if net.dist[c[0]][c[1]] == 21) - 3) - 0.1 * len(used & rim)
        if cost < best_cost:
            best, best_cost = sorted(deck), cost
    if not best:
        raise SystemExit("no long deck meets the rules: choose another LONG_SET or seed")
    return best


#: The published shape of the regular deck: tickets per value (brief 5).
REGULAR_SHAPE = {5: 5, 6: 5, 7: 5, 8: 13, 9: 2, 10: 5, 11: 2, 12: 2, 13: 1}


def deck_cost(net: TicketNet, deck: Sequence[tuple[int, int]],
              long: Sequence[tuple[int, int]]) -> float:
    n = len(net.names)
    per_city = [0] * n
    for s, t in deck:
        per_city[s] += 1
        per_city[t] += 1
    covered = {v for s, t in (*deck, *long) for v in (s, t)}
    cost = 20.0 * (n - len(covered))  # every city on some ticket
    cost += 10.0 * sum(max(0, c - 4) for c in per_city)
    mean = 2 * len(deck) / n
    cost += sum((c - mean) ** 2 for c in per_city) * 0.5
    load: dict[Pair, int] = {}
    for p in (*deck, *long):
        for q in net.forced[p]:
            load[q] = load.get(q, 0) + 1
    cost += 8.0 * sum(max(0, v - 5) for v in load.values())
    regions: dict[str, int] = {}
    for p in (*deck, *long):
        for r in {net.region[net.names[p[0]]], net.region[net.names[p[1]]]}:
            regions[r] = regions.get(r, 0) + 1
    cost += 10.0 * sum(max(0, 4 - regions.get(r, 0)) for r in set(net.region.values()))
    near = 0
    for i, (s, t) in enumerate(deck):
        for s2, t2 in deck[i + 1:]:
            if ((s == s2 or (s, s2) in net.adjacent) and (t == t2 or (t, t2) in net.adjacent)) \
                    or ((s == t2 or (s, t2) in net.adjacent)
                        and (t == s2 or (t, s2) in net.adjacent)):
                near += 1
    cost += 6.0 * near
    # a ticket whose shortest ways, once taken, leave only a long way round is the one most
    # often blocked when the table is full
    cost += DETOUR_WEIGHT * sum(max(0, net.detour[p] - DETOUR_SLACK) for p in deck)
    # a route on no ticket's shortest way is claimed by nobody, on one by few
    ways = Counter(chain.from_iterable(net.on_some[p] for p in (*deck, *long)))
    cost += COVER_WEIGHT * sum(COVER_WAYS - ways[q] for q in net.pairs if ways[q] < COVER_WAYS)
    return cost


def draw_regular(net: TicketNet, rng: random.Random, long: Sequence[tuple[int, int]]
                 ) -> list[tuple[int, int]]:
    """Brief 5: forty regular tickets with the published shape of values, endpoints 2-4
    routes apart, no pair twice; the deck with the least :func:`deck_cost` found by a
    greedy start and seeded swaps within each value, from several restarts."""
    n = len(net.names)
    by_value: dict[int, list[tuple[int, int]]] = {v: [] for v in REGULAR_SHAPE}
    for s in range(n):
        for t in range(s + 1, n):
            v = net.dist[s][t]
            if v in by_value and 2 <= net.hops[s][t] <= 4:
                by_value[v].append((s, t))
    best: list[tuple[int, int]] = []
    best_cost = math.inf
    for _ in range(TICKET_RESTARTS):
        deck = []
        for v, count in sorted(REGULAR_SHAPE.items()):
            deck += rng.sample(by_value[v], count)
        cost = deck_cost(net, deck, long)
        temp = 4.0
        for step in range(TICKET_STEPS):
            i = rng.randrange(len(deck))
            v = net.dist[deck[i][0]][deck[i][1]]
            new_ticket = rng.choice(by_value[v])
            if new_ticket in deck:
                continue
            old = deck[i]
            deck[i] = new_ticket
            new = deck_cost(net, deck, long)
            if new <= cost or rng.random() < math.exp((cost - new) / temp):
                cost = new
            else:
                deck[i] = old
            temp = max(0.02, 4.0 * (1 - step / TICKET_STEPS))
        if cost < best_cost:
            best, best_cost = sorted(deck, key=lambda p: (net.dist[p[0]][p[1]], p)), cost
    return best


# -- lines -------------------------------------------------------------------------------------


def lane_lines(lanes: list[Lane], cands: dict[Pair, Candidate]) -> None:
    """Each lane's drawn line: the candidate's line; the two lanes of a double side by side,
    DOUBLE_GAP apart (parting within DOUBLE_SPLAY of each city)."""
    for lane in lanes:
        c = cands[lane.pair]
        line = c.line if (c.a, c.b) == (lane.a, lane.b) else list(reversed(c.line))
        if lane.double is None:
            lane.line = line
            continue
        first = next(o for o in lanes if o.double == lane.double)
        lane.line = offset_line(line, (-1.0 if first is lane else 1.0) * DOUBLE_GAP / 2)


def offset_line(line: Sequence[tuple[float, float]], off: float) -> list[tuple[float, float]]:
    """A line beside ``line``, ``off`` mm to its left (negative: right), leaving and reaching
    the same two ends."""
    pts = list(line)

    def unit(a: tuple[float, float], b: tuple[float, float]) -> tuple[float, float]:
        d = math.hypot(b[0] - a[0], b[1] - a[1])
        return ((b[0] - a[0]) / d, (b[1] - a[1]) / d)

    dirs = [unit(pts[i], pts[i + 1]) for i in range(len(pts) - 1)]
    normals = [(-u[1], u[0]) for u in dirs]
    out = [pts[0]]
    u0, n0 = dirs[0], normals[0]
    out.append(rounded_point((pts[0][0] + u0[0] * DOUBLE_SPLAY + n0[0] * off,
                              pts[0][1] + u0[1] * DOUBLE_SPLAY + n0[1] * off)))
    for i in range(1, len(pts) - 1):
        nx, ny = normals[i - 1][0] + normals[i][0], normals[i - 1][1] + normals[i][1]
        k = math.hypot(nx, ny)
        cos_half = k / 2
        out.append(rounded_point((pts[i][0] + nx / k * off / cos_half,
                                  pts[i][1] + ny / k * off / cos_half)))
    u1, n1 = dirs[-1], normals[-1]
    out.append(rounded_point((pts[-1][0] - u1[0] * DOUBLE_SPLAY + n1[0] * off,
                              pts[-1][1] - u1[1] * DOUBLE_SPLAY + n1[1] * off)))
    out.append(pts[-1])
    return out


def crossings(lanes: Sequence[Lane]) -> list[tuple[Pair, Pair]]:
    out = []
    for i, a in enumerate(lanes):
        la = LineString(a.line)
        for b in lanes[i + 1:]:
            shared = {a.a, a.b} & {b.a, b.b}
            hit = la.intersection(LineString(b.line))
            if hit.is_empty:
                continue
            ends = [Point(p) for p in (a.line[0], a.line[-1]) if p in (b.line[0], b.line[-1])]
            rest = hit
            for e in ends:
                rest = rest.difference(e.buffer(0.01))
            if not rest.is_empty or not shared:
                out.append((a.pair, b.pair))
    return out


def report_network(geo: Geo, cands: dict[Pair, Candidate], pairs: Sequence[Pair]) -> None:
    """The network's choices, for the map's author (``--network``)."""
    names = sorted(geo.at)
    idx = {n: i for i, n in enumerate(names)}
    kd = kinds(cands, pairs)
    ln = lengths(cands, pairs, kd)
    dist = all_distances(len(names), {(idx[a], idx[b]): ln[(a, b)] for a, b in pairs})
    flat = [d for i, row in enumerate(dist) for j, d in enumerate(row) if i < j]
    deg: dict[str, int] = {n: 0 for n in names}
    for a, b in pairs:
        deg[a] += 1
        deg[b] += 1
    print(f"pairs {len(pairs)}; spaces {sum(ln.values())}; diameter {max(flat)}; "
          f"mean {sum(flat) / len(flat):.2f}; bridges {bridges(names, pairs)}")
    print("degree 2:", [n for n in names if deg[n] == 2], "max", max(deg.values()))
    for k in ("ferry", "tunnel"):
        print(k, [(f"{a}-{b}", ln[(a, b)], round(cands[(a, b)].sea, 2), cands[(a, b)].mountains)
                  for a, b in pairs if kd[(a, b)] == k])
    print("dropped", [(f"{a}-{b}", round(cands[(a, b)].km))
                      for a, b in sorted(set(cands) - set(pairs))])


@dataclass
class TtrMap:
    geo: Geo
    lanes: list[Lane]
    long: list[tuple[str, str, int]]
    regular: list[tuple[str, str, int]]
    seed: int


def build(geodata: Path, seed: int) -> TtrMap:
    """The whole map, from the geodata and the seed."""
    geo = load_geo(geodata)
    cands = candidates(geo)
    pairs = select(geo, cands)
    kind = kinds(cands, pairs)
    length = lengths(cands, pairs, kind)
    two = set(doubles(geo, pairs, length, kind))
    lanes: list[Lane] = []
    for p in pairs:
        c = cands[p]
        locos = symbols(length[p], c.sea) if kind[p] == "ferry" else 0
        count = 2 if p in two else 1
        for _ in range(count):
            lanes.append(Lane(c.a, c.b, length[p], kind[p], locos,
                              double=f"{c.a}-{c.b}" if count == 2 else None))
    rng = random.Random(seed)
    region = {c["name"]: c["region"] for c in geo.cities}
    colour_lanes(lanes, region, rng)
    lane_lines(lanes, cands)
    net = ticket_net(geo, pairs, length)
    long_pairs = [key(*p) for p in LONG_SET]
    long = draw_long(net, rng, long_pairs)
    regular = draw_regular(net, rng, long)
    names = net.names
    return TtrMap(
        geo, lanes,
        [(names[s], names[t], net.dist[s][t]) for s, t in long],
        [(names[s], names[t], net.dist[s][t]) for s, t in regular], seed)


# -- writing -------------------------------------------------------------------------------------


def q(text: str) -> str:
    """A YAML scalar for a name (plain when safe, else double-quoted)."""
    safe = text.replace(" ", "").replace("-", "").isalpha()
    return text if safe and text not in ("yes", "no", "on", "off", "null") else json.dumps(
        text, ensure_ascii=False)


def num(v: float) -> str:
    return f"{v:.1f}".rstrip("0").rstrip(".") if v != int(v) else str(int(v))


def pt(p: tuple[float, float]) -> str:
    return f"[{num(p[0])}, {num(p[1])}]"


def map_yaml(m: TtrMap) -> str:
    geo = m.geo
    pr = geo.projection
    out = [
        "# yaml-language-server: $schema=ttr-schema.json",
        "# Ticket to Ride: an original map of Europe, c. 1900. Made by tools/build_ttr_map.py from",
        "# the geodata in tools/geodata (rerunning the script overwrites this file). The format",
        "# is described key by key in ttr-schema.json and in maps/README.md.",
        "game: ttr",
        "format: 1",
        f"name: {MAP_NAME}",
        "description: 47 cities of about 1900, from Lisboa to Moskva and from Kristiania to Athen.",
        "attribution:",
        '  - "Land, lakes, seas and mountain ranges: Made with Natural Earth (public domain)"',
        '  - "City positions: data from GeoNames.org (CC-BY 4.0)"',
        f"background: {STEM}.geojson",
        f"board: {{width: {num(geo.size[0])}, height: {num(geo.size[1])}}}",
        f"projection: {{type: lambert-conic, lon0: {num(pr.lon0)}, lat0: {num(pr.lat0)}, "
        f"lat1: {num(pr.lat1)}, lat2: {num(pr.lat2)}, mm_per_km: {pr.mm_per_km}, "
        f"origin: {pt(pr.origin)}}}",
        f"generator: {{tool: tools/build_ttr_map.py, seed: {m.seed}}}",
        "",
        "# name: as about 1900; es, en: the names a player reads; lon, lat: WGS84 (GeoNames);",
        "# at: where it is drawn (mm from the board's top left corner); region: for the spread.",
        "cities:",
    ]
    for c in geo.cities:
        lon, lat = geo.lonlat[c["name"]]
        out.append(f"  - {{name: {q(c['name'])}, es: {q(c['es'])}, en: {q(c['en'])}, "
                   f"lon: {lon}, lat: {lat}, at: {pt(geo.at[c['name']])}, region: {c['region']}}}")
    out += ["", "# one item per lane: a double route is two lanes naming the same 'double'.",
            "# line: the drawn line of its spaces, from the first city to the second (mm).",
            "routes:"]
    for lane in m.lanes:
        extra = ""
        if lane.kind == "ferry":
            extra += f", locomotives: {lane.locomotives}"
        if lane.double is not None:
            extra += f", double: {q(lane.double)}"
        out.append(f"  - {{from: {q(lane.a)}, to: {q(lane.b)}, colour: {lane.colour}, "
                   f"length: {lane.length}, kind: {lane.kind}{extra},")
        out.append(f"     line: [{', '.join(pt(p) for p in lane.line)}]}}")
    out += ["", "# value: the shortest path between the two cities in spaces (D-33).",
            "tickets:", "  long:"]
    for a, b, v in m.long:
        out.append(f"    - {{from: {q(a)}, to: {q(b)}, value: {v}}}")
    out.append("  regular:")
    for a, b, v in m.regular:
        out.append(f"    - {{from: {q(a)}, to: {q(b)}, value: {v}}}")
    return "\n".join(out) + "\n"


def background_geojson(m: TtrMap) -> str:
    """The board's background: the geodata's land, lakes, seas and mountain ranges (lon/lat),
    as the map draws and checks them."""
    feats = [f for f in m.geo.features
             if f["properties"]["layer"] in ("land", "lake", "sea", "mountain_range")]
    return json.dumps({"type": "FeatureCollection", "features": feats}, ensure_ascii=False,
                      separators=(",", ":")) + "\n"


def figures(m: TtrMap) -> list[str]:
    lanes = m.lanes
    lines = [f"{len(m.geo.cities)} cities, {len({ln.pair for ln in lanes})} pairs, "
             f"{len(lanes)} lanes, {sum(ln.length for ln in lanes)} spaces"]
    crossing = crossings(lanes)
    lines.append(f"crossings: {crossing or 'none'}")
    return lines


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--geodata", type=Path, default=ROOT / "tools" / "geodata")
    ap.add_argument("--out", type=Path, default=ROOT / "maps")
    ap.add_argument("--seed", type=int, default=SEED)
    ap.add_argument("--network", action="store_true", help="print the network's choices only")
    args = ap.parse_args(argv)
    if args.network:
        geo = load_geo(args.geodata)
        cands = candidates(geo)
        report_network(geo, cands, select(geo, cands))
        return 0
    m = build(args.geodata, args.seed)
    (args.out / f"{STEM}.yaml").write_text(map_yaml(m), encoding="utf-8")
    (args.out / f"{STEM}.geojson").write_text(background_geojson(m), encoding="utf-8")
    for line in figures(m):
        print(line)
    from rail_app.core.mapfile import MapError
    from rail_app.games.ttr.rules.mapfile import load_board

    try:
        load_board(args.out / f"{STEM}.yaml")
    except MapError as exc:
        for p in exc.problems:
            print(p, file=sys.stderr)
        return 1
    print(f"wrote {args.out / (STEM + '.yaml')} and {args.out / (STEM + '.geojson')}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
