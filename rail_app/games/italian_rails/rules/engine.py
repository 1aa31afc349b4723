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
from collections.abc import Iterable, Sequence

from rail_app.core.i18n import _
from rail_app.games.italian_rails.rules import cards, takeback, turns
from rail_app.games.italian_rails.rules.actions import Action, ChooseLoss, TakeBack
from rail_app.games.italian_rails.rules.board import Board
from rail_app.games.italian_rails.rules.deckmodel import Deck
from rail_app.games.italian_rails.rules.quotes import (
    IllegalAction,
    Moment,
    Quote,
    Violation,
    refused,
)
from rail_app.games.italian_rails.rules.rulebook import RULEBOOK
from rail_app.games.italian_rails.rules.state import VARIANTS, GameState, Phase, PlayerState, Step

__all__ = [
    "IllegalAction", "Quote", "Violation", "apply", "is_legal", "legal_actions", "new_game",
    "quote",
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


def moment_violation(state: GameState, action: Action, player: int | None) -> Violation | None:
    """Wrong-moment errors, checked before any rule (habit 4)."""
    if state.phase is Phase.OVER or state.outcome is not None:
        return Violation.not_now(Moment.GAME_OVER, _("The game is over"))
    if state.pending is not None:
        if not isinstance(action, ChooseLoss):
            who = state.players[state.pending.player].name
            return Violation.not_now(Moment.PENDING,
                                     _("Waiting for {who} to choose which load is lost").format(who=who))
        if player is not None and player != state.pending.player:
            return Violation.not_now(Moment.NOT_YOUR_TURN, _("It is not your choice to make"))
        return None
    if player is not None and player != state.current:
        return Violation.not_now(Moment.NOT_YOUR_TURN,
                                 _("It is {name}'s turn").format(name=state.players[state.current].name))
    rule = RULEBOOK.rule(action)
    if rule is None:
        return Violation.not_now(Moment.WRONG_PHASE,
                                 f"{type(action).__name__} is not a game action")
    if state.phase not in rule.phases:
        return _wrong_phase(state, rule.name, rule.phases)
    return None


def _wrong_phase(state: GameState, name: str, phases: frozenset[Phase]) -> Violation:
    """Why an action is not allowed in this phase, with the rule that says so if one does."""
    if state.phase is Phase.SWAPPED:
        return Violation.not_now(
            Moment.WRONG_PHASE, _("Not now: after swapping demands you may only lock loads "
            "already on the train, then end the turn"), "C6")
    if (state.phase is Phase.BUILD and Phase.MOVE in phases
            and turns.build_only(state, state.current)):
        return Violation.not_now(
            Moment.WRONG_PHASE, _("Not now: trains start running on your third turn; in your first {build_only_turns} turns you only build").format(build_only_turns=turns.BUILD_ONLY_TURNS), "T2")
    return Violation.not_now(Moment.WRONG_PHASE,
                             _("Not now: {name} is not allowed in the {phase} phase").format(name=name, phase=state.phase))


def quote(state: GameState, action: Action, player: int | None = None) -> Quote:
    """Cost and every violation of ``action`` for the player to act (or ``player``)."""
    moment = moment_violation(state, action, player)
    if moment is not None:
        return refused(action, moment)
    rule = RULEBOOK.rule(action)
    assert rule is not None
    return rule.quote(state, action)


def apply(
    state: GameState, action: Action, player: int | None = None, *, inplace: bool = False
) -> GameState:
    """Carry out a legal action and return the new state; IllegalAction otherwise."""
    q = quote(state, action, player)
    if not q.ok:
        raise IllegalAction(q)
    rule = RULEBOOK.rule(action)
    assert rule is not None
    actor = state.actor
    new = state if inplace else state.copy()
    before = (state.copy() if inplace else state) if rule.undoable else None
    step = rule.apply(new, action, q)
    if step is Step.START_GAME:
        turns.begin_first_turn(new, new.first_player, RULEBOOK.hooks)
    elif step is Step.END_TURN:
        turns.end_turn(new, RULEBOOK.hooks)
    new.history.append((actor if player is None else player, action))  # the game record
    turns.after_action(new, RULEBOOK.hooks)
    for check in RULEBOOK.after_action:
        check(new)
    if not isinstance(action, TakeBack):  # what may be taken back next (rules/takeback.py)
        new.undo = before if (before is not None and step is None and new.phase is Phase.MOVE
                              and takeback.nothing_revealed(before, new)) else None
    return new


def is_legal(state: GameState, action: Action) -> bool:
    return quote(state, action).ok


def legal_actions(state: GameState) -> list[Action]:
    """Every legal action now (builds limited to those from the current network)."""
    out: list[Action] = []
    for source in RULEBOOK.legal_sources:
        for action in source(state):
            if quote(state, action).ok:
                out.append(action)
    return out
