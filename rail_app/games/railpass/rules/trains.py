"""Trains (R-M, R-O, DG-M9-DG-M12): picking up a train with an engineer (R-M1), one train per
hand (R-M3), parked or held and nothing else (R-M4), the two tracks (R-M5); passing a train to
the player of a linked city by an offer they take (R-M7, D-23, D-25, DG-M9-DG-M11), through a
tunnel or over the bridge hand to hand with a transit time (R-O1-R-O6); moving a train between
one's own cities (R-M8, D-8) or pushing it through one's own obstacle (D-13); never across a
blocked marker (R-M9), never at another player's station (R-M10).

Parking (DG-M12) unloads the city's colour first (R-L8, D-9), then checks the engineer's range
(R-E9, D-6): a train turned round before it is parked keeps its engineer (R-E10). A received
train with no room waits in the hand until one is free or it is passed on (R-M11). Which way
a train faces is no part of it (R-M6); touching an obstacle costs nothing (R-O3, DG-X4):
only its transit time. Every offer and own move toots by itself (DG-K0, D-21). Across an
obstacle between one seat's own cities the seat offers to itself and catches (DG-N3, D-13).
The two trains of a station swap tracks through two hands (D-34).
"""

from __future__ import annotations

from dataclasses import dataclass

from rail_app.core.i18n import _
from rail_app.games.railpass.rules import common
from rail_app.games.railpass.rules.actions import (
    Dispatch,
    MoveOwn,
    MoveOwnPark,
    Offer,
    Park,
    PickUp,
    Shunt,
    Take,
    TakePark,
    Withdraw,
)
from rail_app.games.railpass.rules.cargo import deliver
from rail_app.games.railpass.rules.common import AnyQuote, Refused
from rail_app.games.railpass.rules.crew import quit_check
from rail_app.games.railpass.rules.events import (
    Arrived,
    MovedOwn,
    Offered,
    Parked,
    PickedUp,
    Taken,
    Toot,
    Withdrawn,
)
from rail_app.games.railpass.rules.names import city_name, train_words
from rail_app.games.railpass.rules.network import TRANSIT_TICKS, LinkKind
from rail_app.games.railpass.rules.state import (
    EMPTY,
    NOBODY,
    OfferInfo,
    Place,
    RoundState,
    home,
    reaction,
)
from rail_app.table.quotes import Quote, Violation


@dataclass(frozen=True)
class ParkDetails:
    """What a park would do (DG-S7's warnings): cubes delivered, the engineer quitting, and
    the cities it would strand for good (EX-22)."""

    delivers: int
    quits: bool
    strands: tuple[int, ...] = ()


# -- parking -------------------------------------------------------------------------------------


def park(state: RoundState, t: int, c: int, track: int) -> None:
    """DG-M12: the train onto the track; then its city's colour unloaded (R-L8, D-9); then the
    engineer's range checked (R-E9, D-6)."""
    seat = state.holder[t]
    if seat != NOBODY:
        state.hands[seat][state.hand[t]] = EMPTY
    state.place[t] = Place.PARKED
    state.at[t] = c
    state.track[t] = track
    state.holder[t] = NOBODY
    state.hand[t] = EMPTY
    state.tracks[c][track] = t
    state.log.append(Parked(state.tick, seat, t, c, track))
    deliver(state, t, c)
    quit_check(state, t, c)


def park_details(state: RoundState, t: int, c: int) -> ParkDetails:
    """What parking train ``t`` at ``c`` would deliver and whether its engineer would quit."""
    e = state.driver[t]
    quits = e != EMPTY and not state.config.in_range(home(e), c)
    strands: tuple[int, ...] = ()
    if quits:
        others = [x for x in state.tracks[c] if x != EMPTY]
        if others and all(state.driver[x] == EMPTY for x in others) \
                and all(b == EMPTY for b in state.hotel[c]):
            strands = (c,)
    return ParkDetails(state.cubes[t].count(c), quits, strands)


def _park_quote(action: object, out: list[Violation], details: ParkDetails) -> AnyQuote:
    return Quote(action, 0, tuple(out), details if not out else None)


def quote_park(state: RoundState, action: Park) -> AnyQuote:
    """R-M4, R-M5, DG-M12 (an offered train is withdrawn first, D-25)."""
    wrong = common.moment(state, action)
    if wrong is not None:
        return Quote(action, 0, (wrong,))
    try:
        t = common.train(action.train)
        common.held_by(state, t, action.seat)
    except Refused as exc:
        return Quote(action, 0, (exc.violation,))
    out: list[Violation] = []
    if state.offer_of[t]:
        out.append(Violation("D-25", _("{train} is offered: withdraw the offer first").format(
            train=train_words(t))))
    c = state.at[t]
    common.track_fits(state, t, c, action.track, out)
    return _park_quote(action, out, park_details(state, t, c))


