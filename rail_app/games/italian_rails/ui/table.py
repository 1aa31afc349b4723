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

NOTICE_TIME = 3.5  # seconds a notice stays
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


class Tone(Enum):
    """How a notice reads: a refusal, good news, a warning or plain information."""

    ERROR = "error"
    GOOD = "good"
    WARN = "warn"
    INFO = "info"


class Spot(Enum):
    """Where a notice shows: near the pointer where it happened (refusals), at a place on
    the map (a delivery at its city), or in the notice line at the top of the map."""

    POINTER = "pointer"
    MAP = "map"
    TOP = "top"


@dataclass
class Notice:
    """A short headline and its reason (the rule's words), gone after a few seconds.

    ``at`` is a screen point for :attr:`Spot.POINTER` and a position in km for
    :attr:`Spot.MAP` (it moves with the map); it is not used for :attr:`Spot.TOP`.
    ``line`` is the stroke the notice is about, as segments between dots: its box stands
    clear of all of it."""

    headline: str
    reason: str
    tone: Tone
    spot: Spot
    at: tuple[float, float] = (0.0, 0.0)
    age: float = 0.0
    life: float = NOTICE_TIME
    line: tuple[tuple[int, int], ...] = ()

    @property
    def alive(self) -> bool:
        return self.age < self.life

    @property
    def fade(self) -> float:
        """1 while fresh, falling to 0 in the last 0.8 seconds."""
        return min(1.0, max(0.0, (self.life - self.age) / 0.8))


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
class Pacing:
    """The computer's turn played at a pace a person can follow (UX.md "Pace")."""

    clock: float = 0.0
    skip: bool = False  # Space: play the rest of the computer's turn at once


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
    curtain: int | None = None  # two people at one screen: the seat waiting to be shown
    curtain_armed: bool = False  # a new press (and its release) takes the curtain away
    last_build: int | None = None  # the dot B jumps to
    destination: dict[int, int] = field(default_factory=dict)  # seat -> dot its train heads for
    trip_shown: tuple[int, int] | None = None  # the turn whose move began with the trip shown
    hovered: Command | Demand | None = None  # the widget under the pointer
    hover_time: float = 0.0  # seconds the pointer has rested on it (tooltips wait a little)
    pacing: Pacing = field(default_factory=Pacing)
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
        return next((n for n in reversed(self.notices) if n.spot is spot and n.alive), None)
