"""Shortest routes for the computer opponent: one cost graph per turn, Dijkstra from cities.

An edge of the cost graph is one step of the train, weighted in "millions-equivalent":
``move`` for the step itself (time is money), plus the rent share for the opponent's track
(M3), plus the build price for track still to draw (K6: the dot drawn *to* and the crossings,
so the graph is directed and building *out of* a major city is cheaper than building
*into* one). New track next to existing track pays a penalty so that networks grow as
corridors. A ferry costs a turn and, until drawn, its price (K8, M5).

Distances from every city are computed once per turn (multi-source: a major city starts from
all seven of its dots) and reused by every plan evaluated in that turn.
"""

from __future__ import annotations

import heapq
from collections.abc import Sequence
from dataclasses import dataclass
from typing import NamedTuple

from rail_app.core.cache import BoundedCache
from rail_app.games.italian_rails.rules import build, events, reach
from rail_app.games.italian_rails.rules.board import Board, edge_key
from rail_app.games.italian_rails.rules.state import VARIANT_SMALL_CITY_ACCESS, Edge, GameState

INF = float("inf")

# edge kinds along a route
BUILT = 0  # own track or the free track of a major city
RENT = 1  # the opponent's track (M3)
NEW = 2  # track still to build
FERRY = 3  # a ferry crossing (M5)


@dataclass
class Weights:
    """How the cost graph trades money against time."""

    move: float = 1.0  # one step of the train, in M
    rent: float = 1.0  # extra per step on the opponent's track
    build: float = 1.0  # per M of track to build
    parallel: float = 1.0  # extra factor on build cost next to existing track


Arc = tuple[int, float, int, float]  # a step of the graph: (node, weight, build M, steps)
_NO_ARCS: tuple[Arc, ...] = ()
QUANTUM = 0.5  # step weights that are whole multiples of this allow _BucketTree


class Tree:
    """A shortest-path tree from a set of source nodes (Dijkstra over the two-layer graph:
    nodes 0..2n-1, node % n is the dot), grown only as far as the questions asked of it need.

    The search settles nodes in the order of (distance, node), as a search run to the end
    would, and stops as soon as the answer asked for can no longer change; asked again, it
    goes on from there. So every answer is the one a whole search gives. ``dist`` and
    ``pred`` are final for the nodes :meth:`best_node` and :meth:`path_to` return (and for
    every node after :meth:`complete`); :meth:`totals` adds up the build money and the
    train steps along the path to such a node when they are asked for.
    """

    def __init__(self, adj: list[Sequence[Arc]], n: int, sources: tuple[int, ...],
                 changed: dict[int, list[Arc]] | None = None) -> None:
        size = 2 * n
        self.n = n
        self.dist: list[float] = [INF] * size
        self.pred: list[int] = [-1] * size
        self._totals: dict[int, tuple[int, float]] = {}  # see totals: the nodes added up
        if changed:  # nodes whose steps differ from the graph's (see dijkstra_with)
            adj = list(adj)
            for u, arcs in changed.items():
                adj[u] = arcs
        self._adj = adj
        self._done = bytearray(size)  # settled
        heap: list[tuple[float, int]] = []
        for s in sources:
            self.dist[s] = 0.0
            self._totals[s] = (0, 0.0)
            heap.append((0.0, s))
        heapq.heapify(heap)
        self._heap = heap

    def _low(self) -> float:
        """No node left to settle is nearer than this (INF: none is left)."""
        return self._heap[0][0] if self._heap else INF

    def _grow(self, limit: float, until: frozenset[int] = frozenset()) -> None:
        """Settle every node up to the distance ``limit``, or up to the first of ``until``."""
        heap = self._heap
        dist, pred = self.dist, self.pred
        adj, done = self._adj, self._done
        pop = heapq.heappop
        push = heapq.heappush
        while heap and heap[0][0] <= limit:
            d, u = pop(heap)
            if d > dist[u]:
                continue
            done[u] = 1
            for v, wt, _, _ in adj[u]:
                nd = d + wt
                if nd < dist[v]:
                    dist[v] = nd
                    pred[v] = u
                    push(heap, (nd, v))
            if u in until:
                return

    def totals(self, node: int) -> tuple[int, float]:
        """(build money, train steps) along the best path to ``node``, which must be settled
        (a ferry counts a turn's worth of steps). Each step of the path is the first step out
        of its predecessor that gives the node its distance: the one the search took (a
        later step of equal weight never replaces it)."""
        known, dist, pred = self._totals, self.dist, self.pred
        chain = []
        v = node
        while v not in known:
            chain.append(v)
            v = pred[v]
        for v in reversed(chain):
            p = pred[v]
            dp, dv = dist[p], dist[v]
            for w, wt, bc, st in self._adj[p]:
                if w == v and dp + wt == dv:
                    build, steps = known[p]
                    known[v] = (build + bc, steps + st)
                    break
            else:
                raise RuntimeError(f"no step from node {p} gives node {v} its distance")
        return known[node]

    def complete(self) -> Tree:
        """Search to the end: every node's figures are final."""
        self._grow(INF)
        return self

    def path_to(self, target: int) -> list[int]:
        """Dots from a source to the node ``target`` (both included); [] if unreachable."""
        if not self._done[target]:
            self._grow(INF, frozenset((target,)))
        if self.dist[target] == INF:
            return []
        out = [target]
        d = target
        while self.pred[d] >= 0:
            d = self.pred[d]
            out.append(d)
        out.reverse()
        return [x % self.n for x in out]

    def best_node(self, dots: tuple[int, ...] | list[int]) -> int:
        """The nearest node over ``dots`` in either layer (the first of equals); -1 if none
        is reachable. The search goes on until the nearest is settled and no node left to
        settle could be as near."""
        n = self.n
        dist = self.dist
        done = self._done
        if self._low() < INF and not any(done[d] or done[d + n] for d in dots):
            self._grow(INF, frozenset(node for d in dots for node in (d, d + n)))  # the nearest
        while True:
            best = -1
            bd = INF
            for d in dots:
                for node in (d, d + n):
                    if dist[node] < bd:
                        bd = dist[node]
                        best = node
            low = self._low()
            if low == INF or bd < low:
                return best
            self._grow(bd)


