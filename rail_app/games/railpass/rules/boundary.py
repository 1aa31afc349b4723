"""Rail Pass's rules as the table reads them: :data:`RULES`, the kit's
:class:`~rail_app.table.gamedef.Rules` made of the engine, the codec and the game's own
functions (loaded once, by ``RAILPASS.rules``, when a round is first played or replayed).

A board is a configuration file (``maps/railpass-*.yaml``); a game is one round (D-18) of the
configuration's seats; the options are the round's settings as records write them
(``docs/railpass.md``). The team wins or loses together (R-T3): every seat ranks first and
scores the team's final score.
"""

from __future__ import annotations

import os
from collections.abc import Mapping, Sequence
from typing import Any

from rail_app.games.railpass.rules import engine
from rail_app.games.railpass.rules.clock import next_tick
from rail_app.games.railpass.rules.configfile import load_configuration
from rail_app.games.railpass.rules.engine import CODEC
from rail_app.games.railpass.rules.invariants import checker, state_problems
from rail_app.games.railpass.rules.network import Configuration
from rail_app.games.railpass.rules.replay import (
    fingerprint,
    save_lines,
    save_summary,
    save_summary_from_json,
    settings_from_dict,
    settings_to_dict,
    state_summary,
    summary_lines,
)
from rail_app.games.railpass.rules.scoring import score
from rail_app.games.railpass.rules.state import Mode, RoundState
from rail_app.games.railpass.rules.view import seen_by
from rail_app.games.railpass.rules.words import action_words
from rail_app.table.actions import Action
from rail_app.table.gamedef import Rules
from rail_app.table.outcome import Outcome, OutcomeReason


def load_board(path: str | os.PathLike[str], needs: Mapping[str, object] | None = None
               ) -> Configuration:
    return load_configuration(os.fspath(path))


def map_summary(board: Configuration) -> dict[str, Any]:
    kinds = [str(link.kind) for link in board.links]
    return {"id": board.id, "seats": board.seat_count, "minutes": board.minutes,
            "links": len(board.links), "tunnels": kinds.count("tunnel"),
            "bridge": kinds.count("bridge"), "blocked": len(board.blocked),
            "longest_route": max(max(row) for row in board.distance)}


def new_game(board: Configuration, seats: Sequence[str], options: Mapping[str, object],
             seed: int) -> RoundState:
    """A round for the seats named (ValueError for a number the configuration does not
    seat, or a setting it does not take)."""
    settings = settings_from_dict(options)
    wanted = 1 if settings.mode is Mode.DISPATCHER else board.seat_count
    if len(seats) != wanted:
        raise ValueError(f"{board.name} is played by {wanted} seat(s), not {len(seats)}")
    return engine.new_round(board, settings, seed, tuple(str(n) for n in seats))


def outcome(state: RoundState) -> Outcome | None:
    """R-T3, R-W7: the team wins or loses together: every seat first, with the team's
    final score."""
    if not state.over:
        return None
    final = score(state).final
    return Outcome((1,) * state.seats, (final,) * state.seats, OutcomeReason.LAST_TURN)


def end_early(state: RoundState) -> RoundState:
    """R-W1 at a harness's cap: the clock runs to its end with nobody acting."""
    while not state.over:
        next_tick(state)
    return state


def options_to_record(options: Mapping[str, object]) -> dict[str, Any]:
    """One key of the record, ``settings``: the round's settings (``docs/railpass.md``)."""
    return {"settings": settings_to_dict(settings_from_dict(options))}


def options_from_record(data: Mapping[str, Any]) -> dict[str, object]:
    raw = data.get("settings", {})
    if not isinstance(raw, dict):
        raise ValueError("settings: an object of Rail Pass's settings expected")
    return dict(settings_to_dict(settings_from_dict(raw)))


RULES: Rules[Configuration, RoundState, Action] = Rules(
    engine=engine.ENGINE,
    codec=CODEC,
    load_board=load_board,
    map_summary=map_summary,
    board_name=lambda board: board.name,
    new_game=new_game,
    # Everything on the table is public (DG-A3), but a computer seat notices another seat's
    # offer or call only after its reaction delay (DG-M13).
    seen_by=seen_by,
    indistinguishable=lambda state, seat, seed: state,
    outcome=outcome,
    end_early=end_early,
    scores=lambda state: (score(state).final,) * state.seats,
    turn=lambda state: state.tick // 600 + 1,  # the minute of the round under way
    turns_taken=lambda state: (state.tick // 600,) * state.seats,
    first_seat=lambda state: 0,
    seat_names=lambda state: list(state.names),
    action_words=action_words,
    options_of=lambda state: dict(settings_to_dict(state.settings)),
    options_to_record=options_to_record,
    options_from_record=options_from_record,
    replay_summary=state_summary,
    replay_lines=summary_lines,
    fingerprint=fingerprint,
    summary=save_summary,
    summary_from_json=save_summary_from_json,
    summary_lines=save_lines,
    checker=checker,
    invariants=state_problems,
)
