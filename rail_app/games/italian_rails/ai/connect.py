"""W1: what it takes to join all four major cities with the seat's own network.

Only the seat's own track, the ferries it has drawn and the free track inside major cities
count (W1), so the search runs on a cost graph without the opponent's track. Majors are
joined greedily: from the component holding the most of them, repeatedly add the cheapest
path to a major city not yet joined.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from rail_app.games.italian_rails.ai.paths import FERRY, NEW, CostGraph, Weights
from rail_app.games.italian_rails.rules import build
from rail_app.games.italian_rails.rules.board import edge_key
from rail_app.games.italian_rails.rules.state import GameState


@dataclass
class Connection:
    cost: int = 0
    steps: list[tuple[int, int]] = field(default_factory=list)  # (from, to) in build order
    missing: list[str] = field(default_factory=list)  # majors not joined yet
    unreachable: list[str] = field(default_factory=list)  # majors no path could join

    @property
    def done(self) -> bool:
        return not self.missing


def _components(state: GameState, seat: int) -> dict[int, int]:
    """Component id of every dot touched by the seat's W1 network."""
    board = state.board
    adj: dict[int, list[int]] = {}

    def link(a: int, b: int) -> None:
        adj.setdefault(a, []).append(b)
        adj.setdefault(b, []).append(a)

    for e, who in state.owner.items():
        if who == seat:
            link(*e)
    for ed in board.edges.values():
        if ed.free:
            link(ed.a, ed.b)
    for f in state.players[seat].ferries:
        link(*board.ferries[f].ports)
    comp: dict[int, int] = {}
    cid = 0
    for start in adj:
        if start in comp:
            continue
        stack = [start]
        comp[start] = cid
        while stack:
            u = stack.pop()
            for v in adj[u]:
                if v not in comp:
                    comp[v] = cid
                    stack.append(v)
        cid += 1
    return comp


def plan_connection(state: GameState, seat: int, banned: set[tuple[int, int]] | None = None
                    ) -> Connection:
    """The cheapest greedy way to join the major cities missing from the seat's network."""
    board = state.board
    majors = board.majors
    if not majors:
        return Connection()
    comp = _components(state, seat)
    counts: dict[int, int] = {}
    for m in majors:
        counts[comp[m.centre]] = counts.get(comp[m.centre], 0) + 1
    # the main component: most majors, then most dots
    sizes: dict[int, int] = {}
    for c in comp.values():
        sizes[c] = sizes.get(c, 0) + 1
    main = max(counts, key=lambda c: (counts[c], sizes.get(c, 0)))
    joined = {m.name for m in majors if comp[m.centre] == main}
    sources = {d for d, c in comp.items() if c == main}
    missing = [m.name for m in majors if m.name not in joined]
    out = Connection(missing=list(missing))
    if not missing:
        return out
    graph = CostGraph(state, seat, 9, Weights(move=0.05, rent=0.0, build=1.0, parallel=0.0),
                      banned=set(banned or ()), own_only=True, k5=False)
    for _ in range(len(missing)):
        tree = graph.tree(tuple(sorted(sources))).complete()
        best = None
        for name in missing:
            for d in board.cities[name].dots:
                if tree.dist[d] < float("inf") and (best is None or tree.dist[d] < best[0]):
                    best = (tree.dist[d], d, name)
        if best is None:
            break
        _, target, name = best
        path = tree.path_to(target)
        for a, b in zip(path, path[1:], strict=False):
            k = graph.edge_kind(a, b)
            if k == NEW:
                out.cost += board.build_cost(a, b)
                out.steps.append((a, b))
            elif k == FERRY:
                f = board.ferry_between(a, b)
                if f is not None and f.index not in state.players[seat].ferries:
                    out.cost += build.ferry_cost(state, seat, f)
                    out.steps.append((a, b))
        sources.update(path)
        sources.update(board.cities[name].dots)
        missing.remove(name)
    out.unreachable = list(missing)
    return out


def edge_of(a: int, b: int) -> tuple[int, int]:
    return edge_key(a, b)
