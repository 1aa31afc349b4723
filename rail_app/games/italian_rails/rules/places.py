"""Places in a sentence, two ways: the engine's record of a game names dots by their grid
keys ("-9,-20") and segments by their two ends ("-9,-20-8,-20"); a player reads a city, or
"3 dots south-east of Bologna", and "the segment from Bologna to 2 dots north of Firenze"
(UX.md "Words a player reads"). A sentence is written once, with a :class:`Places`, and
rendered with :class:`Keys` for records and with :class:`Names` for the screen."""

from __future__ import annotations

from collections.abc import Callable
from typing import Protocol

from rail_app.core.i18n import _
from rail_app.games.italian_rails.rules.board import Board


class Places(Protocol):
    def dot(self, d: int) -> str: ...

    def segment(self, a: int, b: int) -> str: ...

    def dots(self, a: int, b: int) -> tuple[str, str]: ...


class Keys:
    """Places as the record of a game writes them."""

    def __init__(self, board: Board) -> None:
        self.board = board

    def dot(self, d: int) -> str:
        return self.board.key(d)

    def segment(self, a: int, b: int) -> str:
        return f"{self.board.key(a)}-{self.board.key(b)}"

    def dots(self, a: int, b: int) -> tuple[str, str]:
        return self.board.key(a), self.board.key(b)


class Names:
    """Places as players name them."""

    def __init__(self, board: Board) -> None:
        self.board = board

    def dot(self, d: int) -> str:
        return self.board.place_name(d)

    def dots(self, a: int, b: int) -> tuple[str, str]:
        """Two dots of one sentence, told apart (:meth:`Board.place_names`)."""
        return self.board.place_names(a, b)

    def segment(self, a: int, b: int) -> str:
        na, nb = self.board.place_names(a, b)
        return _("the segment from {place_name} to {place_name2}").format(
            place_name=na, place_name2=nb)


Sentence = Callable[[Places], str]
