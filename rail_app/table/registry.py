"""The games on the table: one explicit list (no discovery, no import side effects).

A new game is its package and one line in :data:`GAMES`: its :class:`~rail_app.table.gamedef.GameDef`
names everything else (its rules, players, screen, tools and map tools, each loaded when
first used). Every game is an ordinary import statement, so the packager sees each one; a
game's definition imports no pygame and none of its rules, so neither does this module.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from rail_app.games.italian_rails.game import ITALIAN_RAILS
from rail_app.games.steam.game import STEAM
from rail_app.games.ttr.game import TTR
from rail_app.table.gamedef import GameDef

AnyGame = GameDef[Any, Any, Any]


def register(games: Iterable[AnyGame]) -> tuple[AnyGame, ...]:
    """The games in order, each once: ValueError for two games of one id."""
    out: list[AnyGame] = []
    for g in games:
        if any(other.id == g.id for other in out):
            raise ValueError(f"two games on the table are called {g.id!r}")
        out.append(g)
    return tuple(out)


#: Every game, in the order the game picker shows them.
GAMES: tuple[AnyGame, ...] = register((
    ITALIAN_RAILS,
    STEAM,
    TTR,
))

#: The game of records, saves and maps that name none (everything made before the table).
DEFAULT_GAME = "italian-rails"


class UnknownGame(KeyError):
    """A game id that is not on the table; the message lists the ones that are."""

    def __str__(self) -> str:
        return str(self.args[0]) if self.args else "unknown game"


def game(game_id: str | None = None) -> AnyGame:
    """The game with this id (the default game for None)."""
    wanted = DEFAULT_GAME if game_id is None else game_id
    for g in GAMES:
        if g.id == wanted:
            return g
    raise UnknownGame(f"no game {wanted!r} on the table (games: {', '.join(ids())})")


def ids() -> list[str]:
    return [g.id for g in GAMES]
