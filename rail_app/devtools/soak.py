"""``python -m rail_app soak [--game G]``: whole games of random legal play, the game's
invariants checked after every action.

A game with a soak of its own (Italian Rails: goal-directed players, the variant cycle and
its money, cards and track invariants, ``games/italian_rails/devtools/soak.py``) runs that
one; any other game is soaked here through its :class:`~rail_app.table.gamedef.GameDef`:
its random player at every seat (each handed what its seat may see), its ``checker`` after
every action, its own rule for a game stopped at the turn cap. One line per game and a
summary (``--json``: one JSON document with ``summary`` (``games``, ``exceptions``,
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
from rail_app.devtools.toolkit import resolve
from rail_app.table import registry

MAX_ACTIONS = 200_000


@dataclass
class SoakReport:
    seed: int
    finished: bool = False
    capped: bool = False
    turns: int = 0
    actions: int = 0
    scores: tuple[int, ...] = ()
    kinds: dict[str, int] = field(default_factory=dict)
    violations: list[str] = field(default_factory=list)
    error: str | None = None
    seconds: float = 0.0

    def as_dict(self, score_name: str) -> dict[str, Any]:
        return {"seed": self.seed, "finished": self.finished, "capped": self.capped,
                "turns": self.turns, "actions": self.actions, score_name: list(self.scores),
                "kinds": self.kinds, "violations": self.violations[:20],
                "violation_count": len(self.violations), "error": self.error,
                "seconds": round(self.seconds, 2)}


_BOARDS: dict[tuple[str, str, int, int], Any] = {}  # a process's boards, by game and file


def _board(definition: registry.AnyGame, map_path: str) -> Any:
    """The board of ``map_path``, read once per process (by its path, time and size): the
    games of a soak do not change their board."""
    stat = os.stat(map_path)
    key = (definition.id, os.path.abspath(map_path), stat.st_mtime_ns, stat.st_size)
    if key not in _BOARDS:
        _BOARDS.clear()
        _BOARDS[key] = definition.rules.load_board(map_path)
    return _BOARDS[key]


def soak_game(game_id: str, map_path: str, seed: int, turn_cap: int = 150) -> SoakReport:
    """Play and check one game of random players; exceptions are caught and reported."""
    definition = registry.game(game_id)
    report = SoakReport(seed)
    t0 = time.perf_counter()
    kinds: Counter[str] = Counter()
    state: Any = None
    checker: Any = None
    try:
        board = _board(definition, map_path)
        n = definition.seats.default
        state = definition.rules.new_game(board, [f"random {i}" for i in range(n)], {}, seed)
        players = [definition.player("random", i, seed) for i in range(n)]
        checker = definition.rules.checker(state)
        for _ in range(MAX_ACTIONS):
            if definition.rules.outcome(state) is not None:
                report.finished = True
                break
            if min(definition.rules.turns_taken(state)) >= turn_cap:
                state = definition.rules.end_early(state)
                report.capped = True
                break
            who = definition.rules.to_act(state)
            assert who is not None
            action = players[who].choose(definition.rules.seen_by(state, who))
            q = definition.rules.quote(state, action)
            if not q.ok:
                checker.violations.append(f"the random player chose an illegal action "
                                          f"{definition.rules.action_repr(action)}: {q.violations[0].message}")
                break
            state = checker.step(state, action, definition.rules.apply)
            kinds[str(definition.rules.action_to_dict(action).get("kind", "?"))] += 1
        else:
            report.error = f"no end after {MAX_ACTIONS} actions"
        checker.end(state, report.capped)
    except Exception as exc:  # report, never stop the whole run
        tb = traceback.extract_tb(exc.__traceback__)
        where = f" at {tb[-1].filename.split('/')[-1]}:{tb[-1].lineno}" if tb else ""
        report.error = f"{type(exc).__name__}: {exc}{where}"
    if state is not None:
        report.turns = max(definition.rules.turns_taken(state))
        report.scores = definition.rules.scores(state)
    if checker is not None:
        report.actions = checker.actions
        report.violations = list(checker.violations)
    report.kinds = dict(sorted(kinds.items()))
    report.seconds = time.perf_counter() - t0
    return report


def _run(job: tuple[str, str, int, int]) -> SoakReport:
    return soak_game(*job)


def run_command(args: argparse.Namespace) -> int:
    """``python -m rail_app soak``: the game's own soak, or the soak of its GameDef."""
    definition = registry.game(getattr(args, "game", None))
    own = tools_of(definition.id).soak
    if own is not None:
        if args.map is None:
            args.map = definition.default_map
        return own(args)
    map_path = args.map or resolve(definition.default_map)
    jobs = [(definition.id, map_path, s, args.turn_cap)
            for s in range(args.seed, args.seed + args.games)]
    if args.jobs > 1:
        from rail_app.devtools.pool import worker_pool

        with worker_pool(args.jobs) as pool:
            reports = list(pool.imap(_run, jobs))
    else:
        reports = [_run(j) for j in jobs]
    turns = sorted(r.turns for r in reports)
    summary = {
        "game": definition.id,
        "games": len(reports),
        "finished": sum(r.finished for r in reports),
        "capped": sum(r.capped for r in reports),
        "exceptions": sum(1 for r in reports if r.error),
        "invariant_violations": sum(len(r.violations) for r in reports),
        "actions_checked": sum(r.actions for r in reports),
        "turns_min_median_max": [turns[0], turns[len(turns) // 2], turns[-1]] if turns else [],
        "action_kinds": dict(sorted(sum((Counter(r.kinds) for r in reports),
                                        Counter()).items())),
        "seconds": round(sum(r.seconds for r in reports), 1),
    }
    if args.json:
        print(json.dumps({"summary": summary,
                          "games": [r.as_dict(definition.score_name) for r in reports]}, indent=1))
    else:
        for r in reports:
            state = "finished" if r.finished else "capped" if r.capped else "STOPPED"
            print(f"seed {r.seed}: {state}, {r.turns} turns, {r.actions} actions, "
                  f"{definition.score_name} {list(r.scores)}, {len(r.violations)} violations"
                  + (f", ERROR {r.error}" if r.error else "") + f" ({r.seconds:.1f}s)")
            for v in r.violations[:5]:
                print(f"    {v}")
        print("summary: " + json.dumps(summary))
    return 1 if summary["exceptions"] or summary["invariant_violations"] else 0
