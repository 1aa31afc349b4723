"""``python -m rail_app tournament [--game G]``: the computer players of any game at tables of
N seats, the seats rotated, on all cores, with the game's invariants checked after every
action.

A tournament is a list of **tables**, each the players in its seats, each played ``--games``
times: game *i* of a table deals seed ``--seed + i // N`` with the table turned by ``i % N``
seats, so that every player sits in every seat on the same deals; a mirror table (one player
in every seat) deals a new seed ``--seed + i`` for every game instead (turned, it would be
the same game N times). Who moves first is decided by the rules.

The tables are ``--table`` (repeatable: ``--table hard,normal,easy``), at ``--seats``
seats. Without one, ``--levels`` makes them: for a game of two seats, **every pairing** of
the levels (each against each, itself included), ``--games`` an even number so that each
deal is played in both seat orders; for a game of more seats, the levels dealt round the
seats (easy, normal, hard, easy, ...).

Each game is checked by the game's own checker after every action (a refused action, a
broken invariant or an exception is the game's error), and a game reaching ``--turn-cap``
turns is ended by its rule for a stopped game. The figures, for every game alike: wins with
95% Wilson intervals, ratings on the Elo scale fitted by Plackett-Luce over the games'
rankings (Bradley-Terry when every table has two seats), the CPU time of a computer's turn.
Two reports of them, whose ``--json`` keys are the contract: the **pairings** (every
pairing of two: each side's wins and win rate, the first player's win rate, median turns,
capped games) and the **tables** (per level: games, wins, share against chance, mean rank,
median score and margin, eliminated seats; per table: wins by seat).
"""

from __future__ import annotations

import argparse
import contextlib
import itertools
import json
import math
import os
import statistics
import sys
import time
import traceback
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from rail_app import EXIT_BAD_INPUT, EXIT_INTERRUPTED, EXIT_OK
from rail_app.core.cache import BoundedCache
from rail_app.core.mapfile import MapError
from rail_app.devtools.gametools import tools_of
from rail_app.devtools.pool import worker_pool
from rail_app.devtools.simulate import larger_table
from rail_app.devtools.toolkit import TournamentRules, resolve
from rail_app.table import registry

TURN_CAP = 150
MAX_ACTIONS = 100_000
Z95 = 1.959964
EXIT_FAILED = 1
#: Iterations of the rating's fit: the pairings' (Bradley-Terry, as it always was) and the
#: tables'.
PAIRING_ITERATIONS = 500
TABLE_ITERATIONS = 300


@dataclass
class Game:
    """One game of the tournament and what came of it."""

    seed: int
    seats: tuple[str, ...]  # the player in seat 0, in seat 1...
    table: int = 0  # which table of the run
    winner: int | None = None  # a seat, or None for a draw or an error
    ranks: tuple[int, ...] = ()  # the seats, best first
    scores: tuple[int | None, ...] = ()  # each seat's score (None: eliminated)
    first_player: int | None = None
    turns: tuple[int, ...] = (0, 0)
    capped: bool = False
    ended: bool = False
    error: str | None = None
    actions: int = 0  # actions checked
    violations: list[str] = field(default_factory=list)  # broken invariants
    turn_cpu: dict[int, list[float]] = field(default_factory=dict)  # seat -> CPU s per turn
    cpu: float = 0.0  # all the computer players' CPU time
    seconds: float = 0.0


@dataclass(frozen=True)
class Setup:
    """What every game of a run shares: the game, its map, its options, the turn cap, and
    how a seat's player is seeded (the game's tools say; by default the game's seed)."""

    game_id: str
    map_path: str
    options: Mapping[str, object] = field(default_factory=dict)
    turn_cap: int = TURN_CAP
    check: bool = True


