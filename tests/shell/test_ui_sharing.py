"""Sharing a game from the save screen, driven with posted events: Export… writes the
selected save to a file the player names in the file dialog, Import… adds a save from a
file to the saved games (and refuses a file that is not one, saying why)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from rail_app.core.paths import resource_path
from rail_app.devtools.replaybench import computer_game
from rail_app.table import registry
from rail_app.ui import screens
from rail_app.ui.kit.driver import Driver
from tests.games.italian_rails.test_ui_support import click
from tests.shell.test_ui_saves import type_text

MINI = str(resource_path("maps", "test", "mini.yaml"))
IR = registry.game("italian-rails")


def _saved_game() -> Any:
    from rail_app.ui.session import COMPUTER, HUMAN, GameSetup, Seat, Session, new_save_path

    board, final, names, actions = computer_game("italian-rails", MINI, 3)
    setup = GameSetup(MINI, [Seat(names[0], HUMAN, "normal", "blue"),
                             Seat(names[1], COMPUTER, "hard", "orange")], 5,
                      IR.rules.options_of(final))
    session = Session(setup, board, final)
    path = new_save_path()
    session.save(path)
    return path


def _push(d: Driver, button: Any) -> None:
    click(d, button.rect.center)
    d.frames(1)


def _pick(d: Driver, scene: Any, path: Path) -> None:
    """Type ``path`` into the file dialog's path field and press OK."""
    dialog = scene.extras.sharing
    assert dialog is not None
    type_text(d, dialog.file_path_text_line, str(path))
    d.frames(1)
    _push(d, dialog.ok_button)
    d.frames(1)


def _save_screen(app: Any) -> tuple[Driver, Any]:
    d = Driver(app)
    app.reset(screens.menu(app))
    scene = app.push(screens.saves(app))
    d.frames(2)
    return d, scene


def test_export_writes_the_save_to_the_file_named_and_import_brings_it_back(
        app: Any, tmp_path: Path) -> None:
    from rail_app.ui.session import Session

    saved = _saved_game()
    d, scene = _save_screen(app)
    _push(d, scene.extras.export_button)
    assert scene.extras.sharing is not None
    out = tmp_path / "for-bruno.json"
    _pick(d, scene, out)
    assert scene.extras.sharing is None
    assert out.read_bytes() == saved.read_bytes()
    assert "for-bruno.json" in scene.message.text
    saved.unlink()  # the game is gone from this computer: the shared file brings it back
    d, scene = _save_screen(app)
    assert len(scene.entries) == 0
    _push(d, scene.extras.import_button)
    _pick(d, scene, out)
    assert len(scene.entries) == 1 and scene.selected == 0
    assert "Imported" in scene.message.text
    back = Session.load(scene.entries[0].path)
    assert IR.rules.history(back.state) and back.setup.seats[0].kind.value == "human"


def test_import_refuses_a_file_that_is_not_a_save_and_says_why(app: Any, tmp_path: Path
                                                               ) -> None:
    _saved_game()
    bad = tmp_path / "notes.json"
    bad.write_text(json.dumps({"format": "something", "version": 1}), encoding="utf-8")
    d, scene = _save_screen(app)
    before = [e.path for e in scene.entries]
    _push(d, scene.extras.import_button)
    _pick(d, scene, bad)
    assert [e.path for e in scene.entries] == before
    assert "notes.json" in scene.message.text


def test_closing_the_file_dialog_changes_nothing(app: Any) -> None:
    import pygame

    _saved_game()
    d, scene = _save_screen(app)
    _push(d, scene.extras.export_button)
    dialog = scene.extras.sharing
    _push(d, dialog.cancel_button)
    assert scene.extras.sharing is None
    d.key(pygame.K_ESCAPE)  # the screen has its keys again
    assert type(app.scene).__name__ == "MenuScene"