class _BucketTree(Tree):
    """A :class:`Tree` for graphs whose step weights are all whole multiples of
    :data:`QUANTUM` (at least one): every distance is then an exact multiple too, so the
    nodes waiting to be settled are kept in one list per distance instead of a heap. A list
    is sorted by node when its turn comes (no step can add to it any more), so nodes are
    settled in the same (distance, node) order and every answer is the same."""

    def __init__(self, adj: list[Sequence[Arc]], n: int, sources: tuple[int, ...],
                 changed: dict[int, list[Arc]] | None = None) -> None:
        super().__init__(adj, n, sources, changed)
        self._heap = []
        self._buckets: dict[int, list[int]] = {0: list(sources)} if sources else {}
        self._b = 0  # the distance (in quanta) of the list being settled
        self._cur: list[int] = []  # that list, sorted
        self._i = 0  # the next node of it

    def _low(self) -> float:
        if self._i < len(self._cur):
            return self._b * QUANTUM
        if not self._buckets:
            return INF
        b = self._b
        while b not in self._buckets:
            b += 1
        return b * QUANTUM

    def _grow(self, limit: float, until: frozenset[int] = frozenset()) -> None:
        dist, pred = self.dist, self.pred
        adj, done, buckets = self._adj, self._done, self._buckets
        b, cur, i = self._b, self._cur, self._i
        d = b * QUANTUM
        if i < len(cur) and d > limit:
            return
        try:
            while True:
                if i >= len(cur):
                    if not buckets:
                        return
                    while b not in buckets:
                        b += 1
                    d = b * QUANTUM
                    if d > limit:
                        return
                    cur = buckets.pop(b)
                    cur.sort()
                    i = 0
                u = cur[i]
                i += 1
                if d != dist[u]:
                    continue  # settled nearer already
                done[u] = 1
                for v, wt, _, _ in adj[u]:
                    nd = d + wt
                    if nd < dist[v]:
                        dist[v] = nd
                        pred[v] = u
                        k = int(nd / QUANTUM)
                        waiting = buckets.get(k)
                        if waiting is None:
                            buckets[k] = [v]
                        else:
                            waiting.append(v)
                if u in until:
                    return
        finally:
            self._b, self._cur, self._i = b, cur, i


def _quantized(weight: float) -> bool:
    """A step weight the bucket tree can take: a whole, positive multiple of QUANTUM."""
    return weight >= QUANTUM and (weight / QUANTUM).is_integer()


