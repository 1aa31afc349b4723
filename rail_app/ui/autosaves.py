"""A match's autosaves on disk: the older turns pruned, and whether its autosaves hold
more of it than a game loaded from an earlier point (so that playing on never overwrites
them)."""

from __future__ import annotations

from pathlib import Path

from rail_app.table.library import read_save
from rail_app.table.saves import SaveError
from rail_app.ui.savedir import AUTOSAVE_PREFIX, scan_saves


def prune_autosaves(game_id: str, keep: int) -> None:
    """Delete the autosaves of the match ``game_id`` but its ``keep`` newest turns (a file
    that cannot be deleted stays: it is only an older turn, and the next autosave tries
    again). The player's own saves are never touched."""
    mine = sorted(scan_saves(f"{AUTOSAVE_PREFIX}{game_id}-"))
    for old in mine[:-keep] if keep else mine:
        try:
            old.unlink(missing_ok=True)
        except OSError:
            continue


def later_save_of(game_id: str, actions: int, turn: int, loaded: Path) -> bool:
    """Whether this match's own autosaves hold more of it than ``actions`` (played up to
    game turn ``turn``): playing on from an earlier point must not overwrite them. Only
    the autosaves can be overwritten, and they are found by their names
    (``autosave-<match>-<turn>.json``), so no other save is read, however many there are;
    a save a player made has a name of its own and is never overwritten."""
    prefix = f"{AUTOSAVE_PREFIX}{game_id}-"
    for path in scan_saves(prefix):
        if path == loaded:
            continue
        digits = path.stem[len(prefix):].split("-", 1)[0]  # the turn, then the words
        if not (digits.isascii() and digits.isdigit()):
            continue
        if int(digits) > turn:
            return True
        if int(digits) == turn:
            try:
                game = read_save(path).game
            except SaveError:
                continue
            if game is not None and game.id == game_id and game.actions > actions:
                return True
    return False