def apply_park(state: RoundState, action: Park, quote: AnyQuote) -> None:
    t = common.train(action.train)
    park(state, t, state.at[t], action.track.slot)


# -- picking up, shunting ------------------------------------------------------------------------


def _pickable(state: RoundState, seat: int, t: int, out: list[Violation]) -> int:
    """R-M1, R-M10, D-27: a train parked at one of the seat's cities, with an engineer; its
    city."""
    if state.place[t] is not Place.PARKED:
        raise Refused(Violation("R-M4", common.where_words(state, t, state.at[t])))
    c = state.at[t]
    common.own_city(state, seat, c)
    if state.driver[t] == EMPTY:
        out.append(Violation("R-M1", _("{train} has no engineer: a train without one can "
                                       "never be picked up").format(train=train_words(t))))
    return c


def _lift(state: RoundState, t: int, seat: int, hand: int) -> None:
    c = state.at[t]
    state.tracks[c][state.track[t]] = EMPTY
    state.origin[t] = c
    state.place[t] = Place.HELD
    state.track[t] = EMPTY
    state.holder[t] = seat
    state.hand[t] = hand
    state.hands[seat][hand] = t
    state.log.append(PickedUp(state.tick, seat, t, c))


@common.quoting
def quote_pick_up(state: RoundState, action: PickUp) -> list[Violation]:
    """R-M1, R-M2, R-M3."""
    t = common.train(action.train)
    out: list[Violation] = []
    _pickable(state, action.seat, t, out)
    common.hand_free(state, action.seat, action.hand, out)
    return out


def apply_pick_up(state: RoundState, action: PickUp, quote: AnyQuote) -> None:
    _lift(state, common.train(action.train), action.seat, action.hand)


@common.quoting
def quote_shunt(state: RoundState, action: Shunt) -> list[Violation]:
    """D-22: a pick-up, then a park on the other track (R-M1: it takes an engineer; R-M5:
    the track must fit)."""
    t = common.train(action.train)
    out: list[Violation] = []
    c = _pickable(state, action.seat, t, out)
    common.free_hand(state, action.seat, out)
    if state.track[t] == action.track.slot:
        out.append(Violation("D-22", _("{train} stands on that track already").format(
            train=train_words(t))))
    else:
        common.track_fits(state, t, c, action.track, out)
    return out


def apply_shunt(state: RoundState, action: Shunt, quote: AnyQuote) -> None:
    t = common.train(action.train)
    c = state.at[t]
    _lift(state, t, action.seat, state.free_hand(action.seat))
    park(state, t, c, action.track.slot)


# -- offers (R-M7, R-O, DG-M9) -------------------------------------------------------------------


def _offer_target(state: RoundState, seat: int, origin: int, to_text: str,
                  out: list[Violation]) -> int:
    """D-23, R-M9, DG-M9: a city linked to the train's, controlled by another seat (or by the
    same one across an obstacle, D-13)."""
    z = common.city(to_text)
    link = state.config.link(origin, z)
    if link is None:
        blocked = any({origin, z} == set(pair) for pair in state.config.blocked)
        if blocked:
            out.append(Violation("R-M9", _("A blocked track stands between {a} and {b}")
                                 .format(a=city_name(origin), b=city_name(z))))
        elif z == origin:
            out.append(Violation("D-23", _("The train is at {city} already").format(
                city=city_name(z))))
        else:
            out.append(Violation("D-23", _("{a} and {b} are not linked: a train is handed on "
                                           "one link at a time").format(
                a=city_name(origin), b=city_name(z))))
        return z
    if state.controller[z] == seat and not link.kind.obstacle:
        out.append(Violation("R-M8", _("{city} is your own city over open track: move the "
                                       "train there instead").format(city=city_name(z))))
    return z


def _make_offer(state: RoundState, seat: int, t: int, z: int) -> None:
    origin = state.at[t]
    receiver = state.controller[z]
    number = state.next_offer
    state.next_offer += 1
    state.offers[number] = OfferInfo(number, t, origin, z, seat, receiver, state.tick)
    state.offer_of[t] = number
    state.log.append(Offered(state.tick, seat, number, t, origin, z, receiver))
    state.log.append(Toot(state.tick, seat, origin))
    wake(state, receiver, state.tick + reaction(state, receiver))


def wake(state: RoundState, seat: int, when: int) -> None:
    """DG-M13: a computer idling (Wait) notices something for it at ``when``."""
    if state.waiting[seat] and state.busy[seat] > when:
        state.busy[seat] = max(when, state.tick)


@common.quoting
def quote_offer(state: RoundState, action: Offer) -> list[Violation]:
    """R-M7, R-M9, D-23, DG-M9: a held train, one offer at a time."""
    t = common.train(action.train)
    common.held_by(state, t, action.seat)
    out: list[Violation] = []
    if state.offer_of[t]:
        out.append(Violation("DG-M9", _("{train} is offered already").format(
            train=train_words(t))))
    _offer_target(state, action.seat, state.at[t], action.to, out)
    return out