def make_tree(adj: list[Sequence[Arc]], n: int, sources: tuple[int, ...],
              changed: dict[int, list[Arc]] | None = None, buckets: bool = False) -> Tree:
    """A tree from ``sources`` (see :class:`Tree`); ``buckets``: every step weight, the
    changed ones included, is :func:`_quantized`."""
    return (_BucketTree if buckets else Tree)(adj, n, sources, changed)


class _Segment(NamedTuple):
    """One legal segment a-b (a < b) with every step it can give a cost graph, made once
    per board and weights: a graph only picks the ones that apply, so the many graphs of a
    game share them."""

    key: Edge
    a: int
    b: int
    free: bool
    run_ab: Arc  # own or free track, from a to b
    run_ba: Arc
    rent_ab: tuple[Arc, Arc]  # the opponent's track (M3), arriving in layer 0 / layer 1
    rent_ba: tuple[Arc, Arc]
    new_ab: tuple[Arc, Arc]  # track to build (K6), away from / beside existing track
    new_ba: tuple[Arc, Arc]


_SEGMENTS: BoundedCache[tuple[object, ...], tuple[list[_Segment], bool]] = BoundedCache(32)


def _segments(board: Board, w: Weights) -> tuple[list[_Segment], bool]:
    """The board's legal segments in its own order, with their steps under weights ``w``;
    and whether every one of those steps is :func:`_quantized`. Kept per board (its stamp) and weights."""
    return _SEGMENTS.get((*board.stamp, w.move, w.rent, w.build, w.parallel),
                         lambda: _make_segments(board, w))


def _make_segments(board: Board, w: Weights) -> tuple[list[_Segment], bool]:
    n = len(board.dots)
    move = w.move
    rent = move + w.rent
    lone = 1.0 + 0.0  # the build factor away from existing track
    beside = 1.0 + w.parallel * 0.5  # with existing track at both ends: corridors
    found = []
    for key, e in board.edges.items():
        if e.forbidden is not None:
            continue
        a, b = key
        cab = board.dot_cost[b] + e.crossing_cost  # K6: the dot drawn to, the crossings
        cba = board.dot_cost[a] + e.crossing_cost
        found.append(_Segment(
            key, a, b, e.free, (b, move, 0, 1.0), (a, move, 0, 1.0),
            ((b, rent, 0, 1.0), (b + n, rent, 0, 1.0)),
            ((a, rent, 0, 1.0), (a + n, rent, 0, 1.0)),
            ((b, move + cab * w.build * lone, cab, 1.0),
             (b, move + cab * w.build * beside, cab, 1.0)),
            ((a, move + cba * w.build * lone, cba, 1.0),
             (a, move + cba * w.build * beside, cba, 1.0))))
    quantized = all(_quantized(arc[1]) for seg in found
                    for arc in (seg.run_ab, seg.run_ba, *seg.rent_ab, *seg.rent_ba,
                                *seg.new_ab, *seg.new_ba))
    return found, quantized


