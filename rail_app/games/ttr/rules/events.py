"""The game's log: typed events, never sentences (the words a player reads are made from these
in one place, :mod:`rail_app.games.ttr.rules.words`).

Every event is a small frozen dataclass on the kit's :class:`~rail_app.table.events.Event`
whose ``kind`` is an :class:`EventKind`; seats are indexes into the game's seats, routes and
tickets their numbers on the map, cities their indexes, cards :class:`Card` values. Some
events hold what only one seat may know (T-A5): the cards dealt to it or drawn blind, the
tickets it was dealt, drew and kept. :meth:`Event.seen_by` gives the event as another seat
sees it: the same event with the secret part left out (its counts stay, D-12).
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from typing import Any, ClassVar

from rail_app.core.cache import BoundedCache
from rail_app.games.ttr.rules.cards import Card
from rail_app.table import events as kit


class EventKind(StrEnum):
    SET_UP = "set-up"
    CARDS_DEALT = "cards-dealt"
    TICKETS_DEALT = "tickets-dealt"
    FIRST_TICKETS_KEPT = "first-tickets-kept"
    TURN_BEGAN = "turn-began"
    CARD_TAKEN = "card-taken"
    CARD_DRAWN = "card-drawn"
    ROW_DEALT = "row-dealt"
    ROW_KEPT = "row-kept"
    SLOT_FILLED = "slot-filled"
    RESHUFFLED = "reshuffled"
    ROUTE_CLAIMED = "route-claimed"
    TUNNEL_REVEALED = "tunnel-revealed"
    TUNNEL_GIVEN_UP = "tunnel-given-up"
    TICKETS_DRAWN = "tickets-drawn"
    TICKETS_KEPT = "tickets-kept"
    STATION_BUILT = "station-built"
    PASSED = "passed"
    LAST_ROUND = "last-round"
    TICKET_SCORED = "ticket-scored"
    EXPRESS = "express"
    GAME_ENDED = "game-ended"


@dataclass(frozen=True)
class Event(kit.Event):
    """Base of every event of Ticket to Ride's log."""

    kind: ClassVar[EventKind]

    def seen_by(self, viewer: int) -> Event:
        """The event as ``viewer`` sees it (itself, unless part of it is another seat's
        secret)."""
        return self


#: Secret events as another seat sees them, by what is left of them (values: every seat's
#: view of a game asks for the same few again and again).
_UNSAID: BoundedCache[tuple[Any, ...], Event] = BoundedCache(4096)


def _unsaid(cls: type[Event], *fields: Any) -> Event:
    """The event of ``cls`` made of ``fields``, its secret part left at its default."""
    key = (cls, *fields)
    found = _UNSAID.peek(key)
    if found is None:
        found = cls(*fields)
        _UNSAID.put(key, found)
    return found


@dataclass(frozen=True)
class SetUp(Event):
    """T-S1-T-S6: the game is laid out for ``seats`` players; ``first`` plays first, drawn at
    random (``drawn``) or chosen (D-5)."""

    kind: ClassVar[EventKind] = EventKind.SET_UP
    seats: int
    first: int
    drawn: bool


@dataclass(frozen=True)
class CardsDealt(Event):
    """T-S2: ``count`` train cards dealt to ``seat`` (``cards``: which, for that seat only)."""

    kind: ClassVar[EventKind] = EventKind.CARDS_DEALT
    seat: int
    count: int
    cards: tuple[Card, ...] = ()

    def seen_by(self, viewer: int) -> Event:
        return self if viewer == self.seat else _unsaid(CardsDealt, self.seat, self.count)


@dataclass(frozen=True)
class TicketsDealt(Event):
    """T-S3, T-S4: one long and three regular tickets dealt to ``seat``."""

    kind: ClassVar[EventKind] = EventKind.TICKETS_DEALT
    seat: int
    count: int
    tickets: tuple[int, ...] = ()

    def seen_by(self, viewer: int) -> Event:
        return self if viewer == self.seat else _unsaid(TicketsDealt, self.seat, self.count)


@dataclass(frozen=True)
class FirstTicketsKept(Event):
    """T-S5: ``seat`` keeps ``count`` of the tickets dealt; the rest go to the box."""

    kind: ClassVar[EventKind] = EventKind.FIRST_TICKETS_KEPT
    seat: int
    count: int
    boxed: int
    kept: tuple[int, ...] = ()

    def seen_by(self, viewer: int) -> Event:
        return self if viewer == self.seat else _unsaid(FirstTicketsKept, self.seat,
                                                        self.count, self.boxed)


@dataclass(frozen=True)
class TurnBegan(Event):
    """The turn of ``seat`` in round ``turn`` begins."""

    kind: ClassVar[EventKind] = EventKind.TURN_BEGAN
    turn: int
    seat: int


@dataclass(frozen=True)
class CardTaken(Event):
    """T-D1, T-D2: ``seat`` takes the face-up ``card`` of slot ``slot``; ``replacement`` is
    the card turned up in its place (None: the deck and the discard are empty, D-9)."""

    kind: ClassVar[EventKind] = EventKind.CARD_TAKEN
    seat: int
    slot: int
    card: Card
    replacement: Card | None


