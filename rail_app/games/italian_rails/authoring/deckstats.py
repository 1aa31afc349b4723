"""What a deck holds, for its author: payoffs, demands per city and per commodity, events.

``build-deck`` prints it after writing a deck, and the map preview's deck panel draws it.
The deck is the one the game loads (rail_app.games.italian_rails.rules.deck); a deck the loader refuses shows
its problems instead, among them any demand naming a city the map lacks or a commodity no
city offers.
"""

from __future__ import annotations

import statistics
from collections import Counter
from dataclasses import dataclass, field

from rail_app.core.mapfile import MapProblem
from rail_app.games.italian_rails.rules.board import Board
from rail_app.games.italian_rails.rules.deckmodel import Deck

#: Payoff buckets of the histogram (M): each bucket starts at its number.
BUCKETS = (0, 10, 20, 30, 40, 50, 60, 70)


@dataclass(frozen=True)
class DeckStats:
    cards: int
    demand_cards: int
    payoffs: list[int]
    histogram: list[tuple[str, int]]  # bucket label -> demands
    per_city: Counter[str]
    per_commodity: Counter[str]
    events: Counter[str]
    never_asked_cities: list[str] = field(default_factory=list)
    never_asked_commodities: list[str] = field(default_factory=list)
    unoffered: list[str] = field(default_factory=list)  # commodities no city offers
    missing_cities: list[str] = field(default_factory=list)  # demanded, not on the map


def deck_stats(deck: Deck, board: Board) -> DeckStats:
    demands = [d for c in deck.cards.values() for d in c.demands]
    pays = sorted(d.payoff for d in demands)
    hist = []
    for lo, hi in zip(BUCKETS, (*BUCKETS[1:], None), strict=True):
        n = sum(1 for p in pays if p >= lo and (hi is None or p < hi))
        hist.append((f"{lo}-{hi - 1}" if hi is not None else f"{lo}+", n))
    per_city = Counter(d.city for d in demands)
    per_commodity = Counter(d.commodity for d in demands)
    return DeckStats(
        cards=len(deck.cards),
        demand_cards=sum(1 for c in deck.cards.values() if not c.is_event),
        payoffs=pays,
        histogram=hist,
        per_city=per_city,
        per_commodity=per_commodity,
        events=Counter(c.event for c in deck.cards.values() if c.event is not None),
        never_asked_cities=[c.name for c in board.city_list if c.name not in per_city],
        never_asked_commodities=[m for m in board.commodities
                                 if m in board.suppliers and m not in per_commodity],
        unoffered=sorted({d.commodity for d in demands if d.commodity not in board.suppliers}),
        missing_cities=sorted({d.city for d in demands if d.city not in board.cities}),
    )


def demand_problems(problems: list[MapProblem]) -> list[MapProblem]:
    """The deck problems that are about the map: a demand naming a city the map lacks, or a
    commodity no city of the map offers."""
    keys = ("unknown city", "no city of the map offers", "unknown commodity")
    return [p for p in problems if any(k in p.message for k in keys)]


def report_lines(s: DeckStats) -> list[str]:
    """The deck in a few lines of text (``build-deck`` prints them)."""
    events = sum(s.events.values())
    lines = [f"cards: {s.cards} ({s.demand_cards} demand cards, {events} events)"]
    if s.payoffs:
        lines.append(f"payoffs: min {s.payoffs[0]}, median {statistics.median(s.payoffs):g}, "
                     f"max {s.payoffs[-1]}; " + ", ".join(f"{label}: {n}"
                                                          for label, n in s.histogram if n))
    lines.append("events: " + ", ".join(f"{k} {n}" for k, n in sorted(s.events.items())))
    lines.append("demands per commodity: " + ", ".join(
        f"{m} {n}" for m, n in sorted(s.per_commodity.items(), key=lambda t: (-t[1], t[0]))))
    lines.append("demands per city: " + ", ".join(
        f"{c} {n}" for c, n in sorted(s.per_city.items(), key=lambda t: (-t[1], t[0]))))
    if s.never_asked_cities:
        lines.append("cities never asked for anything: " + ", ".join(s.never_asked_cities))
    if s.never_asked_commodities:
        lines.append("commodities never asked for: " + ", ".join(s.never_asked_commodities))
    return lines
