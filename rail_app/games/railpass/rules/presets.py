"""Difficulty (DG-L) and what a round counts as (DG-W): the presets of Crew and Dispatcher as
data, whether a round was standard or relaxed, and whether it was won.

The knobs (DG-L1) are the configuration, the crew's level, Table rules, the Expert stickers
and the clock; the tempo is no difficulty level (DG-L4): a slower or brisker crew is an
accessibility setting, and a round played with it is relaxed (DG-W2). The Expert stickers
are no beginners' preset (R-V3).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

from rail_app.games.railpass.rules.network import DISPATCHER_MINUTES, PUBLISHED_MINUTES
from rail_app.games.railpass.rules.scoring import WINNING_SCORE
from rail_app.games.railpass.rules.state import Mode, Settings

#: DG-D3, DG-Q3: the crew's default play tempo, in percent of the golden tempo (calibrated
#: on 6CI by the measures, ``docs/benchmarks.md``; the golden examples keep 100).
DEFAULT_TEMPO: Final = 430


@dataclass(frozen=True)
class Preset:
    """DG-L2, DG-L3: a preset's name, the configurations it offers ("" any; "PP" a Point to
    Point one), the crew's level, Table rules, stickers, minutes off the published clock,
    and the first trip's hints."""

    name: str
    configurations: str
    level: str
    table_rules: bool
    expert: bool
    minus_minutes: int = 0
    hints: bool = False


#: DG-L2: the Crew presets.
CREW_PRESETS: Final = (
    Preset("first-trip", "6F8", "chief", False, False, 0, hints=True),
    Preset("standard", "", "conductor", False, False),
    Preset("hard", "PP", "conductor", True, False, 1),
    Preset("expert", "", "conductor", True, True, 1),
)
#: DG-L3: the Dispatcher presets (no crew).
DISPATCHER_PRESETS: Final = (
    Preset("standard", "", "", False, False),
    Preset("hard", "", "", True, False, 1),
    Preset("expert", "", "", True, True, 1),
)


def preset_minutes(preset: Preset, mode: Mode, seats: int) -> int:
    """DG-C1, DG-C3: the preset's clock: the published one (Dispatcher's, DG-C3), less its
    minutes off."""
    top = DISPATCHER_MINUTES if mode is Mode.DISPATCHER else PUBLISHED_MINUTES[seats]
    return top - preset.minus_minutes


def relaxed(settings: Settings, seats: int, *, planning_pause: bool = False,
            assist: bool = False) -> bool:
    """DG-W2, DG-C2, DG-L4: a round is standard when it used the published clock or a shorter
    one, no planning pause, the default tempo and no Dispatcher assist; any other round is
    relaxed (shown and recorded, never among the standard bests)."""
    top = DISPATCHER_MINUTES if settings.mode is Mode.DISPATCHER else PUBLISHED_MINUTES.get(
        seats, 10)
    longer = settings.minutes is not None and settings.minutes > top
    return longer or planning_pause or assist or settings.tempo != DEFAULT_TEMPO


def won(final: int) -> bool:
    """DG-W1, R-W7: a round is won with 100 or more."""
    return final >= WINNING_SCORE


def best_key(configuration: str, mode: Mode, level: str) -> tuple[str, str, str]:
    """DG-W3: personal bests are kept for each configuration, mode and level."""
    return configuration, str(mode), level
