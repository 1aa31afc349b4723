"""Italian Rails' side of the soak (:mod:`rail_app.devtools.soak`, ``python -m rail_app
soak``): its games are played by one
:class:`~rail_app.games.italian_rails.devtools.goalplayer.GoalDirectedPlayer` for both seats
(seeded by the game's seed), every fourth game without variants and the others with Loans,
Fast Trains or Small City Access, and its reports count the deliveries and the events drawn.
The invariants checked after every action are the game's own (``rules/invariants.py``).
"""

from __future__ import annotations

from collections.abc import Mapping

from rail_app.devtools.toolkit import SoakRules
from rail_app.games.italian_rails.devtools.goalplayer import GoalDirectedPlayer
from rail_app.games.italian_rails.rules import log
from rail_app.games.italian_rails.rules.actions import Action
from rail_app.games.italian_rails.rules.state import (
    VARIANT_FAST_TRAINS,
    VARIANT_LOANS,
    VARIANT_SMALL_CITY_ACCESS,
    GameState,
)

VARIANT_CYCLE: tuple[tuple[str, ...], ...] = (
    (), (VARIANT_LOANS,), (VARIANT_FAST_TRAINS,), (VARIANT_SMALL_CITY_ACCESS,))


class GoalDirected:
    """The goal-directed player at every seat, handed what the seat to act may see."""

    def __init__(self, seed: int) -> None:
        self.player = GoalDirectedPlayer(seed)

    def choose(self, view: GameState) -> Action:
        return self.player.choose(view)


def options(seed: int) -> Mapping[str, object]:
    """The variants of the game of ``seed``: none, Loans, Fast Trains, Small City Access in
    turn."""
    return {v: True for v in VARIANT_CYCLE[seed % len(VARIANT_CYCLE)]}


def figures(state: GameState) -> Mapping[str, int]:
    """The deliveries made and the events drawn."""
    return {"deliveries": sum(p.deliveries for p in state.players),
            "events": sum(1 for e in state.log if isinstance(e.event, log.EventDrawn))}


SOAK = SoakRules(player=GoalDirected, options=options, figures=figures)
