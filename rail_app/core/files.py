"""Writing files so that nothing is lost: a crash mid-write leaves the old file intact."""

from __future__ import annotations

import contextlib
import os
import tempfile
from pathlib import Path


def write_atomic(path: str | os.PathLike[str], text: str) -> None:
    """Write ``text`` to a temporary file beside ``path``, flush it to disk, then rename it
    over ``path`` (a rename within one folder is atomic)."""
    target = Path(path)
    folder = target.parent if str(target.parent) else Path(".")
    folder.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=f".{target.name}.", suffix=".tmp", dir=folder)
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as fh:
            fh.write(text)
            fh.flush()
            os.fsync(fh.fileno())
        os.replace(tmp, target)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(tmp)
        raise
