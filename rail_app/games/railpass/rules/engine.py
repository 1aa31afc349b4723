"""Quote, then apply: the one door through which a round of Rail Pass changes (DG-M7).

The rulebook (:data:`RULEBOOK`) lists every action with its quote and its apply. Wrong-moment
refusals come first and alone (DG-M7): the round is over (R-W1), paused (DG-P1), the seat is
absent or busy (DG-M13), the city is not the seat's (D-27, in the rules' quotes). Then every
violated rule, each with its id and a sentence in a player's words. ``apply`` quotes again,
refuses with :class:`IllegalAction` (the state as it was), carries the action out, keeps a
computer seat busy for its duration (DG-M13, DG-D3), records the action, and in a round of
computers lets the clock run on (``clock.run_on``).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Final

from rail_app.core.i18n import _
from rail_app.games.railpass.rules import cargo, clock, crew, mishaps, trains
from rail_app.games.railpass.rules.actions import (
    Call,
    Dispatch,
    Drop,
    DropCube,
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
from rail_app.games.railpass.rules.common import AnyQuote
from rail_app.games.railpass.rules.kitshim import (
    Action,
    IllegalAction,
    Moment,
    Violation,
    refused,
)
from rail_app.games.railpass.rules.names import clock_words, crew_name
from rail_app.games.railpass.rules.network import Configuration
from rail_app.games.railpass.rules.state import RoundState, SeatKind, Settings

__all__ = ["IllegalAction", "apply", "new_round", "quote"]


@dataclass(frozen=True)
class Rule:
    quote: Callable[[RoundState, Any], AnyQuote]
    apply: Callable[[RoundState, Any, AnyQuote], None]


RULEBOOK: Final[dict[type[Action], Rule]] = {
    Load: Rule(cargo.quote_load, cargo.apply_load),
    MoveCube: Rule(cargo.quote_move_cube, cargo.apply_move_cube),
    SwapCubes: Rule(cargo.quote_swap_cubes, cargo.apply_swap_cubes),
    PickUp: Rule(trains.quote_pick_up, trains.apply_pick_up),
    Park: Rule(trains.quote_park, trains.apply_park),
    Shunt: Rule(trains.quote_shunt, trains.apply_shunt),
    Offer: Rule(trains.quote_offer, trains.apply_offer),
    Dispatch: Rule(trains.quote_dispatch, trains.apply_dispatch),
    MoveOwn: Rule(trains.quote_move_own, trains.apply_move_own),
    MoveOwnPark: Rule(trains.quote_move_own_park, trains.apply_move_own_park),
    Take: Rule(trains.quote_take, trains.apply_take),
    TakePark: Rule(trains.quote_take_park, trains.apply_take_park),
    Withdraw: Rule(trains.quote_withdraw, trains.apply_withdraw),
    MoveEngineer: Rule(crew.quote_move_engineer, crew.apply_move_engineer),
    SwapEngineers: Rule(crew.quote_swap_engineers, crew.apply_swap_engineers),
    Call: Rule(mishaps.quote_call, mishaps.apply_call),
    Drop: Rule(mishaps.quote_drop, mishaps.apply_drop),
    Spill: Rule(mishaps.quote_spill, mishaps.apply_spill),
    DropCube: Rule(mishaps.quote_drop_cube, mishaps.apply_drop_cube),
    Wait: Rule(clock.quote_wait, clock.apply_wait),
    Tick: Rule(clock.quote_tick, clock.apply_tick),
}


def new_round(config: Configuration, settings: Settings | None = None,
              seed: int = 0) -> RoundState:
    return clock.new_round(config, settings or Settings(), seed)


def seat_of(action: Action) -> int:
    """The seat an action names (the clock's Tick is nobody's: seat 0 in records)."""
    seat = getattr(action, "seat", 0)
    return seat if isinstance(seat, int) else 0


def moment(state: RoundState, action: Action) -> Violation | None:
    """DG-M7: the wrong moments, before any rule."""
    if state.over:
        return Violation.not_now(Moment.GAME_OVER, _("Time is up: the round is over"), "R-W1")
    if state.paused:
        return Violation.not_now(Moment.PAUSED, _("The round is paused"), "DG-P1")
    if isinstance(action, Tick):
        return None
    seat = seat_of(action)
    if not 0 <= seat < state.seats:
        return Violation.not_now(Moment.NOT_YOUR_TURN, _("There is no seat {n} at this table")
                                 .format(n=seat + 1))
    kind = state.kind(seat)
    if kind is SeatKind.ABSENT:
        return Violation.not_now(Moment.NOT_YOUR_TURN, _("That seat is empty"), "DG-Q5")
    if kind is SeatKind.COMPUTER and state.busy[seat] > state.tick:
        first = state.seat_cities[seat][0]
        return Violation.not_now(Moment.NOT_YOUR_TURN, _("The {crew} is busy until {time}")
                                 .format(crew=crew_name(first),
                                         time=clock_words(state.busy[seat])), "DG-M13")
    return None


def quote(state: RoundState, action: Action) -> AnyQuote:
    """Every reason ``action`` is refused now (none: it is legal)."""
    wrong = moment(state, action)
    if wrong is not None:
        return refused(action, wrong)
    rule = RULEBOOK.get(type(action))
    if rule is None:
        return refused(action, Violation.not_now(
            Moment.WRONG_PHASE, f"{type(action).__name__} is not an action of Rail Pass"))
    return rule.quote(state, action)


def apply(state: RoundState, action: Action, *, inplace: bool = False) -> RoundState:
    """The state after a legal action (a new one unless ``inplace``); IllegalAction
    otherwise."""
    return apply_quoted(state, quote(state, action), inplace=inplace)


def apply_quoted(state: RoundState, q: AnyQuote, *, inplace: bool = False) -> RoundState:
    if not q.ok:
        raise IllegalAction(q)
    action: Action = q.action
    new = state if inplace else state.copy()
    RULEBOOK[type(action)].apply(new, action, q)
    seat = seat_of(action)
    if not isinstance(action, (Tick, Wait)):
        clock.after_action(new, seat, action.kind)
    new.history.append((seat, action))
    clock.run_on(new)
    return new


def attempt(state: RoundState, action: Action) -> tuple[RoundState, AnyQuote]:
    """A person's gesture: applied in place when legal; otherwise the refusal is logged
    (DG-M7: a refusal changes nothing but the log of refusals) unless the round is paused
    (DG-P1: gestures during a pause leave no entries)."""
    q = quote(state, action)
    if q.ok:
        return apply_quoted(state, q, inplace=True), q
    if not (q.violations and q.violations[0].moment is Moment.PAUSED):
        state.refusals.append((state.tick, seat_of(action), action, tuple(q.rules)))
    return state, q
