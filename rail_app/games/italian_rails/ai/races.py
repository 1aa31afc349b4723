"""Races for a public demand (C4, C5): when both players lock the same demand, the first to
arrive is paid and the other takes back the cube (its load stays on the train, unlocked).

A player who sees that the opponent has locked a public demand knows the opponent carries
the goods (a lock needs the load on the train) and where the train stands, so it can tell
how soon the opponent could arrive: the moves along the track on the map (anyone's track
and the free track of the major cities, as the opponent may rent, M3), at the opponent's
speed, after any turn the opponent must lose (T4) or spend building (T2). Nothing hidden
is used: positions, track, loads, locks and locomotives are all on the table.
"""

from __future__ import annotations

import heapq

from rail_app.games.italian_rails.rules import cards, movement
from rail_app.games.italian_rails.rules.board import edge_key
from rail_app.games.italian_rails.rules.state import GameState
from rail_app.games.italian_rails.rules.turns import BUILD_ONLY_TURNS

#: Extra turns assumed when the opponent's train has no track to the city yet (to build it).
BUILD_DELAY = 2
#: Extra turns assumed for a public demand the opponent has not locked: they have not chosen
#: it yet. Measured: with this margin the first player won 52% of 100 Hard-against-Hard games
#: (seeds 1-100), without it 60% (Hard left alone demands it could still have won).
UNCOMMITTED_DELAY = 1
FAR = 99


def _pace(state: GameState, opp: int) -> tuple[int, int, int, int] | None:
    """Where ``opp``'s train starts its next move, its moves in that turn and in the turns
    after, and the turns it must first lose or spend building; None with no train yet."""
    pl = state.players[opp]
    start = pl.position
    if start is None:
        return None
    extra = pl.lose_turns + max(0, BUILD_ONLY_TURNS - pl.turns_taken)
    speed = max(1, movement.base_speed(state, opp))
    first = speed
    if pl.aboard is not None:  # M5: it lands at the other port next turn, at half speed
        start = state.board.ferries[pl.aboard].other_port(start)
        first = (speed + 1) // 2
    elif pl.half_speed_next:
        first = (speed + 1) // 2
    return start, first, speed, extra


def _turns(steps: int, first: int, speed: int, extra: int) -> int:
    """The turns (at least 1) that ``steps`` moves take at this pace."""
    if steps <= first:
        return 1 + extra
    return 1 + extra + -(-(steps - first) // speed)


def opponent_turns_to(state: GameState, opp: int, city: str) -> int:
    """How many of ``opp``'s turns it takes (at least 1) until their train can be in
    ``city``, counted from their next turn."""
    pace = _pace(state, opp)
    if pace is None:
        return FAR
    start, first, speed, extra = pace
    targets = set(state.board.cities[city].dots)
    steps = _steps(state, opp, start, targets, track_only=True)
    if steps is None:
        steps = _steps(state, opp, start, targets, track_only=False)
        if steps is None:
            return FAR
        extra += BUILD_DELAY
    return _turns(steps, first, speed, extra)


def _steps(state: GameState, player: int, start: int, targets: set[int],
           track_only: bool) -> int | None:
    """Moves from ``start`` to the nearest of ``targets`` (Dijkstra): over built and free
    track (and the player's ferries, each a whole turn's moves), or over any segment of the
    map."""
    board = state.board
    owner = state.owner
    ferries = state.players[player].ferries
    turn = movement.base_speed(state, player)
    best = {start: 0}
    heap = [(0, start)]
    while heap:
        here, d = heapq.heappop(heap)
        if d in targets:
            return here
        if here > best[d]:
            continue
        links: list[tuple[int, int]] = []
        for n in board.adj[d]:
            e = board.edges[edge_key(d, n)]
            if e.forbidden is None and (e.free or not track_only or e.key in owner):
                links.append((n, 1))
        links += [(f.other_port(d), turn) for f in board.ferries_at.get(d, ())
                  if f.index in ferries]
        for n, w in links:
            if here + w < best.get(n, FAR * 100):
                best[n] = here + w
                heapq.heappush(heap, (here + w, n))
    return None


def lost_races(state: GameState, seat: int) -> dict[tuple[int, int], int]:
    """The public demands the opponent has locked, each with the first turn of ours (0: this
    one) by which the opponent could already have delivered it: this seat is paid only by
    delivering in an earlier turn of its own."""
    opp = 1 - seat
    out: dict[tuple[int, int], int] = {}
    our_turn_now = state.current == seat
    for load in state.players[opp].loads:
        if load.card is None or load.demand is None or load.card not in state.pool:
            continue
        city = state.deck.card(load.card).demands[load.demand].city
        n = opponent_turns_to(state, opp, city)
        # Their n-th turn comes after our turn n - 1 when we are playing now.
        out[(load.card, load.demand)] = n if our_turn_now else n - 1
    return out


def foreseen_races(state: GameState, seat: int) -> dict[tuple[int, int], int]:
    """The public demands the opponent can serve along the track already on the map (to a
    city offering the goods, or with the goods on the train, then to the city that wants
    them), each with the first turn of ours by which they could have delivered it. Such a
    demand is the opponent's to lose: going for it only pays by delivering earlier. The
    opponent's intentions are not known; this reads only the table (track, train, loads)."""
    opp = 1 - seat
    pace = _pace(state, opp)
    if pace is None:
        return {}
    start, first, speed, extra = pace
    pl = state.players[opp]
    board = state.board
    our_turn_now = state.current == seat
    locked = {(x.card, x.demand) for p in state.players for x in p.loads if x.card is not None}
    carried = {x.commodity for x in pl.loads if x.card is None}
    free_room = len(pl.loads) < cards.capacity(state, opp)
    legs: dict[tuple[int | None, str], int | None] = {}  # (from a city's centre or the train)

    def leg(frm: int | None, to: str) -> int | None:
        if (frm, to) not in legs:
            legs[(frm, to)] = _steps(state, opp, start if frm is None else frm,
                                     set(board.cities[to].dots), track_only=True)
        return legs[(frm, to)]

    out: dict[tuple[int, int], int] = {}
    for number in state.pool:
        for j, dem in enumerate(state.deck.card(number).demands):
            if (number, j) in locked:
                continue
            steps: int | None = None
            if dem.commodity in carried:
                steps = leg(None, dem.city)
            elif free_room:
                for src in board.suppliers.get(dem.commodity, []):
                    there, on = leg(None, src.name), leg(src.centre, dem.city)
                    if there is not None and on is not None and (
                            steps is None or there + on < steps):
                        steps = there + on
            if steps is None:
                continue
            n = _turns(steps, first, speed, extra) + UNCOMMITTED_DELAY
            out[(number, j)] = n if our_turn_now else n - 1
    return out
