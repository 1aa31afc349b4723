"""Playthrough goldens (as OpenSpiel keeps them): for each game on the table, a seeded game on
its small map, written step by step: the seat to act, how many actions are legal, the action
played (by the kit's random player, from what its seat sees), and a digest of what each seat
sees (``seen_by``: its own hand, never another's). ``tests/table/test_playthroughs.py`` plays each
game again and compares; a change of the rules that changes any of it shows as a diff.

Write them again after a change that is meant to change them, and read the diff:

    python tests/playthrough.py                 every game on the table
    python tests/playthrough.py steam           one game
"""

from __future__ import annotations

import hashlib
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:  # run as a script from anywhere
    sys.path.insert(0, str(ROOT))

from rail_app.core.paths import resource_path  # noqa: E402
from rail_app.table import registry  # noqa: E402
from rail_app.table.players import RandomPlayer  # noqa: E402

FOLDER = ROOT / "tests" / "goldens" / "playthroughs"
SEED = 3
STEPS = 40


def digest(text: str) -> str:
    return hashlib.sha256(text.encode("utf-8")).hexdigest()[:12]


def playthrough(game_id: str, steps: int = STEPS, seed: int = SEED) -> list[str]:
    """The playthrough's lines: a heading, then one line per step and seat."""
    game: Any = registry.game(game_id)
    rules = game.rules
    board = rules.load_board(resource_path(game.small_map))
    seats = game.seats.default
    state = rules.new_game(board, [f"P{i + 1}" for i in range(seats)], {}, seed)
    players = [RandomPlayer(rules.engine, s, seed * 100 + s) for s in range(seats)]
    lines = [f"game {game.id} rules {game.rules_version} map {game.small_map} seed {seed} "
             f"seats {seats}"]
    for k in range(steps):
        views = [rules.seen_by(state, s) for s in range(seats)]
        lines += [f"  view {s}: {digest(rules.fingerprint(v))}" for s, v in enumerate(views)]
        if rules.outcome(state) is not None:
            lines.append(f"over: ranks {list(rules.outcome(state).ranks)}")
            break
        seat = rules.to_act(state)
        legal = rules.legal_actions(state)
        action = players[seat].choose(views[seat])
        lines.append(f"step {k}: seat {seat} of {sorted(rules.engine.may_act(state))}, "
                     f"{len(legal)} legal, plays {rules.action_repr(action)}")
        state = rules.apply(state, action)
    return lines


def path_of(game_id: str) -> Path:
    return FOLDER / f"{game_id}.txt"


def main(argv: list[str]) -> int:
    ids = argv or [g.id for g in registry.GAMES]
    FOLDER.mkdir(parents=True, exist_ok=True)
    for game_id in ids:
        path_of(game_id).write_text("\n".join(playthrough(game_id)) + "\n", encoding="utf-8")
        print(f"wrote {path_of(game_id).relative_to(ROOT)}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
