"""Engineers (R-E): they drive the trains (R-E1), one to a train (R-E2), always in a cab or a
hotel bed, never in a hand (R-E3, D-11). They move only within one station, between the
trains parked there and its hotel of three beds (R-E4, R-E6, D-12); a swap between two crewed
trains goes through a free bed (R-E5, D-11). An engineer drives at home and one hop from it
(R-E7, R-E8); parked further away, they quit at once (R-E9, D-6), the train staying where it is
(D-7).
"""

from __future__ import annotations

from rail_app.core.i18n import _
from rail_app.games.railpass.rules import common
from rail_app.games.railpass.rules.actions import MoveEngineer, SwapEngineers
from rail_app.games.railpass.rules.common import AnyQuote, Refused
from rail_app.games.railpass.rules.events import EngineerMoved, EngineersSwapped, Quit
from rail_app.games.railpass.rules.names import city_name, engineer_words, train_words
from rail_app.games.railpass.rules.state import BEDS, EMPTY, Place, RoundState, home
from rail_app.table.quotes import Violation

HOTEL = "hotel"


def station_of(state: RoundState, e: int) -> int:
    """The city whose station an engineer is in (a parked train's cab or its hotel); refuses
    otherwise (R-E4: engineers move only within a station)."""
    t = state.cab[e]
    if t != EMPTY:
        if state.place[t] is Place.PARKED:
            return state.at[t]
        raise Refused(Violation("R-E4", _("{engineer} drives {train}, which is not parked: an "
                                          "engineer changes trains only in a station").format(
            engineer=engineer_words(e), train=train_words(t))))
    if state.bed[e] != EMPTY:
        return state.bed[e] // BEDS
    raise Refused(Violation("R-E9", _("{engineer} has quit").format(
        engineer=engineer_words(e))))


def free_bed(state: RoundState, c: int) -> int:
    for b, e in enumerate(state.hotel[c]):
        if e == EMPTY:
            return b
    return EMPTY


@common.quoting
def quote_move_engineer(state: RoundState, action: MoveEngineer) -> list[Violation]:
    """R-E2, R-E4, R-E6, D-12 (and a free hand, DG-M8)."""
    e = common.engineer(action.engineer)
    c = station_of(state, e)
    common.own_city(state, action.seat, c)
    out: list[Violation] = []
    common.free_hand(state, action.seat, out)
    if action.to == HOTEL:
        if state.cab[e] == EMPTY:
            out.append(Violation("R-E4", _("{engineer} is in the hotel already").format(
                engineer=engineer_words(e))))
        elif free_bed(state, c) == EMPTY:
            out.append(Violation("R-E6", _("{city}'s hotel is full: it holds 3 engineers")
                                 .format(city=city_name(c))))
        return out
    t = common.train(action.to)
    if t == state.cab[e]:
        out.append(Violation("R-E4", _("{engineer} drives {train} already").format(
            engineer=engineer_words(e), train=train_words(t))))
        return out
    if state.place[t] is not Place.PARKED or state.at[t] != c:
        out.append(Violation("D-12", _("An engineer boards only a train parked in the same "
                                       "station")))
    elif state.driver[t] != EMPTY:
        out.append(Violation("R-E2", _("{train} has an engineer already: each train holds "
                                       "one").format(train=train_words(t))))
    return out


def _lift(state: RoundState, e: int) -> None:
    t = state.cab[e]
    if t != EMPTY:
        state.driver[t] = EMPTY
        state.cab[e] = EMPTY
    elif state.bed[e] != EMPTY:
        c, b = divmod(state.bed[e], BEDS)
        state.hotel[c][b] = EMPTY
        state.bed[e] = EMPTY


def apply_move_engineer(state: RoundState, action: MoveEngineer, quote: AnyQuote) -> None:
    e = common.engineer(action.engineer)
    c = station_of(state, e)
    _lift(state, e)
    if action.to == HOTEL:
        b = free_bed(state, c)
        state.hotel[c][b] = e
        state.bed[e] = c * BEDS + b
        state.log.append(EngineerMoved(state.tick, action.seat, e, c, EMPTY))
        return
    t = common.train(action.to)
    state.driver[t] = e
    state.cab[e] = t
    state.log.append(EngineerMoved(state.tick, action.seat, e, c, t))


@common.quoting
def quote_swap_engineers(state: RoundState, action: SwapEngineers) -> list[Violation]:
    """R-E5, D-11, EX-13: the engineers of two parked trains change places through a free bed
    of the hotel (an engineer never waits in a hand)."""
    ta = common.train(action.a)
    tb = common.train(action.b)
    out: list[Violation] = []
    if ta == tb:
        return [Violation("R-E5", _("A swap needs two different trains"))]
    if state.place[ta] is not Place.PARKED:
        raise Refused(Violation("R-E5", common.where_words(state, ta, state.at[ta])))
    c = state.at[ta]
    common.own_city(state, action.seat, c)
    common.free_hand(state, action.seat, out)
    if state.place[tb] is not Place.PARKED or state.at[tb] != c:
        out.append(Violation("R-E5", _("Both trains must be parked in the same station")))
        return out
    for t in (ta, tb):
        if state.driver[t] == EMPTY:
            out.append(Violation("R-E5", _("{train} has no engineer: move the other one into "
                                           "its cab").format(train=train_words(t))))
    if not out and free_bed(state, c) == EMPTY:
        out.append(Violation("D-11", _("{city}'s hotel is full and there is no empty cab: an "
                                       "engineer cannot wait in a hand").format(
            city=city_name(c))))
    return out


def apply_swap_engineers(state: RoundState, action: SwapEngineers, quote: AnyQuote) -> None:
    ta = common.train(action.a)
    tb = common.train(action.b)
    ea, eb = state.driver[ta], state.driver[tb]
    state.driver[ta], state.driver[tb] = eb, ea
    state.cab[ea], state.cab[eb] = tb, ta
    state.log.append(EngineersSwapped(state.tick, action.seat, state.at[ta], ea, eb))


def quit_check(state: RoundState, t: int, c: int) -> bool:
    """R-E7, R-E9, D-6, D-7: a train just parked at ``c`` whose engineer lives more than one
    hop away loses them to the pile; the train stays parked, without an engineer."""
    e = state.driver[t]
    if e == EMPTY or state.config.in_range(home(e), c):
        return False
    state.driver[t] = EMPTY
    state.cab[e] = EMPTY
    state.pile_engineers.append(e)
    state.log.append(Quit(state.tick, e, c, t))
    return True


def dead_station(state: RoundState, c: int) -> bool:
    """EX-22: both tracks hold trains without engineers and the hotel is empty: nothing can
    ever move those trains, and no train can park there again this round."""
    if any(e != EMPTY for e in state.hotel[c]):
        return False
    return all(t != EMPTY and state.driver[t] == EMPTY for t in state.tracks[c])
