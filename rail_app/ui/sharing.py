"""Sharing a game: a save (a game being played or a finished one) exported to a file of the
player's choice, and a save from anywhere imported into the saves folder. A save carries its
map and everything the map names, so the file alone is the whole game.

Export copies the save as it is, atomically; import reads the file as loading does (a file
that is not a save of a game this program has, or is damaged, is refused with the reason)
and writes it into the saves folder under a new name, atomically."""

from __future__ import annotations

import os
import secrets
import tempfile
from pathlib import Path

from rail_app.core import guarded
from rail_app.core.files import os_reason, write_atomic
from rail_app.table.library import read_save
from rail_app.table.saves import SaveError


class ShareError(Exception):
    """The game could not be exported or imported; the message says why, in a player's
    words."""


def _why(exc: OSError | ValueError) -> str:
    """Why a file could not be used, in plain words (a NUL in a name, a name too long, a
    full disk...)."""
    if isinstance(exc, ValueError):
        return "the file name holds a NUL character"
    return os_reason(exc)


def _shown(path: Path) -> str:
    """A file's path as a message shows it: what cannot be printed escaped (a NUL as
    ``\x00``), and its last 60 characters at most, where its name is."""
    text = "".join(c if c.isprintable() else repr(c)[1:-1] for c in str(path))
    return text if len(text) <= 60 else "…" + text[-59:]


def export_save(save: Path, dest: Path) -> Path:
    """``save`` written to ``dest`` (into it, under the save's name, if it is a folder)."""
    try:
        if dest.is_dir():
            dest = dest / save.name
        if dest.suffix.lower() != ".json":
            dest = dest.with_name(dest.name + ".json")
        data = guarded.read_bytes(save, guarded.SAVE, save.name)
        write_atomic(dest, data)
    except guarded.GuardError as exc:
        raise ShareError(str(exc)) from None
    except (OSError, ValueError) as exc:
        raise ShareError(f"{_shown(dest)}: cannot be written: {_why(exc)}") from None
    return dest


def import_save(src: Path, folder: Path, new_path: Path) -> Path:
    """The save ``src`` checked and written to ``new_path`` in the saves ``folder``: read
    once, through the guarded reader, and loaded from those very bytes as the Load screen
    would load it (its seats' inks the game's)."""
    from rail_app.ui.settings import INKS

    try:
        if os.path.realpath(src.parent) == os.path.realpath(folder):
            raise ShareError(f"{_shown(Path(src.name))} is already among the saved games")
    except (OSError, ValueError) as exc:
        raise ShareError(f"{_shown(src)}: cannot be read: {_why(exc)}") from None
    try:
        data = guarded.read_bytes(src, guarded.SAVE, src.name)
    except guarded.GuardError as exc:
        raise ShareError(str(exc)) from None
    # the bytes read are the bytes checked and written: a file changed meanwhile (or a
    # FIFO, a link changed) cannot slip a different file past the check
    checked = Path(tempfile.gettempdir(), f"rail-import-{secrets.token_hex(8)}", src.name)
    with guarded.memory_file(checked, data):
        try:
            read_save(checked, inks=INKS)
        except SaveError as exc:
            raise ShareError(str(exc)) from None
    try:
        write_atomic(new_path, data)
    except (OSError, ValueError) as exc:
        raise ShareError(f"{new_path.name}: cannot be written: {_why(exc)}") from None
    return new_path
