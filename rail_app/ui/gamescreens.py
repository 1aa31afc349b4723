"""The shell's table of each game's screen parts (the game screen, its pictures for the menu
and the save list, its figures for game over), keyed by game id: the one place where the
shell reaches a game's screen, as :mod:`rail_app.table.registry` is the one place the shared
layers reach a game's rules. Adding a game's screen is one line in :data:`GAME_SCREENS`.

Each game's parts are imported when first asked for (an ordinary import statement, so the
packager sees it), so that the main menu's first frame waits for no game.
"""

from __future__ import annotations

from collections.abc import Callable

from rail_app.ui.gameparts import GameScreens


def _italian_rails() -> GameScreens:
    from rail_app.games.italian_rails.ui.front import FRONT

    return FRONT


#: Each game's screen parts, by game id (made when first asked for).
GAME_SCREENS: dict[str, Callable[[], GameScreens]] = {
    "italian-rails": _italian_rails,
}


def screens_of(game_id: str) -> GameScreens:
    """The screen parts of a game (KeyError for a game without a screen)."""
    return GAME_SCREENS[game_id]()
