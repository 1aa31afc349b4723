"""Sharing a game: a save (a game being played or a finished one) exported to a file of the
player's choice, and a save from anywhere imported into the saves folder. A save carries its
map and everything the map names, so the file alone is the whole game.

Export copies the save as it is, atomically; import reads the file as loading does (a file
that is not a save of a game this program has, or is damaged, is refused with the reason)
and writes it into the saves folder under a new name, atomically."""

from __future__ import annotations

from pathlib import Path

from rail_app.core import guarded
from rail_app.core.files import write_atomic
from rail_app.table.library import read_save
from rail_app.table.saves import SaveError


class ShareError(Exception):
    """The game could not be exported or imported; the message says why, in a player's
    words."""


def export_save(save: Path, dest: Path) -> Path:
    """``save`` written to ``dest`` (into it, under the save's name, if it is a folder)."""
    if dest.is_dir():
        dest = dest / save.name
    if dest.suffix.lower() != ".json":
        dest = dest.with_name(dest.name + ".json")
    try:
        data = save.read_bytes()
        write_atomic(dest, data)
    except OSError as exc:
        raise ShareError(f"{dest}: {exc.strerror or exc}") from None
    return dest


def import_save(src: Path, folder: Path, new_path: Path) -> Path:
    """The save ``src`` checked and written to ``new_path`` in the saves ``folder``."""
    if src.resolve().parent == folder.resolve():
        raise ShareError(f"{src.name} is already among the saved games")
    try:
        read_save(src)
        data = guarded.read_bytes(src, guarded.SAVE)
    except SaveError as exc:
        raise ShareError(str(exc)) from None
    except guarded.GuardError as exc:
        raise ShareError(f"{src.name}: {exc}") from None
    try:
        write_atomic(new_path, data)
    except OSError as exc:
        raise ShareError(f"{new_path.name}: {exc.strerror or exc}") from None
    return new_path
