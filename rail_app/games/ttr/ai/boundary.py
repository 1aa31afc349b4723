"""Ticket to Ride's computer players as the table reads them: :data:`COMPUTER`, a seat's
player by name (loaded once, by ``TTR.ai``)."""

from __future__ import annotations

from typing import Any

from rail_app.games.ttr.ai.players import Planner, greedy_player, random_player
from rail_app.games.ttr.rules.actions import Action
from rail_app.games.ttr.rules.state import GameState
from rail_app.table.gamedef import Computer

#: Every computer player by name (the harnesses' players; the levels are to come).
PLAYERS: tuple[str, ...] = ("planner", "greedy", "random")


def player(name: str, seat: int, seed: int) -> Any:
    """The computer player called ``name`` for ``seat``, seeded by the game's seed and the
    seat (so that seats of one kind do not play alike)."""
    own = seed * 31 + seat
    if name == "planner":
        return Planner(seat, own)
    if name == "greedy":
        return greedy_player(seat, own)
    if name == "random":
        return random_player(seat, own)
    raise ValueError(f"unknown Ticket to Ride player {name!r}; the players are "
                     f"{', '.join(PLAYERS)}")


COMPUTER: Computer[GameState, Action] = Computer(player)
