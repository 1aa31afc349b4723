"""The Steam tournament: computer levels at mixed tables of N seats, seats rotated, on all
cores, with the rules' invariants checked after every action.

``python -m rail_app.games.steam.devtools.tournament --seats 3 --table hard,normal,normal``
plays ``--games`` games of that table. Game *i* deals seed ``--seed + i // N`` and seats
the table turned by ``i % N`` places, so every level sits in every seat on the same deals
(a whole number of rounds of N games gives each seat the same luck). A mirror table (one
level in every seat, e.g. hard,hard,hard) deals a new seed ``--seed + i`` for every game
instead: its share of wins by seat says whether a seat is worth more than another. Several ``--table``
options play several tables; without one, the table is the levels of ``--levels`` dealt
round the seats (easy, normal, hard, easy, ...).

After every action the engine's quote must accept it and :func:`invariants` must hold (cash,
income, locomotives, one controller per link, the tile supply, goods and counters
conserved, the ledger, the final score); any exception, refused action or broken invariant
is the game's error, and a game still going after :data:`MAX_ACTIONS` actions fails to end.

Printed per level: games, its seats per table, the share of games one of its seats won
with a 95% Wilson interval (against chance: its seats / N), mean rank, the median final
score, a rating on the Elo scale fitted by Plackett-Luce over the games' full rankings
(minorisation-maximisation; every level starts at 1500, the mean is kept at 1500); the
share won by each seat position per table (for a mirror table: whether moving first
matters); errors; games that failed to end; the CPU time of a computer turn (all of one
seat's actions in one game turn: p50, p95, max); and the CPU time of a whole game.
``--json`` prints all of it as one document, with every game.
"""

from __future__ import annotations

import argparse
import contextlib
import json
import math
import multiprocessing
import os
import signal
import statistics
import sys
import time
import traceback
from collections.abc import Iterator, Sequence
from dataclasses import asdict, dataclass, field
from functools import lru_cache
from multiprocessing.pool import Pool
from typing import Any

from rail_app.games.steam.ai import make_player
from rail_app.games.steam.ai.bots import Bot
from rail_app.games.steam.ai.levels import LEVELS
from rail_app.games.steam.rules import engine
from rail_app.games.steam.rules.board import Board
from rail_app.games.steam.rules.invariants import invariants
from rail_app.games.steam.rules.mapfile import MapError, load_board
from rail_app.games.steam.rules.state import GameState

MAX_ACTIONS = 20_000
#: The most games of each table one run plays.
MAX_GAMES = 1_000_000
Z95 = 1.959964
DEFAULT_MAP = "maps/test/steam-small.yaml"
EXIT_OK, EXIT_FAILED, EXIT_REFUSED, EXIT_INTERRUPTED = 0, 1, 2, 130
LEVEL_NAMES = ("easy", "normal", "hard", "greedy", "random")


@dataclass
class Game:
    """One game of the tournament and what came of it."""

    seed: int
    seats: tuple[str, ...]  # the level in each seat
    table: int  # which table of the run
    variant: str
    winner: int | None = None
    ranks: tuple[int, ...] = ()  # seats, best first
    scores: tuple[int | None, ...] = ()
    error: str | None = None
    ended: bool = False
    actions: int = 0
    turn_cpu: dict[int, list[float]] = field(default_factory=dict)  # seat -> CPU s per turn
    cpu: float = 0.0  # all the computer players' CPU time
    seconds: float = 0.0


@lru_cache(maxsize=4)
def _board(map_path: str) -> Board:
    return load_board(map_path)


