"""What the engine answers about an action before it happens.

A :class:`Quote` holds the action's cost and *every* :class:`Violation` that forbids it, each
naming a rule id of ``docs/steam-rules.md`` and a sentence in a player's words. Refusals for
the wrong moment (game over, not your turn, wrong phase, someone else must choose first) carry
a :class:`Moment` and come first and alone.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from rail_app.games.steam.rules.actions import Action
from rail_app.table import quotes as kit
from rail_app.table.quotes import IllegalAction, Moment, Violation, refused

__all__ = ["IllegalAction", "Moment", "Quote", "Violation", "refused"]


@dataclass(frozen=True)
class CostParts:
    """S-K7/S-K15c/S-K16b: what a tile action costs, part by part."""

    exits: int
    town: int = 0
    river: int = 0
    hill: int = 0

    @property
    def total(self) -> int:
        return self.exits + self.town + self.river + self.hill


@dataclass(frozen=True)
class BuildDetails:
    """What a tile action does: its cost parts, and the links it completes or claims (as
    pairs of stop hexes / hexes of a tile of the link) for the screen to show."""

    parts: CostParts
    completes: tuple[tuple[str, str], ...] = ()
    claims: tuple[str, ...] = ()
    new_links: int = 0


@dataclass(frozen=True)
class RouteDetails:
    """S-G5: the points a delivery gives, per seat (in seat order)."""

    points: tuple[int, ...]
    destination: str


Details = BuildDetails | RouteDetails


if TYPE_CHECKING:
    #: Steam's quotes: the kit's, with its actions and its details.
    Quote = kit.Quote[Action, Details]
else:  # the class itself at run time: quotes are made often, and an alias is slow to call
    Quote = kit.Quote
