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

from rail_app.core.files import folder_problem, os_reason, remove_orphan_temps
from rail_app.core.paths import user_data_dir
from rail_app.ui import saveindex as si
from rail_app.ui.saveindex import INDEX_NAME as INDEX_NAME
from rail_app.ui.saveindex import Facts


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
    folder, idx = _listed()
    return [folder / n for n in idx.prefixed(prefix)]


_INDEX = si.Index()


def forget_index() -> None:
    """Forget the index kept in memory, and what Continue found (the saves benchmark
    times a first reading)."""
    global _INDEX
    _INDEX = si.Index()
    si.forget_answers()


def _facts_fields(fact: Facts) -> tuple[str, str, str]:
    """A save's facts as the index writes them (game "-": no save Continue can use)."""
    if fact is None or not si.word(fact[0]) or not (fact[1] == "" or si.word(fact[1])):
        return "-", "-", "0"
    return fact[0], fact[1] or "-", "1" if fact[2] else "0"


def newest_saves() -> list[str]:
    """The path of every save file that is a regular file now, newest first, as text
    (see :func:`newest_names`)."""
    folder, names = newest_names()
    prefix = str(folder) + os.sep
    return [prefix + n for n in names]


def _same_entries(idx: si.Index, folder: Path) -> bool:
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

    The folder is indexed: while its own modification and change times are the index's,
    the list comes from the index without looking at the files (where the change time
    says nothing, :data:`rail_app.ui.saveindex.CTIME_TELLS`, the folder's names and
    inodes are looked at once, in one look); when anything changed, only the entries that
    are new or replaced (another inode) are measured. The index is kept beside the folder
    for the next run."""
    folder, idx = _listed()
    return folder, idx.names


def _listed() -> tuple[Path, si.Index]:
    """The saves folder and its index, taken anew when the folder changed (see
    :func:`newest_names`)."""
    folder = saves_dir()
    before = si.folder_times(folder)
    if before is None:
        return folder, si.Index()
    idx = _INDEX
    if idx.folder != str(folder):
        idx = si.read_index(folder)
    if idx.folder == str(folder) and (idx.stamp, idx.cstamp) == before and idx.trusted and (
            si.CTIME_TELLS or idx.checked == before[0] or _same_entries(idx, folder)):
        idx.checked = before[0]
        globals()["_INDEX"] = idx
        return folder, idx
    known = dict(zip(idx.names, idx.rows, strict=True))
    try:
        with os.scandir(folder) as it:
            entries = [e for e in it if si.plain(e.name)]
    except OSError:
        return folder, si.Index()
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
    after = si.folder_times(folder) or (-1, -1)
    fresh = si.Index()
    fresh.folder, (fresh.stamp, fresh.cstamp) = str(folder), after
    fresh.names = [name for _, _, name in rows]
    fresh.inodes = [ino for _, ino, _ in rows]
    fresh._times = [m for m, _, _ in rows]
    fresh.trusted = after == before and si.settled(after)
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
        si.write_index(fresh)
    return folder, fresh


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
    if si.folder_times(Path(idx.folder)) == (idx.stamp, idx.cstamp):
        si.write_index(idx)


def known_continue(key: str) -> tuple[Path, str] | None:
    """The saves folder and the name of the save Continue resumes for ``key`` (a game's id,
    or "*" for any game; "" for none), when it was found in the folder as it is now (see
    :data:`rail_app.ui.saveindex.ANSWERS_NAME`); None when it must be looked for."""
    folder = saves_dir()
    times = si.folder_times(folder)
    if not si.CTIME_TELLS or times is None or not si.settled(times):
        return None
    name = si.read_answers(folder, times).get(key)
    return None if name is None else (folder, name)


def keep_continue(key: str, name: str) -> None:
    """Keep what Continue found for ``key`` (see :func:`known_continue`), when the index it
    was found in is trusted and the folder has not changed since it was taken."""
    idx = _INDEX
    if not si.CTIME_TELLS or not idx.trusted or not idx.folder \
            or not (key == "*" or si.word(key)):
        return
    folder, times = Path(idx.folder), (idx.stamp, idx.cstamp)
    if si.folder_times(folder) != times:
        return
    answers = dict(si.read_answers(folder, times))
    if answers.get(key) != name:
        answers[key] = name
        si.write_answers(folder, times, answers)


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