def play(setup: Setup, seed: int, seats: Sequence[str], table: int = 0) -> Game:
    """Play one game between the players named ``seats``, each handed what its seat may
    see, checking the game's invariants after every action; every exception and broken
    invariant becomes the game's error."""
    game_def = registry.game(setup.game_id)
    rules = game_def.rules
    seat_seed = tools_of(game_def.id).tournament.seat_seed
    game = Game(seed, tuple(seats), table)
    t0 = time.perf_counter()
    state = None
    checker: Any = None
    try:
        board = _world(game_def.id, setup.map_path)
        state = rules.new_game(board, [f"{k} {i}" for i, k in enumerate(seats)],
                               dict(setup.options), seed)
        players = [game_def.player(kind, seat, seat_seed(seed, seat))
                   for seat, kind in enumerate(seats)]
        checker = rules.checker(state) if setup.check else None
        cpu: dict[tuple[int, int], float] = {}
        for _ in range(MAX_ACTIONS):
            if rules.outcome(state) is not None:
                break
            if min(rules.turns_taken(state)) >= setup.turn_cap:
                state = rules.end_early(state)
                game.capped = True
                break
            acting = rules.to_act(state)
            assert acting is not None
            view = rules.seen_by(state, acting) if game_def.hidden else state
            c0 = time.process_time()
            action = players[acting].choose(view)
            spent = time.process_time() - c0
            key = (rules.turn(state), acting)
            cpu[key] = cpu.get(key, 0.0) + spent
            game.cpu += spent
            if checker is None:
                state = rules.apply(state, action, acting)
                continue
            q = rules.quote(state, action, acting)
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
            game.ended = True
            game.winner = out.winner
            game.ranks = tuple(out.order)
            game.scores = tuple(None if s in out.eliminated else v
                                for s, v in enumerate(out.scores))
    except Exception as exc:  # a tournament reports every failing game and goes on
        tb = traceback.extract_tb(exc.__traceback__)
        where = f" at {tb[-1].filename.split('/')[-1]}:{tb[-1].lineno}" if tb else ""
        game.error = f"{type(exc).__name__}: {exc}{where}"
        game.ended = False
    if checker is not None:
        game.actions = checker.actions
        game.violations = list(checker.violations)
    if state is not None:
        game.turns = rules.turns_taken(state)
        if not game.scores:
            game.scores = rules.scores(state)
        game.first_player = rules.first_seat(state)
    game.seconds = time.perf_counter() - t0
    return game


_WORLDS: BoundedCache[tuple[str, str], Any] = BoundedCache(8)


def _world(game_id: str, map_path: str) -> Any:
    """The board of a map, loaded once per process."""
    return _WORLDS.get((game_id, map_path),
                       lambda: registry.game(game_id).rules.load_board(map_path))


# -- the schedule ---------------------------------------------------------------------------------


def pairings(levels: Sequence[str], seats: int = 2) -> list[tuple[str, ...]]:
    """Every pairing of the levels (each against each, itself included), as tables of
    ``seats`` seats: the pairing's two levels take the seats in turn."""
    return [tuple(a if k % 2 == 0 else b for k in range(seats))
            for a, b in itertools.combinations_with_replacement(levels, 2)]


def schedule(tables: Sequence[Sequence[str]], games: int, seed: int
             ) -> list[tuple[int, tuple[str, ...], int]]:
    """``games`` games of each table: (seed, seats, table index); game i deals seed
    ``seed + i // N`` with the table turned by ``i % N`` seats. A mirror table (one player in
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


Job = tuple[Setup, int, tuple[str, ...], int]


def _play_job(job: Job) -> Game:
    setup, seed, seats, table = job
    return play(setup, seed, seats, table)


def run(setup: Setup, plan: Sequence[tuple[int, tuple[str, ...], int]], jobs: int,
        progress: bool = True) -> list[Game]:
    """Play the games on ``jobs`` processes, with a progress bar on stderr when it is a
    terminal (never in a log file); the games in the plan's order."""
    from rail_app.devtools.progress import tqdm

    work: list[Job] = [(setup, seed, seats, t) for seed, seats, t in plan]
    done: list[Game] = []
    bar = tqdm(total=len(work), unit="game", disable=not (progress and sys.stderr.isatty()),
               file=sys.stderr, dynamic_ncols=True, leave=False)
    errors = 0
    with contextlib.ExitStack() as stack:
        stack.callback(bar.close)
        if jobs <= 1:
            games: Iterator[Game] = (_play_job(job) for job in work)
        else:
            pool = stack.enter_context(worker_pool(jobs))
            games = pool.imap_unordered(_play_job, work)
        for game in games:
            done.append(game)
            errors += game.error is not None
            bar.set_postfix(errors=errors, refresh=False)
            bar.update(1)
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


#: A ranking, best first, and its weight (a draw between two is two rankings of half a game).
Ranking = tuple[Sequence[str], float]


