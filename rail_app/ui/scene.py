"""A scene is one screen of the app (menu, new game, load, settings, game, game over).

Each scene has ``handle_event``, ``update(dt)`` and ``draw(surface)``; ``draw`` never changes
the game. A scene talks to the application through :class:`Host`, the few things the app
offers every screen (its window, settings, sounds, and switching to another scene), so the
scenes do not import the app that lists them.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Protocol

import pygame
import pygame_gui

from rail_app.ui.settings import Settings

if TYPE_CHECKING:
    from rail_app.ui.sound import Sounds


class Host(Protocol):
    """What a scene may ask of the application (``rail_app.ui.app.App``)."""

    settings: Settings
    screen: pygame.Surface
    map_path: str | None
    notices: list[str]  # messages for the player at start (a damaged settings file...)

    @property
    def size(self) -> tuple[int, int]: ...

    @property
    def sounds(self) -> Sounds: ...

    def new_ui(self) -> pygame_gui.UIManager: ...

    def px(self, v: float) -> int: ...

    def switch(self, name: str, **kwargs: Any) -> Scene: ...

    def show(self, scene: Scene) -> None: ...

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

    def handle_event(self, event: pygame.event.Event) -> None:
        """React to one event (after the widgets saw it)."""

    def update(self, dt: float) -> None:
        self.ui.update(dt)

    def draw(self, surface: pygame.Surface) -> None:
        self.ui.draw_ui(surface)

    def resized(self) -> None:
        self.rebuild()

    def leave(self) -> None:
        """Called when another scene replaces this one."""

    def notify(self, headline: str, text: str) -> None:
        """A word for the player from a screen that hands back to this one (the save
        screen says the game is saved); screens without a place for it ignore it."""
