"""``python -m rail_app tournament``: every level of the computer opponent against every
other (and itself), in both seat orders, on all cores, with the rules' invariants checked
after every action.

For each pairing (A, B) and each seed S, S+1, ... the same deal is played twice, A in seat 0
then B in seat 0, so a level's luck of the cards is shared with its opponent; ``--games N``
games per pairing (N/2 seeds). A level against itself plays N different deals (S, S+1, ...):
both seat orders of one deal would be the same game twice. Who moves first is decided by the rules (T1: the lowest
private card). The table gives, per pairing, the wins of each side with a 95% confidence
interval (Wilson score; a draw counts half), the median turns per player, the first
player's win rate, the capped games (ended by W2 at the turn cap) and the errors (an
exception, or a broken invariant of the game's checker); per level a
rating on the Elo scale fitted by Bradley-Terry (minorisation-maximisation) over all games,
and the 95th percentile of its turn's CPU time.
"""

from __future__ import annotations

import argparse
import itertools
import json
import math
import os
import statistics
import sys
import time
import traceback
from collections.abc import Iterator
from dataclasses import asdict, dataclass, field
from typing import Any

from rail_app import EXIT_BAD_INPUT, EXIT_OK
from rail_app.core.cache import BoundedCache
from rail_app.core.mapfile import MapError
from rail_app.devtools.toolkit import resolve
from rail_app.table import registry

TURN_CAP = 150
MAX_ACTIONS = 100_000
Z95 = 1.959964


@dataclass
class Game:
    """One game of the tournament and what came of it."""

    seed: int
    seats: tuple[str, ...]  # the level in seat 0, in seat 1...
    winner: int | None = None  # a seat, or None for a draw or an error
    first_player: int | None = None
    turns: tuple[int, ...] = (0, 0)
    scores: tuple[int, ...] = (0, 0)  # each seat's score (the game's score_name: cash)
    capped: bool = False
    error: str | None = None
    turn_cpu: dict[int, list[float]] = field(default_factory=dict)  # seat -> CPU s per turn
    seconds: float = 0.0
    actions: int = 0  # actions checked
    violations: list[str] = field(default_factory=list)  # broken invariants
    score_name: str = "cash"


def play(map_path: str, seed: int, seats: tuple[str, ...], turn_cap: int = TURN_CAP,
         check: bool = True, variants: tuple[str, ...] = (), game_id: str | None = None,
         options: dict[str, object] | None = None) -> Game:
    """Play one game between levels (or the harness's players), each handed what its seat
    may see, checking the game's invariants after every action; every exception and broken
    invariant becomes the game's error. ``variants`` (Italian Rails) or ``options``: the
    game's options."""
    rules = registry.game(game_id)
    game = Game(seed, seats, score_name=rules.score_name)
    t0 = time.perf_counter()
    state = None
    checker: Any = None
    chosen: dict[str, object] = dict(options or {})
    chosen.update({v: True for v in variants})
    try:
        board = _world(rules.id, map_path)
        state = rules.new_game(board, [f"{k} {i}" for i, k in enumerate(seats)], chosen, seed)
        players = [rules.player(kind, seat, seed) for seat, kind in enumerate(seats)]
        checker = rules.checker(state) if check else None
        cpu: dict[tuple[int, int], float] = {}
        for _ in range(MAX_ACTIONS):
            if rules.outcome(state) is not None:
                break
            if min(rules.turns_taken(state)) >= turn_cap:
                state = rules.end_early(state)
                game.capped = True
                break
            acting = rules.to_act(state)
            assert acting is not None
            c0 = time.process_time()
            action = players[acting].choose(rules.seen_by(state, acting))
            key = (rules.turn(state), acting)
            cpu[key] = cpu.get(key, 0.0) + time.process_time() - c0
            if checker is None:
                state = rules.apply(state, action)
                continue
            q = rules.quote(state, action)
            if not q.ok:
                first = q.violations[0]
                raise RuntimeError(f"{seats[acting]} chose an illegal action "
                                   f"{rules.action_repr(action)}: {first.message} "
                                   f"({first.code})")
            state = checker.step(state, action, rules.apply)
        else:
            raise RuntimeError(f"no end after {MAX_ACTIONS} actions")
        if checker is not None:
            checker.end(state, game.capped)
            if checker.violations:
                raise RuntimeError(f"{len(checker.violations)} broken invariant(s), the first: "
                                   f"{checker.violations[0]}")
        for (_, seat), s in cpu.items():
            if seats[seat] != "random":
                game.turn_cpu.setdefault(seat, []).append(s)
        out = rules.outcome(state)
        if out is not None:
            game.winner = out.winner
    except Exception as exc:  # a tournament reports every failing game and goes on
        tb = traceback.extract_tb(exc.__traceback__)
        where = f" at {tb[-1].filename.split('/')[-1]}:{tb[-1].lineno}" if tb else ""
        game.error = f"{type(exc).__name__}: {exc}{where}"
    if checker is not None:
        game.actions = checker.actions
        game.violations = list(checker.violations)
    if state is not None:
        game.turns = rules.turns_taken(state)
        game.scores = rules.scores(state)
        game.first_player = rules.first_seat(state)
    game.seconds = time.perf_counter() - t0
    return game


