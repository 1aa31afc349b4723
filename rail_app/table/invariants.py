"""The one checker of a game's invariants, after every action of the soak, the tournament and
the conformance suite.

A game writes what must hold in its rules, as :class:`Invariants` (``state``: what is wrong
with one state; ``step``: what one action changed wrongly, e.g. money that the action does
not explain; ``end``: what is wrong with a finished game). The :class:`Checker` here applies
each action and checks, for every game alike, that the action was legal when it was
applied, that applying it left the state it was given as it was (the state's fingerprint
before and after), that the record grew by exactly that action, and then the game's own
invariants; it collects every problem as one line naming where it happened.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable
from typing import Any, Generic, Protocol, TypeVar

from rail_app.table.quotes import Quote

S = TypeVar("S")
A = TypeVar("A")
S_contra = TypeVar("S_contra", contravariant=True)
A_contra = TypeVar("A_contra", contravariant=True)


class Invariants(Protocol[S_contra, A_contra]):
    """A game's invariants (made for one game: they may keep what they learn from step to
    step). Each method returns the problems found, as sentences with their rule ids."""

    def state(self, state: S_contra) -> list[str]:
        """What is wrong with one state."""
        ...

    def step(self, before: S_contra, action: A_contra, quote: Quote[Any, Any],
             after: S_contra) -> list[str]:
        """What applying ``action`` (quoted as ``quote``) to ``before`` changed wrongly."""
        ...

    def end(self, state: S_contra, capped: bool) -> list[str]:
        """What is wrong with a game that ended (``capped``: stopped at a turn cap)."""
        ...


class Rules(Protocol[S_contra, A]):
    """What the checker needs of a game: its quote, its fingerprint (everything that may
    change, as comparable data), its history and where a problem happened, in words."""

    def quote(self, state: S_contra, action: A, player: int | None = None) -> Any: ...

    def fingerprint(self, state: S_contra) -> Hashable: ...

    def history(self, state: S_contra) -> list[tuple[int, A]]: ...


class Checker(Generic[S, A]):
    """Checks one game after every action; ``violations`` collects every problem."""

    def __init__(self, rules: Rules[S, A], invariants: Invariants[S, A],
                 where: Callable[[S, A | None], str] | None = None) -> None:
        self.rules = rules
        self.invariants = invariants
        self.where = where or _where
        self.violations: list[str] = []
        self.actions = 0

    def fail(self, state: S, action: A | None, message: str) -> None:
        self.violations.append(f"{self.where(state, action)}: {message}")

    def step(self, before: S, action: A, apply: Callable[[S, A], S]) -> S:
        """Apply ``action`` to ``before`` with ``apply`` (which must leave ``before`` as it
        was) and check everything; the state after it."""
        rules = self.rules
        printed = rules.fingerprint(before)
        quote = rules.quote(before, action)
        after = apply(before, action)
        self.actions += 1
        if not quote.ok:
            self.fail(after, action, f"applied although its quote refuses it: "
                                     f"{quote.headline}")
        if rules.fingerprint(before) != printed:
            self.fail(after, action, "applying it changed the state it was given")
        if len(rules.history(after)) != len(rules.history(before)) + 1:
            self.fail(after, action, "the game record did not grow by one action")
        for problem in self.invariants.step(before, action, quote, after):
            self.fail(after, action, problem)
        for problem in self.invariants.state(after):
            self.fail(after, action, problem)
        return after

    def check(self, state: S) -> list[str]:
        """What is wrong with one state (nothing is collected)."""
        return list(self.invariants.state(state))

    def end(self, state: S, capped: bool) -> None:
        for problem in self.invariants.state(state):
            self.fail(state, None, problem)
        for problem in self.invariants.end(state, capped):
            self.fail(state, None, problem)


def _where(state: object, action: object) -> str:
    return f"after {action!r}" if action is not None else "at the end"
