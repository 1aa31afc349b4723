"""K5: no segment may cut the opponent off from any city, even in theory.

The check: after the builder adds a segment, every city must still be reachable from some
major city through the *usable* graph: every legal segment not owned by the builder
(unbuilt ones, the opponent's, the free major-city track, the strait) plus every ferry.

Only a segment that is a *bridge* of that graph can disconnect anything. Most candidate
segments lie on a triangle of the dot grid whose two other sides are usable, so they are
settled in a few lookups. For the others, one depth-first search (Tarjan's bridge-finding)
over the usable graph records, for every bridge, how many cities and major-city dots lie on
each side; answering a quote is then a table look-up. The search is cached per board and
builder's track, so the quotes of a drag preview or of the computer opponent's search on one
state cost almost nothing.

Only cities that can reach a major city *before* the segment are protected: a segment is
refused when it newly cuts a city off, never because the map already had an unreachable city.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from rail_app.core.cache import BoundedCache
from rail_app.games.italian_rails.rules.board import Board, edge_key

Edge = tuple[int, int]


@dataclass
class _Topology:
    """The usable-graph skeleton of a board: every legal segment and ferry, numbered."""

    n: int
    nbrs: list[list[tuple[int, int]]]  # dot -> [(neighbour, edge id)]
    edge_id: dict[Edge, int]  # grid segments only
    city_weight: list[int]  # 1 on the dot of a small or medium city
    major_weight: list[int]  # 1 on every dot of a major city
    city_dots: list[int]  # dots of small and medium cities


_TOPOLOGY: BoundedCache[tuple[object, ...], _Topology] = BoundedCache(8)


def _topology(board: Board) -> _Topology:
    """The board's graph for the reach searches, kept per board (its stamp)."""
    return _TOPOLOGY.get(board.stamp, lambda: _make_topology(board))


def _make_topology(board: Board) -> _Topology:
    n = len(board.dots)
    nbrs: list[list[tuple[int, int]]] = [[] for _ in range(n)]
    edge_id: dict[Edge, int] = {}
    for key in sorted(board.edges):
        e = board.edges[key]
        if e.forbidden is not None:
            continue
        eid = len(edge_id)
        edge_id[key] = eid
        nbrs[e.a].append((e.b, eid))
        nbrs[e.b].append((e.a, eid))
    next_id = len(edge_id)
    for f in board.ferries:  # ferries are always usable (K5), never owned by one player
        a, b = f.ports
        nbrs[a].append((b, next_id))
        nbrs[b].append((a, next_id))
        next_id += 1
    city_weight = [0] * n
    major_weight = [0] * n
    city_dots: list[int] = []
    for c in board.city_list:
        if c.major:
            for d in c.dots:
                major_weight[d] = 1
        else:
            city_weight[c.centre] = 1
            city_dots.append(c.centre)
    return _Topology(n, nbrs, edge_id, city_weight, major_weight, city_dots)


@dataclass
class _Analysis:
    """Bridges of one usable graph, with what lies beyond each of them."""

    board: Board
    comp: list[int]  # component of each dot
    tin: list[int]  # discovery time in the depth-first search
    tout: list[int]  # one past the last discovery time in the dot's subtree
    sub_cities: list[int]
    sub_majors: list[int]
    comp_totals: list[tuple[int, int]]  # (cities, major dots) per component
    bridges: dict[int, int]  # edge id -> the child dot below the bridge


def _analyse(topo: _Topology, board: Board, blocked: set[int]) -> _Analysis:
    """Tarjan's bridges (iterative) with subtree sums of cities and major-city dots."""
    n = topo.n
    nbrs = topo.nbrs
    tin = [-1] * n
    tout = [0] * n
    low = [0] * n
    comp = [-1] * n
    pos = [0] * n
    parent_edge = [-1] * n
    sub_c = list(topo.city_weight)
    sub_m = list(topo.major_weight)
    bridges: dict[int, int] = {}
    totals: list[tuple[int, int]] = []
    timer = 0
    for root in range(n):
        if tin[root] != -1:
            continue
        cid = len(totals)
        tin[root] = low[root] = timer
        timer += 1
        comp[root] = cid
        stack = [root]
        while stack:
            u = stack[-1]
            nb = nbrs[u]
            i = pos[u]
            if i < len(nb):
                pos[u] = i + 1
                v, eid = nb[i]
                if eid == parent_edge[u] or eid in blocked:
                    continue
                if tin[v] == -1:
                    parent_edge[v] = eid
                    tin[v] = low[v] = timer
                    timer += 1
                    comp[v] = cid
                    stack.append(v)
                elif tin[v] < low[u]:
                    low[u] = tin[v]
            else:
                stack.pop()
                tout[u] = timer
                if stack:
                    p = stack[-1]
                    if low[u] < low[p]:
                        low[p] = low[u]
                    sub_c[p] += sub_c[u]
                    sub_m[p] += sub_m[u]
                    if low[u] > tin[p]:
                        bridges[parent_edge[u]] = u
        totals.append((sub_c[root], sub_m[root]))
    return _Analysis(board, comp, tin, tout, sub_c, sub_m, totals, bridges)


