"""Deck files (C1, E9): the Italian deck's shape, and one clear line per mistake."""

from __future__ import annotations

import re
import statistics
from pathlib import Path

import pytest

from rail_app.core.mapfile import MapError
from rail_app.games.italian_rails.rules.board import load_board
from rail_app.games.italian_rails.rules.deck import event_centres, load_board_deck, load_deck
from rail_app.games.italian_rails.rules.deckmodel import EVENT_KINDS

ROOT = Path(__file__).resolve().parents[3]
MINI = ROOT / "maps" / "test" / "mini.yaml"
MINI_DECK = ROOT / "maps" / "test" / "mini-deck.yaml"
ITALY = ROOT / "maps" / "italy.yaml"


def test_C1_italian_deck_has_108_cards_with_three_demands_each() -> None:
    board = load_board(ITALY)
    deck = load_board_deck(board)
    assert deck.numbers == list(range(1, 109))
    demand_cards = [c for c in deck.cards.values() if not c.is_event]
    events = [c for c in deck.cards.values() if c.is_event]
    assert 12 <= len(events) <= 16
    for card in demand_cards:
        assert len(card.demands) == 3
        pays = [d.payoff for d in card.demands]
        assert pays == sorted(pays, reverse=True)
        assert len({d.commodity for d in card.demands}) == 3
        for d in card.demands:
            assert board.cities[d.city].commodity != d.commodity
    # the published sample card is a fixed point of the payoff scale (RULES.md §9)
    gela = [d.payoff for c in demand_cards for d in c.demands
            if (d.city, d.commodity) == ("Gela", "marble")]
    assert gela and all(abs(p - 41) <= 1 for p in gela)
    # every commodity that some city offers is asked for
    asked = {d.commodity for c in demand_cards for d in c.demands}
    assert asked == set(board.suppliers)
    pays = [d.payoff for c in demand_cards for d in c.demands]
    assert min(pays) > 0 and 15 <= statistics.median(pays) <= 35


def test_E9_italian_events_are_data() -> None:
    board = load_board(ITALY)
    deck = load_board_deck(board)
    kinds = [c.event for c in deck.cards.values() if c.is_event]
    assert kinds.count("flood") == 3 and kinds.count("volcano") == 2
    assert set(kinds) == set(EVENT_KINDS)
    floods = [c.params for c in deck.cards.values() if c.event == "flood"]
    assert {"systems": ["Po"]} in floods
    for card in deck.cards.values():
        if card.event in ("volcano", "derailment", "bad_weather"):
            assert event_centres(board, card), card
        if card.event == "derailment":
            assert card.params["radius"] == 3


def test_C1_mini_deck_loads() -> None:
    board = load_board(MINI)
    deck = load_board_deck(board)
    assert len(deck.cards) == 30
    assert sum(1 for c in deck.cards.values() if c.is_event) == 6
    assert deck.card(1).demands[0].city == "Delta"
    assert deck.card(29).params == {"cities": ["Gamma", "Zeta"], "radius": 3}