_WORLDS: BoundedCache[tuple[str, str], Any] = BoundedCache(8)


def _world(game_id: str, map_path: str) -> Any:
    """The board of a map, loaded once per process."""
    return _WORLDS.get((game_id, map_path),
                       lambda: registry.game(game_id).load_board(map_path))


def schedule(levels: list[str], games: int, seed: int, seats: int = 2
             ) -> list[tuple[int, tuple[str, ...]]]:
    """Every pairing (each level against each, itself included), ``games`` games each: the
    same seeds in both seat orders, or (a level against itself) a new deal every game. At a
    table of more than two seats the pairing's two levels take the seats in turn."""

    def table(first: str, second: str) -> tuple[str, ...]:
        return tuple(first if k % 2 == 0 else second for k in range(seats))

    out: list[tuple[int, tuple[str, ...]]] = []
    for a, b in itertools.combinations_with_replacement(levels, 2):
        for i in range(games):
            if a == b:
                out.append((seed + i, table(a, b)))
                continue
            s = seed + i // 2
            out.append((s, table(a, b) if i % 2 == 0 else table(b, a)))
    return out


def _play_job(job: tuple[str, int, tuple[str, ...], int, str | None]) -> Game:
    map_path, seed, seats, turn_cap, game_id = job
    return play(map_path, seed, seats, turn_cap, game_id=game_id)


def run(map_path: str, plan: list[tuple[int, tuple[str, ...]]], jobs: int,
        turn_cap: int = TURN_CAP, progress: bool = True, game_id: str | None = None
        ) -> list[Game]:
    """Play the games on ``jobs`` processes, with a progress bar on stderr when it is a
    terminal (never in a log file)."""
    from tqdm import tqdm

    done: list[Game] = []
    work = [(map_path, seed, seats, turn_cap, game_id) for seed, seats in plan]
    bar = tqdm(total=len(plan), unit="game", disable=not (progress and sys.stderr.isatty()),
               file=sys.stderr, dynamic_ncols=True, leave=False)
    errors = 0
    try:
        if jobs <= 1:
            games: Iterator[Game] = (_play_job(job) for job in work)
            for game in games:
                done.append(game)
                errors += game.error is not None
                bar.set_postfix(errors=errors, refresh=False)
                bar.update(1)
        else:
            from rail_app.devtools.pool import worker_pool

            with worker_pool(jobs) as pool:
                for game in pool.imap_unordered(_play_job, work):
                    done.append(game)
                    errors += game.error is not None
                    bar.set_postfix(errors=errors, refresh=False)
                    bar.update(1)
    finally:
        bar.close()
    order = {(s, seats): i for i, (s, seats) in enumerate(plan)}
    return sorted(done, key=lambda g: order[(g.seed, g.seats)])


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


def _score(g: Game, seat: int) -> float:
    """A seat's win (a draw: half of one)."""
    return 0.5 if g.winner is None else float(g.winner == seat)


def _level_score(g: Game, level: str) -> float:
    """A level's win in a game (the winning seat played at that level; a draw: half)."""
    return 0.5 if g.winner is None else float(g.seats[g.winner] == level)


