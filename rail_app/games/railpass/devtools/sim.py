"""``python -m rail_app.games.railpass.devtools.sim``: one all-computer round in figures
(DG-D6).

``--config 6CI --seed 7 --crew conductor`` plays one round of a crew at a level on a
configuration, at the default tempo (``--tempo``), and prints the totals, the base score, the
pile, the final score and the state hash (``--json``: one document); ``--trace`` prints one
line per applied action first, as EX-D01's table reads: the tick, the seat, the action and
what it did. The same arguments print the same bytes every time.

Exit status: 0; 2 for bad input.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Sequence

from rail_app.core.mapfile import MapError
from rail_app.games.railpass.ai.crew import CrewPlayer
from rail_app.games.railpass.ai.levels import CrewLevel
from rail_app.games.railpass.rules import engine
from rail_app.games.railpass.rules.configfile import load_configuration, published_path
from rail_app.games.railpass.rules.presets import DEFAULT_TEMPO
from rail_app.games.railpass.rules.replay import state_summary, summary_lines
from rail_app.games.railpass.rules.state import Settings
from rail_app.games.railpass.rules.view import seen_by
from rail_app.games.railpass.rules.words import event_sentence

LEVELS = (CrewLevel.TRAINEE, CrewLevel.CONDUCTOR, CrewLevel.CHIEF)


def parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(prog="python -m rail_app.games.railpass.devtools.sim",
                                description=__doc__.split("\n\n")[0])
    arguments(p)
    return p


def arguments(p: argparse.ArgumentParser) -> None:
    """The command's arguments (this module's and ``railpass sim``'s)."""
    p.add_argument("--config", default="6CI",
                   help="a configuration's id (2PP ... 6PP) or a configuration file")
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--crew", default="conductor", choices=[str(lv) for lv in LEVELS])
    p.add_argument("--tempo", type=int, default=DEFAULT_TEMPO,
                   help=f"the crew's tempo in percent (default {DEFAULT_TEMPO})")
    p.add_argument("--trace", action="store_true", help="one line per applied action")
    p.add_argument("--json", action="store_true", help="print one JSON document")


def trace_line(tick: int, seat: int, action: object, words: Sequence[str]) -> str:
    return f"{tick:>5}  seat {seat + 1}  {action}  | {'; '.join(words)}"


def main(argv: Sequence[str] | None = None) -> int:
    return run_command(parser().parse_args(argv))


def run_command(args: argparse.Namespace) -> int:
    """One round in figures (the module's docstring)."""
    path = args.config if args.config.endswith(".yaml") else str(
        published_path(args.config))
    try:
        config = load_configuration(path)
    except (MapError, OSError) as exc:
        print(f"sim: {exc}", file=sys.stderr)
        return 2
    if not 10 <= args.tempo <= 1000:
        print("sim: --tempo: a whole number from 10 to 1000", file=sys.stderr)
        return 2
    state = engine.new_round(config, Settings(tempo=args.tempo), args.seed)
    players = [CrewPlayer(args.crew, s, args.seed) for s in range(state.seats)]
    lines: list[dict[str, object]] = []
    while not state.over:
        seat = engine.ENGINE.to_act(state)
        assert seat is not None, "no seat to act in a round that is not over"
        action = players[seat].choose(seen_by(state, seat))
        start, tick = len(state.log), state.tick
        state = engine.apply(state, action, inplace=True)
        if args.trace and action.kind != "wait":
            words = [event_sentence(state, e) for e in state.log[start:]
                     if e.kind != "toot"]
            lines.append({"tick": tick, "seat": seat, "action": repr(action),
                          "events": words})
    summary = state_summary(state)
    if args.json:
        doc: dict[str, object] = {"crew": args.crew, "seed": args.seed, "tempo": args.tempo,
                                  **summary}
        if args.trace:
            doc["trace"] = lines
        print(json.dumps(doc, indent=1))
        return 0
    for line in lines:
        print(trace_line(int(str(line["tick"])), int(str(line["seat"])), line["action"],
                         [str(w) for w in line["events"]]))  # type: ignore[attr-defined]
    print("\n".join(summary_lines(summary)))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
