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
from typing import Any

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
    return [folder / n for n in names if n.startswith(prefix)]


#: The index of the saves folder: each save's name, inode and modification time, newest
#: first, the folder's own modification and change times when it was taken, and what
#: Continue needs to know of each save (which game of the table, which match, whether it
#: is over), learnt the first time a save is read. Kept in memory and in
#: ``saves-index.txt`` beside the folder (not in it: writing it would change the folder):
#: fields of UTF-8 text apart by NUL characters, which no file's name holds, a column
#: after another (the names first, split alone when it is read), so that a folder of
#: thousands of saves is listed, and the game Continue resumes found, from one small read.
INDEX_NAME = "saves-index.txt"
INDEX_HEAD = "rail-saves-index"
INDEX_VERSION = "3"
#: A folder changed less than this long before it was indexed may change again within the
#: same tick of a coarse clock: such an index is used but the folder is looked at again.
_RACY_NS = 2_000_000_000
RACY_S = _RACY_NS / 1e9
#: Whether a folder's change time (st_ctime) says that its entries changed. Where it does
#: (Linux, macOS and the other POSIX systems) no program can set it back as it can the
#: modification time: a folder whose two times are the index's holds the index's entries,
#: and is trusted without looking at them. On Windows st_ctime is the folder's creation
#: time, which says nothing: there the entries are looked at once a run.
CTIME_TELLS = os.name != "nt"
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
    """The index of one folder. Read from its file, only the names are split at once (a
    column of the file); the other columns (times, inodes, what Continue knows) are split
    the first time they are needed, so that listing a folder whose times are the index's
    costs one split of its names however many saves there are."""

    def __init__(self) -> None:
        self.folder = ""
        self.stamp = -1  # the folder's mtime_ns when taken; -1: not taken
        self.cstamp = -1  # the folder's ctime_ns when taken
        self.trusted = False  # taken long enough after the folder last changed
        #: the folder's time when its names and inodes were last seen to be the index's
        self.checked = -1
        self.names: list[str] = []  # newest first
        #: the other columns as the file holds them, not split yet ("": none)
        self._rest = ""
        self._inodes: list[int] = []  # each name's inode
        self._times: list[float] = []  # each name's modification time
        #: what Continue knows of each save, a column a fact: the game of the table its
        #: record names ("": not read yet, "-": not a save Continue can resume), its
        #: match's id ("-": none), whether its game is over ("1")
        self._games: list[str] = []
        self._matches: list[str] = []
        self._overs: list[str] = []
        self.dirty = False  # facts learnt since the index was last written

    def _split(self) -> None:
        """The columns after the names, from the file's text (each unknown where the text
        is not what this version writes: a time of -1, an inode of -1, which no file has,
        and facts not read yet)."""
        rest, self._rest = self._rest, ""
        n = len(self.names)
        parts = rest.split("\0") if n else []
        try:
            if len(parts) != (_FIELDS - 1) * n:
                raise ValueError("columns")
            self._times = [float(t) for t in parts[:n]]
            self._inodes = [int(i) for i in parts[n:2 * n]]
            self._games, self._matches = parts[2 * n:3 * n], parts[3 * n:4 * n]
            self._overs = parts[4 * n:]
        except ValueError:
            self._times, self._inodes = [-1.0] * n, [-1] * n
            self._games, self._matches, self._overs = [""] * n, [""] * n, [""] * n

    def _column(self, name: str) -> Any:
        if self._rest:
            self._split()
        return getattr(self, name)

    @property
    def inodes(self) -> list[int]:
        column: list[int] = self._column("_inodes")
        return column

    @inodes.setter
    def inodes(self, value: list[int]) -> None:
        self._column("_inodes")
        self._inodes = value

    @property
    def times(self) -> list[float]:
        column: list[float] = self._column("_times")
        return column

    @times.setter
    def times(self, value: list[float]) -> None:
        self._column("_times")
        self._times = value

    @property
    def games(self) -> list[str]:
        column: list[str] = self._column("_games")
        return column

    @property
    def matches(self) -> list[str]:
        column: list[str] = self._column("_matches")
        return column

    @property
    def overs(self) -> list[str]:
        column: list[str] = self._column("_overs")
        return column

    @property
    def rows(self) -> list[tuple[float, int]]:
        """Each name's (modification time, inode)."""
        return list(zip(self.times, self.inodes, strict=True))


