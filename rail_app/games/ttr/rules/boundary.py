"""Ticket to Ride's rules as the table reads them: :data:`RULES`, the kit's
:class:`~rail_app.table.gamedef.Rules` made of the engine, the codec and the game's own
functions (loaded once, by ``TTR.rules``, when a game is first played or replayed).

The one option (D-38) is who plays first (D-5): ``first_player``, a seat number; without it
the first player is drawn at random. Records write it under ``options``.
"""

from __future__ import annotations

import hashlib
import os
import re
from collections.abc import Mapping, Sequence
from dataclasses import replace
from pathlib import Path
from typing import Any

from rail_app.core import guarded
from rail_app.core.cache import BoundedCache
from rail_app.core.guarded import GuardError
from rail_app.games.ttr.rules import engine, invariants, turns, views, words
from rail_app.games.ttr.rules.actions import CODEC, Action
from rail_app.games.ttr.rules.board import Board, RouteKind
from rail_app.games.ttr.rules.identity import FIRST_PLAYER, MAX_SEATS
from rail_app.games.ttr.rules.mapfile import load_board as read_map
from rail_app.games.ttr.rules.replay import (
    fingerprint,
    save_summary,
    save_summary_from_json,
    scores_now,
    state_summary,
    summary_lines,
)
from rail_app.games.ttr.rules.state import EndReason, GameState, Options
from rail_app.table.gamedef import Rules
from rail_app.table.outcome import Outcome, OutcomeReason

_BOARDS: BoundedCache[tuple[str, str], Board] = BoundedCache(8)
_BACKGROUND = re.compile(rb"^background:[ \t]*['\"]?([^'\"\s#]+)", re.M)


def _digest(path: Path) -> tuple[str, str] | None:
    """The map file's contents and its background's, by digest (None: unreadable), so that
    the same map read again, or unpacked from a save into another folder, is the same."""
    try:  # read as the map reader reads them: regular files within their limits
        data = guarded.read_bytes(path, guarded.MAP)
        found = _BACKGROUND.search(data)
        background = ""
        if found is not None:
            beside = path.parent / found.group(1).decode("utf-8", "replace")
            background = hashlib.sha256(guarded.read_bytes(beside, guarded.GEOJSON)).hexdigest()
    except (GuardError, OSError, ValueError):
        return None  # the map reader says what is wrong
    return hashlib.sha256(data).hexdigest(), background


def load_board(path: str | os.PathLike[str], needs: Mapping[str, object] | None = None
               ) -> Board:
    """A map file's board, kept by its contents and its background's (reading one checks
    its schema, drawing and terrain, a second or so); MapError lists every problem. A map
    kept from another path is named by this one."""
    key = _digest(Path(path))
    if key is None:
        return read_map(path)
    found = _BOARDS.peek(key)
    if found is None:
        found = read_map(path)
        _BOARDS.put(key, found)
    return found if found.shown == str(path) else replace(found, shown=str(path))


def map_summary(board: Board) -> dict[str, Any]:
    """What a map holds, for ``validate-map`` (its ``--json`` keys)."""
    routes = board.routes
    return {
        "cities": len(board.cities),
        "city_pairs": len(board.pairs),
        "routes": len(routes),
        "spaces": sum(r.length for r in routes),
        "tunnels": sum(1 for r in routes if r.kind is RouteKind.TUNNEL),
        "ferries": sum(1 for r in routes if r.kind is RouteKind.FERRY),
        "double_routes": len(board.doubles),
        "long_tickets": len(board.long_tickets),
        "regular_tickets": len(board.regular_tickets),
    }


def rules_options(options: Mapping[str, object], seats: int) -> Options:
    """The table's options as the game's; ValueError names a fault (D-38: only who plays
    first, D-5)."""
    unknown = sorted(set(options) - {FIRST_PLAYER})
    if unknown:
        raise ValueError(f"unknown option(s) {unknown}; the one option is {FIRST_PLAYER}")
    first = options.get(FIRST_PLAYER)
    if first is not None and (not isinstance(first, int) or isinstance(first, bool)
                              or not 0 <= first < seats):
        raise ValueError(f"option {FIRST_PLAYER}: a seat number from 0 to {seats - 1}")
    return Options(first)


def new_game(board: Board, seats: Sequence[str], options: Mapping[str, object],
             seed: int) -> GameState:
    return engine.new_game(board, list(seats), rules_options(options, len(seats)), seed)


def options_of(state: GameState) -> dict[str, object]:
    first = state.options.first_player
    return {} if first is None else {FIRST_PLAYER: first}


def options_to_record(options: Mapping[str, object]) -> dict[str, Any]:
    """One key of the record, ``options``: ``{"first_player": a seat or null}``."""
    return {"options": {FIRST_PLAYER: rules_options(options, MAX_SEATS).first_player}}


def options_from_record(data: Mapping[str, Any]) -> dict[str, object]:
    raw = data.get("options", {})
    if not isinstance(raw, dict):
        raise ValueError("options: an object of Ticket to Ride's options expected")
    first = rules_options(raw, MAX_SEATS).first_player
    return {} if first is None else {FIRST_PLAYER: first}


_REASONS = {EndReason.LAST_ROUND: OutcomeReason.LAST_TURN,
            EndReason.PASSES: OutcomeReason.LAST_TURN,
            EndReason.TURN_CAP: OutcomeReason.TURN_CAP}


def outcome(state: GameState) -> Outcome | None:
    """T-W3: ranks by score, tickets completed, fewest stations, the Express; ties share
    (D-27)."""
    final = state.final
    if final is None:
        return None
    return Outcome(final.ranks, tuple(s.total for s in final.scores), _REASONS[final.reason])


def first_seat(state: GameState) -> int | None:
    """The seat that plays first (T-S6), once the first turn has begun."""
    return state.first if state.turn >= 1 else None


def action_words(state: GameState, seat: int, action: Action) -> str:
    return words.action_words(state.board, [p.name for p in state.players], seat, action)


RULES: Rules[Board, GameState, Action] = Rules(
    engine=engine.ENGINE,
    codec=CODEC,
    load_board=load_board,
    map_summary=map_summary,
    board_name=lambda board: board.name,
    new_game=new_game,
    seen_by=views.seen_by,
    indistinguishable=views.indistinguishable,
    outcome=outcome,
    end_early=turns.end_early,
    scores=scores_now,
    turn=lambda state: state.turn,
    turns_taken=lambda state: tuple(p.turns for p in state.players),
    first_seat=first_seat,
    seat_names=lambda state: [p.name for p in state.players],
    action_words=action_words,
    options_of=options_of,
    options_to_record=options_to_record,
    options_from_record=options_from_record,
    replay_summary=state_summary,
    replay_lines=summary_lines,
    fingerprint=fingerprint,
    summary=save_summary,
    summary_from_json=save_summary_from_json,
    summary_lines=words.save_lines,
    checker=invariants.checker,
    invariants=invariants.invariants,
)

__all__ = ["RULES"]
