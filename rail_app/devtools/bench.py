"""``python -m rail_app bench [--game G]``: how fast a game feels, measured.

A game with benchmarks of its own (Italian Rails: frames while panning and zooming, quotes
on a late-game board, routes, the computer's turns, Suggest, the start, memory; see
docs/benchmarks.md) runs those. Any other game is measured here through its
:class:`~rail_app.table.gamedef.GameDef` and its screen: the quote, apply and legal-action
times along a random game on its map, and the frame time of its game screen at 1920x1080
against a plain full-screen blit in the same run (a ratio, which a busy machine changes
less than absolute times), and the refusal of its hostile saves against loading a good one
(:mod:`rail_app.devtools.refusalbench`).
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import time
from collections.abc import Callable
from functools import partial
from typing import Any

from rail_app.core.paths import scratch_data_dir
from rail_app.devtools.gametools import tools_of
from rail_app.devtools.refusalbench import bench_no_display, bench_save_refusals
from rail_app.devtools.replaybench import bench_replay
from rail_app.devtools.toolkit import resolve
from rail_app.table import registry
from rail_app.table.seats import Level, Seat, SeatKind
from rail_app.ui import screens
from rail_app.ui.app import App
from rail_app.ui.gamescreens import no_screen
from rail_app.ui.headless import use_dummy_drivers
from rail_app.ui.session import GameSetup, Session
from rail_app.ui.settings import Settings

SCREEN = (1920, 1080)


def _ms(fn: Callable[[], Any]) -> float:
    t0 = time.perf_counter()
    fn()
    return (time.perf_counter() - t0) * 1000


def _pct(values: list[float], p: float) -> float:
    s = sorted(values)
    return s[min(len(s) - 1, int(round(p / 100 * (len(s) - 1))))] if s else 0.0


def bench_rules(game_id: str, map_path: str, steps: int) -> dict[str, float]:
    definition = registry.game(game_id)
    board = definition.rules.load_board(map_path)
    state = definition.rules.new_game(board, [f"P{i}" for i in range(definition.seats.default)], {}, 1)
    rng = random.Random(1)
    quotes: list[float] = []
    applies: list[float] = []
    legals: list[float] = []
    for _ in range(steps):
        if definition.rules.outcome(state) is not None:
            break
        t0 = time.perf_counter()
        legal = definition.rules.legal_actions(state)
        legals.append((time.perf_counter() - t0) * 1000)
        for action in legal[:20]:
            t0 = time.perf_counter()
            definition.rules.quote(state, action)
            quotes.append((time.perf_counter() - t0) * 1000)
        action = rng.choice(legal)
        t0 = time.perf_counter()
        state = definition.rules.apply(state, action)
        applies.append((time.perf_counter() - t0) * 1000)
    return {"quote_median_ms": statistics.median(quotes) if quotes else 0.0,
            "quote_p99_ms": _pct(quotes, 99), "apply_median_ms": statistics.median(applies)
            if applies else 0.0, "legal_median_ms": statistics.median(legals)
            if legals else 0.0}


def bench_frames(game_id: str, map_path: str, frames: int) -> dict[str, float]:
    """The game screen's frame against a plain blit of the whole window, in one run."""
    use_dummy_drivers()
    import pygame

    definition = registry.game(game_id)
    with scratch_data_dir("rails-bench-"):
        app = App(size=SCREEN, fullscreen=False, settings=Settings())
        seats = [Seat(f"P{i}", SeatKind.HUMAN, Level.NORMAL, ink) for i, ink in
                 enumerate(("blue", "orange", "vermillion", "sky blue", "bluish green",
                            "reddish purple")[:definition.seats.default])]
        app.reset(screens.game(app, Session.new(GameSetup(map_path, seats, 1, game=game_id))))
        for _ in range(5):
            app.step(1 / 60, [])
        times = [_ms(lambda: app.step(1 / 60, [])) for _ in range(frames)]
        copy = app.screen.copy()
        def blit_once() -> None:
            app.screen.blit(copy, (0, 0))
            pygame.display.flip()

        blits = [_ms(blit_once) for _ in range(frames)]
        # panning (a right-button drag) and zooming (the wheel) at the middle of the map
        centre = (SCREEN[0] * 2 // 5, SCREEN[1] // 2)
        app.step(1 / 60, [pygame.event.Event(pygame.MOUSEMOTION, pos=centre, rel=(0, 0),
                                             buttons=(0, 0, 0)),
                          pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=centre, button=3)])
        pans = []
        for i in range(frames):
            pos = (centre[0] + 3 * (i % 60), centre[1] + 2 * (i % 60))
            ev = [pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(3, 2), buttons=(0, 0, 1))]
            pans.append(_cpu_ms(partial(app.step, 1 / 60, ev)))
        app.step(1 / 60, [pygame.event.Event(pygame.MOUSEBUTTONUP, pos=centre, button=3)])
        zooms = []
        for i in range(frames):
            ev = [pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=1 if i % 8 < 4 else -1,
                                     flipped=False, precise_x=0.0, precise_y=0.0)]
            zooms.append(_cpu_ms(partial(app.step, 1 / 60, ev)))
        pygame.quit()
    frame, blit = statistics.median(times), statistics.median(blits)
    return {"frame_median_ms": frame, "frame_p95_ms": _pct(times, 95),
            "blit_median_ms": blit, "frame_ratio": frame / blit if blit else 0.0,
            "pan_frame_median_ms": statistics.median(pans),
            "pan_ratio": statistics.median(pans) / blit if blit else 0.0,
            "zoom_frame_cpu_median_ms": statistics.median(zooms),
            "zoom_frame_cpu_p95_ms": _pct(zooms, 95)}


def _cpu_ms(fn: Callable[[], Any]) -> float:
    """CPU milliseconds of one call (what the game itself spends, not the machine's
    other work)."""
    t0 = time.process_time()
    fn()
    return (time.process_time() - t0) * 1000


def run_command(args: argparse.Namespace) -> int:
    """``python -m rail_app bench``: the game's own benchmarks, or these."""
    definition = registry.game(getattr(args, "game", None))
    own = tools_of(definition.id).bench
    if own is not None:
        if args.map is None:
            args.map = definition.default_map
        return own(args)
    t0 = time.perf_counter()
    map_path = args.map or resolve(definition.default_map)
    out: dict[str, Any] = {"game": definition.id, "quick": args.quick}
    out.update(bench_rules(definition.id, map_path, 40 if args.quick else 300))

    if no_screen(definition.id) is None:
        out.update(bench_frames(definition.id, map_path, 30 if args.quick else 200))
        out.update(bench_replay(definition.id, map_path, 50 if args.quick else 200,
                                12 if args.quick else 45))
        out.update(bench_save_refusals(definition.id, map_path, 1 if args.quick else 5))
    else:  # the rules' figures alone until the game has a screen
        out["frames"] = "none: no game screen"
    out.update(bench_no_display(1 if args.quick else 5))
    out["bench_s"] = time.perf_counter() - t0
    if args.json:
        print(json.dumps(out, indent=2))
    else:
        print(f"{definition.title} benchmark")
        for k, v in out.items():
            print(f"  {k:<22} {v:.3f}" if isinstance(v, float) else f"  {k:<22} {v}")
    return 0
