"""``python -m rail_app.devtools.replayshots [--out docs/screenshots]``: the pictures
of the replay (a position, a turn the review marks), the career page and the save screen
with its Export… dialog, drawn headless at 1920x1080 (the replay at 1280x720 too), in a
data folder of their own."""

from __future__ import annotations

import argparse
import os
from pathlib import Path
from typing import Any

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame  # noqa: E402

from rail_app.core.paths import resource_path, scratch_data_dir  # noqa: E402
from rail_app.devtools.replaybench import computer_game  # noqa: E402
from rail_app.table import registry  # noqa: E402
from rail_app.table.seats import Level, Seat, SeatKind  # noqa: E402
from rail_app.ui import screens
from rail_app.ui.app import App
from rail_app.ui.careerfiles import keep
from rail_app.ui.session import GameSetup, Session, new_save_path
from rail_app.ui.settings import Settings


def _session(played: Any, map_path: str, seats: list[Seat]) -> Any:
    board, final, names, actions = played
    game = registry.game("italian-rails")
    return Session(GameSetup(map_path, seats, 5, game.rules.options_of(final)), board, final)


def _people(names: list[str], levels: tuple[str, ...] = ("hard",), people: int = 1
            ) -> list[Seat]:
    inks = ("blue", "orange")
    return [Seat(n, SeatKind.HUMAN if i < people else SeatKind.COMPUTER,
                 Level(levels[0] if i >= people else "normal"), inks[i])
            for i, n in enumerate(names)]


def _app(size: tuple[int, int]) -> Any:
    return App(size=size, fullscreen=False, settings=Settings())


def _frames(app: Any, n: int = 3) -> None:
    for _ in range(n):
        app.step(1 / 60, [])


def shots(out: Path) -> list[Path]:
    made: list[Path] = []
    italy = str(resource_path("maps", "italy.yaml"))
    short = str(resource_path("maps", "test", "mini-short.yaml"))
    game = computer_game("italian-rails", italy, 45, names=["Anna", "Bruno"])
    long_game = _session(game, italy, _people(["Anna", "Bruno"]))
    for size in ((1920, 1080), (1280, 720)):
        app = _app(size)
        folder = out / f"{size[0]}x{size[1]}"
        folder.mkdir(parents=True, exist_ok=True)
        app.reset(screens.menu(app))
        scene = app.push(screens.replay(app, long_game))
        scene.go(scene.timeline.turn_starts[40] + 3)
        _frames(app)
        pygame.image.save(app.screen, folder / "replay.png")
        made.append(folder / "replay.png")
        if size == (1280, 720):
            continue
        scene.start_review()
        while scene.reviewing is not None:
            app.step(1 / 60, [])
        scene.go(max(scene.marks, key=lambda m: m.detail.gap).position)
        _frames(app)
        pygame.image.save(app.screen, folder / "replay-review.png")
        made.append(folder / "replay-review.png")
        # the career: finished games against each level, and one of two people
        for seed, level in enumerate(("easy", "normal", "hard", "hard", "normal", "hard")):
            played = computer_game("italian-rails", short, 30, seed=seed + 1,
                                   names=["Anna", "Computer"])
            keep(_session(played, short, _people(["Anna", "Computer"], (level,))))
        for seed in (11, 12):
            played = computer_game("italian-rails", short, 30, seed=seed,
                                   names=["Anna", "Carla"])
            keep(_session(played, short, _people(["Anna", "Carla"], people=2)))
        app.reset(screens.menu(app))
        app.push(screens.career(app))
        _frames(app)
        pygame.image.save(app.screen, folder / "career.png")
        made.append(folder / "career.png")
        long_game.save(new_save_path())
        app.reset(screens.menu(app))
        saves = app.push(screens.saves(app))
        _frames(app)
        saves.extras.ask_file("export")
        _frames(app)
        pygame.image.save(app.screen, folder / "save-screen-export.png")
        made.append(folder / "save-screen-export.png")
    return made


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(prog="python -m rail_app.devtools.replayshots",
                                description=__doc__)
    p.add_argument("--out", default="docs/screenshots")
    args = p.parse_args(argv)
    with scratch_data_dir("rails-replayshots-"):
        for path in shots(Path(args.out)):
            print(path)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
