"""Getting a stuck seat moving again: a one-action look-ahead over every legal action of the
seat, kept for the moments when its plans find nothing to do while a train waits for a place
or the table has stood still (DG-A7: never create a dead station; DG-Q1: no deadlock).

Each legal action is tried on a copy of the seat's view and the position after it judged by
its *mobility* (how many trains could move on into a free track, how many wait in hands with
no place, free hands) and its *progress* (cubes delivered, the hops still ahead of the cubes
on trains); the best action that improves the position is taken.
"""

from __future__ import annotations

from typing import Final

from rail_app.games.railpass.rules import engine
from rail_app.games.railpass.rules.candidates import seat_candidates
from rail_app.games.railpass.rules.common import AnyQuote
from rail_app.games.railpass.rules.crew import dead_station
from rail_app.games.railpass.rules.identity import CITIES
from rail_app.games.railpass.rules.network import city_of
from rail_app.games.railpass.rules.rng import SplitMix64
from rail_app.games.railpass.rules.state import (
    EMPTY,
    Place,
    RoundState,
    home,
    is_long,
    train_of,
)
from rail_app.table.actions import Action

#: A dead station or a quitting engineer outweighs anything a move could gain.
DEAD: Final = 1000.0
QUIT: Final = 50.0
#: How long the table stands still before a train steps aside to free a track.
STILL: Final = 300
#: What counts as the table moving.
MOVES: Final = frozenset({"loaded", "delivered", "taken", "moved-own"})


def position(s: RoundState, spread: float = 3.0, reach: bool = False) -> float:
    """How well a table can go on: mobility and progress (see the module docstring);
    ``spread``: what a hop still ahead of a cube costs; ``reach``: a held train is placed
    when it may reach a free track next door (else only where it is or is offered to)."""
    cfg = s.config
    value = 20.0 * sum(s.storage[c][c] for c in range(CITIES))
    value -= QUIT * len(s.pile_engineers)
    for t in range(len(s.place)):
        p = s.place[t]
        if p is Place.WRECKED or p is Place.ASIDE:
            continue
        x = s.at[t]
        for c in s.cubes[t]:
            value -= spread * cfg.distance[x][c]
        e = s.driver[t]
        if p is Place.PARKED:
            if e == EMPTY:
                continue
            for n in cfg.neighbours[x]:
                if cfg.distance[home(e)][n] > 1:
                    continue
                for k in (0, 1):
                    if (k == 0 or not is_long(t)) and s.tracks[n][k] == EMPTY:
                        value += 1.0
                        break
        elif p is Place.HELD:
            value += 0.0 if placeable(s, t, reach) else -4.0
    for hands in s.hands:
        value += 0.5 * sum(1 for h in hands if h == EMPTY)
    value -= DEAD * sum(1 for c in range(CITIES) if dead_station(s, c))
    return value


def placeable(s: RoundState, t: int, reach: bool = True) -> bool:
    """Whether held train ``t`` has a place it may go to now: the city it is offered to, or,
    not offered, its city or a neighbour its engineer may drive to, with a free track that
    fits it (at another seat's city, that seat has a free hand to take it)."""
    cfg = s.config
    x = s.at[t]
    e = s.driver[t]
    if e == EMPTY:
        return False
    number = s.offer_of[t]
    ways = [s.offers[number].to] if number else [x, *(cfg.neighbours[x] if reach else ())]
    holder = next((seat for seat, hands in enumerate(s.hands) if t in hands), -1)
    for z in ways:
        if cfg.distance[home(e)][z] > 1:
            continue
        if not any((k == 0 or not is_long(t)) and s.tracks[z][k] == EMPTY for k in (0, 1)):
            continue
        if z == x or not reach or (number == 0 and s.controller[z] == holder) \
                or s.free_hand(s.controller[z]) != EMPTY:
            return True
    return False


#: The actions that take a train into a hand.
TAKES: Final = frozenset({"pick-up", "take"})


def cornered(after: RoundState, seat: int) -> bool:
    """Whether ``seat`` has no free hand and no train in its hands that has a place to go:
    it could then do nothing at all, not even make room for them (DG-Q1: no deadlock)."""
    hands = after.hands[seat]
    return all(u != EMPTY for u in hands) and not any(
        after.place[u] is Place.HELD and placeable(after, u) for u in hands)


def corners(view: RoundState, seat: int, action: Action, q: AnyQuote) -> bool:
    """Whether ``action`` (quoted ``q``, legal) takes a train into a hand (a pick-up, a take)
    and leaves the seat :func:`cornered`."""
    return action.kind in TAKES and cornered(engine.apply_quoted(view, q), seat)


def still(view: RoundState) -> bool:
    """Whether the table has stood still for STILL ticks: no cube loaded or delivered, no
    train taken or moved between seats."""
    for e in reversed(view.log):
        if view.tick - e.tick > STILL:
            return True
        if e.kind in MOVES:
            return False
    return view.tick > STILL


def unjam(view: RoundState, seat: int, rng: SplitMix64) -> Action | None:
    """The legal action of ``seat`` that improves the position most (None: none does).
    When the table has stood still a while, a cube's way ahead counts for little against
    mobility: a train steps aside, even away from its cargo's way, to free a track."""
    quiet = still(view)
    spread = 0.5 if quiet else 3.0
    base = position(view, spread, quiet)
    best: list[tuple[float, Action]] = []
    top = base + (0.5 if quiet else 1.0)  # only a real step forward
    for action in seat_candidates(view, seat):
        if action.kind in ("wait", "call"):
            continue
        q = engine.quote(view, action)
        if not q.ok or strays(view, action, q):
            continue
        after = engine.apply_quoted(view, q)
        if action.kind in TAKES and cornered(after, seat):
            continue
        v = position(after, spread, quiet)
        if v > top + 1e-9:
            top, best = v, [(v, action)]
        elif best and abs(v - top) <= 1e-9:
            best.append((v, action))
    if not best:
        return None
    return best[rng.below(len(best))][1]


def strays(view: RoundState, action: Action, quote: object) -> bool:
    """Whether an action takes a train where its engineer may not stay (DG-A7: a computer
    never parks a train whose engineer would quit, nor carries one where it cannot park)."""
    details = getattr(quote, "details", None)
    if details is not None and getattr(details, "quits", False):
        return True
    to = getattr(action, "to", "")
    name = getattr(action, "train", "")
    if not to or not name or action.kind == "call":
        return False
    t = train_of(name)
    e = view.driver[t]
    z = city_of(to)
    return e != EMPTY and view.config.distance[home(e)][z] > 1
