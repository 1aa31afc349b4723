"""Italian Rails' game records: its codec for the table's records
(:mod:`rail_app.table.records`: the envelope, the layout, the checks every record gets),
and replaying a record on a board.

The record's options are written as ``"deck"`` (false: a game of building only, played
without cards) and ``"variants"`` (the names of the variants played); a record's actions
are checked field by field against the action classes before any is built.
"""

from __future__ import annotations

import os
import typing
from collections.abc import Mapping
from typing import Any

from rail_app.core import guarded
from rail_app.core.lazy import Lazy
from rail_app.games.italian_rails.rules.actions import Action
from rail_app.games.italian_rails.rules.board import Board
from rail_app.games.italian_rails.rules.deckmodel import Deck
from rail_app.games.italian_rails.rules.engine import apply_quoted, new_game, quote
from rail_app.games.italian_rails.rules.identity import (
    BUILDING_ONLY,
    GAME_ID,
    RULES_VERSION,
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
#: The game's definition, for the table's records (the definition names these rules: it is
#: looked up when a record is first read or written).
GAME: Lazy[table_records.AnyGameDef] = Lazy("rail_app.games.italian_rails.game:ITALIAN_RAILS")

__all__ = ["ActionResult", "Record", "RecordError", "load_record", "map_digest",
           "record_dict", "record_from_dict", "record_from_game", "record_text", "replay_record",
           "save_record", "start_state"]


def options_to_record(options: Mapping[str, object]) -> dict[str, Any]:
    """The options as a record writes them: ``deck`` and ``variants``."""
    return {"deck": not options.get(BUILDING_ONLY, False),
            "variants": sorted(v for v in VARIANTS if options.get(v))}


def options_from_record(data: Mapping[str, Any]) -> dict[str, object]:
    """The options of a record's JSON (ValueError names the fault)."""
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
    return table_records.record_to_dict(record, GAME.get())


def record_text(record: Record) -> str:
    return table_records.record_text(record, GAME.get())


def save_record(path: str | os.PathLike[str], record: Record) -> None:
    table_records.save_record(path, record, GAME.get())


def load_record(path: str | os.PathLike[str]) -> Record:
    """Read a record file; RecordError with a one-line message for anything wrong."""
    return record_from_dict(table_records.read_json(path), str(path))


def record_from_dict(data: Any, shown: str = "record") -> Record:
    return table_records.record_from_dict(data, GAME.get(), shown)


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
    for i, (player, recorded) in enumerate(record.actions, start=1):
        action = typing.cast(Action, recorded)  # read by the game's own codec
        q = quote(state, action, player)
        if q.ok:
            apply_quoted(state, q, player, inplace=True)
        results.append(result_of(i, player, action, q))
    return state, results