def plackett_luce(rankings: Sequence[Sequence[str] | Ranking],
                  iterations: int = TABLE_ITERATIONS) -> dict[str, float]:
    """Ratings on the Elo scale (400 points = 10:1 odds of coming first between two) fitted
    by minorisation-maximisation (Hunter 2004) to rankings, best first, each of weight 1 or
    the weight it is given; several seats of one level share its strength. Half a virtual
    win each way between every two levels keeps a level that always (or never) wins
    finite. The mean rating is 1500. With rankings of two, this is Bradley-Terry."""
    data: list[tuple[list[str], float]] = []
    for r in rankings:
        order, weight = (r[0], r[1]) if isinstance(r, tuple) and len(r) == 2 \
            and isinstance(r[1], float) else (r, 1.0)
        if len(order) > 1:
            data.append(([str(x) for x in order], weight))
    names = sorted({x for r, _ in data for x in r})
    if len(names) < 2:
        return {x: 1500.0 for x in names}
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


def bradley_terry(games: Sequence[Game], levels: Sequence[str],
                  iterations: int = PAIRING_ITERATIONS) -> dict[str, float]:
    """Ratings from the games between two different levels (Plackett-Luce of rankings of
    two, which is Bradley-Terry): a draw is half a win each; a level against itself says
    nothing of its strength against the others."""
    rankings: list[Ranking] = []
    for g in games:
        a, b = g.seats[0], g.seats[1]
        if a == b or g.error is not None:
            continue
        if g.winner is None:
            rankings += [((a, b), 0.5), ((b, a), 0.5)]
        else:
            won = g.seats[g.winner]
            rankings.append(((won, b if won == a else a), 1.0))
    ratings = plackett_luce(rankings, iterations)
    return {x: ratings[x] for x in levels if x in ratings}


def _pct(values: Sequence[float], p: float) -> float:
    if not values:
        return 0.0
    s = sorted(values)
    return s[min(len(s) - 1, int(round(p / 100 * (len(s) - 1))))]


# -- the pairings' report -----------------------------------------------------------------------


def _score(g: Game, seat: int) -> float:
    """A seat's win (a draw: half of one)."""
    return 0.5 if g.winner is None else float(g.winner == seat)


def _level_score(g: Game, level: str) -> float:
    """A level's win in a game (the winning seat played at that level; a draw: half)."""
    return 0.5 if g.winner is None else float(g.seats[g.winner] == level)


def summarise_pairings(games: Sequence[Game], levels: Sequence[str]) -> dict[str, Any]:
    entries: list[dict[str, Any]] = []
    for a, b in itertools.combinations_with_replacement(levels, 2):
        mine = [g for g in games if set(g.seats) == {a, b}]
        ok = [g for g in mine if g.error is None]
        n = len(ok)
        first = [g for g in ok if g.first_player is not None]
        if a == b:
            score = sum(_score(g, g.first_player or 0) for g in first)
            lo, hi = wilson(score, len(first))
            entry: dict[str, Any] = {"pairing": f"{a}-{a}", "games": len(mine)}
            entry["first_player_win_rate"] = round(score / len(first), 3) if first else None
            entry["first_player_ci95"] = [round(lo, 3), round(hi, 3)]
        else:
            score_a = sum(_level_score(g, a) for g in ok)
            lo, hi = wilson(score_a, n)
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
        entries.append(entry)
    cpu = {lvl: [t for g in games for seat, ts in g.turn_cpu.items() if g.seats[seat] == lvl
                 for t in ts] for lvl in levels}
    firsts = [g for g in games if g.error is None and g.first_player is not None]
    return {
        "pairings": entries,
        "ratings": bradley_terry(games, levels),
        "turn_cpu_p95_s": {k: round(_pct(v, 95), 4) for k, v in cpu.items() if v},
        "turn_cpu_median_s": {k: round(statistics.median(v), 4) for k, v in cpu.items() if v},
        "first_player_win_rate": round(sum(_score(g, g.first_player or 0) for g in firsts)
                                       / len(firsts), 3) if firsts else None,
        "games": len(games),
        "errors": sum(g.error is not None for g in games),
        "capped": sum(g.capped for g in games),
    }


def pairing_lines(summary: Mapping[str, Any]) -> Iterator[str]:
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


