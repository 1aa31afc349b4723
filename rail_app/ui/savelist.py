"""The saved games as the save and load screen lists them: one entry per file, newest first,
with what the player recognises a game by (its name, which game it is, the players and
seats, the map, the turn, the game's own figures, the date and a small map the game draws),
read from the save's ``game`` block without replaying it; renaming and deleting a save; the
game Continue resumes.

Entries are kept per file and modification time, so the list is read again cheaply after
a save, a rename or a delete.
"""

from __future__ import annotations

import contextlib
import os
import time
from collections.abc import Sequence
from dataclasses import dataclass, replace
from pathlib import Path
from typing import TYPE_CHECKING, overload

from rail_app.core import guarded, names
from rail_app.core.cache import BoundedCache
from rail_app.core.i18n import _, number
from rail_app.table.library import read_save
from rail_app.table.records import FIRST_GAME
from rail_app.table.registry import game
from rail_app.table.saves import SaveError, write_save
from rail_app.table.seats import Level, Seat
from rail_app.ui import hud
from rail_app.ui.palette import BLACK as BLACK
from rail_app.ui.savedir import (
    AUTOSAVE_PREFIX,
    keep_continue,
    keep_facts,
    known_continue,
    newest_saves,
    saves_with_facts,
)
from rail_app.ui.settings import INKS

if TYPE_CHECKING:  # the games are reached when a list is first read
    from rail_app.core.world import World
    from rail_app.table.saves import GameInfo

EMERGENCY_PREFIX = "emergency-"


@dataclass(frozen=True)
class Entry:
    """One saved game in the list (``problem``: why it cannot be loaded, else "")."""

    path: Path
    mtime: float
    saved: str = ""
    seats: tuple[Seat, ...] = ()
    game: GameInfo | None = None
    game_id: str = ""  # which game of the table it is
    map_file: Path | None = None  # its map file, for a save that carries no world
    map_label: str = ""
    problem: str = ""
    unsaved: bool = False  # the game being played, before it is saved
    world: World | None = None  # the map it carries (unpacked when the small map is drawn)

    @property
    def map_key(self) -> str:
        """Which map the small picture is of: its world's digest, or its map file."""
        if self.world is not None:
            return f"world:{self.world.digest}"
        return str(self.map_file) if self.map_file is not None else ""

    @property
    def title(self) -> str:
        if self.game is not None and self.game.name:
            return self.game.name
        return self.path.stem

    @property
    def kind(self) -> str:
        """How the save was made: by the player, by the game after a turn, or after a
        crash."""
        if self.unsaved:
            return _("not saved yet")
        if self.path.name.startswith(EMERGENCY_PREFIX):
            return _("saved after a crash")
        if self.path.name.startswith(AUTOSAVE_PREFIX) or self.path.stem == "autosave" or (
                self.game is not None and self.game.autosave):
            return _("autosave")
        return _("saved")

    @property
    def over(self) -> bool:
        return self.game is not None and self.game.over

    def when(self) -> str:
        """The date and time of the save, as a player reads it."""
        if self.unsaved:
            return ""
        return self.saved or time.strftime("%Y-%m-%d %H:%M", time.localtime(self.mtime))

    def seat_words(self) -> list[str]:
        """Each seat: its name and who plays it."""
        out = []
        for s in self.seats:
            who = _("person") if not s.computer else _("computer, {level}").format(
                level=_level_words(s.level))
            out.append(_("{name} ({who}, {ink} ink)").format(name=s.name, who=who, ink=_(s.ink) if s.ink else s.ink))
        return out

    def game_words(self) -> list[str]:
        """What the game says of the save (Italian Rails: the cash)."""
        g = self.game
        if g is None or not self.game_id:
            return []

        people = [i for i, s in enumerate(self.seats) if not s.computer]
        return game(self.game_id).rules.summary_lines(g.summary, [s.name for s in self.seats],
                                                 people, g.over)


def summary(e: Entry) -> str:
    """The list row's second line: the players, the map and the turn (or the fault)."""
    if e.problem:
        return _("Cannot be loaded: {problem}").format(problem=e.problem)
    names = _(" v ").join(s.name for s in e.seats)
    turn = _("turn {turn}").format(turn=number(e.game.turn)) if e.game is not None \
        else _("an older save")
    over = _(" · game over") if e.over else ""
    return f"{names} · {e.map_label} · {turn}{over}"


def details(e: Entry) -> list[tuple[str, tuple[int, int, int], bool]]:
    """What the screen says of the selected save: (words, colour, bold) a line."""
    if e.problem:
        return [(_("This save cannot be loaded:"), hud.RED, True), (e.problem, hud.TEXT, False)]
    out: list[tuple[str, tuple[int, int, int], bool]] = []
    out += [(s, hud.TEXT, False) for s in e.seat_words()]
    g = e.game
    out.append((_("Map: {map}").format(map=e.map_label), hud.TEXT, False))
    if g is not None:
        out.append(((_("Game turn {turn} · the game is over") if g.over else
                     _("Game turn {turn}")).format(turn=number(g.turn)),
                    hud.TEXT, False))
        out += [(line, hud.TEXT, False) for line in e.game_words()]
    kind = e.kind
    out.append((f"{kind[:1].upper()}{kind[1:]} {e.when()}".strip(), hud.MUTED, False))
    return out


_ENTRIES: BoundedCache[tuple[Path, int, int], Entry] = BoundedCache(500)


