"""Where the player's saves (and the maps they carry) are kept, and the tidying of
interrupted saves when the game starts. A module without the rules engine, so that the app
and its main menu can do both before the engine, the board and the libraries under them are
loaded (the first frame waits for none of them)."""

from __future__ import annotations

from pathlib import Path

from rail_app.core.paths import user_data_dir


def saves_dir() -> Path:
    p = user_data_dir() / "saves"
    p.mkdir(parents=True, exist_ok=True)
    return p


AUTOSAVE_PREFIX = "autosave-"  # the autosaves' file names: autosave-<game id>-<turn>.json


def list_saves() -> list[Path]:
    """Every save file, newest first."""
    return sorted(saves_dir().glob("*.json"), key=lambda p: p.stat().st_mtime, reverse=True)


def worlds_dir() -> Path:
    """Where the maps carried by saves are unpacked (one folder per map, by its digest)."""
    p = user_data_dir() / "worlds"
    p.mkdir(parents=True, exist_ok=True)
    return p


def remove_leftovers() -> list[Path]:
    """Remove the temporary files of saves cut short (the game killed while writing): they
    are never a save, and nothing else would ever delete them. Run when the game starts."""
    from rail_app.core.files import remove_orphan_temps

    removed = remove_orphan_temps(user_data_dir()) + remove_orphan_temps(saves_dir())
    for folder in sorted(worlds_dir().iterdir()):
        if folder.is_dir():
            removed += remove_orphan_temps(folder)
    return removed