def bradley_terry(games: list[Game], levels: list[str], iterations: int = 500
                  ) -> dict[str, float]:
    """Ratings on the Elo scale (400 points = 10:1 odds), the mean of the levels at 1500,
    fitted by minorisation-maximisation on the games between different levels (a draw
    counts half a win each; half a win more is added to every pairing to keep a level
    that never loses, or never wins, finite)."""
    wins: dict[tuple[str, str], float] = {}
    for g in games:
        a, b = g.seats[0], g.seats[1]
        if a == b or g.error is not None:
            continue
        wins[(a, b)] = wins.get((a, b), 0.0) + _level_score(g, a)
        wins[(b, a)] = wins.get((b, a), 0.0) + _level_score(g, b)
    played = {x for pair in wins for x in pair}
    names = [x for x in levels if x in played]
    for a, b in itertools.permutations(names, 2):
        wins[(a, b)] = wins.get((a, b), 0.0) + 0.5
    strength = {x: 1.0 for x in names}
    for _ in range(iterations):
        new = {}
        for i in names:
            w = sum(wins.get((i, j), 0.0) for j in names if j != i)
            denom = sum((wins.get((i, j), 0.0) + wins.get((j, i), 0.0))
                        / (strength[i] + strength[j]) for j in names if j != i)
            new[i] = w / denom if denom else strength[i]
        mean = statistics.fmean(math.log(v) for v in new.values()) if new else 0.0
        strength = {k: v / math.exp(mean) for k, v in new.items()}
    return {k: round(1500 + 400 * math.log10(v), 1) for k, v in strength.items()}


def _pct(values: list[float], p: float) -> float:
    if not values:
        return 0.0
    s = sorted(values)
    return s[min(len(s) - 1, int(round(p / 100 * (len(s) - 1))))]


def summarise(games: list[Game], levels: list[str]) -> dict[str, Any]:
    pairings: list[dict[str, Any]] = []
    for a, b in itertools.combinations_with_replacement(levels, 2):
        mine = [g for g in games if set(g.seats) == {a, b}]
        ok = [g for g in mine if g.error is None]
        n = len(ok)
        if a == b:
            first = [g for g in ok if g.first_player is not None]
            score = sum(_score(g, g.first_player or 0) for g in first)
            lo, hi = wilson(score, len(first))
            entry: dict[str, Any] = {"pairing": f"{a}-{a}", "games": len(mine)}
            entry["first_player_win_rate"] = round(score / len(first), 3) if first else None
            entry["first_player_ci95"] = [round(lo, 3), round(hi, 3)]
        else:
            score_a = sum(_level_score(g, a) for g in ok)
            lo, hi = wilson(score_a, n)
            first = [g for g in ok if g.first_player is not None]
            entry = {"pairing": f"{a}-{b}", "games": len(mine),
                     f"{a}_wins": round(score_a, 1), f"{b}_wins": round(n - score_a, 1),
                     f"{a}_win_rate": round(score_a / n, 3) if n else None,
                     f"{a}_ci95": [round(lo, 3), round(hi, 3)],
                     "first_player_win_rate": round(
                         sum(_score(g, g.first_player or 0) for g in first) / len(first), 3)
                     if first else None}
        entry["median_turns"] = statistics.median(max(g.turns) for g in ok) if ok else None
        entry["capped"] = sum(g.capped for g in mine)
        entry["errors"] = sum(g.error is not None for g in mine)
        pairings.append(entry)
    cpu = {lvl: [t for g in games for seat, ts in g.turn_cpu.items() if g.seats[seat] == lvl
                 for t in ts] for lvl in levels}
    firsts = [g for g in games if g.error is None and g.first_player is not None]
    return {
        "pairings": pairings,
        "ratings": bradley_terry(games, levels),
        "turn_cpu_p95_s": {k: round(_pct(v, 95), 4) for k, v in cpu.items() if v},
        "turn_cpu_median_s": {k: round(statistics.median(v), 4) for k, v in cpu.items() if v},
        "first_player_win_rate": round(sum(_score(g, g.first_player or 0) for g in firsts)
                                       / len(firsts), 3) if firsts else None,
        "games": len(games),
        "errors": sum(g.error is not None for g in games),
        "capped": sum(g.capped for g in games),
    }


