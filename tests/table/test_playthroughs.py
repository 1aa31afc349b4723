"""Every game on the table plays its playthrough golden again (tests/playthrough.py: each
step's seat, legal actions and action, each seat's view): a change to the rules, the legal
actions or what a seat sees shows as a diff. ``python tests/playthrough.py`` writes them
again."""

from __future__ import annotations

import pytest

from rail_app.table import registry
from tests.playthrough import path_of, playthrough


@pytest.mark.parametrize("game_id", [g.id for g in registry.GAMES])
def test_the_playthrough_is_the_golden(game_id: str) -> None:
    path = path_of(game_id)
    assert path.is_file(), f"no playthrough for {game_id}: python tests/playthrough.py {game_id}"
    golden = path.read_text(encoding="utf-8").splitlines()
    assert playthrough(game_id) == golden, \
        f"the playthrough of {game_id} changed: python tests/playthrough.py {game_id}, then " \
        "read the diff"


def test_a_seat_sees_its_own_hand_only() -> None:
    """In a game that hides things, the seats' views differ (each sees its own hand); in one
    that hides nothing, every seat sees the same."""
    for game in registry.GAMES:
        lines = playthrough(game.id, steps=1)
        views = {line.split(": ")[1] for line in lines if line.startswith("  view ")}
        assert (len(views) > 1) == game.hidden, game.id
