"""The data folder as a whole is guarded: a broken entry in saves/ (a dangling link, a
link loop, a pipe, a folder) hides only itself; two windows on one folder never crash or
hide each other's saves; a save's small map that cannot be drawn is tried once, not every
frame; a map whose names hold a NUL or a lone surrogate is refused when it is read; a link
loop among the player's maps breaks only that map; Continue never resumes a game that is
over."""

from __future__ import annotations

import os
import shutil
import threading
import time
from pathlib import Path
from typing import Any

import pytest

from rail_app.cli import main
from rail_app.core.paths import resource_path
from rail_app.ui import screens
from rail_app.ui.kit.driver import Driver
from tests.games.italian_rails.test_ui_support import MINI, start
from tests.shell.test_ui_saves import end_turns
from tests.waiting import HANG_S, frames_until


def broken_entries(folder: Path) -> None:
    """Every kind of entry a saves folder should not hold, newest of all."""
    (folder / "dangling.json").symlink_to(folder / "nowhere.json")
    (folder / "loop-a.json").symlink_to(folder / "loop-b.json")
    (folder / "loop-b.json").symlink_to(folder / "loop-a.json")
    os.mkfifo(folder / "pipe.json")
    (folder / "folder.json").mkdir()
    (folder / "zero.json").symlink_to("/dev/zero")
    later = time.time() + 60
    for name in ("folder.json",):
        os.utime(folder / name, (later, later))


# -- a broken entry hides only itself --------------------------------------------------------

def test_broken_entries_in_the_saves_folder_hide_only_themselves(app: Any) -> None:
    from rail_app.ui.savelist import latest_game_path, list_entries, read_entries
    from rail_app.ui.session import Session, saves_dir

    scene = start(app)
    assert scene.controller.save_game()
    good = max(saves_dir().glob("game-*.json"))
    broken_entries(saves_dir())
    titles = [e.path.name for e in read_entries() if not e.problem]
    assert good.name in titles
    assert good.name in [e.path.name for e in list_entries()]
    assert latest_game_path() == good
    Session.load(good)
    d = Driver(app)
    app.reset(screens.menu(app))
    d.frames(1)
    assert "continue" in app.scene.buttons.values()
    saves = app.push(screens.saves(app))
    d.frames(2)
    assert good in [e.path for e in saves.entries]


def test_two_windows_on_one_folder_never_crash_or_hide_a_save(app: Any) -> None:
    """One window lists, continues and loads while another saves and deletes its own
    autosaves in the same folder as fast as it can."""
    from rail_app.ui.savelist import latest_game_path, read_entries
    from rail_app.ui.session import Session, saves_dir

    scene = start(app)
    assert scene.controller.save_game()
    stable = max(saves_dir().glob("game-*.json"))
    other = start(app)
    stop = threading.Event()
    errors: list[BaseException] = []

    def other_window() -> None:
        try:
            n = 0
            while not stop.is_set():
                p = saves_dir() / f"autosave-0ther{n % 7}-{n:04d}.json"
                other.session.save(p, autosave=True)
                if n >= 3:
                    (saves_dir() / f"autosave-0ther{(n - 3) % 7}-{n - 3:04d}.json").unlink(
                        missing_ok=True)
                n += 1
        except BaseException as exc:  # reported below
            errors.append(exc)

    t = threading.Thread(target=other_window)
    t.start()
    try:
        for _ in range(60):
            names = [e.path for e in read_entries()]
            assert stable in names
            assert latest_game_path() is not None
            Session.load(stable)
    finally:
        stop.set()
        t.join()
    assert not errors


# -- a small map that cannot be drawn is tried once -------------------------------------------

def test_a_small_map_that_cannot_be_drawn_is_tried_once(app: Any,
                                                        monkeypatch: pytest.MonkeyPatch) -> None:
    from rail_app.core.mapfile import MapError
    from rail_app.ui import scenes, thumbnails
    from rail_app.ui.gamescreens import screens_of

    scene = start(app)
    assert scene.controller.save_game()
    calls = []
    front = screens_of("italian-rails")

    def slow_failure(path: Path) -> Any:
        calls.append(path)
        raise MapError([])

    scenes._BACKDROP.wait(HANG_S)  # the menu's own map is read before the patch, not counted
    monkeypatch.setattr(front, "picture_board", slow_failure, raising=False)
    thumbnails.forget()  # no map read, refused or being read by an earlier test's screen
    d = Driver(app)
    app.push(screens.saves(app))
    frames_until(app, lambda: bool(calls))  # read in the background
    d.frames(6)
    assert len(calls) == 1


