"""Things that go wrong (R-X), and the calls (DG-K).

Under Table rules (DG-X, off by default: DG-X1) the screen reports a person's mishaps as
actions: a train released over open table is a wreck (DG-X2, R-X3: the train, its cubes and its
engineer go to the pile), a loaded train dragged too fast spills its last cube loaded (DG-X3,
R-X1), a yard cube released over the table falls (DG-X2, D-15). Computers never have mishaps
(DG-X5). Whatever falls stays on the pile for the round (R-X4, D-15). A train set down anywhere but a
track is picked up again at once: only a fall is a wreck (R-X5, D-32).

Calls (DG-K, D-29: the digital edition's talk) are advice: a few words to the neighbouring seats that change no rule (DG-K5);
computers notice them after their reaction delay (DG-M13).
"""

from __future__ import annotations

from typing import Final

from rail_app.core.i18n import _
from rail_app.games.railpass.rules import common
from rail_app.games.railpass.rules.actions import Call, CallKind, Drop, DropCube, End, Spill
from rail_app.games.railpass.rules.common import AnyQuote, Refused
from rail_app.games.railpass.rules.events import Called, CubeDropped, Spilled, Wrecked
from rail_app.games.railpass.rules.names import city_name, train_words
from rail_app.games.railpass.rules.state import (
    EMPTY,
    NOBODY,
    CallInfo,
    Place,
    RoundState,
    SeatKind,
    reaction,
)
from rail_app.games.railpass.rules.trains import wake
from rail_app.table.quotes import Violation

#: DG-X3: at most one spill per 0.5 s.
SPILL_GAP: Final = 5
#: DG-K3: "Hold!" lasts 10 s.
HOLD_TICKS: Final = 100


def _table_rules(state: RoundState, seat: int, out: list[Violation]) -> None:
    if not state.settings.table_rules:
        raise Refused(Violation("DG-X1", _("Table rules are off: nothing falls")))
    if state.kind(seat) is not SeatKind.PERSON:
        raise Refused(Violation("DG-X5", _("Computer teammates never drop anything")))


def _in_hands(state: RoundState, seat: int, t: int, out: list[Violation]) -> None:
    """A train a person is dragging: one of theirs in hand, or one they could pick up."""
    if state.place[t] is Place.HELD and state.holder[t] == seat:
        return
    if state.place[t] is not Place.PARKED:
        raise Refused(Violation("R-M4", common.where_words(state, t, state.at[t])))
    common.own_city(state, seat, state.at[t])
    if state.driver[t] == EMPTY:
        out.append(Violation("R-M1", _("{train} has no engineer: it cannot be lifted").format(
            train=train_words(t))))
    common.free_hand(state, seat, out)


@common.quoting
def quote_drop(state: RoundState, action: Drop) -> list[Violation]:
    """DG-X2, R-X3."""
    t = common.train(action.train)
    out: list[Violation] = []
    _table_rules(state, action.seat, out)
    _in_hands(state, action.seat, t, out)
    return out


def apply_drop(state: RoundState, action: Drop, quote: AnyQuote) -> None:
    """R-X3, EX-15: the train, all its cubes and its engineer go to the pile."""
    t = common.train(action.train)
    if state.place[t] is Place.PARKED:
        state.tracks[state.at[t]][state.track[t]] = EMPTY
    else:
        state.hands[state.holder[t]][state.hand[t]] = EMPTY
        if state.offer_of[t]:
            del state.offers[state.offer_of[t]]
            state.offer_of[t] = 0
    cubes = tuple(state.cubes[t])
    for c in cubes:
        state.pile_cubes[c] += 1
    state.cubes[t] = []
    e = state.driver[t]
    if e != EMPTY:
        state.driver[t] = EMPTY
        state.cab[e] = EMPTY
        state.pile_engineers.append(e)
    state.place[t] = Place.WRECKED
    state.track[t] = EMPTY
    state.holder[t] = NOBODY
    state.hand[t] = EMPTY
    state.pile_trains.append(t)
    state.log.append(Wrecked(state.tick, action.seat, t, cubes, e))


