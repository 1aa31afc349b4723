"""Interrupted: Ctrl-C or a request to end (SIGTERM) while a game is played autosaves the
turn in progress before the program ends (exit status 130 for an interruption)."""

from __future__ import annotations

import json
import os
import signal
from typing import Any

import pytest

from tests.games.italian_rails.test_ui_support import start


def play_a_segment(scene: Any) -> None:
    """A move of the turn in progress (the first the game offers)."""
    game, session = scene.session.game, scene.session
    q = session.apply(game.rules.legal_actions(session.state)[0])
    assert q.ok


@pytest.mark.parametrize("how", ["ctrl-c", "sigterm"])
def test_an_interrupted_game_is_autosaved_with_the_turn_in_progress(app: Any,
                                                                    how: str) -> None:
    scene = start(app)
    play_a_segment(scene)  # a move of the turn in progress, not yet autosaved
    assert scene.session.dirty
    frames = []

    def step(*args: Any, **kwargs: Any) -> None:
        frames.append(1)
        if how == "ctrl-c":
            raise KeyboardInterrupt
        os.kill(os.getpid(), signal.SIGTERM)

    app.guarded_step = step
    before = signal.getsignal(signal.SIGTERM)
    with pytest.raises(KeyboardInterrupt):
        app.run()
    assert signal.getsignal(signal.SIGTERM) == before
    path = scene.session.autosave_path()
    assert path.exists()
    saved = json.loads(path.read_text(encoding="utf-8"))
    assert saved["game"]["actions"] == len(scene.session.game.rules.history(scene.session.state))
    assert saved["game"]["actions"] >= 1
