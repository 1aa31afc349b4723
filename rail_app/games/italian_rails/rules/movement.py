"""Moving the train (RULES.md section 4, M1-M6): placing it, moving it, ferries.

The train moves dot to dot over usable track, one movement point per segment (M1): the
player's own segments, the free track inside major cities, and the opponent's segments for a
rent of 4M per turn (M3). Both trains may share dots and segments (M4): nothing here looks at
where the other train is.

M2 is modelled as: the train may not step straight back to the dot it just came from
(``previous``) unless it stands on a city dot. ``previous`` survives from one MoveTrain to the
next and from one turn to the next, so a train that stopped between cities cannot turn back
next turn either.

Half speed (M5 after a ferry, E5 storms on a coast, bad weather) rounds up (M6). A train that
starts the turn at half speed gets half its speed; one that enters a half-speed zone mid-move
has the movement left after entering that dot halved, rounded up (the reading most in the
player's favour). Movement is halved at most once in a turn.

Movement may be split over several MoveTrain actions in one phase (stop at a city to pick up,
then go on); ``state.moves_left`` holds what is left (None until the first move of the turn).
"""

from __future__ import annotations

import heapq
import itertools
from collections.abc import Iterator

from rail_app.core.i18n import _, money_millions
from rail_app.games.italian_rails.rules import events
from rail_app.games.italian_rails.rules.actions import Action, BoardFerry, MoveTrain, PlaceTrain
from rail_app.games.italian_rails.rules.board import Ferry, compass, edge_key
from rail_app.games.italian_rails.rules.log import (
    BoardedFerry,
    Landed,
    Moved,
    RentPaid,
    StaysAboard,
    TrainPlaced,
)
from rail_app.games.italian_rails.rules.places import Places, Sentence
from rail_app.games.italian_rails.rules.quotes import (
    BoardDetails,
    MoveDetails,
    PlaceDetails,
    Quote,
    Violation,
    refused,
    violation_at,
)
from rail_app.games.italian_rails.rules.state import VARIANT_FAST_TRAINS, GameState, Phase, log

OWN, FREE, RENT = "own", "free", "rent"


def half(n: int) -> int:
    """M6: half speed, rounded up (in the player's favour)."""
    return (n + 1) // 2


# -- speed -----------------------------------------------------------------------------------


def base_speed(state: GameState, player: int) -> int:
    """M1/K9/V1: the locomotive's speed (its fast speed with the Fast Trains variant)."""
    loco = state.rules.locomotives[state.players[player].loco]
    return int(loco.fast_speed if state.variant(VARIANT_FAST_TRAINS) else loco.speed)


def _starts_half(state: GameState, player: int) -> bool:
    pl = state.players[player]
    return pl.half_speed_next or (
        pl.position is not None and pl.position in events.slow_dots(state))


def speed(state: GameState, player: int) -> int:
    """The player's movement for a whole turn starting now: the locomotive's speed, halved
    (rounded up) after a ferry crossing (M5) or inside a half-speed zone (E5, bad weather)."""
    full = base_speed(state, player)
    return half(full) if _starts_half(state, player) else full


def moves_left(state: GameState, player: int) -> int:
    """Movement points the player has left this turn (a whole turn's for the other player)."""
    pl = state.players[player]
    if pl.aboard is not None:
        return 0
    if player == state.current and state.moves_left is not None:
        return state.moves_left
    return speed(state, player)


def _halved_now(state: GameState, player: int) -> bool:
    if player == state.current and state.moves_left is not None:
        return state.half_speed_now
    return _starts_half(state, player)


# -- track -----------------------------------------------------------------------------------


def _can_rent(state: GameState, player: int) -> bool:
    """M3: opponent track may be entered when this turn's rent is paid or can be paid."""
    return (player == state.current and state.rental_paid) or (
        state.players[player].cash >= state.rules.rental_fee)


def _no_reversing(at: int) -> Sentence:
    def sentence(p: Places) -> str:
        return _("The train can't reverse at {dot}: it may only turn back at a city").format(dot=p.dot(at))

    return sentence