def apply_offer(state: RoundState, action: Offer, quote: AnyQuote) -> None:
    t = common.train(action.train)
    _make_offer(state, action.seat, t, common.city(action.to))


@common.quoting
def quote_dispatch(state: RoundState, action: Dispatch) -> list[Violation]:
    """DG-M6: a pick-up (R-M1, R-M3) and an offer (R-M7, R-M9, D-23)."""
    t = common.train(action.train)
    out: list[Violation] = []
    c = _pickable(state, action.seat, t, out)
    common.free_hand(state, action.seat, out)
    _offer_target(state, action.seat, c, action.to, out)
    return out


def apply_dispatch(state: RoundState, action: Dispatch, quote: AnyQuote) -> None:
    t = common.train(action.train)
    _lift(state, t, action.seat, state.free_hand(action.seat))
    _make_offer(state, action.seat, t, common.city(action.to))


@common.quoting
def quote_withdraw(state: RoundState, action: Withdraw) -> list[Violation]:
    """D-25: only the sender, only while the offer is pending (EX-D01: not once taken)."""
    o = common.offer(state, action.offer)
    if o.sender != action.seat:
        return [Violation("D-25", _("Only the player who offered a train may withdraw the "
                                    "offer"))]
    return []


def apply_withdraw(state: RoundState, action: Withdraw, quote: AnyQuote) -> None:
    o = state.offers.pop(action.offer)
    state.offer_of[o.train] = 0
    state.log.append(Withdrawn(state.tick, action.seat, o.id, o.train))


# -- moving between one's own cities (R-M8, D-8) -------------------------------------------------


def _own_move(state: RoundState, seat: int, t: int, to_text: str,
              out: list[Violation]) -> int:
    """R-M8, D-8, D-13: one hop, over an open link, to another city of the same seat."""
    origin = state.at[t]
    z = common.city(to_text)
    if state.offer_of[t]:
        out.append(Violation("D-25", _("{train} is offered: withdraw the offer first").format(
            train=train_words(t))))
    link = state.config.link(origin, z)
    if link is None:
        if any({origin, z} == set(pair) for pair in state.config.blocked):
            out.append(Violation("R-M9", _("A blocked track stands between {a} and {b}")
                                 .format(a=city_name(origin), b=city_name(z))))
        else:
            out.append(Violation("D-8", _("{a} and {b} are not linked: a train moves one link "
                                          "at a time").format(a=city_name(origin),
                                                              b=city_name(z))))
        return z
    if state.controller[z] != seat:
        out.append(Violation("R-M10", _("{city} is not your city: offer the train to its "
                                        "player").format(city=city_name(z))))
    elif link.kind.obstacle:
        out.append(Violation("D-13", _("A {obstacle} stands between {a} and {b}: push the "
                                       "train through (offer it) and catch it on the far "
                                       "side").format(
            obstacle=_("tunnel") if link.kind is LinkKind.TUNNEL else _("bridge"),
            a=city_name(origin), b=city_name(z))))
    return z


def _move_own(state: RoundState, seat: int, t: int, z: int) -> None:
    origin = state.at[t]
    state.origin[t] = origin
    state.at[t] = z
    state.log.append(MovedOwn(state.tick, seat, t, origin, z))
    state.log.append(Toot(state.tick, seat, origin))


def _own_train(state: RoundState, seat: int, t: int, out: list[Violation]) -> None:
    """DG-N2: an own move takes a held train, or a parked one of the seat's (picked up on
    the way: R-M1 an engineer, a free hand)."""
    if state.place[t] is Place.PARKED and state.controller[state.at[t]] == seat:
        _pickable(state, seat, t, out)
        common.free_hand(state, seat, out)
    else:
        common.held_by(state, t, seat)


def _lift_for_own_move(state: RoundState, seat: int, t: int) -> None:
    if state.place[t] is Place.PARKED:
        _lift(state, t, seat, state.free_hand(seat))


@common.quoting
def quote_move_own(state: RoundState, action: MoveOwn) -> list[Violation]:
    """R-M8, D-8, DG-N2."""
    t = common.train(action.train)
    out: list[Violation] = []
    _own_train(state, action.seat, t, out)
    _own_move(state, action.seat, t, action.to, out)
    return out


def apply_move_own(state: RoundState, action: MoveOwn, quote: AnyQuote) -> None:
    t = common.train(action.train)
    _lift_for_own_move(state, action.seat, t)
    _move_own(state, action.seat, t, common.city(action.to))


