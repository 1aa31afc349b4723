"""Italian Rails on the table: :data:`ITALIAN_RAILS`, the game's side of
:class:`rail_app.table.gamedef.GameDef`.

Everything here hands over to the rules (``rules/``) and, for the computer players, to the
opponent (``ai/``); the harnesses' own players and the soak's invariants come from the
game's development tools, imported only when a harness asks for them. Nothing here imports
pygame, and importing it loads none of the rules: the main menu lists the games (their
titles and seat ranges) before its first frame, and the rules come with the first game.
"""

from __future__ import annotations

import json
import os
import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from rail_app.core.i18n import N_
from rail_app.games.italian_rails.rules.identity import (
    BUILDING_ONLY,
    GAME_ID,
    RULES_VERSION,
    SEATS,
    VARIANT_LABELS,
    VARIANTS,
)
from rail_app.table.gamedef import Advisor, GameOption, Player
from rail_app.table.invariants import Checker
from rail_app.table.outcome import Outcome, OutcomeReason
from rail_app.table.quotes import IllegalAction
from rail_app.table.seats import Level

if TYPE_CHECKING:  # the rules come with the first game (see the module docstring)
    from rail_app.games.italian_rails.rules.actions import Action
    from rail_app.games.italian_rails.rules.board import Board
    from rail_app.games.italian_rails.rules.deckmodel import Deck
    from rail_app.games.italian_rails.rules.quotes import Quote
    from rail_app.games.italian_rails.rules.state import GameState


@dataclass(frozen=True)
class MapDeck:
    """What an Italian Rails map file gives a game: the board and the deck it names (None
    for a map without one)."""

    board: Board
    deck: Deck | None


class _Levelled:
    """A level of the computer opponent, handed what its seat may see."""

    def __init__(self, level: str, seat: int, seed: int) -> None:
        from rail_app.games.italian_rails.ai.bot import Bot

        self.bot = Bot(level, seat, seed)

    def choose(self, view: GameState) -> Action:
        return self.bot.next_action(view)


class _Random:
    def __init__(self, seat: int, seed: int) -> None:
        from rail_app.games.italian_rails.ai.randomplayer import RandomPlayer

        self.player = RandomPlayer(seat, seed)

    def choose(self, view: GameState) -> Action:
        return self.player.next_action(view)


