"""What the engine answers about an action before it happens.

A :class:`Quote` holds the action's cost and *every* :class:`Violation` that forbids it, each
naming a rule id of ``docs/steam-rules.md`` and a sentence in a player's words. Refusals for
the wrong moment (game over, not your turn, wrong phase, someone else must choose first) carry
a :class:`Moment` and come first and alone.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import StrEnum

from rail_app.games.steam.rules.actions import Action
from rail_app.table.quotes import IllegalAction as TableIllegalAction


class Moment(StrEnum):
    """Wrong-moment codes (what records and replays print)."""

    GAME_OVER = "game-over"
    NOT_YOUR_TURN = "not-your-turn"
    WRONG_PHASE = "wrong-phase"
    WAITING = "choice-pending"


@dataclass(frozen=True)
class Violation:
    """Why an action is refused: the rule id (``S-K7``) and a sentence for the player.

    A wrong-moment refusal names its :class:`Moment` too. ``code`` is the rule id, else the
    moment's code."""

    rule: str
    message: str
    moment: Moment | None = None

    @classmethod
    def not_now(cls, moment: Moment, message: str, rule: str = "") -> Violation:
        return cls(rule, message, moment)

    @property
    def code(self) -> str:
        if self.rule:
            return self.rule
        return str(self.moment) if self.moment is not None else ""

    def __str__(self) -> str:
        return f"{self.message} ({self.code})" if self.code else self.message


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


@dataclass(frozen=True)
class Quote:
    """An action's cost and everything that forbids it."""

    action: Action
    cost: int = 0
    violations: tuple[Violation, ...] = ()
    details: Details | None = field(default=None, compare=False)

    @property
    def ok(self) -> bool:
        return not self.violations

    @property
    def rules(self) -> list[str]:
        return [v.code for v in self.violations]

    @property
    def wrong_moment(self) -> bool:
        return bool(self.violations) and self.violations[0].moment is not None

    @property
    def headline(self) -> str:
        return str(self.violations[0]) if self.violations else ""


def refused(action: Action, violation: Violation) -> Quote:
    return Quote(action, 0, (violation,))


class IllegalAction(TableIllegalAction):
    """Raised by ``engine.apply`` for an action its quote refuses (the table's
    :class:`~rail_app.table.gamedef.IllegalAction`, so that any harness catches it)."""

    quote: Quote

    def __init__(self, quote: Quote) -> None:
        reasons = "; ".join(str(v) for v in quote.violations)
        super().__init__(quote, f"{quote.action!r} is not allowed: {reasons}")
