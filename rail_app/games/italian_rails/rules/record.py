"""Italian Rails' game records: its codec for the table's records
(:mod:`rail_app.table.records`: the envelope, the layout, the checks every record gets),
and replaying a record on a board.

The record's options are written as ``"deck"`` (false: a game of building only, played
without cards) and ``"variants"`` (the names of the variants played); a record's actions
are checked field by field against the action classes before any is built.
"""

from __future__ import annotations

import os
import types
import typing
from collections.abc import Mapping
from dataclasses import fields
from typing import Any

from rail_app.core import guarded
from rail_app.core.cache import BoundedCache
from rail_app.games.italian_rails.rules.actions import ACTION_TYPES, Action, action_from_dict
from rail_app.games.italian_rails.rules.board import Board
from rail_app.games.italian_rails.rules.deckmodel import Deck
from rail_app.games.italian_rails.rules.engine import apply, new_game, quote
from rail_app.games.italian_rails.rules.identity import (
    BUILDING_ONLY,
    GAME_ID,
    RULES_VERSION,
    SEATS,
    VARIANTS,
)
from rail_app.games.italian_rails.rules.state import GameState
from rail_app.table import records as table_records
from rail_app.table.records import (
    ActionResult,
    Record,
    RecordError,
    map_digest,
    result_of,
)

MAX_NAME = table_records.MAX_NAME
#: Limits on the fields of recorded actions: text (dots, names), numbers, lists (a path).
MAX_FIELD_TEXT = 60
MAX_FIELD_NUMBER = 10**6
MAX_FIELD_ITEMS = 1000

__all__ = ["CODEC", "ActionResult", "Record", "RecordError", "load_record", "map_digest",
           "record_dict", "record_from_dict", "record_from_game", "record_text", "replay_record",
           "save_record", "start_state"]


class Codec:
    """Italian Rails' side of a record (:class:`rail_app.table.records.RecordCodec`)."""

    id = GAME_ID
    rules_version = RULES_VERSION
    seats = SEATS

    def action_to_dict(self, action: Action) -> dict[str, Any]:
        return action.to_dict()

    def action_from_dict(self, data: Mapping[str, Any]) -> Action:
        problem = action_field_problem(data)
        if problem:
            raise ValueError(problem)
        return action_from_dict(dict(data))

    def options_to_record(self, options: Mapping[str, object]) -> dict[str, Any]:
        return {"deck": not options.get(BUILDING_ONLY, False),
                "variants": sorted(v for v in VARIANTS if options.get(v))}

    def options_from_record(self, data: Mapping[str, Any]) -> dict[str, object]:
        variants = data.get("variants", [])
        if not isinstance(variants, list) or not all(isinstance(v, str) for v in variants):
            raise ValueError("'variants' must be a list of variant names")
        unknown = [v for v in variants if v not in VARIANTS]
        if unknown:
            raise ValueError(f"unknown variant {guarded.shorten(unknown[0])} (variants: "
                             f"{', '.join(VARIANTS)})")
        deck = data.get("deck", True)
        if not isinstance(deck, bool):
            raise ValueError("'deck' must be true or false")
        out: dict[str, object] = {v: True for v in sorted(variants)}
        if not deck:
            out[BUILDING_ONLY] = True
        return out


CODEC = Codec()


def options_of(state: GameState) -> dict[str, object]:
    """The options a game was started with (its variants; building only without cards)."""
    out: dict[str, object] = {v: True for v in sorted(state.variants)}
    if not state.deck.cards:
        out[BUILDING_ONLY] = True
    return out


def italian_record(map: str, seed: int, players: list[str],
                   actions: list[tuple[int, Action]] | None = None, *,
                   variants: typing.Iterable[str] = (), deck: bool = True,
                   map_sha256: str = "") -> Record:
    """A record of an Italian Rails game from its parts."""
    options: dict[str, object] = {v: True for v in sorted(variants)}
    if not deck:
        options[BUILDING_ONLY] = True
    return Record(GAME_ID, map, seed, list(players), list(actions or []), options,
                  map_sha256, RULES_VERSION)


