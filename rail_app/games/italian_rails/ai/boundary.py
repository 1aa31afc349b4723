"""Italian Rails' computer players as the table reads them: :data:`COMPUTER` (the levels of
the opponent, the harnesses' random player, and the advisor of Suggest and the review), each
handed what its seat may see."""

from __future__ import annotations

from rail_app.games.italian_rails.ai.advice import Adviser
from rail_app.games.italian_rails.ai.bot import Bot
from rail_app.games.italian_rails.ai.randomplayer import RandomPlayer
from rail_app.games.italian_rails.rules.actions import Action
from rail_app.games.italian_rails.rules.state import GameState
from rail_app.table.gamedef import Computer, Player

#: Every computer player by name: the levels, then the harnesses' random player.
PLAYERS: tuple[str, ...] = ("easy", "normal", "hard", "random")


class Levelled:
    """A level of the computer opponent at its seat."""

    def __init__(self, level: str, seat: int, seed: int) -> None:
        self.bot = Bot(level, seat, seed)

    def choose(self, view: GameState) -> Action:
        return self.bot.next_action(view)


class Random:
    """The harnesses' weighted random player at its seat."""

    def __init__(self, seat: int, seed: int) -> None:
        self.player = RandomPlayer(seat, seed)

    def choose(self, view: GameState) -> Action:
        return self.player.next_action(view)


def player(name: str, seat: int, seed: int) -> Player[GameState, Action]:
    if name == "random":
        return Random(seat, seed)
    if name in PLAYERS[:3]:
        return Levelled(name, seat, seed)
    raise ValueError(f"unknown player {name!r} (players: {', '.join(PLAYERS)})")


COMPUTER: Computer[GameState, Action] = Computer(player, Adviser)
