"""What a game's engine answers about an action before it happens, the same for every game.

A :class:`Quote` holds an action's cost and *every* :class:`Violation` that forbids it, each
with a rule id of the game's own rules reference and a sentence a player understands.
Refusals for the wrong moment (the game is over, someone must choose first, not your turn,
wrong phase) carry a :class:`Moment` and come first and alone (DESIGN.md habit 4). What the
rules work out while quoting (what a segment's cost is made of, where a train stops) travels
to ``apply`` and to the screen as the quote's typed *details*: each game keeps its own
details classes, one per kind of action, and names its quotes ``Quote[Action, Details]``.

:class:`IllegalAction` is the one refusal: an action applied although its quote refuses it.
Every harness catches it whatever the game.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from enum import StrEnum
from typing import Any, Generic, Protocol, TypeVar

A = TypeVar("A")
D = TypeVar("D")
K = TypeVar("K")


class Moment(StrEnum):
    """Wrong-moment codes: why an action is refused before any rule is asked. The value is
    what records and replays print."""

    GAME_OVER = "game-over"
    PENDING = "choice-pending"  # someone must answer a choice first (a derailment, a tunnel)
    NOT_YOUR_TURN = "not-your-turn"
    WRONG_PHASE = "wrong-phase"
    NOTHING_TO_TAKE_BACK = "nothing-to-take-back"
    PAUSED = "paused"  # a clocked game stands still


@dataclass(frozen=True)
class Violation:
    """Why an action is refused.

    ``rule`` is the id of the rule that forbids it ("K5", "S-K7"); a wrong-moment refusal
    also names its :class:`Moment` and keeps a rule id when a rule explains the moment.
    ``code`` is what records print: the rule id, else the moment's code. ``sentence``, for a
    refusal that names places, makes the sentence with the places named as a reader wants
    them (``message`` is the same sentence as records keep it).
    """

    rule: str
    message: str
    moment: Moment | None = None
    sentence: Callable[[Any], str] | None = field(default=None, compare=False, repr=False)

    @classmethod
    def not_now(cls, moment: Moment, message: str, rule: str = "") -> Violation:
        """A refusal for the wrong moment."""
        return cls(rule, message, moment)

    def words(self, places: object) -> str:
        """The reason, its places named by ``places`` (the game's way of naming them)."""
        return self.sentence(places) if self.sentence is not None else self.message

    @property
    def code(self) -> str:
        if self.rule:
            return self.rule
        return str(self.moment) if self.moment is not None else ""

    def __str__(self) -> str:
        return f"{self.message} ({self.code})" if self.code else self.message


@dataclass(frozen=True)
class Quote(Generic[A, D]):
    """What ``action`` would cost and everything that forbids it; ``details``: what the rules
    worked out (one of the game's details classes, or None)."""

    action: A
    cost: int = 0
    violations: tuple[Violation, ...] = ()
    details: D | None = None

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

    def detail(self, kind: type[K]) -> K | None:
        """The details if they are of ``kind`` (the quote of another action has none)."""
        return self.details if isinstance(self.details, kind) else None


def refused(action: A, violation: Violation) -> Quote[A, Any]:
    """The quote of an action refused for one reason."""
    return Quote(action, 0, (violation,))


class ViolationLike(Protocol):
    """One reason an action is refused, as the table reads it (a :class:`Violation`)."""

    @property
    def rule(self) -> str: ...

    @property
    def message(self) -> str: ...

    @property
    def code(self) -> str: ...


class QuoteLike(Protocol):
    """An answer about an action, as the table reads it (a :class:`Quote`)."""

    @property
    def ok(self) -> bool: ...

    @property
    def cost(self) -> int: ...

    @property
    def violations(self) -> Sequence[ViolationLike]: ...


class IllegalAction(Exception):
    """An action applied although its quote refuses it; ``quote`` says why. The state it was
    applied to is as it was."""

    def __init__(self, quote: QuoteLike, message: str = "") -> None:
        self.quote = quote
        if not message:
            reasons = "; ".join(f"{v.message} ({v.code})" if v.code else v.message
                                for v in quote.violations)
            action = getattr(quote, "action", None)
            what = repr(action) if action is not None else "the action"
            message = f"{what} is not allowed: {reasons}"
        super().__init__(message)
