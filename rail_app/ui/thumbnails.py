"""The small map the save and load screen draws beside a saved game: the game's own screen
parts draw the whole map with the game on it. A save's map is read once per game and map
(in the background while a screen's frames are drawn), a map that cannot be read is tried
once, and the pictures are kept per file, modification time and size.
"""

from __future__ import annotations

from functools import partial
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pygame

from rail_app.core.cache import BoundedCache
from rail_app.core.mapfile import MapError
from rail_app.core.world import open_world
from rail_app.table import registry
from rail_app.ui.background import Background
from rail_app.ui.gamescreens import has_screen, screens_of
from rail_app.ui.palette import BLACK
from rail_app.ui.savedir import worlds_dir
from rail_app.ui.settings import INKS

if TYPE_CHECKING:
    from rail_app.ui.savelist import Entry

_BOARDS: BoundedCache[tuple[str, str], Any] = BoundedCache(8)
#: Maps whose small picture could not be made: tried once, never again every frame.
_NO_BOARD: BoundedCache[tuple[str, str], bool] = BoundedCache(256)
_THUMBS: BoundedCache[tuple[Path, float, tuple[int, int]], pygame.Surface] = BoundedCache(64)


def _picture_board(entry: Entry, screens: Any) -> Any:
    """What the game draws the entry's small map from: its world opened (unpacked beside
    the other saves' maps, or read from the save when the disk has no room), or its map
    file. MapError or OSError when it cannot be."""
    map_file = entry.map_file
    if entry.world is not None:
        map_file = open_world(entry.world, worlds_dir())
    assert map_file is not None
    return screens.picture_board(map_file)


class _BoardReader:
    """The one map the save list reads in the background at a time (its world opened, its
    board read, for the small pictures): a save's world may hold a map that takes seconds
    to read or to refuse (2,000 cities; a 2 MB file), and the Load screen's frames never
    wait for it."""

    def __init__(self) -> None:
        self.key: tuple[str, str] | None = None
        self.work: Background[Any] | None = None

    def board(self, entry: Entry, screens: Any) -> Any:
        """The board when it has been read (None until then, or when it cannot be)."""
        key = (entry.game_id, entry.map_key)
        if self.work is not None and self.work.done():
            done, work, self.key, self.work = self.key, self.work, None, None
            assert done is not None
            try:
                _BOARDS.put(done, work.result())
            except (MapError, OSError):
                _NO_BOARD.put(done, True)
        found = _BOARDS.peek(key)
        if found is not None or _NO_BOARD.peek(key):
            return found
        if self.work is None:  # one at a time; the others wait for their turn
            self.key = key
            self.work = Background(partial(_picture_board, entry, screens), "save list map")
        return None


_READER = _BoardReader()


def forget() -> None:
    """Forget every map read and picture made, and the map being read in the background
    (its result, when it comes, is not kept): the next picture reads its map again."""
    _BOARDS.clear()
    _NO_BOARD.clear()
    _THUMBS.clear()
    _READER.key = _READER.work = None


def thumbnail(entry: Entry, size: tuple[int, int], wait: bool = True) -> pygame.Surface | None:
    """A small picture of the whole map with the game drawn on it by its own screen parts
    (None when the save's map cannot be read). ``wait`` False (a screen's frame): a map
    not read yet is read in the background, and None is the answer until it is."""
    key = (entry.path, entry.mtime, size)
    found = _THUMBS.peek(key)
    if found is not None:
        return found
    if not entry.map_key or not entry.game_id:
        return None
    if entry.game_id not in registry.ids() or not has_screen(entry.game_id):
        return None
    screens = screens_of(entry.game_id)
    board_key = (entry.game_id, entry.map_key)
    board = _BOARDS.peek(board_key)
    if board is None:
        if _NO_BOARD.peek(board_key):
            return None
        if not wait:
            board = _READER.board(entry, screens)
            if board is None:
                return None
        else:
            try:
                board = _picture_board(entry, screens)
            except (MapError, OSError):
                _NO_BOARD.put(board_key, True)
                return None
            _BOARDS.put(board_key, board)
    inks = [INKS.get(s.ink, BLACK) for s in entry.seats]
    summary = entry.game.summary if entry.game is not None else {}
    pic: pygame.Surface = screens.thumbnail(board, summary, inks, size)
    _THUMBS.put(key, pic)
    return pic
