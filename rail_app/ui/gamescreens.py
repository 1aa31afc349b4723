"""Each game's screen parts, as its definition names them (``GameDef.screens``, ``replay``,
``review_words``): the one place where the shell reaches a game's screen, each part loaded
when first asked for, so that the main menu's first frame waits for no game. A game adds
nothing here: its definition says where its parts are.
"""

from __future__ import annotations

from typing import cast

from rail_app.table import registry
from rail_app.ui.gameparts import GameScreens, ReplayParts, ReviewWords


def screens_of(game_id: str) -> GameScreens:
    """The screen parts of a game (KeyError for a game without a screen)."""
    part = registry.game(game_id).screens
    if part is None:
        raise KeyError(game_id)
    return cast(GameScreens, part.get())


def has_screen(game_id: str) -> bool:
    return registry.game(game_id).screens is not None


def playable() -> list[registry.AnyGame]:
    """The games the shell offers (the menu's and New game's pickers): those on the table
    that have a screen, in the registry's order. A game without one yet is still on the
    table (``games`` lists it; the harnesses and map tools take it)."""
    return [g for g in registry.GAMES if g.screens is not None]


def no_screen(game_id: str) -> str | None:
    """Why a tool that plays through the game screen cannot run for a game (None when it
    can): the game is on the table but has no screen yet."""
    game = registry.game(game_id)
    if game.screens is not None:
        return None
    title = game.title
    return (f"{title} has no game screen in this program yet: this tool plays through it "
            f"(the rules' tools take {title}: simulate, tournament, soak, fuzz soak)")


def replay_parts_of(game_id: str) -> ReplayParts | None:
    """A game's parts of the replay, if it has them (a game without them is replayed with
    its small map and its actions' records)."""
    part = registry.game(game_id).replay
    return cast(ReplayParts, part.get()) if part is not None else None


def review_words_of(game_id: str) -> ReviewWords | None:
    """A game's words for the review's marks, when it has them."""
    part = registry.game(game_id).review_words
    return cast(ReviewWords, part.get()) if part is not None else None
