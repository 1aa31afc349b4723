"""Quote, then apply (DESIGN.md habit 3): the one door through which a game changes.

``quote(state, action)`` returns the cost and *every* violation, each with a rule id and a
sentence a player understands. Wrong-moment errors (game over, a choice pending, not your
turn, wrong phase) come first and alone (habit 4). ``apply`` re-checks, raises
:class:`IllegalAction` on an illegal action and leaves the state untouched; otherwise it
returns the new state (or changes ``state`` itself with ``inplace=True``, for simulations).

Each part of the rules registers its actions here with :func:`rule_handler`; the modules are
imported explicitly at the bottom (no import scanning, so the packager sees them all).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from typing import Any, TypeVar

from rail_app.rules.actions import Action, ChooseLoss
from rail_app.rules.state import PHASE_OVER, GameState, LogEntry

# Wrong-moment codes (habit 4); rule violations use the ids of RULES.md.
MOMENT_GAME_OVER = "game-over"
MOMENT_PENDING = "choice-pending"
MOMENT_NOT_YOUR_TURN = "not-your-turn"
MOMENT_WRONG_PHASE = "wrong-phase"
MOMENT_LOST_TURN = "lost-turn"


@dataclass(frozen=True)
class Violation:
    """Why an action is refused: a rule id (``K5``) or a wrong-moment code, and a sentence."""

    rule: str
    message: str
    moment: bool = False

    def __str__(self) -> str:
        return f"{self.message} ({self.rule})"


@dataclass(frozen=True)
class Quote:
    """What an action would cost and everything that forbids it."""

    action: Action
    cost: int = 0
    violations: tuple[Violation, ...] = ()
    details: dict[str, Any] = field(default_factory=dict)

    @property
    def ok(self) -> bool:
        return not self.violations

    @property
    def rules(self) -> list[str]:
        return [v.rule for v in self.violations]

    @property
    def headline(self) -> str:
        """The first reason, as a player reads it."""
        return str(self.violations[0]) if self.violations else ""


class IllegalAction(Exception):
    """Raised by :func:`apply` for an action its quote refuses."""

    def __init__(self, quote: Quote) -> None:
        self.quote = quote
        reasons = "; ".join(str(v) for v in quote.violations)
        super().__init__(f"{quote.action!r} is not allowed: {reasons}")


Quoter = Callable[[GameState, Any], Quote]
Applier = Callable[[GameState, Any, Quote], None]


@dataclass
class _Handler:
    phases: frozenset[str]
    quote: Quoter
    apply: Applier | None = None
    while_pending: bool = False
    while_lost: bool = False


_HANDLERS: dict[type[Action], _Handler] = {}
_LEGAL_SOURCES: list[Callable[[GameState], Iterable[Action]]] = []
A = TypeVar("A", bound=Action)


def rule_handler(
    action_type: type[Action],
    phases: Iterable[str],
    *,
    while_pending: bool = False,
) -> Callable[[Quoter], Quoter]:
    """Register the quote function of an action type, legal in ``phases``."""

    def register(fn: Quoter) -> Quoter:
        _HANDLERS[action_type] = _Handler(frozenset(phases), fn, while_pending=while_pending)
        return fn

    return register


def rule_applier(action_type: type[Action]) -> Callable[[Applier], Applier]:
    """Register the function that carries out an action already quoted as legal."""

    def register(fn: Applier) -> Applier:
        _HANDLERS[action_type].apply = fn
        return fn

    return register


def legal_source(fn: Callable[[GameState], Iterable[Action]]) -> Callable[
    [GameState], Iterable[Action]
]:
    """Register a generator of candidate actions for :func:`legal_actions`."""
    _LEGAL_SOURCES.append(fn)
    return fn


def moment_violation(state: GameState, action: Action, player: int | None) -> Violation | None:
    """Wrong-moment errors, checked before any rule (habit 4)."""
    if state.phase == PHASE_OVER or state.outcome is not None:
        return Violation(MOMENT_GAME_OVER, "The game is over", True)
    if state.pending is not None:
        if not isinstance(action, ChooseLoss):
            who = state.players[state.pending.player].name
            return Violation(MOMENT_PENDING, f"Waiting for {who} to choose which load is lost",
                             True)
        if player is not None and player != state.pending.player:
            return Violation(MOMENT_NOT_YOUR_TURN, "It is not your choice to make", True)
        return None
    if player is not None and player != state.current:
        return Violation(MOMENT_NOT_YOUR_TURN,
                         f"It is {state.players[state.current].name}'s turn", True)
    handler = _HANDLERS.get(type(action))
    if handler is None:
        return Violation(MOMENT_WRONG_PHASE, f"{type(action).__name__} is not a game action",
                         True)
    if state.phase not in handler.phases:
        return Violation(MOMENT_WRONG_PHASE,
                         f"Not now: {_action_name(action)} is not allowed in the "
                         f"{state.phase} phase", True)
    return None


def _action_name(action: Action) -> str:
    return {
        "build": "building", "erase": "erasing", "upgrade": "upgrading", "move": "moving",
        "place": "placing the train", "pickup": "picking up", "deliver": "delivering",
        "lock": "locking", "drop": "dropping", "swap": "swapping demands",
        "board_ferry": "boarding a ferry", "end_phase": "ending the move phase",
        "end_turn": "ending the turn", "keep_cards": "choosing cards", "loan": "a loan",
        "choose_loss": "choosing a lost load", "ferry": "taking a ferry",
    }.get(action.kind, action.kind)


def quote(state: GameState, action: Action, player: int | None = None) -> Quote:
    """Cost and every violation of ``action`` for the player to act (or ``player``)."""
    moment = moment_violation(state, action, player)
    if moment is not None:
        return Quote(action, 0, (moment,))
    return _HANDLERS[type(action)].quote(state, action)


def apply(
    state: GameState, action: Action, player: int | None = None, *, inplace: bool = False
) -> GameState:
    """Carry out a legal action and return the new state; IllegalAction otherwise."""
    q = quote(state, action, player)
    if not q.ok:
        raise IllegalAction(q)
    handler = _HANDLERS[type(action)]
    if handler.apply is None:
        raise IllegalAction(Quote(action, 0, (Violation(
            MOMENT_WRONG_PHASE, f"{type(action).__name__} cannot be carried out yet", True),)))
    actor = state.pending.player if state.pending is not None else state.current
    new = state if inplace else state.copy()
    handler.apply(new, action, q)
    new.history.append((actor if player is None else player, action))  # the game record
    for fn in _AFTER_APPLY_HOOKS:
        fn(new)
    return new


def is_legal(state: GameState, action: Action) -> bool:
    return quote(state, action).ok


def legal_actions(state: GameState) -> list[Action]:
    """Every legal action now (builds limited to those from the current network)."""
    out: list[Action] = []
    for source in _LEGAL_SOURCES:
        for action in source(state):
            if quote(state, action).ok:
                out.append(action)
    return out


def log(state: GameState, text: str, *, kind: str = "action", player: int | None = None,
        **data: Any) -> None:
    """Add a readable line to the game's history."""
    state.log.append(LogEntry(state.turn, state.current if player is None else player, text,
                              kind, data))


