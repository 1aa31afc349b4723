"""What the engine answers about an action before it happens (DESIGN.md habits 3 and 4).

A :class:`Quote` holds an action's cost and *every* :class:`Violation` that forbids it, each
with the rule id of RULES.md and a sentence a player understands. Wrong-moment refusals
(game over, a choice pending, not your turn, wrong phase) carry a :class:`Moment` and come
first and alone. What the rules work out while quoting (where the train stops, what a
segment's cost is made of) travels to ``apply`` and to the screen as a typed *details*
object, one class per kind of action.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from rail_app.games.italian_rails.rules.actions import Action
from rail_app.games.italian_rails.rules.board import Board
from rail_app.games.italian_rails.rules.places import Keys, Sentence
from rail_app.table import quotes as kit
from rail_app.table.quotes import IllegalAction, Moment, Violation, refused

__all__ = ["IllegalAction", "Moment", "Quote", "Violation", "refused", "violation_at"]


def violation_at(rule: str, board: Board, sentence: Sentence) -> Violation:
    """A refusal naming places: written once (``sentence``), kept with grid keys in its
    ``message`` (records), rendered with the places' names by ``Violation.words``."""
    return Violation(rule, sentence(Keys(board)), None, sentence)


# -- details, one class per kind of action ----------------------------------------------------


@dataclass(frozen=True)
class BuildDetails:
    """K6: what one segment costs, part by part (B1, B2)."""

    frm: str
    to: str
    terrain: str
    dot_cost: int
    crossings: tuple[str, ...]  # "river Po", "lake Garda", "strait Messina"
    crossing_cost: int
    phase_spent_after: int
    ferry_ports: tuple[str, ...] = ()  # ferries with a port at either end


@dataclass(frozen=True)
class FerryDetails:
    """K8: the ferry taken and its price now."""

    ferry: str
    ports: tuple[str, str]
    first_taker: bool  # pays the higher printed cost
    phase_spent_after: int


@dataclass(frozen=True)
class EraseDetails:
    """K10: what an erasure gives back."""

    refund: int
    erases: str  # a segment "a-b" or "the ferry X"
    edge: tuple[int, int] | None = None  # the segment erased (None for a ferry)
    ferry: int | None = None  # the ferry erased


@dataclass(frozen=True)
class UpgradeDetails:
    frm: str
    to: str
    phase_spent_after: int


@dataclass(frozen=True)
class LoanDetails:
    receive: int
    owe: int


@dataclass(frozen=True)
class EndTurnDetails:
    """K10: what the phase's payment is made of."""

    segments: int
    ferries: int
    upgrade: bool


@dataclass(frozen=True)
class PlaceDetails:
    dot: int | None
    city: str | None


@dataclass(frozen=True)
class MoveDetails:
    """M1-M6: how far a move gets and what it costs.

    ``path`` holds the dots asked for; the train runs the first ``steps`` of them and stops
    at ``stop`` (coming from ``previous``) with ``moves_left``. ``half_speed`` tells whether
    the turn's movement is halved after the move, and ``slowed_by`` why it was halved by this
    move (an event's title, or "" when the move did not enter a slow zone).
    """

    path: tuple[int, ...]
    steps: int
    moves_left: int
    stop: int
    previous: int | None
    half_speed: bool
    rental: bool  # M3: the rent is due by this move
    rent_to: int | None
    slowed_by: str = ""


@dataclass(frozen=True)
class BoardDetails:
    """M5: the ferry boarded and the port it lands at next turn."""

    ferry: str
    index: int
    to: int | None


@dataclass(frozen=True)
class DeliverDetails:
    payoff: int
    city: str


@dataclass(frozen=True)
class TakeBackDetails:
    """Taking back: the action taken back and the money it gives back (rent paid by a move)."""

    undoes: str  # the action's kind
    refund: int


@dataclass(frozen=True)
class LossDetails:
    """E7: the load a derailed train loses."""

    player: int
    commodity: str
    card: int | None
    release: bool


Details = (BuildDetails | FerryDetails | EraseDetails | UpgradeDetails | LoanDetails
           | EndTurnDetails | PlaceDetails | MoveDetails | BoardDetails | DeliverDetails
           | LossDetails | TakeBackDetails)


if TYPE_CHECKING:
    #: Italian Rails' quotes: the kit's, with its actions and its details.
    Quote = kit.Quote[Action, Details]
else:  # the class itself at run time: quotes are made often, and an alias is slow to call
    Quote = kit.Quote
