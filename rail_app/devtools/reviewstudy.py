"""``python -m rail_app.devtools.reviewstudy``: does the review find more and larger gaps for a
weak player than for a strong one? Seeded games of the game's weakest level against its
strongest (seats swapped every other game), each seat reviewed; prints, per level, how many
turns were reviewed, how many had a gap, the gaps' distribution and the CPU time of each
whole review, as JSON.
"""

from __future__ import annotations

import argparse
import json
import statistics
import time
from typing import Any

from rail_app.core.paths import resource_path
from rail_app.table import registry
from rail_app.table.review import largest_gaps, review
from rail_app.table.timeline import Timeline

#: A turn "has a gap" when the best plan made this much more a turn (the game's money).
GAP = 5.0


def _play(game: Any, board: Any, levels: list[str], seed: int, turns: int) -> Any:
    names = [f"{lv} {i}" for i, lv in enumerate(levels)]
    state = game.rules.new_game(board, names, {}, seed)
    bots = [game.player(lv, i, seed + i) for i, lv in enumerate(levels)]
    while game.rules.outcome(state) is None and min(game.rules.turns_taken(state)) < turns:
        seat = game.rules.to_act(state)
        state = game.rules.apply(state, bots[seat].choose(game.rules.seen_by(state, seat)))
    return Timeline(game, board, names, game.rules.options_of(state), seed, game.rules.history(state))


def _dist(values: list[float]) -> dict[str, float]:
    if not values:
        return {"n": 0}
    q = statistics.quantiles(values, n=20, method="inclusive") if len(values) > 1 \
        else [values[0]] * 19
    return {"n": len(values), "mean": round(statistics.fmean(values), 2),
            "p25": round(q[4], 2), "median": round(q[9], 2), "p75": round(q[14], 2),
            "p90": round(q[17], 2), "max": round(max(values), 2)}


def study(game_id: str, map_path: str, games: int, turns: int, weak: str, strong: str
          ) -> dict[str, Any]:
    game = registry.game(game_id)
    board = game.rules.load_board(map_path)
    out: dict[str, Any] = {}
    per: dict[str, dict[str, list[float]]] = {
        lv: {"gaps": [], "marked": [], "marks": [], "cpu_s": [], "turns": [],
             "with_gap": []}
        for lv in (weak, strong)}
    for g in range(games):
        levels = [weak, strong] if g % 2 == 0 else [strong, weak]
        tl = _play(game, board, levels, 100 + g, turns)
        for seat, lv in enumerate(levels):
            c0 = time.process_time()
            turns_ = review(tl, seat)
            per[lv]["cpu_s"].append(time.process_time() - c0)
            gaps = [t.gap for t in turns_]
            per[lv]["gaps"] += gaps
            per[lv]["turns"].append(len(turns_))
            per[lv]["with_gap"].append(sum(1 for x in gaps if x > GAP))
            marked = largest_gaps(turns_)
            per[lv]["marked"] += [t.gap for t in marked]
            per[lv]["marks"].append(len(marked))
    for lv, d in per.items():
        out[lv] = {"turns_reviewed": int(sum(d["turns"])),
                   f"turns_with_gap_over_{GAP:g}": int(sum(d["with_gap"])),
                   "gaps_per_game": _dist([float(x) for x in d["with_gap"]]),
                   "gap": _dist(d["gaps"]),
                   "positive_gap": _dist([x for x in d["gaps"] if x > 0]),
                   "marked_gap": _dist(d["marked"]),
                   "marks_per_game": _dist([float(x) for x in d["marks"]]),
                   "review_cpu_s": _dist(d["cpu_s"])}
    return {"game": game_id, "games": games, "turns": turns, "weak": weak, "strong": strong,
            "levels": out}


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(prog="python -m rail_app.devtools.reviewstudy",
                                description=__doc__)
    p.add_argument("--games", type=int, default=20)
    p.add_argument("--turns", type=int, default=45, help="turns a seat at most")
    p.add_argument("--game", default=None)
    p.add_argument("--map", default=None)
    args = p.parse_args(argv)
    game = registry.game(args.game)
    levels = [lv.value for lv in game.levels]
    map_path = args.map or str(resource_path(*game.default_map.split("/")))
    print(json.dumps(study(game.id, map_path, args.games, args.turns, levels[0], levels[-1]),
                     indent=1))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