def _pairing_game(g: Game, score_name: str) -> dict[str, Any]:
    """A game as the pairings' JSON prints it (each seat's score under the game's word)."""
    return {"seed": g.seed, "seats": list(g.seats), "winner": g.winner,
            "first_player": g.first_player, "turns": list(g.turns),
            score_name: [s if s is not None else 0 for s in g.scores], "capped": g.capped,
            "error": g.error, "actions": g.actions, "violations": list(g.violations),
            "seconds": round(g.seconds, 2),
            "turn_cpu_p95": {str(k): round(_pct(v, 95), 4) for k, v in g.turn_cpu.items()}}


# -- the tables' report -------------------------------------------------------------------------


def summarise_tables(games: Sequence[Game], tables: Sequence[Sequence[str]],
                     order: Sequence[str]) -> dict[str, Any]:
    """The tables' figures; ``order``: the game's players, the order the levels are listed
    in (any other level after them)."""
    ok = [g for g in games if g.error is None]
    levels = sorted({x for t in tables for x in t},
                    key=lambda x: order.index(x) if x in order else 99)
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


def table_lines(summary: Mapping[str, Any]) -> Iterator[str]:
    yield (f"{'level':<8}{'games':>6}  {'win share (95% CI)':<26}{'chance':>7}{'rank':>6}"
           f"{'median':>8}{'margin':>8}{'rating':>8}{'bankrupt':>9}   turn CPU p50/p95/max")
    for lvl, e in summary["levels"].items():
        lo, hi = e["ci95"]
        share = f"{e['win_share']:.1%} ({lo:.1%}-{hi:.1%})" if e["win_share"] is not None \
            else "-"
        cpu = e["turn_cpu_s"]
        chance = f"{e['chance']:.1%}" if e["chance"] is not None else "-"  # every game failed
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


def _table_game(g: Game, variant: str) -> dict[str, Any]:
    """A game as the tables' JSON prints it."""
    return {"seed": g.seed, "seats": list(g.seats), "table": g.table, "variant": variant,
            "winner": g.winner, "ranks": list(g.ranks), "scores": list(g.scores),
            "error": g.error, "ended": g.ended, "actions": g.actions, "cpu": round(g.cpu, 2),
            "seconds": round(g.seconds, 2),
            "turn_cpu_p95": {str(k): round(_pct(v, 95), 4) for k, v in g.turn_cpu.items()}}


# -- the command --------------------------------------------------------------------------------


def _options(variant: str, game: registry.AnyGame) -> dict[str, object] | str:
    if variant == "basic":
        return {}
    keys = [o.key for o in game.options]
    if variant not in keys:
        return (f"--variant: basic or one of {game.title}'s options ({', '.join(keys)}), "
                f"not {variant!r}")
    return {variant: True}


def _tables(args: argparse.Namespace, game: registry.AnyGame, rules: TournamentRules
            ) -> tuple[list[list[str]], bool] | str:
    """The tables to play and whether they are pairings, or what is wrong."""
    seats = args.seats if args.seats is not None else (rules.seats or game.seats.default)
    if not game.seats.low <= seats <= game.seats.most:
        return (f"--seats: {game.title} is played by {game.seats.low} to "
                f"{game.seats.most} players")

    def known(name: str) -> bool:
        return name in game.players or rules.defined_level(name)

    tables: list[list[str]] = []
    for spec in args.table:
        t = [x.strip().lower() for x in spec.split(",") if x.strip()]
        bad = [x for x in t if not known(x)]
        if bad:
            return f"unknown level {bad[0]!r}: the levels are {', '.join(game.players)}"
        if len(t) != seats:
            return f"the table {','.join(t)} has {len(t)} seats, not --seats {seats}"
        tables.append(t)
    if tables:
        return tables, False
    example = ",".join(str(v) for v in game.levels) or game.players[0]
    given = example if args.levels is None else args.levels  # --levels '' is no level
    levels = [x.strip().lower() for x in str(given).split(",") if x.strip()]
    bad = [x for x in levels if not known(x)]
    if not levels or bad or len(set(levels)) != len(levels):
        return (f"--levels takes different names among {', '.join(game.players)}, e.g. "
                f"{example}")
    if rules.pairings:
        return [list(t) for t in pairings(levels, seats)], True
    return [[levels[i % len(levels)] for i in range(seats)]], False


