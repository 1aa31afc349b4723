"""``python -m rail_app simulate``: computer-only games, for measuring the computer opponent.

Each game is played on the chosen map with its deck, seat 0 being the first name of
``--players`` (``easy``, ``normal``, ``hard`` or ``random``); who moves first is decided by
the rules (T1: the lowest private card). A game that reaches the turn cap ends by W2 (most
cash wins; equal cash: fewer segments drawn), and is marked ``capped``.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
import traceback
from dataclasses import dataclass, field
from typing import Any

from rail_app import EXIT_BAD_INPUT, EXIT_OK
from rail_app.core.mapfile import MapError
from rail_app.games.italian_rails.ai.bot import Bot
from rail_app.games.italian_rails.ai.randomplayer import RandomPlayer
from rail_app.games.italian_rails.rules import cards, engine
from rail_app.games.italian_rails.rules.board import load_board
from rail_app.games.italian_rails.rules.deck import load_board_deck

PLAYER_KINDS = ("easy", "normal", "hard", "random")
DEFAULT_MAP = "maps/italy.yaml"
DEFAULT_TURN_CAP = 150
MAX_ACTIONS = 200_000


@dataclass
class GameResult:
    seed: int
    winner: int | None = None
    turns: int = 0
    cash: list[int] = field(default_factory=lambda: [0, 0])
    error: str | None = None
    capped: bool = False
    seconds: float = 0.0
    first_player: int | None = None
    turn_times: list[float] = field(default_factory=list)  # seconds per computer turn
    turn_cpu: list[float] = field(default_factory=list)  # the same turns in CPU seconds

    def as_dict(self) -> dict[str, Any]:
        return {"seed": self.seed, "winner": self.winner, "turns": self.turns,
                "cash": list(self.cash), "error": self.error, "capped": self.capped,
                "first_player": self.first_player, "seconds": round(self.seconds, 3),
                "ai_turn_max_s": round(max(self.turn_times, default=0.0), 4)}


def make_player(kind: str, seat: int, seed: int) -> Bot | RandomPlayer:
    """A computer seat: a level of the opponent, or the random legal-move player."""
    if kind == "random":
        return RandomPlayer(seat, seed)
    return Bot(kind, seat, seed)


def play_game(map_path: str, seed: int, players: list[str],
              turn_cap: int = DEFAULT_TURN_CAP) -> GameResult:
    """Play one computer-only game; every exception is caught and reported."""
    result = GameResult(seed)
    t_start = time.perf_counter()
    state = None
    try:
        board = load_board(map_path)
        deck = load_board_deck(board)
        state = engine.new_game(board, deck, seed=seed, names=[f"{p} {i}" for i, p in
                                                             enumerate(players)])
        bots = [make_player(kind, seat, seed) for seat, kind in enumerate(players)]
        timing: dict[tuple[int, int], float] = {}
        cpu: dict[tuple[int, int], float] = {}  # this process's CPU time (time.process_time)
        for _ in range(MAX_ACTIONS):
            if state.outcome is not None:
                break
            if min(p.turns_taken for p in state.players) >= turn_cap:
                result.capped = True
                cards.finish_game(state)
                break
            acting = state.pending.player if state.pending is not None else state.current
            t0, c0 = time.perf_counter(), time.process_time()
            action = bots[acting].next_action(state)
            dt, dc = time.perf_counter() - t0, time.process_time() - c0
            if players[acting] != "random":
                key = (state.turn, acting)
                timing[key] = timing.get(key, 0.0) + dt
                cpu[key] = cpu.get(key, 0.0) + dc
            state = engine.apply(state, action, inplace=True)
        else:
            result.error = f"no end after {MAX_ACTIONS} actions"
        result.turn_times = list(timing.values())
        result.turn_cpu = list(cpu.values())
        if state.outcome is not None:
            result.winner = state.outcome.winner
    except Exception as exc:  # report, never crash the whole run
        tb = traceback.extract_tb(exc.__traceback__)
        where = f" at {tb[-1].filename.split('/')[-1]}:{tb[-1].lineno}" if tb else ""
        result.error = f"{type(exc).__name__}: {exc}{where}"
    if state is not None:
        result.turns = max(p.turns_taken for p in state.players)
        result.cash = [p.cash for p in state.players]
        result.first_player = state.first_player
    result.seconds = time.perf_counter() - t_start
    return result


def _run_one(args: tuple[str, int, list[str], int]) -> GameResult:
    return play_game(*args)


def run_games(map_path: str, seeds: list[int], players: list[str], turn_cap: int,
              workers: int = 2) -> list[GameResult]:
    jobs = [(map_path, s, players, turn_cap) for s in seeds]
    if workers <= 1 or len(jobs) <= 1:
        return [_run_one(j) for j in jobs]
    from rail_app.devtools.pool import worker_pool

    with worker_pool(workers) as pool:
        return list(pool.imap(_run_one, jobs))


def summarise(results: list[GameResult]) -> dict[str, Any]:
    n = len(results) or 1
    wins = [sum(1 for r in results if r.winner == s) / n for s in (0, 1)]
    times = sorted(t for r in results for t in r.turn_times)
    p95 = times[min(len(times) - 1, int(0.95 * len(times)))] if times else 0.0
    firsts = [r for r in results if r.first_player is not None and r.winner is not None]
    first_wins = (sum(1 for r in firsts if r.winner == r.first_player) / len(firsts)
                  if firsts else None)
    return {
        "win_rate": [round(w, 3) for w in wins],
        "median_turns": statistics.median([r.turns for r in results]) if results else 0,
        "median_game_s": round(statistics.median([r.seconds for r in results]), 3)
        if results else 0.0,
        "ai_turn_p95_s": round(p95, 4),
        "ai_turn_max_s": round(times[-1], 4) if times else 0.0,
        "first_player_win_rate": round(first_wins, 3) if first_wins is not None else None,
        "capped": sum(1 for r in results if r.capped),
        "errors": sum(1 for r in results if r.error),
        "turn_cap_rule": "W2: most cash wins at the cap (equal cash: fewer segments drawn)",
    }


def run_command(args: argparse.Namespace) -> int:
    players = [x.strip().lower() for x in str(args.players).split(",") if x.strip()]
    if len(players) != 2 or any(p not in PLAYER_KINDS for p in players):
        print(f"--players takes two of {', '.join(PLAYER_KINDS)}, e.g. hard,easy",
              file=sys.stderr)
        return EXIT_BAD_INPUT
    if args.games < 1 or args.turn_cap < 1:
        print("--games and --turn-cap must be at least 1", file=sys.stderr)
        return EXIT_BAD_INPUT
    try:
        board = load_board(args.map)
        load_board_deck(board)
    except (MapError, OSError) as exc:
        problems = getattr(exc, "problems", None)
        for prob in problems or [exc]:
            print(prob, file=sys.stderr)
        return EXIT_BAD_INPUT
    seeds = [args.seed + i for i in range(args.games)]
    results = run_games(args.map, seeds, players, args.turn_cap, max(1, args.jobs))
    summary = summarise(results)
    if args.json:
        print(json.dumps({"players": players, "map": args.map, "turn_cap": args.turn_cap,
                          "games": [r.as_dict() for r in results], "summary": summary},
                         indent=1))
        return EXIT_OK
    for r in results:
        who = f"seat {r.winner} ({players[r.winner]})" if r.winner is not None else "none"
        extra = " (turn cap)" if r.capped else ""
        err = f"  ERROR: {r.error}" if r.error else ""
        print(f"game seed {r.seed}: winner {who}{extra}, {r.turns} turns, cash "
              f"{r.cash[0]}M / {r.cash[1]}M, {r.seconds:.1f}s{err}")
    print(f"summary: win rate {players[0]} {summary['win_rate'][0]:.0%}, {players[1]} "
          f"{summary['win_rate'][1]:.0%}; median turns {summary['median_turns']}; median "
          f"game {summary['median_game_s']}s; computer turn p95 {summary['ai_turn_p95_s']}s; "
          f"first player wins {summary['first_player_win_rate']}; capped "
          f"{summary['capped']}; errors {summary['errors']}")
    return EXIT_OK