def play(map_path: str, seed: int, seats: Sequence[str], variant: str = "basic",
         table: int = 0, check: bool = True, max_actions: int = MAX_ACTIONS) -> Game:
    """Play one game, checking every action and the invariants after it; an exception, a
    refused action or a broken invariant becomes the game's error."""
    game = Game(seed, tuple(seats), table, variant)
    t0 = time.perf_counter()
    state: GameState | None = None
    try:
        board = _board(map_path)
        state = engine.new_game(board, [f"{lvl} {i + 1}" for i, lvl in enumerate(seats)],
                                {"game": variant}, seed)
        players: list[Bot] = [make_player(lvl, i, seed * 31 + i) for i, lvl in enumerate(seats)]
        cpu: dict[tuple[int, int], float] = {}
        for _ in range(max_actions):
            if state.over:
                break
            seat = state.actor()
            assert seat is not None
            c0 = time.process_time()
            action = players[seat].choose(state, seat)
            spent = time.process_time() - c0
            key = (state.turn, seat)
            cpu[key] = cpu.get(key, 0.0) + spent
            game.cpu += spent
            if check:
                q = engine.quote(state, action, seat)
                if not q.ok:
                    raise RuntimeError(f"seat {seat} ({seats[seat]}) chose a refused action "
                                       f"{action!r}: {q.headline}")
            state = engine.apply(state, action, seat, inplace=True)
            game.actions += 1
            if check:
                problems = invariants(state)
                if problems:
                    raise RuntimeError(f"after {action!r}: {problems[0]}"
                                       + (f" (and {len(problems) - 1} more)"
                                          if len(problems) > 1 else ""))
        if not state.over:
            raise RuntimeError(f"the game did not end after {max_actions} actions")
        game.ended = True
        for (_, seat), s in cpu.items():
            if seats[seat] != "random":
                game.turn_cpu.setdefault(seat, []).append(s)
        outcome = state.outcome
        assert outcome is not None
        game.winner = outcome.winner
        game.ranks = outcome.ranks
        game.scores = outcome.scores
    except Exception as exc:  # a tournament reports every failing game and goes on
        tb = traceback.extract_tb(exc.__traceback__)
        where = f" at {tb[-1].filename.split('/')[-1]}:{tb[-1].lineno}" if tb else ""
        game.error = f"{type(exc).__name__}: {exc}{where}"
    game.seconds = time.perf_counter() - t0
    return game