def run_command(args: argparse.Namespace) -> int:
    """``python -m rail_app tournament [--game G]``."""
    game = registry.game(getattr(args, "game", None))
    rules = tools_of(game.id).tournament
    if args.level:
        problem = rules.define_levels(args.level) if rules.define_levels is not None else \
            f"--level: {game.title}'s players take no settings"
        if problem is not None:
            print(problem, file=sys.stderr)
            return EXIT_BAD_INPUT
    planned = _tables(args, game, rules)
    if isinstance(planned, str):
        print(planned, file=sys.stderr)
        return EXIT_BAD_INPUT
    tables, paired = planned
    options = _options(args.variant, game)
    if isinstance(options, str):
        print(options, file=sys.stderr)
        return EXIT_BAD_INPUT
    options.update(larger_table(game, len(tables[0])))
    games_per = args.games if args.games is not None else rules.games
    if paired and (games_per < 2 or games_per % 2):
        print("--games must be an even number (each seed is played in both seat orders)",
              file=sys.stderr)
        return EXIT_BAD_INPUT
    if games_per < 1 or args.turn_cap < 1:
        print("--games and --turn-cap: at least 1", file=sys.stderr)
        return EXIT_BAD_INPUT
    shown_map = args.map or rules.map or game.default_map
    map_path = args.map or resolve(shown_map)
    try:
        _world(game.id, map_path)
    except (MapError, OSError) as exc:
        for prob in getattr(exc, "problems", None) or [exc]:
            print(prob, file=sys.stderr)
        return EXIT_BAD_INPUT
    jobs = args.jobs or os.cpu_count() or 1
    setup = Setup(game.id, map_path, options, args.turn_cap)
    t0 = time.perf_counter()
    try:
        games = run(setup, schedule(tables, games_per, args.seed), jobs,
                    progress=not (args.quiet or args.json))
    except KeyboardInterrupt:
        print("interrupted", file=sys.stderr)
        return EXIT_INTERRUPTED
    if paired:
        return _report_pairings(args, game, games, [t[0] for t in tables if len(set(t)) == 1],
                                games_per, shown_map, jobs, t0)
    return _report_tables(args, game, games, tables, games_per, shown_map, jobs, t0)


def _report_pairings(args: argparse.Namespace, game: registry.AnyGame, games: list[Game],
                     levels: list[str], games_per: int, shown_map: str, jobs: int,
                     t0: float) -> int:
    summary = summarise_pairings(games, levels)
    summary["wall_s"] = round(time.perf_counter() - t0, 1)
    summary["jobs"] = jobs
    if args.json:
        print(json.dumps({"map": shown_map, "levels": levels, "games_per_pairing": games_per,
                          "seed": args.seed, "summary": summary,
                          "games": [_pairing_game(g, game.score_name) for g in games]},
                         indent=1))
    else:
        for line in pairing_lines(summary):
            print(line)
        print(f"{summary['games']} games in {summary['wall_s']} s on {jobs} processes; "
              f"{summary['errors']} errors, {summary['capped']} capped")
        for g in games:
            if g.error:
                print(f"  seed {g.seed} {g.seats[0]}-{g.seats[1]}: {g.error}")
    return EXIT_OK if not summary["errors"] else EXIT_FAILED


def _report_tables(args: argparse.Namespace, game: registry.AnyGame, games: list[Game],
                   tables: list[list[str]], games_per: int, shown_map: str, jobs: int,
                   t0: float) -> int:
    summary = summarise_tables(games, tables, game.players)
    summary["wall_s"] = round(time.perf_counter() - t0, 1)
    summary["jobs"] = jobs
    seats = len(tables[0])
    if args.json:
        print(json.dumps({"map": shown_map, "variant": args.variant, "seats": seats,
                          "tables": tables, "games_per_table": games_per, "seed": args.seed,
                          "summary": summary,
                          "games": [_table_game(g, args.variant) for g in games]}, indent=1))
    else:
        for line in table_lines(summary):
            print(line)
        print(f"{summary['games']} games in {summary['wall_s']} s on {jobs} processes; "
              f"{summary['errors']} errors, {summary['not_ended']} not ended "
              f"({shown_map}, {args.variant} game)")
        for g in games:
            if g.error:
                print(f"  seed {g.seed} {','.join(g.seats)}: {g.error}")
    return EXIT_OK if not summary["errors"] and not summary["not_ended"] else EXIT_FAILED


__all__ = ["Game", "Setup", "bradley_terry", "pairings", "play", "plackett_luce", "run",
           "run_command", "schedule", "summarise_pairings", "summarise_tables", "wilson"]
