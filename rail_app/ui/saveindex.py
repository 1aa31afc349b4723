"""The saves folder's index file (``saves-index.txt``) and what Continue found in the folder
(``saves-continue.txt``), both kept beside the folder with its two times: shortcuts that
let a folder of thousands of saves be listed, and Continue answered, from one small read.
Read through the guarded reader; anything they hold that is not what this version writes
is ignored, and the folder is looked at instead (:mod:`rail_app.ui.savedir`)."""

from __future__ import annotations

import contextlib
import os
import time
from pathlib import Path

from rail_app.core import guarded
from rail_app.core.files import write_atomic

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
INDEX_VERSION = "4"
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


def word(text: str) -> bool:
    """A game's id or a match's id as the index can keep it: 1 to 60 letters, digits,
    dots, dashes and underscores, beginning with a letter or a digit."""
    return 0 < len(text) <= 60 and text[0].isascii() and text[0].isalnum() \
        and all(c in _WORD_CHARS for c in text)


class Index:
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
        self._names: list[str] | None = []  # newest first; None: not split yet
        self._names_text = ""  # the names as the file holds them, apart by NULs
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

    @property
    def names(self) -> list[str]:
        """Every save's name, newest first (split from the file's text when first asked)."""
        if self._names is None:
            self._names = self._names_text.split("\0") if self._names_text else []
            self._names_text = ""
        return self._names

    @names.setter
    def names(self, value: list[str]) -> None:
        self._names, self._names_text = value, ""

    def prefixed(self, prefix: str) -> list[str]:
        """The names that begin with ``prefix``, newest first: found in the file's text
        when the names are not split yet (a match's autosaves among 10,000 saves without
        making 10,000 names)."""
        if self._names is not None or not prefix:
            k = len(prefix)
            return [n for n in self.names if n[:k] == prefix]
        text, mark, found = "\0" + self._names_text, "\0" + prefix, []
        at = text.find(mark)
        while at >= 0:
            end = text.find("\0", at + 1)
            found.append(text[at + 1:end if end >= 0 else len(text)])
            at = text.find(mark, at + 1)
        return found

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

    def _columns(self) -> None:
        if self._rest:
            self._split()

    @property
    def inodes(self) -> list[int]:
        self._columns()
        return self._inodes

    @inodes.setter
    def inodes(self, value: list[int]) -> None:
        self._columns()
        self._inodes = value

    @property
    def times(self) -> list[float]:
        self._columns()
        return self._times

    @times.setter
    def times(self, value: list[float]) -> None:
        self._columns()
        self._times = value

    @property
    def games(self) -> list[str]:
        self._columns()
        return self._games

    @property
    def matches(self) -> list[str]:
        self._columns()
        return self._matches

    @property
    def overs(self) -> list[str]:
        self._columns()
        return self._overs

    @property
    def rows(self) -> list[tuple[float, int]]:
        """Each name's (modification time, inode)."""
        return list(zip(self.times, self.inodes, strict=True))


def read_index(folder: Path) -> Index:
    """The index written by an earlier run (through the guarded reader); an empty one when
    there is none or it cannot be used: it is only a shortcut, checked against the
    folder's names and inodes before it is trusted (:func:`rail_app.ui.savedir.newest_names`)."""
    out = Index()
    try:
        text = guarded.read_text(folder.parent / INDEX_NAME, guarded.SAVE)
    except guarded.GuardError:
        return out
    head = text.split("\0", _HEAD_FIELDS)
    try:
        if head[:2] != [INDEX_HEAD, INDEX_VERSION] or head[5] != str(folder):
            return out
        stamp, cstamp, count, size = int(head[2]), int(head[3]), int(head[6]), int(head[7])
        tail = head[_HEAD_FIELDS]
        # the names' column is ``size`` characters holding count - 1 NULs, then a NUL and
        # the other columns (none for an empty folder)
        if count < 0 or size < 0 or (count == 0 and (size or tail)) or (
                count and (tail[size:size + 1] != "\0" or tail.count("\0", 0, size) != count - 1
                           or size == 0)):
            return out
    except (IndexError, ValueError):
        return out
    out.folder, out.stamp, out.cstamp = str(folder), stamp, cstamp
    out.trusted = head[4] == "trusted"
    out._names, out._names_text, out._rest = None, tail[:size], tail[size + 1:]
    return out


