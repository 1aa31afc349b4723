"""``python -m rail_app bench``: how fast the game feels, measured.

Every figure comes with a baseline measured in the same run (absolute times on shared
machines are noisy; ratios are not): a bare full-screen blit for frame times, a full
recomputation of the opponent's reachability for the segment quote (K5), a plain import
of the libraries for the cold start and for the start without a display, the map of Italy
loaded from its files for the refusal of hostile maps and for the menu over one, a good save
loaded for the refusal of hostile saves. See docs/benchmarks.md for what each figure means;
no test times any of it (DESIGN.md habit 21).
"""

from __future__ import annotations

import argparse
import gc
import json
import os
import platform
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from rail_app.core.paths import base_dir, resource_path, scratch_data_dir
from rail_app.devtools.refusalbench import bench_no_display, bench_save_refusals
from rail_app.devtools.replaybench import bench_replay
from rail_app.devtools.simulate import play_game
from rail_app.games.italian_rails.devtools import fuzz_maps
from rail_app.games.italian_rails.devtools.bench_advice import bench_advice
from rail_app.games.italian_rails.devtools.lategame import make_late_game_board
from rail_app.games.italian_rails.rules import events, movement, reach
from rail_app.games.italian_rails.rules.actions import EndPhase
from rail_app.games.italian_rails.rules.board import load_board
from rail_app.games.italian_rails.rules.build import legal_builds
from rail_app.games.italian_rails.rules.deck import load_board_deck
from rail_app.games.italian_rails.rules.engine import apply, quote
from rail_app.games.italian_rails.rules.identity import GAME_ID
from rail_app.games.italian_rails.rules.state import Load, Phase
from rail_app.ui import scenes, screens
from rail_app.ui.app import App
from rail_app.ui.headless import use_dummy_drivers
from rail_app.ui.session import COMPUTER, HUMAN, GameSetup, Seat, Session
from rail_app.ui.settings import Settings

SCREEN = (1920, 1080)


def _pct(values: list[float], p: float) -> float:
    if not values:
        return 0.0
    s = sorted(values)
    return s[min(len(s) - 1, int(round(p / 100.0 * (len(s) - 1))))]


def _timed(fn: Callable[[], Any], repeat: int) -> list[float]:
    out = []
    for _ in range(repeat):
        t0 = time.perf_counter()
        fn()
        out.append(time.perf_counter() - t0)
    return out


# -- the late-game board ---------------------------------------------------------------------