def played_with_cards(record: Record) -> bool:
    return not record.options.get(BUILDING_ONLY, False)


def variants_of(record: Record) -> list[str]:
    return sorted(v for v in VARIANTS if record.options.get(v))


def record_from_game(state: GameState, map_path: str | os.PathLike[str]) -> Record:
    """The record of a live game, from the actions applied to it (``state.history``)."""
    return Record(GAME_ID, str(map_path), state.seed, [p.name for p in state.players],
                  list(state.history), options_of(state), map_digest(map_path),
                  RULES_VERSION)


def record_dict(record: Record) -> dict[str, Any]:
    """The JSON form of a record of Italian Rails."""
    return table_records.record_to_dict(record, CODEC)


def record_text(record: Record) -> str:
    return table_records.record_text(record, CODEC)


def save_record(path: str | os.PathLike[str], record: Record) -> None:
    table_records.save_record(path, record, CODEC)


def load_record(path: str | os.PathLike[str]) -> Record:
    """Read a record file; RecordError with a one-line message for anything wrong."""
    return record_from_dict(table_records.read_json(path), str(path))


def record_from_dict(data: Any, shown: str = "record") -> Record:
    return table_records.record_from_dict(data, CODEC, shown)


def action_field_problem(data: Any) -> str | None:
    """Why the fields of a recorded action have the wrong types or sizes (None if they are
    fine), checked against the action's dataclass before it is built: a record from another
    machine must not hand the engine a dictionary where a dot's name belongs."""
    if not isinstance(data, dict) or not isinstance(data.get("kind"), str):
        return "an action is a mapping with a 'kind'"
    cls = ACTION_TYPES.get(data["kind"])
    if cls is None:
        return f"unknown action kind {guarded.shorten(data['kind'])}"
    hints = _field_types(cls)
    for f in fields(cls):
        if f.name in data and not _fits(data[f.name], hints[f.name]):
            return (f"action {data['kind']!r}: {f.name} cannot be "
                    f"{guarded.shorten(data[f.name])}")
    return None


_FIELD_TYPES: BoundedCache[str, dict[str, Any]] = BoundedCache(64)


def _field_types(cls: type[Action]) -> dict[str, Any]:
    """The field types of an action class, resolved once."""
    return _FIELD_TYPES.get(cls.kind, lambda: typing.get_type_hints(cls))


def _fits(value: Any, tp: Any) -> bool:
    """Whether a JSON value fits a field type of an action (str, int, bool, X | None,
    tuple[X, ...]), within the record's limits."""
    origin = typing.get_origin(tp)
    if origin in (typing.Union, types.UnionType):
        return any(_fits(value, t) for t in typing.get_args(tp))
    if origin is tuple:
        item = typing.get_args(tp)[0]
        return (isinstance(value, list) and len(value) <= MAX_FIELD_ITEMS
                and all(_fits(v, item) for v in value))
    if tp is type(None):
        return value is None
    if tp is bool:
        return isinstance(value, bool)
    if tp is int:
        return (isinstance(value, int) and not isinstance(value, bool)
                and abs(value) <= MAX_FIELD_NUMBER)
    if tp is str:
        return isinstance(value, str) and len(value) <= MAX_FIELD_TEXT
    return False


def start_state(record: Record, board: Board, deck: Deck | None) -> GameState:
    """The state before the first recorded action."""
    return new_game(board, deck if played_with_cards(record) else None, seed=record.seed,
                    names=tuple(record.players), variants=variants_of(record))


def replay_record(record: Record, board: Board, deck: Deck | None
                  ) -> tuple[GameState, list[ActionResult]]:
    """Apply every recorded action in order. Illegal ones are reported (with their rule
    ids) and skipped; the game goes on from the last legal state."""
    state = start_state(record, board, deck)
    results: list[ActionResult] = []
    for i, (player, action) in enumerate(record.actions, start=1):
        q = quote(state, action, player)
        if q.ok:
            apply(state, action, player, inplace=True)
        results.append(result_of(i, player, action, q))
    return state, results