def write_index(idx: Index) -> None:
    names = "\0".join(idx.names)
    fields = [INDEX_HEAD, INDEX_VERSION, str(idx.stamp), str(idx.cstamp),
              "trusted" if idx.trusted else "checked", idx.folder, str(len(idx.names)),
              str(len(names))]
    # a column after another: the names first (their length in the head), split only when
    # the index is read and the list is asked for
    fields.append(names)
    fields += [repr(t) for t in idx.times]
    fields += [str(i) for i in idx.inodes]
    fields += idx.games + idx.matches + idx.overs
    # The index is a shortcut, rebuilt from the folder whenever it is missing or stale: a
    # disk that takes no file leaves the game without it, and nothing else
    with contextlib.suppress(OSError, ValueError):
        write_atomic(Path(idx.folder).parent / INDEX_NAME, "\0".join(fields))
    idx.dirty = False


#: The index file's fields before the saves': its head, its version, the folder's two
#: times, whether it is trusted, the folder, the number of saves, the names' length.
_HEAD_FIELDS = 8
#: The columns of the index file, one field a save each: name, time, inode, game, match,
#: over (a column after another, the names first).
_FIELDS = 6


def plain(name: str) -> bool:
    """A name the saves folder lists: a .json file, not hidden, one name of a path."""
    return name[-5:] == ".json" and name[:1] != "." and "/" not in name \
        and "\\" not in name and "\0" not in name


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


#: What Continue found in the folder, kept beside the index: for each game of the table
#: (or "*" for any), the name of the save it resumes ("" for none), with the folder and its
#: two times when it was found. Only a folder whose times are still those (and whose change
#: time tells, :data:`CTIME_TELLS`) is answered from it: the menu of a folder of thousands
#: of finished games finds nothing to resume without reading the index's thousand rows.
ANSWERS_NAME = "saves-continue.txt"
ANSWERS_HEAD = "rail-saves-continue"
ANSWERS_VERSION = "1"
_KNOWN: tuple[str, tuple[int, int], dict[str, str]] = ("", (-1, -1), {})


def read_answers(folder: Path, times: tuple[int, int]) -> dict[str, str]:
    """What Continue found in ``folder`` while its times were ``times`` (an empty dict when
    nothing is known: the answers file is only a shortcut, never trusted beyond that)."""
    global _KNOWN
    if _KNOWN[0] == str(folder) and _KNOWN[1] == times:
        return _KNOWN[2]
    found: dict[str, str] = {}
    try:
        parts = guarded.read_text(folder.parent / ANSWERS_NAME, guarded.SEATS).split("\0")
        if parts[:3] == [ANSWERS_HEAD, ANSWERS_VERSION, str(folder)] \
                and (int(parts[3]), int(parts[4])) == times and len(parts) % 2 == 1:
            found = {key: name for key, name in zip(parts[5::2], parts[6::2], strict=True)
                     if (key == "*" or word(key)) and (name == "" or plain(name))}
    except (guarded.GuardError, IndexError, ValueError):
        found = {}
    _KNOWN = (str(folder), times, found)
    return found


def forget_answers() -> None:
    """Forget what Continue found, kept in memory (read again from its file)."""
    global _KNOWN
    _KNOWN = ("", (-1, -1), {})


def write_answers(folder: Path, times: tuple[int, int], answers: dict[str, str]) -> None:
    """Keep ``answers`` (a key: the save's name) as found in ``folder`` at ``times``: a
    shortcut like the index, which a disk that takes no file leaves Continue to look for
    again."""
    global _KNOWN
    fields = [ANSWERS_HEAD, ANSWERS_VERSION, str(folder), str(times[0]), str(times[1])]
    for key, name in sorted(answers.items()):
        fields += [key, name]
    with contextlib.suppress(OSError, ValueError):
        write_atomic(folder.parent / ANSWERS_NAME, "\0".join(fields))
        _KNOWN = (str(folder), times, answers)