def table(summary: dict[str, Any], levels: list[str]) -> Iterator[str]:
    yield f"{'pairing':<16}{'games':>6}  {'wins (95% CI)':<34}{'1st wins':>9}" \
          f"{'turns':>7}{'capped':>8}{'errors':>8}"
    for e in summary["pairings"]:
        a, b = e["pairing"].split("-")
        if a == b:
            lo, hi = e["first_player_ci95"]
            wins = f"first player {e['first_player_win_rate']:.0%} ({lo:.0%}-{hi:.0%})" \
                if e["first_player_win_rate"] is not None else "-"
        else:
            lo, hi = e[f"{a}_ci95"]
            rate = e[f"{a}_win_rate"]
            wins = f"{a} {e[f'{a}_wins']:g} - {e[f'{b}_wins']:g} ({rate:.0%}, {lo:.0%}-{hi:.0%})" \
                if rate is not None else "-"
        fp = e["first_player_win_rate"]
        yield (f"{e['pairing']:<16}{e['games']:>6}  {wins:<34}"
               f"{(f'{fp:.0%}' if fp is not None else '-'):>9}{e['median_turns'] or '-':>7}"
               f"{e['capped']:>8}{e['errors']:>8}")
    yield ""
    yield "ratings (Bradley-Terry, Elo scale): " + ", ".join(
        f"{k} {v:.0f}" for k, v in sorted(summary["ratings"].items(), key=lambda kv: -kv[1]))
    yield "computer turn CPU time p95: " + ", ".join(
        f"{k} {v:.3f} s" for k, v in summary["turn_cpu_p95_s"].items())


def run_command(args: argparse.Namespace) -> int:
    """``python -m rail_app tournament [--game G]``."""
    rules = registry.game(getattr(args, "game", None))
    example = ",".join(str(v) for v in rules.levels) or rules.players[0]
    given = example if args.levels is None else args.levels
    levels = [x.strip().lower() for x in str(given).split(",") if x.strip()]
    bad = [x for x in levels if x not in rules.players]
    if len(levels) < 1 or bad or len(set(levels)) != len(levels):
        print(f"--levels takes different names among {', '.join(rules.players)}, e.g. "
              f"{example}", file=sys.stderr)
        return EXIT_BAD_INPUT
    if args.games < 2 or args.games % 2:
        print("--games must be an even number (each seed is played in both seat orders)",
              file=sys.stderr)
        return EXIT_BAD_INPUT
    map_path = args.map or resolve(rules.default_map)
    try:
        _world(rules.id, map_path)
    except (MapError, OSError) as exc:
        for prob in getattr(exc, "problems", None) or [exc]:
            print(prob, file=sys.stderr)
        return EXIT_BAD_INPUT
    jobs = args.jobs or os.cpu_count() or 1
    t0 = time.perf_counter()
    games = run(map_path, schedule(levels, args.games, args.seed, rules.seats.default), jobs,
                args.turn_cap, progress=not args.quiet, game_id=rules.id)
    summary = summarise(games, levels)
    summary["wall_s"] = round(time.perf_counter() - t0, 1)
    summary["jobs"] = jobs
    if args.json:
        print(json.dumps({"map": args.map or rules.default_map, "levels": levels,
                          "games_per_pairing": args.games,
                          "seed": args.seed, "summary": summary,
                          "games": [_game_dict(g) for g in games]}, indent=1))
    else:
        for line in table(summary, levels):
            print(line)
        print(f"{summary['games']} games in {summary['wall_s']} s on {jobs} processes; "
              f"{summary['errors']} errors, {summary['capped']} capped")
        for g in games:
            if g.error:
                print(f"  seed {g.seed} {g.seats[0]}-{g.seats[1]}: {g.error}")
    return EXIT_OK if not summary["errors"] else 1


def _game_dict(g: Game) -> dict[str, Any]:
    """A game as the JSON prints it (each seat's score under the game's word for it)."""
    d = {(g.score_name if k == "scores" else k): v for k, v in asdict(g).items()
         if k != "score_name"}
    d["turn_cpu_p95"] = {str(k): round(_pct(v, 95), 4) for k, v in g.turn_cpu.items()}
    del d["turn_cpu"]
    d["seconds"] = round(g.seconds, 2)
    return d
