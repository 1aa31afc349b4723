"""UI monkey: random input on the real app, every screen, under SDL's dummy drivers.

Seeded random events -- clicks anywhere or on a widget or a button of the screen, drags with
any button (strokes along neighbouring dots on the map), the wheel, keys (Esc, Enter, F1,
F11, M, Space, Backspace, arrows, Home, letters, digits, Ctrl+Z), typed text, window resizes
-- are fed to ``App.step`` a few per frame. The run visits each screen in turn: the main
menu, the New game dialog, a game of a person against the computer, a game of two people,
a game of two computers, a game on the map of Italy, the Load screen (with saved games),
the settings and the game over screen; in between, the events take the app wherever they
lead. Any exception out of a frame counts as a crash (the frame is called directly, without
the crash net) and fails the run. How long frames take is reported, not failed (a busy
machine must not fail a run): the slowest frame in processor and wall-clock time, and the
frames over :data:`SLOW_FRAME_S` of processor time; the budgets of speed are ``bench``'s
(frames against a blit, the computer's turns) as ratios in one run.

``python -m rail_app fuzz ui [--long] [--seed N] [--count N]``  (``--count``: events)
"""

from __future__ import annotations

import os
import random
import tempfile
import time
import traceback
from collections import Counter
from collections.abc import Callable
from typing import Any

from rail_app.core import identity
from rail_app.core.paths import DATA_DIR_ENV
from rail_app.devtools.fuzz_names import POOLS, fuzz_name
from rail_app.devtools.games import played_session, small_map_of, table_of
from rail_app.devtools.toolkit import resolve
from rail_app.table.registry import game as game_of
from rail_app.table.seats import Level
from rail_app.ui import screens
from rail_app.ui.app import App
from rail_app.ui.headless import use_dummy_drivers
from rail_app.ui.session import COMPUTER, HUMAN, GameSetup, Seat, Session, saves_dir
from rail_app.ui.settings import Settings

SHORT_COUNT = 1500
LONG_COUNT = 50_000
SLOW_FRAME_S = 5.0
PHASE_EVENTS = 700  # events before the run moves to the next screen of the plan
PLAN = ("menu", "newgame", "game: person v computer", "game: two people",
        "load", "game: two computers", "settings", "gameover", "game: Italy")

SCREEN_OF = {"menu": "MenuScene", "newgame": "NewGameScene", "load": "SavesScene",
             "settings": "SettingsScene", "gameover": "GameOverScene"}
AWAY_FRAMES = 40  # frames on another screen before the run returns to the plan's screen
KEYS = ("ESCAPE", "RETURN", "F1", "F11", "m", "SPACE", "BACKSPACE", "TAB", "LEFT", "RIGHT",
        "UP", "DOWN", "HOME", "f", "b", "z", "a", "1", "9", "PLUS", "MINUS", "KP_ENTER")


