"""How the game's program ends: a request to end (SIGTERM) taken as Ctrl-C is, so the game
being played is saved first, and the exit status once the window is closed, at once when
work in the background still runs.
"""

from __future__ import annotations

import sys
from typing import Any, Protocol


class Closed(Protocol):
    """The application once its window is closed (:class:`rail_app.ui.app.App`)."""

    busy: bool  # some work in the background still runs


def end(app: Closed, code: int) -> int:
    """The game's exit status, once its window is closed; when work in the background
    still runs then (a hostile map still being read), the program ends here at once: the
    interpreter's clean-up would cut that work off in its C++ code, which aborts the
    program, or wait for it."""
    if app.busy:
        import os

        sys.stdout.flush()
        sys.stderr.flush()
        os._exit(code)
    return code


def end_on_sigterm() -> Any:
    """SIGTERM ends the game as Ctrl-C does (so the game is saved first); the handler it
    replaces, to be put back (None where signals cannot be set: not the main thread)."""
    import signal
    import threading

    if threading.current_thread() is not threading.main_thread() \
            or not hasattr(signal, "SIGTERM"):
        return None

    def interrupt(signum: int, frame: Any) -> None:
        raise KeyboardInterrupt

    return signal.signal(signal.SIGTERM, interrupt)


def restore_sigterm(previous: Any) -> None:
    import signal

    if previous is not None:
        signal.signal(signal.SIGTERM, previous)
