"""The base of every game's typed log (DESIGN.md habit 17): what happened, with seats, places,
cards and amounts, never sentences.

Each event of a game is a small frozen dataclass on :class:`Event` whose ``kind`` (a class
attribute) is a member of one of the game's enums: the words module, the screen's history
and the checks dispatch on it. The sentences a player reads are made from the events in one
module of each game.
"""

from __future__ import annotations

from dataclasses import dataclass, fields
from enum import Enum
from typing import Any, ClassVar

from rail_app.table.actions import encode


@dataclass(frozen=True)
class Event:
    """Base of every game's events."""

    kind: ClassVar[Enum]

    def to_dict(self) -> dict[str, Any]:
        """The event as plain data: its kind's value and its fields (tuples as lists, enums
        as their values)."""
        data: dict[str, Any] = {"kind": encode(self.kind)}
        for f in fields(self):
            data[f.name] = encode(getattr(self, f.name))
        return data
