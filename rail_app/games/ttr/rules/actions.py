"""Actions: the only way anything changes in a game of Ticket to Ride.

Each is a small frozen dataclass on the kit's :class:`~rail_app.table.actions.Action` with a
readable ``repr``; a route is its number in the map file (from 0), a city its name as the
map file writes it, a ticket its number on the map (the long tickets first, then the regular
ones), and a payment the cards paid (T-C2, D-39: the player chooses them). Every decision is
an action (the first choice of tickets, each card drawn, a tunnel's extra cards, a pass), so
people and computer players act the same way. The codec (:data:`CODEC`, the kit's, with the
game's limits) is what records store.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from rail_app.games.ttr.rules.cards import Card
from rail_app.table import actions as kit
from rail_app.table.actions import ActionCodec, Limits


@dataclass(frozen=True, repr=False)
class Action(kit.Action):
    """Base of Ticket to Ride's actions (``repr`` by name: ``ClaimRoute(route=3, ...)``)."""

    repr_by_name: ClassVar[bool] = True


# -- the first choice (T-S5) and tickets (T-K1) -------------------------------------------------


@dataclass(frozen=True, repr=False)
class KeepTickets(Action):
    """T-S5, T-K1: keep these of the tickets dealt or drawn (the rest go to the box at the
    first choice, to the bottom of the ticket deck later, D-25)."""

    kind: ClassVar[str] = "keep_tickets"
    tickets: tuple[int, ...]


@dataclass(frozen=True, repr=False)
class DrawTickets(Action):
    """T-K1: take the top three tickets of the ticket deck (fewer if fewer are left)."""

    kind: ClassVar[str] = "draw_tickets"


# -- train cards (T-D) --------------------------------------------------------------------------


@dataclass(frozen=True, repr=False)
class TakeCard(Action):
    """T-D1-T-D4: take the face-up card in slot ``slot`` (0-4, left to right)."""

    kind: ClassVar[str] = "take_card"
    slot: int


@dataclass(frozen=True, repr=False)
class DrawBlind(Action):
    """T-D1, T-D5: take the top card of the deck."""

    kind: ClassVar[str] = "draw_blind"


# -- routes (T-C, T-F, T-T) ---------------------------------------------------------------------


@dataclass(frozen=True, repr=False)
class ClaimRoute(Action):
    """T-C1-T-C6: claim route ``route`` paying ``cards``; for a tunnel (T-T1) the cards are
    shown and three cards of the deck are turned up."""

    kind: ClassVar[str] = "claim"
    route: int
    cards: tuple[Card, ...]


@dataclass(frozen=True, repr=False)
class PayTunnel(Action):
    """T-T3, T-T5: add these extra cards and claim the tunnel."""

    kind: ClassVar[str] = "pay_tunnel"
    cards: tuple[Card, ...]


@dataclass(frozen=True, repr=False)
class GiveUpTunnel(Action):
    """T-T5: take back the cards shown; the turn ends with nothing claimed."""

    kind: ClassVar[str] = "give_up_tunnel"


# -- stations (T-E) and passing (T-A3) ----------------------------------------------------------


@dataclass(frozen=True, repr=False)
class BuildStation(Action):
    """T-E1-T-E3: build a station in the city named ``city`` paying ``cards``."""

    kind: ClassVar[str] = "station"
    city: str
    cards: tuple[Card, ...]


@dataclass(frozen=True, repr=False)
class Pass(Action):
    """T-A3, D-26: pass a turn in which no other action is legal."""

    kind: ClassVar[str] = "pass"


ACTION_TYPES: tuple[type[Action], ...] = (
    KeepTickets, DrawTickets, TakeCard, DrawBlind, ClaimRoute, PayTunnel, GiveUpTunnel,
    BuildStation, Pass,
)
#: Limits on recorded fields: a city's name, numbers (a route, a ticket), a list of cards.
LIMITS = Limits(text=60, number=10_000, items=64)
#: The records' form of Ticket to Ride's actions.
CODEC: ActionCodec[Action] = ActionCodec(ACTION_TYPES, LIMITS)
