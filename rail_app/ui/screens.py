"""The app's screens, listed explicitly (no import scanning: the packager sees every import).

:data:`SCENES` are the shell's own screens; a game's screen comes from the shell's table of
game screens (:data:`rail_app.ui.gamescreens.GAME_SCREENS`).

Each module is imported when its screen is first shown, so that the main menu's first
frame waits for nothing it does not draw (a game's rules, its board, the map's drawing code
and the libraries under them come with the first game or the menu's map).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from rail_app.ui.gamescreens import screens_of
from rail_app.ui.scene import Host, Scene


def _crash(app: Host, **kwargs: Any) -> Scene:
    from rail_app.ui.crash import CrashScene

    return CrashScene(app, **kwargs)


def _menu(app: Host, **kwargs: Any) -> Scene:
    from rail_app.ui.scenes import MenuScene

    return MenuScene(app, **kwargs)


def _new_game(app: Host, **kwargs: Any) -> Scene:
    from rail_app.ui.newgame import NewGameScene

    return NewGameScene(app, **kwargs)


def _saves(app: Host, **kwargs: Any) -> Scene:
    from rail_app.ui.saves import SavesScene

    return SavesScene(app, **kwargs)


def _settings(app: Host, **kwargs: Any) -> Scene:
    from rail_app.ui.scenes import SettingsScene

    return SettingsScene(app, **kwargs)


def _game(app: Host, **kwargs: Any) -> Scene:
    session = kwargs.pop("session")
    return screens_of(session.setup.game).open(app, session, **kwargs)


def _game_over(app: Host, **kwargs: Any) -> Scene:
    from rail_app.ui.gameover import GameOverScene

    return GameOverScene(app, **kwargs)


SCENES: dict[str, Callable[..., Scene]] = {
    "crash": _crash,
    "menu": _menu,
    "newgame": _new_game,
    "load": _saves,  # load a game (from the menu)
    "save": _saves,  # save the game being played (from its menu)
    "settings": _settings,
    "game": _game,
    "gameover": _game_over,
}
