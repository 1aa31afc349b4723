"""The computer opponent's shortest paths: trees grown only as far as asked (with a heap, or
with one list per distance) answer exactly as a whole search does, ties included; a cost
graph that takes the K5 refusals from the seat's previous graph is the graph built anew."""

from __future__ import annotations

import heapq
import random
from collections.abc import Sequence

import pytest

from rail_app.games.italian_rails.ai.paths import (
    INF,
    Arc,
    CostGraph,
    Weights,
    changed_steps,
    make_tree,
)
from rail_app.games.italian_rails.devtools.lategame import make_late_game_board
from rail_app.games.italian_rails.rules import movement
from rail_app.games.italian_rails.rules.board import Board, load_board
from rail_app.games.italian_rails.rules.state import GameState

ITALY = "maps/italy.yaml"
MINI = "maps/test/mini.yaml"


def whole_search(adj: Sequence[Sequence[Arc]], n: int, sources: tuple[int, ...],
                 planned: set[tuple[int, int]] | None = None, move: float = 0.0,
                 no_back: tuple[int, int] | None = None
                 ) -> tuple[list[float], list[int], list[int], list[float]]:
    """Dijkstra run to the end, written plainly: the reference the trees must agree with."""
    planned = planned or set()
    size = 2 * n
    dist, pred = [INF] * size, [-1] * size
    build, steps = [0] * size, [0.0] * size
    heap = [(0.0, s) for s in sources]
    for s in sources:
        dist[s] = 0.0
    heapq.heapify(heap)
    while heap:
        d, u = heapq.heappop(heap)
        if d > dist[u]:
            continue
        du = u % n
        for v, wt, bc, st in adj[u]:
            dv = v % n
            if no_back is not None and du == no_back[0] and dv == no_back[1]:
                continue
            if bc and (du, dv) in planned:
                wt, bc = move, 0
            nd = d + wt
            if nd < dist[v]:
                dist[v], pred[v] = nd, u
                build[v], steps[v] = build[u] + bc, steps[u] + st
                heapq.heappush(heap, (nd, v))
    return dist, pred, build, steps


def _path(pred: list[int], n: int, target: int) -> list[int]:
    out = [target]
    while pred[out[-1]] >= 0:
        out.append(pred[out[-1]])
    return [x % n for x in reversed(out)]


def _late_graph(path: str, seat: int = 0, weights: Weights | None = None,
                **kw: object) -> tuple[Board, GameState, CostGraph]:
    board = load_board(path)
    state = make_late_game_board(board, seed=4, segments=40).seen_by(seat)
    return board, state, CostGraph(state, seat, movement.base_speed(state, seat), weights, **kw)


@pytest.mark.parametrize("path", [ITALY, MINI])
@pytest.mark.parametrize("buckets", [False, True])
def test_trees_answer_as_a_whole_search(path: str, buckets: bool) -> None:
    board, _, graph = _late_graph(path)
    assert graph.buckets  # the usual weights are whole multiples of the quantum
    n = graph.n
    rng = random.Random(7)
    cities = board.city_list
    mine = sorted(graph.my_dots)
    for trial in range(12 if path == ITALY else 20):
        city = cities[trial % len(cities)]
        layer = trial % 2
        sources = tuple(d + n * layer for d in city.dots)
        planned: set[tuple[int, int]] = set()
        no_back = None
        if trial % 3 == 1:  # a train between cities may not turn back (M2)
            no_back = (city.dots[0], board.adj[city.dots[0]][0])
        elif trial % 3 == 2:  # earlier legs of a route count as built
            for a, b in rng.sample(sorted(board.edges), 60) + [(x, y) for x, y in zip(
                    mine, mine[1:], strict=False)]:
                planned |= {(a, b), (b, a)}
        tree = make_tree(graph.adj, n, sources,
                         changed_steps(graph.adj, n, planned, graph.move_weight, no_back),
                         buckets)
        dist, pred, build, steps = whole_search(graph.adj, n, sources, planned,
                                                graph.move_weight, no_back)
        for _ in range(15):  # questions in any order, each answered as by the whole search
            target = rng.choice(cities)
            node = tree.best_node(target.dots)
            nodes = [x for d in target.dots for x in (d, d + n)]
            best = min(nodes, key=lambda x: (dist[x], nodes.index(x)))
            assert node == (best if dist[best] < INF else -1)
            if node >= 0:
                assert tree.dist[node] == dist[node]
                assert tree.totals(node) == (build[node], steps[node])
                assert tree.path_to(node) == _path(pred, n, node)
            other = rng.randrange(2 * n)
            assert tree.path_to(other) == ([] if dist[other] == INF else _path(pred, n, other))
        tree.complete()
        assert tree.dist == dist and tree.pred == pred
        for x in range(2 * n):
            if dist[x] < INF:
                assert tree.totals(x) == (build[x], steps[x])


