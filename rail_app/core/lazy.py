"""The one way a part of the program is loaded when it is first used, not when its owner is
imported.

A game's definition names its rules, its screen parts and its tools without importing them
(the main menu lists the games before its first frame; the harnesses never load pygame;
the executable leaves the development tools out). Each such part is a :class:`Lazy`: a
reference ``"package.module:NAME"`` resolved by importing the module the first time
:meth:`Lazy.get` is called, and kept from then on.

Every lazy load of a part goes through here, so one grep finds them all (``Lazy(``). The
packager collects every module of the program but the development tools
(``ItalianRails.spec``), so the parts named this way are in the executable.
"""

from __future__ import annotations

import importlib
import threading
from typing import Generic, TypeVar, cast

T = TypeVar("T")

_LOCK = threading.RLock()  # a part that loads another part while it loads


class LazyError(ImportError):
    """A lazy reference that names no module or no attribute of it."""


class Lazy(Generic[T]):
    """A value imported on first use: ``Lazy[GameScreens]("rail_app.games.steam.ui.front:FRONT")``.

    ``kind``, when given, is checked once the value is loaded (a class the value must be an
    instance of), so that a reference that names the wrong thing fails where it is used
    with a sentence, not later with an attribute error.
    """

    __slots__ = ("_kind", "_value", "module", "name")

    def __init__(self, ref: str, kind: type[object] | None = None) -> None:
        module, sep, name = ref.partition(":")
        if not sep or not module or not name:
            raise LazyError(f"a lazy reference is 'package.module:NAME', not {ref!r}")
        self.module = module
        self.name = name
        self._kind = kind
        self._value: T | None = None

    @property
    def ref(self) -> str:
        return f"{self.module}:{self.name}"

    @property
    def loaded(self) -> bool:
        """Whether the value has been imported already."""
        return self._value is not None

    def get(self) -> T:
        """The value (imported the first time, then kept)."""
        value = self._value
        if value is not None:
            return value
        with _LOCK:
            if self._value is None:
                self._value = self._load()
            return self._value

    def _load(self) -> T:
        module = importlib.import_module(self.module)
        try:
            value = getattr(module, self.name)
        except AttributeError:
            raise LazyError(f"{self.module} has no {self.name} (lazy reference "
                            f"{self.ref!r})") from None
        if self._kind is not None and not isinstance(value, self._kind):
            raise LazyError(f"{self.ref} is a {type(value).__name__}, not a "
                            f"{self._kind.__name__}")
        return cast(T, value)

    def __repr__(self) -> str:
        return f"Lazy({self.ref!r})"
