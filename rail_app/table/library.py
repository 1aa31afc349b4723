"""Opening the records and saves of any game on the table: the record's envelope names its
game, the registry gives it (:mod:`rail_app.table.registry`)."""

from __future__ import annotations

import os
from collections.abc import Collection
from typing import Any

from rail_app.table import records, registry, saves
from rail_app.table.records import Record, RecordError


def game_of(game_id: str) -> registry.AnyGame:
    """The game a file names (KeyError for one this program does not have)."""
    return registry.game(game_id)


def load_record(path: str | os.PathLike[str]) -> tuple[Record, registry.AnyGame]:
    """A record of any game and its game; RecordError with a one-line message."""
    data: Any = records.read_json(path)
    game_id = records.envelope(data, str(path))[0]
    try:
        game = game_of(game_id)
    except KeyError:
        raise RecordError(f"{path}: a record of {game_id!r}, which this program does not "
                          "have") from None
    return records.record_from_dict(data, game, str(path)), game


def read_save(path: str | os.PathLike[str], inks: Collection[str] | None = None
              ) -> saves.SaveFile:
    """A save of any game (SaveError names the fault)."""
    return saves.read_save(path, game_of, inks)
