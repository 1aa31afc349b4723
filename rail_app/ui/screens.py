"""The app's screens, listed explicitly (no import scanning: the packager sees every import).

Each screen's module is imported when the screen is first shown, so that the main menu's
first frame waits for nothing it does not draw (the rules engine, the board, the map's
drawing code and the libraries under them come with the first game or the menu's map).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

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
    from rail_app.games.italian_rails.ui.scene import GameScene

    return GameScene(app, **kwargs)


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
