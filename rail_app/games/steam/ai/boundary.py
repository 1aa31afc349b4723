"""Steam's computer players as the table reads them: :data:`COMPUTER` (the levels Easy,
Normal and Hard, the harnesses' greedy and random players, and the advisor of Suggest and
the review), each handed what its seat may see (all of it: Steam hides nothing)."""

from __future__ import annotations

from rail_app.games.steam.ai import make_player
from rail_app.games.steam.ai.advisor import ADVISOR
from rail_app.games.steam.ai.bots import Bot
from rail_app.games.steam.ai.levels import LEVELS
from rail_app.games.steam.rules.actions import Action
from rail_app.games.steam.rules.state import GameState
from rail_app.table.gamedef import Advisor, Computer, Player


class Seated:
    """One of Steam's computer players at its seat."""

    def __init__(self, bot: Bot, seat: int) -> None:
        self.bot = bot
        self.seat = seat

    def choose(self, view: GameState) -> Action:
        return self.bot.choose(view, self.seat)


#: Every computer player by name: the levels, then the harnesses' greedy and random players.
PLAYERS: tuple[str, ...] = ("easy", "normal", "hard", "greedy", "random")


def player(name: str, seat: int, seed: int) -> Player[GameState, Action]:
    """A player by name (:data:`PLAYERS`, and any level a tuning run defines); ValueError
    for another name."""
    if name not in PLAYERS and name not in LEVELS:
        raise ValueError(f"unknown player {name!r} (players: {', '.join(PLAYERS)})")
    return Seated(make_player(name, seat, seed), seat)


def advisor() -> Advisor[GameState]:
    return ADVISOR


COMPUTER: Computer[GameState, Action] = Computer(player, advisor)
