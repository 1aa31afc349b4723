"""``python -m rail_app fuzz saves|maps|kill|ui|soak|names|folder [--long]``: run one
fuzzer.

Each fuzzer has a short run (the test suite runs it) and a long run (``--long``, the figures
of docs/reliability.md). Progress goes to stderr, the summary to stdout; the exit status is
0 when nothing failed, 1 otherwise.
"""

from __future__ import annotations

import json
import sys
from types import ModuleType
from typing import Any

from rail_app.devtools import (
    fuzz_folder,
    fuzz_kill,
    fuzz_names,
    fuzz_saves,
    fuzz_soak,
    fuzz_ui,
)
from rail_app.devtools.gametools import tools_of
from rail_app.table.registry import game as game_of
from rail_app.ui.gamescreens import no_screen

#: The fuzzers that play through a game's screen (the app killed while saving, random input
#: on the interface). The save fuzzer loads saves as the game does; the loaded game's screen
#: draws a frame when the game has one.
SCREEN_FUZZERS = ("kill", "ui")


def _progress(line: str) -> None:
    print(line, file=sys.stderr, flush=True)


#: The fuzzers shared by every game, by target (each imported here, so that every one is
#: seen); hostile maps are each game's own (its map format), from its tools.
FUZZERS: dict[str, ModuleType] = {
    "saves": fuzz_saves, "kill": fuzz_kill, "ui": fuzz_ui, "soak": fuzz_soak,
    "names": fuzz_names, "folder": fuzz_folder,
}


def fuzzer(target: str, game: str | None = None) -> Any:
    """The module of a fuzzer, or None."""
    if target == "maps":
        maps = tools_of(game_of(game).id).fuzz_maps
        return maps() if maps is not None else None
    return FUZZERS.get(target)


def run_fuzz(target: str, *, long: bool = False, seed: int = 1, count: int | None = None,
             as_json: bool = False, game: str | None = None) -> int:
    if target in SCREEN_FUZZERS:
        why = no_screen(game_of(game).id)
        if why is not None:
            print(f"fuzz {target}: {why}", file=sys.stderr)
            return 2
    module = fuzzer(target, game)
    if module is None:
        print(f"no {target!r} fuzzer for {game or 'this game'}", file=sys.stderr)
        return 2
    extra: dict[str, Any] = {} if target == "maps" else {"game": game}
    n = count if count is not None else (module.LONG_COUNT if long else module.SHORT_COUNT)
    summary: dict[str, Any]
    if target == "soak":  # whole games: the long run plays them out, on both processors
        summary = module.run(seed, n, module.TURN_CAP if long else module.SHORT_TURN_CAP,
                             workers=2 if long else 1, stride=1 if long else 13,
                             progress=_progress, **extra)
    else:
        summary = module.run(seed, n, progress=_progress, **extra)
    ok = bool(module.passed(summary))
    if as_json:
        print(json.dumps(summary, indent=1))
    else:
        for key, value in summary.items():
            if isinstance(value, list):
                print(f"{key}: {len(value)}")
                for item in value[:50]:
                    print(f"  {json.dumps(item)[:300]}")
            else:
                print(f"{key}: {value}")
        print("PASSED" if ok else "FAILED")
    return 0 if ok else 1
