"""Where the player's saves (and the maps they carry) are kept, and the tidying of
interrupted saves when the game starts. A module without the rules engine, so that the app
and its main menu can do both before the engine, the board and the libraries under them are
loaded (the first frame waits for none of them)."""

from __future__ import annotations

import contextlib
import os
import stat
import time
import unicodedata
from collections.abc import Callable, Iterator
from pathlib import Path

from rail_app.core import guarded
from rail_app.core.files import folder_problem, os_reason, remove_orphan_temps, write_atomic
from rail_app.core.paths import user_data_dir


def _folder(name: str) -> Path:
    """A folder of the user data folder, made when it can be (on a read-only or full disk
    it is not: reading it finds nothing, and writing into it says why it cannot)."""
    p = user_data_dir() / name
    with contextlib.suppress(OSError):
        p.mkdir(parents=True, exist_ok=True)
    return p


def data_dir_problem() -> str:
    """Why nothing can be saved in the user data folder ("" when a file can be written
    there; see :func:`rail_app.core.files.folder_problem`). The trial file is written in
    the data folder itself, not among the saves, whose folder's time the index watches."""
    problem = folder_problem(user_data_dir())
    if problem:
        return problem
    saves = user_data_dir() / "saves"
    try:
        saves.mkdir(exist_ok=True)
    except OSError as exc:
        return os_reason(exc)
    return ""


def saves_dir() -> Path:
    return _folder("saves")


AUTOSAVE_PREFIX = "autosave-"  # the autosaves' file names: autosave-<game id>-<turn>.json


def scan_saves(prefix: str = "") -> list[Path]:
    """The save files whose names begin with ``prefix``, from the index
    (:func:`newest_saves`)."""
    folder, names = newest_names()
    return [folder / n for n in names if n[:len(prefix)] == prefix]


#: The index of the saves folder: each save's name, inode and modification time, newest
#: first, the folder's own modification time when it was taken, and what Continue needs to
#: know of each save (which game of the table, which match, whether it is over), learnt
#: the first time a save is read. Kept in memory and in ``saves-index.txt`` beside the
#: folder (not in it: writing it would change the folder): fields of UTF-8 text apart by
#: NUL characters, which no file's name holds, split at once however many saves there
#: are, so that a folder of thousands of saves is listed, and the game Continue resumes
#: found, from one small read.
INDEX_NAME = "saves-index.txt"
INDEX_HEAD = "rail-saves-index"
INDEX_VERSION = "2"
#: A folder changed less than this long before it was indexed may change again within the
#: same tick of a coarse clock: such an index is used but the folder is looked at again.
_RACY_NS = 2_000_000_000
#: What Continue knows of a save without reading it: the game of the table its record
#: names, its match's id, whether its game is over; None for a file that is not a save.
Facts = tuple[str, str, bool] | None
_WORD_CHARS = frozenset("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_.-")


def _word(text: str) -> bool:
    """A game's id or a match's id as the index can keep it: 1 to 60 letters, digits,
    dots, dashes and underscores, beginning with a letter or a digit."""
    return 0 < len(text) <= 60 and text[0].isascii() and text[0].isalnum() \
        and all(c in _WORD_CHARS for c in text)


class _Index:
    def __init__(self) -> None:
        self.folder = ""
        self.stamp = -1  # the folder's mtime_ns when taken; -1: not taken
        self.trusted = False  # taken long enough after the folder last changed
        #: the folder's time when its names and inodes were last seen to be the index's
        self.checked = -1
        self.names: list[str] = []  # newest first
        self.inodes: list[int] = []  # each name's inode
        #: each name's modification time, made from the index file's text only when
        #: needed (a folder that changed); the list itself needs only the names, in order
        self._times: list[float] | None = []
        self._raw_times: list[str] = []
        #: what Continue knows of each save, a column a fact: the game of the table its
        #: record names ("": not read yet, "-": not a save Continue can resume), its
        #: match's id ("-": none), whether its game is over ("1")
        self.games: list[str] = []
        self.matches: list[str] = []
        self.overs: list[str] = []
        self.dirty = False  # facts learnt since the index was last written

    @property
    def rows(self) -> list[tuple[float, int]]:
        """Each name's (modification time, inode)."""
        if self._times is None:
            try:
                self._times = [float(t) for t in self._raw_times]
            except ValueError:
                self._times = [-1.0] * len(self.names)
        return list(zip(self._times, self.inodes, strict=True))


_INDEX = _Index()


def forget_index() -> None:
    """Forget the index kept in memory (the saves benchmark times a first reading)."""
    global _INDEX
    _INDEX = _Index()


