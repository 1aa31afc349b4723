"""A scene is one screen of the app (menu, new game, load, settings, game, game over).

Each scene has ``handle_event`` (which says whether it used the event), ``update(dt)`` and
``draw(surface)``; ``draw`` never changes the game. The app keeps the scenes on a stack:
a scene pushed over another (the settings over the game) pauses it, popping it resumes the
one under it as it was, laid out anew for the window; ``replace`` and ``reset`` change the
top or the whole stack. Scenes are made by the typed functions of
:mod:`rail_app.ui.screens`, and talk to the application through :class:`Host`, the few things
the app offers every screen (its window, settings, sounds, the stack), so the scenes do not
import the app that lists them.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Protocol

import pygame
import pygame_gui

from rail_app.core.i18n import _
from rail_app.core.paths import user_data_dir
from rail_app.ui.settings import Settings

if TYPE_CHECKING:
    from rail_app.ui.session import Session
    from rail_app.ui.sound import Sounds


@dataclass(frozen=True)
class StartNotice:
    """A message for the player when the game starts (the menu shows it): its title, its
    words, and whether the menu offers another data folder with it."""

    title: str
    text: str
    offer_folder: bool = False


def data_folder_notice(problem: str) -> StartNotice:
    """What the menu says when nothing can be saved in the data folder, and why."""
    return StartNotice(
        _("Games cannot be saved"),
        _("Nothing can be saved in {folder}: {why}. You can play, but no game, autosave "
          "or setting will be kept there. Use another folder for your saves?").format(
            folder=user_data_dir(), why=_(problem)), offer_folder=True)


class Screens(Protocol):
    """The app's screens as a scene makes them (``app.push(app.screens.settings())``): typed
    makers, implemented by :class:`rail_app.ui.screens.AppScreens`, so that no scene imports
    the list of screens (which lists the scenes: a scene importing it would close a loop)."""

    def menu(self) -> Scene:
        """The main menu (with the game picker)."""
        ...

    def new_game(self, game: str | None = None) -> Scene:
        """New game, for ``game`` (the game chosen in the menu when None)."""
        ...

    def saves(self, session: Session[Any] | None = None) -> Scene:
        """The saved games: to load one, or (``session``) to save that game."""
        ...

    def settings(self) -> Scene: ...

    def game(self, session: Session[Any], lesson: int | None = None) -> Scene:
        """The game screen of ``session``'s game (``lesson``: the guided first game)."""
        ...

    def game_over(self, session: Session[Any]) -> Scene: ...

    def replay(self, session: Session[Any]) -> Scene:
        """The replay of ``session``'s game."""
        ...

    def career(self) -> Scene:
        """The career page."""
        ...


class Host(Protocol):
    """What a scene may ask of the application (``rail_app.ui.app.App``)."""

    settings: Settings
    screen: pygame.Surface
    screens: Screens  # the makers of the app's screens
    map_path: str | None
    notices: list[StartNotice]  # for the player at start (a damaged settings file...)
    #: Why nothing can be saved in the data folder ("" when saves can be written)
    data_problem: str
    #: Frames shown so far (a scene that leaves its pixels on the screen from one frame
    #: to the next knows whether it drew the last one)
    frames: int
    #: Seconds the app's own notice stays drawn over the top scene
    notice_left: float

    @property
    def size(self) -> tuple[int, int]: ...

    @property
    def sounds(self) -> Sounds: ...

    def new_ui(self) -> pygame_gui.UIManager: ...

    def px(self, v: float) -> int: ...

    @property
    def scene(self) -> Scene: ...

    def push(self, scene: Scene) -> Scene:
        """``scene`` over the one shown now (which is paused); returns ``scene``."""
        ...

    def pop(self) -> Scene:
        """Back to the scene under the top one (the menu when there is none); returns it."""
        ...

    def replace(self, scene: Scene) -> Scene:
        """``scene`` instead of the top one; returns ``scene``."""
        ...

    def reset(self, scene: Scene) -> Scene:
        """``scene`` alone on the stack (every other one left); returns ``scene``."""
        ...

    def save_settings(self) -> None: ...

    def apply_sound_settings(self) -> None: ...

    def typing(self) -> bool: ...

    def quit(self, code: int = 0) -> None: ...


class Scene:
    """One screen of the app. Subclasses build their widgets in ``build()``."""

    def __init__(self, app: Host) -> None:
        self.app = app
        self.ui = app.new_ui()
        self.build()

    def build(self) -> None:
        """Create the widgets for the current window size."""

    def rebuild(self) -> None:
        self.ui.clear_and_reset()
        self.ui.set_window_resolution(self.app.size)
        self.build()

    def handle_event(self, event: pygame.event.Event) -> bool:
        """React to one event (after the widgets saw it); True when the scene used it."""
        return False

    def update(self, dt: float) -> None:
        self.ui.update(dt)

    def draw(self, surface: pygame.Surface) -> None:
        self.ui.draw_ui(surface)

    def resized(self) -> None:
        self.rebuild()

    def leave(self) -> None:
        """The scene is taken off the stack for good."""

    def pause(self) -> None:
        """Another scene is pushed over this one."""

    def resume(self) -> None:
        """The scene over this one was popped: this one is shown again, laid out anew for
        the window and the UI scale as they are now."""
        self.ui = self.app.new_ui()
        self.resized()

    def notify(self, headline: str, text: str) -> None:
        """A word for the player from a screen that hands back to this one (the save
        screen says the game is saved); screens without a place for it ignore it."""