def handlers() -> dict[type[Action], _Handler]:
    return _HANDLERS


# -- turn hooks ------------------------------------------------------------------------------
# Parts of the rules that act when a turn ends or starts (events expiring, the end of the
# game, loans) register here, so that the turn flow need not know about them.

TurnHook = Callable[[GameState, int], None]
_TURN_END_HOOKS: list[TurnHook] = []
_TURN_START_HOOKS: list[TurnHook] = []


def on_turn_end(fn: TurnHook) -> TurnHook:
    """``fn(state, player)`` runs after ``player``'s turn ends (before the next begins)."""
    _TURN_END_HOOKS.append(fn)
    return fn


def on_turn_start(fn: TurnHook) -> TurnHook:
    """``fn(state, player)`` runs when ``player``'s turn begins."""
    _TURN_START_HOOKS.append(fn)
    return fn


def run_turn_end(state: GameState, player: int) -> None:
    for fn in _TURN_END_HOOKS:
        fn(state, player)


def run_turn_start(state: GameState, player: int) -> None:
    for fn in _TURN_START_HOOKS:
        fn(state, player)


StateHook = Callable[[GameState], None]
_AFTER_APPLY_HOOKS: list[StateHook] = []


def after_apply(fn: StateHook) -> StateHook:
    """``fn(state)`` runs after every applied action (T4: a turn lost during itself ends once
    the action that lost it is complete)."""
    _AFTER_APPLY_HOOKS.append(fn)
    return fn
