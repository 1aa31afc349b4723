"""The rulebook: every action of the game, when it is legal, how it is quoted and carried
out, and what runs when turns begin and end, in one table the engine reads.

Nothing registers itself: to add an action, write its quote and apply functions in the
module of its part of the rules and add a line here. Order matters where it is listed:
candidate actions are generated in the order of :data:`RULEBOOK.legal_sources`, and turn
hooks run in the order given (events expire before the end of the game is checked). The
``after_action`` checks run after every applied action, once the turn flow it asked for is
done.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from typing import Any, Generic, TypeVar

from rail_app.games.italian_rails.rules import build, cards, events, movement, takeback, turns
from rail_app.games.italian_rails.rules.actions import (
    Action,
    BoardFerry,
    BuildFerry,
    BuildSegment,
    ChooseLoss,
    Deliver,
    Drop,
    EndPhase,
    EndTurn,
    EraseSegment,
    KeepCards,
    Lock,
    MoveTrain,
    PickUp,
    PlaceTrain,
    SwapDemands,
    TakeBack,
    TakeLoan,
    UpgradeLoco,
)
from rail_app.games.italian_rails.rules.quotes import Quote
from rail_app.games.italian_rails.rules.state import GameState, Phase, Step

A = TypeVar("A", bound=Action)

SETUP = frozenset({Phase.SETUP})
MOVE = frozenset({Phase.MOVE})
BUILD = frozenset({Phase.BUILD})
MOVE_OR_BUILD = frozenset({Phase.MOVE, Phase.BUILD})
AFTER_SWAP_TOO = frozenset({Phase.MOVE, Phase.SWAPPED})
ANY_TURN = frozenset({Phase.MOVE, Phase.BUILD, Phase.SWAPPED})


@dataclass(frozen=True)
class ActionRule(Generic[A]):
    """One action: the phases it is legal in, its quote and its apply.

    ``apply`` may return a :class:`Step` for the turn flow (the turn ends, the game starts).
    ``name`` is how a refusal names the action ("Not now: building is ..."). ``undoable``:
    the action may be taken back (rules/takeback.py) when it revealed nothing.
    """

    phases: frozenset[Phase]
    quote: Callable[[GameState, A], Quote]
    apply: Callable[[GameState, A, Quote], Step | None]
    name: str
    undoable: bool = False


@dataclass(frozen=True)
class Rulebook:
    actions: Mapping[type[Action], ActionRule[Any]]
    legal_sources: tuple[Callable[[GameState], Iterable[Action]], ...]
    hooks: turns.TurnHooks
    after_action: tuple[Callable[[GameState], None], ...]  # after every applied action

    def rule(self, action: Action) -> ActionRule[Any] | None:
        return self.actions.get(type(action))


RULEBOOK = Rulebook(
    actions={
        # setup (C2)
        KeepCards: ActionRule(SETUP, cards.quote_keep, cards.apply_keep, "choosing cards"),
        # phase A: moving and loads (M1-M6, C3-C6)
        PlaceTrain: ActionRule(MOVE, movement.quote_place, movement.apply_place,
                               "placing the train", undoable=True),
        MoveTrain: ActionRule(MOVE, movement.quote_move, movement.apply_move, "moving",
                              undoable=True),
        BoardFerry: ActionRule(MOVE, movement.quote_board, movement.apply_board,
                               "boarding a ferry", undoable=True),
        PickUp: ActionRule(MOVE, cards.quote_pickup, cards.apply_pickup, "picking up",
                           undoable=True),
        Lock: ActionRule(AFTER_SWAP_TOO, cards.quote_lock, cards.apply_lock, "locking",
                         undoable=True),
        Deliver: ActionRule(MOVE, cards.quote_deliver, cards.apply_deliver, "delivering"),
        Drop: ActionRule(MOVE, cards.quote_drop, cards.apply_drop, "dropping", undoable=True),
        TakeBack: ActionRule(MOVE, takeback.quote_take_back, takeback.apply_take_back,
                             "taking back"),
        SwapDemands: ActionRule(MOVE_OR_BUILD, cards.quote_swap, cards.apply_swap,
                                "swapping demands"),
        # phase B: building (K1-K10, V2)
        BuildSegment: ActionRule(BUILD, build.quote_build, build.apply_build, "building"),
        EraseSegment: ActionRule(BUILD, build.quote_erase, build.apply_erase, "erasing"),
        BuildFerry: ActionRule(BUILD, build.quote_ferry, build.apply_ferry, "taking a ferry"),
        UpgradeLoco: ActionRule(BUILD, build.quote_upgrade, build.apply_upgrade, "upgrading"),
        TakeLoan: ActionRule(MOVE_OR_BUILD, build.quote_loan, build.apply_loan, "a loan"),
        # events (E7): answered whenever the choice is pending
        ChooseLoss: ActionRule(ANY_TURN, events.quote_choose_loss, events.apply_choose_loss,
                               "choosing a lost load"),
        # turn flow (T1-T3, K10)
        EndPhase: ActionRule(MOVE, turns.quote_end_phase, turns.apply_end_phase,
                             "ending the move phase"),
        EndTurn: ActionRule(ANY_TURN, turns.quote_end_turn, turns.apply_end_turn,
                            "ending the turn"),
    },
    legal_sources=(
        turns.turn_actions,
        events.loss_actions,
        build.build_actions,
        cards.card_actions,
        movement.movement_actions,
    ),
    hooks=turns.TurnHooks(
        start=(
            movement.movement_turn_start,  # M5: a ferry lands; fresh movement
        ),
        end=(
            events.events_turn_end,  # E2 lasting events expire; E4 washed-out protection
            cards.check_end_of_game,  # W1, W2
            movement.movement_turn_end,  # M5: half speed after a ferry lasts one turn
        ),
    ),
    after_action=(
        build.repay_loans,  # V2: as soon as the cash allows
    ),
)
