"""AI soak: seeded games between computer players, every action checked by the game's
invariants (the kit's checker; Italian Rails': money, cubes, cards, pool, track, train,
copies, the end, in ``rules/invariants.py``), each game played as the tournament plays one.

Every table of the game's computer players at the game's usual number of seats (a player
at each seat, any player at several: Italian Rails' easy, normal, hard and random at two
seats make ten tables; Steam's five players at four seats seventy) meets every option set
the game's tools list (Italian Rails: standard, Loans, Fast Trains, Small City Access), on
the game's map. A game fails when a player raises, chooses an illegal action, or breaks an
invariant.

``python -m rail_app fuzz soak [--game G] [--long] [--seed N] [--count N]``
"""

from __future__ import annotations

import itertools
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from rail_app.devtools.gametools import tools_of
from rail_app.devtools.pool import worker_pool
from rail_app.devtools.toolkit import resolve
from rail_app.devtools.tournament import Setup, play
from rail_app.table.registry import game as game_of


def tables(kinds: tuple[str, ...], seats: int = 2) -> tuple[tuple[str, ...], ...]:
    """Every table of ``seats`` of the game's computer players, seat 0 first, a player at
    several seats too (two seats: every pair, each player with itself)."""
    return tuple(itertools.combinations_with_replacement(kinds, seats))


SHORT_COUNT = 4
SHORT_TURN_CAP = 6
LONG_COUNT = 520
TURN_CAP = 150


@dataclass
class SoakGame:
    seed: int
    players: tuple[str, ...]  # seat 0 first
    variants: tuple[str, ...]
    finished: bool = False
    capped: bool = False
    turns: int = 0
    actions: int = 0
    violations: list[str] = field(default_factory=list)
    error: str | None = None
    seconds: float = 0.0

    def as_dict(self) -> dict[str, Any]:
        return {"seed": self.seed, "players": list(self.players), "variants": list(self.variants),
                "finished": self.finished, "capped": self.capped, "turns": self.turns,
                "actions": self.actions, "violations": self.violations[:10],
                "error": self.error, "seconds": round(self.seconds, 2)}


def game_plan(index: int, seed: int, game: str | None = None
              ) -> tuple[int, tuple[str, ...], tuple[str, ...]]:
    """The ``index``-th game of a run: its seed, its table and its options, cycling so that
    every table meets every option set (Italian Rails: once in 40 games)."""
    rules = game_of(game)
    plan = tables(rules.players, rules.seats.default)
    cycle = tools_of(rules.id).option_cycle or ({},)
    table = plan[index % len(plan)]
    chosen = cycle[(index // len(plan)) % len(cycle)]
    return seed * 100_000 + index, table, tuple(k for k, v in chosen.items() if v)


def soak_computer_game(game_seed: int, players: tuple[str, ...], variants: tuple[str, ...],
                       turn_cap: int = TURN_CAP, map_path: str | None = None,
                       game: str | None = None) -> SoakGame:
    """Play one game of ``players`` (seat 0 first; fewer players than the game's seats
    take the seats in turn) and check every action; never raises."""
    rules = game_of(game)
    seats = tuple(players[k % len(players)] for k in range(rules.seats.default))
    g = play(Setup(rules.id, map_path or resolve(rules.default_map),
                   {v: True for v in variants}, turn_cap), game_seed, seats)
    report = SoakGame(game_seed, players, variants, finished=g.error is None and not g.capped,
                      capped=g.capped, turns=max(g.turns), actions=g.actions,
                      violations=g.violations, seconds=g.seconds)
    report.error = g.error if not g.violations else None
    return report


def _play(job: tuple[int, int, int, str | None]) -> SoakGame:
    index, seed, turn_cap, game = job
    game_seed, players, variants = game_plan(index, seed, game)
    return soak_computer_game(game_seed, players, variants, turn_cap, game=game)


def run(seed: int = 1, count: int = SHORT_COUNT, turn_cap: int = SHORT_TURN_CAP,
        workers: int = 1, stride: int = 1,
        progress: Callable[[str], None] | None = None, game: str | None = None
        ) -> dict[str, Any]:
    """``count`` checked games (games 0, stride, 2 * stride... of the plan: a stride of 13
    gives a new pairing and a new variant set each game); a summary with every failure."""
    t0 = time.perf_counter()
    jobs = [(i * stride, seed, turn_cap, game) for i in range(count)]
    games: list[SoakGame] = []
    if workers > 1:
        with worker_pool(workers) as pool:
            for g in pool.imap(_play, jobs):
                games.append(g)
                _tell(progress, g, len(games))
    else:
        for job in jobs:
            games.append(_play(job))
            _tell(progress, games[-1], len(games))
    bad = [g for g in games if g.error or g.violations]
    return {
        "seed": seed,
        "games": len(games),
        "turn_cap": turn_cap,
        "pairings": len({g.players for g in games}),  # the tables of players met
        "variant_sets": len({g.variants for g in games}),
        "finished": sum(g.finished for g in games),
        "capped": sum(g.capped for g in games),
        "errors": sum(1 for g in games if g.error),
        "invariant_violations": sum(len(g.violations) for g in games),
        "actions_checked": sum(g.actions for g in games),
        "slowest_game_s": round(max((g.seconds for g in games), default=0.0), 1),
        "failures": [g.as_dict() for g in bad[:30]],
        "seconds": round(time.perf_counter() - t0, 1),
    }


def _tell(progress: Callable[[str], None] | None, g: SoakGame, n: int) -> None:
    if progress is None:
        return
    if g.error or g.violations or n % 20 == 0:
        state = "finished" if g.finished else "capped" if g.capped else "STOPPED"
        progress(f"{n}: seed {g.seed} {' v '.join(g.players)} "
                 f"{'+'.join(g.variants) or 'standard'}: {state}, {g.turns} turns, "
                 f"{g.actions} actions, {len(g.violations)} violations"
                 + (f", ERROR {g.error}" if g.error else "") + f" ({g.seconds:.1f} s)")


def passed(summary: dict[str, Any]) -> bool:
    return bool(summary["errors"] == 0 and summary["invariant_violations"] == 0)