_ANALYSES: BoundedCache[tuple[object, frozenset[Edge]], _Analysis] = BoundedCache(64)


def _analysis(board: Board, track: Iterable[Edge]) -> _Analysis:
    """The reachability analysis of the board with ``track`` blocked, kept per board (by
    its stamp) and track."""
    frozen = frozenset(track)

    def make() -> _Analysis:
        topo = _topology(board)
        blocked = {topo.edge_id[e] for e in frozen if e in topo.edge_id}
        return _analyse(topo, board, blocked)

    return _ANALYSES.get((board.stamp, frozen), make)


def cut_off_cities(board: Board, builder_track: Iterable[Edge] | set[Edge], a: int,
                   b: int) -> list[str]:
    """Cities that could no longer be reached from any major city by the other player if the
    builder (owning ``builder_track``) also owned the segment ``a``-``b`` (K5). Sorted names;
    empty when the segment is allowed by K5."""
    track = builder_track if isinstance(builder_track, (set, frozenset)) else set(builder_track)
    key = edge_key(a, b)
    topo = _topology(board)
    eid = topo.edge_id.get(key)
    if eid is None or key in track:
        return []  # forbidden or already owned: other rules refuse it, K5 has nothing to add
    # Fast path: a usable triangle a-c-b keeps a and b joined without this segment.
    for c in board.adj[a]:
        if c == b:
            continue
        k1 = edge_key(a, c)
        k2 = edge_key(c, b)
        if (k1 in topo.edge_id and k2 in topo.edge_id and k1 not in track
                and k2 not in track):
            return []
    an = _analysis(board, track)
    child = an.bridges.get(eid)
    if child is None:
        return []
    cities, majors = an.comp_totals[an.comp[child]]
    if majors == 0:
        return []  # nothing here could reach a major city anyway
    below_c, below_m = an.sub_cities[child], an.sub_majors[child]
    lo, hi = an.tin[child], an.tout[child]
    if below_c > 0 and below_m == 0:
        lost = [d for d in topo.city_dots
                if an.comp[d] == an.comp[child] and lo <= an.tin[d] < hi]
    elif cities - below_c > 0 and majors - below_m == 0:
        lost = [d for d in topo.city_dots
                if an.comp[d] == an.comp[child] and not lo <= an.tin[d] < hi]
    else:
        return []
    return sorted(board.city_of_dot[d].name for d in lost)


@dataclass
class _Triangles:
    """For :func:`refused_segments`: the other two sides of every triangle each legal grid
    segment lies on (the triangles of cut_off_cities' quick test), and the segments each
    segment shares a triangle with."""

    sides: dict[Edge, list[tuple[Edge, Edge]]]
    sharing: dict[Edge, list[Edge]]


_TRIANGLES: BoundedCache[tuple[object, ...], _Triangles] = BoundedCache(8)


def _triangles(board: Board) -> _Triangles:
    """The board's triangles of segments, kept per board (its stamp)."""
    return _TRIANGLES.get(board.stamp, lambda: _make_triangles(board))


def _make_triangles(board: Board) -> _Triangles:
    edge_id = _topology(board).edge_id
    sides: dict[Edge, list[tuple[Edge, Edge]]] = {}
    sharing: dict[Edge, list[Edge]] = {}
    for key in edge_id:
        a, b = key
        mine = sides[key] = []
        for x in board.adj[a]:
            if x == b:
                continue
            k1, k2 = edge_key(a, x), edge_key(x, b)
            if k1 in edge_id and k2 in edge_id:
                mine.append((k1, k2))
                sharing.setdefault(k1, []).append(key)
                sharing.setdefault(k2, []).append(key)
    return _Triangles(sides, sharing)


def refused_segments(board: Board, builder_track: Iterable[Edge]) -> set[Edge]:
    """Every grid segment the builder (owning ``builder_track``) may not draw by K5: the
    segments for which :func:`cut_off_cities` names a city, found without asking it about
    every segment of the board. A segment with a usable triangle (both other sides
    legal and not the builder's) is never refused, so only the segments on no triangle and
    those whose every triangle has a side in the builder's track are asked."""
    track = builder_track if isinstance(builder_track, (set, frozenset)) else set(builder_track)
    tri = _triangles(board)
    suspects = {key for key, sides in tri.sides.items() if not sides}
    for t in track:
        suspects.update(tri.sharing.get(t, ()))
    out: set[Edge] = set()
    for key in suspects:
        if key in track:
            continue
        if any(k1 not in track and k2 not in track for k1, k2 in tri.sides[key]):
            continue
        if cut_off_cities(board, track, *key):
            out.add(key)
    return out


def reachable_cities(board: Board, builder_track: Iterable[Edge]) -> set[str]:
    """Cities reachable from some major city without the builder's segments (for checks)."""
    an = _analysis(board, builder_track)
    topo = _topology(board)
    out = {c.name for c in board.majors}
    for d in topo.city_dots:
        if an.comp_totals[an.comp[d]][1] > 0:
            out.add(board.city_of_dot[d].name)
    return out


def clear_cache() -> None:
    _ANALYSES.clear()
