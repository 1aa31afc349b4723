"""Work done in a thread of its own while the screen stays responsive: loading (imports,
building a board), never drawing, which stays in the main thread with pygame. Its result,
or its exception raised again in the main thread, is taken when it is done: nothing is
swallowed.

The thread is not a daemon: the program waits for its work to end before it ends (the
guarded reader bounds that work to seconds). A daemon thread is ended by the interpreter
wherever it is when the program ends, and ending it in the middle of C++ code (the
geometry library under a board) aborts the whole program ("terminate called without an
active exception", signal 6): a player who quit the menu while its map was loading saw
the game crash on the way out. The window closing waits a few seconds at most
(:func:`settle`); past that the program ends at once, without the interpreter's
clean-up that would cut the work off."""

from __future__ import annotations

import threading
import time
from collections.abc import Callable
from typing import Generic, TypeVar

T = TypeVar("T")
#: The threads of work still running (see :func:`settle`).
_RUNNING: set[threading.Thread] = set()
_LOCK = threading.Lock()


def settle(timeout: float) -> bool:
    """Wait up to ``timeout`` seconds for every work in the background to end; whether it
    has (the window closing: past that, the program ends without waiting, see
    :meth:`rail_app.ui.app.App.close`)."""
    end = time.monotonic() + timeout
    with _LOCK:
        running = list(_RUNNING)
    for thread in running:
        thread.join(max(0.0, end - time.monotonic()))
    return not any(t.is_alive() for t in running)


class Background(Generic[T]):
    """``work()`` run in a thread of its own, which the program waits for before it ends
    (see the module)."""

    def __init__(self, work: Callable[[], T], name: str) -> None:
        self._work = work
        self._result: T | None = None
        self._error: BaseException | None = None
        self._done = threading.Event()
        self._thread = threading.Thread(target=self._run, name=name, daemon=False)
        with _LOCK:
            _RUNNING.add(self._thread)
        self._thread.start()

    def _run(self) -> None:
        try:
            self._result = self._work()
        except BaseException as exc:  # handed to the main thread by result()
            self._error = exc
        finally:
            self._done.set()
            with _LOCK:
                _RUNNING.discard(threading.current_thread())

    def done(self) -> bool:
        return self._done.is_set()

    def wait(self, timeout: float | None = None) -> bool:
        """Wait until the work is done (True) or ``timeout`` seconds have passed."""
        return self._done.wait(timeout)

    def result(self) -> T:
        """The work's result, or its exception raised here; waits if it is not done."""
        self._done.wait()
        if self._error is not None:
            raise self._error
        return self._result  # type: ignore[return-value]  # set when no error was raised