class Monkey:
    """The random source of events for one run."""

    def __init__(self, app: Any, seed: int) -> None:
        import pygame

        self.pg = pygame
        self.app = app
        self.rng = random.Random(seed)

    def point(self) -> tuple[int, int]:
        """A random position, often on a widget, a button or a dot of the screen."""
        rng = self.rng
        w, h = self.app.size
        scene = self.app.scene
        r = rng.random()
        if r < 0.25:
            rects = [el.rect for el in scene.ui.get_sprite_group().sprites()
                     if getattr(el, "visible", True) and el.rect.w > 0]
            if rects:
                rect = rng.choice(rects)
                return rect.centerx + rng.randint(-5, 5), rect.centery + rng.randint(-3, 3)
        elif r < 0.45:
            buttons = getattr(scene, "widgets", None)  # a game screen's (Steam's)
            if isinstance(buttons, list) and buttons:
                rect = rng.choice(buttons).rect
                return int(rect.centerx), int(rect.centery)
        elif r < 0.6 and hasattr(scene, "camera") and hasattr(scene, "board"):
            d = rng.randrange(len(scene.board.dots))
            x, y = scene.camera.dot_screen(d)
            return round(x), round(y)
        return rng.randrange(-20, w + 20), rng.randrange(-20, h + 20)

    def stroke(self) -> list[Any]:
        """A drag through neighbouring dots, as a person draws track."""
        pg = self.pg
        scene = self.app.scene
        board = getattr(scene, "board", None)
        if board is None or not hasattr(scene, "camera"):
            return self.drag()
        d = self.rng.randrange(len(board.dots))
        path = [d]
        for _ in range(self.rng.randint(1, 5)):
            options = [n for n in board.adj[path[-1]] if n not in path]
            if not options:
                break
            path.append(self.rng.choice(options))
        pts = [tuple(round(v) for v in scene.camera.dot_screen(p)) for p in path]
        out = [pg.event.Event(pg.MOUSEMOTION, pos=pts[0], rel=(0, 0), buttons=(0, 0, 0)),
               pg.event.Event(pg.MOUSEBUTTONDOWN, pos=pts[0], button=1)]
        for a, b in zip(pts, pts[1:], strict=False):
            out.append(pg.event.Event(pg.MOUSEMOTION, pos=b, rel=(b[0] - a[0], b[1] - a[1]),
                                      buttons=(1, 0, 0)))
        out.append(pg.event.Event(pg.MOUSEBUTTONUP, pos=pts[-1], button=1))
        return out

    def drag(self) -> list[Any]:
        pg = self.pg
        button = self.rng.choice([1, 1, 2, 3])
        held = {1: (1, 0, 0), 2: (0, 1, 0), 3: (0, 0, 1)}[button]
        a = self.point()
        out = [pg.event.Event(pg.MOUSEBUTTONDOWN, pos=a, button=button)]
        for _ in range(self.rng.randint(1, 6)):
            b = (a[0] + self.rng.randint(-200, 200), a[1] + self.rng.randint(-200, 200))
            out.append(pg.event.Event(pg.MOUSEMOTION, pos=b, rel=(b[0] - a[0], b[1] - a[1]),
                                      buttons=held))
            a = b
        out.append(pg.event.Event(pg.MOUSEBUTTONUP, pos=a, button=button))
        return out

    def key(self) -> list[Any]:
        pg = self.pg
        name = self.rng.choice(KEYS)
        k = getattr(pg, f"K_{name}")
        mod = pg.KMOD_CTRL if name == "z" and self.rng.random() < 0.5 else 0
        uni = name if len(name) == 1 else ("\r" if name in ("RETURN", "KP_ENTER") else "")
        return [pg.event.Event(pg.KEYDOWN, key=k, mod=mod, unicode=uni, scancode=0),
                pg.event.Event(pg.KEYUP, key=k, mod=mod, unicode=uni, scancode=0)]

    def events(self) -> list[Any]:
        """One random gesture: a list of events."""
        pg = self.pg
        rng = self.rng
        r = rng.random()
        if r < 0.22:
            p = self.point()
            b = rng.choice([1, 1, 1, 3, 2])
            return [pg.event.Event(pg.MOUSEMOTION, pos=p, rel=(0, 0), buttons=(0, 0, 0)),
                    pg.event.Event(pg.MOUSEBUTTONDOWN, pos=p, button=b),
                    pg.event.Event(pg.MOUSEBUTTONUP, pos=p, button=b)]
        if r < 0.35:
            return [pg.event.Event(pg.MOUSEMOTION, pos=self.point(), rel=(1, 1),
                                   buttons=(0, 0, 0))]
        if r < 0.45:
            return self.stroke()
        if r < 0.52:
            return self.drag()
        if r < 0.6:
            y = rng.choice([-3, -1, -1, 1, 1, 3])
            return [pg.event.Event(pg.MOUSEMOTION, pos=self.point(), rel=(0, 0),
                                   buttons=(0, 0, 0)),
                    pg.event.Event(pg.MOUSEWHEEL, x=0, y=y, flipped=False, precise_x=0.0,
                                   precise_y=float(y), which=0)]
        if r < 0.9:
            return self.key()
        if r < 0.96:
            text = rng.choice(["a", "Anna", "123", "é", "🚂", "x" * 40, " ", "\t",
                               fuzz_name(rng), rng.choice(rng.choice(POOLS)[1])])
            return [pg.event.Event(pg.TEXTINPUT, text=text)]
        w = rng.choice([100, 640, 1280, 1366, 1600, 1920, 2560, 3000])
        h = rng.choice([100, 480, 720, 768, 900, 1080, 1440, 2000])
        return [pg.event.Event(pg.VIDEORESIZE, w=w, h=h, size=(w, h))]


