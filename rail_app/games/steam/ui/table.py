"""The table model of Steam's screen: everything the screen keeps that is not the game.

The game lives in the session's :class:`~rail_app.games.steam.rules.state.GameState` and
changes only through the engine. What is on the table around it (the stroke being drawn,
the strokes of this build that may be taken back, the city picked and its deliveries, what
Urban Growth or a New City will place, the bid and the capital chosen, the page over the
map, notices, the computer's pace, the pointer) lives here, in one typed dataclass that only
the controller's parts change (DESIGN.md habit 8). Drawing and layout read it.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import Enum

from rail_app.games.steam.rules import goods
from rail_app.games.steam.rules.board import Colour
from rail_app.games.steam.rules.strokes import TileChoice
from rail_app.ui.kit.notices import Notice
from rail_app.ui.kit.pacer import Pace

NOTICE_TIME = 4.0  # seconds a notice stays
FLASH_TIME = 1.0  # seconds a computer's delivery glows on the map (a tile: half of it)


class Mode(Enum):
    """What the next click on the map places in the build phase (else the pen draws)."""

    DRAW = "draw"
    GROWTH = "growth"  # Urban Growth's reserve set on a city (S-A5)
    NEW_CITY = "new city"  # a New City on a town (S-A7)


class Page(Enum):
    """The page over the map that takes every click."""

    NONE = "none"
    MENU = "menu"
    HELP = "help"
    TRACKS = "tracks"  # the tracks and the score if the game ended now


@dataclass
class Pen:
    """The stroke being drawn: its hexes and what the rules make of them."""

    hexes: list[str] = field(default_factory=list)
    choices: list[TileChoice] = field(default_factory=list)
    drawing: bool = False
    version: int = 0  # the game's version the choices were quoted at


@dataclass
class Flash:
    """A computer's move left marked on the map a moment: a delivery's links, a tile's
    hex."""

    left: float = 0.0  # seconds it still shows
    links: frozenset[int] = frozenset()
    hexes: tuple[int, ...] = ()


@dataclass
class Table:
    """The screen-only state of Steam's screen (see the module docstring)."""

    pen: Pen = field(default_factory=Pen)
    strokes: list[int] = field(default_factory=list)  # actions of each stroke of this build
    #: (turn, seat to act, in the build step): what the screen holds is for this moment
    moment: tuple[int, int, int] = (-1, -1, -1)
    picked: int | None = None  # the city picked in the move phase
    routes: list[goods.Route] = field(default_factory=list)  # ... and its deliveries
    hover_route: int | None = None  # the delivery under the pointer (its links glow)
    mode: Mode = Mode.DRAW
    space: int | None = None  # the reserve set chosen for Urban Growth or a New City
    city_colour: Colour | None = None  # the New City's colour chosen
    bid: int = 0
    capital: int = 0  # steps of capital to take (S-S4)
    page: Page = Page.NONE
    notices: list[Notice] = field(default_factory=list)
    pace: Pace = field(default_factory=Pace)
    flash: Flash = field(default_factory=Flash)
    hover: int | None = None  # the hex under the pointer
    pointer: tuple[int, int] = (0, 0)
    panning: tuple[int, int] | None = None  # where a right or middle drag began
    pan_moved: bool = False
    history_scroll: int = 0  # lines scrolled back
    autosaved: int = -1  # the turn autosaved last
    ended: bool = False  # the game over screen is on its way
