"""Rail Pass's own development tools, as its definition names them: how the table's soak
plays it (the settings a seed gets), how the table's tournament seats it (the levels dealt
round one table, not paired), its benchmarks (``bench.py``) and its own command, ``railpass``:
``railpass sim`` (one round in figures, DG-D6), ``railpass measure`` (the crews' measures,
DG-Q: the table's tournament ranks seats against each other, which a cooperative game does
not do, every seat of a team sharing one score) and ``railpass soak`` (every configuration,
Dispatcher and the screen's clock)."""

from __future__ import annotations

import argparse
from collections.abc import Callable, Mapping

from rail_app.devtools.toolkit import GameCommand, GameTools, SoakRules, TournamentRules
from rail_app.games.railpass.devtools import sim, soak, tournament
from rail_app.games.railpass.devtools.bench import run_command
from rail_app.games.railpass.rules.scoring import score
from rail_app.games.railpass.rules.state import RoundState


def soak_settings(seed: int) -> Mapping[str, object]:
    """A soak round's settings: the Expert stickers every other seed, Table rules every third
    (they count for a person's seat only), the last seat absent every fifth (DG-Q5), and a
    round of one or two minutes (rounds may be shorter than the published clock, D-19: the
    random players' actions, not the clock, are what the soak counts)."""
    settings: dict[str, object] = {"expert": seed % 2 == 1, "table_rules": seed % 3 == 0,
                                   "minutes": 1 + seed % 2}
    if seed % 5 == 0:
        settings["seats"] = ["computer"] * 5 + ["absent"]
    return settings


def soak_figures(state: object) -> Mapping[str, int]:
    """What a soak round adds to its report: the cubes delivered, the penalties, whether the
    team won (summed over the rounds in the summary)."""

    assert isinstance(state, RoundState)
    sc = score(state)
    return {"delivered": sum(sc.totals), "penalty": sc.penalty, "won": int(sc.won)}


#: ``railpass TOOL``: the game's own tools, each with its module's arguments.
OWN: dict[str, tuple[str, Callable[[argparse.ArgumentParser], None],
                     Callable[[argparse.Namespace], int]]] = {
    "sim": ("one all-computer round in figures (DG-D6)", sim.arguments, sim.run_command),
    "measure": ("the crews' tournament and measures (DG-Q1, Q2, Q3, Q5, Q7)",
                tournament.arguments, tournament.run_command),
    "soak": ("random legal rounds on every configuration, Dispatcher and the screen's clock",
             soak.arguments, soak.run_command),
}


def _own_arguments(p: argparse.ArgumentParser) -> None:
    tools = p.add_subparsers(dest="tool", metavar="TOOL", required=True)
    for name, (words, arguments, _run) in OWN.items():
        arguments(tools.add_parser(name, help=words, description=words))


def _own_run(args: argparse.Namespace) -> int:
    return OWN[args.tool][2](args)


TOOLS = GameTools(
    soak=SoakRules(options=soak_settings, figures=soak_figures), bench=run_command,
    tournament=TournamentRules(pairings=False, games=2),
    commands={"railpass": GameCommand("Rail Pass's own tools: sim (one round in figures), "
                                      "measure (the crews' measures), soak (every "
                                      "configuration)", _own_arguments, _own_run)},
)
