"""Short notices on a game's screen: a refusal near the pointer where it happened, news at a
place on the map, a word in the notice line at the top of the map (UX.md "Errors": a short
headline and the rule's reason in plain words, gone after a few seconds or on the next
move).

One notice stands at each spot: a new one replaces the one shown there, so they never pile
up. A screen keeps its notices in a list in its table model and changes it only through
these functions.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum

NOTICE_TIME = 3.5  # seconds a notice stays, unless told otherwise


class Tone(Enum):
    """How a notice reads: a refusal, good news, a warning or plain information."""

    ERROR = "error"
    GOOD = "good"
    WARN = "warn"
    INFO = "info"


class Spot(Enum):
    """Where a notice shows: near the pointer where it happened (refusals), at a place on
    the map (a delivery at its city), or in the notice line at the top of the map."""

    POINTER = "pointer"
    MAP = "map"
    TOP = "top"


@dataclass
class Notice:
    """A short headline and its reason (the rule's words), gone after ``life`` seconds.

    ``at`` is a screen point for :attr:`Spot.POINTER` and a position in km for
    :attr:`Spot.MAP` (it moves with the map); it is not used for :attr:`Spot.TOP`.
    ``line`` is the stroke the notice is about, as segments between points of the map: its
    box stands clear of all of it."""

    headline: str
    reason: str
    tone: Tone
    spot: Spot
    at: tuple[float, float] = (0.0, 0.0)
    age: float = 0.0
    life: float = NOTICE_TIME
    line: tuple[tuple[int, int], ...] = ()

    @property
    def alive(self) -> bool:
        return self.age < self.life

    @property
    def fade(self) -> float:
        """1 while fresh, falling to 0 in the last 0.8 seconds."""
        return min(1.0, max(0.0, (self.life - self.age) / 0.8))

    @property
    def text(self) -> str:
        """All its words: the headline, then the reason on a line of its own."""
        return "\n".join(part for part in (self.headline, self.reason) if part)


def post(notices: list[Notice], notice: Notice) -> list[Notice]:
    """The notices with ``notice`` in place of the one at its spot (and without those
    gone)."""
    return [n for n in notices if n.alive and n.spot is not notice.spot] + [notice]


def age(notices: list[Notice], dt: float) -> list[Notice]:
    """``dt`` seconds later: the notices still shown."""
    for n in notices:
        n.age += dt
    return [n for n in notices if n.alive]


def shown(notices: list[Notice], spot: Spot) -> Notice | None:
    """The live notice shown at ``spot``, if any."""
    return next((n for n in reversed(notices) if n.spot is spot and n.alive), None)


def hush(notices: list[Notice], spot: Spot = Spot.POINTER) -> list[Notice]:
    """The notices without the one at ``spot`` (the next gesture begins: the refusal near
    the pointer has been read)."""
    return [n for n in notices if n.spot is not spot]
