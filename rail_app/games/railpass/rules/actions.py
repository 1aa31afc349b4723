"""The actions of Rail Pass (DG-M6): the only way anything changes in a round, the same for a
person's gestures, a computer teammate and a replay. Each is a small frozen value; trains,
engineers and cities are named as the rules name them (``L_K``, ``K1``, ``K``), so that a
record reads like a score sheet.

Every action but the clock's names the seat that takes it (several seats act at once). Four
are this edition's own besides DG-M6's list: :class:`Wait` (a computer seat with nothing to
do idles for a while; a person never needs it), :class:`Tick` (the clock runs on: the screen
applies one every 100 ms, DG-M1), and :class:`Pause` and :class:`Resume` (DG-P1: a record
replays a paused round as it was, and a save carries one).
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from typing import ClassVar

from rail_app.games.railpass.rules.state import Track
from rail_app.table.actions import Action


class End(StrEnum):
    """R-L2, D-4: the two ends of a yard: its first place still full (top left) and its last
    (bottom right)."""

    FIRST = "first"
    LAST = "last"


class CallKind(StrEnum):
    """DG-K1-DG-K4: the four calls."""

    NEED_TRAIN = "need-train"
    NEED_CREW = "need-crew"
    HOLD = "hold"
    GO = "go"


# -- cargo (R-L) -------------------------------------------------------------------------------


@dataclass(frozen=True, repr=False)
class Load(Action):
    """R-L2-R-L4: one cube from an end of ``city``'s yard onto a train parked there."""

    kind: ClassVar[str] = "load"
    seat: int
    city: str
    end: End
    train: str


@dataclass(frozen=True, repr=False)
class MoveCube(Action):
    """R-L9, D-10: one cube of colour ``cube`` from one parked train to the other."""

    kind: ClassVar[str] = "move-cube"
    seat: int
    city: str
    source: str
    target: str
    cube: str


@dataclass(frozen=True, repr=False)
class SwapCubes(Action):
    """R-L9, D-10: a one-for-one swap between the two parked trains (both hands)."""

    kind: ClassVar[str] = "swap-cubes"
    seat: int
    city: str
    a: str
    b: str
    cube_a: str
    cube_b: str


# -- trains (R-M, R-O) -------------------------------------------------------------------------


@dataclass(frozen=True, repr=False)
class PickUp(Action):
    """R-M1-R-M3: a parked train with an engineer into a free hand."""

    kind: ClassVar[str] = "pick-up"
    seat: int
    train: str
    hand: int


@dataclass(frozen=True, repr=False)
class Park(Action):
    """R-M4, R-M5, DG-M12: a held train onto an empty track of its city that fits it."""

    kind: ClassVar[str] = "park"
    seat: int
    train: str
    track: Track


@dataclass(frozen=True, repr=False)
class Shunt(Action):
    """D-22: a parked train onto the other track of its station (a pick-up, then a park)."""

    kind: ClassVar[str] = "shunt"
    seat: int
    train: str
    track: Track


@dataclass(frozen=True, repr=False)
class Offer(Action):
    """R-M7, DG-M9: a held train offered to a linked city, with a toot."""

    kind: ClassVar[str] = "offer"
    seat: int
    train: str
    to: str


@dataclass(frozen=True, repr=False)
class Dispatch(Action):
    """DG-M6: a parked train picked up and offered (PickUp, then Offer)."""

    kind: ClassVar[str] = "dispatch"
    seat: int
    train: str
    to: str


@dataclass(frozen=True, repr=False)
class MoveOwn(Action):
    """R-M8, D-8: a held train to another of the seat's cities over an open link."""

    kind: ClassVar[str] = "move-own"
    seat: int
    train: str
    to: str


@dataclass(frozen=True, repr=False)
class MoveOwnPark(Action):
    """R-M8, DG-N2: the same, then parked there."""

    kind: ClassVar[str] = "move-own-park"
    seat: int
    train: str
    to: str
    track: Track


