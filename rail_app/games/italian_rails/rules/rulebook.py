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
from typing import Any

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
from rail_app.games.italian_rails.rules.state import GameState, Phase
from rail_app.table.engine import Rule

SETUP = frozenset({Phase.SETUP})
MOVE = frozenset({Phase.MOVE})
BUILD = frozenset({Phase.BUILD})
MOVE_OR_BUILD = frozenset({Phase.MOVE, Phase.BUILD})
AFTER_SWAP_TOO = frozenset({Phase.MOVE, Phase.SWAPPED})
ANY_TURN = frozenset({Phase.MOVE, Phase.BUILD, Phase.SWAPPED})


#: One action's row (the kit's :class:`~rail_app.table.engine.Rule`): the phases it is legal
#: in, its quote and its apply (which may return a :class:`Step` for the turn flow: the turn
#: ends, the game starts), how a refusal names it ("Not now: building is ..."), and whether it
#: may be taken back (rules/takeback.py) when it revealed nothing.
ActionRule = Rule[GameState, Any]


@dataclass(frozen=True)
class Rulebook:
    actions: Mapping[type[Action], ActionRule]
    legal_sources: tuple[Callable[[GameState], Iterable[Action]], ...]
    hooks: turns.TurnHooks
    after_action: tuple[Callable[[GameState], None], ...]  # after every applied action

    def rule(self, action: Action) -> ActionRule | None:
        return self.actions.get(type(action))


RULEBOOK = Rulebook(
    actions={
        # setup (C2)
        KeepCards: Rule(SETUP, cards.quote_keep, cards.apply_keep, "choosing cards"),
        # phase A: moving and loads (M1-M6, C3-C6)
        PlaceTrain: Rule(MOVE, movement.quote_place, movement.apply_place,
                               "placing the train", undoable=True),
        MoveTrain: Rule(MOVE, movement.quote_move, movement.apply_move, "moving",
                              undoable=True),
        BoardFerry: Rule(MOVE, movement.quote_board, movement.apply_board,
                               "boarding a ferry", undoable=True),
        PickUp: Rule(MOVE, cards.quote_pickup, cards.apply_pickup, "picking up",
                           undoable=True),
        Lock: Rule(AFTER_SWAP_TOO, cards.quote_lock, cards.apply_lock, "locking",
                         undoable=True),
        Deliver: Rule(MOVE, cards.quote_deliver, cards.apply_deliver, "delivering"),
        Drop: Rule(MOVE, cards.quote_drop, cards.apply_drop, "dropping", undoable=True),
        TakeBack: Rule(MOVE, takeback.quote_take_back, takeback.apply_take_back,
                             "taking back"),
        SwapDemands: Rule(MOVE_OR_BUILD, cards.quote_swap, cards.apply_swap,
                                "swapping demands"),
        # phase B: building (K1-K10, V2)
        BuildSegment: Rule(BUILD, build.quote_build, build.apply_build, "building"),
        EraseSegment: Rule(BUILD, build.quote_erase, build.apply_erase, "erasing"),
        BuildFerry: Rule(BUILD, build.quote_ferry, build.apply_ferry, "taking a ferry"),
        UpgradeLoco: Rule(BUILD, build.quote_upgrade, build.apply_upgrade, "upgrading"),
        TakeLoan: Rule(MOVE_OR_BUILD, build.quote_loan, build.apply_loan, "a loan"),
        # events (E7): answered whenever the choice is pending
        ChooseLoss: Rule(ANY_TURN, events.quote_choose_loss, events.apply_choose_loss,
                               "choosing a lost load"),
        # turn flow (T1-T3, K10)
        EndPhase: Rule(MOVE, turns.quote_end_phase, turns.apply_end_phase,
                             "ending the move phase"),
        EndTurn: Rule(ANY_TURN, turns.quote_end_turn, turns.apply_end_turn,
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
