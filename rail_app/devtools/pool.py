"""Worker processes for the long commands (simulate, soak, tournament, fuzz soak).

Ctrl-C reaches every process of the terminal's group at once. The workers ignore it, so that
only the command itself stops, once, with one line and exit status 130
(``rail_app.cli``), instead of every worker printing a traceback; the pool's workers are
then terminated.
"""

from __future__ import annotations

import contextlib
import multiprocessing
import signal
from collections.abc import Iterator
from multiprocessing.pool import Pool


def ignore_interrupts() -> None:
    """A worker's initializer: Ctrl-C is the parent's to handle."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)


@contextlib.contextmanager
def worker_pool(workers: int) -> Iterator[Pool]:
    """A pool of forked workers that ignore Ctrl-C; terminated if the body is interrupted
    or fails, closed and joined when it ends well."""
    pool = multiprocessing.get_context("fork").Pool(workers, initializer=ignore_interrupts)
    try:
        yield pool
    except BaseException:
        pool.terminate()
        pool.join()
        raise
    pool.close()
    pool.join()
