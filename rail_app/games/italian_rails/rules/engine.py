"""Quote, then apply (DESIGN.md habit 3): the one door through which a game changes.

``new_game`` starts a game; ``quote(state, action)`` returns the cost and *every* violation,
each with a rule id and a sentence a player understands; ``apply`` re-checks, raises
:class:`IllegalAction` on an illegal action and leaves the state untouched, otherwise it
returns the new state (or changes ``state`` itself with ``inplace=True``, for simulations).
Wrong-moment refusals (game over, a choice pending, not your turn, wrong phase) come first
and alone (habit 4).

Everything the engine knows about actions comes from the table in
:mod:`rail_app.games.italian_rails.rules.rulebook`; importing this module is enough for a working engine.
"""

from __future__ import annotations

import random
from collections.abc import Collection, Hashable, Iterable, Sequence
from typing import Any

from rail_app.core.i18n import _
from rail_app.games.italian_rails.rules import cards, takeback, turns
from rail_app.games.italian_rails.rules.actions import Action, ChooseLoss, TakeBack
from rail_app.games.italian_rails.rules.board import Board
from rail_app.games.italian_rails.rules.deckmodel import Deck
from rail_app.games.italian_rails.rules.quotes import IllegalAction, Moment, Quote, Violation
from rail_app.games.italian_rails.rules.rulebook import RULEBOOK
from rail_app.games.italian_rails.rules.state import VARIANTS, GameState, Phase, PlayerState, Step
from rail_app.table.engine import Engine, Pending, Rule

__all__ = [
    "ENGINE", "IllegalAction", "Quote", "Violation", "apply", "apply_quoted", "is_legal",
    "legal_actions", "new_game", "quote",
]


def new_game(
    board: Board,
    deck: Deck | None = None,
    *,
    seed: int,
    names: Sequence[str] = ("Anna", "Bruno"),
    variants: Iterable[str] = (),
) -> GameState:
    """A new two-player game on ``board``, every random draw coming from ``seed``.

    Each player starts with the map's starting cash and locomotive (C2, K9). Without a deck
    (games of building only, used for practice, tests and benchmarks) turn 1 of player 0
    begins at once, in the build phase (T2). With a deck, the cards are dealt and the first
    turn begins once the players have chosen their cards (C2, T1).
    """
    chosen = frozenset(variants)
    unknown = sorted(chosen - set(VARIANTS))
    if unknown:
        raise ValueError(f"unknown variant(s) {unknown}; the variants are {list(VARIANTS)}")
    if len(names) != 2:
        raise ValueError("a game has exactly two players")
    rules = board.rules
    players = [PlayerState(name=str(n), cash=rules.starting_cash, loco=rules.start_locomotive)
               for n in names]
    state = GameState(board=board, deck=deck if deck is not None else Deck({}, "none"),
                      players=players, seed=seed, variants=chosen, rng=random.Random(seed))
    if deck is None:
        turns.begin_first_turn(state, 0, RULEBOOK.hooks)
    else:
        cards.setup(state)
    return state


class ItalianFlow:
    """What the kit's engine asks of Italian Rails (:class:`rail_app.table.engine.Flow`): the
    phases, the pending E7 choice, whose turn it is, and what follows an action: the turn flow
    its apply asked for (:class:`Step`), then the turn's hooks and the checks after every action
    (V2 repayments), and what may be taken back (rules/takeback.py)."""

    def over(self, state: GameState) -> bool:
        return state.phase is Phase.OVER or state.outcome is not None

    def pending(self, state: GameState) -> Pending | None:
        p = state.pending
        if p is None:
            return None
        who = state.players[p.player].name
        return Pending(p.player, (ChooseLoss,),
                       _("Waiting for {who} to choose which load is lost").format(who=who))

    def may_act(self, state: GameState) -> Collection[int]:
        return (state.current,)

    def seat_of(self, state: GameState, action: Action) -> int:
        return state.actor

    def step(self, state: GameState) -> Hashable:
        return state.phase

    def seat_name(self, state: GameState, seat: int) -> str:
        return state.players[seat].name

    def wrong_step(self, state: GameState, rule: Rule[GameState, Any]) -> Violation:
        """Why an action is not allowed in this phase, with the rule that says so if one
        does."""
        phases = rule.when
        if state.phase is Phase.SWAPPED:
            return Violation.not_now(
                Moment.WRONG_PHASE, _("Not now: after swapping demands you may only lock loads "
                "already on the train, then end the turn"), "C6")
        if (state.phase is Phase.BUILD and Phase.MOVE in phases
                and turns.build_only(state, state.current)):
            return Violation.not_now(
                Moment.WRONG_PHASE, _("Not now: trains start running on your third turn; in your first {build_only_turns} turns you only build").format(build_only_turns=turns.BUILD_ONLY_TURNS), "T2")
        return Violation.not_now(Moment.WRONG_PHASE,
                                 _("Not now: {name} is not allowed in the {phase} phase").format(name=rule.name, phase=state.phase))

    def copy(self, state: GameState) -> GameState:
        return state.copy()

    def history(self, state: GameState) -> list[tuple[int, Action]]:
        return state.history

    def candidates(self, state: GameState) -> Iterable[Action]:
        for source in RULEBOOK.legal_sources:
            yield from source(state)

    def then(self, state: GameState, action: Action, result: object) -> None:
        if result is Step.START_GAME:
            turns.begin_first_turn(state, state.first_player, RULEBOOK.hooks)
        elif result is Step.END_TURN:
            turns.end_turn(state, RULEBOOK.hooks)

    def settle(self, state: GameState, action: Action, result: object,
               before: GameState | None) -> None:
        turns.after_action(state, RULEBOOK.hooks)
        for check in RULEBOOK.after_action:
            check(state)
        if not isinstance(action, TakeBack):  # what may be taken back next (rules/takeback.py)
            state.undo = before if (before is not None and result is None
                                    and state.phase is Phase.MOVE
                                    and takeback.nothing_revealed(before, state)) else None


#: Italian Rails' engine: the kit's skeleton over :data:`RULEBOOK` and :class:`ItalianFlow`.
ENGINE: Engine[GameState, Action] = Engine(RULEBOOK.actions, ItalianFlow(), "Italian Rails")

# the engine's work under the names the rules, the players and the tests call
quote, apply, apply_quoted = ENGINE.quote, ENGINE.apply, ENGINE.apply_quoted
legal_actions, moment_violation = ENGINE.legal_actions, ENGINE.moment


def is_legal(state: GameState, action: Action) -> bool:
    return quote(state, action).ok