def _step(state: GameState, player: int, a: int, b: int) -> tuple[str | None, Violation | None]:
    """What kind of track joins ``a`` to ``b`` for ``player`` (own, free, rent) or why the
    train may not go there."""
    board = state.board
    e = board.edge(a, b)
    if e is None or e.forbidden is not None:
        return None, violation_at("M1", board, lambda p: (
            _("The train moves only between neighbouring dots: {dot} and {dot2} are not joined").format(dot=p.dot(a), dot2=p.dot(b))))
    key = edge_key(a, b)
    river = events.flooded_river(state, key)
    if river is not None:
        return None, violation_at("E4", board, lambda p: (
            _("Can't cross the {river} from {dot} to {dot2}: it is in flood").format(river=river, dot=p.dot(a), dot2=p.dot(b))))
    if e.free:
        return FREE, None
    owner = state.owner.get(key)
    if owner is None:
        return None, violation_at("M3", board, lambda p: (
            _("There is no track between {dot} and {dot2}").format(dot=p.dot(a), dot2=p.dot(b))))
    if owner == player:
        return OWN, None
    if not _can_rent(state, player):
        who = state.players[owner].name
        fee = state.rules.rental_fee
        return None, violation_at("M3", board, lambda p: (
            _("Can't enter {who}'s track ({dot} to {dot2}): you can't pay the {fee} rent").format(who=who, dot=p.dot(a), dot2=p.dot(b), fee=money_millions(fee))))
    return RENT, None


def step_kind(state: GameState, player: int, a: int, b: int
              ) -> tuple[str | None, Violation | None]:
    """What kind of track joins ``a`` to ``b`` for ``player`` (OWN, FREE or RENT), or the
    violation that keeps the train off it (M1, M3, E4)."""
    return _step(state, player, a, b)


def halved_now(state: GameState, player: int) -> bool:
    """Whether ``player``'s movement this turn is halved already (M5, M6)."""
    return _halved_now(state, player)


def usable_edge(state: GameState, player: int, a: int, b: int) -> bool:
    """M3/E4: may ``player``'s train run from dot ``a`` to dot ``b`` now?"""
    return _step(state, player, a, b)[1] is None


def _is_city(state: GameState, d: int) -> bool:
    return d in state.board.city_of_dot


def _norm_prev(state: GameState, d: int, prev: int | None) -> int | None:
    """M2: at a city dot the train may go anywhere, so where it came from no longer matters."""
    return None if _is_city(state, d) else prev


# -- searches for the UI and the computer player -----------------------------------------------

_SearchKey = tuple[int, int | None, bool, bool]  # dot, previous, halved, rent paid by path


def _explore(state: GameState, player: int) -> dict[int, list[int]]:
    """Every dot the train can reach this turn, with a path to it (dots after the current
    one) that keeps the most movement, avoiding rent where possible (M1-M3, M6, E4)."""
    pl = state.players[player]
    if pl.position is None or pl.aboard is not None:
        return {}
    zone = events.slow_dots(state)
    paid = player == state.current and state.rental_paid
    start: _SearchKey = (pl.position, _norm_prev(state, pl.position, pl.previous),
                         _halved_now(state, player), False)
    best: dict[_SearchKey, int] = {start: moves_left(state, player)}
    parent: dict[_SearchKey, _SearchKey | None] = {start: None}
    steps: dict[_SearchKey, int] = {start: 0}
    tie = itertools.count()
    heap: list[tuple[int, bool, int, _SearchKey]] = [(-best[start], False, next(tie), start)]
    adj = state.board.adj
    while heap:
        neg, _, _, key = heapq.heappop(heap)
        left = -neg
        if left < best[key] or left <= 0:
            continue
        d, prev, halved, rented = key
        for n in adj[d]:
            if n == prev:
                continue  # M2: no reversing between cities
            kind, bad = _step(state, player, d, n)
            if bad is not None:
                continue
            nl = left - 1
            nh = halved
            if n in zone and not halved:
                nl, nh = half(nl), True
            nk: _SearchKey = (n, _norm_prev(state, n, d), nh,
                              rented or (kind == RENT and not paid))
            if nl > best.get(nk, -1):
                best[nk] = nl
                parent[nk] = key
                steps[nk] = steps[key] + 1
                heapq.heappush(heap, (-nl, nk[3], next(tie), nk))
    chosen: dict[int, _SearchKey] = {}
    for key in best:
        d = key[0]
        old = chosen.get(d)
        if old is None or (key[3], steps[key]) < (old[3], steps[old]):
            chosen[d] = key
    out: dict[int, list[int]] = {}
    for d, key in chosen.items():
        path: list[int] = []
        k: _SearchKey | None = key
        while k is not None and parent[k] is not None:
            path.append(k[0])
            k = parent[k]
        out[d] = path[::-1]
    return out


