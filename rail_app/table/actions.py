"""Actions, the only way anything changes in a game, and the one codec that writes them to
records and reads them back (DESIGN.md habit 2).

A game's actions are small frozen dataclasses on :class:`Action`, each with its ``kind`` (the
name records write) and a readable ``repr``. :class:`ActionCodec` is made once per game from
the list of its action classes and reads their type hints: it writes an action as
``{"kind": ..., field: value, ...}`` and reads one back only after every field has been
checked against its type and the game's :class:`Limits` (a record from another machine must
not hand the engine a dictionary where a dot's name belongs). The field types it knows:
``str``, ``int``, ``bool``, ``None``, unions (``int | None``), enums (by value),
``Literal[...]``, and tuples, of one type (``tuple[str, ...]``) or of fixed length
(``tuple[int, str]``), nested as deep as a game likes. A field with a default may be left
out of a record.
"""

from __future__ import annotations

import types
import typing
from collections.abc import Iterable, Mapping
from dataclasses import MISSING, dataclass, fields
from enum import Enum
from typing import Any, ClassVar, Generic, TypeVar

from rail_app.core.guarded import shorten

A = TypeVar("A", bound="Action")

#: How much of a field's name an error message shows.
SHOWN = 40


@dataclass(frozen=True)
class Action:
    """Base of every game's actions. ``kind`` is the name records write; ``repr_by_name``
    says how the ``repr`` names the fields: by position (``BuildSegment('3,1', '4,1')``) or
    by name (``Bid(amount=3)``). Subclasses are declared ``@dataclass(frozen=True,
    repr=False)`` so that they keep this ``repr``."""

    kind: ClassVar[str] = ""
    repr_by_name: ClassVar[bool] = False

    def to_dict(self) -> dict[str, Any]:
        """The action as a record writes it."""
        data: dict[str, Any] = {"kind": self.kind}
        for f in fields(self):
            data[f.name] = encode(getattr(self, f.name))
        return data

    def __repr__(self) -> str:
        if self.repr_by_name:
            args = ", ".join(f"{f.name}={getattr(self, f.name)!r}" for f in fields(self))
        else:
            args = ", ".join(repr(getattr(self, f.name)) for f in fields(self))
        return f"{type(self).__name__}({args})"


def encode(value: object) -> Any:
    """A field's value as JSON holds it: tuples become lists, enums their values."""
    if isinstance(value, tuple):
        return [encode(v) for v in value]
    if isinstance(value, Enum):
        return value.value
    return value


@dataclass(frozen=True)
class Limits:
    """The largest values a record may hand a game's actions: a text's length, a number's
    size (either sign) and a list's length."""

    text: int = 60
    number: int = 10**6
    items: int = 1000


class ActionFormatError(ValueError):
    """A recorded action that is not one of the game's actions (a one-line message)."""


@dataclass(frozen=True)
class _Field:
    name: str
    type: Any
    required: bool


class ActionCodec(Generic[A]):
    """The records' form of one game's actions (see the module docstring)."""

    def __init__(self, action_types: Iterable[type[A]], limits: Limits | None = None) -> None:
        self.limits = limits or Limits()
        self.types: dict[str, type[A]] = {}
        self._fields: dict[str, tuple[_Field, ...]] = {}
        for cls in action_types:
            if not cls.kind:
                raise ValueError(f"{cls.__name__} has no kind")
            if cls.kind in self.types:
                raise ValueError(f"two actions of kind {cls.kind!r}: "
                                 f"{self.types[cls.kind].__name__} and {cls.__name__}")
            hints = typing.get_type_hints(cls)
            self.types[cls.kind] = cls
            self._fields[cls.kind] = tuple(
                _Field(f.name, hints[f.name],
                       f.default is MISSING and f.default_factory is MISSING)
                for f in fields(cls))

    def to_dict(self, action: A) -> dict[str, Any]:
        return action.to_dict()

    def from_dict(self, data: object) -> A:
        """The action a record's mapping describes; :class:`ActionFormatError` names the
        first thing wrong with it."""
        if not isinstance(data, Mapping) or not isinstance(data.get("kind"), str):
            raise ActionFormatError("an action is a mapping with a 'kind'")
        kind = data["kind"]
        cls = self.types.get(kind)
        if cls is None:
            raise ActionFormatError(f"unknown action kind {shorten(kind)}")
        known = self._fields[kind]
        extra = sorted(str(k)[:SHOWN] for k in set(data) - {"kind"} - {f.name for f in known})
        if extra:
            raise ActionFormatError(f"action {kind!r} has unknown field(s) {extra}")
        values: dict[str, Any] = {}
        for f in known:
            if f.name not in data:
                if f.required:
                    raise ActionFormatError(f"action {kind!r}: missing field {f.name!r}")
                continue
            try:
                values[f.name] = self._decode(data[f.name], f.type)
            except _Misfit:
                raise ActionFormatError(f"action {kind!r}: {f.name} cannot be "
                                        f"{shorten(data[f.name])}") from None
        try:
            return cls(**values)
        except (TypeError, ValueError) as exc:
            raise ActionFormatError(f"action {kind!r}: {exc}") from None

    def problem(self, data: object) -> str | None:
        """What is wrong with a recorded action (None when it reads)."""
        try:
            self.from_dict(data)
        except ActionFormatError as exc:
            return str(exc)
        return None

    def kinds(self) -> list[str]:
        return list(self.types)

    # -- one value against one type --------------------------------------------------------

    def _decode(self, value: object, tp: Any) -> Any:
        """``value`` (as JSON gives it) as a value of type ``tp``; :class:`_Misfit` when it is
        none."""
        limits = self.limits
        origin = typing.get_origin(tp)
        if origin in (typing.Union, types.UnionType):
            for option in typing.get_args(tp):
                try:
                    return self._decode(value, option)
                except _Misfit:
                    continue
            raise _Misfit
        if origin is tuple:
            args = typing.get_args(tp)
            if not isinstance(value, (list, tuple)) or len(value) > limits.items:
                raise _Misfit
            if len(args) == 2 and args[1] is Ellipsis:
                return tuple(self._decode(v, args[0]) for v in value)
            if len(value) != len(args):
                raise _Misfit
            return tuple(self._decode(v, t) for v, t in zip(value, args, strict=True))
        if origin is typing.Literal:
            for option in typing.get_args(tp):
                if value == option and type(value) is type(option):
                    return value
            raise _Misfit
        if tp is type(None):
            if value is None:
                return None
            raise _Misfit
        if tp is bool:
            if isinstance(value, bool):
                return value
            raise _Misfit
        if tp is int:
            if isinstance(value, int) and not isinstance(value, bool) \
                    and abs(value) <= limits.number:
                return value
            raise _Misfit
        if tp is str:
            if isinstance(value, str) and len(value) <= limits.text:
                return value
            raise _Misfit
        if isinstance(tp, type) and issubclass(tp, Enum):
            for member in tp:
                if member.value == value and type(member.value) is type(value):
                    return member
            raise _Misfit
        raise TypeError(f"an action's field of type {tp!r} cannot be recorded")


class _Misfit(Exception):
    """A value that does not fit a field's type (turned into a sentence by the caller)."""