def read_entry(path: Path) -> Entry:
    """The list's entry for one save file (kept while the file stays the same)."""
    try:
        st = path.stat()
    except (OSError, ValueError) as exc:
        why = exc.strerror if isinstance(exc, OSError) else str(exc)
        return Entry(path, 0.0, problem=f"{path.name}: {why}")
    key = (path, st.st_mtime_ns, st.st_size)
    found = _ENTRIES.peek(key)
    if found is not None:
        return found
    try:
        save = read_save(path, inks=INKS)
    except SaveError as exc:
        entry = Entry(path, st.st_mtime, problem=str(exc))
        if not os.path.lexists(path):  # deleted a moment ago: not kept as broken
            return entry
    else:
        map_file = None  # the world a save carries is opened when its picture is drawn
        if save.world is None and Path(save.record.map).is_file():
            map_file = Path(save.record.map)
        label = save.game.map_name if save.game is not None and save.game.map_name else \
            Path(save.record.map).stem.capitalize()
        entry = Entry(path, st.st_mtime, save.saved, tuple(save.seats), save.game,
                      save.record.game, map_file, label, world=save.world)
    _ENTRIES.put(key, entry)
    return entry


def forget_entries() -> None:
    """Forget the entries read so far (the saves benchmark times a first reading)."""
    global _ENTRIES
    _ENTRIES = BoundedCache(500)


def read_entries() -> list[Entry]:
    """Every saved game, newest first, each read (a save deleted meanwhile left out)."""
    return [e for e in list_entries() if not e.problem or os.path.lexists(e.path)]


class EntryList(Sequence[Entry]):
    """Every saved game, newest first, each read when it is first asked for: the Load
    screen reads the rows it shows, so a folder of thousands of saves costs it no more
    than a look at each file's time. Entries may be replaced (a save renamed)."""

    def __init__(self, paths: list[str]) -> None:
        self.paths = paths
        self.known: dict[int, Entry] = {}

    def __len__(self) -> int:
        return len(self.paths)

    @overload
    def __getitem__(self, i: int) -> Entry: ...

    @overload
    def __getitem__(self, i: slice) -> list[Entry]: ...

    def __getitem__(self, i: int | slice) -> Entry | list[Entry]:
        if isinstance(i, slice):
            return [self[j] for j in range(*i.indices(len(self)))]
        if i < 0:
            i += len(self)
        if not 0 <= i < len(self.paths):
            raise IndexError(i)
        found = self.known.get(i)
        if found is None:
            found = self.known[i] = read_entry(Path(self.paths[i]))
        return found

    def __setitem__(self, i: int, entry: Entry) -> None:
        self.known[i] = entry


def list_entries() -> EntryList:
    """Every saved game, newest first, read as they are asked for (:class:`EntryList`)."""
    return EntryList(newest_saves())


def latest_game(entries: list[Entry]) -> Entry | None:
    """The save Continue resumes: the newest one of a game still being played."""
    return next((e for e in entries if not e.problem and not e.over), None)


def latest_game_path(game_id: str | None = None) -> Path | None:
    """What the main menu's Continue resumes, found without the rules (the menu comes up
    before any of them is needed): the newest save of a match whose newest save does not
    say it is over (of the game ``game_id`` when given: the menu's chosen game), newest
    first and only as far as needed. What it needs of each save (its game, its match,
    whether it is over) is read once, through the same guards as any save, and kept in the
    folder's index: a folder of thousands of finished games is passed over without opening
    one; what it found is kept too, and answered again while the folder is unchanged
    (:func:`known_continue`). Loading the save found checks it whole."""
    key = game_id or "*"
    known = known_continue(key)
    if known is not None:
        return known[0] / known[1] if known[1] else None
    finished: set[str] = set()  # matches whose newest save says the game is over
    found: Path | None = None
    folder, saves = saves_with_facts(_facts_of)
    for name, played, match, over in saves:
        if game_id is not None and played != game_id:
            continue  # a save of another game than the one chosen in the menu
        if match and match in finished:
            continue  # an earlier turn of a game that ended: never resumed
        if over:
            if match:
                finished.add(match)
            continue
        found = folder / name
        break
    keep_facts()
    keep_continue(key, found.name if found is not None else "")
    return found


def _facts_of(path: Path) -> tuple[str, str, bool] | None:
    """A save's game of the table, its match and whether it is over, read through the
    guarded reader (None when it is no save)."""
    try:
        data = guarded.read_json(path, guarded.SAVE)
    except guarded.GuardError:
        return None
    if not isinstance(data, dict) or "record" not in data:
        return None
    record = data["record"]
    played = record.get("game", FIRST_GAME) if isinstance(record, dict) else None
    if not isinstance(played, str):
        return None
    game = data.get("game")
    match = game.get("id") if isinstance(game, dict) else None
    over = isinstance(game, dict) and game.get("over") is True
    return played, match if isinstance(match, str) else "", over


def _level_words(level: str) -> str:
    """A computer seat's level as a player reads it (the save keeps its English id)."""
    try:
        return Level(level).label.lower()
    except ValueError:
        return level


def rename(entry: Entry, name: str) -> Entry:
    """Give the saved game a new name (the file is written again, atomically)."""
    save = read_save(entry.path, inks=INKS)
    if save.game is None:
        raise SaveError(f"{entry.path.name}: a save of an older version has no name; load "
                        "it and save it again to name it")
    clean = names.save_name(name)
    if not clean:  # no name: the players and the turn, as a new game is named
        clean = names.save_name(_("{names}, turn {turn}").format(
            names=" & ".join(s.name for s in save.seats), turn=save.game.turn))
    save.game = replace(save.game, name=clean)
    write_save(entry.path, save, game(save.record.game))
    with contextlib.suppress(OSError):  # keep its place in the list (newest first)
        os.utime(entry.path, (entry.mtime, entry.mtime))
    return read_entry(entry.path)


def delete(entry: Entry) -> None:
    """Delete a saved game (the screen asks first)."""
    entry.path.unlink(missing_ok=True)
