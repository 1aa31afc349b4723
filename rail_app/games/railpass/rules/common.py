"""What every part of the rules asks of an action: the names it gives (a train, a city, an
engineer, an offer) as numbers, whether the city is the seat's own (R-T4, D-27: "the city is
not yours" is a wrong-moment refusal, DG-M7), and whether the seat has the hands the action
takes (DG-M8, R-M3, D-31).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, TypeVar

from rail_app.core.i18n import _
from rail_app.games.railpass.rules.identity import LETTERS
from rail_app.games.railpass.rules.names import city_name, clock_words, crew_name, train_words
from rail_app.games.railpass.rules.state import (
    EMPTY,
    ENGINEERS,
    TRAINS,
    OfferInfo,
    Place,
    RoundState,
    SeatKind,
    Track,
    capacity,
    engineer_of,
    train_of,
)
from rail_app.table.quotes import Moment, Quote, Violation

A = TypeVar("A")
AnyQuote = Quote[Any, Any]


class Refused(Exception):
    """Raised inside a quote to refuse at once (a name that means nothing, a wrong moment):
    the quote function turns it into a refused quote."""

    def __init__(self, violation: Violation) -> None:
        self.violation = violation
        super().__init__(str(violation))


def moment(state: RoundState, action: object) -> Violation | None:
    """DG-M7: a real-time game's wrong moments, before any rule: the round is over (R-W1) or
    paused (DG-P1), the seat is absent, or a computer seat is busy (DG-M13)."""
    if state.over:
        return Violation.not_now(Moment.GAME_OVER, _("Time is up: the round is over"), "R-W1")
    kind = getattr(action, "kind", "")
    if state.paused and kind != "resume":
        return Violation.not_now(Moment.PAUSED, _("The round is paused"), "DG-P1")
    seat = getattr(action, "seat", None)
    if kind == "tick" or not isinstance(seat, int):
        return None
    if not 0 <= seat < state.seats:
        return Violation.not_now(Moment.NOT_YOUR_TURN, _("There is no seat {n} at this table")
                                 .format(n=seat + 1), "DG-M2")
    who = state.settings.kinds[seat]
    if who is SeatKind.ABSENT:
        return Violation.not_now(Moment.NOT_YOUR_TURN, _("That seat is empty"), "DG-Q5")
    if who is SeatKind.COMPUTER and state.busy[seat] > state.tick:
        return Violation.not_now(Moment.NOT_YOUR_TURN, _("The {crew} is busy until {time}")
                                 .format(crew=crew_name(state.seat_cities[seat][0]),
                                         time=clock_words(state.end - state.busy[seat])),
                                 "DG-M13")
    return None


def quoting(fn: Callable[[RoundState, A], Sequence[Violation]]
            ) -> Callable[[RoundState, A], AnyQuote]:
    """A quote function from a function that lists violations (and may raise Refused): the
    moments first (:func:`moment`), alone."""

    def quote(state: RoundState, action: A) -> AnyQuote:
        wrong = moment(state, action)
        if wrong is not None:
            return Quote(action, 0, (wrong,))
        try:
            found = tuple(fn(state, action))
        except Refused as exc:
            found = (exc.violation,)
        return Quote(action, 0, found)

    quote.__name__ = getattr(fn, "__name__", "quote")
    quote.__doc__ = fn.__doc__
    return quote


def city(text: str) -> int:
    if len(text) == 1 and text in LETTERS:
        return LETTERS.index(text)
    raise Refused(Violation("DG-M6", _("There is no city {name!r}").format(name=text[:20])))


def train(text: str) -> int:
    try:
        t = train_of(text)
    except ValueError:
        raise Refused(Violation("DG-M6", _("There is no train {name!r}").format(
            name=text[:20]))) from None
    assert 0 <= t < TRAINS
    return t


def engineer(text: str) -> int:
    try:
        e = engineer_of(text)
    except ValueError:
        raise Refused(Violation("DG-M6", _("There is no engineer {name!r}").format(
            name=text[:20]))) from None
    assert 0 <= e < ENGINEERS
    return e


def offer(state: RoundState, number: int) -> OfferInfo:
    """D-25: a pending offer (taken or withdrawn ones are no more)."""
    found = state.offers.get(number)
    if found is None:
        raise Refused(Violation("D-25", _("Offer #{n} is no longer pending: it was taken or "
                                          "withdrawn").format(n=number)))
    return found


def own_city(state: RoundState, seat: int, c: int) -> None:
    """R-T4, R-M10, D-27: a seat acts only at the cities it controls."""
    if state.controller[c] != seat:
        raise Refused(Violation.not_now(
            Moment.NOT_YOUR_TURN, _("{city} is not your city: only its player acts there")
            .format(city=city_name(c)), "D-27"))


def free_hand(state: RoundState, seat: int, out: list[Violation]) -> None:
    """DG-M8, R-M3, R-T5, D-31: an action that takes a free hand."""
    if state.free_hand(seat) == EMPTY:
        out.append(Violation("D-31", _("Both your hands hold trains: park one or pass one on "
                                       "first")))


def hand_free(state: RoundState, seat: int, hand: int, out: list[Violation]) -> None:
    """R-M3: a named hand, which must be free."""
    if not 0 <= hand < state.hands_per_seat:
        out.append(Violation("R-M3", _("You have {n} hands").format(n=state.hands_per_seat)))
    elif state.hands[seat][hand] != EMPTY:
        if state.free_hand(seat) == EMPTY:
            out.append(Violation("R-M3", _("All your hands hold trains: park one or pass one "
                                           "on first")))
        else:
            out.append(Violation("R-M3", _("That hand already holds a train")))


def parked_at(state: RoundState, t: int, c: int, rule: str, out: list[Violation]) -> bool:
    """Whether a train stands on a track of city ``c`` (else why not, under ``rule``)."""
    if state.place[t] is Place.PARKED and state.at[t] == c:
        return True
    out.append(Violation(rule, where_words(state, t, c)))
    return False


def where_words(state: RoundState, t: int, c: int) -> str:
    """Why a train is not parked at a city, in a player's words."""
    p = state.place[t]
    name = train_words(t)
    if p is Place.HELD:
        return _("{train} is in a hand, not on a track (R-M2)").format(train=name)
    if p is Place.TRANSIT:
        return _("{train} is inside an obstacle").format(train=name)
    if p is Place.WRECKED:
        return _("{train} was wrecked").format(train=name)
    if p is Place.ASIDE:
        return _("{train} was set aside").format(train=name)
    return _("{train} is not parked at {city}").format(train=name, city=city_name(c))