_INDEX = _Index()


def forget_index() -> None:
    """Forget the index kept in memory, and what Continue found (the saves benchmark
    times a first reading)."""
    global _INDEX, _ANSWERS
    _INDEX = _Index()
    _ANSWERS = ("", (-1, -1), {})


def _read_index(folder: Path) -> _Index:
    """The index written by an earlier run (through the guarded reader); an empty one when
    there is none or it cannot be used: it is only a shortcut, checked against the
    folder's names and inodes before it is trusted (:func:`_same_entries`)."""
    out = _Index()
    try:
        text = guarded.read_text(folder.parent / INDEX_NAME, guarded.SAVE)
    except guarded.GuardError:
        return out
    head = text.split("\0", _HEAD_FIELDS)
    try:
        if head[:2] != [INDEX_HEAD, INDEX_VERSION] or head[5] != str(folder):
            return out
        stamp, cstamp, count = int(head[2]), int(head[3]), int(head[6])
        tail = head[_HEAD_FIELDS] if len(head) > _HEAD_FIELDS else None
        if count < 0 or (tail is None) != (count == 0):
            return out
        rows = tail.split("\0", count) if tail is not None else [""]
        if len(rows) != count + 1 or (count and not rows[count]):
            return out
    except (IndexError, ValueError):
        return out
    out.folder, out.stamp, out.cstamp = str(folder), stamp, cstamp
    out.trusted = head[4] == "trusted"
    out.names, out._rest = rows[:count], rows[count]
    return out


def _write_index(idx: _Index) -> None:
    fields = [INDEX_HEAD, INDEX_VERSION, str(idx.stamp), str(idx.cstamp),
              "trusted" if idx.trusted else "checked", idx.folder, str(len(idx.names))]
    # a column after another: the names first, split alone when the index is read
    fields += idx.names
    fields += [repr(t) for t in idx.times]
    fields += [str(i) for i in idx.inodes]
    fields += idx.games + idx.matches + idx.overs
    # The index is a shortcut, rebuilt from the folder whenever it is missing or stale: a
    # disk that takes no file leaves the game without it, and nothing else
    with contextlib.suppress(OSError, ValueError):
        write_atomic(Path(idx.folder).parent / INDEX_NAME, "\0".join(fields))
    idx.dirty = False


#: The index file's fields before the saves': its head, its version, the folder's two
#: times, whether it is trusted, the folder, the number of saves.
_HEAD_FIELDS = 7
#: The columns of the index file, one field a save each: name, time, inode, game, match,
#: over (a column after another, the names first).
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


def folder_times(folder: Path) -> tuple[int, int] | None:
    """The folder's modification and change times (ns), or None when it cannot be seen."""
    try:
        st = os.stat(folder)
    except (OSError, ValueError):
        return None
    return st.st_mtime_ns, st.st_ctime_ns


def settled(times: tuple[int, int]) -> bool:
    """Whether a folder of these times changed long enough ago that a change within the
    same tick of a coarse clock would have shown by now (see :data:`_RACY_NS`)."""
    return time.time_ns() - max(times) > _RACY_NS


