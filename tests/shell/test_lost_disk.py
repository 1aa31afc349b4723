"""Failures are said, never swallowed: a failed autosave is shown at once with its cause,
and again until one succeeds; the game starts on a read-only or full data folder (or one
that is a file) and says why it cannot save, offering another folder; loading reads a
save's world from the save, needing no free disk. Full and read-only disks are made by
failing the file operations (tests/diskfaults.py)."""

from __future__ import annotations

import errno
import json
import shutil
from pathlib import Path
from typing import Any

import pygame
import pytest

from rail_app.ui import screens
from rail_app.ui.kit.driver import Driver
from rail_app.ui.session import saves_dir
from tests.diskfaults import fail_writes
from tests.games.italian_rails.test_ui_support import start
from tests.shell.test_ui_saves import end_turns


def warned(app: Any) -> str:
    """The app's notice over the screen now, when it says something failed ("" if none)."""
    return app.notice if app.notice_left > 0 and app.notice_alarm else ""


# -- a failed autosave is said --------------------------------------------------------------

def test_a_failed_autosave_is_said_at_once_and_again_until_one_succeeds(
        app: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    d = Driver(app)
    scene = start(app)
    end_turns(d, scene, 1)
    with monkeypatch.context() as m:
        fail_writes(m, errno.ENOSPC)
        end_turns(d, scene, 1)
        assert warned(app).startswith("Autosave failed: the disk is full.")
        d.frames(400)  # long after any notice of the game's own has gone: still said
        assert warned(app).startswith("Autosave failed: the disk is full.")
        end_turns(d, scene, 1)  # the next turn fails too: said still
        assert scene.session.autosave_problem == "the disk is full"
        assert warned(app)
    end_turns(d, scene, 1)  # room again: the autosave succeeds, and says so
    assert scene.session.autosave_problem == ""
    assert not warned(app) and app.notice.startswith("Autosaved again")


def _next_steam_turn(app: Any, session: Any) -> None:
    """The seats' moves of this turn made through the session, as Steam's buttons make
    them (chosen by random players), until the next turn begins; then a frame, in which
    the screen autosaves a person's new turn."""
    players = [session.game.player("random", i, 7 + i) for i in range(3)]
    turn = session.state.turn
    while session.state.turn == turn and not session.over:
        seat = session.game.rules.to_act(session.state)
        session.apply(players[seat].choose(session.game.rules.seen_by(session.state, seat)))
    app.step(0.02, [])


def _alarm_drawn(app: Any) -> bool:
    """The notice's alarm colour is on the screen, where the app draws its notice."""
    from rail_app.ui.palette import NOTICE_ALARM

    y = app.px(52) + app.px(16) // 4
    return any(tuple(app.screen.get_at((x, y)))[:3] == NOTICE_ALARM
               for x in range(0, app.screen.get_width(), 4))


def test_a_failed_steam_autosave_is_said_over_its_screen_until_one_succeeds(
        _own_data_dir: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The shell says it over any game's screen: Steam's too, whose screen has no word
    of its own for it. Turn after turn of a Steam game on a read-only disk, on its screen."""
    from rail_app.table.seats import Level, Seat, SeatKind
    from rail_app.ui.app import App
    from rail_app.ui.session import GameSetup, Session
    from rail_app.ui.settings import Settings

    app = App(size=(1280, 720), fullscreen=False, settings=Settings())
    seats = [Seat(n, SeatKind.HUMAN, Level.NORMAL, ink)
             for n, ink in (("Anna", "blue"), ("Bruno", "orange"), ("Carla", "vermillion"))]
    session = Session.new(GameSetup("maps/test/steam-small.yaml", seats, 4, game="steam"))
    scene = app.reset(screens.game(app, session))
    app.step(0.02, [])
    assert type(scene).__module__.startswith("rail_app.games.steam.")
    assert not warned(app) and not _alarm_drawn(app)
    mine = f"autosave-{session.game_id}-*.json"
    kept = set(saves_dir().glob(mine))  # the first turn's
    with monkeypatch.context() as m:
        fail_writes(m, errno.EROFS)
        _next_steam_turn(app, session)
        assert session.autosave_problem
        assert warned(app).startswith("Autosave failed: the folder is on a read-only disk")
        assert _alarm_drawn(app)
        for _ in range(400):  # long after any notice of its own has gone: still said
            app.step(0.02, [])
        assert warned(app) and _alarm_drawn(app)
        _next_steam_turn(app, session)  # the next turn fails too: said still
        assert session.autosave_problem and warned(app)
    assert set(saves_dir().glob(mine)) == kept
    _next_steam_turn(app, session)  # the disk takes files again: saved, and said
    assert session.autosave_problem == "" and not warned(app) and not _alarm_drawn(app)
    assert app.notice.startswith("Autosaved again")
    assert set(saves_dir().glob(mine)) > kept


def test_the_last_good_autosave_is_kept_while_newer_ones_fail(
        app: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    d = Driver(app)
    scene = start(app)
    end_turns(d, scene, 1)
    gid = scene.session.game_id
    kept = sorted(saves_dir().glob(f"autosave-{gid}-*.json"))
    assert kept
    whole = {p: p.read_bytes() for p in kept}
    with monkeypatch.context() as m:
        fail_writes(m, errno.ENOSPC)
        end_turns(d, scene, 4)
    assert {p: p.read_bytes() for p in saves_dir().glob(f"autosave-{gid}-*.json")} == whole


def test_loading_needs_no_free_disk_for_the_saves_world(app: Any,
                                                         monkeypatch: pytest.MonkeyPatch
                                                         ) -> None:
    """A save of the map of Italy, its unpacked world gone, on a full disk: it loads, its
    map read from the save itself."""
    from rail_app.ui.savedir import worlds_dir
    from rail_app.ui.session import Session
    from tests.games.italian_rails.test_ui_support import ITALY

    d = Driver(app)
    scene = start(app, ITALY)
    end_turns(d, scene, 1)
    assert scene.controller.save_game()
    path = max(scene.session.autosave_path().parent.glob("game-*.json"))
    shutil.rmtree(worlds_dir())
    fail_writes(monkeypatch, errno.ENOSPC)
    loaded = Session.load(path)
    assert loaded.game.rules.turn(loaded.state) == 2
    assert not worlds_dir().exists() or not any(worlds_dir().iterdir())


# -- the game starts on a data folder that takes no saves -----------------------------------

@pytest.mark.parametrize("code, why", [(errno.EROFS, "read-only"),
                                       (errno.ENOSPC, "the disk is full")])
def test_the_game_starts_on_a_folder_that_takes_no_saves_and_says_why(
        _own_data_dir: Path, monkeypatch: pytest.MonkeyPatch, code: int, why: str) -> None:
    from rail_app.ui.app import App
    from rail_app.ui.settings import Settings

    fail_writes(monkeypatch, code, under=_own_data_dir)
    app = App(size=(1280, 720), fullscreen=False, settings=Settings())
    d = Driver(app)
    d.frames(2)
    menu = app.scene
    assert type(menu).__name__ == "MenuScene"
    assert menu.folder_offer is not None and why in menu.error_text
    assert str(_own_data_dir) in menu.error_text
    # the game is played all the same; its failed autosave is said
    scene = start(app)
    end_turns(d, scene, 1)
    assert warned(app).startswith("Autosave failed")


def test_another_folder_is_offered_and_used(_own_data_dir: Path,
                                           monkeypatch: pytest.MonkeyPatch,
                                           tmp_path: Path) -> None:
    import pygame_gui

    from rail_app.core import paths
    from rail_app.ui.app import App
    from rail_app.ui.settings import Settings

    fail_writes(monkeypatch, errno.EROFS, under=_own_data_dir)
    monkeypatch.setattr(paths, "fallback_data_dir", lambda: tmp_path / "elsewhere")
    app = App(size=(1280, 720), fullscreen=False, settings=Settings())
    d = Driver(app)
    d.frames(1)
    menu = app.scene
    pygame.event.post(pygame.event.Event(pygame_gui.UI_CONFIRMATION_DIALOG_CONFIRMED,
                                         ui_element=menu.folder_offer))
    d.frames(1)
    assert app.data_problem == ""
    scene = start(app)
    assert scene.session.autosave() is not None
    assert list((tmp_path / "elsewhere" / "saves").glob("autosave-*.json"))


def test_the_game_starts_when_the_data_folder_is_a_file(tmp_path: Path,
                                                       monkeypatch: pytest.MonkeyPatch
                                                       ) -> None:
    from rail_app.ui.app import App
    from rail_app.ui.settings import Settings

    f = tmp_path / "a-file"
    f.write_text("not a folder", encoding="utf-8")
    monkeypatch.setenv("ITALIAN_RAILS_DATA_DIR", str(f))
    app = App(size=(1280, 720), fullscreen=False, settings=Settings())
    Driver(app).frames(2)
    assert "a file stands where the folder should be" in app.scene.error_text


@pytest.mark.parametrize("what", ["nested", "huge", "folder", "fifo"])
def test_a_hostile_lesson_progress_file_never_stops_the_menu(_own_data_dir: Path,
                                                             what: str) -> None:
    import os

    from rail_app.ui.app import App
    from rail_app.ui.settings import Settings

    lesson = _own_data_dir / "lesson"
    lesson.mkdir()
    (lesson / "game.json").write_text("{}", encoding="utf-8")
    p = lesson / "progress.json"
    if what == "nested":
        p.write_text("[" * 100_000 + "]" * 100_000, encoding="utf-8")
    elif what == "huge":
        p.write_text('{"step": "' + "x" * (1 << 20) + '"}', encoding="utf-8")
    elif what == "folder":
        p.mkdir()
    else:
        os.mkfifo(p)
    app = App(size=(1280, 720), fullscreen=False, settings=Settings())
    Driver(app).frames(2)
    assert type(app.scene).__name__ == "MenuScene"
    labels = [b.text for b in app.scene.buttons]
    assert "Learn to play" in labels


def test_a_lesson_file_of_another_game_starts_a_new_lesson(app: Any) -> None:
    """lesson/game.json holding a save of an ordinary game (another seed, other players):
    Learn to play starts the lesson anew instead of stopping."""
    from rail_app.games.italian_rails.ui import lessonfiles

    scene = start(app)
    lessonfiles.lesson_dir()
    assert scene.session.save(lessonfiles.game_path()) is None
    lessonfiles.write_progress(3)
    d = Driver(app)
    app.reset(screens.menu(app))
    d.frames(1)
    d.click_button(next(b for b, w in app.scene.buttons.items() if w == "learn"))
    d.frames(2)
    assert app.scene.session.setup.seed == lessonfiles.SEED
    assert app.scene.table.lesson is not None and app.scene.table.lesson.step == 0


def test_a_lesson_left_is_resumed(app: Any) -> None:
    """The check above passes the lesson's own file: it is resumed where it was left."""
    from rail_app.games.italian_rails.ui import lessonfiles

    session = lessonfiles.new_session()
    session.save(lessonfiles.game_path())
    lessonfiles.write_progress(2)
    resumed = lessonfiles.resumed_session()
    assert resumed is not None and resumed.setup.seed == lessonfiles.SEED
    assert json.loads(lessonfiles.progress_path().read_text(encoding="utf-8")) == {"step": 2}