# -- names in a map ---------------------------------------------------------------------------

@pytest.mark.parametrize("old, new", [
    ("{name: Alfa,", '{name: "Al\\0fa",'),
    ("commodities: [wine,", 'commodities: ["wi\\0ne",'),
    ("    - name: East Sea", '    - name: "East\\0Sea"'),
])
def test_a_map_name_with_a_nul_or_a_lone_surrogate_is_refused(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], old: str, new: str) -> None:
    src = Path(MINI)
    text = src.read_text(encoding="utf-8")
    assert old in text
    (tmp_path / "bad.yaml").write_text(text.replace(old, new, 1), encoding="utf-8")
    shutil.copy(src.parent / "mini-deck.yaml", tmp_path / "mini-deck.yaml")
    code = main(["validate-map", str(tmp_path / "bad.yaml")])
    out = capsys.readouterr()
    assert code == 2, out
    assert "Traceback" not in out.err + out.out
    assert "NUL or a lone surrogate" in out.err


@pytest.mark.parametrize("bad", ["\\ud800", "\\u0000"])
def test_a_sea_or_land_name_in_the_geometry_with_a_lone_surrogate_is_refused(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], bad: str) -> None:
    maps = Path(resource_path("maps"))
    for name in ("italy.yaml", "italy-deck.yaml"):
        shutil.copy(maps / name, tmp_path / name)
    geo = (maps / "italy.geojson").read_text(encoding="utf-8")
    assert '"name":"Sicilia"' in geo
    (tmp_path / "italy.geojson").write_text(
        geo.replace('"name":"Sicilia"', f'"name":"Sici{bad}lia"', 1), encoding="utf-8")
    code = main(["validate-map", str(tmp_path / "italy.yaml")])
    out = capsys.readouterr()
    assert code == 2, out
    assert "Traceback" not in out.err + out.out
    assert "NUL or a lone surrogate" in out.err


def test_a_nul_in_the_geometry_file_name_is_refused(tmp_path: Path,
                                                    capsys: pytest.CaptureFixture[str]) -> None:
    italy = Path(resource_path("maps", "italy.yaml")).read_text(encoding="utf-8")
    (tmp_path / "bad.yaml").write_text(
        italy.replace("geometry: italy.geojson", 'geometry: "ita\\0ly.geojson"', 1),
        encoding="utf-8")
    code = main(["validate-map", str(tmp_path / "bad.yaml")])
    out = capsys.readouterr()
    assert code == 2
    assert "Traceback" not in out.err + out.out


# -- a link loop among the player's maps -----------------------------------------------------

def test_a_link_loop_among_my_maps_breaks_only_that_map(app: Any) -> None:
    from rail_app.core.paths import user_maps_dir

    (user_maps_dir() / "loop.yaml").symlink_to(user_maps_dir() / "loop.yaml")
    d = Driver(app)
    app.reset(screens.menu(app))
    d.frames(3)
    app.push(screens.new_game(app))
    d.frames(2)
    form = app.scene
    assert type(form).__name__ == "NewGameScene"
    assert form.maps and form.start() is True


# -- Continue never resumes a game over ------------------------------------------------------

def test_continue_never_resumes_a_game_that_is_over(app: Any) -> None:
    """The last autosave of a game says it is over: Continue offers no earlier turn of it;
    it resumes the newest game still being played, or is not offered."""
    from rail_app.ui.savelist import latest_game_path
    from rail_app.ui.session import saves_dir

    d = Driver(app)
    scene = start(app)
    end_turns(d, scene, 2)
    scene.session.name = "the game over"
    finished_id = scene.session.game_id
    assert scene.session.autosave() is not None
    # the game ends (its last autosave says so)
    import json

    last = max(saves_dir().glob(f"autosave-{finished_id}-*.json"))
    time.sleep(0.02)
    end_turns(d, scene, 1)
    scene.session.autosave()
    newest = max(saves_dir().glob(f"autosave-{finished_id}-*.json"))
    raw = json.loads(newest.read_text(encoding="utf-8"))
    raw["game"]["over"] = True
    newest.write_text(json.dumps(raw), encoding="utf-8")
    later = time.time() + 5
    os.utime(newest, (later, later))
    assert last != newest
    found = latest_game_path()
    assert found is None or not found.name.startswith(f"autosave-{finished_id}-")
    app.reset(screens.menu(app))
    d.frames(1)
    assert "continue" not in app.scene.buttons.values()