def reachable(state: GameState, player: int) -> dict[int, int]:
    """Dots the train can reach with the movement left this turn -> segments to get there
    (the current dot with 0), respecting M2, rent (M3), floods (E4) and half speed (M6)."""
    return {d: len(p) for d, p in _explore(state, player).items()}


def reachable_paths(state: GameState, player: int) -> dict[int, list[int]]:
    """Like :func:`reachable`, with a path (dots after the current one) to each dot."""
    return _explore(state, player)


def _shortest(state: GameState, player: int, target: int,
              allow_rent: bool) -> list[int] | None:
    pl = state.players[player]
    assert pl.position is not None
    start = (pl.position, _norm_prev(state, pl.position, pl.previous))
    dist: dict[tuple[int, int | None], tuple[int, int]] = {start: (0, 0)}
    parent: dict[tuple[int, int | None], tuple[int, int | None] | None] = {start: None}
    tie = itertools.count()
    heap: list[tuple[tuple[int, int], int, tuple[int, int | None]]] = [((0, 0), next(tie),
                                                                       start)]
    while heap:
        cost, _, key = heapq.heappop(heap)
        if cost > dist[key]:
            continue
        d, prev = key
        if d == target:
            path: list[int] = []
            k: tuple[int, int | None] | None = key
            while k is not None and parent[k] is not None:
                path.append(k[0])
                k = parent[k]
            return path[::-1]
        for n in state.board.adj[d]:
            if n == prev:
                continue
            kind, bad = _step(state, player, d, n)
            if bad is not None or (kind == RENT and not allow_rent):
                continue
            nc = (cost[0] + 1, cost[1] + (1 if kind == RENT else 0))
            nk = (n, _norm_prev(state, n, d))
            if nc < dist.get(nk, (1 << 30, 0)):
                dist[nk] = nc
                parent[nk] = key
                heapq.heappush(heap, (nc, next(tie), nk))
    return None


def route(state: GameState, player: int, target: int) -> list[int] | None:
    """The shortest usable route to ``target`` (dots after the current one), possibly longer
    than this turn's movement (the UI cuts it). A route without rent (M3) is preferred unless
    it needs more turns than the shortest one. None if the train cannot get there."""
    pl = state.players[player]
    if pl.position is None or pl.aboard is not None:
        return None
    if target == pl.position:
        return []
    own = _shortest(state, player, target, allow_rent=False)
    any_ = _shortest(state, player, target, allow_rent=True)
    if own is None or any_ is None:
        return own if own is not None else any_
    return own if _turns_for(state, player, len(own)) <= _turns_for(
        state, player, len(any_)) else any_


def _turns_for(state: GameState, player: int, n: int) -> int:
    now = moves_left(state, player)
    if n <= now:
        return 0
    full = max(1, base_speed(state, player))
    return 1 + (n - now + full - 1) // full


def turn_stops(state: GameState, player: int, path: list[int]) -> list[int]:
    """Where the train stops at the end of each turn along ``path`` (dots after the current
    one), as things stand now: the number of segments run by the end of this turn, of the
    next turn and so on, the last being ``len(path)``. This turn uses the movement left;
    later turns the locomotive's speed, halved when the turn starts in a half-speed zone;
    entering a zone halves what is left of a turn, once a turn (M1, M6). Events may end
    before then, so later stops are a plan, not a promise."""
    pl = state.players[player]
    if not path or pl.position is None:
        return [0] if not path else []
    zone = events.slow_dots(state)
    full = max(1, base_speed(state, player))
    left, halved = moves_left(state, player), _halved_now(state, player)
    stops: list[int] = []
    done = 0
    while done < len(path):
        if left <= 0:
            stops.append(done)
            here = path[done - 1] if done else pl.position
            halved = here in zone
            left = half(full) if halved else full
            continue
        left -= 1
        if path[done] in zone and not halved:
            left, halved = half(left), True
        done += 1
    stops.append(done)
    return stops


def slow_cause(state: GameState, player: int) -> str:
    """Why ``player``'s train moves at half speed this turn, in a player's words with the
    rule: the landing from a ferry (M5), or the event whose zone it met (M6 with E5 or bad
    weather); "" when it moves at full speed."""
    pl = state.players[player]
    if pl.aboard is not None or pl.position is None or not _halved_now(state, player):
        return ""
    if pl.half_speed_next:
        return _("landed from a ferry this turn (M5)")
    title = events.slowed_by(state, pl.position)
    if not title:  # entered a zone earlier in this move and left it again
        title = next((events.slowed_by(state, d) for ev in state.events for d in ev.dots
                      if events.slowed_by(state, d)), "")
    return f"{title} (M6)" if title else _("half speed (M6)")


