"""The game's history as typed events (DESIGN.md habit 17): what happened, with seats, dots,
cards and amounts, never sentences. The sentences a player reads are made from these in one
place, :mod:`rail_app.games.italian_rails.rules.words`.

Each event is a small frozen dataclass; its :class:`LogKind` (what the history panel colours
it as) is a class attribute. A :class:`LogEntry` is one event with the game turn and the
seat it concerns (None for no seat). Dots are board ids; cards are card numbers.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from typing import ClassVar

from rail_app.table import events as kit


class LogKind(StrEnum):
    """What a line of the history is about (the history panel's colour)."""

    ACTION = "action"  # a player's action on the cards, the train, the turn
    BUILD = "build"  # track, ferries, locomotives (K1-K10)
    EVENT = "event"  # an event card and what it did (E1-E9)
    PAYMENT = "payment"  # money changing hands
    INFO = "info"  # the game's own steps (turns, setup, the end)


class LossCause(StrEnum):
    """Why a train loses a turn (E6, E7)."""

    ERUPTION = "eruption"
    DERAILMENT = "derailment"


class Settled(StrEnum):
    """How the end of the game (W2) was decided."""

    MOST_CASH = "most-cash"
    FEWER_SEGMENTS = "fewer-segments"  # equal cash: fewer segments drawn
    DRAW = "draw"  # equal cash and equal segments


@dataclass(frozen=True)
class Event(kit.Event):
    """Base of every event of Italian Rails' history (the kit's
    :class:`~rail_app.table.events.Event`): its ``kind`` is the :class:`LogKind` the history
    panel colours it as."""

    kind: ClassVar[LogKind] = LogKind.ACTION


# -- turns (T1-T4, K10) --------------------------------------------------------------------------


@dataclass(frozen=True)
class TurnBegins(Event):
    kind: ClassVar[LogKind] = LogKind.INFO
    turn: int


@dataclass(frozen=True)
class TurnSkipped(Event):
    """T4: a turn lost to an earlier event."""

    kind: ClassVar[LogKind] = LogKind.EVENT
    turn: int


@dataclass(frozen=True)
class BuildingPaid(Event):
    """K10: the phase's building paid at the end of the turn."""

    kind: ClassVar[LogKind] = LogKind.PAYMENT
    cost: int


@dataclass(frozen=True)
class StartsBuilding(Event):
    kind: ClassVar[LogKind] = LogKind.INFO


# -- building (K1-K10, V2) -------------------------------------------------------------------------


@dataclass(frozen=True)
class SegmentBuilt(Event):
    kind: ClassVar[LogKind] = LogKind.BUILD
    a: int
    b: int  # drawn from a to b
    cost: int


@dataclass(frozen=True)
class FerryTaken(Event):
    kind: ClassVar[LogKind] = LogKind.BUILD
    ferry: int
    cost: int


@dataclass(frozen=True)
class Erased(Event):
    """K10: a segment (``a``-``b`` as it was drawn) or a ferry erased within its phase."""

    kind: ClassVar[LogKind] = LogKind.BUILD
    a: int | None = None
    b: int | None = None
    ferry: int | None = None


@dataclass(frozen=True)
class Upgraded(Event):
    kind: ClassVar[LogKind] = LogKind.BUILD
    to: str  # the locomotive
    cost: int


@dataclass(frozen=True)
class Borrowed(Event):
    """V2: a loan taken."""

    kind: ClassVar[LogKind] = LogKind.PAYMENT
    amount: int
    owed: int


@dataclass(frozen=True)
class Repaid(Event):
    kind: ClassVar[LogKind] = LogKind.PAYMENT
    amount: int


# -- cards (C1-C7, W1-W2) ------------------------------------------------------------------------


@dataclass(frozen=True)
class DeckReshuffled(Event):
    kind: ClassVar[LogKind] = LogKind.INFO
    cards: int


@dataclass(frozen=True)
class PublicCards(Event):
    """C7: new cards in the public pool."""

    kind: ClassVar[LogKind] = LogKind.INFO
    cards: tuple[int, ...]


@dataclass(frozen=True)
class EventSetAside(Event):
    """C2: an event card dealt at setup is set aside and replaced."""

    kind: ClassVar[LogKind] = LogKind.EVENT
    card: int


@dataclass(frozen=True)
class EventsShuffledBack(Event):
    kind: ClassVar[LogKind] = LogKind.INFO
    count: int


@dataclass(frozen=True)
class CardsDealt(Event):
    kind: ClassVar[LogKind] = LogKind.INFO
    deal: int
    keep: int


@dataclass(frozen=True)
class CardsChosen(Event):
    count: int


@dataclass(frozen=True)
class CardsRevealed(Event):
    """C2: every player's private cards, and the public pool they leave."""

    kind: ClassVar[LogKind] = LogKind.INFO
    private: tuple[tuple[int, ...], ...]
    pool: tuple[int, ...]


@dataclass(frozen=True)
class StartsFirst(Event):
    """T1: the lowest private card starts."""

    kind: ClassVar[LogKind] = LogKind.INFO
    card: int


@dataclass(frozen=True)
class PickedUp(Event):
    commodity: str
    city: str | None
    card: int | None = None  # locked to this card's demand
    demand: int | None = None


@dataclass(frozen=True)
class Locked(Event):
    card: int
    demand: int


@dataclass(frozen=True)
class Delivered(Event):
    kind: ClassVar[LogKind] = LogKind.PAYMENT
    card: int
    demand: int
    payoff: int


@dataclass(frozen=True)
class CubeTakenBack(Event):
    """C5: the other player's cube locked to a card just delivered goes back unlocked."""

    card: int
    commodity: str


@dataclass(frozen=True)
class Dropped(Event):
    commodity: str
    city: str | None


@dataclass(frozen=True)
class Swapped(Event):
    """C6: demands swapped."""

    discarded: tuple[int, ...]
    drawn: tuple[int, ...]


@dataclass(frozen=True)
class EndTriggered(Event):
    """W1: a player qualifies; the last round is played."""

    kind: ClassVar[LogKind] = LogKind.INFO
    cash: int


@dataclass(frozen=True)
class GameOver(Event):
    """W2: the end, who won and how it was decided."""

    kind: ClassVar[LogKind] = LogKind.INFO
    winner: int | None
    cash: tuple[int, ...]
    segments: tuple[int, ...]  # segments drawn (the tie-break)
    settled: Settled


# -- events (E1-E9) ------------------------------------------------------------------------------


@dataclass(frozen=True)
class EventDrawn(Event):
    """E1: an event card drawn, carried out at once."""

    kind: ClassVar[LogKind] = LogKind.EVENT
    card: int


@dataclass(frozen=True)
class TaxPaid(Event):
    """E3: every player's tax, in seat order; cash is public from now on."""

    kind: ClassVar[LogKind] = LogKind.PAYMENT
    taxes: tuple[int, ...]


@dataclass(frozen=True)
class Flooded(Event):
    """E4: the flooded rivers and river systems, and the segments each player lost."""

    kind: ClassVar[LogKind] = LogKind.EVENT
    rivers: tuple[str, ...]
    systems: tuple[str, ...]
    lost: tuple[tuple[int, int], ...]  # (seat, segments) of the players who lost any


@dataclass(frozen=True)
class StormAtSea(Event):
    kind: ClassVar[LogKind] = LogKind.EVENT
    sea: str | None


@dataclass(frozen=True)
class Erupted(Event):
    kind: ClassVar[LogKind] = LogKind.EVENT
    volcano: str
    lost: tuple[tuple[int, int], ...]


@dataclass(frozen=True)
class NoDerailment(Event):
    kind: ClassVar[LogKind] = LogKind.EVENT


@dataclass(frozen=True)
class BadWeather(Event):
    kind: ClassVar[LogKind] = LogKind.EVENT
    dots: int


@dataclass(frozen=True)
class SlowedDown(Event):
    """M6: half speed beginning during a move."""

    kind: ClassVar[LogKind] = LogKind.EVENT
    moves_left: int


@dataclass(frozen=True)
class TurnLost(Event):
    """T4: a train caught by an event loses its next turn (``now``: during its own turn,
    which ends at once)."""

    kind: ClassVar[LogKind] = LogKind.EVENT
    cause: LossCause
    now: bool


@dataclass(frozen=True)
class LoadLost(Event):
    """E7: a derailed train's load, and the private card it releases to the pool."""

    kind: ClassVar[LogKind] = LogKind.EVENT
    commodity: str
    released: int | None = None


@dataclass(frozen=True)
class EventOver(Event):
    """E2: a lasting event ends."""

    kind: ClassVar[LogKind] = LogKind.EVENT
    card: int


# -- the train (M1-M6) -----------------------------------------------------------------------------


@dataclass(frozen=True)
class TrainPlaced(Event):
    city: str


@dataclass(frozen=True)
class RentPaid(Event):
    """M3: rent for the other player's track."""

    kind: ClassVar[LogKind] = LogKind.PAYMENT
    fee: int
    to: int


@dataclass(frozen=True)
class Moved(Event):
    start: int | None
    stop: int
    steps: int
    moves_left: int


@dataclass(frozen=True)
class BoardedFerry(Event):
    ferry: int
    lands: int  # the port it lands at next turn


@dataclass(frozen=True)
class StaysAboard(Event):
    """E5: a storm keeps the train aboard."""

    kind: ClassVar[LogKind] = LogKind.EVENT
    ferry: int


@dataclass(frozen=True)
class Landed(Event):
    kind: ClassVar[LogKind] = LogKind.INFO
    ferry: int
    port: int


@dataclass(frozen=True)
class TookBack(Event):
    """Taking back: the kind of action taken back, and the rent it gave back."""

    undone: str
    refund: int


@dataclass(frozen=True)
class LogEntry:
    """One line of the game's history: what happened, in which game turn, to which seat."""

    turn: int
    player: int | None
    event: Event

    @property
    def kind(self) -> LogKind:
        return self.event.kind
