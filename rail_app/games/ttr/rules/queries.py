"""Questions about a game that computer players, advice and screens ask, answered from what a
seat may see (they work on a seat's view as on the whole game):

- :func:`cheapest_way`: the cheapest remaining way to join two cities for a seat, in spaces
  still to claim (its own routes free, open routes at their length, routes it may not claim
  left out: T-C7-T-C9), with the city pairs to claim;
- :func:`payments`: every payment a seat can make for a route now (T-C2, T-C3, T-F2);
- :func:`completed`: which of a seat's tickets its own routes complete now (T-K3, stations
  not counted);
- :func:`longest`: a seat's longest continuous path (T-X1).
"""

from __future__ import annotations

import heapq
from dataclasses import dataclass

from rail_app.games.ttr.rules.cards import Card, as_payment, ways_to_pay
from rail_app.games.ttr.rules.claims import claimable, route_card
from rail_app.games.ttr.rules.network import joins_of, longest_path, routes_of
from rail_app.games.ttr.rules.state import OPEN, GameState


@dataclass(frozen=True)
class Way:
    """The cheapest remaining way between two cities: the spaces still to claim and the
    city pairs along it that the seat does not hold yet (each with the routes it may claim
    there: one, or both lanes of an open double route)."""

    cost: int
    pairs: tuple[tuple[int, ...], ...]


def cheapest_way(state: GameState, seat: int, a: int, b: int) -> Way | None:
    """See the module docstring; None when no way is left (every route blocked)."""
    board = state.board
    owner = state.owner
    n = len(board.cities)
    dist = [-1] * n
    via: list[tuple[int, tuple[int, ...]] | None] = [None] * n
    heap: list[tuple[int, int, int, tuple[int, ...]]] = [(0, a, -1, ())]
    best = [1 << 30] * n
    best[a] = 0
    while heap:
        d, u, came, lanes = heapq.heappop(heap)
        if dist[u] >= 0:
            continue
        dist[u] = d
        via[u] = (came, lanes) if came >= 0 else None
        if u == b:
            break
        for v in board.neighbour_table[u]:
            if dist[v] >= 0:
                continue
            rs = board.routes_between(u, v)
            open_lanes: tuple[int, ...] = ()
            if any(owner[r] == seat for r in rs):
                step = 0
            else:
                open_lanes = tuple(r for r in rs if claimable(state, seat, r))
                if not open_lanes:
                    continue
                step = board.routes[open_lanes[0]].length
            nd = d + step
            if nd < best[v]:
                best[v] = nd
                heapq.heappush(heap, (nd, v, u, open_lanes))
    if dist[b] < 0:
        return None
    pairs: list[tuple[int, ...]] = []
    here = b
    while via[here] is not None:
        came, lanes = via[here]  # type: ignore[misc]
        if lanes:
            pairs.append(lanes)
        here = came
    return Way(dist[b], tuple(reversed(pairs)))


def payments(state: GameState, seat: int, route: int) -> list[tuple[Card, ...]]:
    """Every payment ``seat`` can make for ``route`` now (with the fewest locomotives first);
    empty when it cannot claim it (taken, closed, too few wagons, too few cards)."""
    if not claimable(state, seat, route):
        return []
    r = state.board.routes[route]
    hand = state.players[seat].hand
    return [as_payment(c, r.length - n, n)
            for c, n in ways_to_pay(hand, r.length, route_card(r), r.locomotives)]


def completed(state: GameState, seat: int) -> list[bool]:
    """For each ticket the seat holds (in order), whether its own routes join its cities
    (T-K3, stations left out)."""
    joins = joins_of(state.board, routes_of(state.owner, seat))
    tickets = state.board.tickets
    return [joins.find(tickets[t].a) == joins.find(tickets[t].b)
            for t in state.players[seat].tickets]


def longest(state: GameState, seat: int) -> int:
    """The seat's longest continuous path in spaces (T-X1, T-X2)."""
    return longest_path(state.board, routes_of(state.owner, seat))


def open_routes(state: GameState) -> list[int]:
    """The routes nobody has claimed (closed lanes included)."""
    return [r for r, o in enumerate(state.owner) if o == OPEN]
