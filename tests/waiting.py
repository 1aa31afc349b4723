"""How long a test waits before it calls something a hang (DESIGN.md habit 21: no test
times itself).

A test may bound a hang, never a speed. Whatever it waits for (a program it starts, a child
process, a thread of the program, a file a tool watches) gets :data:`HANG_S` of the wall
clock, far beyond what the slowest machine under the heaviest load needs, so that a busy
machine never fails a test; how fast things are is measured by ``python -m rail_app bench``
as ratios against a baseline in the same run (docs/benchmarks.md).
"""

from __future__ import annotations

import multiprocessing
import time
from collections.abc import Callable
from typing import Any

#: Seconds of the wall clock after which a wait is a hang.
HANG_S = 900.0


def frames_until(app: Any, done: Callable[[], bool], dt: float = 1 / 60,
                 hang_s: float = HANG_S) -> int:
    """Frames of ``app`` (``dt`` seconds of its own time each) until ``done()`` holds, for
    what the program does beside its frames (a computer player thinking in a thread of its
    own); the frames it took. Fails only when it hangs."""
    deadline = time.monotonic() + hang_s
    frames = 0
    while not done():
        assert time.monotonic() < deadline, f"nothing happened in {hang_s:.0f} s: a hang"
        app.step(dt, [])
        frames += 1
    return frames


def apart(fn: Callable[..., Any], *args: Any, hang_s: float = HANG_S) -> Any:
    """``fn(*args)`` in an interpreter of its own, started afresh (never forked: a test
    process holds threads of earlier tests, SDL's timer and sound among them, whose locks a
    forked child could wait on for ever); what it returned. ``fn`` is a module's function."""
    with multiprocessing.get_context("spawn").Pool(1) as pool:
        return pool.apply_async(fn, args).get(timeout=hang_s)
