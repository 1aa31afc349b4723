"""Every bundled file is found through here, from the source tree and from a frozen build.

User data (saves, settings, autosaves) goes to the platform's user data folder, never inside
the program's own folder (DESIGN.md habit 10): a folder named for the table
(:data:`rail_app.core.identity.DATA_FOLDER`), or the folder an earlier version made under
its old name, which is used as it is for as long as it is there (no save or setting is
left behind).
"""

from __future__ import annotations

import contextlib
import os
import sys
import tempfile
from collections.abc import Iterator
from pathlib import Path

from rail_app.core import identity

APP_NAME = identity.DATA_FOLDER
#: Set this environment variable to keep saves and settings in another folder (tests do).
DATA_DIR_ENV = identity.DATA_DIR_ENV


def base_dir() -> Path:
    """The folder holding ``maps/`` and ``assets/``: PyInstaller's bundle, the package's own
    ``_data`` folder when installed with pip (pyproject.toml puts them there), or the source
    tree."""
    frozen = getattr(sys, "_MEIPASS", None)
    if frozen:
        return Path(frozen)
    package = Path(__file__).resolve().parent.parent
    installed = package / "_data"
    if installed.is_dir():
        return installed
    return package.parent


def resource_path(*parts: str) -> Path:
    """A file shipped with the game, e.g. ``resource_path("maps", "italy.yaml")``."""
    return base_dir().joinpath(*parts)


def resolved(path: Path) -> Path:
    """``path`` with its links followed, or as it is (made absolute) when they cannot be:
    a link loop, a link to nowhere, a folder that cannot be read."""
    try:
        return path.resolve()
    except (OSError, RuntimeError, ValueError):  # RuntimeError: a loop (Python 3.11)
        return path.absolute()


def user_data_dir() -> Path:
    """Saves, autosaves and settings live here (created on first use when it can be: on a
    read-only or full disk, or where a file has the folder's name, it is not, and what
    writes into it says why it cannot; :func:`data_dir_problem` says so when the game
    starts)."""
    override = os.environ.get(DATA_DIR_ENV)
    path = Path(override) if override else platform_data_dir()
    with contextlib.suppress(OSError, ValueError):
        path.mkdir(parents=True, exist_ok=True)
    return path


def platform_data_dir() -> Path:
    """The player's data folder in the platform's place for it: the table's own
    (``RailTable``), unless an earlier version's (``ItalianRails``) is there and the
    table's is not: that one keeps being used, with every save, autosave, setting and
    crash report in it. Nothing is moved, so a second window of an older version open on
    the same folder loses nothing either."""
    import platformdirs

    def place(name: str) -> Path:
        return Path(platformdirs.user_data_dir(name, appauthor=False))

    path = place(APP_NAME)
    if os.path.lexists(path):
        return path
    for old in identity.OLD_DATA_FOLDERS:
        with contextlib.suppress(OSError, ValueError):
            if place(old).is_dir():
                return place(old)
    return path


def user_maps_dir() -> Path:
    """A folder of the player's own maps, listed by the menu beside the bundled ones."""
    path = user_data_dir() / "maps"
    with contextlib.suppress(OSError, ValueError):
        path.mkdir(parents=True, exist_ok=True)
    return path


def fallback_data_dir() -> Path:
    """A data folder for a session whose own folder takes no saves: in the system's
    folder of temporary files, one per user (an earlier version's, named as its data
    folder was, while it is there and the table's is not)."""
    user = os.environ.get("USER") or os.environ.get("USERNAME") or str(os.getpid())
    path = Path(tempfile.gettempdir()) / f"{APP_NAME}-{user}"
    for old in identity.OLD_DATA_FOLDERS:  # an earlier version's, with its saves
        earlier = path.with_name(f"{old}-{user}")
        if not os.path.lexists(path) and earlier.is_dir():
            return earlier
    return path




@contextlib.contextmanager
def scratch_data_dir(prefix: str) -> Iterator[Path]:
    """A user data folder of its own for a tool that runs the game (self-test, bench,
    screenshots), so that it never writes into the player's folder, removed afterwards with
    everything in it. The folder is always new, also when :data:`DATA_DIR_ENV` names a
    folder (a portable install, a folder the player chose): that one is the player's, and
    the variable is set back to it afterwards."""
    before = os.environ.get(DATA_DIR_ENV)
    with tempfile.TemporaryDirectory(prefix=prefix, ignore_cleanup_errors=True) as tmp:
        os.environ[DATA_DIR_ENV] = tmp
        try:
            yield Path(tmp)
        finally:
            if before is None:
                os.environ.pop(DATA_DIR_ENV, None)
            else:
                os.environ[DATA_DIR_ENV] = before
