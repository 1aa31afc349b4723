"""Rail Pass's own development tools, as its definition names them: how the table's soak
plays it (the settings a seed gets), how the table's tournament seats it (the levels dealt
round one table, not paired) and its benchmarks (``bench.py``). The crew's measures are
``python -m rail_app.games.railpass.devtools.tournament``: the table's tournament ranks seats
against each other, which a cooperative game does not do (every seat of a team shares one
score)."""

from __future__ import annotations

from collections.abc import Mapping

from rail_app.devtools.toolkit import GameTools, SoakRules, TournamentRules
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


TOOLS = GameTools(soak=SoakRules(options=soak_settings, figures=soak_figures), bench=run_command,
                  tournament=TournamentRules(pairings=False, games=2))
