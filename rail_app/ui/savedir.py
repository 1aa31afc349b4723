"""Where the player's saves (and the maps they carry) are kept, and the tidying of
interrupted saves when the game starts. A module without the rules engine, so that the app
and its main menu can do both before the engine, the board and the libraries under them are
loaded (the first frame waits for none of them)."""

from __future__ import annotations

import contextlib
import os
import stat
from pathlib import Path

from rail_app.core.paths import user_data_dir


def _folder(name: str) -> Path:
    """A folder of the user data folder, made when it can be (on a read-only or full disk
    it is not: reading it finds nothing, and writing into it says why it cannot)."""
    p = user_data_dir() / name
    with contextlib.suppress(OSError):
        p.mkdir(parents=True, exist_ok=True)
    return p


def data_dir_problem() -> str:
    """Why nothing can be saved in the user data folder ("" when a save can be written;
    see :func:`rail_app.core.files.folder_problem`)."""
    from rail_app.core.files import folder_problem

    return folder_problem(user_data_dir() / "saves")


def saves_dir() -> Path:
    return _folder("saves")


AUTOSAVE_PREFIX = "autosave-"  # the autosaves' file names: autosave-<game id>-<turn>.json


def scan_saves() -> list[Path]:
    """The names of the save files (``*.json``, not hidden), in no order, without looking
    inside or following them; nothing when the folder cannot be read."""
    folder = saves_dir()
    try:
        with os.scandir(folder) as it:
            return [folder / e.name for e in it
                    if e.name.endswith(".json") and not e.name.startswith(".")]
    except OSError:
        return []


def save_times() -> list[tuple[float, Path]]:
    """(modification time, path) of every save file that is a regular file now, newest
    first. An entry that is not (a dangling link, a link loop, a folder, a pipe, a file
    another window deleted a moment ago) is left out: it hides itself, never the others."""
    out: list[tuple[float, Path]] = []
    for p in scan_saves():
        try:
            st = os.stat(p)
        except (OSError, ValueError):
            continue
        if stat.S_ISREG(st.st_mode):
            out.append((st.st_mtime, p))
    out.sort(key=lambda tp: (-tp[0], tp[1].name))
    return out


def list_saves() -> list[Path]:
    """Every save file, newest first (see :func:`save_times`)."""
    return [p for _, p in save_times()]


def worlds_dir() -> Path:
    """Where the maps carried by saves are unpacked (one folder per map, by its digest)."""
    return _folder("worlds")


def remove_leftovers() -> list[Path]:
    """Remove the temporary files of saves cut short (the game killed while writing): they
    are never a save, and nothing else would ever delete them. Run when the game starts."""
    from rail_app.core.files import remove_orphan_temps

    removed = remove_orphan_temps(user_data_dir()) + remove_orphan_temps(saves_dir())
    try:
        with os.scandir(worlds_dir()) as it:
            folders = sorted(e.path for e in it if e.is_dir(follow_symlinks=False))
    except OSError:
        folders = []
    for folder in folders:
        removed += remove_orphan_temps(folder)
    return removed
