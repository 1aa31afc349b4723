"""The app's screens, listed explicitly (no import scanning: the packager sees every import)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from rail_app.ui.crash import CrashScene
from rail_app.ui.gameover import GameOverScene
from rail_app.ui.newgame import NewGameScene
from rail_app.ui.saves import SavesScene
from rail_app.ui.scene import Host, Scene
from rail_app.ui.scenes import MenuScene, SettingsScene


def _game_scene(app: Host, **kwargs: Any) -> Scene:
    from rail_app.ui.game.scene import GameScene

    return GameScene(app, **kwargs)


SCENES: dict[str, Callable[..., Scene]] = {
    "crash": CrashScene,
    "menu": MenuScene,
    "newgame": NewGameScene,
    "load": SavesScene,  # load a game (from the menu)
    "save": SavesScene,  # save the game being played (from its menu)
    "settings": SettingsScene,
    "game": _game_scene,
    "gameover": GameOverScene,
}