def _finished_session(game: str | None = None) -> Any:
    """A game of the game's small map played to its end by random players (ended by the
    game's own rule at 40 turns each)."""
    definition = game_of(game)
    path = small_map_of(game)
    board = definition.rules.load_board(path)
    names, _, inks = table_of(game, ("Anna", "Bruno", "Ezio", "Fede", "Gino", "Ivo"))
    state = definition.rules.new_game(board, list(names), {}, 3)
    bots = [definition.player("random", i, 3) for i in range(len(names))]
    for _ in range(20_000):
        if definition.rules.outcome(state) is not None:
            break
        if min(definition.rules.turns_taken(state)) >= 40:
            state = definition.rules.end_early(state)
            break
        who = definition.rules.to_act(state)
        assert who is not None
        state = definition.rules.apply(state, bots[who].choose(definition.rules.seen_by(state, who)))
    seats = [Seat(n, COMPUTER, Level.EASY if i % 2 == 0 else Level.HARD, ink)
             for i, (n, ink) in enumerate(zip(names, inks, strict=True))]
    return Session(GameSetup(path, seats, 3, game=definition.id), board, state)


def _go(app: Any, phase: str, finished: Any, game: str | None = None) -> None:
    """Put the app on the screen of ``phase``."""
    app.running = True
    definition = game_of(game)
    if phase.startswith("game:"):
        kinds = {"game: person v computer": (HUMAN, COMPUTER), "game: two people": (HUMAN, HUMAN),
                 "game: two computers": (COMPUTER, COMPUTER),
                 "game: Italy": (HUMAN, COMPUTER)}[phase]
        path = resolve(definition.default_map) if "Italy" in phase else small_map_of(game)
        names = ("Anna", "Bruno", "Ezio", "Fede", "Gino", "Ivo")
        inks = ("blue", "orange", "vermillion", "sky blue", "bluish green", "reddish purple")
        seats = [Seat(names[i], kinds[i % 2], Level.HARD if i % 2 == 0 else Level.EASY,
                      inks[i]) for i in range(definition.seats.default)]
        app.reset(screens.game(app, Session.new(GameSetup(path, seats, 7, game=definition.id))))
    elif phase == "gameover":
        app.reset(screens.game_over(app, finished))
    elif phase == "settings":
        app.reset(screens.menu(app))
        app.push(screens.settings(app))
    elif phase == "newgame":
        app.reset(screens.menu(app))
        app.push(screens.new_game(app, game))
    elif phase == "load":
        app.reset(screens.menu(app))
        app.push(screens.saves(app))
    else:
        app.reset(screens.menu(app))


def run(seed: int = 1, count: int = SHORT_COUNT,
        progress: Callable[[str], None] | None = None, game: str | None = None
        ) -> dict[str, Any]:
    """Feed ``count`` random events to the app; a summary (crashes, slowest frame...)."""
    use_dummy_drivers()
    old = os.environ.get(DATA_DIR_ENV)
    with tempfile.TemporaryDirectory(prefix=f"{identity.SCRATCH_PREFIX}fuzz-ui-",
                                     ignore_cleanup_errors=True) as tmp:
        os.environ[DATA_DIR_ENV] = tmp
        try:
            return _run(seed, count, progress, game)
        finally:
            if old is None:
                os.environ.pop(DATA_DIR_ENV, None)
            else:
                os.environ[DATA_DIR_ENV] = old


