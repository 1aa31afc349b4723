"""Rail Pass's own development tools, as the shared tools reach them: its tournament (the
crew's measures, ``devtools/tournament.py``) its benchmarks (``devtools/bench.py``) and its soak (``devtools/soak.py``). The other harnesses (simulate, soak, replay,
bench) take the game through its definition."""

from __future__ import annotations

import argparse
from collections.abc import Sequence

from rail_app.devtools.toolkit import GameTools


def _tournament(argv: Sequence[str]) -> int:
    from rail_app.games.railpass.devtools.tournament import main

    return main(argv)


def _bench(args: argparse.Namespace) -> int:
    from rail_app.games.railpass.devtools.bench import run_command

    return run_command(args)


def _soak(args: argparse.Namespace) -> int:
    from rail_app.games.railpass.devtools.soak import run_command

    return run_command(args)


TOOLS = GameTools(tournament=_tournament, bench=_bench, soak=_soak)
