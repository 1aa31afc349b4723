"""Writing files so that nothing is lost: a crash mid-write leaves the old file intact."""

from __future__ import annotations

import contextlib
import errno
import os
import re
import tempfile
from pathlib import Path

from rail_app.core.i18n import N_

#: Temporary files of :func:`write_atomic` are named ``.<target>.<random>.tmp``.
TEMP_SUFFIX = ".tmp"
_TEMP_NAME = re.compile(r"^\..+\.[A-Za-z0-9_]{6,12}\.tmp$")


#: The longest part of the target's name (in bytes) a temporary file's name repeats: a name
#: as long as the file system allows is written through a temporary file whose name fits.
_TEMP_STEM_BYTES = 100


def write_atomic(path: str | os.PathLike[str], text: str | bytes) -> None:
    """Write ``text`` (or bytes) to a temporary file beside ``path``, flush it to disk, then
    rename it over ``path`` (a rename within one folder is atomic)."""
    target = Path(path)
    folder = target.parent if str(target.parent) else Path(".")
    folder.mkdir(parents=True, exist_ok=True)
    stem = target.name.encode("utf-8", "surrogateescape")[:_TEMP_STEM_BYTES]
    prefix = "." + stem.decode("utf-8", "ignore") + "."
    fd, tmp = tempfile.mkstemp(prefix=prefix, suffix=TEMP_SUFFIX, dir=folder)
    try:
        with os.fdopen(fd, "wb") as fh:
            fh.write(text.encode("utf-8") if isinstance(text, str) else text)
            fh.flush()
            os.fsync(fh.fileno())
        os.replace(tmp, target)
        fsync_folder(folder)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(tmp)
        raise


def fsync_folder(folder: str | os.PathLike[str]) -> None:
    """Flush a folder's entries to disk (after a rename into it), where the system allows
    opening a folder (not on Windows)."""
    flags = os.O_RDONLY | getattr(os, "O_DIRECTORY", 0)
    try:
        fd = os.open(folder, flags)
    except OSError:
        return  # a system that cannot open folders: the rename is all it offers
    try:
        os.fsync(fd)
    except OSError:
        pass  # some file systems refuse fsync on a folder; the file itself is on disk
    finally:
        os.close(fd)


#: Why a file could not be written, in a player's words, by the error's number.
_REASONS = {
    errno.ENOSPC: N_("the disk is full"),
    errno.EDQUOT: N_("the disk quota is used up"),
    errno.EROFS: N_("the folder is on a read-only disk"),
    errno.EACCES: N_("there is no permission to write there"),
    errno.EPERM: N_("there is no permission to write there"),
    errno.ENOTDIR: N_("a file stands where the folder should be"),
    errno.EEXIST: N_("a file stands where the folder should be"),
    errno.ELOOP: N_("a link there points to itself"),
    errno.ENAMETOOLONG: N_("the path is too long"),
    errno.EIO: N_("the disk reported an error"),
}


def os_reason(exc: OSError) -> str:
    """Why a file operation failed, in plain words ("the disk is full"; marked for the
    catalog: the screen shows it through ``_()``)."""
    if exc.errno in _REASONS:
        return _REASONS[exc.errno]
    return exc.strerror or str(exc) or type(exc).__name__


def folder_problem(folder: Path) -> str:
    """Why no file can be saved in ``folder`` ("" when one can): a small file is written
    there (the folder made first if need be) and removed again."""
    probe = folder / ".write-test"
    try:
        folder.mkdir(parents=True, exist_ok=True)
        write_atomic(probe, b"ok")
        probe.unlink()
    except OSError as exc:
        return os_reason(exc)
    except ValueError:
        return N_("the folder's name cannot be used")
    return ""


def is_orphan_temp(name: str) -> bool:
    """Whether a file name is one of :func:`write_atomic`'s temporary files."""
    return bool(_TEMP_NAME.match(name))


def remove_orphan_temps(folder: str | os.PathLike[str]) -> list[Path]:
    """Delete the temporary files a write cut short (the program killed between writing and
    renaming) left in ``folder``; returns what was removed. Called when the game starts,
    before anything is saved, so no write of this run is in flight."""
    removed: list[Path] = []
    try:
        entries = list(os.scandir(folder))
    except OSError:
        return removed
    for entry in entries:
        if is_orphan_temp(entry.name) and entry.is_file(follow_symlinks=False):
            with contextlib.suppress(OSError):
                os.unlink(entry.path)
                removed.append(Path(entry.path))
    return removed


#: What tells a saved file apart: modification time, size and inode; None when it is gone.
Stamp = tuple[int, int, int] | None


def file_stamp(path: str | os.PathLike[str]) -> Stamp:
    """The file's :data:`Stamp` (an editor that saves by renaming a new file over the old one
    changes the inode): a map preview watches its files by it."""
    try:
        st = os.stat(path)
    except OSError:
        return None
    return (st.st_mtime_ns, st.st_size, st.st_ino)