class ItalianRails:
    """Italian Rails' :class:`~rail_app.table.gamedef.GameDef` (one object:
    :data:`ITALIAN_RAILS`)."""

    id = GAME_ID
    title = "Italian Rails"
    blurb = N_("Two markers, one laminated map, and a lot of cheese to deliver.")
    seats = SEATS
    rules_version = RULES_VERSION
    levels: tuple[Level, ...] = (Level.EASY, Level.NORMAL, Level.HARD)
    players: tuple[str, ...] = ("easy", "normal", "hard", "random")
    options: tuple[GameOption, ...] = (
        *(GameOption(key, label, rule=rule) for key, (label, rule) in VARIANT_LABELS.items()),
        GameOption(BUILDING_ONLY, N_("Building only (practice: no cards, no train)")),
    )
    default_map = "maps/italy.yaml"
    small_map = "maps/test/mini.yaml"
    score_name = "cash"
    turn_cap_rule = "W2: most cash wins at the cap (equal cash: fewer segments drawn)"
    rounds = False

    # -- the board ----------------------------------------------------------------------------
    def load_board(self, path: str | os.PathLike[str],
                   needs: Mapping[str, object] | None = None) -> MapDeck:
        if needs is not None and needs.get(BUILDING_ONLY):
            from rail_app.games.italian_rails.rules.board import load_board

            return MapDeck(load_board(path), None)
        from rail_app.games.italian_rails.rules.deck import load_map

        board, deck = load_map(path)
        return MapDeck(board, deck)

    def map_summary(self, board: MapDeck) -> dict[str, Any]:
        return board.board.summary()

    def board_name(self, board: MapDeck) -> str:
        return board.board.name

    # -- a game -------------------------------------------------------------------------------
    def new_game(self, board: MapDeck, seats: Sequence[str], options: Mapping[str, object],
                 seed: int) -> GameState:
        unknown = sorted(set(options) - {o.key for o in self.options})
        if unknown:
            raise ValueError(f"unknown option(s) {unknown}")
        variants = [v for v in VARIANTS if options.get(v)]
        deck = None if options.get(BUILDING_ONLY) else board.deck
        if deck is None and not options.get(BUILDING_ONLY):
            raise ValueError("the game is played with cards, but its map names no deck "
                             "(choose building only)")
        from rail_app.games.italian_rails.rules import engine

        return engine.new_game(board.board, deck, seed=seed, names=list(seats),
                               variants=variants)

    def quote(self, state: GameState, action: Action, player: int | None = None) -> Quote:
        from rail_app.games.italian_rails.rules import engine

        return engine.quote(state, action, player)

    def apply(self, state: GameState, action: Action, player: int | None = None
              ) -> GameState:
        from rail_app.games.italian_rails.rules import engine

        return engine.apply(state, action, player)

    def legal_actions(self, state: GameState) -> list[Action]:
        from rail_app.games.italian_rails.rules import engine

        return engine.legal_actions(state)

    def seen_by(self, state: GameState, seat: int) -> GameState:
        return state.seen_by(seat)

    def indistinguishable(self, state: GameState, seat: int, seed: int) -> GameState:
        """The hidden parts drawn anew: the draw pile's order, the game's random generator,
        the other player's cards while cards are chosen (C2) and their cash until it is
        public (E3)."""
        from rail_app.games.italian_rails.rules.state import Phase

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

    def to_act(self, state: GameState) -> int | None:
        from rail_app.games.italian_rails.rules.state import Phase

        if state.outcome is not None or state.phase is Phase.OVER:
            return None
        return state.actor

    def outcome(self, state: GameState) -> Outcome | None:
        out = state.outcome
        if out is None:
            return None
        n = len(state.players)
        ranks = tuple(1 if out.winner is None or out.winner == i else 2 for i in range(n))
        reason = (OutcomeReason.GOAL if state.end_triggered_by is not None
                  else OutcomeReason.TURN_CAP)
        return Outcome(ranks, tuple(out.cash), reason)

    def end_early(self, state: GameState) -> GameState:
        """W2 at a turn cap: most cash wins (equal cash: fewer segments drawn)."""
        from rail_app.games.italian_rails.rules import cards

        cards.finish_game(state)
        return state

    def scores(self, state: GameState) -> tuple[int, ...]:
        return tuple(p.cash for p in state.players)

    def turn(self, state: GameState) -> int:
        return state.turn

    def turns_taken(self, state: GameState) -> tuple[int, ...]:
        return tuple(p.turns_taken for p in state.players)

    def first_seat(self, state: GameState) -> int | None:
        return state.first_player

    def seat_names(self, state: GameState) -> list[str]:
        return [p.name for p in state.players]

    # -- records ------------------------------------------------------------------------------
    def action_to_dict(self, action: Action) -> dict[str, Any]:
        from rail_app.games.italian_rails.rules.record import CODEC

        return CODEC.action_to_dict(action)

    def action_from_dict(self, data: Mapping[str, Any]) -> Action:
        from rail_app.games.italian_rails.rules.record import CODEC

        return CODEC.action_from_dict(data)

    def action_repr(self, action: Action) -> str:
        return repr(action)

    def action_words(self, state: GameState, seat: int, action: Action) -> str:
        from rail_app.games.italian_rails.rules.actionwords import action_words

        return action_words(state, seat, action)

    def history(self, state: GameState) -> list[tuple[int, Action]]:
        return list(state.history)

    def options_of(self, state: GameState) -> dict[str, object]:
        from rail_app.games.italian_rails.rules.record import options_of

        return options_of(state)

    def options_to_record(self, options: Mapping[str, object]) -> dict[str, Any]:
        from rail_app.games.italian_rails.rules.record import CODEC

        return CODEC.options_to_record(options)

    def options_from_record(self, data: Mapping[str, Any]) -> dict[str, object]:
        from rail_app.games.italian_rails.rules.record import CODEC

        return CODEC.options_from_record(data)

    def replay_summary(self, state: GameState) -> dict[str, Any]:
        from rail_app.games.italian_rails.rules.replay import state_summary

        return state_summary(state)

    def replay_lines(self, summary: Mapping[str, Any]) -> list[str]:
        from rail_app.games.italian_rails.rules.replay import summary_lines

        return summary_lines(dict(summary))

    def fingerprint(self, state: GameState) -> str:
        from rail_app.games.italian_rails.rules.invariants import fingerprint

        return json.dumps(fingerprint(state), default=repr)

    # -- the save screen ------------------------------------------------------------------------
    def summary(self, state: GameState) -> dict[str, Any]:
        """Each player's cash (and whether it is public, E3) and track (the small map)."""
        board = state.board
        return {"cash": [p.cash for p in state.players], "cash_public": state.cash_public,
                "track": [[list(e) for e in sorted((board.key(a), board.key(b))
                                                   for a, b in p.track)]
                          for p in state.players]}

    def summary_from_json(self, raw: Mapping[str, Any], seats: int) -> dict[str, Any]:
        from rail_app.games.italian_rails.rules.savefile import summary_from_json

        return summary_from_json(raw, seats)

    def summary_lines(self, summary: Mapping[str, Any], seat_names: Sequence[str],
                      people: Sequence[int], over: bool) -> list[str]:
        from rail_app.games.italian_rails.rules.words import save_lines

        return save_lines(summary, seat_names, people, over)

    # -- computer players and checks ------------------------------------------------------------
    def player(self, name: str, seat: int, seed: int) -> Player[GameState, Action]:
        if name == "random":
            return _Random(seat, seed)
        if name in ("easy", "normal", "hard"):
            return _Levelled(name, seat, seed)
        raise ValueError(f"unknown player {name!r} (players: {', '.join(self.players)})")

    def advisor(self) -> Advisor[GameState] | None:
        from rail_app.games.italian_rails.ai.advice import Adviser

        return Adviser()

    def checker(self, state: GameState) -> Checker[GameState, Action]:
        from rail_app.games.italian_rails.rules.invariants import checker

        return checker(state)

    def invariants(self, state: GameState) -> list[str]:
        from rail_app.games.italian_rails.rules.invariants import problems

        return problems(state)


ITALIAN_RAILS = ItalianRails()

__all__ = ["ITALIAN_RAILS", "IllegalAction", "ItalianRails", "MapDeck"]
