"""A career file that fights back: nested 100,000 deep, a FIFO, a device, a link loop, a
folder, 17 MB, not UTF-8 — the Career page opens at once and game over keeps the game,
the career rebuilt from the finished games kept; a kept game that is a dangling link
hides only itself; on a read-only or full disk the page still shows the games."""

from __future__ import annotations

import errno
import os
from pathlib import Path
from typing import Any

import pytest

from rail_app.core.paths import user_data_dir
from rail_app.games.italian_rails.ui.selftest import Driver
from rail_app.table import career
from rail_app.ui import screens
from tests.diskfaults import fail_writes
from tests.games.italian_rails.test_ui_support import click
from tests.table.test_career import _finished_session

HOSTILE = ["nested", "fifo", "device", "loop", "folder", "huge", "latin-1", "numbers"]


def spoil(path: Path, how: str) -> None:
    """``path`` (the career file) made hostile."""
    if path.is_dir() and not path.is_symlink():
        path.rmdir()
    elif path.exists() or path.is_symlink():
        path.unlink()
    if how == "nested":
        path.write_text("[" * 100_000 + "]" * 100_000, encoding="utf-8")
    elif how == "fifo":
        os.mkfifo(path)
    elif how == "device":
        os.symlink(os.devnull, path)
    elif how == "loop":
        os.symlink(path, path)
    elif how == "folder":
        path.mkdir()
    elif how == "huge":
        path.write_text('{"format": "rail-career", "x": "' + "x" * (17 << 20) + '"}',
                        encoding="utf-8")
    elif how == "latin-1":
        path.write_bytes('{"format": "rail-career", "version": 1, "games": ["Ñ"]}'
                         .encode("latin-1"))
    elif how == "numbers":
        path.write_text('{"format": "rail-career", "version": 1, "games": [' + "9" * 5000
                        + "]}", encoding="utf-8")


@pytest.mark.parametrize("how", HOSTILE)
def test_a_hostile_career_file_is_refused_at_once(tmp_path: Path, how: str) -> None:
    path = tmp_path / "career.json"
    spoil(path, how)
    with pytest.raises(career.CareerError) as err:
        career.read(path)
    assert "career.json" in str(err.value) and len(str(err.value)) < 200


@pytest.mark.parametrize("how", HOSTILE)
def test_the_career_page_opens_over_a_hostile_file_and_game_over_keeps_the_game(
        app: Any, how: str) -> None:
    session = _finished_session()
    app.reset(screens.game_over(app, session))
    path = career.career_path(user_data_dir())
    spoil(path, how)
    d = Driver(app)
    menu = app.reset(screens.menu(app))
    d.frames(1)
    click(d, next(b for b, what in menu.buttons.items() if what == "career").rect.center)
    d.frames(1)
    page = app.scene
    assert type(page).__name__ == "CareerScene"
    assert page.repaired and ("Italian Rails", "1 game finished", True) in page.lines()
    spoil(path, how)
    over = app.reset(screens.game_over(app, session))  # game over again: counted once
    if how == "folder":  # no file can be written where a folder stands: said so
        assert "could not be added to your career" in over.kept_note
        return
    assert over.kept_note == ""
    assert [e.id for e in career.read(path)] == [session.game_id]  # rebuilt, written


def test_a_kept_game_that_is_a_dangling_link_hides_only_itself(app: Any) -> None:
    from rail_app.ui.careerfiles import load

    session = _finished_session()
    app.reset(screens.game_over(app, session))
    data = user_data_dir()
    os.symlink(data / "nowhere.json", data / "finished" / "gone.json")
    career.career_path(data).unlink()
    entries, _ = load()
    assert [e.id for e in entries] == [session.game_id]


@pytest.mark.parametrize("code", [errno.EROFS, errno.ENOSPC])
def test_the_career_page_shows_the_games_on_a_disk_that_takes_no_file(
        app: Any, monkeypatch: pytest.MonkeyPatch, code: int) -> None:
    """The career file damaged and the disk full (or read-only): the page rebuilds the
    career from the kept games, their worlds read from the saves themselves."""
    import shutil

    from rail_app.ui.savedir import worlds_dir

    session = _finished_session()
    app.reset(screens.game_over(app, session))
    path = career.career_path(user_data_dir())
    spoil(path, "nested")
    shutil.rmtree(worlds_dir(), ignore_errors=True)
    fail_writes(monkeypatch, code)
    page = app.push(screens.career(app))
    assert ("Italian Rails", "1 game finished", True) in page.lines()
