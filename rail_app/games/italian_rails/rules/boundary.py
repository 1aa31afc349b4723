"""Italian Rails' rules as the table reads them: :data:`RULES`, the kit's
:class:`~rail_app.table.gamedef.Rules` made of the engine, the codec and the game's own
functions (loaded once, by ``ITALIAN_RAILS.rules``, when a game is first played or replayed;
the main menu never loads them)."""

from __future__ import annotations

import json
import os
import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from rail_app.games.italian_rails.rules import cards, engine, invariants, record, replay, savefile
from rail_app.games.italian_rails.rules.actions import CODEC, Action
from rail_app.games.italian_rails.rules.actionwords import action_words
from rail_app.games.italian_rails.rules.board import Board
from rail_app.games.italian_rails.rules.board import load_board as load_board_only
from rail_app.games.italian_rails.rules.deck import load_map
from rail_app.games.italian_rails.rules.deckmodel import Deck
from rail_app.games.italian_rails.rules.identity import BUILDING_ONLY, VARIANT_LABELS, VARIANTS
from rail_app.games.italian_rails.rules.state import GameState, Phase
from rail_app.games.italian_rails.rules.words import save_lines
from rail_app.table.gamedef import Rules
from rail_app.table.outcome import Outcome, OutcomeReason

#: The keys of the options New game offers (the variants, then building only).
OPTION_KEYS = frozenset({*VARIANT_LABELS, BUILDING_ONLY})


@dataclass(frozen=True)
class MapDeck:
    """What an Italian Rails map file gives a game: the board and the deck it names (None
    for a map without one)."""

    board: Board
    deck: Deck | None


def load_board(path: str | os.PathLike[str], needs: Mapping[str, object] | None = None
               ) -> MapDeck:
    """The board and deck of a map file (a game of building only needs no deck)."""
    if needs is not None and needs.get(BUILDING_ONLY):
        return MapDeck(load_board_only(path), None)
    board, deck = load_map(path)
    return MapDeck(board, deck)


def new_game(board: MapDeck, seats: Sequence[str], options: Mapping[str, object],
             seed: int) -> GameState:
    unknown = sorted(set(options) - OPTION_KEYS)
    if unknown:
        raise ValueError(f"unknown option(s) {unknown}")
    variants = [v for v in VARIANTS if options.get(v)]
    deck = None if options.get(BUILDING_ONLY) else board.deck
    if deck is None and not options.get(BUILDING_ONLY):
        raise ValueError("the game is played with cards, but its map names no deck "
                         "(choose building only)")
    return engine.new_game(board.board, deck, seed=seed, names=list(seats), variants=variants)


def indistinguishable(state: GameState, seat: int, seed: int) -> GameState:
    """The hidden parts drawn anew: the draw pile's order, the game's random generator, the
    other player's cards while cards are chosen (C2) and their cash until it is public
    (E3)."""
    rng = random.Random(seed)
    other = state.copy()
    rng.shuffle(other.draw_pile)
    other.rng = random.Random(rng.randrange(1 << 30))
    them = other.players[1 - seat]
    if state.phase is Phase.SETUP:  # their cards are dealt again from the unseen ones
        unseen = other.draw_pile + them.dealt + them.private
        rng.shuffle(unseen)
        dealt, private = len(them.dealt), len(them.private)
        them.dealt = sorted(unseen[:dealt])
        them.private = sorted(unseen[dealt:dealt + private])
        other.draw_pile = unseen[dealt + private:]
    if not state.cash_public:
        them.cash += 1 + rng.randrange(50)
        them.cash_history = [c + 1 for c in them.cash_history]
    return other


def outcome(state: GameState) -> Outcome | None:
    out = state.outcome
    if out is None:
        return None
    n = len(state.players)
    ranks = tuple(1 if out.winner is None or out.winner == i else 2 for i in range(n))
    reason = (OutcomeReason.GOAL if state.end_triggered_by is not None
              else OutcomeReason.TURN_CAP)
    return Outcome(ranks, tuple(out.cash), reason)


def end_early(state: GameState) -> GameState:
    """W2 at a turn cap: most cash wins (equal cash: fewer segments drawn)."""
    cards.finish_game(state)
    return state


def summary(state: GameState) -> dict[str, Any]:
    """Each player's cash (and whether it is public, E3) and track (the small map)."""
    board = state.board
    return {"cash": [p.cash for p in state.players], "cash_public": state.cash_public,
            "track": [[list(e) for e in sorted((board.key(a), board.key(b))
                                               for a, b in p.track)]
                      for p in state.players]}


def fingerprint(state: GameState) -> str:
    return json.dumps(invariants.fingerprint(state), default=repr)


RULES: Rules[MapDeck, GameState, Action] = Rules(
    engine=engine.ENGINE,
    codec=CODEC,
    load_board=load_board,
    map_summary=lambda board: board.board.summary(),
    board_name=lambda board: board.board.name,
    new_game=new_game,
    seen_by=lambda state, seat: state.seen_by(seat),
    indistinguishable=indistinguishable,
    outcome=outcome,
    end_early=end_early,
    scores=lambda state: tuple(p.cash for p in state.players),
    turn=lambda state: state.turn,
    turns_taken=lambda state: tuple(p.turns_taken for p in state.players),
    first_seat=lambda state: state.first_player,
    seat_names=lambda state: [p.name for p in state.players],
    action_words=action_words,
    options_of=record.options_of,
    options_to_record=record.options_to_record,
    options_from_record=record.options_from_record,
    replay_summary=replay.state_summary,
    replay_lines=lambda summary: replay.summary_lines(dict(summary)),
    fingerprint=fingerprint,
    summary=summary,
    summary_from_json=savefile.summary_from_json,
    summary_lines=save_lines,
    checker=invariants.checker,
    invariants=invariants.problems,
)
