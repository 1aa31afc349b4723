"""``python -m rail_app simulate [--game G]``: computer-only games of any game on the table,
for measuring its computer players.

Each game is played on the chosen map (the game's own by default), seat 0 being the first
name of ``--players`` (the game's players: Italian Rails' ``easy``, ``normal``, ``hard`` or
``random``); who moves first is decided by the rules. Each player is handed what its seat
may see. A game that reaches the turn cap is ended by the game's own rule for a stopped
game (Italian Rails: W2, most cash wins; equal cash: fewer segments drawn), and is marked
``capped``. Results name each seat's score by the game's word for it (``cash``).
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
from rail_app.devtools.pool import worker_pool
from rail_app.devtools.toolkit import resolve
from rail_app.table import registry
from rail_app.table.registry import AnyGame

DEFAULT_TURN_CAP = 150
MAX_ACTIONS = 200_000


@dataclass
class GameResult:
    seed: int
    winner: int | None = None
    turns: int = 0
    scores: list[int] = field(default_factory=lambda: [0, 0])
    error: str | None = None
    capped: bool = False
    seconds: float = 0.0
    first_player: int | None = None
    turn_times: list[float] = field(default_factory=list)  # seconds per computer turn
    turn_cpu: list[float] = field(default_factory=list)  # the same turns in CPU seconds
    score_name: str = "cash"  # what the game calls a seat's score

    def as_dict(self) -> dict[str, Any]:
        return {"seed": self.seed, "winner": self.winner, "turns": self.turns,
                self.score_name: list(self.scores), "error": self.error,
                "capped": self.capped, "first_player": self.first_player,
                "seconds": round(self.seconds, 3),
                "ai_turn_max_s": round(max(self.turn_times, default=0.0), 4)}


def play_game(map_path: str, seed: int, players: list[str],
              turn_cap: int = DEFAULT_TURN_CAP, game_id: str | None = None) -> GameResult:
    """Play one computer-only game; every exception is caught and reported."""
    game = registry.game(game_id)
    result = GameResult(seed, score_name=game.score_name)
    t_start = time.perf_counter()
    state = None
    try:
        board = game.rules.load_board(map_path)
        state = game.rules.new_game(board, [f"{p} {i}" for i, p in enumerate(players)],
                              larger_table(game, len(players)), seed)
        bots = [game.player(kind, seat, seed) for seat, kind in enumerate(players)]
        timing: dict[tuple[int, int], float] = {}
        cpu: dict[tuple[int, int], float] = {}  # this process's CPU time (time.process_time)
        for _ in range(MAX_ACTIONS):
            if game.rules.outcome(state) is not None:
                break
            if min(game.rules.turns_taken(state)) >= turn_cap:
                result.capped = True
                state = game.rules.end_early(state)
                break
            acting = game.rules.to_act(state)
            assert acting is not None
            t0, c0 = time.perf_counter(), time.process_time()
            action = bots[acting].choose(game.rules.seen_by(state, acting))
            dt, dc = time.perf_counter() - t0, time.process_time() - c0
            if players[acting] != "random":
                key = (game.rules.turn(state), acting)
                timing[key] = timing.get(key, 0.0) + dt
                cpu[key] = cpu.get(key, 0.0) + dc
            state = game.rules.apply(state, action)
        else:
            result.error = f"no end after {MAX_ACTIONS} actions"
        result.turn_times = list(timing.values())
        result.turn_cpu = list(cpu.values())
        out = game.rules.outcome(state)
        if out is not None:
            result.winner = out.winner
    except Exception as exc:  # report, never crash the whole run
        tb = traceback.extract_tb(exc.__traceback__)
        where = f" at {tb[-1].filename.split('/')[-1]}:{tb[-1].lineno}" if tb else ""
        result.error = f"{type(exc).__name__}: {exc}{where}"
    if state is not None:
        result.turns = max(game.rules.turns_taken(state))
        result.scores = list(game.rules.scores(state))
        result.first_player = game.rules.first_seat(state)
    result.seconds = time.perf_counter() - t_start
    return result


def larger_table(game: AnyGame, seats: int) -> dict[str, object]:
    """The options of a game of ``seats``: the option that allows a larger table when there
    are more seats than the game takes without it (Steam's six players), else none."""
    if seats > game.seats.high and game.seats.extended_by:
        return {game.seats.extended_by: True}
    return {}


def _run_one(args: tuple[str, int, list[str], int, str | None]) -> GameResult:
    return play_game(*args)


def run_games(map_path: str, seeds: list[int], players: list[str], turn_cap: int,
              workers: int = 2, game_id: str | None = None) -> list[GameResult]:
    jobs = [(map_path, s, players, turn_cap, game_id) for s in seeds]
    if workers <= 1 or len(jobs) <= 1:
        return [_run_one(j) for j in jobs]

    with worker_pool(workers) as pool:
        return list(pool.imap(_run_one, jobs))


def summarise(results: list[GameResult], game: AnyGame | None = None,
              seats: int = 2) -> dict[str, Any]:
    n = len(results) or 1
    wins = [sum(1 for r in results if r.winner == s) / n for s in range(seats)]
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
        "turn_cap_rule": (game or registry.game(None)).turn_cap_rule,
    }


