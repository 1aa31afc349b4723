"""The public face of the rules engine: start a game, quote and apply actions.

Importing this module registers every part of the rules with the engine (explicit imports,
so that the packager sees them all).
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence

from rail_app.core.board import Board
from rail_app.rules import build as _build  # noqa: F401  (registers K1-K10)
from rail_app.rules import cards as _cards  # noqa: F401  (registers C1-C7, W1-W2)
from rail_app.rules import events as _events  # noqa: F401  (registers E1-E9)
from rail_app.rules import movement as _movement  # noqa: F401  (registers M1-M6)
from rail_app.rules import turns as _turns  # noqa: F401  (registers T1-T4)
from rail_app.rules.deckmodel import Deck
from rail_app.rules.engine import (
    IllegalAction,
    Quote,
    Violation,
    apply,
    is_legal,
    legal_actions,
    quote,
)
from rail_app.rules.state import VARIANTS, GameState, PlayerState

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
    (games of building only, used by tests and benchmarks) turn 1 of player 0 begins at
    once, in the build phase (T2). With a deck, the cards rules deal the hands and, once the
    players have chosen their cards, start the first turn (C2, T1).
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
        _turns.begin_first_turn(state, 0)
    else:
        from rail_app.rules import cards

        cards.setup(state)
    return state