def test_graphs_with_other_weights_use_the_heap_and_agree() -> None:
    board, _, graph = _late_graph(ITALY, weights=Weights(move=0.05, rent=0.0, build=1.0,
                                                         parallel=0.0), own_only=True, k5=False)
    assert not graph.buckets
    sources = tuple(board.majors[0].dots)
    tree = graph.tree(sources).complete()
    dist, pred, _, _ = whole_search(graph.adj, graph.n, sources)
    assert tree.dist == dist and tree.pred == pred


def test_a_graph_built_from_the_previous_one_is_the_graph_built_anew() -> None:
    """The K5 refusals are taken from the previous graph only when the seat's track is the
    same; after the seat builds they are asked again."""
    board = load_board(MINI)
    state = make_late_game_board(board, seed=4, segments=40)
    first = CostGraph(state.seen_by(0), 0, 9)
    assert first.refused  # the mini map's strait (and what the track encloses)
    other = state.copy()  # the opponent builds: the seat's own track is unchanged
    other.owner.pop(next(e for e, who in other.owner.items() if who == 1))
    again = CostGraph(other.seen_by(0), 0, 9, previous=first)
    assert again.refused is first.refused
    assert again.adj == CostGraph(other.seen_by(0), 0, 9).adj
    mine = state.copy()  # the seat's own track changes: the refusals are asked anew
    gone = next(e for e, who in mine.owner.items() if who == 0)
    mine.owner.pop(gone)
    mine.players[0].track.discard(gone)
    fresh = CostGraph(mine.seen_by(0), 0, 9)
    rebuilt = CostGraph(mine.seen_by(0), 0, 9, previous=first)
    assert rebuilt.refused is not first.refused
    assert rebuilt.refused == fresh.refused and rebuilt.adj == fresh.adj


@pytest.mark.parametrize("buckets", [False, True])
def test_trees_settle_ties_as_a_whole_search_on_small_graphs(buckets: bool) -> None:
    """Many equal distances: random small two-layer graphs with weights of 1, 1.5 and 2."""
    rng = random.Random(3)
    for _ in range(150):
        n = rng.randrange(4, 14)
        adj: list[list[Arc]] = [[] for _ in range(2 * n)]
        for u in range(2 * n):
            for _ in range(rng.randrange(0, 4)):
                adj[u].append((rng.randrange(2 * n), rng.choice((1.0, 1.5, 2.0)),
                               rng.randrange(3), rng.choice((1.0, 4.5))))
        sources = tuple(rng.sample(range(2 * n), rng.randrange(1, 3)))
        tree = make_tree(adj, n, sources, None, buckets)
        dist, pred, build, steps = whole_search(adj, n, sources)
        for _ in range(6):
            dots = rng.sample(range(n), rng.randrange(1, min(n, 4) + 1))
            nodes = [x for d in dots for x in (d, d + n)]
            best = min(nodes, key=lambda x: (dist[x], nodes.index(x)))
            node = tree.best_node(dots)
            assert node == (best if dist[best] < INF else -1)
            if node >= 0:
                assert tree.totals(node) == (build[node], steps[node])
                assert tree.path_to(node) == _path(pred, n, node)
        tree.complete()
        assert tree.dist == dist and tree.pred == pred
