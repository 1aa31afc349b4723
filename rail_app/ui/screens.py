"""The app's screens, made by typed functions (no import scanning: the packager sees every
import). Each returns a new scene for the app's stack (``app.push(screens.settings(app))``);
a game's own screen comes from its definition's screen parts
(:func:`rail_app.ui.gamescreens.screens_of`).

Each module is imported when its screen is first made, so that the main menu's first frame
waits for nothing it does not draw (a game's rules, its board, the map's drawing code and
the libraries under them come with the first game or the menu's map).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from rail_app.ui.gamescreens import screens_of
from rail_app.ui.scene import Host, Scene

if TYPE_CHECKING:
    from rail_app.ui.session import Session


def menu(host: Host) -> Scene:
    """The main menu (with the game picker)."""
    from rail_app.ui.scenes import MenuScene

    return MenuScene(host)


def new_game(host: Host, game: str | None = None) -> Scene:
    """New game, for ``game`` (the game chosen in the menu when None)."""
    from rail_app.ui.newgame import NewGameScene

    return NewGameScene(host, game)


def open_at(host: Host, game: str) -> Scene:
    """``play --game ID``: the main menu of ``game`` (its picker keeps the choice for the
    next start, as choosing it there does) with its New game dialog open over it."""
    host.settings.game = game
    host.save_settings()
    host.reset(menu(host))
    return host.push(new_game(host, game))


def saves(host: Host, session: Session[Any] | None = None) -> Scene:
    """The saved games: to load one, or (``session``) to save that game and go back to it."""
    from rail_app.ui.saves import SavesScene

    return SavesScene(host, session)


def settings(host: Host) -> Scene:
    """The settings, over whatever screen they were opened from."""
    from rail_app.ui.settingscene import SettingsScene

    return SettingsScene(host)


def game(host: Host, session: Session[Any], lesson: int | None = None) -> Scene:
    """The game screen of ``session``'s game (``lesson``: the guided first game, at a step)."""
    return screens_of(session.setup.game).open(host, session, lesson)


def game_over(host: Host, session: Session[Any]) -> Scene:
    from rail_app.ui.gameover import GameOverScene

    return GameOverScene(host, session)


def replay(host: Host, session: Session[Any]) -> Scene:
    """The replay of ``session``'s game, from its first action (over the screen it was
    opened from, which Close returns to)."""
    from rail_app.ui.replay import ReplayScene

    return ReplayScene(host, session)


def career(host: Host) -> Scene:
    """The career page (over the menu)."""
    from rail_app.ui.careerscene import CareerScene

    return CareerScene(host)


def crash(host: Host, files: Any) -> Scene:
    """What the player reads when the game stopped (the crash net)."""
    from rail_app.ui.crash import CrashScene

    return CrashScene(host, files=files)


class AppScreens:
    """The makers above for one app: what scenes reach as ``app.screens``
    (:class:`rail_app.ui.scene.Screens`)."""

    def __init__(self, host: Host) -> None:
        self.host = host

    def menu(self) -> Scene:
        return menu(self.host)

    def new_game(self, game: str | None = None) -> Scene:
        return new_game(self.host, game)

    def saves(self, session: Session[Any] | None = None) -> Scene:
        return saves(self.host, session)

    def settings(self) -> Scene:
        return settings(self.host)

    def game(self, session: Session[Any], lesson: int | None = None) -> Scene:
        return game(self.host, session, lesson)

    def game_over(self, session: Session[Any]) -> Scene:
        return game_over(self.host, session)

    def replay(self, session: Session[Any]) -> Scene:
        return replay(self.host, session)

    def career(self) -> Scene:
        return career(self.host)
