"""Frame times while panning a late-game board (``bench`` and its tests)."""

from __future__ import annotations

from rail_app.core.paths import resource_path, scratch_data_dir
from rail_app.games.italian_rails.devtools.lategame import make_late_game_board
from rail_app.games.italian_rails.rules.board import load_board
from rail_app.games.italian_rails.ui.scene import GameScene
from rail_app.ui.app import App
from rail_app.ui.headless import use_dummy_drivers
from rail_app.ui.kit.driver import Driver
from rail_app.ui.session import COMPUTER, HUMAN, GameSetup, Seat, Session
from rail_app.ui.settings import Settings


def bench_pan(map_path: str | None = None, size: tuple[int, int] = (1920, 1080),
              frames: int = 120, segments: int = 120) -> dict[str, float]:
    """Frame times (ms) while panning a late-game board: both networks grown by legal builds.

    The first frames at a zoom level render its tiles; the figures are for the frames after
    (``warm``), plus the worst frame that had to render new tiles (``cold_max``).
    """
    use_dummy_drivers()

    with scratch_data_dir("italian-rails-bench-"):
        return _bench_pan(map_path, size, frames, segments)


def _bench_pan(map_path: str | None, size: tuple[int, int], frames: int, segments: int
               ) -> dict[str, float]:
    import time

    import pygame

    path = map_path or str(resource_path("maps", "italy.yaml"))
    board = load_board(path)
    state = make_late_game_board(board, seed=5, segments=segments)
    app = App(size=size, fullscreen=False, settings=Settings())
    setup = GameSetup(path, [Seat("Anna", HUMAN), Seat("Bruno", COMPUTER, ink="orange")], 5)
    session = Session(setup, board, state)
    scene = app.reset(app.screens.game(session))
    assert isinstance(scene, GameScene)
    cam = scene.camera
    cam.level = cam.level_for(28)
    cam.centre_on(*cam.to_km(*cam.rect.center))
    d = Driver(app)
    times: list[float] = []
    cold: list[float] = []
    step = 6
    for i in range(frames):
        dx = step if (i // 40) % 2 == 0 else -step
        if i == 0:  # the right button pressed once, then dragged back and forth
            pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(900, 500),
                                                 button=3))
        pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=(900, 500), rel=(dx, 2),
                                             buttons=(0, 0, 1)))
        missing = scene.view.layers.base.missing(cam)
        t0 = time.perf_counter()
        d.frames(1, 1 / 60)
        ms = (time.perf_counter() - t0) * 1000
        (cold if missing else times).append(ms)
    times.sort()
    out = {
        "segments": float(sum(len(p.track) for p in state.players)),
        "warm_median": times[len(times) // 2] if times else 0.0,
        "warm_p95": times[int(len(times) * 0.95)] if times else 0.0,
        "warm_max": times[-1] if times else 0.0,
        "cold_frames": float(len(cold)),
        "cold_max": max(cold) if cold else 0.0,
        "track_redraws": float(scene.view.layers.track.redraws),
    }
    return out
