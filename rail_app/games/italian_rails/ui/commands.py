"""What a button, a key or a gesture on the game screen asks for.

Every widget carries one of these values and every click goes the same way: the widget under
the pointer gives its command to :meth:`Controller.perform`. Engine actions travel inside
:class:`Play`; everything else is a screen intent. Closed sets are enums (DESIGN.md habit 13).
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum

from rail_app.games.italian_rails.rules.actions import Action


class Intent(Enum):
    """A command without parameters."""

    END_PHASE = "end the phase"
    ERASE_LAST = "erase the last segment"
    TAKE_BACK = "take back the train's last move"
    CONTINUE_TRIP = "go on towards the train's destination"
    SUGGEST = "show or hide the suggested plan"
    LESSON_NEXT = "go on to the lesson's next step"
    LESSON_LEAVE = "leave the lesson (it is kept)"
    LESSON_RESTART = "start the lesson over"
    HINTS_OFF = "show no more first-game hints"
    CLEAR_PHASE = "erase this phase's track"
    OPEN_UPGRADE = "choose a locomotive"
    ASK_SWAP = "ask before swapping demands"
    OPEN_MENU = "open the menu"
    CLOSE = "close the dialog"
    CONFIRM = "confirm the question asked"
    HELP = "show the help page"
    TOGGLE_SIDE = "show or hide the side panel"
    TOGGLE_HISTORY = "show or hide the history"
    HISTORY_LATEST = "show the history's newest lines and follow new ones again"
    KEEP_CHOSEN = "keep the chosen cards"
    DISMISS_EVENT = "put the event card away"
    SAVE = "save the game"
    LOAD = "load a game"
    SETTINGS = "open the settings"
    QUIT = "quit to the main menu"


@dataclass(frozen=True)
class Play:
    """Apply an engine action (the side panel's card and load buttons, the loss dialog)."""

    action: Action


@dataclass(frozen=True)
class ToggleCard:
    """Choosing the private cards (C2): keep or give back this dealt card."""

    card: int


@dataclass(frozen=True)
class BuyLoco:
    """Buy this locomotive (K9)."""

    to: str


@dataclass(frozen=True)
class FilterHistory:
    """Show the history of one player (or of both: None)."""

    player: int | None


@dataclass(frozen=True)
class ToggleSection:
    """Fold or unfold a section of the side panel."""

    section: str


@dataclass(frozen=True)
class DismissHint:
    """A first-game hint has been read: it is not shown again."""

    hint: str


Command = Intent | Play | ToggleCard | BuyLoco | FilterHistory | ToggleSection | DismissHint


@dataclass(frozen=True)
class Demand:
    """A demand under the pointer: its commodity's suppliers and its city light up."""

    commodity: str
    city: str