def late_game(board: Any, seed: int = 5, segments: int = 150) -> Any:
    """Both players with ``segments``+ segments, trains placed with loads, a flood in force."""
    state = make_late_game_board(board, seed=seed, segments=segments)
    if board.deck_file is not None:
        state.deck = load_board_deck(board)
        floods = [c for c in state.deck.cards.values() if c.event == "flood"]
        if floods:
            # the flood that washes out the least track: the board stays as crowded as
            # grown, whichever numbers the deck gives its flood cards
            def left(number: int) -> tuple[int, int]:
                trial = state.copy()
                events.resolve_event(trial, number, trial.current)
                return min(len(p.track) for p in trial.players), -number

            flood = max(floods, key=lambda c: left(c.number))
            events.resolve_event(state, flood.number, state.current)
    if state.phase is Phase.MOVE:  # quotes of track are asked in the build phase
        apply(state, EndPhase(), inplace=True)
    for i, p in enumerate(state.players):
        dots = sorted({d for e in p.track for d in e})
        city_dots = [d for d in dots if d in board.city_of_dot] or dots
        p.position = city_dots[len(city_dots) // 2]
        p.loads = [Load(board.commodities[i]), Load(board.commodities[i + 2])]
    return state


# -- engine figures ----------------------------------------------------------------------------


def bench_quote(board: Any, state: Any, samples: int) -> dict[str, float]:
    """Quoting one segment, K5 included, with the reachability cache emptied before each
    quote (the first quote after any change of track pays this), against a full
    recomputation of the opponent's reachability."""
    candidates = legal_builds(state)
    if not candidates:
        return {"quote_median_ms": 0.0, "quote_p99_ms": 0.0, "reach_full_recompute_ms": 0.0}
    picks = [candidates[i % len(candidates)] for i in range(samples)]
    times = []
    for act in picks:
        reach.clear_cache()
        t0 = time.perf_counter()
        quote(state, act)
        times.append(time.perf_counter() - t0)
    track = state.player.track

    def full() -> None:
        reach.clear_cache()
        reach.reachable_cities(board, track)

    base = _timed(full, max(5, samples // 10))
    return {
        "quote_median_ms": statistics.median(times) * 1000,
        "quote_p99_ms": _pct(times, 99) * 1000,
        "reach_full_recompute_ms": statistics.median(base) * 1000,
    }


def bench_route(board: Any, state: Any, samples: int) -> dict[str, float]:
    """The route a click asks for: the train's shortest usable route to a city."""
    me = state.current
    targets = [c.centre for c in board.city_list]
    times = []
    for i in range(samples):
        t = targets[i % len(targets)]
        t0 = time.perf_counter()
        movement.route(state, me, t)
        movement.reachable(state, me)
        times.append(time.perf_counter() - t0)
    return {"route_preview_ms": statistics.median(times) * 1000,
            "route_preview_p99_ms": _pct(times, 99) * 1000}


def bench_board(path: str, repeat: int) -> dict[str, float]:
    cold = _timed(lambda: load_board(path, use_cache=False), repeat)
    load_board(path)
    cached = _timed(lambda: load_board(path), repeat * 10)
    return {"board_build_cold_s": statistics.median(cold),
            "board_build_cached_s": statistics.median(cached)}


def bench_ai(path: str, turns: int, turn_cap: int = 150) -> dict[str, Any]:
    """The time the Hard computer player needs to decide one whole turn (the calls of
    ``next_action`` of one seat in one turn, added up), from Hard-against-Hard games on the
    map (seeded; as many games as it takes): the p95 of the wall time, and the median of
    this process's CPU time (which other programs on the machine cannot inflate)."""
    times: list[float] = []
    cpu: list[float] = []
    seed = 7000
    while len(times) < turns and seed < 7010:
        result = play_game(path, seed, ["hard", "hard"], turn_cap=turn_cap)
        if result.error:
            raise RuntimeError(f"AI game {seed} failed: {result.error}")
        times.extend(result.turn_times)
        cpu.extend(result.turn_cpu)
        seed += 1
    return {"ai_turn_p95_s": _pct(times, 95) if times else None,
            "ai_turn_cpu_median_ms": statistics.median(cpu) * 1000 if cpu else None,
            "ai_turns_timed": len(times), "ai_games": seed - 7000}


# -- frames --------------------------------------------------------------------------------------


def bench_frames(path: str, board: Any, state: Any, frames: int) -> dict[str, float]:
    """Frame times of the real game screen at 1920x1080 while panning and zooming, against
    one bare full-screen blit."""
    use_dummy_drivers()
    import pygame

    app = App(size=SCREEN, fullscreen=False, settings=Settings())
    screen = app.screen
    # baseline: one bare full-screen blit
    other = pygame.Surface(screen.get_size()).convert()
    other.fill((120, 160, 200))
    blits = _timed(lambda: screen.blit(other, (0, 0)), 200)
    setup = GameSetup(path, [Seat("Anna", HUMAN), Seat("Bruno", COMPUTER, ink="orange")], 5)
    session = Session(setup, board, state)
    scene: Any = app.reset(screens.game(app, session))
    cam = scene.camera
    cam.level = cam.level_for(28)
    cam.centre_on(*cam.to_km(*cam.rect.center))
    centre = cam.rect.center
    for _ in range(3):  # settle: the first frames draw the visible tiles
        app.step(1 / 60, [])
    scene.view.layers.base.render_all(cam)

    def post_drag(dx: int, dy: int) -> list[pygame.event.Event]:
        return [pygame.event.Event(pygame.MOUSEMOTION, pos=centre, rel=(dx, dy),
                                   buttons=(0, 0, 1))]

    # pan: press the right button, then drag back and forth
    app.step(1 / 60, [pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=centre, button=3)])
    pan: list[float] = []
    pan_cpu: list[float] = []  # this process's CPU time: what other programs cannot inflate
    for i in range(frames):
        dx = 7 if (i // 50) % 2 == 0 else -7
        evs = post_drag(dx, 2 if (i // 25) % 2 == 0 else -2)
        t0, c0 = time.perf_counter(), time.process_time()
        app.step(1 / 60, evs)
        pan.append(time.perf_counter() - t0)
        pan_cpu.append(time.process_time() - c0)
    app.step(1 / 60, [pygame.event.Event(pygame.MOUSEBUTTONUP, pos=centre, button=3)])
    # zoom: wheel in and out around the pointer, several steps
    zoom: list[float] = []
    zoom_cpu: list[float] = []
    for i in range(max(8, frames // 10)):
        y = 1 if (i // 4) % 2 == 0 else -1
        evs = [pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=y, flipped=False,
                                  precise_x=0.0, precise_y=float(y)),
               pygame.event.Event(pygame.MOUSEMOTION, pos=centre, rel=(0, 0), buttons=(0, 0, 0))]
        for k in range(3):
            t0, c0 = time.perf_counter(), time.process_time()
            app.step(1 / 60, evs if k == 0 else [])
            zoom.append(time.perf_counter() - t0)
            zoom_cpu.append(time.process_time() - c0)
    pygame.quit()
    blit_ms = statistics.median(blits) * 1000
    pan_med = statistics.median(pan) * 1000
    return {
        "blit_baseline_ms": blit_ms,
        "frame_pan_median_ms": pan_med,
        "frame_pan_p99_ms": _pct(pan, 99) * 1000,
        "frame_ratio": pan_med / blit_ms if blit_ms else 0.0,
        # the slowest zoom frame in this process's CPU time: the work a frame asks for,
        # which a loaded machine's waits for a core cannot inflate
        "zoom_max_ms": max(zoom_cpu) * 1000,
        "zoom_max_wall_ms": max(zoom) * 1000,
        "zoom_median_ms": statistics.median(zoom) * 1000,
        # the same frames in this process's CPU time (a loaded machine inflates wall time)
        "frame_pan_median_cpu_ms": statistics.median(pan_cpu) * 1000,
        "frame_pan_p99_cpu_ms": _pct(pan_cpu, 99) * 1000,
        "zoom_max_cpu_ms": max(zoom_cpu) * 1000,
    }


# -- cold start ------------------------------------------------------------------------------------

_FIRST_FRAME = (
    "import os;os.environ.setdefault('SDL_VIDEODRIVER','dummy');"
    "os.environ.setdefault('SDL_AUDIODRIVER','dummy');"
    "from rail_app.ui.app import App;from rail_app.ui.settings import Settings;"
    "a=App(size=(1920,1080),fullscreen=False,settings=Settings());a.step(1/60,[])"
)
_IMPORTS = "import pygame, shapely, networkx, yaml"


def _wall(code: str, repeat: int) -> float:
    root = str(base_dir())  # the project folder
    env = dict(os.environ)  # with run_bench's data folder
    env["PYGAME_HIDE_SUPPORT_PROMPT"] = "1"
    times = []
    for _ in range(repeat):
        t0 = time.perf_counter()
        subprocess.run([sys.executable, "-c", code], cwd=root, env=env, check=True,
                       stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        times.append(time.perf_counter() - t0)
    return statistics.median(times)


def bench_start(repeat: int) -> dict[str, float]:
    """Cold start to the first frame, against importing the libraries alone."""
    _wall(_IMPORTS, 1)  # warm the file cache for both
    base = _wall(_IMPORTS, repeat)
    start = _wall(_FIRST_FRAME, repeat)
    return {"cold_start_s": start, "import_baseline_s": base,
            "start_ratio": start / base if base else 0.0}


# -- hostile maps --------------------------------------------------------------------------------

#: The map fuzzer's hostile cases that take longest to refuse, and the quick ones whose
#: whole point is to be refused before they are read (a bomb, a device, a FIFO).
HOSTILE_MAPS = ("5 polygons of 90,000 points", "2 valid polygons of 99,000 points",
                "polygon of 300,000 points", "1 MB city name", "nesting 50,000 deep (deck)",
                "alias bomb (map)", "geometry: /dev/zero", "deck is a FIFO")
#: ``--quick``: the heaviest and two of the quick ones.
QUICK_HOSTILE_MAPS = ("5 polygons of 90,000 points", "alias bomb (map)", "deck is a FIFO")


def bench_map_refusals(repeat: int, names: tuple[str, ...] = HOSTILE_MAPS
                       ) -> dict[str, float]:
    """The slowest refusal among the map fuzzer's heaviest hostile maps (shapes of 300,000
    and 450,000 points, a 1 MB name, deep nesting, an alias bomb, a device, a FIFO), each
    loaded as ``validate-map`` and New game load a map, against loading the map of Italy
    from its files the same way; processor time of this process, the median of ``repeat``
    loads each."""
    def cpu(path: Path, expect: str) -> float:
        times = []
        for _ in range(repeat):
            c0 = time.process_time()
            result = fuzz_maps.check_map(str(path))["result"]
            times.append(time.process_time() - c0)
            if result != expect:
                raise RuntimeError(f"{path}: {result}, not {expect}")
        return statistics.median(times)

    fuzz_maps.warm()
    cases = {c.name: c for c in fuzz_maps.hostile_cases()}
    with tempfile.TemporaryDirectory(prefix="italian-rails-bench-maps-") as tmp:
        good = Path(tmp) / "good"
        good.mkdir()
        base = cpu(fuzz_maps.base_copy(good), "accepted")
        refusals = {}
        for i, name in enumerate(names):
            folder = Path(tmp) / str(i)
            folder.mkdir()
            refusals[name] = cpu(cases[name].make(folder), "refused")
    worst = max(refusals.values())
    return {"map_load_cpu_s": base, "map_refusal_max_cpu_s": worst,
            "map_refusal_ratio": worst / base if base else 0.0}


def bench_menu_over_hostile_map() -> dict[str, float]:
    """The main menu's first frames and the map behind it (loaded in the background), with
    an alias bomb as the first map of the list, against the same with the map of Italy: the
    menu shows at once whatever the map, which is refused in its thread."""
    use_dummy_drivers()
    import pygame

    def menu(path: Path) -> float:
        scenes._BACKDROP = scenes.Backdrop()  # a backdrop of its own, as a new program's
        t0 = time.perf_counter()
        app = App(map_path=str(path), size=(1280, 720), fullscreen=False, settings=Settings())
        for _ in range(3):
            app.step(1 / 60, [])
        scenes._BACKDROP.wait(300.0)
        app.step(1 / 60, [])
        took = time.perf_counter() - t0
        if type(app.scene).__name__ != "MenuScene":
            raise RuntimeError(f"{path}: the menu did not show")
        pygame.quit()
        return took

    backdrop = scenes._BACKDROP
    try:
        with tempfile.TemporaryDirectory(prefix="italian-rails-bench-menu-") as tmp:
            good = Path(tmp) / "good"
            good.mkdir()
            base = menu(fuzz_maps.base_copy(good))
            bomb = Path(tmp) / "bomb"
            bomb.mkdir()
            path = fuzz_maps.base_copy(bomb)
            path.write_text(fuzz_maps.alias_bomb(), encoding="utf-8")
            hostile = menu(path)
    finally:
        scenes._BACKDROP = backdrop
    return {"menu_good_map_s": base, "menu_hostile_map_s": hostile,
            "menu_hostile_map_ratio": hostile / base if base else 0.0}


# -- memory ----------------------------------------------------------------------------------------


def bench_memory(map_path: str, quick: bool) -> dict[str, Any]:
    """The peak resident memory of a fresh process touring the game screen
    (:mod:`rail_app.games.italian_rails.devtools.memtour`)."""
    root = str(base_dir())  # the project folder
    env = dict(os.environ)  # with run_bench's data folder
    env["PYGAME_HIDE_SUPPORT_PROMPT"] = "1"
    code = "from rail_app.games.italian_rails.devtools.memtour import main; main()"
    args = [sys.executable, "-c", code, map_path] + (["--quick"] if quick else [])
    proc = subprocess.run(args, cwd=root, env=env, check=True, capture_output=True, text=True)
    out: dict[str, Any] = json.loads(proc.stdout)
    return out


# -- the command -------------------------------------------------------------------------------------

KEYS = (
    "blit_baseline_ms", "frame_pan_median_ms", "frame_pan_p99_ms", "frame_ratio",
    "zoom_max_ms", "quote_median_ms", "quote_p99_ms", "reach_full_recompute_ms",
    "route_preview_ms", "ai_turn_p95_s", "ai_turn_cpu_median_ms", "suggest_p95_s",
    "ghost_line_p95_s", "suggest_ratio", "cold_start_s",
    "import_baseline_s", "start_ratio", "board_build_cold_s", "board_build_cached_s",
    "peak_rss_mb", "replay_open_ms", "replay_jump_median_ms", "replay_jump_p95_ms",
    "map_load_cpu_s", "map_refusal_max_cpu_s", "map_refusal_ratio", "save_load_cpu_s",
    "save_refusal_max_cpu_s", "save_refusal_ratio", "no_display_s",
    "no_display_import_baseline_s", "no_display_ratio", "menu_good_map_s",
    "menu_hostile_map_s", "menu_hostile_map_ratio",
)

TARGETS = {
    "frame_ratio": ("<=", 2.5), "frame_pan_p99_ms": ("<=", 16.7), "zoom_max_ms": ("<=", 33.0),
    "quote_median_ms": ("<=", 1.0), "quote_p99_ms": ("<=", 5.0), "ai_turn_p95_s": ("<=", 0.5),
    "suggest_p95_s": ("<=", 0.5), "ghost_line_p95_s": ("<=", 0.5),
    "start_ratio": ("<=", 1.3), "peak_rss_mb": ("<=", 250.0),
    "replay_jump_p95_ms": ("<=", 50.0),
    "map_refusal_ratio": ("<=", 15.0), "save_refusal_ratio": ("<=", 1.0),
    "no_display_ratio": ("<=", 1.5), "menu_hostile_map_ratio": ("<=", 1.5),
}


def run_bench(map_path: str, quick: bool) -> dict[str, Any]:
    """Every figure; the game's screens and start-ups run in a data folder of their own,
    removed afterwards."""
    with scratch_data_dir("rails-bench-"):
        return _run_bench(map_path, quick)


def _run_bench(map_path: str, quick: bool) -> dict[str, Any]:
    t_all = time.perf_counter()
    out: dict[str, Any] = {
        "machine": f"{platform.machine()} · {os.cpu_count()} cores · Python "
                   f"{platform.python_version()} · {platform.system()}",
        "quick": quick,
        "load_average": list(os.getloadavg()) if hasattr(os, "getloadavg") else None,
    }
    out.update(bench_board(map_path, 3 if quick else 10))
    board = load_board(map_path)
    state = late_game(board, segments=150)
    out["segments"] = [len(p.track) for p in state.players]
    out.update(bench_quote(board, state, 100 if quick else 1000))
    out.update(bench_route(board, state, 20 if quick else 200))
    out.update(bench_ai(map_path, 10 if quick else 200, 6 if quick else 150))
    out.update(bench_advice(state, 10 if quick else 60))
    if out.get("ai_turn_p95_s"):  # a suggestion against one whole turn of the Hard computer
        out["suggest_ratio"] = out["suggest_p95_s"] / out["ai_turn_p95_s"]
    gc.collect()  # as the app does between turns (ui/session.py)
    out.update(bench_frames(map_path, board, state, 60 if quick else 300))
    out.update(bench_start(1 if quick else 5))
    out.update(bench_memory(map_path, quick))
    out.update(bench_replay(GAME_ID, map_path, 50 if quick else 200,
                              12 if quick else 45))
    out.update(bench_map_refusals(1, QUICK_HOSTILE_MAPS) if quick else bench_map_refusals(5))
    out.update(bench_save_refusals(GAME_ID, resource_path("maps", "test", "mini.yaml")
                                   .as_posix(), 1 if quick else 5))
    out.update(bench_no_display(1 if quick else 5))
    out.update(bench_menu_over_hostile_map())
    out["bench_s"] = time.perf_counter() - t_all
    return out


def run_command(args: argparse.Namespace) -> int:
    """``python -m rail_app bench [--json] [--quick] [--map MAP]``."""
    result = run_bench(args.map, args.quick)
    if args.json:
        print(json.dumps(result, indent=2))
        return 0
    print(f"Italian Rails benchmark — {result['machine']}")
    print(f"late-game board: {result['segments'][0]} and {result['segments'][1]} segments")
    if result.get("load_average"):
        print("load average at the start: " + ", ".join(f"{v:.2f}" for v in
                                                        result["load_average"]))
    for key in KEYS:
        value = result.get(key)
        target = TARGETS.get(key)
        shown = "n/a" if value is None else f"{value:.3f}"
        mark = ""
        if target is not None and value is not None:
            ok = value <= target[1]
            mark = f"   target {target[0]} {target[1]}: {'ok' if ok else 'MISSED'}"
        print(f"  {key:<26} {shown:>10}{mark}")
    print(f"  (CPU time of this process: pan median {result['frame_pan_median_cpu_ms']:.3f} ms,"
          f" p99 {result['frame_pan_p99_cpu_ms']:.3f} ms;"
          f" wall time of the slowest zoom frame {result['zoom_max_wall_ms']:.3f} ms)")
    print(f"(bench took {result['bench_s']:.1f} s)")
    return 0