# (case id, text to replace, replacement, pattern the message must match)
CASES = [
    ("unknown-city", "{city: Delta, commodity: wine, payoff: 40}",
     "{city: Deltaa, commodity: wine, payoff: 40}",
     r":\d+: cards\[0\] #1: demands\[0\]: unknown city 'Deltaa' \(did you mean 'Delta'\?\)"),
    ("unknown-commodity", "{city: Delta, commodity: wine, payoff: 40}",
     "{city: Delta, commodity: wina, payoff: 40}",
     r"cards\[0\] #1: demands\[0\]: unknown commodity 'wina' \(did you mean 'wine'\?\)"),
    ("two-demands", "{city: Delta, commodity: wine, payoff: 40}, ", "",
     r"cards\[0\] #1: a demand card has 3 demands, not 2 \(C1\)"),
    ("duplicate-number", "{number: 2, demands", "{number: 1, demands",
     r"cards\[1\] #1: duplicate card number \(also cards\[0\]\)"),
    ("zero-payoff", "{city: Delta, commodity: wine, payoff: 40}",
     "{city: Delta, commodity: wine, payoff: 0}",
     r"cards\[0\] #1: demands\[0\]: payoff must be positive, not 0"),
    ("own-commodity", "{city: Delta, commodity: wine, payoff: 40}",
     "{city: Delta, commodity: fish, payoff: 40}",
     r"cards\[0\] #1: demands\[0\]: Delta asks for fish, which it offers itself"),
    ("unknown-event", "event: storm", "event: stormy",
     r"cards\[26\] #27: unknown event kind 'stormy' \(did you mean 'storm'\?\)"),
    ("flood-no-params", "params: {systems: [Grande]}", "params: {}",
     r"cards\[25\] #26: a flood card needs params.rivers"),
    ("unknown-system", "params: {systems: [Grande]}", "params: {systems: [Grand]}",
     r"cards\[25\] #26: unknown river system 'Grand' \(did you mean 'Grande'\?\)"),
    ("unknown-river", "params: {systems: [Grande]}", "params: {rivers: [Fiumme]}",
     r"unknown river 'Fiumme' \(did you mean 'Fiume'\?\)"),
    ("unknown-sea", "params: {sea: East Sea}", "params: {sea: East See}",
     r"cards\[26\] #27: unknown sea 'East See' \(did you mean 'East Sea'\?\)"),
    ("unknown-volcano", "params: {volcano: Monte, radius: 2}",
     "params: {volcano: Mont, radius: 2}",
     r"unknown volcano 'Mont' \(did you mean 'Monte'\?\)"),
    ("volcano-no-radius", "params: {volcano: Monte, radius: 2}", "params: {volcano: Monte}",
     r"cards\[27\] #28: a volcano card needs params.radius"),
    ("derailment-unknown-city", "params: {cities: [Gamma, Zeta], radius: 3}",
     "params: {cities: [Gamma, Zetta], radius: 3}",
     r"unknown city 'Zetta' \(did you mean 'Zeta'\?\)"),
    ("unknown-param", "params: {cities: [Beta], radius: 3}",
     "params: {cities: [Beta], radios: 3}",
     r"a bad_weather card has no parameter 'radios' \(did you mean 'radius'\?\)"),
    ("event-without-title", "    title: Fog around Beta\n", "",
     r"cards\[29\] #30: an event card needs a 'title'"),
    ("schema-unknown-key", "{number: 3, demands", "{numbr: 3, demands",
     r"cards\[2\]: unknown key 'numbr' \(did you mean 'number'\?\)$"),
    ("schema-type", "{city: Delta, commodity: wine, payoff: 40}",
     "{city: Delta, commodity: wine, payoff: forty}",
     r"cards\[0\]\.demands\[0\]\.payoff: 'forty' is not of type 'integer'"),
    ("malformed-yaml", "name: Mini deck", "name: [Mini deck", r"malformed YAML"),
]


@pytest.mark.parametrize("case,old,new,pattern", CASES, ids=[c[0] for c in CASES])
def test_deck_errors_name_file_line_and_card(tmp_path: Path, case: str, old: str, new: str,
                                             pattern: str) -> None:
    text = MINI_DECK.read_text(encoding="utf-8")
    assert old in text, case
    bad = tmp_path / "deck.yaml"
    bad.write_text(text.replace(old, new, 1), encoding="utf-8")
    board = load_board(MINI)
    with pytest.raises(MapError) as info:
        load_deck(bad, board)
    problems = info.value.problems
    assert len(problems) == 1, [str(p) for p in problems]
    line = str(problems[0])
    assert line.startswith(str(bad))
    assert problems[0].line is not None
    assert re.search(pattern, line), line
    # the line number points at the mistake
    changed = text.replace(old, new, 1).splitlines()
    assert 1 <= problems[0].line <= len(changed)


def test_deck_error_line_points_at_the_card(tmp_path: Path) -> None:
    text = MINI_DECK.read_text(encoding="utf-8")
    bad = tmp_path / "deck.yaml"
    bad.write_text(text.replace("{city: Gamma, commodity: fish, payoff: 38}",
                                "{city: Gamma, commodity: fishh, payoff: 38}", 1),
                   encoding="utf-8")
    with pytest.raises(MapError) as info:
        load_deck(bad, load_board(MINI))
    (problem,) = info.value.problems
    expected = next(i for i, ln in enumerate(text.splitlines(), 1) if "number: 6," in ln)
    assert problem.line == expected


def test_missing_deck_file_is_a_clear_error(tmp_path: Path) -> None:
    with pytest.raises(MapError) as info:
        load_deck(tmp_path / "nope.yaml", load_board(MINI))
    assert "file not found" in str(info.value)


def test_a_deck_too_small_to_deal_is_refused(tmp_path: Path) -> None:
    lines = MINI_DECK.read_text(encoding="utf-8").splitlines()
    kept = [ln for ln in lines if not ln.startswith("  - {number: ")
            or int(ln.split("number: ")[1].split(",")[0]) <= 10]
    bad = tmp_path / "deck.yaml"
    bad.write_text("\n".join(kept) + "\n", encoding="utf-8")
    with pytest.raises(MapError) as info:
        load_deck(bad, load_board(MINI))
    assert "need at least 16" in str(info.value)