@dataclass(frozen=True, repr=False)
class Take(Action):
    """R-M3, DG-M11: an offered train into a free hand of the receiving seat."""

    kind: ClassVar[str] = "take"
    seat: int
    offer: int
    hand: int


@dataclass(frozen=True, repr=False)
class TakePark(Action):
    """DG-M11: an offered train taken and parked at once (open links only)."""

    kind: ClassVar[str] = "take-park"
    seat: int
    offer: int
    track: Track


@dataclass(frozen=True, repr=False)
class Withdraw(Action):
    """D-25: the sender takes back a pending offer."""

    kind: ClassVar[str] = "withdraw"
    seat: int
    offer: int


# -- engineers (R-E) ---------------------------------------------------------------------------


@dataclass(frozen=True, repr=False)
class MoveEngineer(Action):
    """R-E4, D-12: an engineer of a station (a parked train's cab, the hotel) to an empty cab
    of a train parked there or to a free bed of its hotel (``to``: a train, or "hotel")."""

    kind: ClassVar[str] = "move-engineer"
    seat: int
    engineer: str
    to: str


@dataclass(frozen=True, repr=False)
class SwapEngineers(Action):
    """R-E5, D-11: the engineers of two parked trains change places, through a free bed."""

    kind: ClassVar[str] = "swap-engineers"
    seat: int
    a: str
    b: str


# -- calls (DG-K) ------------------------------------------------------------------------------


@dataclass(frozen=True, repr=False)
class Call(Action):
    """DG-K1-DG-K4: a call to the neighbouring seats (or, with ``to``, to the seat of one
    neighbouring city). ``toward``: for "Need crew", the neighbour an engineer should be able
    to drive toward ("" for any)."""

    kind: ClassVar[str] = "call"
    seat: int
    call: CallKind
    to: str = ""
    toward: str = ""


# -- Table rules: the physical mishaps (DG-X) --------------------------------------------------


@dataclass(frozen=True, repr=False)
class Drop(Action):
    """DG-X2, R-X3: a train released over open table: a wreck."""

    kind: ClassVar[str] = "drop"
    seat: int
    train: str


@dataclass(frozen=True, repr=False)
class Spill(Action):
    """DG-X3, R-X1: a loaded train dragged too fast: its last cube loaded falls."""

    kind: ClassVar[str] = "spill"
    seat: int
    train: str


@dataclass(frozen=True, repr=False)
class DropCube(Action):
    """DG-X2, D-15: a yard-end cube released over open table."""

    kind: ClassVar[str] = "drop-cube"
    seat: int
    city: str
    end: End


# -- time --------------------------------------------------------------------------------------


@dataclass(frozen=True, repr=False)
class Wait(Action):
    """A computer seat with nothing to do idles for ``ticks`` (it notices an offer or a call
    to it after its reaction delay all the same, DG-M13)."""

    kind: ClassVar[str] = "wait"
    seat: int
    ticks: int


@dataclass(frozen=True, repr=False)
class Tick(Action):
    """DG-M1, DG-M14: the clock runs ``count`` ticks on (each tick's end, then the next one's
    free seats and arrivals)."""

    kind: ClassVar[str] = "tick"
    count: int = 1


@dataclass(frozen=True, repr=False)
class Pause(Action):
    """DG-P1: the person stops the round: the clock, the transits, the computers' busy
    times; nothing counts until Resume (DG-P3: nothing is queued)."""

    kind: ClassVar[str] = "pause"
    seat: int


@dataclass(frozen=True, repr=False)
class Resume(Action):
    """DG-P1: play goes on from the same tick (EX-D09)."""

    kind: ClassVar[str] = "resume"
    seat: int


ACTIONS: tuple[type[Action], ...] = (
    Load, MoveCube, SwapCubes, PickUp, Park, Shunt, Offer, Dispatch, MoveOwn, MoveOwnPark,
    Take, TakePark, Withdraw, MoveEngineer, SwapEngineers, Call, Drop, Spill, DropCube, Wait,
    Tick, Pause, Resume,
)