def schedule(tables: Sequence[Sequence[str]], games: int, seed: int
             ) -> list[tuple[int, tuple[str, ...], int]]:
    """``games`` games of each table: (seed, seats, table index); game i deals seed
    ``seed + i // N`` with the table turned by ``i % N`` seats. A mirror table (one level in
    every seat) deals seed ``seed + i``: turned, it would play the same game N times."""
    out: list[tuple[int, tuple[str, ...], int]] = []
    for t, table in enumerate(tables):
        n = len(table)
        if len(set(table)) == 1:
            out.extend((seed + i, tuple(table), t) for i in range(games))
            continue
        for i in range(games):
            r = i % n
            seats = tuple(table[(k - r) % n] for k in range(n))
            out.append((seed + i // n, seats, t))
    return out


def _ignore_interrupts() -> None:
    """A worker's initializer: Ctrl-C is the parent's to handle."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)


@contextlib.contextmanager
def worker_pool(workers: int) -> Iterator[Pool]:
    """Forked workers that ignore Ctrl-C; terminated if the body is interrupted or fails."""
    pool = multiprocessing.get_context("fork").Pool(workers, initializer=_ignore_interrupts)
    try:
        yield pool
    except BaseException:
        pool.terminate()
        pool.join()
        raise
    pool.close()
    pool.join()


Job = tuple[str, int, tuple[str, ...], str, int]


def _play_job(job: Job) -> Game:
    map_path, seed, seats, variant, table = job
    return play(map_path, seed, seats, variant, table)


def run(map_path: str, plan: Sequence[tuple[int, tuple[str, ...], int]], variant: str,
        jobs: int, progress: bool = True) -> list[Game]:
    """Play the games on ``jobs`` processes (a progress bar on a terminal's stderr)."""
    from tqdm import tqdm

    work: list[Job] = [(map_path, seed, seats, variant, t) for seed, seats, t in plan]
    done: list[Game] = []
    bar = tqdm(total=len(work), unit="game", disable=not (progress and sys.stderr.isatty()),
               file=sys.stderr, dynamic_ncols=True, leave=False)
    try:
        if jobs <= 1:
            for job in work:
                done.append(_play_job(job))
                bar.update(1)
        else:
            with worker_pool(jobs) as pool:
                for game in pool.imap_unordered(_play_job, work):
                    done.append(game)
                    bar.update(1)
    finally:
        bar.close()
    order = {(seed, seats, t): i for i, (seed, seats, t) in enumerate(plan)}
    return sorted(done, key=lambda g: order[(g.seed, g.seats, g.table)])


# -- statistics ---------------------------------------------------------------------------------


def wilson(wins: float, n: int) -> tuple[float, float]:
    """The 95% Wilson score interval of a proportion ``wins / n``."""
    if n == 0:
        return (0.0, 1.0)
    p = wins / n
    z2 = Z95 * Z95
    centre = (p + z2 / (2 * n)) / (1 + z2 / n)
    half = Z95 * math.sqrt(p * (1 - p) / n + z2 / (4 * n * n)) / (1 + z2 / n)
    return (max(0.0, centre - half), min(1.0, centre + half))


def plackett_luce(rankings: Sequence[Sequence[str]], iterations: int = 300
                  ) -> dict[str, float]:
    """Ratings on the Elo scale (400 points = 10:1 odds of coming first between two) fitted
    by minorisation-maximisation (Hunter 2004) to full rankings, best first; several seats
    of one level share its strength. Half a virtual win each way between every two levels
    keeps a level that always (or never) wins finite. The mean rating is 1500."""
    names = sorted({x for r in rankings for x in r})
    if len(names) < 2:
        return {x: 1500.0 for x in names}
    data: list[tuple[list[str], float]] = [(list(r), 1.0) for r in rankings if len(r) > 1]
    for i, a in enumerate(names):
        for b in names[i + 1:]:
            data.append(([a, b], 0.5))
            data.append(([b, a], 0.5))
    wins = dict.fromkeys(names, 0.0)
    for r, w in data:
        for x in r[:-1]:
            wins[x] += w
    gamma = dict.fromkeys(names, 1.0)
    for _ in range(iterations):
        denom = dict.fromkeys(names, 0.0)
        for r, w in data:
            total = sum(gamma[x] for x in r)
            for k in range(len(r) - 1):
                for x in r[k:]:
                    denom[x] += w / total
                total -= gamma[r[k]]
        new = {x: (wins[x] / denom[x]) if denom[x] > 0 else gamma[x] for x in names}
        mean = statistics.fmean(math.log(v) for v in new.values())
        gamma = {x: v / math.exp(mean) for x, v in new.items()}
    return {x: round(1500 + 400 * math.log10(v), 1) for x, v in gamma.items()}


def _pct(values: Sequence[float], p: float) -> float:
    if not values:
        return 0.0
    s = sorted(values)
    return s[min(len(s) - 1, int(round(p / 100 * (len(s) - 1))))]


def summarise(games: Sequence[Game], tables: Sequence[Sequence[str]]) -> dict[str, Any]:
    ok = [g for g in games if g.error is None]
    levels = sorted({x for t in tables for x in t},
                    key=lambda x: LEVEL_NAMES.index(x) if x in LEVEL_NAMES else 99)
    per_level: dict[str, Any] = {}
    for lvl in levels:
        mine = [g for g in ok if lvl in g.seats]
        won = sum(1 for g in mine if g.winner is not None and g.seats[g.winner] == lvl)
        seats_share = [g.seats.count(lvl) / len(g.seats) for g in mine]
        ranks = [g.ranks.index(s) + 1 for g in mine for s, x in enumerate(g.seats) if x == lvl]
        scores = [sc for g in mine for s, x in enumerate(g.seats) if x == lvl
                  for sc in [g.scores[s]] if sc is not None]
        cpu = [t for g in games for s, ts in g.turn_cpu.items() if g.seats[s] == lvl for t in ts]
        margins = [sc - statistics.fmean(o for j, o in enumerate(g.scores)
                                         if j != s and o is not None)
                   for g in mine for s, x in enumerate(g.seats) if x == lvl
                   for sc in [g.scores[s]] if sc is not None
                   and any(o is not None for j, o in enumerate(g.scores) if j != s)]
        lo, hi = wilson(won, len(mine))
        per_level[lvl] = {
            "games": len(mine),
            "wins": won,
            "win_share": round(won / len(mine), 3) if mine else None,
            "ci95": [round(lo, 3), round(hi, 3)],
            "chance": round(statistics.fmean(seats_share), 3) if seats_share else None,
            "mean_rank": round(statistics.fmean(ranks), 2) if ranks else None,
            "median_score": statistics.median(scores) if scores else None,
            "mean_margin": round(statistics.fmean(margins), 2) if margins else None,
            "margin_se": round(statistics.stdev(margins) / math.sqrt(len(margins)), 2)
            if len(margins) > 1 else None,
            "bankrupt": sum(1 for g in mine for s, x in enumerate(g.seats)
                            if x == lvl and g.scores[s] is None),
            "turn_cpu_s": {"p50": round(_pct(cpu, 50), 4), "p95": round(_pct(cpu, 95), 4),
                           "max": round(max(cpu), 4) if cpu else 0.0},
        }
    tabs: list[dict[str, Any]] = []
    for t, table in enumerate(tables):
        mine = [g for g in ok if g.table == t]
        n = len(table)
        by_seat = [sum(1 for g in mine if g.winner == s) for s in range(n)]
        tabs.append({
            "table": list(table),
            "games": sum(1 for g in games if g.table == t),
            "seat_win_share": [round(w / len(mine), 3) if mine else None for w in by_seat],
            "seat_ci95": [[round(x, 3) for x in wilson(w, len(mine))] for w in by_seat],
            "game_cpu_mean_s": round(statistics.fmean(g.cpu for g in mine), 2) if mine
            else None,
        })
    rankings = [[g.seats[s] for s in g.ranks] for g in ok]
    return {
        "games": len(games),
        "errors": sum(1 for g in games if g.error is not None),
        "not_ended": sum(1 for g in games if not g.ended),
        "levels": per_level,
        "ratings": plackett_luce(rankings) if len({x for r in rankings for x in r}) > 1
        else {},
        "tables": tabs,
        "game_cpu_mean_s": round(statistics.fmean(g.cpu for g in ok), 2) if ok else None,
    }


def lines(summary: dict[str, Any]) -> Iterator[str]:
    yield (f"{'level':<8}{'games':>6}  {'win share (95% CI)':<26}{'chance':>7}{'rank':>6}"
           f"{'median':>8}{'margin':>8}{'rating':>8}{'bankrupt':>9}   turn CPU p50/p95/max")
    for lvl, e in summary["levels"].items():
        lo, hi = e["ci95"]
        share = f"{e['win_share']:.1%} ({lo:.1%}-{hi:.1%})" if e["win_share"] is not None \
            else "-"
        cpu = e["turn_cpu_s"]
        chance = f"{e['chance']:.1%}" if e["chance"] is not None else "-"
        rank = f"{e['mean_rank']:.2f}" if e["mean_rank"] is not None else "-"
        yield (f"{lvl:<8}{e['games']:>6}  {share:<26}{chance:>7}"
               f"{rank:>6}{e['median_score']!s:>8}{e['mean_margin']!s:>8}"
               f"{summary['ratings'].get(lvl, 1500):>8.0f}{e['bankrupt']:>9}   "
               f"{cpu['p50']:.3f}/{cpu['p95']:.3f}/{cpu['max']:.3f} s")
    for t in summary["tables"]:
        shares = ", ".join(f"seat {i + 1} {s:.0%}" for i, s in enumerate(t["seat_win_share"])
                           if s is not None)
        yield (f"table {','.join(t['table'])}: {t['games']} games; wins by seat (rotated "
               f"tables: each level in each seat): {shares}; CPU per game "
               f"{t['game_cpu_mean_s']} s")


def parse_args(argv: Sequence[str] | None = None) -> argparse.Namespace:
    p = argparse.ArgumentParser(prog="tournament --game steam", description=__doc__.split(
        "\n\n")[0])
    p.add_argument("--seats", type=int, default=3, help="seats at each table (3-6)")
    p.add_argument("--table", action="append", default=[],
                   help="the levels of one table, e.g. hard,normal,normal (repeatable)")
    p.add_argument("--levels", default="easy,normal,hard",
                   help="levels dealt round the seats when no --table is given")
    p.add_argument("--games", type=_games, default=30,
                   help=f"games per table (1 to {MAX_GAMES:,})")
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--variant", choices=("basic", "standard"), default="basic")
    p.add_argument("--map", default=DEFAULT_MAP)
    p.add_argument("--jobs", type=int, default=0, help="processes (0: every core)")
    p.add_argument("--level", action="append", default=[], metavar="NAME=BASE[:KEY=VALUE,...]",
                   help="a level made for this run from another with other settings, e.g. "
                        "hard2=hard:candidates=30,params.discount=0.9 (for tuning)")
    p.add_argument("--json", action="store_true", help="one JSON document on stdout")
    p.add_argument("--quiet", action="store_true", help="no progress bar")
    return p.parse_args(argv)


def _games(text: str) -> int:
    """``--games``: a whole number from 1 to :data:`MAX_GAMES` (a count that would do
    nothing, or fill the memory with its schedule, is refused)."""
    t = text.strip()
    if not (t.isascii() and t.isdigit()) or len(t) > 12 or not 1 <= int(t) <= MAX_GAMES:
        raise argparse.ArgumentTypeError(f"{text[:40]!r} is not a whole number from 1 to "
                                         f"{MAX_GAMES:,}")
    return int(t)


def _value(text: str) -> Any:
    """A setting's value: true, false, none, a whole number or a finite number (ValueError
    for anything else: inf, nan, 1e999)."""
    low = text.lower()
    if low in ("true", "false"):
        return low == "true"
    if low == "none":
        return None
    try:
        return int(text)
    except ValueError:
        value = float(text)
    if not math.isfinite(value):
        raise ValueError(text)
    return value


def define_levels(specs: Sequence[str]) -> str | None:
    """Add the levels of ``--level`` to the levels the players are made from (in this
    process, before the workers are forked); a message when one is wrong."""
    from dataclasses import fields, replace

    for spec in specs:
        name, _, rest = spec.partition("=")
        base_name, _, settings = rest.partition(":")
        base = LEVELS.get(base_name.strip())
        if not name.strip() or base is None:
            return f"--level {spec!r}: write NAME=BASE[:KEY=VALUE,...] with BASE one of " \
                   f"{', '.join(LEVELS)}"
        level = base
        for item in filter(None, (x.strip() for x in settings.split(","))):
            key, _, raw = item.partition("=")
            try:
                if key.startswith("params."):
                    sub = key.removeprefix("params.")
                    if sub not in {f.name for f in fields(level.params)}:
                        raise KeyError(sub)
                    level = replace(level, params=replace(level.params, **{sub: _value(raw)}))
                else:
                    if key not in {f.name for f in fields(level)} or key == "name":
                        raise KeyError(key)
                    level = replace(level, **{key: _value(raw)})
            except (KeyError, ValueError, TypeError):
                return f"--level {spec!r}: no setting {key!r} (or a bad value {raw!r})"
        LEVELS[name.strip()] = level
    return None


def tables_of(args: argparse.Namespace) -> list[list[str]] | str:
    """The tables to play, or a message saying what is wrong."""
    if not 3 <= args.seats <= 6:
        return "--seats: Steam is played by 3 to 6 players"
    tables = []
    for spec in args.table or []:
        t = [x.strip().lower() for x in spec.split(",") if x.strip()]
        tables.append(t)
    if not tables:
        levels = [x.strip().lower() for x in str(args.levels).split(",") if x.strip()]
        if not levels:
            return "--levels: name at least one level"
        tables = [[levels[i % len(levels)] for i in range(args.seats)]]
    for t in tables:
        bad = [x for x in t if x not in LEVEL_NAMES and x not in LEVELS]
        if bad:
            return f"unknown level {bad[0]!r}: the levels are {', '.join(LEVEL_NAMES)}"
        if len(t) != args.seats:
            return f"the table {','.join(t)} has {len(t)} seats, not --seats {args.seats}"
    if args.games < 1:
        return "--games: at least 1"
    return tables


def main(argv: Sequence[str] | None = None) -> int:
    args = parse_args(argv)
    problem = define_levels(args.level)
    if problem is not None:
        print(problem, file=sys.stderr)
        return EXIT_REFUSED
    tables = tables_of(args)
    if isinstance(tables, str):
        print(tables, file=sys.stderr)
        return EXIT_REFUSED
    try:
        _board(args.map)
    except (MapError, OSError) as exc:
        for prob in getattr(exc, "problems", None) or [exc]:
            print(prob, file=sys.stderr)
        return EXIT_REFUSED
    jobs = args.jobs or os.cpu_count() or 1
    t0 = time.perf_counter()
    try:
        games = run(args.map, schedule(tables, args.games, args.seed), args.variant, jobs,
                    progress=not (args.quiet or args.json))
    except KeyboardInterrupt:
        print("interrupted", file=sys.stderr)
        return EXIT_INTERRUPTED
    summary = summarise(games, tables)
    summary["wall_s"] = round(time.perf_counter() - t0, 1)
    summary["jobs"] = jobs
    if args.json:
        print(json.dumps({"map": args.map, "variant": args.variant, "seats": args.seats,
                          "tables": tables, "games_per_table": args.games, "seed": args.seed,
                          "summary": summary, "games": [_game_dict(g) for g in games]},
                         indent=1))
    else:
        for line in lines(summary):
            print(line)
        print(f"{summary['games']} games in {summary['wall_s']} s on {jobs} processes; "
              f"{summary['errors']} errors, {summary['not_ended']} not ended "
              f"({args.map}, {args.variant} game)")
        for g in games:
            if g.error:
                print(f"  seed {g.seed} {','.join(g.seats)}: {g.error}")
    return EXIT_OK if not summary["errors"] and not summary["not_ended"] else EXIT_FAILED


def _game_dict(g: Game) -> dict[str, Any]:
    d = asdict(g)
    d["turn_cpu_p95"] = {str(k): round(_pct(v, 95), 4) for k, v in g.turn_cpu.items()}
    del d["turn_cpu"]
    d["seconds"] = round(g.seconds, 2)
    d["cpu"] = round(g.cpu, 2)
    return d


if __name__ == "__main__":
    sys.exit(main())
