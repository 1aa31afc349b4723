"""Quote, then apply: the one door through which a round of Rail Pass changes (DG-M7), on the
table's engine kit (:class:`rail_app.table.engine.Engine`).

The rulebook (:data:`RULEBOOK`) lists every action with its quote and its apply; the flow
(:class:`RoundFlow`) says what the kit cannot know: who may act now (several seats at once,
DG-M14), how a state is copied, what follows an action (a computer seat is busy for the
action's duration, DG-M13; in a round of computers the clock runs on by itself).

Wrong-moment refusals come first and alone (DG-M7): the round is over (R-W1), paused (DG-P1),
the seat is absent, or busy (DG-M13), the action is another seat's (R-T4), the city is not
the seat's (D-27). The kit's moment knows a game over (naming no rule) and a seat it does not
await; :class:`ClockEngine` asks a real-time game's moments first (``common.moment``), and
every rule's quote asks them too (``common.quoting``), for a rule quoted on its own. A gesture of the screen
is an action at the tick under way (DG-D5); the clock's :class:`Tick` is the first present
seat's in records.
"""

from __future__ import annotations

from collections.abc import Collection, Hashable, Iterable
from typing import Any, Final

from rail_app.core.i18n import _
from rail_app.games.railpass.rules import candidates as candidates_mod
from rail_app.games.railpass.rules import cargo, clock, common, crew, mishaps, trains
from rail_app.games.railpass.rules.actions import (
    ACTIONS,
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
    Pause,
    PickUp,
    Resume,
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
from rail_app.games.railpass.rules.names import crew_name
from rail_app.games.railpass.rules.network import Configuration
from rail_app.games.railpass.rules.state import Clocking, RoundState, SeatKind, Settings
from rail_app.table.actions import Action, ActionCodec, Limits
from rail_app.table.engine import Engine, Pending, Rule
from rail_app.table.quotes import IllegalAction, Moment, Violation

__all__ = ["ENGINE", "IllegalAction", "apply", "apply_quoted", "attempt", "new_round", "quote"]

#: The one step of a round: everything may happen at any time (R-T1), when the situation
#: allows (R-T2).
PLAY: Final = "play"
_NOW = frozenset({PLAY})

#: Every action, with its quote and its apply (DG-M6).
RULEBOOK: Final[dict[type[Any], Rule[RoundState, Any]]] = {
    Load: Rule(_NOW, cargo.quote_load, cargo.apply_load, "loading"),
    MoveCube: Rule(_NOW, cargo.quote_move_cube, cargo.apply_move_cube, "moving a cube"),
    SwapCubes: Rule(_NOW, cargo.quote_swap_cubes, cargo.apply_swap_cubes, "swapping cubes"),
    PickUp: Rule(_NOW, trains.quote_pick_up, trains.apply_pick_up, "picking up a train"),
    Park: Rule(_NOW, trains.quote_park, trains.apply_park, "parking"),
    Shunt: Rule(_NOW, trains.quote_shunt, trains.apply_shunt, "shunting"),
    Offer: Rule(_NOW, trains.quote_offer, trains.apply_offer, "offering a train"),
    Dispatch: Rule(_NOW, trains.quote_dispatch, trains.apply_dispatch, "sending a train"),
    MoveOwn: Rule(_NOW, trains.quote_move_own, trains.apply_move_own, "moving a train"),
    MoveOwnPark: Rule(_NOW, trains.quote_move_own_park, trains.apply_move_own_park,
                      "moving and parking a train"),
    Take: Rule(_NOW, trains.quote_take, trains.apply_take, "taking a train"),
    TakePark: Rule(_NOW, trains.quote_take_park, trains.apply_take_park,
                   "taking and parking a train"),
    Withdraw: Rule(_NOW, trains.quote_withdraw, trains.apply_withdraw, "withdrawing an offer"),
    MoveEngineer: Rule(_NOW, crew.quote_move_engineer, crew.apply_move_engineer,
                       "moving an engineer"),
    SwapEngineers: Rule(_NOW, crew.quote_swap_engineers, crew.apply_swap_engineers,
                        "swapping engineers"),
    Call: Rule(_NOW, mishaps.quote_call, mishaps.apply_call, "calling"),
    Drop: Rule(_NOW, mishaps.quote_drop, mishaps.apply_drop, "dropping a train"),
    Spill: Rule(_NOW, mishaps.quote_spill, mishaps.apply_spill, "spilling a cube"),
    DropCube: Rule(_NOW, mishaps.quote_drop_cube, mishaps.apply_drop_cube, "dropping a cube"),
    Wait: Rule(_NOW, clock.quote_wait, clock.apply_wait, "waiting"),
    Tick: Rule(_NOW, clock.quote_tick, clock.apply_tick, "the clock"),
    Pause: Rule(_NOW, clock.quote_pause, clock.apply_pause, "pausing"),
    Resume: Rule(_NOW, clock.quote_resume, clock.apply_resume, "resuming"),
}

#: The records' form of the actions (trains, cities and engineers are short names).
CODEC: Final = ActionCodec(ACTIONS, Limits(text=12, number=1_000_000, items=8))


def seat_of(action: Action) -> int:
    """The seat an action names (the clock's Tick names none: 0 here; the flow's
    ``seat_of`` gives it the first present seat, as records need a seat)."""
    seat = getattr(action, "seat", 0)
    return seat if isinstance(seat, int) else 0


class RoundFlow:
    """What the kit's engine asks of a round (see the module docstring)."""

    def over(self, state: RoundState) -> bool:
        return state.over

    def pending(self, state: RoundState) -> Pending | None:
        return None

    def may_act(self, state: RoundState) -> Collection[int]:
        """DG-M14: in a round of computers, the first free seat in seat order (step 4, one
        after the other); on the screen's clock, every seat that is present and not busy."""
        if state.over:
            return ()
        kinds = state.settings.kinds
        if state.settings.clocking is Clocking.SEATS:
            free = clock.free_seats(state)
            return free[:1]
        # on the screen's clock every present seat may try (a busy or paused one is told why)
        return [s for s, k in enumerate(kinds) if k is not SeatKind.ABSENT]

    def seat_of(self, state: RoundState, action: Action) -> int:
        if isinstance(action, Tick):  # the clock is nobody's: its first present seat's
            return next((s for s, k in enumerate(state.settings.kinds)
                         if k is not SeatKind.ABSENT), 0)
        return seat_of(action)

    def step(self, state: RoundState) -> Hashable:
        return PLAY

    def seat_name(self, state: RoundState, seat: int) -> str:
        return crew_name(state.seat_cities[seat][0])

    def wrong_step(self, state: RoundState, rule: Rule[RoundState, Any]) -> Violation:
        # R-T1: a round has no turns nor phases, so no rule is out of its step
        return Violation.not_now(Moment.WRONG_PHASE, _("Not now"), "R-T1")

    def copy(self, state: RoundState) -> RoundState:
        return state.copy()

    def history(self, state: RoundState) -> list[tuple[int, Any]]:
        return state.history

    def candidates(self, state: RoundState) -> Iterable[Action]:
        return candidates_mod.candidates(state, self.may_act(state))

    def then(self, state: RoundState, action: Action, result: object) -> None:
        """DG-M13: a computer seat is busy for its action's duration."""
        if not isinstance(action, (Tick, Wait, Pause, Resume)):
            clock.after_action(state, seat_of(action), action.kind)

    def settle(self, state: RoundState, action: Action, result: object,
               before: RoundState | None) -> None:
        clock.run_on(state)


class ClockEngine(Engine[RoundState, Action]):
    """The kit's engine with a real-time game's moments (the smallest adapter): the kit's
    moment names no rule of the game for a round that is over, and knows neither a pause,
    an absent or busy seat, nor a seat taking another seat's action; this one asks
    :func:`common.moment` and the seat first, then the kit."""

    def moment(self, state: RoundState, action: Action, player: int | None = None
               ) -> Violation | None:
        wrong = common.moment(state, action)
        if wrong is not None:
            return wrong
        if player is not None and not isinstance(action, Tick) and player != seat_of(action):
            return Violation.not_now(Moment.NOT_YOUR_TURN, _("That is another seat's action"),
                                     "R-T4")
        return super().moment(state, action, player)


ENGINE: Final = ClockEngine(RULEBOOK, RoundFlow(), "Rail Pass")


def new_round(config: Configuration, settings: Settings | None = None,
              seed: int = 0, names: tuple[str, ...] = ()) -> RoundState:
    return clock.new_round(config, settings or Settings(), seed, names)


def quote(state: RoundState, action: Action, player: int | None = None) -> AnyQuote:
    """Every reason ``action`` is refused now (none: it is legal); ``player``, when given,
    is the seat asking (an action names its own seat: another seat cannot take it, R-T4)."""
    return ENGINE.quote(state, action, player)


def apply(state: RoundState, action: Action, *, inplace: bool = False) -> RoundState:
    """The state after a legal action (a new one unless ``inplace``); IllegalAction
    otherwise, the state as it was."""
    return apply_quoted(state, quote(state, action), inplace=inplace)


def apply_quoted(state: RoundState, q: AnyQuote, *, inplace: bool = False) -> RoundState:
    """The action of a quote just made of this very state (not quoted again)."""
    return ENGINE.apply_quoted(state, q, ENGINE.flow.seat_of(state, q.action),
                               inplace=inplace)


def attempt(state: RoundState, action: Action) -> tuple[RoundState, AnyQuote]:
    """A person's gesture: applied in place when legal; otherwise the refusal is logged
    (DG-M7: a refusal changes nothing but the list of refusals), unless the round is paused
    (DG-P1: gestures during a pause leave no entries)."""
    q = quote(state, action)
    if q.ok:
        return apply_quoted(state, q, inplace=True), q
    if not (q.violations and q.violations[0].moment is Moment.PAUSED):
        state.refusals.append((state.tick, seat_of(action), action, tuple(q.rules)))
    return state, q


def legal_actions(state: RoundState) -> list[Action]:
    """Every legal action of the seats that may act now (and the clock's tick when a driver
    runs it)."""
    return [a for a in ENGINE.candidates(state) if quote(state, a).ok]
