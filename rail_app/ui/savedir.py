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
#: first, and the folder's own modification time when it was taken. Kept in memory and in
#: ``saves-index.txt`` beside the folder (not in it: writing it would change the folder),
#: one line a save, so that a folder of thousands of saves is listed from one small read.
INDEX_NAME = "saves-index.txt"
INDEX_HEAD = "rail-saves-index 1"
#: A folder changed less than this long before it was indexed may change again within the
#: same tick of a coarse clock: such an index is used but the folder is looked at again.
_RACY_NS = 2_000_000_000


class _Index:
    def __init__(self) -> None:
        self.folder = ""
        self.stamp = -1  # the folder's mtime_ns when taken; -1: not taken
        self.trusted = False  # taken long enough after the folder last changed
        self.names: list[str] = []  # newest first
        #: each name's (mtime, inode), read from the index file only when needed (a
        #: folder that changed); the list itself needs only the names, in order
        self._rows: list[tuple[float, int]] | None = []
        self._raw = ("", "")

    def rows(self) -> list[tuple[float, int]]:
        if self._rows is None:
            try:
                times = list(map(float, self._raw[0].split()))
                inodes = list(map(int, self._raw[1].split()))
            except ValueError:
                times, inodes = [], []
            if not len(times) == len(inodes) == len(self.names):
                times, inodes = [-1.0] * len(self.names), [-1] * len(self.names)
            self._rows = list(zip(times, inodes, strict=True))
        return self._rows


_INDEX = _Index()


def forget_index() -> None:
    """Forget the index kept in memory (the saves benchmark times a first reading)."""
    global _INDEX
    _INDEX = _Index()


def _read_index(folder: Path) -> _Index:
    """The index written by an earlier run (through the guarded reader); an empty one when
    there is none or it cannot be used: it is only a shortcut, checked against the
    folder's time and, when that changed, entry by entry."""
    out = _Index()
    try:
        text = guarded.read_text(folder.parent / INDEX_NAME, guarded.SAVE)
    except guarded.GuardError:
        return out
    lines = text.split("\n")
    head = lines[0].split("\t") if lines else []
    if len(head) != 4 or head[0] != INDEX_HEAD or head[3] != str(folder) or len(lines) < 3:
        return out
    try:  # the times on one line, the inodes on the next, then a name a line
        stamp, trusted = int(head[1]), head[2] == "trusted"
    except ValueError:
        return out
    start = len(lines[0]) + len(lines[1]) + len(lines[2]) + 3
    block = text[start:]
    if "/" in block or "\\" in block or "\0" in block:
        return out  # a name no file in the folder can have: not this program's index
    out.folder, out.stamp, out.trusted = str(folder), stamp, trusted
    out.names = [n for n in lines[3:] if n]
    out._rows, out._raw = None, (lines[1], lines[2])
    return out


def _write_index(idx: _Index) -> None:
    rows = idx.rows()
    lines = [f"{INDEX_HEAD}\t{idx.stamp}\t{'trusted' if idx.trusted else 'checked'}\t"
             f"{idx.folder}", " ".join(repr(m) for m, _ in rows),
             " ".join(str(ino) for _, ino in rows), *idx.names]
    # The index is a shortcut, rebuilt from the folder whenever it is missing or stale: a
    # disk that takes no file leaves the game without it, and nothing else
    with contextlib.suppress(OSError):
        write_atomic(Path(idx.folder).parent / INDEX_NAME, "\n".join(lines) + "\n")


def _plain(name: str) -> bool:
    return name[-5:] == ".json" and name[:1] != "." and "/" not in name \
        and "\\" not in name and "\0" not in name


def newest_saves() -> list[str]:
    """The path of every save file that is a regular file now, newest first, as text
    (see :func:`newest_names`)."""
    folder, names = newest_names()
    prefix = str(folder) + os.sep
    return [prefix + n for n in names]


def newest_names() -> tuple[Path, list[str]]:
    """The saves folder and the name of every save file in it that is a regular file now,
    newest first (the list is the index's own: not to be changed). An entry that is not a
    regular file (a dangling link, a link loop, a folder, a pipe, a file another window
    deleted a moment ago) is left out: it hides itself, never the others.

    The folder is indexed: while its own modification time is unchanged (no save added,
    replaced or deleted), the list comes from the index without looking at the files;
    when it changed, only the entries that are new or replaced (another inode) are looked
    at. The index is kept beside the folder for the next run."""
    folder = saves_dir()
    try:
        before = os.stat(folder).st_mtime_ns
    except (OSError, ValueError):
        return folder, []
    idx = _INDEX
    if idx.folder != str(folder):
        idx = _read_index(folder)
    if idx.folder == str(folder) and idx.stamp == before and idx.trusted:
        globals()["_INDEX"] = idx
        return folder, idx.names
    known = dict(zip(idx.names, idx.rows(), strict=True))
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
    fresh._rows = [(m, ino) for m, ino, _ in rows]
    fresh.trusted = after == before and time.time_ns() - after > _RACY_NS
    globals()["_INDEX"] = fresh
    if after == before and (fresh.names != idx.names or fresh.trusted != idx.trusted
                            or fresh.rows() != idx.rows()):
        _write_index(fresh)
    return folder, fresh.names


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
