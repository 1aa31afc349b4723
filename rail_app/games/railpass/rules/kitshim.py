"""TEMPORARY: the engine kit's types until the kit is merged (replaced by rail_app.table)."""

from __future__ import annotations

from dataclasses import dataclass, fields
from enum import Enum, StrEnum
from typing import Any, ClassVar, Generic, TypeVar

A = TypeVar("A")
D = TypeVar("D")


def encode(value: object) -> Any:
    if isinstance(value, tuple):
        return [encode(v) for v in value]
    if isinstance(value, Enum):
        return value.value
    return value


@dataclass(frozen=True)
class Action:
    kind: ClassVar[str] = ""
    repr_by_name: ClassVar[bool] = False

    def to_dict(self) -> dict[str, Any]:
        data: dict[str, Any] = {"kind": self.kind}
        for f in fields(self):
            data[f.name] = encode(getattr(self, f.name))
        return data

    def __repr__(self) -> str:
        args = ", ".join(repr(getattr(self, f.name)) for f in fields(self))
        return f"{type(self).__name__}({args})"


@dataclass(frozen=True)
class Event:
    kind: ClassVar[Enum]

    def to_dict(self) -> dict[str, Any]:
        data: dict[str, Any] = {"kind": encode(self.kind)}
        for f in fields(self):
            data[f.name] = encode(getattr(self, f.name))
        return data


class Moment(StrEnum):
    GAME_OVER = "game-over"
    PENDING = "choice-pending"
    NOT_YOUR_TURN = "not-your-turn"
    WRONG_PHASE = "wrong-phase"
    PAUSED = "paused"


@dataclass(frozen=True)
class Violation:
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
class Quote(Generic[A, D]):
    action: A
    cost: int = 0
    violations: tuple[Violation, ...] = ()
    details: D | None = None

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


def refused(action: A, violation: Violation) -> Quote[A, Any]:
    return Quote(action, 0, (violation,))


class IllegalAction(Exception):
    def __init__(self, quote: Quote[Any, Any], message: str = "") -> None:
        self.quote = quote
        super().__init__(message or f"{quote.action!r} is not allowed: {quote.headline}")
