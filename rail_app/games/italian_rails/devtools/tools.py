"""Italian Rails' own development tools, as the shared tools reach them (its definition's
``tools``): how its soak plays (the goal-directed player, the variants in turn), its
benchmarks, its map fuzzer, the variant sets the checked games cycle through, and its own
commands (autoplay, screenshots, records, the lesson's tools)."""

from __future__ import annotations

import argparse
from pathlib import Path
from typing import Any

from rail_app.core import i18n
from rail_app.devtools.toolkit import GameTools
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


def _variant_cycle() -> tuple[dict[str, object], ...]:
    # the soak's cycle (devtools/soak.py VARIANT_CYCLE): standard, Loans, Fast Trains, V3
    return ({}, {VARIANT_LOANS: True}, {VARIANT_FAST_TRAINS: True},
            {VARIANT_SMALL_CITY_ACCESS: True})


TOOLS = GameTools(
    soak=SOAK,
    bench=bench.run_command,
    fuzz_maps=_fuzz_maps,
    option_cycle=_variant_cycle(),
    commands={"autoplay": autoplay.run_command, "lesson-seed": lessonseed.run_command,
              "lesson-xvfb": _lesson_xvfb, "screenshots": _screenshots,
              "make-records": _records},
)
