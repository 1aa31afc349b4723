"""What the cards are (C1): demand cards with three demands, and event cards (E1-E9).

The cards of a map live in its deck file (``maps/italy-deck.yaml``); ``rail_app.games.italian_rails.rules.deck``
reads and checks it. Event parameters (rivers, seas, radii, cities) are data (E9).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from rail_app.games.italian_rails.rules.eventkinds import EVENT_KINDS as EVENT_KINDS
from rail_app.games.italian_rails.rules.eventkinds import EventKind


@dataclass(frozen=True)
class Demand:
    city: str
    commodity: str
    payoff: int


@dataclass(frozen=True)
class Card:
    """A numbered card: a demand card (``demands`` has three) or an event (``event`` set)."""

    number: int
    demands: tuple[Demand, ...] = ()
    event: EventKind | None = None
    title: str = ""
    text: str = ""  # one line a player reads
    params: dict[str, Any] = field(default_factory=dict)

    @property
    def is_event(self) -> bool:
        return self.event is not None


@dataclass(frozen=True)
class Deck:
    """All the cards of a map, by number."""

    cards: dict[int, Card]
    source: str = ""

    def card(self, number: int) -> Card:
        return self.cards[number]

    @property
    def numbers(self) -> list[int]:
        return sorted(self.cards)