def _read_index(folder: Path) -> _Index:
    """The index written by an earlier run (through the guarded reader); an empty one when
    there is none or it cannot be used: it is only a shortcut, checked against the
    folder's names and inodes before it is trusted (:func:`_same_entries`)."""
    out = _Index()
    try:
        text = guarded.read_text(folder.parent / INDEX_NAME, guarded.SAVE)
    except guarded.GuardError:
        return out
    parts = text.split("\0")
    try:
        if parts[:2] != [INDEX_HEAD, INDEX_VERSION] or parts[4] != str(folder):
            return out
        stamp, trusted, count = int(parts[2]), parts[3] == "trusted", int(parts[5])
        if len(parts) != 6 + _FIELDS * count:
            return out
        inodes = [int(i) for i in parts[8::_FIELDS]]
    except (IndexError, ValueError):
        return out
    out.folder, out.stamp, out.trusted = str(folder), stamp, trusted
    out.names, out.inodes = parts[6::_FIELDS], inodes
    out._times, out._raw_times = None, parts[7::_FIELDS]
    out.games, out.matches, out.overs = parts[9::_FIELDS], parts[10::_FIELDS], parts[11::_FIELDS]
    return out


def _write_index(idx: _Index) -> None:
    fields = [INDEX_HEAD, INDEX_VERSION, str(idx.stamp),
              "trusted" if idx.trusted else "checked", idx.folder, str(len(idx.names))]
    for name, (mtime, ino), game, match, over in zip(idx.names, idx.rows, idx.games,
                                                     idx.matches, idx.overs, strict=True):
        fields += [name, repr(mtime), str(ino), game, match, over]
    # The index is a shortcut, rebuilt from the folder whenever it is missing or stale: a
    # disk that takes no file leaves the game without it, and nothing else
    with contextlib.suppress(OSError, ValueError):
        write_atomic(Path(idx.folder).parent / INDEX_NAME, "\0".join(fields))
    idx.dirty = False


#: The fields of one save in the index file: name, time, inode, game, match, over.
_FIELDS = 6


def _facts_fields(fact: Facts) -> tuple[str, str, str]:
    """A save's facts as the index writes them (game "-": no save Continue can use)."""
    if fact is None or not _word(fact[0]) or not (fact[1] == "" or _word(fact[1])):
        return "-", "-", "0"
    return fact[0], fact[1] or "-", "1" if fact[2] else "0"


def _plain(name: str) -> bool:
    return name[-5:] == ".json" and name[:1] != "." and "/" not in name \
        and "\\" not in name and "\0" not in name


def newest_saves() -> list[str]:
    """The path of every save file that is a regular file now, newest first, as text
    (see :func:`newest_names`)."""
    folder, names = newest_names()
    prefix = str(folder) + os.sep
    return [prefix + n for n in names]


def _same_entries(idx: _Index, folder: Path) -> bool:
    """Whether the folder holds exactly the index's saves, each the same file (its inode):
    one look at the folder's entries, no file opened or measured. An index that a coarse
    clock, a restored backup or a hand-written index left behind the folder hides no save."""
    try:
        with os.scandir(folder) as it:
            seen = {e.name: e.inode() for e in it
                    if e.name[-5:] == ".json" and e.name[:1] != "."}
    except OSError:
        return False
    return len(seen) == len(idx.names) and all(
        seen.get(name) == ino for name, ino in zip(idx.names, idx.inodes, strict=True))


