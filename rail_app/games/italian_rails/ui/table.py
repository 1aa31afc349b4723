"""The table model: everything the game screen keeps that is not the game itself.

The game lives in the session's :class:`~rail_app.games.italian_rails.rules.state.GameState` and changes only
through the engine. What is on the table around it (the camera, the stroke being drawn,
the route preview, the train running, dialogs, notices, scroll positions, the computer's
pace) lives here, in one typed dataclass that only the controller changes (DESIGN.md habit
8). Drawing and layout read it.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import Enum

from rail_app.games.italian_rails.ai.advice import Advice, DemandRoute
from rail_app.games.italian_rails.rules.actions import Action
from rail_app.games.italian_rails.rules.state import Edge
from rail_app.games.italian_rails.ui.camera import Camera
from rail_app.games.italian_rails.ui.commands import Command, Demand
from rail_app.games.italian_rails.ui.lesson import LessonState
from rail_app.games.italian_rails.ui.pen import Pen
from rail_app.games.italian_rails.ui.train import Preview, TrainRun
from rail_app.ui.kit import notices as said
from rail_app.ui.kit.curtain import Curtain
from rail_app.ui.kit.notices import Notice as Notice
from rail_app.ui.kit.notices import Spot as Spot
from rail_app.ui.kit.notices import Tone as Tone
from rail_app.ui.kit.pacer import Pace

FADE_TIME = 1.6  # seconds for washed-out track to fade away
CIRCLE_TIME = 4.0  # seconds a derailment circle stays on the map
POPUP_TIME = 5.0  # seconds an event card stays, unless put away, when only computers play


class Modal(Enum):
    """The dialog in front of the map that takes every click."""

    NONE = "none"
    HELP = "help"
    MENU = "menu"
    UPGRADE = "upgrade"
    CONFIRM = "confirm"
    FERRY = "ferry"  # take the ferry whose route was clicked (K8)


class Question(Enum):
    """What a confirmation dialog asks."""

    SWAP = "swap"
    QUIT = "quit"
    LOAD = "load"
    STRANDED = "stranded"  # End build with no paying delivery in reach of the cash left


@dataclass
class Fade:
    """Track washed out by an event, fading away in its owner's ink."""

    edge: Edge
    owner: int
    age: float = 0.0


@dataclass
class Circle:
    """A derailment's zone, shown for a few seconds."""

    centres: tuple[int, ...]
    radius: int
    age: float = 0.0


@dataclass
class Glide:
    """The view moving by itself to where the computer builds (km: the map's middle from
    ``frm`` to ``to``)."""

    frm: tuple[float, float]
    to: tuple[float, float]
    t: float = 0.0


@dataclass
class Watch:
    """What the screen has already shown of the game, to notice what is new."""

    log_seen: int = 0
    version: int = -1
    owners: dict[Edge, int] = field(default_factory=dict)
    turn: tuple[int, int] = (0, 0)  # (game turn, player to act)


@dataclass
class Slots:
    """The side panel's card and load buttons while the train stands at one place.

    Buttons keep their places while the player acts there (a second click in the same
    spot never hits another action): an action that stops being legal stays, disabled;
    a new one is added at the end. ``key`` is (turn, player, phase, position)."""

    key: tuple[int, int, str, int | None] | None = None
    actions: list[Action] = field(default_factory=list)
    since: int = 0  # the game's actions before the train stood here (what it did here follows)
    version: int = -1  # the game's version they were brought up to date at


@dataclass
class Table:
    """The screen-only state of the game screen (see the module docstring)."""

    camera: Camera
    pen: Pen
    fitted: bool = True  # the camera shows the whole map; it refits when the map area changes
    preview: Preview | None = None  # the train's route preview
    preview_version: int = -1  # the game's version the preview was worked out for
    run: TrainRun | None = None  # a train running along its route
    side_open: bool = True
    history_open: bool = True
    folded: set[str] = field(default_factory=set)  # side panel sections shown as one line
    side_scroll: int = 0
    #: scrolled back, the history shows the rows that end here and stays put while new lines
    #: come (None: it shows the newest and follows them)
    history_end: int | None = None
    history_seen: int = 0  # how many rows the history had when the player scrolled back
    history_filter: int | None = None
    keep_choice: set[int] = field(default_factory=set)  # C2: the cards chosen so far
    popups: list[int] = field(default_factory=list)  # event cards drawn, shown one at a time
    popup_age: float = 0.0
    notices: list[Notice] = field(default_factory=list)
    fades: list[Fade] = field(default_factory=list)
    circles: list[Circle] = field(default_factory=list)
    pointer: tuple[int, int] = (0, 0)
    pan_from: tuple[int, int] | None = None
    glide: Glide | None = None  # the view on its way to the computer's building
    pan_moved: float = 0.0
    modal: Modal = Modal.NONE
    question: Question | None = None
    #: the turn whose End build already warned that no paying delivery is in reach
    stranded_warned: int | None = None
    stranded_words: tuple[str, ...] = ()  # what that warning says (built when it is asked)
    offer: int | None = None  # the ferry the FERRY dialog offers (its index)
    #: two people at one screen: the board hidden between their turns (private cards)
    curtain: Curtain = field(default_factory=lambda: Curtain(hides=True))
    last_build: int | None = None  # the dot B jumps to
    destination: dict[int, int] = field(default_factory=dict)  # seat -> dot its train heads for
    trip_shown: tuple[int, int] | None = None  # the turn whose move began with the trip shown
    hovered: Command | Demand | None = None  # the widget under the pointer
    hover_time: float = 0.0  # seconds the pointer has rested on it (tooltips wait a little)
    pacing: Pace = field(default_factory=Pace)  # the computer's pace (UX.md "Pace")
    watch: Watch = field(default_factory=Watch)
    slots: Slots = field(default_factory=Slots)
    game_over_in: float | None = None  # seconds until the game over screen
    advice: Advice | None = None  # the suggested plan shown on the map ("Suggest")
    advice_version: int = -1  # the game's version it was worked out for
    ghost: DemandRoute | None = None  # the cheapest way to serve the hovered demand
    #: choosing the private cards (C2): the hovered dealt card and its demands' cheapest ways
    card_help: tuple[int, tuple[DemandRoute, ...]] | None = None
    card_help_key: object = None
    #: where the lesson's panel or a first-game hint stands in this frame (x, y, w, h):
    #: the hovered card's words keep clear of it
    coach_box: tuple[int, int, int, int] | None = None
    ghost_key: tuple[int, int, str, str] | None = None  # (version, seat, commodity, city)
    lesson: LessonState | None = None  # the guided first game, when this is it

    def notice(self, spot: Spot) -> Notice | None:
        """The live notice shown at ``spot``, if any (one at a time per spot)."""
        return said.shown(self.notices, spot)