def _new_app() -> Any:
    return App(size=(1280, 720), fullscreen=False, settings=Settings())


def _run(seed: int, count: int, progress: Callable[[str], None] | None,
         game: str | None = None) -> dict[str, Any]:
    import pygame

    t0 = time.perf_counter()
    names, kinds, inks = table_of(game, ("Anna", "Bruno", "Ezio", "Fede", "Gino", "Ivo"))
    played = played_session(small_map_of(game), seed, 30, names, kinds, inks, game=game)
    played.save(saves_dir() / "game-20250101-120000.json")
    played.autosave()
    finished = _finished_session(game)
    app = _new_app()
    monkey = Monkey(app, seed)
    sent = 0
    frames = 0
    crashes: list[str] = []
    slow: list[str] = []
    slowest = 0.0
    slowest_cpu = 0.0
    quits = 0
    seen: Counter[str] = Counter()
    phase_i = -1
    next_phase = 0
    phase = PLAN[0]
    away = 0
    while sent < count:
        if sent >= next_phase or away > AWAY_FRAMES:
            if sent >= next_phase:
                phase_i += 1
                next_phase = sent + PHASE_EVENTS
                phase = PLAN[phase_i % len(PLAN)]
            away = 0
            try:
                _go(app, phase, finished, game)
            except Exception as exc:
                crashes.append(f"going to {phase}: {type(exc).__name__}: {exc}")
                app = _restart(app)
                monkey.app = app
            if progress is not None and sent >= next_phase - PHASE_EVENTS and away == 0 \
                    and sent - (next_phase - PHASE_EVENTS) < 10:
                progress(f"{sent} events: {phase} ({len(crashes)} crashes, slowest frame "
                         f"{slowest:.2f} s)")
        batch: list[Any] = []
        for _ in range(monkey.rng.randint(1, 3)):
            batch += monkey.events()
        sent += len(batch)
        dt = monkey.rng.choice([1 / 60, 1 / 30, 0.1, 0.4])
        t = time.perf_counter()
        c = time.process_time()
        try:
            app.step(dt, batch)
        except Exception as exc:
            tb = traceback.format_exception(type(exc), exc, exc.__traceback__)
            crashes.append(f"{type(app.scene).__name__}: {''.join(tb[-3:]).strip()[-600:]}")
            if progress is not None:
                progress(f"CRASH at event {sent}: {crashes[-1]}")
            app = _restart(app)
            monkey.app = app
            continue
        took = time.perf_counter() - t
        cpu = time.process_time() - c
        frames += 1
        screen = type(app.scene).__name__
        seen[screen] += 1
        away = away + 1 if screen != SCREEN_OF.get(phase, "GameScene") else 0
        slowest = max(slowest, took)
        slowest_cpu = max(slowest_cpu, cpu)
        if cpu > SLOW_FRAME_S:
            slow.append(f"{type(app.scene).__name__}: {cpu:.1f} s of processor time (slow)")
        if not app.running:  # the Quit button: count it and carry on from the menu
            quits += 1
            app.running = True
            app.reset(screens.menu(app))
    pygame.quit()
    return {
        "seed": seed,
        "events": sent,
        "frames": frames,
        "crashes": len(crashes),
        "slow_frames": len(slow),
        "slowest_frame_s": round(slowest, 3),
        "slowest_frame_cpu_s": round(slowest_cpu, 3),
        "quits": quits,
        "screens": dict(sorted(seen.items())),
        "failures": crashes[:30],
        "slow": slow[:30],
        "seconds": round(time.perf_counter() - t0, 1),
    }


def _restart(app: Any) -> Any:
    import pygame

    pygame.quit()
    return _new_app()


def passed(summary: dict[str, Any]) -> bool:
    return bool(summary["crashes"] == 0)
