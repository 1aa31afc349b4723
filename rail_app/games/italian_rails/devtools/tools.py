"""Italian Rails' own development tools, as the shared tools reach them (its definition's
``tools``): how its soak plays (the goal-directed player, the variants in turn), its
benchmarks, its map fuzzer, the variant sets the checked games cycle through, and its own
commands (autoplay, screenshots, records, the lesson's tools)."""

from __future__ import annotations

import argparse
from pathlib import Path
from typing import Any

from rail_app.core import i18n
from rail_app.core.cliargs import MAX_GAMES, count, parse_size, project_folder
from rail_app.devtools.toolkit import GameCommand, GameTools
from rail_app.games.italian_rails.devtools import autoplay, bench, fuzz_maps, lessonseed
from rail_app.games.italian_rails.devtools.helpshots import main as shoot_helpers
from rail_app.games.italian_rails.devtools.newcomershots import main as shoot_newcomer
from rail_app.games.italian_rails.devtools.records import write_records
from rail_app.games.italian_rails.devtools.screenshots import SIZES
from rail_app.games.italian_rails.devtools.screenshots import main as shoot
from rail_app.games.italian_rails.devtools.soak import SOAK
from rail_app.games.italian_rails.devtools.xlesson import main as play
from rail_app.games.italian_rails.rules.identity import (
    VARIANT_FAST_TRAINS,
    VARIANT_LOANS,
    VARIANT_SMALL_CITY_ACCESS,
)


def _fuzz_maps() -> Any:
    return fuzz_maps


def _lesson_xvfb(args: argparse.Namespace) -> int:
    return play(Path(args.out), args.size)


def _screenshots(args: argparse.Namespace) -> int:
    sizes = tuple(args.size) if args.size else SIZES
    if args.language:
        i18n.set_language(args.language)
    if getattr(args, "newcomer", False):
        return shoot_newcomer(args.out, sizes)
    if args.helpers:
        return shoot_helpers(args.out, sizes)
    return shoot(args.out, sizes)


def _records(args: argparse.Namespace) -> int:
    for path in write_records(Path(args.root)):
        print(f"wrote {path}")
    return 0


# -- the arguments of its own commands ----------------------------------------------------------


def _lesson_seed_args(p: argparse.ArgumentParser) -> None:
    p.add_argument("--start", type=count(0, 10**12), default=1, help="the first seed to try")
    p.add_argument("--count", type=count(1, MAX_GAMES), default=5000,
                   help="how many seeds to try")


def _autoplay_args(p: argparse.ArgumentParser) -> None:
    p.add_argument("--map", default="maps/italy.yaml")
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--opponent", default="normal")
    p.add_argument("--shots", help="save a screenshot every minute of play to SHOTS-nnn.png")
    p.add_argument("--via-main", action="store_true",
                   help="start through python main.py and its menus (needs a display)")


def _lesson_xvfb_args(p: argparse.ArgumentParser) -> None:
    p.add_argument("--out", default="lesson-steps", help="the folder for the pictures")
    p.add_argument("--size", type=parse_size, default=(1920, 1080), help="window size WxH")


def _screenshots_args(p: argparse.ArgumentParser) -> None:
    p.add_argument("--out", default="docs/screenshots",
                   help="the folder for the pictures (one folder per size inside)")
    p.add_argument("--size", type=parse_size, action="append",
                   help="a window size WxH (repeat it; default 1920x1080 and 1280x720)")
    p.add_argument("--helpers", action="store_true",
                   help="only the pictures of the newcomer's helpers (saves, ferries, "
                        "Suggest, hints, the lesson)")
    p.add_argument("--newcomer", action="store_true",
                   help="only the pictures of what shows a newcomer the way (the win "
                        "tracker, the cash safety net, the card choice's help, the map "
                        "preview's pointer position)")
    p.add_argument("--language", default="",
                   help="the language of the pictures (en, es; default: the settings' or "
                        "the system's, as the game chooses)")


def _records_args(p: argparse.ArgumentParser) -> None:
    p.add_argument("--root", type=project_folder, default=".",
                   help="the project folder (default: here)")


def _variant_cycle() -> tuple[dict[str, object], ...]:
    # the soak's cycle (devtools/soak.py VARIANT_CYCLE): standard, Loans, Fast Trains, V3
    return ({}, {VARIANT_LOANS: True}, {VARIANT_FAST_TRAINS: True},
            {VARIANT_SMALL_CITY_ACCESS: True})


TOOLS = GameTools(
    soak=SOAK,
    bench=bench.run_command,
    fuzz_maps=_fuzz_maps,
    option_cycle=_variant_cycle(),
    commands={
        "autoplay": GameCommand("play a whole game through the game's window with posted "
                                "mouse and key events", _autoplay_args, autoplay.run_command),
        "make-records": GameCommand("write again the game records the tests replay "
                                    "(tests/records), from the current maps", _records_args,
                                    _records),
        "screenshots": GameCommand("draw the pictures of the game's screens (docs/screenshots.md)",
                                   _screenshots_args, _screenshots),
        "lesson-seed": GameCommand("check the seed of the lesson (Learn to play) and find one "
                                   "that fits its plan", _lesson_seed_args, lessonseed.run_command),
        "lesson-xvfb": GameCommand("play the lesson in the game window with X input "
                                   "(xdotool), under Xvfb, and take a picture of each step",
                                   _lesson_xvfb_args, _lesson_xvfb),
    },
)