# -- PlaceTrain (M1) -------------------------------------------------------------------------


def _dot(state: GameState, key: str) -> int | None:
    return state.board.find_dot(key)


def quote_place(state: GameState, action: PlaceTrain) -> Quote:
    """M1: on the first movement the train is placed on any city dot, free of movement."""
    pl = state.player
    v: list[Violation] = []
    if pl.position is not None or pl.aboard is not None:
        v.append(Violation("M1", _("Your train is already on the map")))
    d = _dot(state, action.dot)
    city = state.board.city_of_dot.get(d) if d is not None else None
    if d is None:
        v.append(Violation("M1", _("There is no dot {dot} on this map").format(dot=action.dot)))
    elif city is None:
        v.append(Violation("M1", _("Place the train on a city dot")))
    return Quote(action, 0, tuple(v), PlaceDetails(d, city.name if city else None))


def apply_place(state: GameState, action: PlaceTrain, quote: Quote) -> None:
    d = quote.detail(PlaceDetails)
    assert d is not None and d.dot is not None
    pl = state.player
    pl.position = d.dot
    pl.previous = None
    state.turn_started = True
    log(state, TrainPlaced(str(d.city)))


# -- MoveTrain (M1-M6) -----------------------------------------------------------------------


def quote_move(state: GameState, action: MoveTrain) -> Quote:
    """M1-M6: move along ``path``; the quote says where the train stops, the movement left
    and whether the 4M rent is due (M3)."""
    p = state.current
    pl = state.player
    v: list[Violation] = []
    if pl.aboard is not None:
        v.append(Violation("M5", _("Your train is on a ferry until your next turn")))
    if pl.position is None:
        v.append(Violation("M1", _("Place your train on a city first")))
    if not action.path:
        v.append(Violation("M1", _("Say where the train should go")))
    dots: list[int] = []
    for k in action.path:
        d = _dot(state, k)
        if d is None:
            v.append(Violation("M1", _("There is no dot {k} on this map").format(k=k)))
        else:
            dots.append(d)
    if v or pl.position is None:
        return Quote(action, 0, tuple(v))
    zone = events.slow_dots(state)
    left = moves_left(state, p)
    halved = _halved_now(state, p)
    rent_due = False
    renter: int | None = None
    slowed_by = ""
    pos, prev = pl.position, pl.previous
    done = 0
    too_far = False
    for n in dots:
        if n == prev and not _is_city(state, pos):
            v.append(violation_at("M2", state.board, _no_reversing(pos)))
            break
        kind, bad = _step(state, p, pos, n)
        if bad is not None:
            v.append(bad)
            break
        if left <= 0:
            too_far = True
            break
        if kind == RENT and not state.rental_paid and not rent_due:
            rent_due = True
            renter = state.owner[edge_key(pos, n)]
        left -= 1
        if n in zone and not halved:
            left, halved = half(left), True
            slowed_by = events.slowed_by(state, n)
        prev, pos = pos, n
        done += 1
    if too_far:
        v.append(Violation("M1", _("Too far: the train can go only {done} of these {n} segments this turn").format(done=done, n=len(dots))))
    fee = state.rules.rental_fee if rent_due else 0
    details = MoveDetails(path=tuple(dots), steps=done, moves_left=left, stop=pos,
                          previous=prev, half_speed=halved, rental=rent_due, rent_to=renter,
                          slowed_by=slowed_by)
    return Quote(action, fee, tuple(v), details)


def apply_move(state: GameState, action: MoveTrain, quote: Quote) -> None:
    pl = state.player
    d = quote.detail(MoveDetails)
    assert d is not None
    if d.rental:
        assert d.rent_to is not None
        fee = state.rules.rental_fee
        owner = state.players[d.rent_to]
        pl.cash -= fee
        owner.cash += fee
        state.rental_paid = True
        log(state, RentPaid(fee, d.rent_to))
    start = pl.position
    pl.position = d.stop
    pl.previous = d.previous
    state.moves_left = d.moves_left
    state.half_speed_now = d.half_speed
    state.turn_started = True
    log(state, Moved(start, d.stop, d.steps, d.moves_left))


# -- BoardFerry (M5) -------------------------------------------------------------------------


