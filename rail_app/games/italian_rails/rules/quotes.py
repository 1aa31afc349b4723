"""What the engine answers about an action before it happens (DESIGN.md habits 3 and 4).

A :class:`Quote` holds an action's cost and *every* :class:`Violation` that forbids it, each
with the rule id of RULES.md and a sentence a player understands. Wrong-moment refusals
(game over, a choice pending, not your turn, wrong phase) carry a :class:`Moment` and come
first and alone. What the rules work out while quoting (where the train stops, what a
segment's cost is made of) travels to ``apply`` and to the screen as a typed *details*
object, one class per kind of action.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import StrEnum
from typing import TypeVar

from rail_app.games.italian_rails.rules.actions import Action
from rail_app.games.italian_rails.rules.board import Board
from rail_app.games.italian_rails.rules.places import Keys, Places, Sentence
from rail_app.table.quotes import IllegalAction as TableIllegalAction


class Moment(StrEnum):
    """Wrong-moment codes (habit 4). The value is what game records print."""

    GAME_OVER = "game-over"
    PENDING = "choice-pending"
    NOT_YOUR_TURN = "not-your-turn"
    WRONG_PHASE = "wrong-phase"
    NOTHING_TO_TAKE_BACK = "nothing-to-take-back"  # see rules/takeback.py


@dataclass(frozen=True)
class Violation:
    """Why an action is refused.

    ``rule`` is the id of the rule in RULES.md that forbids it ("K5"); a wrong-moment
    refusal also names its :class:`Moment`, and keeps a rule id when a rule explains the
    moment (T2: no moving in the first two turns; C6: after a swap). ``code`` is what
    records and replays print: the rule id, else the moment's code.
    """

    rule: str
    message: str
    moment: Moment | None = None
    #: The sentence with its places, for a refusal that names dots or segments: ``message``
    #: is it with grid keys (records), the screen renders it with the places' names.
    sentence: Sentence | None = field(default=None, compare=False, repr=False)

    @classmethod
    def not_now(cls, moment: Moment, message: str, rule: str = "") -> Violation:
        return cls(rule, message, moment)

    @classmethod
    def at(cls, rule: str, board: Board, sentence: Sentence) -> Violation:
        """A refusal naming places: written once (``sentence``), kept with grid keys."""
        return cls(rule, sentence(Keys(board)), None, sentence)

    def words(self, places: Places) -> str:
        """The reason with its places rendered by ``places``."""
        return self.sentence(places) if self.sentence is not None else self.message

    @property
    def code(self) -> str:
        if self.rule:
            return self.rule
        return str(self.moment) if self.moment is not None else ""

    def __str__(self) -> str:
        return f"{self.message} ({self.code})" if self.code else self.message


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
D = TypeVar("D", BuildDetails, FerryDetails, EraseDetails, UpgradeDetails, LoanDetails,
            EndTurnDetails, PlaceDetails, MoveDetails, BoardDetails, DeliverDetails,
            LossDetails, TakeBackDetails)


@dataclass(frozen=True)
class Quote:
    """What an action would cost and everything that forbids it."""

    action: Action
    cost: int = 0
    violations: tuple[Violation, ...] = ()
    details: Details | None = None

    @property
    def ok(self) -> bool:
        return not self.violations

    @property
    def rules(self) -> list[str]:
        """The codes of the violations (rule ids, or a wrong moment's code)."""
        return [v.code for v in self.violations]

    @property
    def wrong_moment(self) -> bool:
        return bool(self.violations) and self.violations[0].moment is not None

    @property
    def headline(self) -> str:
        """The first reason, as a player reads it."""
        return str(self.violations[0]) if self.violations else ""

    def detail(self, kind: type[D]) -> D | None:
        """The details if they are of ``kind`` (the quote of a different action has none)."""
        return self.details if isinstance(self.details, kind) else None


def refused(action: Action, violation: Violation) -> Quote:
    """The quote of an action refused for one reason."""
    return Quote(action, 0, (violation,))


class IllegalAction(TableIllegalAction):
    """Raised by ``engine.apply`` for an action its quote refuses."""

    def __init__(self, quote: Quote) -> None:
        reasons = "; ".join(str(v) for v in quote.violations)
        super().__init__(quote, f"{quote.action!r} is not allowed: {reasons}")
        self.quote: Quote = quote
