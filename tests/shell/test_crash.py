"""The crash net: an unexpected exception in the engine, the computer player or the
interface never closes the window silently. The game writes an emergency save and a crash
report into the data folder and shows a dialog saying where they are."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pygame
import pytest

from rail_app.core.paths import user_data_dir
from rail_app.games.italian_rails.ai.bot import Bot
from rail_app.ui.kit.driver import Driver
from rail_app.ui.session import Session
from tests.games.italian_rails.test_ui_support import start


class Failing(Exception):
    """The deliberate failure of these tests."""


def _crash_files() -> tuple[list[Path], list[Path]]:
    crashes = sorted((user_data_dir() / "crashes").glob("crash-*.txt")) \
        if (user_data_dir() / "crashes").exists() else []
    saves = sorted((user_data_dir() / "saves").glob("emergency-*.json"))
    return crashes, saves


def _until_crash(app: Any, limit: int = 400) -> None:
    for _ in range(limit):
        app.guarded_step(0.1, [])
        if type(app.scene).__name__ == "CrashScene":
            return
    raise AssertionError("no crash dialog")


def _computer_game(app: Any) -> Any:
    scene = start(app, computer=True, cards=True)
    return scene


def test_a_failing_computer_player_gives_a_report_a_save_and_a_dialog(
        app: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    scene = _computer_game(app)
    session = scene.session
    played = list(session.state.history)

    def fail(self: Bot, state: Any) -> Any:
        raise Failing("the computer player broke on purpose")

    monkeypatch.setattr(Bot, "next_action", fail)
    # the person keeps their cards; then it is the computer's turn to choose
    from rail_app.games.italian_rails.rules.actions import KeepCards

    while session.state.phase == "setup" and not session.seat.computer:
        dealt = sorted(session.state.players[session.actor].dealt)[:2]
        session.apply(KeepCards(tuple(dealt)))
        played = list(session.state.history)
    _until_crash(app)
    crashes, saves = _crash_files()
    assert len(crashes) == 1 and len(saves) == 1
    report = crashes[0].read_text(encoding="utf-8")
    for part in ("Rail Table crash report", "version: ", "platform: ", "screen: GameScene",
                 "game: Italian Rails (italian-rails, rules version 1)",
                 "last actions:", "traceback:", "the computer player broke on purpose",
                 "Failing", str(saves[0])):
        assert part in report, part
    assert "keep_cards" in report.lower() or "KeepCards" in report
    # the emergency save is a save like any other
    back = Session.load(saves[0])
    assert back.state.history == played
    dialog = app.scene
    assert str(crashes[0]) in dialog.text and saves[0].name in dialog.text
    assert str(saves[0].parent) in dialog.text
    # the window stays open; Back to the menu goes on
    Driver(app).click_button(dialog.menu_button)
    assert type(app.scene).__name__ == "MenuScene" and app.running


def test_an_engine_failure_during_a_person_s_action_is_caught(
        app: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    scene = start(app, computer=False)
    from rail_app.games.italian_rails.rules import engine

    def broken(*args: Any, **kwargs: Any) -> Any:
        raise Failing("the engine broke on purpose")

    # the session applies what it has just quoted: the engine breaks there
    monkeypatch.setattr(engine.ENGINE, "apply", broken)
    monkeypatch.setattr(engine.ENGINE, "apply_quoted", broken)
    app.guarded_step(1 / 60, [pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0,
                                                 unicode="\r", scancode=0)])
    assert type(app.scene).__name__ == "CrashScene"
    crashes, saves = _crash_files()
    assert "the engine broke on purpose" in crashes[0].read_text(encoding="utf-8")
    assert len(saves) == 1 and scene.session.state.history == Session.load(saves[0]).state.history


def test_an_interface_failure_is_caught_and_a_menu_failure_has_no_save(
        app: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    from rail_app.ui import scenes

    def broken(self: Any, surface: Any) -> None:
        raise Failing("the menu broke on purpose")

    monkeypatch.setattr(scenes.MenuScene, "draw", broken)
    app.guarded_step(1 / 60, [])
    assert type(app.scene).__name__ == "CrashScene"
    crashes, saves = _crash_files()
    assert saves == [] and "emergency save: no game was open" in crashes[0].read_text()
    app.guarded_step(1 / 60, [])  # the dialog draws
    assert app.running


def test_a_failure_in_the_crash_dialog_ends_the_program_instead_of_looping(
        app: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    from rail_app.ui import crash, scenes

    monkeypatch.setattr(scenes.MenuScene, "draw", lambda self, s: (_ for _ in ()).throw(
        Failing("menu")))
    monkeypatch.setattr(crash.CrashScene, "draw", lambda self, s: (_ for _ in ()).throw(
        Failing("dialog")))
    app.guarded_step(1 / 60, [])
    app.guarded_step(1 / 60, [])
    assert not app.running and app.exit_code == 1
    crashes, _ = _crash_files()
    assert len(crashes) == 2


def test_the_main_loop_goes_on_after_a_crash(
        app: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    """``App.run`` is the loop a player's window runs: the failing frame shows the dialog,
    and the next events (here: closing the window) are still handled."""
    from rail_app.games.italian_rails.rules.actions import KeepCards

    session = _computer_game(app).session
    while session.state.phase == "setup" and not session.seat.computer:
        dealt = sorted(session.state.players[session.actor].dealt)[:2]
        session.apply(KeepCards(tuple(dealt)))

    def fail(self: Bot, state: Any) -> Any:
        pygame.event.post(pygame.event.Event(pygame.QUIT))
        raise Failing("the computer player broke on purpose")

    monkeypatch.setattr(Bot, "next_action", fail)
    app.scene.skip_computer = True
    pygame.event.clear()
    code = app.run()
    crashes, saves = _crash_files()
    assert len(crashes) == 1 and len(saves) == 1
    assert type(app.scene).__name__ == "CrashScene" and code == 0