def quote_board(state: GameState, action: BoardFerry) -> Quote:
    """M5: a train that starts its move at a port of a ferry its owner has drawn (K8) may
    board it; that ends its movement, and next turn it starts at the other port."""
    pl = state.player
    v: list[Violation] = []
    ferry = next((f for f in state.board.ferries if f.name == action.ferry), None)
    if ferry is None:
        return refused(action, Violation("M5", _("There is no ferry called {ferry}").format(ferry=action.ferry)))
    if pl.aboard is not None:
        v.append(Violation("M5", _("Your train is already on a ferry")))
    elif pl.position is None:
        v.append(Violation("M1", _("Place your train on a city first")))
    elif pl.position not in ferry.ports:
        v.append(Violation("M5", _not_at_port(state, ferry, pl.position)))
    elif state.moves_left is not None:
        v.append(Violation("M5", _("A ferry is boarded only at the start of the move: the train "
                                 "has already moved this turn")))
    if ferry.index not in pl.ferries:
        v.append(Violation("M5", _("You have not drawn the {name} ferry (K8)").format(name=ferry.name)))
    if events.ferry_closed(state, ferry.index):
        storm = events.storm_over(state, ferry.index)
        v.append(Violation("E5", _("No ferry sails during {storm}").format(storm=storm)))
    to = ferry.other_port(pl.position) if pl.position is not None else None
    return Quote(action, 0, tuple(v), BoardDetails(ferry.name, ferry.index, to))


def _not_at_port(state: GameState, ferry: Ferry, at: int) -> str:
    """Why a train at ``at`` cannot board ``ferry``, saying where its port is (M5)."""
    board = state.board
    city = board.city_of_dot.get(at)
    port = next((p for p in ferry.ports if city is not None
                 and board.city_of_dot.get(p) is city), None)
    if city is None or port is None:
        a, b = (board.key(x) for x in ferry.ports)
        return (_("The train must be at a port of the {name} ferry ({a} or {b}) to board it").format(name=ferry.name, a=a, b=b))
    dot, centre = board.dots[port], board.dots[city.centre]
    side = compass(dot.x - centre.x, dot.y - centre.y)
    if side == "here":
        return _("The {ferry} ferry sails from the centre of {city}, its port: move the train "
                 "there; it boards at the start of a move").format(ferry=ferry.name,
                                                                   city=city.name)
    return _("The {ferry} ferry sails from the {side} dot of {city}, its port: move the train "
             "there; it boards at the start of a move").format(ferry=ferry.name, side=_(side),
                                                               city=city.name)


def apply_board(state: GameState, action: BoardFerry, quote: Quote) -> None:
    d = quote.detail(BoardDetails)
    assert d is not None and d.to is not None
    pl = state.player
    pl.aboard = d.index
    pl.previous = None
    pl.half_speed_next = True
    state.moves_left = 0
    state.turn_started = True
    log(state, BoardedFerry(d.index, d.to))


# -- turn hooks -------------------------------------------------------------------------------


def movement_turn_start(state: GameState, player: int) -> None:
    """A new turn: fresh movement; a train on a ferry lands at the other port (M5) unless a
    storm keeps it at sea (E5)."""
    state.moves_left = None
    state.rental_paid = False
    state.half_speed_now = False
    pl = state.players[player]
    if pl.aboard is None or pl.position is None:
        return
    ferry = state.board.ferries[pl.aboard]
    if events.ferry_closed(state, ferry.index):
        log(state, StaysAboard(ferry.index), player=player)
        return
    pl.position = ferry.other_port(pl.position)
    pl.previous = None
    pl.aboard = None
    pl.half_speed_next = True
    log(state, Landed(ferry.index, pl.position), player=player)


def movement_turn_end(state: GameState, player: int) -> None:
    """The half speed of a ferry landing lasts one turn (M5)."""
    pl = state.players[player]
    if pl.aboard is None:
        pl.half_speed_next = False


# -- candidate actions --------------------------------------------------------------------------


def movement_actions(state: GameState) -> Iterator[Action]:
    """A small set of sensible moves: placing at each city, boarding a ferry, and moving to
    each city dot reachable this turn."""
    if state.phase is not Phase.MOVE or state.pending is not None or state.outcome is not None:
        return
    p = state.current
    pl = state.player
    board = state.board
    if pl.aboard is not None:
        return
    if pl.position is None:
        for c in board.city_list:
            yield PlaceTrain(board.key(c.centre))
        return
    for f in board.ferries_at.get(pl.position, []):
        yield BoardFerry(f.name)
    if moves_left(state, p) <= 0:
        return
    for d, path in sorted(_explore(state, p).items()):
        if path and d in board.city_of_dot:
            yield MoveTrain(tuple(board.key(x) for x in path))