class CostGraph:
    """The directed cost graph of one seat at one moment (see the module docstring)."""

    def __init__(self, state: GameState, seat: int, speed: int, weights: Weights | None = None,
                 banned: set[Edge] | None = None, own_only: bool = False,
                 k5: bool = True, previous: CostGraph | None = None) -> None:
        """``previous``: an earlier graph of the same seat on the same board; what depends
        only on the seat's own track is taken from it when that track is the same."""
        w = weights or Weights()
        self.state = state
        self.seat = seat
        self.board: Board = state.board
        self.speed = max(1, speed)
        board = self.board
        me = seat
        mine = state.players[seat]
        owner = state.owner
        rules = board.rules
        n = len(board.dots)
        self.n = n
        blocked: set[Edge] = events.blocked_edges(state)  # E4
        no_build: set[Edge] = set(banned or ()) | events.unbuildable_edges(state)  # E6
        for wo in state.washed_out:
            if wo.owner != me:
                no_build.add(wo.edge)
        closed = events.closed_ferries(state)  # E5
        my_dots: set[int] = set()
        opp_dots: set[int] = set()
        city_count: dict[int, int] = {}
        opp_city: set[int] = set()
        for (a, b), who in owner.items():
            if who == me:
                my_dots.add(a)
                my_dots.add(b)
                for d in (a, b):
                    if d in board.city_of_dot:
                        city_count[d] = city_count.get(d, 0) + 1
            else:
                opp_dots.add(a)
                opp_dots.add(b)
                opp_city.add(a)
                opp_city.add(b)
        self.my_dots = my_dots
        my_track = {e for e, who in owner.items() if who == me}
        limit = rules.city_segment_limit
        small_access = state.variant(VARIANT_SMALL_CITY_ACCESS)
        full: set[int] = set()
        for d, c in city_count.items():
            town = board.city_of_dot[d]
            if not town.major and c >= limit:
                full.add(d)
        if small_access:
            for d in opp_city:
                small = board.city_of_dot.get(d)
                if small is not None and small.size == "small":
                    full.add(d)
        # Two layers of nodes: dot d (layer 0) where the seat may build from (K1: its network,
        # a major city, or track it will have drawn on the way) and dot d + n (layer 1),
        # reached over the opponent's track only, where new track may not start.
        anchor: set[int] = set(my_dots)
        for mc in board.majors:
            anchor.update(mc.dots)
        for f in board.ferries:
            if f.index in mine.ferries:
                anchor.update(f.ports)
        self.anchor = anchor
        if not k5:
            refused: set[Edge] = set()
        elif (previous is not None and previous.board is board and previous.k5
              and previous.my_track == my_track):
            refused = previous.refused
        else:
            refused = reach.refused_segments(board, my_track)  # K5
        self.my_track: set[Edge] = my_track
        self.k5: bool = k5
        self.refused: set[Edge] = refused  # the segments K5 refuses to the seat now
        # the steps out of each node: layer 0 in ``adj``, layer 1 (only built track, the
        # opponent's and ferries leave it) in ``far``, for the few dots that have any
        adj: list[list[Arc]] = [[] for _ in range(n)]
        far: dict[int, list[Arc]] = {}

        def far_of(u: int) -> list[Arc]:
            found = far.get(u)
            if found is None:
                found = far[u] = []
            return found

        move = w.move
        near_track = my_dots | opp_dots
        segments, quantized = _segments(board, w)
        for key, a, b, free, run_ab, run_ba, rent_ab, rent_ba, new_ab, new_ba in segments:
            if key in blocked:
                continue
            holder = None if free else owner.get(key)
            if free or holder == me:
                adj[a].append(run_ab)
                far_of(a).append(run_ab)
                adj[b].append(run_ba)
                far_of(b).append(run_ba)
            elif holder is not None:
                if own_only:
                    continue
                arc = rent_ab[b not in anchor]  # M3: off the seat's network, in layer 1
                adj[a].append(arc)
                far_of(a).append(arc)
                arc = rent_ba[a not in anchor]
                adj[b].append(arc)
                far_of(b).append(arc)
            elif (key not in no_build and a not in full and b not in full
                  and key not in refused):
                beside = a in near_track and b in near_track
                adj[a].append(new_ab[beside])
                adj[b].append(new_ba[beside])
        turn_steps = float(self.speed)
        for f in board.ferries:
            if f.index in closed:
                continue
            p, q = f.ports
            owned = f.index in mine.ferries
            price = 0 if owned else build.ferry_cost(state, seat, f)
            wt = turn_steps * 1.5 * move + price * w.build
            quantized = quantized and _quantized(wt)
            for u, v in ((p, q), (q, p)):
                adj[u].append((v, wt, price, turn_steps * 1.5))
                if owned:
                    far_of(u).append((v, wt, price, turn_steps * 1.5))
        self.adj: list[Sequence[Arc]] = [*adj, *(far.get(u, _NO_ARCS) for u in range(n))]
        # every step weight (and ``move``, what a planned segment costs) a whole multiple
        # of QUANTUM: trees keep their waiting nodes in lists per distance (same answers)
        self.buckets = quantized and _quantized(move)
        self.move_weight = move
        self.blocked = blocked
        self._trees: dict[tuple[int, ...], Tree] = {}
        self._legs: dict[tuple[str, int, str], tuple[float, int, float, int]] = {}
        self._kinds: dict[tuple[int, int], int] = {}
        self._nodes: dict[tuple[str, int], tuple[int, ...]] = {}

    # -- queries -------------------------------------------------------------------------------
    def edge_kind(self, a: int, b: int) -> int:
        """What the step from ``a`` to ``b`` is now: BUILT, RENT, NEW or FERRY (remembered
        for this graph)."""
        found = self._kinds.get((a, b))
        if found is None:
            e = self.board.edge(a, b)
            if e is None:
                found = FERRY
            elif e.free:
                found = BUILT
            else:
                who = self.state.owner.get(edge_key(a, b))
                found = NEW if who is None else BUILT if who == self.seat else RENT
            self._kinds[(a, b)] = found
        return found

    def tree(self, sources: tuple[int, ...], no_back: tuple[int, int] | None = None) -> Tree:
        """Dijkstra from the nodes ``sources`` (cached for this graph). ``no_back`` =
        (dot, previous) forbids the first step back to ``previous`` (M2)."""
        key = sources if no_back is None else (*sources, -1, *no_back)
        found = self._trees.get(key)
        if found is None:
            found = make_tree(self.adj, self.n, sources,
                              changed_steps(self.adj, self.n, set(), 0.0, no_back),
                              self.buckets)
            self._trees[key] = found
        return found

    def tree_with(self, sources: tuple[int, ...], planned: set[tuple[int, int]]) -> Tree:
        """:func:`dijkstra_with` on this graph: the tree from ``sources`` with the segments
        ``planned`` counted as built; the graph's own (cached) tree when that changes no
        step of the graph."""
        changed = changed_steps(self.adj, self.n, planned, self.move_weight)
        if not changed:
            return self.tree(sources)
        return make_tree(self.adj, self.n, sources, changed, self.buckets)

    def start_node(self, dot: int) -> int:
        """The node of a train standing at ``dot``: layer 1 off the seat's network."""
        return dot if dot in self.anchor else dot + self.n

    def stranded(self, dot: int) -> bool:
        """No usable track leaves ``dot`` (a flood washed it away)."""
        return not any(self.edge_kind(dot, x) != NEW for x in self.board.adj[dot]
                       if self.board.edges[edge_key(dot, x)].forbidden is None)

    def city_tree(self, name: str, layer: int = 0) -> Tree:
        return self.tree(self._city_nodes(name, layer))

    def _city_nodes(self, name: str, layer: int) -> tuple[int, ...]:
        found = self._nodes.get((name, layer))
        if found is None:
            off = self.n * layer
            found = self._nodes[(name, layer)] = tuple(d + off
                                                       for d in self.board.cities[name].dots)
        return found

    def leg_in(self, tree: Tree, to: str) -> tuple[float, int, float, int]:
        """(weight, build money, steps, node) of the nearest node of city ``to`` in ``tree``;
        (INF, 0, 0.0, -1) if it cannot be reached."""
        node = tree.best_node(self.board.cities[to].dots)
        if node < 0:
            return (INF, 0, 0.0, -1)
        build, steps = tree.totals(node)
        return (tree.dist[node], build, steps, node)

    def city_leg(self, frm: str, layer: int, to: str) -> tuple[float, int, float, int]:
        """:meth:`leg_in` the tree of city ``frm`` left in ``layer`` (cached for this
        graph)."""
        key = (frm, layer, to)
        found = self._legs.get(key)
        if found is None:
            found = self.leg_in(self.city_tree(frm, layer), to)
            self._legs[key] = found
        return found


def changed_steps(adj: list[Sequence[Arc]], n: int, planned: set[tuple[int, int]],
                  move: float, no_back: tuple[int, int] | None = None) -> dict[int, list[Arc]]:
    """The nodes whose steps differ from ``adj`` when the segments ``planned`` (dot pairs,
    both directions) count as built (a step of ``move``, nothing to pay) and ``no_back`` =
    (dot, previous) forbids the step from that dot back to ``previous`` (M2), with their
    steps then; only the nodes where something differs."""
    changed: dict[int, list[Arc]] = {}
    starts = {a for a, _ in planned}
    if no_back is not None:
        starts.add(no_back[0])
    for dot in starts:
        for u in (dot, dot + n):
            out: list[Arc] = []
            differs = False
            for step in adj[u]:
                v, wt, bc, st = step
                dv = v % n
                if no_back is not None and dot == no_back[0] and dv == no_back[1]:
                    differs = True
                    continue  # M2: no step back
                if bc and (dot, dv) in planned:
                    step = (v, move, 0, st)
                    differs = True
                out.append(step)
            if differs:
                changed[u] = out
    return changed
