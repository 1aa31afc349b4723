"""Steam on the table: :data:`STEAM`, the game's side of
:class:`rail_app.table.gamedef.GameDef`.

Everything here hands over to the rules (``rules/``: the engine, the records' codec, the
invariants) and, for the computer players, to ``ai/`` (the levels Easy, Normal and Hard, and
the harnesses' random and greedy players). Nothing here imports pygame, and importing it
loads none of the rules (only their light identity): the main menu lists the games before
its first frame, and the rules come with the first game.

The table's options are check boxes (New game's); the records write Steam's own options
(``game``, ``first_order``, ``novice_borrowing``, ``six_players``: ``docs/steam.md``).
"""

from __future__ import annotations

import os
import random
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

from rail_app.games.steam.rules.identity import (
    DEFAULT_SEATS,
    FIRST_ORDER,
    GAME,
    GAME_ID,
    MAX_SEATS,
    MAX_SEATS_OPTION,
    MIN_SEATS,
    NOVICE_BORROWING,
    RULES_VERSION,
    SIX_PLAYERS,
    TITLE,
)
from rail_app.table.gamedef import Advisor, GameOption, Player
from rail_app.table.invariants import Checker
from rail_app.table.outcome import Outcome, OutcomeReason
from rail_app.table.seats import Level, SeatRange

if TYPE_CHECKING:  # the rules come with the first game (see the module docstring)
    from rail_app.games.steam.rules.actions import Action
    from rail_app.games.steam.rules.board import Board
    from rail_app.games.steam.rules.quotes import Quote
    from rail_app.games.steam.rules.state import GameState, Options

#: The table's options (New game's check boxes), each turned into Steam's own options.
STANDARD = "standard"  # the Standard game (S-S1): {"game": "standard"}
RANDOM_ORDER = "random_first_order"  # S-V2: {"first_order": "random"}
#: The computer players the harnesses know besides the levels.
HARNESS_PLAYERS = ("greedy", "random")


class _Seated:
    """One of Steam's computer players (a level, or a harness's player) at its seat, handed
    what its seat may see (all of it: Steam hides nothing)."""

    def __init__(self, name: str, seat: int, seed: int) -> None:
        from rail_app.games.steam.ai import make_player

        self.seat = seat
        self.bot = make_player(name, seat, seed)

    def choose(self, view: GameState) -> Action:
        return self.bot.choose(view, self.seat)


def _check_background(board: Board, path: str) -> None:
    """The map's ``background:`` GeoJSON read as the map's picture reads it; MapError names
    its file and line."""
    from rail_app.core.geometry import Projection, load_geometry
    from rail_app.core.mapfile import LineIndex, MapError, MapProblem

    assert board.background is not None
    proj = Projection(board.grid.projection, board.grid.lon0, board.grid.lat0)
    _, problems = load_geometry(board.background, Path(path), board.shown, LineIndex(), proj)
    if problems:
        raise MapError([MapProblem(p.file, p.line, p.message) for p in problems])


