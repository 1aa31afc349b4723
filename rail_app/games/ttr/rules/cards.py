"""Train cards (T-M4, T-M5) and payments (T-C2, T-C3, T-F2, T-E2, T-T3, D-13, D-14, D-39).

Inside the rules a card is a small number, its index in :data:`CARDS` (the eight colours in
the rulebook's order, then the locomotive), and a hand is a list of nine counts, so that a
payment is checked by a few subtractions. Actions name cards by :class:`Card` (what records
write: ``"red"``, ``"locomotive"``). A payment is a multiset of cards from the payer's hand
(section 0), written as a tuple of cards; the player chooses it (D-39).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from enum import StrEnum
from typing import Final

from rail_app.games.ttr.rules.board import CARD_COLOURS, Colour


class Card(StrEnum):
    """A train card: one of the eight colours, or a locomotive (wild, T-M5)."""

    PURPLE = "purple"
    BLUE = "blue"
    ORANGE = "orange"
    WHITE = "white"
    GREEN = "green"
    YELLOW = "yellow"
    BLACK = "black"
    RED = "red"
    LOCOMOTIVE = "locomotive"


#: Every card kind, by index: the eight colours (T-M4's order), then the locomotive.
CARDS: Final = tuple(Card)
INDEX: Final = {c: i for i, c in enumerate(CARDS)}
#: The locomotive's index; the colours are 0-7.
LOCO: Final = 8
KINDS: Final = 9
#: T-M4: 12 cards of each colour and 14 locomotives, 110 in all.
IN_BOX: Final = (12,) * 8 + (14,)
TOTAL: Final = sum(IN_BOX)
#: The card of each route colour (grey has none: any one colour pays it, T-C3).
OF_COLOUR: Final = {Colour(c.value): i for i, c in enumerate(CARDS) if i != LOCO}
assert tuple(Colour(c.value) for c in CARDS[:LOCO]) == CARD_COLOURS


def new_box() -> list[int]:
    """The 110 cards, unshuffled (T-M4)."""
    return [i for i, n in enumerate(IN_BOX) for _ in range(n)]


def counts(cards: Iterable[int]) -> list[int]:
    """The nine counts of some cards."""
    out = [0] * KINDS
    for c in cards:
        out[c] += 1
    return out


def to_cards(payment: Sequence[Card]) -> list[int]:
    """The nine counts of a payment written as cards."""
    out = [0] * KINDS
    for c in payment:
        out[INDEX[c]] += 1
    return out


def as_payment(colour: int | None, n_colour: int, locomotives: int) -> tuple[Card, ...]:
    """A payment written the one way the legal actions write it: ``n_colour`` cards of
    ``colour`` (an index), then ``locomotives`` locomotives."""
    head = (CARDS[colour],) * n_colour if colour is not None else ()
    return head + (Card.LOCOMOTIVE,) * locomotives


class Paid:
    """What a payment is made of (D-13): its size, its locomotives, and the one colour of its
    other cards (None when it has none; ``mixed`` when they are of several colours)."""

    __slots__ = ("counts", "size", "locomotives", "colour", "mixed", "kinds")

    def __init__(self, payment: Sequence[Card]) -> None:
        self.counts = to_cards(payment)
        #: (kind, count) of every kind paid.
        self.kinds = tuple((i, n) for i, n in enumerate(self.counts) if n)
        self.size = len(payment)
        self.locomotives = self.counts[LOCO]
        colours = [i for i in range(LOCO) if self.counts[i]]
        self.colour: int | None = colours[0] if len(colours) == 1 else None
        self.mixed = len(colours) > 1

    def short_of(self, hand: Sequence[int]) -> list[int]:
        """The card kinds of which the payment holds more than ``hand``."""
        return [i for i, n in self.kinds if n > hand[i]]

    def held_by(self, hand: Sequence[int]) -> bool:
        """Whether ``hand`` holds the payment."""
        return all(hand[i] >= n for i, n in self.kinds)


def take(hand: list[int], paid: Sequence[int]) -> None:
    """Takes the counts ``paid`` out of ``hand`` (which holds them)."""
    for i in range(KINDS):
        hand[i] -= paid[i]


def add(hand: list[int], cards: Sequence[int]) -> None:
    for i in range(KINDS):
        hand[i] += cards[i]


def spread(cards: Sequence[int]) -> list[int]:
    """The cards of nine counts, one by one, in index order."""
    return [i for i in range(KINDS) for _ in range(cards[i])]


def ways_to_pay(hand: Sequence[int], count: int, colour: int | None, least_locos: int = 0
                ) -> list[tuple[int | None, int]]:
    """Every payment of ``count`` cards ``hand`` can make, as (colour, locomotives): cards of
    the colour ``colour`` (an index; None: any one colour, as a grey route, a ferry or a
    station) with at least ``least_locos`` locomotives (a ferry's symbols, T-F2); an
    all-locomotive payment once, as (None, count) (T-M5, D-13)."""
    locos = hand[LOCO]
    out: list[tuple[int | None, int]] = []
    for c in (range(LOCO) if colour is None else (colour,)):
        have = hand[c]
        if not have:
            continue
        low = max(least_locos, count - have)
        for n in range(low, min(locos, count - 1) + 1):
            out.append((c, n))
    if locos >= count:
        out.append((None, count))
    return out


def can_pay(hand: Sequence[int], count: int, colour: int | None, least_locos: int = 0) -> bool:
    """Whether ``hand`` can make any payment :func:`ways_to_pay` lists (faster)."""
    locos = hand[LOCO]
    if locos < least_locos:
        return False
    if locos >= count:
        return True
    if colour is not None:
        return hand[colour] >= 1 and hand[colour] + locos >= count
    return max(hand[:LOCO]) + locos >= count
