"""Writing files so that nothing is lost: a crash mid-write leaves the old file intact."""

from __future__ import annotations

import contextlib
import os
import re
import tempfile
from pathlib import Path

#: Temporary files of :func:`write_atomic` are named ``.<target>.<random>.tmp``.
TEMP_SUFFIX = ".tmp"
_TEMP_NAME = re.compile(r"^\..+\.[A-Za-z0-9_]{6,12}\.tmp$")


def write_atomic(path: str | os.PathLike[str], text: str | bytes) -> None:
    """Write ``text`` (or bytes) to a temporary file beside ``path``, flush it to disk, then
    rename it over ``path`` (a rename within one folder is atomic)."""
    target = Path(path)
    folder = target.parent if str(target.parent) else Path(".")
    folder.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=f".{target.name}.", suffix=TEMP_SUFFIX, dir=folder)
    try:
        with os.fdopen(fd, "wb") as fh:
            fh.write(text.encode("utf-8") if isinstance(text, str) else text)
            fh.flush()
            os.fsync(fh.fileno())
        os.replace(tmp, target)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(tmp)
        raise


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