def newest_names() -> tuple[Path, list[str]]:
    """The saves folder and the name of every save file in it that is a regular file now,
    newest first (the list is the index's own: not to be changed). An entry that is not a
    regular file (a dangling link, a link loop, a folder, a pipe, a file another window
    deleted a moment ago) is left out: it hides itself, never the others.

    The folder is indexed: while its own modification time is unchanged and its entries
    are the index's (their names and inodes, seen in one look at the folder), the list
    comes from the index without measuring the files; when anything changed, only the
    entries that are new or replaced (another inode) are measured. The index is kept
    beside the folder for the next run."""
    folder = saves_dir()
    try:
        before = os.stat(folder).st_mtime_ns
    except (OSError, ValueError):
        return folder, []
    idx = _INDEX
    if idx.folder != str(folder):
        idx = _read_index(folder)
    if idx.folder == str(folder) and idx.stamp == before and idx.trusted and (
            idx.checked == before or _same_entries(idx, folder)):
        idx.checked = before
        globals()["_INDEX"] = idx
        return folder, idx.names
    known = dict(zip(idx.names, idx.rows, strict=True))
    try:
        with os.scandir(folder) as it:
            entries = [e for e in it if _plain(e.name)]
    except OSError:
        return folder, []
    rows: list[tuple[float, int, str]] = []
    for e in entries:
        try:
            ino = e.inode()
            seen = known.get(e.name)
            if seen is not None and seen[1] == ino:
                rows.append((seen[0], ino, e.name))
                continue
            st = e.stat()
        except (OSError, ValueError):
            continue
        if stat.S_ISREG(st.st_mode):
            rows.append((st.st_mtime, ino, e.name))
    rows.sort(key=lambda r: (-r[0], r[2]))
    try:
        after = os.stat(folder).st_mtime_ns
    except (OSError, ValueError):
        after = -1
    fresh = _Index()
    fresh.folder, fresh.stamp = str(folder), after
    fresh.names = [name for _, _, name in rows]
    fresh.inodes = [ino for _, ino, _ in rows]
    fresh._times = [m for m, _, _ in rows]
    fresh.trusted = after == before and time.time_ns() - after > _RACY_NS
    fresh.checked = after if after == before else -1
    # what is known of a save stays known while it is the same file (its inode)
    was = {name: (ino, g, m, o) for name, ino, g, m, o in zip(
        idx.names, idx.inodes, idx.games, idx.matches, idx.overs, strict=True)}
    for _, ino, name in rows:
        ino_then, game, match, over = was.get(name, (-1, "", "", ""))
        same = ino_then == ino
        fresh.games.append(game if same else "")
        fresh.matches.append(match if same else "")
        fresh.overs.append(over if same else "")
    globals()["_INDEX"] = fresh
    if after == before and (fresh.names != idx.names or fresh.trusted != idx.trusted
                            or fresh.inodes != idx.inodes or fresh.stamp != idx.stamp
                            or fresh.games != idx.games or fresh.rows != idx.rows):
        _write_index(fresh)
    return folder, fresh.names


def saves_with_facts(learn: Callable[[Path], Facts]
                     ) -> tuple[Path, Iterator[tuple[str, str, str, bool]]]:
    """The saves folder, and every save in it, newest first, with what Continue needs of
    it: (its name, the game of the table its record names, its match's id ("" for none),
    whether its game is over); a file that is no save Continue can resume is left out.
    The facts come from the index, or ``learn`` reads them from the file, once (kept in
    the index, written by :func:`keep_facts`)."""
    folder, names = newest_names()
    idx = _INDEX

    def each() -> Iterator[tuple[str, str, str, bool]]:
        games, matches, overs = idx.games, idx.matches, idx.overs
        for i, name in enumerate(names):
            game = games[i]
            if not game:
                game, match, over = _facts_fields(learn(folder / name))
                games[i], matches[i], overs[i] = game, match, over
                idx.dirty = True
            if game != "-":
                match = matches[i]
                yield name, game, "" if match == "-" else match, overs[i] == "1"

    return folder, each()


def keep_facts() -> None:
    """Write the index again when facts were learnt and the folder has not changed since
    it was taken (else the next listing takes it anew)."""
    idx = _INDEX
    if not idx.dirty or not idx.folder:
        return
    try:
        now = os.stat(idx.folder).st_mtime_ns
    except (OSError, ValueError):
        return
    if now == idx.stamp:
        _write_index(idx)


def list_saves() -> list[Path]:
    """Every save file, newest first (see :func:`newest_saves`)."""
    return [Path(p) for p in newest_saves()]


def worlds_dir() -> Path:
    """Where the maps carried by saves are unpacked (one folder per map, by its digest)."""
    return _folder("worlds")


def remove_leftovers() -> list[Path]:
    """Remove the temporary files of saves cut short (the game killed while writing): they
    are never a save, and nothing else would ever delete them. Run when the game starts."""
    removed = remove_orphan_temps(user_data_dir()) + remove_orphan_temps(saves_dir())
    try:
        with os.scandir(worlds_dir()) as it:
            folders = sorted(e.path for e in it if e.is_dir(follow_symlinks=False))
    except OSError:
        folders = []
    for folder in folders:
        removed += remove_orphan_temps(folder)
    return removed


def file_words(*parts: str, limit: int = 64) -> str:
    """``parts`` as words of a file name: ASCII letters (accents taken off, lower case)
    and digits, everything else a single hyphen between words; at most ``limit``
    characters, cut between words."""
    words: list[str] = []
    for part in parts:
        plain = unicodedata.normalize("NFKD", part).encode("ascii", "ignore").decode().lower()
        words += "".join(c if c.isalnum() else " " for c in plain).split()
    out = ""
    for w in words:
        if len(out) + len(w) + 1 > limit:
            break
        out = f"{out}-{w}" if out else w
    return out


def new_save_path() -> Path:
    """A file name no save has yet (saved twice in a second, the second gets ``-2``)."""
    folder = saves_dir()
    stem = time.strftime("game-%Y%m%d-%H%M%S")
    path = folder / f"{stem}.json"
    n = 2
    while path.exists():
        path = folder / f"{stem}-{n}.json"
        n += 1
    return path
