"""The career's files in the player's data folder: a finished game is kept (its save, in
``finished/``, never pruned) and counted in ``career.json``; a lost or damaged career file
is rebuilt from the kept games (:mod:`rail_app.table.career`)."""

from __future__ import annotations

import contextlib
import datetime as dt
from pathlib import Path
from typing import TYPE_CHECKING, Any

from rail_app.core import guarded
from rail_app.core.mapfile import MapError
from rail_app.core.paths import user_data_dir
from rail_app.core.world import open_world
from rail_app.table import career, records, registry
from rail_app.table.career import CareerError, GameEntry
from rail_app.table.library import read_save
from rail_app.table.saves import SaveError
from rail_app.ui.savedir import worlds_dir

if TYPE_CHECKING:
    from rail_app.ui.session import Session


def _when(seconds: float) -> str:
    return dt.datetime.fromtimestamp(seconds).isoformat(timespec="seconds")


def entry_from_save(path: Path) -> GameEntry | None:
    """The career's line of a kept save (None when it cannot be read or is not over)."""
    try:
        saved = read_save(path)
        game = registry.game(saved.record.game)
        where = open_world(saved.world, worlds_dir()) if saved.world is not None \
            else Path(saved.record.map)
        board = game.rules.load_board(where, needs=saved.record.options)
        state, _results = records.replay(game, saved.record, board)
        match = saved.game.id if saved.game is not None else path.stem
        return career.entry_of(game, state, saved.seats, match, game.rules.board_name(board)[:80],
                               _when(path.stat().st_mtime))
    except (SaveError, MapError, KeyError, ValueError, OSError):
        return None


def rebuilt() -> list[GameEntry]:
    """The career from the kept finished games."""
    return career.rebuild(career.kept_saves(user_data_dir()), entry_from_save)


def load() -> tuple[list[GameEntry], str]:
    """The career's games, and a word for the player when the file had to be rebuilt. The
    file is read through the guarded reader (a FIFO, a device, a link loop or a file nested
    100,000 deep is damaged, never waited on); a rebuilt career is written again when the
    disk takes it (a read-only or full data folder was said on the menu at start: the page
    shows the games all the same)."""
    path = career.career_path(user_data_dir())
    note = ""
    if not guarded.lexists(path):  # lost (or never written): the kept games say what it held
        entries = rebuilt()
        if not entries:
            return entries, ""
    else:
        try:
            return career.read(path), ""
        except CareerError as exc:
            entries, note = rebuilt(), str(exc)
    with contextlib.suppress(OSError):  # rebuilt again when the page is next opened
        career.write(path, entries)
    return entries, note


def keep(session: Session[Any]) -> GameEntry | None:
    """A finished game kept and counted (once); the guided first game is not counted.
    OSError when the data folder cannot be written."""
    if not session.over or session.autosave_file is not None:
        return None
    data = user_data_dir()
    kept = career.finished_dir(data) / f"{session.game_id}.json"
    if not kept.exists():
        session.save(kept)
    entry = career.entry_of(session.game, session.state, session.setup.seats, session.game_id,
                            session.game.rules.board_name(session.board)[:80],
                            _when(kept.stat().st_mtime))
    career.add(career.career_path(data), entry, rebuilt)
    return entry
