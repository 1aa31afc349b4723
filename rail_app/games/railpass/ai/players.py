"""The computer players the table knows Rail Pass by (``GameDef.player``): the crew's levels
(Trainee, Conductor, Chief: the table's Easy, Normal and Hard), the stand-ins of the measures
(the proxy, an absent seat) and the harnesses' random player (the kit's)."""

from __future__ import annotations

from typing import Final, Protocol

from rail_app.games.railpass.ai.crew import CrewPlayer
from rail_app.games.railpass.ai.levels import CrewLevel
from rail_app.games.railpass.rules import engine
from rail_app.games.railpass.rules.state import RoundState
from rail_app.table.actions import Action
from rail_app.table.players import RandomPlayer

#: The table's level names and the crew's (DG-A10).
LEVEL_OF: Final = {"easy": CrewLevel.TRAINEE, "normal": CrewLevel.CONDUCTOR,
                   "hard": CrewLevel.CHIEF, "trainee": CrewLevel.TRAINEE,
                   "conductor": CrewLevel.CONDUCTOR, "chief": CrewLevel.CHIEF,
                   "proxy": CrewLevel.PROXY, "absent": CrewLevel.ABSENT}
NAMES: Final = ("easy", "normal", "hard", "trainee", "conductor", "chief", "proxy", "absent",
                "random")


class Chooser(Protocol):
    def choose(self, view: RoundState) -> Action: ...


def make_player(name: str, seat: int, seed: int) -> Chooser:
    """A computer seat by name (ValueError for a name the game does not know)."""
    if name == "random":
        return RandomPlayer(engine.ENGINE, seat, seed)
    level = LEVEL_OF.get(name)
    if level is None:
        raise ValueError(f"unknown player {name!r} (players: {', '.join(NAMES)})")
    return CrewPlayer(level, seat, seed)
