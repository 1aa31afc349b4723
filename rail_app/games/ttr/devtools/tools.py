"""Ticket to Ride's own development tools, as the shared tools reach them (its definition's
``tools``): how its soak differs (every table size, 2 to 5 seats, in turn, and the figures
of its own a game adds: tunnels, resets of the face-up row, passes, reshuffles), its
benchmark, and its own command ``balance`` (the map's balance check by simulation,
``balance.py``). The other harnesses (simulate, tournament, fuzz soak, replay) take their
generic forms."""

from __future__ import annotations

import argparse
from collections.abc import Mapping
from typing import Any

from rail_app.devtools.toolkit import GameCommand, GameTools, SoakRules
from rail_app.games.ttr.devtools import balance, styles
from rail_app.games.ttr.devtools.bench import run_command as bench
from rail_app.games.ttr.rules import events as ev
from rail_app.games.ttr.rules.identity import MAX_SEATS, MIN_SEATS


def seats_of(seed: int) -> int:
    """The table of a soak's game: 2, 3, 4, 5 seats in turn."""
    return MIN_SEATS + seed % (MAX_SEATS - MIN_SEATS + 1)


def figures(state: Any) -> Mapping[str, int]:
    """What a game of Ticket to Ride adds to the soak's report: its seats, tunnels tried and
    given up, face-up rows reset and kept (T-D6, D-8), reshuffles (T-D7), passes (D-26),
    stations built, and whether it ended by the last round or by passes."""
    count: dict[str, int] = {"seats": len(state.players), "tunnels": 0, "tunnels_given_up": 0,
                             "row_resets": 0, "rows_kept": 0, "reshuffles": 0, "passes": 0,
                             "stations": 0, "last_round": 0, "ended_by_passes": 0}
    for e in state.log:
        if isinstance(e, ev.TunnelRevealed):
            count["tunnels"] += 1
        elif isinstance(e, ev.TunnelGivenUp):
            count["tunnels_given_up"] += 1
        elif isinstance(e, ev.RowDealt) and e.reset:
            count["row_resets"] += 1
        elif isinstance(e, ev.RowKept):
            count["rows_kept"] += 1
        elif isinstance(e, ev.Reshuffled):
            count["reshuffles"] += 1
        elif isinstance(e, ev.Passed):
            count["passes"] += 1
        elif isinstance(e, ev.StationBuilt):
            count["stations"] += 1
        elif isinstance(e, ev.LastRound):
            count["last_round"] += 1
        elif isinstance(e, ev.GameEnded) and e.reason == "passes":
            count["ended_by_passes"] += 1
    return count


def run_balance(args: argparse.Namespace) -> int:
    """``balance --game ttr``: the map's balance check, or with ``--styles`` the mixed table
    of the style agents (``styles.py``)."""
    return styles.run_command(args) if args.styles else balance.run_command(args)


TOOLS = GameTools(
    soak=SoakRules(seats=seats_of, figures=figures),
    bench=bench,
    commands={
        "balance": GameCommand("the balance check of a Ticket to Ride map: planners at 2 to 5 "
                               "players, the figures against the published board's; "
                               "--styles: the mixed table of the four style agents",
                               balance.add_arguments, run_balance),
    },
)
