"""What the engine answers about an action before it happens: the kit's quote, with Ticket to
Ride's details.

A quote holds every :class:`Violation` that forbids an action, each naming a rule id of
``docs/ttr-rules.md`` (T-C2, or a decision, D-14) and a sentence in a player's words;
refusals for the wrong moment come first and alone (the kit's engine).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from rail_app.games.ttr.rules.actions import Action
from rail_app.table import quotes as kit
from rail_app.table.quotes import IllegalAction, Moment, Violation, refused

__all__ = ["ClaimDetails", "IllegalAction", "Moment", "Quote", "Violation", "refused"]


@dataclass(frozen=True)
class ClaimDetails:
    """What a claim does (T-C4, T-C6, T-M9): the wagons it takes and the points it scores;
    for a tunnel (T-T1), that three cards will be turned up first."""

    wagons: int
    points: int
    tunnel: bool


Details = ClaimDetails

if TYPE_CHECKING:
    #: Ticket to Ride's quotes: the kit's, with its actions and its details.
    Quote = kit.Quote[Action, Details]
else:  # the class itself at run time: quotes are made often, and an alias is slow to call
    Quote = kit.Quote
