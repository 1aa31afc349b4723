"""The only random numbers of Rail Pass (DG-D2): SplitMix64 (Steele, Lea and Flood, 2014), one
stream per yard and one per computer seat, all from the round's seed.

A yard (R-S7) holds four cubes of each of the five colours other than its city's, shuffled by
Fisher-Yates from the last place down; place 0 is the top-left end (D-4). Nothing else is
drawn: the same seed and the same actions give the same round, tick for tick (EX-D04).
"""

from __future__ import annotations

from typing import Final

from rail_app.games.railpass.rules.identity import CITIES

MASK: Final = (1 << 64) - 1
GOLDEN: Final = 0x9E3779B97F4A7C15
#: R-S7: each yard holds this many cubes of each other colour.
CUBES_PER_COLOUR: Final = 4
YARD_PLACES: Final = 20


class SplitMix64:
    """DG-D2: add the golden gamma, then two xor-shift-multiply steps (seeded with 0, the
    first output is 0xe220a8397b1dcdaf)."""

    __slots__ = ("state",)

    def __init__(self, seed: int) -> None:
        self.state = seed & MASK

    def next(self) -> int:
        self.state = (self.state + GOLDEN) & MASK
        z = self.state
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK
        return z ^ (z >> 31)

    def below(self, n: int) -> int:
        """A number from 0 to n - 1 (``next() mod n``, as DG-D2 shuffles)."""
        return self.next() % n


def yard_stream(seed: int, round_no: int, city: int) -> SplitMix64:
    """DG-D2: the yard of the city at ring position i in round r starts from
    (seed << 8) | (r << 4) | i."""
    return SplitMix64((seed << 8) | (round_no << 4) | city)


def seat_stream(seed: int, seat: int) -> SplitMix64:
    """DG-D2: computer seat s starts from (seed << 8) | 0x80 | s; used only to break ties."""
    return SplitMix64((seed << 8) | 0x80 | seat)


def deal_yard(seed: int, round_no: int, city: int) -> list[int]:
    """R-S7, D-4, DG-D2: a city's 20 cubes in reading order (place 0 first)."""
    places = [c for c in range(CITIES) if c != city for _ in range(CUBES_PER_COLOUR)]
    rng = yard_stream(seed, round_no, city)
    for k in range(len(places) - 1, 0, -1):
        j = rng.below(k + 1)
        places[k], places[j] = places[j], places[k]
    return places
