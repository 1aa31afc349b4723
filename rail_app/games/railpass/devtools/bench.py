"""``python -m rail_app bench --game railpass``: the engine and the crew, measured (DG-D7 and
the issue's budgets: a whole 10-minute round of an all-computer crew in under 2 s of CPU; one
tick of the engine under 0.2 ms at the median, since a screen at 60 frames a second runs
several ticks a frame; a 6:00 round of six computer seats in at most 1.8 s, 200 times real
time).

Times are CPU seconds of this process (``time.process_time``) or the median of many short
wall-clock samples; each is also given against a fixed pure-Python workload timed in the
same run (``ratio``), which a busy machine changes less than an absolute time.
"""

from __future__ import annotations

import argparse
import json
import statistics
import time
from typing import Any, Final

from rail_app.games.railpass.ai.crew import CrewPlayer
from rail_app.games.railpass.ai.driver import computers_choose
from rail_app.games.railpass.rules import engine
from rail_app.games.railpass.rules.actions import Tick
from rail_app.games.railpass.rules.configfile import published
from rail_app.games.railpass.rules.presets import DEFAULT_TEMPO
from rail_app.games.railpass.rules.state import Clocking, SeatKind, Settings
from rail_app.games.railpass.rules.view import seen_by

#: The budgets.
ROUND_10_CPU_S: Final = 2.0
ROUND_6_CPU_S: Final = 1.8  # DG-D7
TICK_MEDIAN_MS: Final = 0.2


def baseline_ms() -> float:
    """A fixed pure-Python workload (a million small additions in a loop), in ms."""
    t0 = time.perf_counter()
    total = 0
    for i in range(1_000_000):
        total += i & 7
    return (time.perf_counter() - t0) * 1000


def round_cpu(cid: str, level: str, seed: int, minutes: int | None) -> float:
    """CPU seconds for one whole all-computer round, each seat handed what it may see."""
    config = published(cid)
    t0 = time.process_time()
    state = engine.new_round(config, Settings(tempo=DEFAULT_TEMPO, minutes=minutes), seed)
    crews = [CrewPlayer(level, s, seed) for s in range(state.seats)]
    while not state.over:
        seat = engine.ENGINE.to_act(state)
        assert seat is not None
        state = engine.apply(state, crews[seat].choose(seen_by(state, seat)), inplace=True)
    return time.process_time() - t0


def tick_ms(seed: int, ticks: int) -> list[float]:
    """Wall-clock ms of each tick of a round on the screen's clock (a person in seat 0 who
    does nothing, five computer seats): the computers' choices, then the clock's tick."""
    config = published("6CI")
    kinds = (SeatKind.PERSON,) + (SeatKind.COMPUTER,) * 5
    state = engine.new_round(config, Settings(kinds=kinds, clocking=Clocking.TICKS,
                                              tempo=DEFAULT_TEMPO), seed)
    crews = {s: CrewPlayer("conductor", s, seed) for s in range(1, 6)}
    out = []
    for _ in range(ticks):
        if state.over:
            break
        t0 = time.perf_counter()
        state = computers_choose(state, crews)
        if not state.over:
            state = engine.apply(state, Tick(), inplace=True)
        out.append((time.perf_counter() - t0) * 1000)
    return out


def measure(quick: bool = False) -> dict[str, Any]:
    """The figures: each round's CPU is the median over the seeds of the costliest level
    (the Chief plans most), on 6CI (six seats) and on 2PP (two seats running three cities
    each); the tick is a round on the screen's clock."""
    seeds = [1, 2] if quick else [1, 2, 3, 4, 5]
    levels = ("trainee", "conductor", "chief")
    base = statistics.median(baseline_ms() for _ in range(3))

    def worst(cid: str, minutes: int | None) -> tuple[float, str]:
        medians = {lv: statistics.median(round_cpu(cid, lv, s, minutes) for s in seeds)
                   for lv in levels}
        level = max(medians, key=lambda lv: medians[lv])
        return medians[level], level

    r10, r10_level = worst("6CI", 10)
    r10_two, r10_two_level = worst("2PP", None)
    r6, r6_level = worst("6CI", None)
    ticks = tick_ms(1, 600 if quick else 3600)
    m10 = max(r10, r10_two)
    tick_med = statistics.median(ticks)
    return {
        "tempo": DEFAULT_TEMPO,
        "seeds": seeds,
        "baseline_ms": round(base, 2),
        "round_10min_6_seats_cpu_s": round(r10, 3),
        "round_10min_6_seats_level": r10_level,
        "round_10min_2_seats_cpu_s": round(r10_two, 3),
        "round_10min_2_seats_level": r10_two_level,
        "round_6min_6_seats_cpu_s": round(r6, 3),
        "round_6min_6_seats_level": r6_level,
        "round_10min_ratio": round(m10 * 1000 / base, 2),
        "real_time_factor_6min": round(360 / r6, 1) if r6 else 0.0,
        "tick_ms_median": round(tick_med, 4),
        "tick_ms_p95": round(sorted(ticks)[int(0.95 * (len(ticks) - 1))], 4),
        "tick_ms_max": round(max(ticks), 3),
        "tick_ratio": round(tick_med / base, 5),
        "budgets": {"round_10min_cpu_s": ROUND_10_CPU_S, "round_6min_cpu_s": ROUND_6_CPU_S,
                    "tick_ms_median": TICK_MEDIAN_MS},
        "within_budget": m10 < ROUND_10_CPU_S and r6 <= ROUND_6_CPU_S
        and tick_med < TICK_MEDIAN_MS,
    }


def run_command(args: argparse.Namespace) -> int:
    result = measure(quick=bool(getattr(args, "quick", False)))
    if getattr(args, "json", False):
        print(json.dumps(result, indent=1))
    else:
        print(f"a 10-minute round of 6 computer seats: {result['round_10min_6_seats_cpu_s']} s "
              f"CPU ({result['round_10min_6_seats_level']}; 2 seats: "
              f"{result['round_10min_2_seats_cpu_s']} s, "
              f"{result['round_10min_2_seats_level']}; budget {ROUND_10_CPU_S} s; tempo "
              f"{result['tempo']}%)")
        print(f"a 6:00 round of 6 computer seats: {result['round_6min_6_seats_cpu_s']} s CPU, "
              f"{result['real_time_factor_6min']} times real time (DG-D7: at most "
              f"{ROUND_6_CPU_S} s)")
        print(f"one tick: median {result['tick_ms_median']} ms, p95 {result['tick_ms_p95']} "
              f"ms, max {result['tick_ms_max']} ms (budget {TICK_MEDIAN_MS} ms at the median)")
        print(f"baseline workload {result['baseline_ms']} ms; within budget: "
              f"{result['within_budget']}")
    return 0
