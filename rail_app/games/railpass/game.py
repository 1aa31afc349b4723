"""Rail Pass on the table: :data:`RAILPASS`, the game's side of
:class:`rail_app.table.gamedef.GameDef`.

A board is a configuration file (``maps/railpass-*.yaml``, ``game: railpass``); a game is one
round (D-18) of the configuration's seats, every one a computer seat unless the options say
otherwise; the options are the round's settings as records write them (``docs/railpass.md``:
``table_rules``, ``expert``, ``mode``, ``seats``, ``clock``, ``tempo``, ``reactions``,
``minutes``, ``round``). The team wins or loses together (R-T3): every seat ranks first and
scores the team's final score. Nothing here imports pygame, and importing it loads none of the
rules but their identity: the rules come with the first round.
"""

from __future__ import annotations

import os
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

from rail_app.games.railpass.rules.identity import (
    DEFAULT_SEATS,
    GAME_ID,
    MAX_SEATS,
    MIN_SEATS,
    RULES_VERSION,
    TITLE,
)
from rail_app.table.gamedef import Advisor, GameOption, Player
from rail_app.table.invariants import Checker
from rail_app.table.outcome import Outcome, OutcomeReason
from rail_app.table.seats import Level, SeatRange

if TYPE_CHECKING:  # the rules come with the first round
    from rail_app.games.railpass.rules.network import Configuration
    from rail_app.games.railpass.rules.state import RoundState
    from rail_app.table.actions import Action
    from rail_app.table.quotes import Quote

#: The table's options (New game's check boxes).
TABLE_RULES = "table_rules"  # DG-X
EXPERT = "expert"  # R-V1