class Steam:
    """Steam's :class:`~rail_app.table.gamedef.GameDef` (one object: :data:`STEAM`)."""

    id = GAME_ID
    title = TITLE
    blurb = "Lay hex track, link the cities of Italy and carry their goods: 3 to 5 railways."
    seats = SeatRange(MIN_SEATS, MAX_SEATS, DEFAULT_SEATS, extended=MAX_SEATS_OPTION,
                      extended_by=SIX_PLAYERS)
    rules_version = RULES_VERSION
    levels: tuple[Level, ...] = (Level.EASY, Level.NORMAL, Level.HARD)
    players: tuple[str, ...] = ("easy", "normal", "hard", *HARNESS_PLAYERS)
    options: tuple[GameOption, ...] = (
        GameOption(STANDARD, "Standard game (capital, turn-order auction, locomotive upkeep)",
                   rule="S-S1"),
        GameOption(RANDOM_ORDER, "First turn order drawn at random (no auction)", rule="S-V2",
                   hint="Basic game only"),
        GameOption(SIX_PLAYERS, "Six players", rule="S-V1"),
    )
    default_map = "maps/steam-italia.yaml"
    small_map = "maps/test/steam-small.yaml"
    score_name = "scores"
    turn_cap_rule = "S-W2: the game is scored as it stands at the cap (ties: S-W3)"
    rounds = True

    # -- the board ----------------------------------------------------------------------------
    def load_board(self, path: str | os.PathLike[str],
                   needs: Mapping[str, object] | None = None) -> Board:
        from rail_app.games.steam.rules.mapfile import load_board

        board = load_board(os.fspath(path))
        if needs is None and board.background is not None:  # validate-map reads it all
            _check_background(board, os.fspath(path))
        return board

    def map_summary(self, board: Board) -> dict[str, Any]:
        from rail_app.games.steam.authoring.maptools import summary

        info = summary(board)
        info.pop("name", None)
        return info

    def board_name(self, board: Board) -> str:
        return board.name

    # -- options ------------------------------------------------------------------------------
    def _rules_options(self, options: Mapping[str, object], seats: int) -> Options:
        """The table's options (New game's flags) as Steam's own; ValueError names a fault.
        ``novice_borrowing`` (the seats that borrow as novices, S-S12) is taken as it is."""
        from rail_app.games.steam.rules.state import Options

        known = {o.key for o in self.options} | {NOVICE_BORROWING}
        unknown = sorted(set(options) - known)
        if unknown:
            raise ValueError(f"unknown option(s) {unknown}; the options are {sorted(known)}")
        for key in (STANDARD, RANDOM_ORDER, SIX_PLAYERS):
            if not isinstance(options.get(key, False), bool):
                raise ValueError(f"option {key}: true or false")
        data: dict[str, object] = {
            GAME: STANDARD if options.get(STANDARD) else "basic",
            FIRST_ORDER: "random" if options.get(RANDOM_ORDER) else "auction",
            SIX_PLAYERS: bool(options.get(SIX_PLAYERS)),
        }
        if NOVICE_BORROWING in options:
            data[NOVICE_BORROWING] = options[NOVICE_BORROWING]
        return Options.from_mapping(data, seats)

    @staticmethod
    def _table_options(opts: Options) -> dict[str, object]:
        from rail_app.games.steam.rules.state import FirstOrder, Variant

        out: dict[str, object] = {
            STANDARD: opts.game is Variant.STANDARD,
            RANDOM_ORDER: opts.first_order is FirstOrder.RANDOM,
            SIX_PLAYERS: opts.six_players,
        }
        if opts.novice:
            out[NOVICE_BORROWING] = list(opts.novice)
        return out

    # -- a game -------------------------------------------------------------------------------
    def new_game(self, board: Board, seats: Sequence[str], options: Mapping[str, object],
                 seed: int) -> GameState:
        from rail_app.games.steam.rules import engine

        return engine.new_game(board, list(seats), self._rules_options(options, len(seats)),
                               seed)

    def quote(self, state: GameState, action: Action, player: int | None = None) -> Quote:
        from rail_app.games.steam.rules import engine

        return engine.quote(state, action, player)

    def apply(self, state: GameState, action: Action, player: int | None = None
              ) -> GameState:
        from rail_app.games.steam.rules import engine

        return engine.apply(state, action, player)

    def legal_actions(self, state: GameState) -> list[Action]:
        from rail_app.games.steam.rules import engine

        return engine.legal_actions(state)

    def seen_by(self, state: GameState, seat: int) -> GameState:
        """Everything: Steam has no hidden information (after the set-up nothing is drawn,
        S-I1; the bag's cubes are never drawn again, D-37)."""
        return state

    def indistinguishable(self, state: GameState, seat: int, seed: int) -> GameState:
        """Nothing is hidden but the random generator, which nothing draws from after the
        set-up (S-I1): the same game with a generator seeded anew."""
        other = state.copy()
        other.rng = random.Random(seed)
        return other

    def to_act(self, state: GameState) -> int | None:
        return state.actor()

    def outcome(self, state: GameState) -> Outcome | None:
        """S-W2/S-W3: ranks from the order of the final score (ties already broken by the
        action tiles, so no two seats share a rank; the bankrupt rank last, the later
        bankrupt first); a bankrupt seat scores 0."""
        from rail_app.games.steam.rules.state import EndReason

        out = state.outcome
        if out is None:
            return None
        ranks = [0] * state.seats
        for place, seat in enumerate(out.ranks, start=1):
            ranks[seat] = place
        if out.reason is EndReason.FINISHED:
            reason = (OutcomeReason.LAST_TURN if state.turn >= state.last_turn
                      else OutcomeReason.TURN_CAP)
        else:
            reason = OutcomeReason.BANKRUPTCY
        scores = tuple(s if s is not None else 0 for s in out.scores)
        return Outcome(tuple(ranks), scores, reason)

    def end_early(self, state: GameState) -> GameState:
        """S-W2 at a harness's cap: the game is scored as it stands (ties: S-W3)."""
        from rail_app.games.steam.rules import turns

        if state.outcome is None:
            turns.finish(state)
        return state

    def scores(self, state: GameState) -> tuple[int, ...]:
        """Each seat's score now (S-W2: VP, VP of income, complete links); a bankrupt seat
        scores 0."""
        if state.outcome is not None:
            return tuple(s if s is not None else 0 for s in state.outcome.scores)
        from rail_app.games.steam.rules import turns

        return tuple(0 if p.out else turns.score(state, s).total
                     for s, p in enumerate(state.players))

    def turn(self, state: GameState) -> int:
        return state.turn

    def turns_taken(self, state: GameState) -> tuple[int, ...]:
        """Every seat plays every turn: the turns finished (all of them once it is over)."""
        done = state.turn if state.outcome is not None else max(0, state.turn - 1)
        return (done,) * state.seats

    def first_seat(self, state: GameState) -> int | None:
        """The seat first in the turn order of the first turn (S-T2, S-S5)."""
        from rail_app.games.steam.rules.events import OrderSet

        for e in state.log:
            if isinstance(e, OrderSet) and e.order:
                return e.order[0]
        return None

    def seat_names(self, state: GameState) -> list[str]:
        return [p.name for p in state.players]

    # -- records ------------------------------------------------------------------------------
    def action_to_dict(self, action: Action) -> dict[str, Any]:
        from rail_app.games.steam.rules.actions import action_to_dict

        return action_to_dict(action)

    def action_from_dict(self, data: Mapping[str, Any]) -> Action:
        from rail_app.games.steam.rules.actions import action_from_dict

        return action_from_dict(dict(data))

    def action_repr(self, action: Action) -> str:
        return repr(action)

    def history(self, state: GameState) -> list[tuple[int, Action]]:
        return list(state.history)

    def options_of(self, state: GameState) -> dict[str, object]:
        return self._table_options(state.options)

    def options_to_record(self, options: Mapping[str, object]) -> dict[str, Any]:
        """One key of the record, ``options``: Steam's own (``docs/steam.md``)."""
        return {"options": self._rules_options(options, MAX_SEATS_OPTION).to_dict()}

    def options_from_record(self, data: Mapping[str, Any]) -> dict[str, object]:
        from rail_app.games.steam.rules.state import Options

        raw = data.get("options", {})
        if not isinstance(raw, dict):
            raise ValueError("options: an object of Steam's options expected")
        return self._table_options(Options.from_mapping(raw, MAX_SEATS_OPTION))

    def replay_summary(self, state: GameState) -> dict[str, Any]:
        from rail_app.games.steam.rules.replay import state_summary

        return state_summary(state)

    def replay_lines(self, summary: Mapping[str, Any]) -> list[str]:
        from rail_app.games.steam.rules.replay import summary_lines

        return summary_lines(summary)

    def fingerprint(self, state: GameState) -> str:
        from rail_app.games.steam.rules.replay import fingerprint

        return fingerprint(state)

    def action_words(self, state: GameState, seat: int, action: Action) -> str:
        from rail_app.games.steam.rules.actionwords import action_words

        return action_words(state, seat, action)

    # -- the save screen ------------------------------------------------------------------------
    def summary(self, state: GameState) -> dict[str, Any]:
        from rail_app.games.steam.rules.replay import save_summary

        return save_summary(state)

    def summary_from_json(self, raw: Mapping[str, Any], seats: int) -> dict[str, Any]:
        from rail_app.games.steam.rules.replay import save_summary_from_json

        return save_summary_from_json(raw, seats)

    def summary_lines(self, summary: Mapping[str, Any], seat_names: Sequence[str],
                      people: Sequence[int], over: bool) -> list[str]:
        from rail_app.games.steam.rules.replay import save_lines

        return save_lines(summary, seat_names, people, over)

    # -- computer players and checks ------------------------------------------------------------
    def player(self, name: str, seat: int, seed: int) -> Player[GameState, Action]:
        if name not in self.players:
            raise ValueError(f"unknown player {name!r} (players: {', '.join(self.players)})")
        return _Seated(name, seat, seed)

    def advisor(self) -> Advisor[GameState] | None:
        from rail_app.games.steam.ai.advisor import ADVISOR

        return ADVISOR

    def checker(self, state: GameState) -> Checker[GameState, Action]:
        from rail_app.games.steam.rules.invariants import checker

        return checker(state)

    def invariants(self, state: GameState) -> list[str]:
        from rail_app.games.steam.rules.invariants import invariants

        return invariants(state)


STEAM = Steam()

__all__ = ["STEAM", "Steam"]
