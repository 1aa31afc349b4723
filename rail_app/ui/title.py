"""The window's title: the game being played and the table ("Steam — Rail Table") while a
scene of the stack plays, replays or saves a game, the table alone otherwise (the menu, the
settings, the saves before a game is open); in the player's language, given again when it
changes (a game opened or left, another language chosen)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Protocol

import pygame

from rail_app.core.i18n import _


class Titled(Protocol):
    """What the title needs of the app: its stack of scenes and the title last given."""

    caption: str

    @property
    def stack(self) -> Sequence[object]: ...


def table_name() -> str:
    """The table's name (:data:`rail_app.core.identity.NAME`) in the player's language."""
    # Translators: the program's name: a table where several rail board games are played.
    return _("Rail Table")


def window_title(game: str | None = None) -> str:
    """The title for ``game`` being played, or for the table alone."""
    if not game:
        return table_name()
    # Translators: the window's title while a game is played: the game's name, then the
    # table's ("Steam — Rail Table").
    return _("{game} — {table}").format(game=game, table=table_name())


def title_of(stack: Sequence[object]) -> str:
    """The title for a stack of scenes: the game of the topmost scene that has one."""
    for scene in reversed(stack):
        title = getattr(getattr(getattr(scene, "session", None), "game", None), "title", None)
        if isinstance(title, str):
            return window_title(title)
    return window_title()


def show_title(app: Titled) -> None:
    """Give the window its title when it has changed."""
    title = title_of(app.stack)
    if title != app.caption:
        pygame.display.set_caption(title)
        app.caption = title
