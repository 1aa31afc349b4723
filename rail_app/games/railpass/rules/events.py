"""The typed log of a round (DG-M15): what happened, with its tick, seats, cities, trains,
engineers and cubes as numbers, never sentences. ``words.py`` makes the sentences a player
reads from them, through the translation catalog.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from typing import ClassVar

from rail_app.table.events import Event


class EventKind(StrEnum):
    LOADED = "loaded"
    CUBE_MOVED = "cube-moved"
    CUBES_SWAPPED = "cubes-swapped"
    PICKED_UP = "picked-up"
    PARKED = "parked"
    DELIVERED = "delivered"
    QUIT = "quit"
    OFFERED = "offered"
    TOOT = "toot"
    TAKEN = "taken"
    ARRIVED = "arrived"
    WITHDRAWN = "withdrawn"
    MOVED_OWN = "moved-own"
    ENGINEER_MOVED = "engineer-moved"
    ENGINEERS_SWAPPED = "engineers-swapped"
    CALLED = "called"
    WRECKED = "wrecked"
    SPILLED = "spilled"
    CUBE_DROPPED = "cube-dropped"
    ENDED = "ended"


@dataclass(frozen=True)
class Loaded(Event):
    """R-L2: a cube from a yard end onto a parked train."""

    kind: ClassVar[EventKind] = EventKind.LOADED
    tick: int
    seat: int
    city: int
    train: int
    cube: int
    last: bool


@dataclass(frozen=True)
class CubeMoved(Event):
    """R-L9: a cube from one parked train to the other."""

    kind: ClassVar[EventKind] = EventKind.CUBE_MOVED
    tick: int
    seat: int
    city: int
    source: int
    target: int
    cube: int


@dataclass(frozen=True)
class CubesSwapped(Event):
    """D-10: two cubes changed trains."""

    kind: ClassVar[EventKind] = EventKind.CUBES_SWAPPED
    tick: int
    seat: int
    city: int
    a: int
    b: int
    cube_a: int
    cube_b: int


@dataclass(frozen=True)
class PickedUp(Event):
    """R-M1: a train into a hand."""

    kind: ClassVar[EventKind] = EventKind.PICKED_UP
    tick: int
    seat: int
    train: int
    city: int


@dataclass(frozen=True)
class Parked(Event):
    """DG-M12: a train onto a track."""

    kind: ClassVar[EventKind] = EventKind.PARKED
    tick: int
    seat: int
    train: int
    city: int
    track: int


@dataclass(frozen=True)
class Delivered(Event):
    """R-L8, D-9: cubes of the city's colour into its storage."""

    kind: ClassVar[EventKind] = EventKind.DELIVERED
    tick: int
    city: int
    train: int
    count: int


@dataclass(frozen=True)
class Quit(Event):
    """R-E9: an engineer parked too far from home quits (the pile, -2)."""

    kind: ClassVar[EventKind] = EventKind.QUIT
    tick: int
    engineer: int
    city: int
    train: int


@dataclass(frozen=True)
class Offered(Event):
    """DG-M9: a held train offered to a linked city."""

    kind: ClassVar[EventKind] = EventKind.OFFERED
    tick: int
    seat: int
    offer: int
    train: int
    origin: int
    to: int
    receiver: int


@dataclass(frozen=True)
class Toot(Event):
    """R-M7, DG-M10, D-21: "Toot! Toot!" in the sender's colour (its city's)."""

    kind: ClassVar[EventKind] = EventKind.TOOT
    tick: int
    seat: int
    colour: int


@dataclass(frozen=True)
class Taken(Event):
    """DG-M11: an offered train taken; ``due`` is its arrival tick (the same tick over an open
    link)."""

    kind: ClassVar[EventKind] = EventKind.TAKEN
    tick: int
    seat: int
    offer: int
    train: int
    to: int
    due: int


@dataclass(frozen=True)
class Arrived(Event):
    """DG-M14 step 2: a train out of its obstacle, in its receiver's hand."""

    kind: ClassVar[EventKind] = EventKind.ARRIVED
    tick: int
    seat: int
    train: int
    city: int


@dataclass(frozen=True)
class Withdrawn(Event):
    """D-25: a pending offer taken back."""

    kind: ClassVar[EventKind] = EventKind.WITHDRAWN
    tick: int
    seat: int
    offer: int
    train: int


@dataclass(frozen=True)
class MovedOwn(Event):
    """R-M8: a held train moved to another of the seat's cities."""

    kind: ClassVar[EventKind] = EventKind.MOVED_OWN
    tick: int
    seat: int
    train: int
    origin: int
    to: int


@dataclass(frozen=True)
class EngineerMoved(Event):
    """R-E4: an engineer to a cab (``train``) or to a bed of the city's hotel (train -1)."""

    kind: ClassVar[EventKind] = EventKind.ENGINEER_MOVED
    tick: int
    seat: int
    engineer: int
    city: int
    train: int


@dataclass(frozen=True)
class EngineersSwapped(Event):
    """R-E5, D-11: two engineers changed trains through a free bed."""

    kind: ClassVar[EventKind] = EventKind.ENGINEERS_SWAPPED
    tick: int
    seat: int
    city: int
    a: int
    b: int


@dataclass(frozen=True)
class Called(Event):
    """DG-K: a call to the seats ``to``."""

    kind: ClassVar[EventKind] = EventKind.CALLED
    tick: int
    seat: int
    call: str
    to: tuple[int, ...]
    toward: int


@dataclass(frozen=True)
class Wrecked(Event):
    """R-X3: a train dropped: the train, its cubes and its engineer on the pile."""

    kind: ClassVar[EventKind] = EventKind.WRECKED
    tick: int
    seat: int
    train: int
    cubes: tuple[int, ...]
    engineer: int


@dataclass(frozen=True)
class Spilled(Event):
    """R-X1: the last cube loaded fell off a train (the pile, -1)."""

    kind: ClassVar[EventKind] = EventKind.SPILLED
    tick: int
    seat: int
    train: int
    cube: int


@dataclass(frozen=True)
class CubeDropped(Event):
    """D-15: a yard cube dropped while loading (the pile, -1)."""

    kind: ClassVar[EventKind] = EventKind.CUBE_DROPPED
    tick: int
    seat: int
    city: int
    cube: int


@dataclass(frozen=True)
class Ended(Event):
    """R-W1-R-W7, D-17: time is up: the totals, the score and the trains set aside."""

    kind: ClassVar[EventKind] = EventKind.ENDED
    tick: int
    totals: tuple[int, ...]
    base: int
    penalty: int
    final: int
    won: bool
    set_aside: tuple[int, ...]