@dataclass(frozen=True)
class CardDrawn(Event):
    """T-D1, T-D5: ``seat`` draws the top card of the deck (``card``: for that seat only)."""

    kind: ClassVar[EventKind] = EventKind.CARD_DRAWN
    seat: int
    card: Card | None

    def seen_by(self, viewer: int) -> Event:
        return self if viewer == self.seat else _unsaid(CardDrawn, self.seat, None)


@dataclass(frozen=True)
class RowDealt(Event):
    """T-S2, T-D6: a new face-up row is turned up (``reset``: three locomotives showed, and
    the five cards ``discarded`` went to the discard)."""

    kind: ClassVar[EventKind] = EventKind.ROW_DEALT
    row: tuple[Card | None, ...]
    reset: bool = False
    discarded: tuple[Card, ...] = ()


@dataclass(frozen=True)
class RowKept(Event):
    """D-8: three locomotives show but the row is not reset: the deck and the discard hold
    too few other cards (``few``), or it was reset three times in a row."""

    kind: ClassVar[EventKind] = EventKind.ROW_KEPT
    few: bool


@dataclass(frozen=True)
class SlotFilled(Event):
    """D-10: an empty face-up slot is filled once the deck can supply a card."""

    kind: ClassVar[EventKind] = EventKind.SLOT_FILLED
    slot: int
    card: Card


@dataclass(frozen=True)
class Reshuffled(Event):
    """T-D7, D-9: the discard (``cards`` cards) is shuffled into a new deck."""

    kind: ClassVar[EventKind] = EventKind.RESHUFFLED
    cards: int


@dataclass(frozen=True)
class RouteClaimed(Event):
    """T-C2-T-C6: ``seat`` claims ``route`` paying ``cards`` (a tunnel's extra cards
    included) and scores ``points``."""

    kind: ClassVar[EventKind] = EventKind.ROUTE_CLAIMED
    seat: int
    route: int
    cards: tuple[Card, ...]
    points: int


@dataclass(frozen=True)
class TunnelRevealed(Event):
    """T-T1-T-T3, T-T7: ``seat`` shows ``shown`` for the tunnel ``route``; ``revealed`` are
    the cards turned up from the deck, which require ``extra`` extra cards."""

    kind: ClassVar[EventKind] = EventKind.TUNNEL_REVEALED
    seat: int
    route: int
    shown: tuple[Card, ...]
    revealed: tuple[Card, ...]
    extra: int


@dataclass(frozen=True)
class TunnelGivenUp(Event):
    """T-T5: ``seat`` takes back the cards shown; nothing is claimed."""

    kind: ClassVar[EventKind] = EventKind.TUNNEL_GIVEN_UP
    seat: int
    route: int


@dataclass(frozen=True)
class TicketsDrawn(Event):
    """T-K1: ``seat`` draws ``count`` tickets (``tickets``: for that seat only)."""

    kind: ClassVar[EventKind] = EventKind.TICKETS_DRAWN
    seat: int
    count: int
    tickets: tuple[int, ...] = ()

    def seen_by(self, viewer: int) -> Event:
        return self if viewer == self.seat else _unsaid(TicketsDrawn, self.seat, self.count)


@dataclass(frozen=True)
class TicketsKept(Event):
    """T-K1, D-25: ``seat`` keeps ``count`` of the tickets drawn and puts ``returned`` back
    under the ticket deck (``kept``: for that seat only)."""

    kind: ClassVar[EventKind] = EventKind.TICKETS_KEPT
    seat: int
    count: int
    returned: int
    kept: tuple[int, ...] = ()

    def seen_by(self, viewer: int) -> Event:
        return self if viewer == self.seat else _unsaid(TicketsKept, self.seat, self.count,
                                                        self.returned)


@dataclass(frozen=True)
class StationBuilt(Event):
    """T-E1-T-E3: ``seat`` builds a station in ``city`` paying ``cards``."""

    kind: ClassVar[EventKind] = EventKind.STATION_BUILT
    seat: int
    city: int
    cards: tuple[Card, ...]


@dataclass(frozen=True)
class Passed(Event):
    """T-A3, D-26: ``seat`` could do nothing and passed."""

    kind: ClassVar[EventKind] = EventKind.PASSED
    seat: int


@dataclass(frozen=True)
class LastRound(Event):
    """T-W1, D-23: ``seat`` ended a turn with ``wagons`` wagons: everyone has one last turn."""

    kind: ClassVar[EventKind] = EventKind.LAST_ROUND
    seat: int
    wagons: int


@dataclass(frozen=True)
class TicketScored(Event):
    """T-K3, T-K4 (final scoring): ``seat``'s ``ticket`` is completed or failed."""

    kind: ClassVar[EventKind] = EventKind.TICKET_SCORED
    seat: int
    ticket: int
    completed: bool
    value: int


@dataclass(frozen=True)
class ExpressAwarded(Event):
    """T-X1, T-X3: the European Express goes to ``seats``, whose longest continuous path is
    ``length`` spaces (none: nobody has a route, D-28)."""

    kind: ClassVar[EventKind] = EventKind.EXPRESS
    seats: tuple[int, ...]
    length: int


@dataclass(frozen=True)
class GameEnded(Event):
    """T-W1-T-W3: the game is over (``reason``: an :class:`~.state.EndReason` value); each
    seat's final score and rank."""

    kind: ClassVar[EventKind] = EventKind.GAME_ENDED
    reason: str
    scores: tuple[int, ...]
    ranks: tuple[int, ...]
