"""What a button, a key or a gesture on Steam's screen asks for.

Every widget carries one of these values and every click goes the same way: the widget under
the pointer gives its command to :meth:`Controller.perform
<rail_app.games.steam.ui.controller.Controller.perform>`. Engine actions travel inside
:class:`Play`; everything else is a screen intent or a small value. Closed sets are enums
(DESIGN.md habit 13).
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum

from rail_app.games.steam.rules.actions import Action
from rail_app.games.steam.rules.board import Colour


class Intent(Enum):
    """A command without parameters."""

    MENU = "show or hide the menu"
    HELP = "show or hide the help page"
    TRACKS = "show or hide the tracks and score"
    RESUME = "close the menu: back to the game"
    MENU_HELP = "the help page, from the menu"
    SAVE = "save the game"
    LOAD = "load a game"
    SETTINGS = "open the settings"
    QUIT = "quit to the main menu"
    SKIP = "the computer plays on at once"
    BID = "bid the amount chosen"
    BID_DOWN = "bid less"
    BID_UP = "bid more"
    TAKE_CAPITAL = "take the capital chosen"
    CAPITAL_DOWN = "take less capital"
    CAPITAL_UP = "take more capital"
    TAKE_BACK = "take back the last stroke of this build"
    END_BUILD = "end the build"
    GROWTH = "place Urban Growth"
    NEW_CITY = "place a New City"


@dataclass(frozen=True)
class Play:
    """Apply an engine action (an action tile, a pass, points as income or VP...)."""

    action: Action


@dataclass(frozen=True)
class Deliver:
    """Deliver along the picked city's delivery listed at ``index``."""

    index: int


@dataclass(frozen=True)
class ChooseSpace:
    """The goods reserve's set ``index`` for Urban Growth or a New City."""

    index: int


@dataclass(frozen=True)
class ChooseColour:
    """The New City's colour."""

    colour: Colour


@dataclass(frozen=True)
class DismissHint:
    """A first-game hint has been read: it is not shown again."""

    hint: str


Command = Intent | Play | Deliver | ChooseSpace | ChooseColour | DismissHint

#: The top bar's buttons (always there, over every page).
TOP = (Intent.MENU, Intent.HELP, Intent.TRACKS)