class RailPass:
    """Rail Pass's :class:`~rail_app.table.gamedef.GameDef` (one object: :data:`RAILPASS`)."""

    id = GAME_ID
    title = TITLE
    blurb = "A real-time co-op: hand trains from city to city, Toot! Toot!, before time is up."
    seats = SeatRange(MIN_SEATS, MAX_SEATS, DEFAULT_SEATS)
    rules_version = RULES_VERSION
    levels: tuple[Level, ...] = (Level.EASY, Level.NORMAL, Level.HARD)
    players: tuple[str, ...] = ("easy", "normal", "hard", "trainee", "conductor", "chief",
                                "proxy", "absent", "random")
    options: tuple[GameOption, ...] = (
        GameOption(TABLE_RULES, "Table rules: trains and cubes can fall", rule="DG-X2"),
        GameOption(EXPERT, "Expert version: stickers", rule="R-V1"),
    )
    default_map = "maps/railpass-6ci.yaml"
    small_map = "maps/railpass-6ci.yaml"
    score_name = "scores"
    turn_cap_rule = "R-W1: the clock runs to its end (time is up)"
    rounds = True

    # -- the board ----------------------------------------------------------------------------
    def load_board(self, path: str | os.PathLike[str],
                   needs: Mapping[str, object] | None = None) -> Configuration:
        from rail_app.games.railpass.rules.configfile import load_configuration

        return load_configuration(os.fspath(path))

    def map_summary(self, board: Configuration) -> dict[str, Any]:
        kinds = [str(link.kind) for link in board.links]
        return {"id": board.id, "seats": board.seat_count, "minutes": board.minutes,
                "links": len(board.links), "tunnels": kinds.count("tunnel"),
                "bridge": kinds.count("bridge"), "blocked": len(board.blocked),
                "longest_route": max(max(row) for row in board.distance)}

    def board_name(self, board: Configuration) -> str:
        return board.name

    # -- a game -------------------------------------------------------------------------------
    def new_game(self, board: Configuration, seats: Sequence[str],
                 options: Mapping[str, object], seed: int) -> RoundState:
        from rail_app.games.railpass.rules import engine
        from rail_app.games.railpass.rules.replay import settings_from_dict
        from rail_app.games.railpass.rules.state import Mode

        settings = settings_from_dict(options)
        wanted = 1 if settings.mode is Mode.DISPATCHER else board.seat_count
        if len(seats) != wanted:
            raise ValueError(f"{board.name} is played by {wanted} seat(s), not {len(seats)}")
        return engine.new_round(board, settings, seed, tuple(str(n) for n in seats))

    def quote(self, state: RoundState, action: Action, player: int | None = None
              ) -> Quote[Any, Any]:
        from rail_app.games.railpass.rules import engine

        return engine.quote(state, action, player)

    def apply(self, state: RoundState, action: Action, player: int | None = None
              ) -> RoundState:
        from rail_app.games.railpass.rules import engine
        from rail_app.table.quotes import IllegalAction

        q = engine.quote(state, action, player)
        if not q.ok:
            raise IllegalAction(q)
        return engine.apply_quoted(state, q)

    def legal_actions(self, state: RoundState) -> list[Action]:
        from rail_app.games.railpass.rules import engine

        return engine.legal_actions(state)

    def seen_by(self, state: RoundState, seat: int) -> RoundState:
        """Everything on the table (it is public, DG-A3), but the offers and calls a
        computer seat has not noticed yet (DG-M13)."""
        from rail_app.games.railpass.rules.view import seen_by

        return seen_by(state, seat)

    def indistinguishable(self, state: RoundState, seat: int, seed: int) -> RoundState:
        """Nothing is hidden but what a seat has not noticed yet: the same round."""
        return state

    def to_act(self, state: RoundState) -> int | None:
        from rail_app.games.railpass.rules import engine

        return engine.ENGINE.to_act(state)

    def outcome(self, state: RoundState) -> Outcome | None:
        """R-T3, R-W7: the team wins or loses together: every seat first, with the team's
        final score."""
        if not state.over:
            return None
        from rail_app.games.railpass.rules.scoring import score

        final = score(state).final
        return Outcome((1,) * state.seats, (final,) * state.seats, OutcomeReason.LAST_TURN)

    def end_early(self, state: RoundState) -> RoundState:
        """R-W1 at a harness's cap: the clock runs to its end with nobody acting."""
        from rail_app.games.railpass.rules.clock import next_tick

        while not state.over:
            next_tick(state)
        return state

    def scores(self, state: RoundState) -> tuple[int, ...]:
        from rail_app.games.railpass.rules.scoring import score

        return (score(state).final,) * state.seats

    def turn(self, state: RoundState) -> int:
        """The minute of the round under way (1 at the start)."""
        return state.tick // 600 + 1

    def turns_taken(self, state: RoundState) -> tuple[int, ...]:
        return (state.tick // 600,) * state.seats

    def first_seat(self, state: RoundState) -> int | None:
        return 0

    def seat_names(self, state: RoundState) -> list[str]:
        return list(state.names)

    # -- records ------------------------------------------------------------------------------
    def action_to_dict(self, action: Action) -> dict[str, Any]:
        return action.to_dict()

    def action_from_dict(self, data: Mapping[str, Any]) -> Action:
        from rail_app.games.railpass.rules.engine import CODEC

        return CODEC.from_dict(dict(data))

    def action_repr(self, action: Action) -> str:
        return repr(action)

    def action_words(self, state: RoundState, seat: int, action: Action) -> str:
        from rail_app.games.railpass.rules.words import action_words

        return action_words(state, seat, action)

    def history(self, state: RoundState) -> list[tuple[int, Action]]:
        return list(state.history)

    def options_of(self, state: RoundState) -> dict[str, object]:
        from rail_app.games.railpass.rules.replay import settings_to_dict

        return dict(settings_to_dict(state.settings))

    def options_to_record(self, options: Mapping[str, object]) -> dict[str, Any]:
        """One key of the record, ``settings``: the round's settings (``docs/railpass.md``)."""
        from rail_app.games.railpass.rules.replay import settings_from_dict, settings_to_dict

        return {"settings": settings_to_dict(settings_from_dict(options))}

    def options_from_record(self, data: Mapping[str, Any]) -> dict[str, object]:
        from rail_app.games.railpass.rules.replay import settings_from_dict, settings_to_dict

        raw = data.get("settings", {})
        if not isinstance(raw, dict):
            raise ValueError("settings: an object of Rail Pass's settings expected")
        return dict(settings_to_dict(settings_from_dict(raw)))

    def replay_summary(self, state: RoundState) -> dict[str, Any]:
        from rail_app.games.railpass.rules.replay import state_summary

        return state_summary(state)

    def replay_lines(self, summary: Mapping[str, Any]) -> list[str]:
        from rail_app.games.railpass.rules.replay import summary_lines

        return summary_lines(summary)

    def fingerprint(self, state: RoundState) -> str:
        from rail_app.games.railpass.rules.replay import fingerprint

        return fingerprint(state)

    # -- the save screen ------------------------------------------------------------------------
    def summary(self, state: RoundState) -> dict[str, Any]:
        from rail_app.games.railpass.rules.replay import save_summary

        return save_summary(state)

    def summary_from_json(self, raw: Mapping[str, Any], seats: int) -> dict[str, Any]:
        from rail_app.games.railpass.rules.replay import save_summary_from_json

        return save_summary_from_json(raw, seats)

    def summary_lines(self, summary: Mapping[str, Any], seat_names: Sequence[str],
                      people: Sequence[int], over: bool) -> list[str]:
        from rail_app.games.railpass.rules.replay import save_lines

        return save_lines(summary, seat_names, people, over)

    # -- computer players and checks ------------------------------------------------------------
    def player(self, name: str, seat: int, seed: int) -> Player[RoundState, Action]:
        from rail_app.games.railpass.ai.players import make_player

        return make_player(name, seat, seed)

    def advisor(self) -> Advisor[RoundState] | None:
        return None

    def checker(self, state: RoundState) -> Checker[RoundState, Action]:
        from rail_app.games.railpass.rules.invariants import checker

        return checker(state)

    def invariants(self, state: RoundState) -> list[str]:
        from rail_app.games.railpass.rules.invariants import state_problems

        return state_problems(state)


RAILPASS = RailPass()

__all__ = ["RAILPASS", "RailPass"]
