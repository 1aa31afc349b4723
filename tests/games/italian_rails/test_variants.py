"""The variants (V1-V3): chosen when the game starts, kept in its record, and in force."""

from __future__ import annotations

from pathlib import Path

import pytest

from rail_app.games.italian_rails.rules import movement
from rail_app.games.italian_rails.rules.actions import BuildSegment
from rail_app.games.italian_rails.rules.deck import load_board_deck
from rail_app.games.italian_rails.rules.engine import new_game, quote
from rail_app.games.italian_rails.rules.record import (
    load_record,
    record_from_game,
    replay_record,
    save_record,
    variants_of,
)
from rail_app.games.italian_rails.rules.state import (
    VARIANT_FAST_TRAINS,
    VARIANT_LOANS,
    VARIANT_SMALL_CITY_ACCESS,
    VARIANTS,
)
from tests.buildhelp import mini, own


@pytest.mark.parametrize("loco,normal,fast", [
    ("Freight", 9, 12), ("Heavy Freight", 9, 12), ("Fast Freight", 12, 16),
    ("Super Freight", 12, 16),
])
def test_V1_fast_trains_move_12_or_16(loco: str, normal: int, fast: int) -> None:
    board = mini()
    for variants, speed in (((), normal), ((VARIANT_FAST_TRAINS,), fast)):
        state = new_game(board, seed=1, variants=variants)
        state.players[0].loco = loco
        assert movement.base_speed(state, 0) == speed


def test_V3_small_city_access_only_one_player_connects_to_a_small_city() -> None:
    board = mini()
    for variants, refused in (((), False), ((VARIANT_SMALL_CITY_ACCESS,), True)):
        state = new_game(board, seed=1, variants=variants)
        own(state, 1, ("8,0", "9,0"))  # Bruno already reaches Zeta (small city at 9,0)
        own(state, 0, ("10,1", "10,0"))
        q = quote(state, BuildSegment("10,0", "9,0"))
        assert ("K4" in q.rules) is refused, q.violations
    # a medium city is not limited by the variant
    state = new_game(board, seed=1, variants=(VARIANT_SMALL_CITY_ACCESS,))
    own(state, 1, ("1,8", "0,8"))
    own(state, 0, ("-1,9", "-1,8"))
    assert "K4" not in quote(state, BuildSegment("-1,8", "0,8")).rules


def test_V1_V2_V3_variants_are_chosen_at_setup_and_kept_in_the_record(tmp_path: Path) -> None:
    board = mini()
    deck = load_board_deck(board)
    chosen = (VARIANT_FAST_TRAINS, VARIANT_LOANS, VARIANT_SMALL_CITY_ACCESS)
    assert set(chosen) == set(VARIANTS)
    state = new_game(board, deck, seed=3, variants=chosen)
    assert state.variants == frozenset(chosen)
    path = tmp_path / "game.json"
    save_record(path, record_from_game(state, str(board.path)))
    record = load_record(path)
    assert set(variants_of(record)) == set(chosen)
    replayed, _ = replay_record(record, board, deck)
    assert replayed.variants == frozenset(chosen)