def quote_move_own_park(state: RoundState, action: MoveOwnPark) -> AnyQuote:
    """R-M8, DG-N2, EX-D05: the move, then a park at the city reached (R-M5, DG-M12)."""
    wrong = common.moment(state, action)
    if wrong is not None:
        return Quote(action, 0, (wrong,))
    try:
        t = common.train(action.train)
        out: list[Violation] = []
        _own_train(state, action.seat, t, out)
        z = _own_move(state, action.seat, t, action.to, out)
    except Refused as exc:
        return Quote(action, 0, (exc.violation,))
    if not out:
        common.track_fits(state, t, z, action.track, out)
    return _park_quote(action, out, park_details(state, t, z))


def apply_move_own_park(state: RoundState, action: MoveOwnPark, quote: AnyQuote) -> None:
    t = common.train(action.train)
    z = common.city(action.to)
    _lift_for_own_move(state, action.seat, t)
    _move_own(state, action.seat, t, z)
    park(state, t, z, action.track.slot)


# -- taking (R-M3, R-O2, R-O4, DG-M11) -----------------------------------------------------------


def _taker(state: RoundState, seat: int, o: OfferInfo, out: list[Violation]) -> None:
    """R-O4, R-M10: only the receiving seat takes; DG-M13: a computer only once it has noticed
    the offer."""
    if o.receiver != seat:
        raise Refused(Violation("R-M10", _("That train is offered to {city}, not to you")
                                .format(city=city_name(o.to))))
    wait = reaction(state, seat)
    if state.tick < o.tick + wait:
        out.append(Violation("DG-M13", _("The offer is too fresh: a computer seat answers "
                                         "another seat after its reaction delay")))


@common.quoting
def quote_take(state: RoundState, action: Take) -> list[Violation]:
    """R-M3, R-O4, DG-M11, DG-M13."""
    o = common.offer(state, action.offer)
    out: list[Violation] = []
    _taker(state, action.seat, o, out)
    common.hand_free(state, action.seat, action.hand, out)
    return out


def _take(state: RoundState, seat: int, o: OfferInfo, hand: int) -> None:
    del state.offers[o.id]
    t = o.train
    state.offer_of[t] = 0
    state.hands[o.sender][state.hand[t]] = EMPTY  # the sender's hand is free at once
    link = state.config.link(o.origin, o.to)
    assert link is not None
    state.holder[t] = seat
    state.hand[t] = hand
    state.hands[seat][hand] = t  # held, or kept for the train coming through
    state.origin[t] = o.origin
    state.at[t] = o.to
    transit = TRANSIT_TICKS[link.kind]
    if transit:
        state.place[t] = Place.TRANSIT
        state.due[t] = state.tick + transit
    state.log.append(Taken(state.tick, seat, o.id, t, o.to, state.tick + transit))


def apply_take(state: RoundState, action: Take, quote: AnyQuote) -> None:
    _take(state, action.seat, state.offers[action.offer], action.hand)


def quote_take_park(state: RoundState, action: TakePark) -> AnyQuote:
    """DG-M11: over an open link only; the train passes through a free hand (DG-M8) onto a
    track that fits (R-M5)."""
    wrong = common.moment(state, action)
    if wrong is not None:
        return Quote(action, 0, (wrong,))
    try:
        o = common.offer(state, action.offer)
        out: list[Violation] = []
        _taker(state, action.seat, o, out)
    except Refused as exc:
        return Quote(action, 0, (exc.violation,))
    link = state.config.link(o.origin, o.to)
    if link is not None and link.kind.obstacle:
        out.append(Violation("DG-M11", _("A train coming through an obstacle is caught in a "
                                         "hand first")))
    common.free_hand(state, action.seat, out)
    common.track_fits(state, o.train, o.to, action.track, out)
    return _park_quote(action, out, park_details(state, o.train, o.to))


def apply_take_park(state: RoundState, action: TakePark, quote: AnyQuote) -> None:
    o = state.offers[action.offer]
    _take(state, action.seat, o, state.free_hand(action.seat))
    park(state, o.train, o.to, action.track.slot)


def arrivals(state: RoundState) -> None:
    """DG-M14 step 2: trains due now come out of their obstacles into their receivers' hands,
    in the order the configuration lists its links (then by train)."""
    due = [t for t in range(len(state.place))
           if state.place[t] is Place.TRANSIT and state.due[t] == state.tick]
    if not due:
        return
    order = {link: i for i, link in enumerate(state.config.links)}

    def key(t: int) -> tuple[int, int]:
        entry = state.origin[t]
        link = state.config.link(entry, state.at[t])
        return (order[link] if link is not None else 0, t)

    for t in sorted(due, key=key):
        state.place[t] = Place.HELD
        state.due[t] = EMPTY
        seat = state.holder[t]
        state.log.append(Arrived(state.tick, seat, t, state.at[t]))
        wake(state, seat, state.tick)