def held_by(state: RoundState, t: int, seat: int) -> None:
    """A train in one of the seat's hands (R-M2); refuses at once otherwise."""
    if state.place[t] is not Place.HELD or state.holder[t] != seat:
        raise Refused(Violation("R-M10", _("{train} is not in your hand").format(
            train=train_words(t))))


def track_fits(state: RoundState, t: int, c: int, track: Track, out: list[Violation]) -> None:
    """R-M5: each track holds one train; the short-train track only a short one."""
    if state.tracks[c][track.slot] != EMPTY:
        out.append(Violation("R-M5", _("That track of {city} holds a train already").format(
            city=city_name(c))))
    if track is Track.SHORT and capacity(t) == 5:
        out.append(Violation("R-M5", _("A long train does not fit the short-train track")))


def cube_colour(text: str) -> int:
    if len(text) == 1 and text in LETTERS:
        return LETTERS.index(text)
    raise Refused(Violation("DG-M6", _("There is no colour {name!r}").format(name=text[:20])))


def sticker_ok(state: RoundState, t: int, cubes: Sequence[int]) -> bool:
    """D-20, D-28, R-V2: with the Expert stickers, at most capacity - 1 cubes of colours other
    than the sticker's (without them the stickers count for nothing, R-C9)."""
    if not state.settings.expert:
        return True
    sticker = sticker_of(state, t)
    return sum(1 for c in cubes if c != sticker) <= capacity(t) - 1


def sticker_of(state: RoundState, t: int) -> int:
    """D-20: the colour of a train's sticker (the configuration's deal)."""
    return state.config.stickers[t // 2][t % 2]
