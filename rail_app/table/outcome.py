"""How a game ended, the same for every game: each seat's rank and score and why it ended.

Ranks start at 1; seats that tie share a rank (two firsts: a shared win, and no winner).
The words a player reads about an ending are made by the game's own words module.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from enum import StrEnum


class OutcomeReason(StrEnum):
    """Why a game ended."""

    GOAL = "goal"  # a player reached the game's goal (Italian Rails W1)
    LAST_TURN = "last-turn"  # the game's last turn was played (Steam's turn track)
    TURN_CAP = "turn-cap"  # stopped at a turn limit and scored as it stood (W2 at the cap)
    BANKRUPTCY = "bankruptcy"  # the players still in the game after the others went bust


@dataclass(frozen=True)
class Outcome:
    """The end of a game: ``ranks[seat]`` (1 = first), ``scores[seat]`` (the figure the game
    ranks by: cash, points) and the reason; ``eliminated``: the seats that went out of the
    game before its end (bankrupt), whose score the game counts as 0."""

    ranks: tuple[int, ...]
    scores: tuple[int, ...]
    reason: OutcomeReason
    eliminated: frozenset[int] = frozenset()

    def __post_init__(self) -> None:
        if len(self.ranks) != len(self.scores) or not self.ranks:
            raise ValueError("an outcome has one rank and one score per seat")
        if min(self.ranks) != 1:
            raise ValueError("ranks start at 1")

    @property
    def winner(self) -> int | None:
        """The one seat ranked first, or None when the first place is shared (a draw)."""
        first = [i for i, r in enumerate(self.ranks) if r == 1]
        return first[0] if len(first) == 1 else None

    @property
    def order(self) -> list[int]:
        """The seats from first to last (ties in seat order)."""
        return sorted(range(len(self.ranks)), key=lambda i: (self.ranks[i], i))


def ranks_from_keys(keys: Sequence[tuple[int, ...]]) -> tuple[int, ...]:
    """Competition ranks ("1, 1, 3") from each seat's sort key, higher keys ranking first
    (e.g. ``(cash, -segments)``: most cash, then fewer segments)."""
    out = []
    for k in keys:
        out.append(1 + sum(1 for other in keys if other > k))
    return tuple(out)
