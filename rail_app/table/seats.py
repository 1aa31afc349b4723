"""Who sits at the table: seat kinds, the computer's levels, a seat, and a game's seat range.

Each closed set is an enum whose value is what saves and records write, so the words on a
screen never decide what a file says.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from rail_app.core.i18n import N_, _, ngettext

#: The most seats the shell lays out (New game, the game over table, the inks).
MAX_SEATS = 6
#: The inks of seats 1-6 until a player chooses others (names of the shell's palette,
#: colour-blind safe and apart from each other; a save that names none takes these).
DEFAULT_INKS = ("blue", "orange", "vermillion", "bluish green", "reddish purple", "sky blue")


class SeatKind(StrEnum):
    """A seat is played by a person at the screen or by the computer."""

    HUMAN = "human"
    COMPUTER = "computer"


class Level(StrEnum):
    """The computer's levels, weakest first."""

    EASY = "easy"
    NORMAL = "normal"
    HARD = "hard"

    @property
    def label(self) -> str:
        """The level as a player reads it ("Normal")."""
        return _(_LEVEL_WORDS[self])


_LEVEL_WORDS = {Level.EASY: N_("Easy"), Level.NORMAL: N_("Normal"), Level.HARD: N_("Hard")}


@dataclass(frozen=True)
class Seat:
    """One seat: the player's name, a person or the computer at a level, and the ink their
    track and tokens are drawn with (a name from the shell's palette)."""

    name: str
    kind: SeatKind = SeatKind.HUMAN
    level: Level = Level.NORMAL
    ink: str = "blue"

    def __post_init__(self) -> None:
        # a seat read from words ("human", "hard") holds the enums all the same
        object.__setattr__(self, "kind", SeatKind(self.kind))
        object.__setattr__(self, "level", Level(self.level))

    @property
    def computer(self) -> bool:
        return self.kind is SeatKind.COMPUTER

    def to_json(self) -> dict[str, str]:
        return {"name": self.name, "kind": str(self.kind), "level": str(self.level),
                "ink": self.ink}


@dataclass(frozen=True)
class SeatRange:
    """How many seats a game takes: ``low`` to ``high``, ``default`` offered first, and a
    larger table (``extended``) allowed only when the option ``extended_by`` is chosen
    (Steam: 3-5 players, 6 with its six-player option)."""

    low: int
    high: int
    default: int
    extended: int | None = None
    extended_by: str = ""

    def __post_init__(self) -> None:
        top = self.extended if self.extended is not None else self.high
        if not 1 <= self.low <= self.default <= self.high <= top <= MAX_SEATS:
            raise ValueError(f"a seat range {self.low}-{self.high} (default {self.default}, "
                             f"at most {top}) must lie within 1-{MAX_SEATS}")
        if self.extended is not None and not self.extended_by:
            raise ValueError("an extended seat range names the option that allows it")

    @property
    def most(self) -> int:
        """The largest table any option allows."""
        return self.extended if self.extended is not None else self.high

    def counts(self) -> range:
        """Every number of seats the game can be played with."""
        return range(self.low, self.most + 1)

    def allows(self, n: int, options: frozenset[str] = frozenset()) -> bool:
        """Whether ``n`` seats may play with the options chosen (their keys)."""
        if self.low <= n <= self.high:
            return True
        return (self.extended is not None and self.high < n <= self.extended
                and self.extended_by in options)

    def words(self) -> str:
        """The range as a player reads it ("2 players", "3-5 players (6 with an option)")."""
        if self.low == self.high:
            span = ngettext("{n} player", "{n} players", self.low).format(n=self.low)
        else:
            span = _("{low}-{high} players").format(low=self.low, high=self.high)
        if self.extended is None:
            return span
        return _("{players} ({n} with an option)").format(players=span, n=self.extended)

    def to_json(self) -> dict[str, int | None]:
        return {"min": self.low, "max": self.high, "default": self.default,
                "extended": self.extended}