def default_players(game: AnyGame) -> list[str]:
    """The game's strongest computer level against its weakest (Italian Rails: hard,easy),
    or its first player at every seat."""
    if game.levels:
        return [str(game.levels[-1])] + [str(game.levels[0])] * (game.seats.default - 1)
    return [game.players[0]] * game.seats.default


def parse_players(text: str, game: AnyGame) -> list[str] | None:
    """The players of ``--players`` (None when they are not the game's or too many)."""
    players = [x.strip().lower() for x in str(text).split(",") if x.strip()]
    if not game.seats.low <= len(players) <= game.seats.most:
        return None
    return players if all(p in game.players for p in players) else None


def run_command(args: argparse.Namespace) -> int:
    game = registry.game(getattr(args, "game", None))
    example = ",".join(default_players(game))
    players = parse_players(example if args.players is None else args.players, game)
    unknown = [p for p in (x.strip().lower() for x in str(args.players or "").split(","))
               if p and p not in game.players]
    if unknown:
        print(f"--players: no player {unknown[0]!r} in {game.title} (its players: "
              f"{', '.join(game.players)}), e.g. {example}", file=sys.stderr)
        return EXIT_BAD_INPUT
    if players is None:
        count = "two" if game.seats.low == game.seats.most == 2 else game.seats.words()
        print(f"--players takes {count} of {', '.join(game.players)}, comma separated "
              f"(seat 0 first), e.g. {example}", file=sys.stderr)
        return EXIT_BAD_INPUT
    if args.games < 1 or args.turn_cap < 1:
        print("--games and --turn-cap must be at least 1", file=sys.stderr)
        return EXIT_BAD_INPUT
    map_path = args.map or resolve(game.default_map)
    try:
        game.rules.load_board(map_path)
    except (MapError, OSError) as exc:
        problems = getattr(exc, "problems", None)
        for prob in problems or [exc]:
            print(prob, file=sys.stderr)
        return EXIT_BAD_INPUT
    seeds = [args.seed + i for i in range(args.games)]
    results = run_games(map_path, seeds, players, args.turn_cap, max(1, args.jobs), game.id)
    summary = summarise(results, game, len(players))
    if args.json:
        print(json.dumps({"players": players, "map": args.map or game.default_map,
                          "turn_cap": args.turn_cap,
                          "games": [r.as_dict() for r in results], "summary": summary},
                         indent=1))
        return EXIT_OK
    unit = "M" if game.score_name == "cash" else ""
    for r in results:
        who = f"seat {r.winner} ({players[r.winner]})" if r.winner is not None else "none"
        extra = " (turn cap)" if r.capped else ""
        err = f"  ERROR: {r.error}" if r.error else ""
        print(f"game seed {r.seed}: winner {who}{extra}, {r.turns} turns, {game.score_name} "
              + " / ".join(f"{v}{unit}" for v in r.scores) + f", {r.seconds:.1f}s{err}")
    rates = ", ".join(f"{p} {w:.0%}" for p, w in zip(players, summary["win_rate"], strict=True))
    print(f"summary: win rate {rates}; median turns {summary['median_turns']}; median "
          f"game {summary['median_game_s']}s; computer turn p95 {summary['ai_turn_p95_s']}s; "
          f"first player wins {summary['first_player_win_rate']}; capped "
          f"{summary['capped']}; errors {summary['errors']}")
    return EXIT_OK
