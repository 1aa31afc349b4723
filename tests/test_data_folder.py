"""No test writes into the player's data folder: each test has a folder of its own."""

from __future__ import annotations

import tempfile
from pathlib import Path

import platformdirs

from rail_app.core.paths import APP_NAME, user_data_dir


def test_tests_never_use_the_player_data_folder() -> None:
    players = Path(platformdirs.user_data_dir(APP_NAME, appauthor=False)).resolve()
    ours = user_data_dir().resolve()
    assert ours != players and players not in ours.parents
    assert Path(tempfile.gettempdir()).resolve() in ours.parents
    assert list(ours.iterdir()) == []  # and it is this test's own, empty
