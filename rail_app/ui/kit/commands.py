"""A screen's commands, carried out through two tables (DESIGN.md habits 13 and 18).

What a widget or a key asks for is a typed value: an intent (a member of the screen's enum of
commands without parameters) or a small frozen value (play this action, deliver along that
route). A screen's controller lists what each does in two tables, intents by member and the
others by their type; :class:`CommandTable` checks when the screen is made that both tables
are complete (every intent has its handler, every kind of command its own), and carries a
command out.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from enum import Enum
from typing import Any, Generic, TypeVar, get_args

I = TypeVar("I", bound=Enum)  # noqa: E741 - the screen's enum of intents


class CommandTable(Generic[I]):
    """``intents``: what each intent does; ``commands``: what each command with parameters
    does, by its type; ``kinds``: the screen's command type (the union of the intents' enum
    and the commands' classes), which the two tables must cover exactly."""

    def __init__(self, intents: Mapping[I, Callable[[], object]],
                 commands: Mapping[type[Any], Callable[[Any], object]], kinds: object) -> None:
        self.intents = dict(intents)
        self.commands = dict(commands)
        every = type(next(iter(self.intents)))
        missing = set(every) - set(self.intents)
        assert not missing, f"intents without a handler: {missing}"
        assert {every, *self.commands} == set(get_args(kinds)), "a command without a handler"

    def perform(self, cmd: object) -> None:
        """Carry out ``cmd``: an intent through its handler, any other command through the
        handler of its type."""
        if isinstance(cmd, Enum):
            self.intents[cmd]()  # type: ignore[index]
        else:
            self.commands[type(cmd)](cmd)
