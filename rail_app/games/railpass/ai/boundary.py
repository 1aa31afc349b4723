"""Rail Pass's computer players as the table reads them: :data:`COMPUTER` (the crew's levels,
the stand-ins of the measures and the harnesses' random player; no advisor yet)."""

from __future__ import annotations

from rail_app.games.railpass.ai.players import make_player
from rail_app.games.railpass.rules.state import RoundState
from rail_app.table.actions import Action
from rail_app.table.gamedef import Computer, Player


def player(name: str, seat: int, seed: int) -> Player[RoundState, Action]:
    """A player by name (``ai/players.py``); ValueError for another name."""
    return make_player(name, seat, seed)


COMPUTER: Computer[RoundState, Action] = Computer(player)
