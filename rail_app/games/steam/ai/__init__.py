"""Computer players for Steam (layer ai: pure, no pygame; a bot never changes the state it is
given and never draws from the state's random generator).

The levels Easy, Normal and Hard are :func:`bots.bot`; the simple random and greedy players
of the harnesses are in :mod:`simple`; :func:`make_player` makes any of them by name.
"""

from __future__ import annotations

from rail_app.games.steam.ai.bots import Bot, bot
from rail_app.games.steam.ai.levels import LEVELS
from rail_app.games.steam.ai.simple import NAMES as SIMPLE_NAMES
from rail_app.games.steam.ai.simple import make_bot

#: Every computer player by name: the three levels, then the harnesses' simple players.
PLAYERS: tuple[str, ...] = (*LEVELS, *SIMPLE_NAMES)


def make_player(name: str, seat: int, seed: int = 0) -> Bot:
    """The computer player called ``name`` (:data:`PLAYERS`) for ``seat``."""
    key = name.strip()
    if key in LEVELS:
        return bot(key, seat, seed)
    if key in SIMPLE_NAMES:
        return make_bot(key, seed)
    raise ValueError(f"unknown Steam player {name!r}; the players are {', '.join(PLAYERS)}")
