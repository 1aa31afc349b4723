"""Measuring the computer crew (DG-Q): all-computer rounds on the configurations at each level,
and rounds with a stand-in in one seat.

One round (:func:`play_round`) is played on the engine's own clock (every seat a computer, or
absent: the clock runs on by itself), each seat handed what it may see; the result keeps what
DG-Q1 reports (the score, the penalties, the deliveries per city, the share of seat time
spent idle, deadlocks and dead stations), the yards' never-loaded cubes (R-K3, DG-Q3) and the
waits from a computer's offer to another computer's take (DG-Q7).

A **deadlock** is a stretch of 60 s or more in which nothing moves (no cube is loaded, moved
between trains or delivered, and no train goes from one city or seat to another: taken, out
of an obstacle, moved to a seat's other city) while cubes remain to be moved at the present
seats' cities ("trains keep moving wherever the links allow", DG-Q5); a **dead station**
is one left with two engineerless trains and an empty hotel at the end (EX-22). Both must be
0 in every round (DG-Q1).

Statistics: win rates with 95 % Wilson intervals, medians with 95 % bootstrap intervals
(percentile, 2000 resamples, seeded), P10 and P90 by nearest rank.
"""

from __future__ import annotations

import math
import random
import statistics
import time
from collections.abc import Sequence
from dataclasses import asdict, dataclass, field
from typing import Any, Final

from rail_app.games.railpass.ai.crew import CrewPlayer
from rail_app.games.railpass.ai.levels import PROXY_REACTION, CrewLevel
from rail_app.games.railpass.rules import engine
from rail_app.games.railpass.rules.crew import dead_station
from rail_app.games.railpass.rules.events import (
    Arrived,
    CubeMoved,
    CubesSwapped,
    Delivered,
    Loaded,
    MovedOwn,
    Offered,
    Taken,
)
from rail_app.games.railpass.rules.network import Configuration
from rail_app.games.railpass.rules.scoring import score
from rail_app.games.railpass.rules.state import SeatKind, Settings
from rail_app.games.railpass.rules.view import seen_by

#: A stall this long (ticks) is a deadlock.
STALL: Final = 600
LEVELS: Final = ("trainee", "conductor", "chief")


@dataclass
class RoundResult:
    """What one round measured (see the module docstring)."""

    configuration: str
    level: str
    seed: int
    tempo: int
    stand_in: str = ""
    final: int = 0
    won: bool = False
    totals: list[int] = field(default_factory=list)
    base: int = 0
    penalty: int = 0
    pile: list[int] = field(default_factory=list)  # cubes, engineers, trains
    never_loaded: list[int] = field(default_factory=list)  # per yard (R-K3)
    idle_share: float = 0.0
    deadlocks: int = 0
    dead_stations: int = 0
    take_waits: list[int] = field(default_factory=list)  # computer -> computer (DG-Q7)
    actions: int = 0
    cpu: float = 0.0
    error: str = ""

    def as_dict(self) -> dict[str, Any]:
        out = asdict(self)
        out["cpu"] = round(self.cpu, 3)
        out["idle_share"] = round(self.idle_share, 4)
        return out


def play_round(config: Configuration, level: str, seed: int, tempo: int,
               stand_in: str = "", stand_in_seat: int = 0,
               minutes: int | None = None) -> RoundResult:
    """One all-computer round at ``level`` (``stand_in``: "proxy" or "absent" in
    ``stand_in_seat``, DG-Q5)."""
    result = RoundResult(config.id, level, seed, tempo, stand_in)
    n = config.seat_count
    kinds = [SeatKind.COMPUTER] * n
    reactions = [10] * n
    levels = [level] * n
    if stand_in == "absent":
        kinds[stand_in_seat] = SeatKind.ABSENT
    elif stand_in == "proxy":
        reactions[stand_in_seat] = PROXY_REACTION
        levels[stand_in_seat] = CrewLevel.PROXY
    start = time.process_time()
    try:
        state = engine.new_round(config, Settings(kinds=tuple(kinds), tempo=tempo,
                                                  reactions=tuple(reactions),
                                                  minutes=minutes), seed)
        players = [CrewPlayer(levels[s], s, seed) for s in range(n)]
        idle = [0] * n
        waiting_since = [-1] * n
        while not state.over:
            seat = engine.ENGINE.to_act(state)
            assert seat is not None, "no seat to act in a round that is not over"
            if waiting_since[seat] >= 0:
                idle[seat] += state.tick - waiting_since[seat]
                waiting_since[seat] = -1
            action = players[seat].choose(seen_by(state, seat))
            if action.kind == "wait":
                waiting_since[seat] = state.tick
            state = engine.apply(state, action, inplace=True)
            result.actions += 1
        for seat in range(n):
            if waiting_since[seat] >= 0:
                idle[seat] += state.tick + 1 - waiting_since[seat]
        present = [s for s in range(n) if kinds[s] is SeatKind.COMPUTER]
        seat_time = max(1, len(present) * state.end)
        result.idle_share = sum(idle[s] for s in present) / seat_time
        sco = score(state)
        result.final, result.won = sco.final, sco.won
        result.totals, result.base, result.penalty = list(sco.totals), sco.base, sco.penalty
        result.pile = [sco.pile_cubes, sco.pile_engineers, sco.pile_trains]
        result.never_loaded = [state.yard_left(c) for c in range(6)]
        result.dead_stations = sum(1 for c in range(6) if dead_station(state, c))
        result.deadlocks = _deadlocks(state, [c for s in range(n) if kinds[s] is not
                                              SeatKind.ABSENT for c in config.seats[s]])
        result.take_waits = _take_waits(state)
    except Exception as exc:  # report, never stop a whole run
        result.error = f"{type(exc).__name__}: {exc}"
    result.cpu = time.process_time() - start
    return result


