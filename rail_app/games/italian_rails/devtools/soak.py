"""Soak test of the rules engine: whole games of random legal play, checked after every action.

``python -m rail_app soak --games 200`` plays games between two
:class:`~rail_app.games.italian_rails.devtools.goalplayer.GoalDirectedPlayer` seats (seeds 0..N-1; every fourth game
without variants, the others with Loans, Fast Trains or Small City Access) to the end or to
a turn cap, and after *every* action checks the game's invariants
(``rules/invariants.py``) with the kit's checker. It prints one line per game and a summary
(``--json``: one JSON document); the exit status is 1 if any game raised an exception or
broke an invariant.
"""

from __future__ import annotations

import argparse
import json
import time
import traceback
from collections import Counter
from dataclasses import dataclass, field
from typing import Any

from rail_app.games.italian_rails.devtools.goalplayer import GoalDirectedPlayer
from rail_app.games.italian_rails.rules import cards, engine, invariants, log
from rail_app.games.italian_rails.rules.board import Board, load_board
from rail_app.games.italian_rails.rules.deck import load_board_deck
from rail_app.games.italian_rails.rules.deckmodel import Deck
from rail_app.games.italian_rails.rules.state import (
    VARIANT_FAST_TRAINS,
    VARIANT_LOANS,
    VARIANT_SMALL_CITY_ACCESS,
)

VARIANT_CYCLE: tuple[tuple[str, ...], ...] = (
    (), (VARIANT_LOANS,), (VARIANT_FAST_TRAINS,), (VARIANT_SMALL_CITY_ACCESS,))


@dataclass
class GameReport:
    seed: int
    variants: tuple[str, ...]
    finished: bool = False
    capped: bool = False
    turns: int = 0
    actions: int = 0
    cash: tuple[int, ...] = ()
    deliveries: int = 0
    events: int = 0
    kinds: dict[str, int] = field(default_factory=dict)
    violations: list[str] = field(default_factory=list)
    error: str | None = None
    seconds: float = 0.0

    def as_dict(self) -> dict[str, Any]:
        return {"seed": self.seed, "variants": list(self.variants), "finished": self.finished,
                "capped": self.capped, "turns": self.turns, "actions": self.actions,
                "cash": list(self.cash), "deliveries": self.deliveries, "events": self.events,
                "kinds": self.kinds, "violations": self.violations[:20],
                "violation_count": len(self.violations), "error": self.error,
                "seconds": round(self.seconds, 2)}


def soak_game(board: Board, deck: Deck, seed: int, *, turn_cap: int = 150,
              variants: tuple[str, ...] = (), max_actions: int = 200_000) -> GameReport:
    """Play and check one game; exceptions are caught and reported."""
    report = GameReport(seed, variants)
    t0 = time.perf_counter()
    state = engine.new_game(board, deck, seed=seed, variants=variants)
    checker = invariants.checker(state)
    player = GoalDirectedPlayer(seed)
    kinds: Counter[str] = Counter()
    try:
        for _ in range(max_actions):
            if state.outcome is not None:
                report.finished = True
                break
            if state.pending is None and min(p.turns_taken for p in state.players) >= turn_cap:
                cards.finish_game(state)
                report.capped = True
                break
            action = player.choose(state)
            q = engine.quote(state, action)
            if not q.ok:
                checker.fail(state, action, f"the random player chose an illegal action: "
                             f"{q.headline}")
                break
            after = checker.step(state, action, engine.apply)
            kinds[action.kind] += 1
            state = after
        else:
            report.error = f"no end after {max_actions} actions"
        checker.end(state, report.capped)
    except Exception as exc:  # report, never stop the whole run
        tb = traceback.extract_tb(exc.__traceback__)
        where = f" at {tb[-1].filename.split('/')[-1]}:{tb[-1].lineno}" if tb else ""
        report.error = f"{type(exc).__name__}: {exc}{where}"
    report.turns = max(p.turns_taken for p in state.players)
    report.actions = checker.actions
    report.cash = tuple(p.cash for p in state.players)
    report.deliveries = sum(p.deliveries for p in state.players)
    report.events = sum(1 for e in state.log if isinstance(e.event, log.EventDrawn))
    report.kinds = dict(sorted(kinds.items()))
    report.violations = checker.violations
    report.seconds = time.perf_counter() - t0
    return report


def _run(args: tuple[str, int, int]) -> GameReport:
    map_path, seed, cap = args
    board = load_board(map_path)
    deck = load_board_deck(board)
    return soak_game(board, deck, seed, turn_cap=cap,
                     variants=VARIANT_CYCLE[seed % len(VARIANT_CYCLE)])


def run_command(args: argparse.Namespace) -> int:
    """``python -m rail_app soak``: the games, one line each and a summary; exit 1 if any
    game raised an exception or broke an invariant."""
    jobs = [(args.map, s, args.turn_cap)
            for s in range(args.seed, args.seed + args.games)]
    if args.jobs > 1:
        from rail_app.devtools.pool import worker_pool

        with worker_pool(args.jobs) as pool:
            reports = list(pool.imap(_run, jobs))
    else:
        reports = [_run(j) for j in jobs]
    turns = sorted(r.turns for r in reports)
    summary = {
        "games": len(reports),
        "finished": sum(r.finished for r in reports),
        "capped": sum(r.capped for r in reports),
        "exceptions": sum(1 for r in reports if r.error),
        "invariant_violations": sum(len(r.violations) for r in reports),
        "actions_checked": sum(r.actions for r in reports),
        "turns_min_median_max": [turns[0], turns[len(turns) // 2], turns[-1]] if turns else [],
        "deliveries": sum(r.deliveries for r in reports),
        "events": sum(r.events for r in reports),
        "action_kinds": dict(sorted(sum((Counter(r.kinds) for r in reports),
                                        Counter()).items())),
        "seconds": round(sum(r.seconds for r in reports), 1),
    }
    if args.json:
        print(json.dumps({"summary": summary, "games": [r.as_dict() for r in reports]},
                         indent=1))
    else:
        for r in reports:
            state = "finished" if r.finished else "capped" if r.capped else "STOPPED"
            print(f"seed {r.seed} {'+'.join(r.variants) or 'standard'}: {state}, {r.turns} "
                  f"turns, {r.actions} actions, cash {list(r.cash)}, {r.deliveries} "
                  f"deliveries, {r.events} events, {len(r.violations)} violations"
                  + (f", ERROR {r.error}" if r.error else "") + f" ({r.seconds:.1f}s)")
            for v in r.violations[:5]:
                print(f"    {v}")
        print("summary: " + json.dumps(summary))
    bad = summary["exceptions"] or summary["invariant_violations"]
    return 1 if bad else 0

