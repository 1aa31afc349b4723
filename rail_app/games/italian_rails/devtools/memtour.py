"""The memory tour of ``bench``: the real game screen at 1920x1080 on a late-game board,
taken through every zoom level (in by the wheel, then out again), with pans and idle time at
each level (the idle frames are when the map renders pictures ahead), in a process of its
own; its peak resident memory is ``peak_rss_mb``. ``--quick`` goes in only, with fewer idle
and panning frames.

Run by :func:`rail_app.games.italian_rails.devtools.bench.bench_memory` as
``python -c "from rail_app.games.italian_rails.devtools.memtour import main; main()" MAP [--quick]``; prints one
JSON document.
"""

from __future__ import annotations

import gc
import json
import sys
import time
from typing import Any

from rail_app.games.italian_rails.devtools.bench import late_game
from rail_app.games.italian_rails.rules.board import load_board
from rail_app.ui import screens
from rail_app.ui.app import App
from rail_app.ui.headless import use_dummy_drivers
from rail_app.ui.session import COMPUTER, HUMAN, GameSetup, Seat, Session
from rail_app.ui.settings import Settings

SCREEN = (1920, 1080)


def peak_rss_bytes() -> int | None:
    """The peak resident memory of this process (None where the system does not say).

    On Linux the kernel's high-water mark of this program (``VmHWM``): ``ru_maxrss`` also
    counts the pages of the parent a forked child shared before it started this program
    (run from ``bench``, whose own process holds a game screen, it showed the parent's
    size)."""
    try:
        with open("/proc/self/status", encoding="ascii") as f:
            for line in f:
                if line.startswith("VmHWM:"):
                    return int(line.split()[1]) * 1024  # kB
    except (OSError, ValueError, IndexError):
        pass
    try:
        import resource
    except ImportError:  # not on this system
        return None
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    return int(peak) if sys.platform == "darwin" else int(peak) * 1024  # macOS: bytes


def current_rss_bytes() -> int | None:
    """The resident memory of this process now (Linux), else None."""
    try:
        with open("/proc/self/statm", encoding="ascii") as f:
            pages = int(f.read().split()[1])
    except (OSError, ValueError, IndexError):
        return None
    import os

    return pages * os.sysconf("SC_PAGE_SIZE")


def tour(map_path: str, quick: bool) -> dict[str, Any]:
    use_dummy_drivers()
    import pygame

    t0 = time.perf_counter()
    board = load_board(map_path)
    state = late_game(board, segments=150)
    gc.collect()
    app = App(size=SCREEN, fullscreen=False, settings=Settings())
    setup = GameSetup(map_path, [Seat("Anna", HUMAN), Seat("Bruno", COMPUTER, ink="orange")], 5)
    scene: Any = app.reset(screens.game(app, Session(setup, board, state)))
    cam = scene.camera
    centre = cam.rect.center
    layers = scene.view.layers
    idle = 8 if quick else 90  # idle frames at each level: pictures rendered ahead
    pan_frames = 3 if quick else 16
    rss_at_start = current_rss_bytes()

    cpu: list[float] = []  # every frame's CPU time

    def step(events: list[pygame.event.Event] | None = None) -> None:
        c0 = time.process_time()
        app.step(1 / 60, events or [])
        cpu.append(time.process_time() - c0)

    def wheel(y: int) -> None:
        step([pygame.event.Event(pygame.MOUSEMOTION, pos=centre, rel=(0, 0), buttons=(0, 0, 0)),
              pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=y, flipped=False, precise_x=0.0,
                                 precise_y=float(y))])

    def settle() -> None:
        for _ in range(400):  # the level's pictures, a few a frame
            step()
            if layers.base.complete(cam, layers.track) and not layers.base.waiting:
                break

    def look_around() -> None:
        settle()
        for _ in range(idle):
            step()
        step([pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=centre, button=3)])
        for dx, dy in ((30, 0), (0, 30), (-30, 0), (0, -30)):
            for _ in range(pan_frames):
                step([pygame.event.Event(pygame.MOUSEMOTION, pos=centre, rel=(dx, dy),
                                         buttons=(0, 0, 1))])
        step([pygame.event.Event(pygame.MOUSEBUTTONUP, pos=centre, button=3)])
        settle()

    levels = 0
    cam.level = cam.min_level
    cam.centre_on(*cam.to_km(*cam.rect.center))
    look_around()
    while cam.level < cam.max_level:  # in, one wheel notch at a time
        wheel(1)
        look_around()
        levels += 1
    while cam.level > cam.min_level and not quick:  # and out again
        wheel(-1)
        look_around()
        levels += 1
    peak = peak_rss_bytes()
    end = current_rss_bytes()
    budget = layers.base.budget
    out = {
        "peak_rss_mb": None if peak is None else peak / 1e6,
        "rss_game_start_mb": None if rss_at_start is None else rss_at_start / 1e6,
        "rss_tour_end_mb": None if end is None else end / 1e6,
        "tour_levels": levels,
        "tour_frames": app.frames,
        # the slowest frames of the tour (zoom steps into levels not rendered yet, the
        # frames rendering their tiles, pans, idle frames rendering ahead), CPU time
        "tour_frame_max_cpu_ms": max(cpu) * 1000,
        "tour_frame_p99_cpu_ms": sorted(cpu)[int(0.99 * (len(cpu) - 1))] * 1000,
        "tour_s": time.perf_counter() - t0,
    }
    out["picture_budget_mb"] = budget.limit / 1e6
    out["pictures_kept_mb"] = layers.base.held() / 1e6
    pygame.quit()
    return out


def main() -> None:
    args = sys.argv[1:]
    print(json.dumps(tour(args[0], "--quick" in args[1:])))


if __name__ == "__main__":
    main()