def _deadlocks(state: Any, present: Sequence[int]) -> int:
    """Stalls of STALL ticks or more with cubes still to move at the present cities."""
    movable = sum(state.yard_left(c) for c in present) + sum(
        len(state.cubes[t]) for t in range(len(state.place)) if state.at[t] in present)
    delivered_after: list[tuple[int, int]] = []
    ticks = [0]
    for e in state.log:
        if isinstance(e, (Loaded, CubeMoved, CubesSwapped, Delivered, Taken, Arrived,
                          MovedOwn)):
            ticks.append(e.tick)
        if isinstance(e, Delivered):
            delivered_after.append((e.tick, e.count))
    ticks.append(state.end)
    stalls = 0
    for a, b in zip(ticks, ticks[1:], strict=False):
        if b - a >= STALL:
            if b == state.end and movable == 0:
                continue  # nothing left to move: the round is simply done
            stalls += 1
    return stalls


def _take_waits(state: Any) -> list[int]:
    """DG-Q7: ticks from a computer's offer to another computer's take."""
    made: dict[int, tuple[int, int]] = {}
    out = []
    for e in state.log:
        if isinstance(e, Offered):
            made[e.offer] = (e.tick, e.seat)
        elif isinstance(e, Taken) and e.offer in made:
            tick, sender = made[e.offer]
            if sender != e.seat and state.computer(sender) and state.computer(e.seat):
                out.append(e.tick - tick)
    return out


# -- statistics -------------------------------------------------------------------------------


def wilson(wins: int, n: int, z: float = 1.96) -> tuple[float, float]:
    """The 95 % Wilson score interval of a win rate."""
    if n == 0:
        return (0.0, 1.0)
    p = wins / n
    denom = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denom
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denom
    return (max(0.0, centre - half), min(1.0, centre + half))


def bootstrap_median(values: Sequence[float], seed: int = 0, resamples: int = 2000
                     ) -> tuple[float, float]:
    """The 95 % percentile bootstrap interval of a median."""
    if not values:
        return (0.0, 0.0)
    rng = random.Random(seed)
    n = len(values)
    meds = sorted(statistics.median(rng.choices(values, k=n)) for _ in range(resamples))
    return (meds[int(0.025 * resamples)], meds[int(0.975 * resamples) - 1])


def percentile(values: Sequence[float], p: float) -> float:
    """Nearest-rank percentile."""
    if not values:
        return 0.0
    s = sorted(values)
    return s[max(0, min(len(s) - 1, math.ceil(p / 100 * len(s)) - 1))]


def summarise(results: Sequence[RoundResult]) -> dict[str, Any]:
    """DG-Q1's report for one configuration and level."""
    finals = [r.final for r in results if not r.error]
    n = len(finals)
    wins = sum(1 for r in results if r.won and not r.error)
    lo, hi = wilson(wins, n)
    blo, bhi = bootstrap_median(finals)
    waits = [w for r in results for w in r.take_waits]
    cities = [[r.totals[c] for r in results if r.totals] for c in range(6)]
    return {
        "rounds": len(results), "errors": sum(1 for r in results if r.error),
        "median": statistics.median(finals) if finals else 0,
        "median_95": [blo, bhi],
        "p10": percentile(finals, 10), "p90": percentile(finals, 90),
        "win_rate": round(wins / n, 4) if n else 0.0,
        "win_95": [round(lo, 4), round(hi, 4)],
        "penalty_per_round": round(statistics.fmean(r.penalty for r in results), 3)
        if results else 0.0,
        "deliveries_per_city": [round(statistics.fmean(c), 2) if c else 0.0 for c in cities],
        "idle_share": round(statistics.fmean(r.idle_share for r in results), 4)
        if results else 0.0,
        "deadlocks": sum(r.deadlocks for r in results),
        "dead_stations": sum(r.dead_stations for r in results),
        "rounds_with_every_yard_left": sum(1 for r in results
                                           if r.never_loaded and min(r.never_loaded) >= 1),
        "median_min_never_loaded": statistics.median(
            [min(r.never_loaded) for r in results if r.never_loaded] or [0]),
        "take_wait_p95": percentile(waits, 95),
        "cpu_per_round": round(statistics.fmean(r.cpu for r in results), 3) if results
        else 0.0,
    }
