"""The score of a round (R-W3-R-W7): each city's total of its own colour in its storage, the
two lowest multiplied (the base score, D-24), less the pile's penalties (R-W5: -1 a cube, -2
an engineer, R-X2, -5 a train) and -2 for every cube in the wrong storage (R-W6, D-16). A final
score of 100 or more wins (R-W7); it may be negative (D-24).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Final

from rail_app.games.railpass.rules.identity import CITIES
from rail_app.games.railpass.rules.state import RoundState

#: R-W5, R-W6: the penalties.
CUBE_PENALTY: Final = 1
ENGINEER_PENALTY: Final = 2
TRAIN_PENALTY: Final = 5
WRONG_STORAGE_PENALTY: Final = 2
#: R-W7: the winning score.
WINNING_SCORE: Final = 100


@dataclass(frozen=True)
class Score:
    """A round's score as it stands (the live score of DG-S4, or the final one)."""

    totals: tuple[int, ...]
    lowest: tuple[int, int]  # the two cities whose totals are multiplied
    base: int
    pile_cubes: int
    pile_engineers: int
    pile_trains: int
    wrong_storage: int

    @property
    def penalty(self) -> int:
        return (CUBE_PENALTY * self.pile_cubes + ENGINEER_PENALTY * self.pile_engineers
                + TRAIN_PENALTY * self.pile_trains
                + WRONG_STORAGE_PENALTY * self.wrong_storage)

    @property
    def final(self) -> int:
        return self.base - self.penalty

    @property
    def won(self) -> bool:
        return self.final >= WINNING_SCORE


def two_lowest(totals: Sequence[int]) -> tuple[int, int]:
    """R-W4, D-24: the two cities with the lowest totals (ties: the earlier city round the
    table; whichever they are, the product is the same)."""
    order = sorted(range(len(totals)), key=lambda c: (totals[c], c))
    return order[0], order[1]


def base_score(totals: Sequence[int]) -> int:
    """R-W4: the two lowest totals multiplied (EX-01: 9 and 10 give 90)."""
    a, b = two_lowest(totals)
    return totals[a] * totals[b]


def score(state: RoundState) -> Score:
    """The score of the round as it stands now (the final score once it is over)."""
    totals = tuple(state.storage[c][c] for c in range(CITIES))
    wrong = sum(sum(row) - row[c] for c, row in enumerate(state.storage))
    lowest = two_lowest(totals)
    return Score(totals, lowest, totals[lowest[0]] * totals[lowest[1]],
                 sum(state.pile_cubes), len(state.pile_engineers), len(state.pile_trains),
                 wrong)
