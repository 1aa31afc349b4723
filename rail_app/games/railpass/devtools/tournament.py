"""``python -m rail_app.games.railpass.devtools.tournament``: the all-computer tournament of Rail
Pass's crews and the stand-in measures (DG-Q1, DG-Q2, DG-Q3, DG-Q5, DG-Q7). (One round in
figures, DG-D6, is ``sim.py``.)

The crews of every level play the same seeds on every configuration chosen (every seat at the
level; ``--stand-in proxy`` or ``absent`` puts a stand-in in seat ``--stand-in-seat``); the
report gives, for each configuration and level, DG-Q1's figures (median, P10, P90 and the
median's bootstrap interval, the win rate with its Wilson interval, penalties, deliveries per
city, idle share, deadlocks and dead stations), whether the levels are ordered with
non-overlapping intervals (DG-Q2), the yards' never-loaded cubes (R-K3, DG-Q3) and the p95
wait from a computer's offer to another's take (DG-Q7). ``--tempos`` runs the calibration
grid of DG-Q3 instead of one tempo.

Exit status: 0; 1 if a round raised, deadlocked or left a dead station; 2 for bad input.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Sequence
from typing import Any

from rail_app.devtools.pool import worker_pool
from rail_app.games.railpass.devtools.measure import (
    LEVELS,
    RoundResult,
    play_round,
    summarise,
)
from rail_app.games.railpass.rules.configfile import PUBLISHED, published
from rail_app.games.railpass.rules.presets import DEFAULT_TEMPO


def parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(prog="python -m rail_app.games.railpass.devtools.tournament",
                                description=__doc__.split("\n\n")[0])
    arguments(p)
    return p


def arguments(p: argparse.ArgumentParser) -> None:
    """The command's arguments (this module's and ``railpass measure``'s)."""
    p.add_argument("--configs", default="6CI",
                   help="configurations, comma separated, or 'all' (default 6CI)")
    p.add_argument("--levels", default=",".join(LEVELS),
                   help="crew levels (default trainee,conductor,chief)")
    p.add_argument("--games", type=int, default=20, help="rounds per configuration and level")
    p.add_argument("--seed", type=int, default=1000, help="the first seed (then +1)")
    p.add_argument("--tempo", type=int, default=None,
                   help="the computers' tempo in percent of the golden one (default: the "
                        "calibrated play tempo)")
    p.add_argument("--tempos", default=None,
                   help="DG-Q3's calibration: tempos to try, comma separated")
    p.add_argument("--stand-in", choices=("proxy", "absent"), default=None,
                   help="DG-Q5: a stand-in in one seat")
    p.add_argument("--stand-in-seat", type=int, default=0)
    p.add_argument("--minutes", type=int, default=None, help="a shorter (or longer) clock")
    p.add_argument("--jobs", type=int, default=1, help="processes working at once")
    p.add_argument("--json", action="store_true", help="print one JSON document")
    p.add_argument("--rounds", action="store_true", help="with --json: every round too")


def _job(args: tuple[str, str, int, int, str, int, int | None]) -> RoundResult:
    cid, level, seed, tempo, stand_in, seat, minutes = args
    config = published(cid)
    return play_round(config, level, seed, tempo, stand_in, seat, minutes)


def run(configs: Sequence[str], levels: Sequence[str], seeds: Sequence[int], tempo: int,
        stand_in: str = "", seat: int = 0, minutes: int | None = None, jobs: int = 1
        ) -> list[RoundResult]:
    work = [(c, lv, s, tempo, stand_in, seat, minutes)
            for c in configs for lv in levels for s in seeds]
    if jobs > 1 and len(work) > 1:
        with worker_pool(jobs) as pool:
            return list(pool.imap(_job, work, chunksize=4))
    return [_job(w) for w in work]


def report(results: Sequence[RoundResult], configs: Sequence[str], levels: Sequence[str]
           ) -> dict[str, Any]:
    table: dict[str, Any] = {}
    for cid in configs:
        row = {lv: summarise([r for r in results
                              if r.configuration == cid and r.level == lv]) for lv in levels}
        meds = [row[lv]["median_95"] for lv in levels]
        ordered = all(a[1] < b[0] for a, b in zip(meds, meds[1:], strict=False)) and all(
            row[a]["median"] < row[b]["median"] for a, b in zip(levels, levels[1:],
                                                                strict=False))
        table[cid] = {"levels": row, "ordered": ordered}
    return table


def main(argv: Sequence[str]) -> int:
    return run_command(parser().parse_args(list(argv)))


def run_command(args: argparse.Namespace) -> int:
    """The crews' measures (the module's docstring)."""
    configs = list(PUBLISHED) if args.configs == "all" else [
        c.strip().upper() for c in args.configs.split(",") if c.strip()]
    levels = [lv.strip().lower() for lv in args.levels.split(",") if lv.strip()]
    bad = [c for c in configs if c not in PUBLISHED] + [
        lv for lv in levels if lv not in (*LEVELS, "proxy")]
    if bad or args.games < 1 or args.jobs < 1:
        print(f"bad input: {bad or 'counts'} (configurations: {', '.join(PUBLISHED)}; "
              f"levels: {', '.join(LEVELS)})", file=sys.stderr)
        return 2
    seeds = list(range(args.seed, args.seed + args.games))
    tempos = [int(t) for t in args.tempos.split(",")] if args.tempos else [
        args.tempo if args.tempo is not None else DEFAULT_TEMPO]
    out: dict[str, Any] = {"seeds": [seeds[0], seeds[-1]], "stand_in": args.stand_in or "",
                           "tempos": {}}
    failed = False
    for tempo in tempos:
        results = run(configs, levels, seeds, tempo, args.stand_in or "",
                      args.stand_in_seat, args.minutes, args.jobs)
        failed = failed or any(r.error or r.deadlocks or r.dead_stations for r in results)
        table = report(results, configs, levels)
        entry: dict[str, Any] = {"configurations": table}
        if args.rounds:
            entry["rounds"] = [r.as_dict() for r in results]
        out["tempos"][str(tempo)] = entry
        if not args.json:
            print(f"tempo {tempo}% (seeds {seeds[0]}-{seeds[-1]}"
                  + (f", {args.stand_in} in seat {args.stand_in_seat}" if args.stand_in else "")
                  + ")")
            for cid, row in table.items():
                print(f"  {cid}: ordered {row['ordered']}")
                for lv, s in row["levels"].items():
                    print(f"    {lv:9} median {s['median']:6.1f} {s['median_95']} "
                          f"P10 {s['p10']} P90 {s['p90']} win {s['win_rate']:.0%} "
                          f"{s['win_95']} pen {s['penalty_per_round']} idle "
                          f"{s['idle_share']:.0%} deadlocks {s['deadlocks']} dead "
                          f"{s['dead_stations']} yards-left {s['rounds_with_every_yard_left']}"
                          f" p95-wait {s['take_wait_p95']} errors {s['errors']} "
                          f"cpu {s['cpu_per_round']}s")
    if args.json:
        print(json.dumps(out, indent=1))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
