"""The shell's table of each game's screen parts (the game screen, its pictures for the menu
and the save list, its figures for game over), keyed by game id: the one place where the
shell reaches a game's screen, as :mod:`rail_app.table.registry` is the one place the shared
layers reach a game's rules. Adding a game's screen is its import and its line in
:data:`GAME_SCREENS`.

A game's screen parts are light (an ordinary import statement, so the packager sees it):
what they draw with is imported when first asked for, so that the main menu's first frame
waits for no game.
"""

from __future__ import annotations

from rail_app.games.italian_rails.ui.front import FRONT as ITALIAN_RAILS
from rail_app.games.italian_rails.ui.replayview import REPLAY as ITALIAN_RAILS_REPLAY
from rail_app.games.steam.ui.front import FRONT as STEAM
from rail_app.table import registry
from rail_app.ui.gameparts import GameScreens, ReplayParts, ReviewWords

#: Each game's screen parts, by game id.
GAME_SCREENS: dict[str, GameScreens] = {
    "italian-rails": ITALIAN_RAILS,
    "steam": STEAM,
}


def screens_of(game_id: str) -> GameScreens:
    """The screen parts of a game (KeyError for a game without a screen)."""
    return GAME_SCREENS[game_id]


def playable() -> list[registry.AnyGame]:
    """The games the shell offers (the menu's and New game's pickers): those on the table
    that have a screen here, in the registry's order. A game without one yet is still on
    the table (``games`` lists it; the harnesses and map tools take it)."""
    return [g for g in registry.GAMES if g.id in GAME_SCREENS]


def no_screen(game_id: str) -> str | None:
    """Why a tool that plays through the game screen cannot run for a game (None when it
    can): the game is on the table but its screen is not in :data:`GAME_SCREENS` yet."""
    if game_id in GAME_SCREENS:
        return None
    title = registry.game(game_id).title
    return (f"{title} has no game screen in this program yet: this tool plays through it "
            f"(the rules' tools take {title}: simulate, tournament, soak, fuzz soak)")


#: Each game's parts of the replay, by game id (optional: a game without them is replayed
#: with its small map and its actions' records).
REPLAY_PARTS: dict[str, ReplayParts] = {
    "italian-rails": ITALIAN_RAILS_REPLAY,
}


def replay_parts_of(game_id: str) -> ReplayParts | None:
    """A game's parts of the replay, if it has them."""
    return REPLAY_PARTS.get(game_id)


def review_words_of(game_id: str) -> ReviewWords | None:
    """A game's words for the review's marks, when it has them and no replay parts of its
    own (imported when first asked for)."""
    if game_id == "steam":
        from rail_app.games.steam.ui.words import REVIEW_WORDS

        return REVIEW_WORDS
    return None
