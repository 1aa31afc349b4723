"""``python -m rail_app bench --game ttr``: how fast Ticket to Ride's rules are, measured on
positions of real games (the planner at every seat of tables of 2 to 5, on the game's map):

- a legal-move list (``legal_actions``) and a quote (of each of the first legal actions and
  of a claim refused), median and 95th percentile, at every decision of those games;
- an apply (the kit's: a copy of the state, the action, the flow);
- the end-of-game scoring (``final_scores``: every seat's longest path, T-X1, and its
  stations' best use, D-21) on each game's last position, and its two parts alone, with
  nothing kept from an earlier call.

Times are of the processor (the process's own, not the time other programs take from it on
a shared machine). Each figure is also given against a fixed piece of work timed in the
same run (``baseline``: a sort of 1,000 numbers), a ratio that a busy machine changes less
than the times.
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import time
from collections.abc import Callable
from functools import partial
from typing import Any

from rail_app.devtools.toolkit import resolve
from rail_app.games.ttr.ai.players import Planner
from rail_app.games.ttr.rules import engine, network
from rail_app.games.ttr.rules.actions import ClaimRoute
from rail_app.games.ttr.rules.boundary import load_board
from rail_app.games.ttr.rules.cards import Card
from rail_app.games.ttr.rules.scoring import final_scores
from rail_app.games.ttr.rules.state import EndReason, GameState, Step
from rail_app.games.ttr.rules.views import seen_by


def _ms(fn: Callable[[], Any]) -> float:
    t0 = time.process_time()
    fn()
    return (time.process_time() - t0) * 1000


def _pct(values: list[float], p: float) -> float:
    s = sorted(values)
    return s[min(len(s) - 1, int(round(p / 100 * (len(s) - 1))))] if s else 0.0


def _baseline_ms(rng: random.Random) -> float:
    numbers = [rng.random() for _ in range(1000)]
    return _ms(lambda: sorted(numbers))


def play(board: Any, seats: int, seed: int) -> tuple[list[GameState], GameState]:
    """The positions of one game between planners (every decision), and its last one."""
    state = engine.new_game(board, [f"P{i}" for i in range(seats)], None, seed)
    players = [Planner(i, seed * 31 + i) for i in range(seats)]
    positions: list[GameState] = []
    for _ in range(5000):
        if state.step is Step.OVER:
            break
        positions.append(state)
        seat = state.current
        state = engine.apply(state, players[seat].choose(seen_by(state, seat)))
    return positions, state


def _longest_paths(state: GameState) -> list[int]:
    return [network.longest_path(state.board, network.routes_of(state.owner, s))
            for s in range(state.seats)]


def _best_uses(state: GameState) -> list[network.TicketResult]:
    return [network.ticket_results(state.board, state.owner, s,
                                   [c for c, o in enumerate(state.station_of) if o == s],
                                   state.players[s].tickets) for s in range(state.seats)]


def measure(map_path: str, games: int, seed: int = 1) -> dict[str, Any]:
    board = load_board(map_path)
    rng = random.Random(seed)
    legal: list[float] = []
    quotes: list[float] = []
    applies: list[float] = []
    scoring: list[float] = []
    longest: list[float] = []
    stations: list[float] = []
    base: list[float] = []
    counts: list[int] = []
    for g in range(games):
        positions, last = play(board, 2 + g % 4, seed + g)
        for state in positions:
            base.append(_baseline_ms(rng))
            t0 = time.process_time()
            found = engine.legal_actions(state)
            legal.append((time.process_time() - t0) * 1000)
            counts.append(len(found))
            wrong = ClaimRoute(rng.randrange(len(board.routes)), (Card.RED,) * 2)
            for action in [*found[:10], wrong]:
                t0 = time.process_time()
                engine.quote(state, action)
                quotes.append((time.process_time() - t0) * 1000)
            if found:
                action = rng.choice(found)
                t0 = time.process_time()
                engine.apply(state, action)
                applies.append((time.process_time() - t0) * 1000)
        # the end of the game, worked out anew (nothing kept from the game itself)
        for _ in range(3):
            network.clear_cache()
            scoring.append(_ms(partial(final_scores, last, EndReason.LAST_ROUND)))
            network.clear_cache()
            longest.append(_ms(partial(_longest_paths, last)))
            stations.append(_ms(partial(_best_uses, last)))
    b = statistics.median(base)
    figures = {
        "positions": len(legal),
        "legal_actions_median": statistics.median(counts),
        "legal_median_ms": statistics.median(legal),
        "legal_p95_ms": _pct(legal, 95),
        "quote_median_ms": statistics.median(quotes),
        "quote_p95_ms": _pct(quotes, 95),
        "apply_median_ms": statistics.median(applies),
        "scoring_median_ms": statistics.median(scoring),
        "scoring_p95_ms": _pct(scoring, 95),
        "longest_path_p95_ms": _pct(longest, 95),
        "stations_best_use_p95_ms": _pct(stations, 95),
        "baseline_ms": b,
    }
    for key in ("legal_median_ms", "quote_median_ms", "scoring_p95_ms"):
        figures[key.replace("_ms", "_ratio")] = figures[key] / b if b else 0.0
    return figures


def run_command(args: argparse.Namespace) -> int:
    """``bench --game ttr``: the figures (``--json``: one document)."""
    t0 = time.perf_counter()
    map_path = resolve(args.map or "maps/ttr-europe.yaml")
    out: dict[str, Any] = {"game": "ttr", "quick": args.quick}
    out.update(measure(map_path, 2 if args.quick else 40))
    out["frames"] = "none: no game screen"
    out["bench_s"] = time.perf_counter() - t0
    if args.json:
        print(json.dumps(out, indent=2))
    else:
        print("Ticket to Ride – Europe benchmark")
        for k, v in out.items():
            print(f"  {k:<28} {v:.4f}" if isinstance(v, float) else f"  {k:<28} {v}")
    return 0
