"""The actions worth asking about now: a superset of the legal actions of the seats that may
act (each is quoted before it is offered). Loads from both yard ends onto each parked train,
cube moves and swaps between a station's two trains, pick-ups, parks, shunts, offers and
dispatches along every link, own moves, takes of the offers a seat has noticed, withdrawals,
engineer moves, the calls, a short wait, and the mishaps under Table rules."""

from __future__ import annotations

from collections.abc import Iterable, Iterator

from rail_app.games.railpass.rules.actions import (
    Call,
    CallKind,
    Dispatch,
    Drop,
    DropCube,
    End,
    Load,
    MoveCube,
    MoveEngineer,
    MoveOwn,
    MoveOwnPark,
    Offer,
    Park,
    PickUp,
    Shunt,
    Spill,
    SwapCubes,
    SwapEngineers,
    Take,
    TakePark,
    Tick,
    Wait,
    Withdraw,
)
from rail_app.games.railpass.rules.crew import HOTEL
from rail_app.games.railpass.rules.identity import LETTERS
from rail_app.games.railpass.rules.state import (
    EMPTY,
    TRACKS,
    Clocking,
    Place,
    RoundState,
    SeatKind,
    engineer_name,
    train_name,
)
from rail_app.table.actions import Action


def candidates(state: RoundState, seats: Iterable[int]) -> Iterator[Action]:
    if state.over:
        return
    for seat in seats:
        yield from seat_candidates(state, seat)
    if state.settings.clocking is Clocking.TICKS:
        yield Tick()


def seat_candidates(state: RoundState, seat: int) -> Iterator[Action]:
    """A superset of what ``seat`` may do now."""
    config = state.config
    person = state.kind(seat) is SeatKind.PERSON
    free = state.free_hand(seat)
    for c in state.seat_cities[seat]:
        city = LETTERS[c]
        parked = state.parked_at(c)
        for t in parked:
            name = train_name(t)
            for end in (End.FIRST, End.LAST):
                yield Load(seat, city, end, name)
            if free != EMPTY:
                yield PickUp(seat, name, free)
            for track in TRACKS:
                yield Shunt(seat, name, track)
            for n in config.neighbours[c]:
                yield Dispatch(seat, name, LETTERS[n])
            e = state.driver[t]
            if e != EMPTY:
                yield MoveEngineer(seat, engineer_name(e), HOTEL)
                for other in parked:
                    if other != t:
                        yield MoveEngineer(seat, engineer_name(e), train_name(other))
        if len(parked) == 2:
            a, b = parked
            for cube in set(state.cubes[a]):
                yield MoveCube(seat, city, train_name(a), train_name(b), LETTERS[cube])
            for cube in set(state.cubes[b]):
                yield MoveCube(seat, city, train_name(b), train_name(a), LETTERS[cube])
            for ca in set(state.cubes[a]):
                for cb in set(state.cubes[b]):
                    if ca != cb:
                        yield SwapCubes(seat, city, train_name(a), train_name(b),
                                        LETTERS[ca], LETTERS[cb])
            yield SwapEngineers(seat, train_name(a), train_name(b))
        for e in state.hotel[c]:
            if e != EMPTY:
                for t in parked:
                    yield MoveEngineer(seat, engineer_name(e), train_name(t))
        if person and state.settings.table_rules:
            for end in (End.FIRST, End.LAST):
                yield DropCube(seat, city, end)
            for t in parked:
                yield Drop(seat, train_name(t))
                yield Spill(seat, train_name(t))
    for t in state.hands[seat]:
        if t == EMPTY or state.place[t] is not Place.HELD:
            continue
        name = train_name(t)
        c = state.at[t]
        if state.offer_of[t]:
            yield Withdraw(seat, state.offer_of[t])
        for track in TRACKS:
            yield Park(seat, name, track)
        for n in config.neighbours[c]:
            yield Offer(seat, name, LETTERS[n])
            yield MoveOwn(seat, name, LETTERS[n])
            for track in TRACKS:
                yield MoveOwnPark(seat, name, LETTERS[n], track)
        if person and state.settings.table_rules:
            yield Drop(seat, name)
            yield Spill(seat, name)
    for o in state.visible_offers(seat):
        if free != EMPTY:
            yield Take(seat, o.id, free)
        for track in TRACKS:
            yield TakePark(seat, o.id, track)
    for kind in CallKind:
        yield Call(seat, kind)
    if state.computer(seat):
        yield Wait(seat, 10)
