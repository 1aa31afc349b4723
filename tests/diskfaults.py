"""A full disk and a read-only folder, made by failing the file operations the game uses
(an injected OSError), never by chmod or a mount: the tests hold when run as root and on
any file system. Holds no tests itself."""

from __future__ import annotations

import errno
import os
import tempfile
from pathlib import Path
from typing import Any

import pytest


def _fail(code: int, what: object = "") -> OSError:
    return OSError(code, os.strerror(code), str(what))


def fail_writes(monkeypatch: pytest.MonkeyPatch, code: int = errno.ENOSPC,
                under: Path | None = None) -> None:
    """Every new file or folder (under ``under``, else anywhere) fails with ``code``:
    ENOSPC a full disk, EROFS a read-only one (which also refuses renames and deletes)."""
    real_mkstemp = tempfile.mkstemp
    real_mkdir = Path.mkdir
    real_replace = os.replace
    real_unlink = os.unlink

    def inside(path: object) -> bool:
        return under is None or str(path).startswith(str(under))

    def mkstemp(*args: Any, **kwargs: Any) -> Any:
        if inside(kwargs.get("dir", "")):
            raise _fail(code, kwargs.get("dir", ""))
        return real_mkstemp(*args, **kwargs)

    def mkdir(self: Path, mode: int = 0o777, parents: bool = False,
              exist_ok: bool = False) -> None:
        if inside(self):
            if exist_ok and self.is_dir():
                return
            raise _fail(code, self)
        real_mkdir(self, mode, parents, exist_ok)

    monkeypatch.setattr(tempfile, "mkstemp", mkstemp)
    monkeypatch.setattr(Path, "mkdir", mkdir)
    if code == errno.EROFS:
        def replace(src: Any, dst: Any, *a: Any, **k: Any) -> None:
            if inside(dst):
                raise _fail(code, dst)
            real_replace(src, dst, *a, **k)

        def unlink(path: Any, *a: Any, **k: Any) -> None:
            if inside(path):
                raise _fail(code, path)
            real_unlink(path, *a, **k)

        monkeypatch.setattr(os, "replace", replace)
        monkeypatch.setattr(os, "unlink", unlink)
        monkeypatch.setattr(os, "remove", unlink)
