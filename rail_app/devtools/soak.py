"""``python -m rail_app soak [--game G]``: whole games of random legal play for any game, the
game's invariants checked after every action by the kit's checker.

Each game (seeds ``--seed`` .. ``--seed + --games - 1``) is played on the game's map, at the
game's usual table or the one its tools give that seed (Ticket to Ride's 2 to 5 seats in
turn), by its soak player (its tools may name one that plays every seat, as Italian Rails' goal-directed
player; else the game's ``random`` player at every seat), each seat handed what it may see,
with the options its tools give that seed (Italian Rails cycles through its variants), to
the end or to a turn cap, where the game's own rule for a stopped game ends it. One line per
game and a summary (``--json``: one document with ``summary`` (``games``, ``exceptions``,
``invariant_violations``...) and ``games``); exit 1 if any game raised or broke an
invariant.
"""

from __future__ import annotations

import argparse
import json
import os
import time
import traceback
from collections import Counter
from dataclasses import dataclass, field
from typing import Any

from rail_app.devtools.gametools import tools_of
from rail_app.devtools.pool import worker_pool
from rail_app.devtools.toolkit import resolve
from rail_app.table import registry

MAX_ACTIONS = 200_000


@dataclass
class SoakReport:
    seed: int
    variants: tuple[str, ...] = ()
    finished: bool = False
    capped: bool = False
    turns: int = 0
    actions: int = 0
    scores: tuple[int, ...] = ()
    figures: dict[str, int] = field(default_factory=dict)
    kinds: dict[str, int] = field(default_factory=dict)
    violations: list[str] = field(default_factory=list)
    error: str | None = None
    seconds: float = 0.0

    def as_dict(self, score_name: str) -> dict[str, Any]:
        return {"seed": self.seed, "variants": list(self.variants), "finished": self.finished,
                "capped": self.capped, "turns": self.turns, "actions": self.actions,
                score_name: list(self.scores), **self.figures,
                "kinds": self.kinds, "violations": self.violations[:20],
                "violation_count": len(self.violations), "error": self.error,
                "seconds": round(self.seconds, 2)}


_BOARDS: dict[tuple[str, str, int, int], Any] = {}  # a process's boards, by game and file


def _board(game: registry.AnyGame, map_path: str) -> Any:
    """The board of ``map_path``, read once per process (by its path, time and size): the
    games of a soak do not change their board."""
    stat = os.stat(map_path)
    key = (game.id, os.path.abspath(map_path), stat.st_mtime_ns, stat.st_size)
    if key not in _BOARDS:
        _BOARDS.clear()
        _BOARDS[key] = game.rules.load_board(map_path)
    return _BOARDS[key]


def soak_game(game_id: str, map_path: str, seed: int, turn_cap: int = 150) -> SoakReport:
    """Play and check one game; exceptions are caught and reported."""
    game = registry.game(game_id)
    rules = game.rules
    own = tools_of(game.id).soak
    options = dict(own.options(seed))
    report = SoakReport(seed, tuple(k for k, v in options.items() if v))
    t0 = time.perf_counter()
    kinds: Counter[str] = Counter()
    state: Any = None
    checker: Any = None
    try:
        board = _board(game, map_path)
        n = own.seats(seed) if own.seats is not None else game.seats.default
        state = rules.new_game(board, [f"random {i}" for i in range(n)], options, seed)
        one = own.player(seed) if own.player is not None else None
        players = [one or game.player("random", i, seed) for i in range(n)]
        pending = rules.engine.flow.pending
        checker = rules.checker(state)
        for _ in range(MAX_ACTIONS):
            if rules.outcome(state) is not None:
                report.finished = True
                break
            if pending(state) is None and min(rules.turns_taken(state)) >= turn_cap:
                state = rules.end_early(state)
                report.capped = True
                break
            who = rules.to_act(state)
            assert who is not None
            view = rules.seen_by(state, who) if game.hidden else state
            action = players[who].choose(view)
            q = rules.quote(state, action)
            if not q.ok:
                checker.fail(state, action, f"the random player chose an illegal action: "
                                            f"{q.violations[0].message}")
                break
            state = checker.step(state, action, rules.apply)
            kinds[str(rules.action_to_dict(action).get("kind", "?"))] += 1
        else:
            report.error = f"no end after {MAX_ACTIONS} actions"
        checker.end(state, report.capped)
    except Exception as exc:  # report, never stop the whole run
        tb = traceback.extract_tb(exc.__traceback__)
        where = f" at {tb[-1].filename.split('/')[-1]}:{tb[-1].lineno}" if tb else ""
        report.error = f"{type(exc).__name__}: {exc}{where}"
    if state is not None:
        report.turns = max(rules.turns_taken(state))
        report.scores = rules.scores(state)
        report.figures = dict(own.figures(state))
    if checker is not None:
        report.actions = checker.actions
        report.violations = list(checker.violations)
    report.kinds = dict(sorted(kinds.items()))
    report.seconds = time.perf_counter() - t0
    return report


def _run(job: tuple[str, str, int, int]) -> SoakReport:
    return soak_game(*job)


def run_command(args: argparse.Namespace) -> int:
    """``python -m rail_app soak``: the games, one line each and a summary; exit 1 if any
    game raised an exception or broke an invariant."""
    game = registry.game(getattr(args, "game", None))
    map_path = args.map or resolve(game.default_map)
    jobs = [(game.id, map_path, s, args.turn_cap)
            for s in range(args.seed, args.seed + args.games)]
    if args.jobs > 1:
        with worker_pool(args.jobs) as pool:
            reports = list(pool.imap(_run, jobs))
    else:
        reports = [_run(j) for j in jobs]
    turns = sorted(r.turns for r in reports)
    figures: Counter[str] = Counter()
    for r in reports:
        figures.update(r.figures)
    summary = {
        "game": game.id,
        "games": len(reports),
        "finished": sum(r.finished for r in reports),
        "capped": sum(r.capped for r in reports),
        "exceptions": sum(1 for r in reports if r.error),
        "invariant_violations": sum(len(r.violations) for r in reports),
        "actions_checked": sum(r.actions for r in reports),
        "turns_min_median_max": [turns[0], turns[len(turns) // 2], turns[-1]] if turns else [],
        **{k: figures[k] for k in (reports[0].figures if reports else {})},
        "action_kinds": dict(sorted(sum((Counter(r.kinds) for r in reports),
                                        Counter()).items())),
        "seconds": round(sum(r.seconds for r in reports), 1),
    }
    if args.json:
        print(json.dumps({"summary": summary,
                          "games": [r.as_dict(game.score_name) for r in reports]}, indent=1))
    else:
        for r in reports:
            state = "finished" if r.finished else "capped" if r.capped else "STOPPED"
            extra = "".join(f", {v} {k}" for k, v in r.figures.items())
            print(f"seed {r.seed} {'+'.join(r.variants) or 'standard'}: {state}, {r.turns} "
                  f"turns, {r.actions} actions, {game.score_name} {list(r.scores)}{extra}, "
                  f"{len(r.violations)} violations"
                  + (f", ERROR {r.error}" if r.error else "") + f" ({r.seconds:.1f}s)")
            for v in r.violations[:5]:
                print(f"    {v}")
        print("summary: " + json.dumps(summary))
    return 1 if summary["exceptions"] or summary["invariant_violations"] else 0