def newest_names() -> tuple[Path, list[str]]:
    """The saves folder and the name of every save file in it that is a regular file now,
    newest first (the list is the index's own: not to be changed). An entry that is not a
    regular file (a dangling link, a link loop, a folder, a pipe, a file another window
    deleted a moment ago) is left out: it hides itself, never the others.

    The folder is indexed: while its own modification and change times are the index's,
    the list comes from the index without looking at the files (where the change time
    says nothing, :data:`CTIME_TELLS`, the folder's names and inodes are looked at once,
    in one look); when anything changed, only the entries that are new or replaced
    (another inode) are measured. The index is kept beside the folder for the next run."""
    folder = saves_dir()
    before = folder_times(folder)
    if before is None:
        return folder, []
    idx = _INDEX
    if idx.folder != str(folder):
        idx = _read_index(folder)
    if idx.folder == str(folder) and (idx.stamp, idx.cstamp) == before and idx.trusted and (
            CTIME_TELLS or idx.checked == before[0] or _same_entries(idx, folder)):
        idx.checked = before[0]
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
    after = folder_times(folder) or (-1, -1)
    fresh = _Index()
    fresh.folder, (fresh.stamp, fresh.cstamp) = str(folder), after
    fresh.names = [name for _, _, name in rows]
    fresh.inodes = [ino for _, ino, _ in rows]
    fresh._times = [m for m, _, _ in rows]
    fresh.trusted = after == before and settled(after)
    fresh.checked = after[0] if after == before else -1
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
                            or fresh.cstamp != idx.cstamp
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
    if folder_times(Path(idx.folder)) == (idx.stamp, idx.cstamp):
        _write_index(idx)


#: What Continue found in the folder, kept beside the index: for each game of the table
#: (or "*" for any), the name of the save it resumes ("" for none), with the folder and its
#: two times when it was found. Only a folder whose times are still those (and whose change
#: time tells, :data:`CTIME_TELLS`) is answered from it: the menu of a folder of thousands
#: of finished games finds nothing to resume without reading the index's thousand rows.
ANSWERS_NAME = "saves-continue.txt"
ANSWERS_HEAD = "rail-saves-continue"
ANSWERS_VERSION = "1"
_ANSWERS: tuple[str, tuple[int, int], dict[str, str]] = ("", (-1, -1), {})


def _answers(folder: Path, times: tuple[int, int]) -> dict[str, str]:
    """What Continue found in ``folder`` while its times were ``times`` (an empty dict when
    nothing is known: the answers file is only a shortcut, never trusted beyond that)."""
    global _ANSWERS
    if _ANSWERS[0] == str(folder) and _ANSWERS[1] == times:
        return _ANSWERS[2]
    found: dict[str, str] = {}
    try:
        parts = guarded.read_text(folder.parent / ANSWERS_NAME, guarded.SEATS).split("\0")
        if parts[:3] == [ANSWERS_HEAD, ANSWERS_VERSION, str(folder)] \
                and (int(parts[3]), int(parts[4])) == times and len(parts) % 2 == 1:
            found = {key: name for key, name in zip(parts[5::2], parts[6::2], strict=True)
                     if (key == "*" or _word(key)) and (name == "" or _plain(name))}
    except (guarded.GuardError, IndexError, ValueError):
        found = {}
    _ANSWERS = (str(folder), times, found)
    return found


def known_continue(key: str) -> tuple[Path, str] | None:
    """The saves folder and the name of the save Continue resumes for ``key`` (a game's id,
    or "*" for any game; "" for none), when it was found in the folder as it is now; None
    when it must be looked for."""
    folder = saves_dir()
    times = folder_times(folder)
    if not CTIME_TELLS or times is None or not settled(times):
        return None
    name = _answers(folder, times).get(key)
    return None if name is None else (folder, name)


def keep_continue(key: str, name: str) -> None:
    """Keep what Continue found for ``key`` (see :func:`known_continue`), when the index it
    was found in is trusted and the folder has not changed since it was taken."""
    idx = _INDEX
    if not CTIME_TELLS or not idx.trusted or not idx.folder or not (key == "*" or _word(key)):
        return
    folder, times = Path(idx.folder), (idx.stamp, idx.cstamp)
    if folder_times(folder) != times:
        return
    answers = dict(_answers(folder, times))
    if answers.get(key) == name:
        return
    answers[key] = name
    fields = [ANSWERS_HEAD, ANSWERS_VERSION, idx.folder, str(times[0]), str(times[1])]
    for k, v in sorted(answers.items()):
        fields += [k, v]
    # a shortcut like the index: a disk that takes no file leaves Continue to look again
    with contextlib.suppress(OSError, ValueError):
        write_atomic(folder.parent / ANSWERS_NAME, "\0".join(fields))
        global _ANSWERS
        _ANSWERS = (idx.folder, times, answers)


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
