"""The players' networks: which cities a seat's routes join, with its stations' borrowed
routes (T-K3, T-E4-T-E6, D-20, D-21), and the longest continuous path (T-X1, T-X2, D-29).

Pure functions of the board and who owns what, reused by the final scoring, the invariants
and the computer players (the cheapest remaining way to complete a ticket, in
:mod:`rail_app.games.ttr.rules.queries`). Cities and routes are indexes of the board.
"""

from __future__ import annotations

import itertools
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from rail_app.core.cache import BoundedCache
from rail_app.games.ttr.rules.board import Board

OPEN = -1


class Joins:
    """Union-find over the cities: which are joined by a set of routes."""

    __slots__ = ("parent",)

    def __init__(self, n: int) -> None:
        self.parent = list(range(n))

    def find(self, x: int) -> int:
        parent = self.parent
        while parent[x] != x:
            parent[x] = parent[parent[x]]
            x = parent[x]
        return x

    def join(self, a: int, b: int) -> None:
        ra, rb = self.find(a), self.find(b)
        if ra != rb:
            self.parent[ra] = rb


def joins_of(board: Board, routes: Iterable[int]) -> Joins:
    """The cities joined by ``routes``."""
    j = Joins(len(board.cities))
    for r in routes:
        route = board.routes[r]
        j.join(route.a, route.b)
    return j


def routes_of(owner: Sequence[int], seat: int) -> list[int]:
    """The routes ``seat`` has claimed."""
    return [r for r, o in enumerate(owner) if o == seat]


# -- stations and tickets (T-K3, T-E4-T-E6, D-20, D-21) -------------------------------------------


@dataclass(frozen=True)
class TicketResult:
    """Which of a seat's tickets are completed, with each station's borrowed route (D-21)."""

    completed: tuple[int, ...]  # ticket numbers, in the order held
    failed: tuple[int, ...]
    won: int
    lost: int
    #: Each station's city and the rival route it uses (-1: none helps).
    borrowed: tuple[tuple[int, int], ...]


def ticket_results(board: Board, owner: Sequence[int], seat: int, stations: Sequence[int],
                   tickets: Sequence[int]) -> TicketResult:
    """T-K3/T-K4 with the stations' best use (T-E4-T-E6, D-21): each station in ``stations``
    (cities) uses one route of another player ending in its city, or none, the same for every
    ticket (T-E5), chosen so as to score most ticket points, then complete most tickets;
    among equal choices the first (no route before routes in their order). The owner's own
    routes need no station (D-20); a closed lane is nobody's (D-19)."""
    own = joins_of(board, routes_of(owner, seat))
    comp = [own.find(c) for c in range(len(board.cities))]
    ends = [(board.tickets[t].a, board.tickets[t].b, board.tickets[t].value) for t in tickets]
    # each station's choices by what they join: (component, component), the useless ones
    # (joining a component to itself) folded into "none"
    choices: list[list[tuple[int, tuple[int, int] | None]]] = []
    for city in stations:
        options: list[tuple[int, tuple[int, int] | None]] = [(-1, None)]
        seen: set[tuple[int, int]] = set()
        for r in board.routes_at(city):
            holder = owner[r]
            if holder in (OPEN, seat):
                continue
            route = board.routes[r]
            x, y = comp[route.a], comp[route.b]
            if x == y:
                continue
            key = (x, y) if x < y else (y, x)
            if key not in seen:
                seen.add(key)
                options.append((r, key))
        choices.append(options)
    best: tuple[int, int] | None = None
    best_pick: tuple[tuple[int, tuple[int, int] | None], ...] = ()
    best_done: list[bool] = []
    for pick in itertools.product(*choices):
        extra: dict[int, int] = {}
        for _, joined in pick:
            if joined is not None:
                a, b = _find(extra, joined[0]), _find(extra, joined[1])
                if a != b:
                    extra[a] = b
        done = [_find(extra, comp[a]) == _find(extra, comp[b]) for a, b, _ in ends]
        points = sum(v if d else -v for d, (_, _, v) in zip(done, ends, strict=True))
        score = (points, sum(done))
        if best is None or score > best:
            best, best_pick, best_done = score, pick, done
    completed = tuple(t for t, d in zip(tickets, best_done, strict=True) if d)
    failed = tuple(t for t, d in zip(tickets, best_done, strict=True) if not d)
    won = sum(board.tickets[t].value for t in completed)
    lost = sum(board.tickets[t].value for t in failed)
    borrowed = tuple((city, r) for city, (r, _) in zip(stations, best_pick, strict=True))
    return TicketResult(completed, failed, won, lost, borrowed)


def _find(extra: dict[int, int], x: int) -> int:
    while x in extra:
        x = extra[x]
    return x


# -- the longest continuous path (T-X1, T-X2, D-29) -----------------------------------------------

#: Longest paths, by the routes' ends and lengths (values, so any board's routes may share it).
_LONGEST: BoundedCache[tuple[tuple[int, int, int], ...], int] = BoundedCache(4096)


def longest_path(board: Board, routes: Sequence[int]) -> int:
    """The greatest total length in spaces of a trail of ``routes`` (T-X1: it may turn and
    pass through a city again, but uses no route twice; D-29: measured in spaces). Stations
    and borrowed routes never count (T-X2): only the seat's own routes are given. 0 for no
    route (D-28)."""
    key = tuple(sorted((board.routes[r].a, board.routes[r].b, board.routes[r].length)
                       for r in routes))
    return _LONGEST.get(key, lambda: _longest(key))


def clear_cache() -> None:
    """Forget the longest paths worked out (for measuring)."""
    _LONGEST.clear()


def _longest(edges: Sequence[tuple[int, int, int]]) -> int:
    if not edges:
        return 0
    adj: dict[int, list[tuple[int, int, int]]] = {}
    for bit, (a, b, length) in enumerate(edges):
        adj.setdefault(a, []).append((b, bit, length))
        adj.setdefault(b, []).append((a, bit, length))
    # each connected part on its own: a part whose cities all have an even number of routes
    # is one closed trail through all of it (Euler); otherwise a longest trail runs from a
    # city with an odd number to another (every route at its ends is used, or the trail
    # could be made longer), so only those are tried as starts
    seen: set[int] = set()
    best = 0
    for start in adj:
        if start in seen:
            continue
        part = [start]
        seen.add(start)
        i = 0
        while i < len(part):
            for w, _, _ in adj[part[i]]:
                if w not in seen:
                    seen.add(w)
                    part.append(w)
            i += 1
        total = sum(length for v in part for _, _, length in adj[v]) // 2
        odd = [v for v in part if len(adj[v]) % 2]
        if not odd:
            best = max(best, total)
            continue
        best = max(best, _trails(adj, odd, total, best))
    return best


def _trails(adj: dict[int, list[tuple[int, int, int]]], starts: list[int], total: int,
            best: int) -> int:
    """The longest trail from any of ``starts`` (a depth-first search over the routes not
    yet used, stopped as soon as a trail uses the whole part)."""
    top = best

    def walk(v: int, used: int, length: int) -> bool:
        nonlocal top
        if length > top:
            top = length
            if top == total:
                return True
        for w, bit, step in adj[v]:
            mask = 1 << bit
            if not used & mask and walk(w, used | mask, length + step):
                return True
        return False

    for s in starts:
        if walk(s, 0, 0):
            break
    return top