@common.quoting
def quote_spill(state: RoundState, action: Spill) -> list[Violation]:
    """DG-X3, R-X1: a loaded train, at most one spill per 0.5 s."""
    t = common.train(action.train)
    out: list[Violation] = []
    _table_rules(state, action.seat, out)
    _in_hands(state, action.seat, t, out)
    if not state.cubes[t]:
        out.append(Violation("R-X1", _("{train} carries nothing to spill").format(
            train=train_words(t))))
    if state.spilled[t] >= 0 and state.tick < state.spilled[t] + SPILL_GAP:
        out.append(Violation("DG-X3", _("At most one cube spills every half second")))
    return out


def apply_spill(state: RoundState, action: Spill, quote: AnyQuote) -> None:
    t = common.train(action.train)
    cube = state.cubes[t].pop()
    state.pile_cubes[cube] += 1
    state.spilled[t] = state.tick
    state.log.append(Spilled(state.tick, action.seat, t, cube))


@common.quoting
def quote_drop_cube(state: RoundState, action: DropCube) -> list[Violation]:
    """DG-X2, D-15."""
    c = common.city(action.city)
    out: list[Violation] = []
    _table_rules(state, action.seat, out)
    common.own_city(state, action.seat, c)
    common.free_hand(state, action.seat, out)
    if state.yard_end(c, action.end is End.LAST) < 0:
        out.append(Violation("R-L2", _("{city}'s shipping yard is empty").format(
            city=city_name(c))))
    return out


def apply_drop_cube(state: RoundState, action: DropCube, quote: AnyQuote) -> None:
    c = common.city(action.city)
    if action.end is End.LAST:
        state.hi[c] -= 1
        cube = state.yard[c][state.hi[c]]
    else:
        cube = state.yard[c][state.lo[c]]
        state.lo[c] += 1
    state.pile_cubes[cube] += 1
    state.log.append(CubeDropped(state.tick, action.seat, c, cube))


# -- calls (DG-K) ---------------------------------------------------------------------------------


def neighbour_seats(state: RoundState, seat: int) -> tuple[int, ...]:
    """The seats whose cities are linked to one of ``seat``'s (DG-K1: a call goes to them)."""
    found = {state.controller[n] for c in state.seat_cities[seat]
             for n in state.config.neighbours[c]}
    found.discard(seat)
    return tuple(sorted(found))


@common.quoting
def quote_call(state: RoundState, action: Call) -> list[Violation]:
    """DG-K1-DG-K5 (no calls in Dispatcher, DG-N4)."""
    near = neighbour_seats(state, action.seat)
    if not near:
        return [Violation("DG-N4", _("There is nobody to call"))]
    out: list[Violation] = []
    if action.to:
        c = common.city(action.to)
        if state.controller[c] not in near:
            out.append(Violation("DG-K1", _("A call goes to a neighbouring player: {city} is "
                                            "not one").format(city=city_name(c))))
    if action.toward:
        if action.call is not CallKind.NEED_CREW:
            out.append(Violation("DG-K2", _("Only a call for crew names a direction")))
        else:
            common.city(action.toward)
    return out


def apply_call(state: RoundState, action: Call, quote: AnyQuote) -> None:
    to = (state.controller[common.city(action.to)],) if action.to \
        else neighbour_seats(state, action.seat)
    toward = common.city(action.toward) if action.toward else -1
    state.calls = [c for c in state.calls if c.tick + HOLD_TICKS > state.tick]
    state.calls.append(CallInfo(str(action.call), action.seat, to, state.tick, toward))
    state.log.append(Called(state.tick, action.seat, str(action.call), to, toward))
    for s in to:
        wake(state, s, state.tick + reaction(state, s))


def holding(state: RoundState, seat: int) -> bool:
    """DG-K3, DG-K4: whether ``seat`` has called "Hold!" in the last 10 s and not "Go"
    since."""
    for c in reversed(state.calls):
        if c.seat == seat and state.tick < c.tick + HOLD_TICKS:
            if c.kind == CallKind.GO:
                return False
            if c.kind == CallKind.HOLD:
                return True
    return False
