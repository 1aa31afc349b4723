"""Saves that scale: listing, Continue and loading read about as much with many saves in
the folder as with a few (the folder is indexed; the Load screen reads the rows it shows;
loading finds later turns by the autosaves' names); the autosaves of a finished game are
pruned to its last, the player's named saves never. The timings with 10,000 saves come from
``python -m rail_app bench --saves 10000`` (docs/benchmarks.md), not from a test."""

from __future__ import annotations

import os
import time
from pathlib import Path
from typing import Any

import pytest

from rail_app.core import guarded
from rail_app.ui import screens
from rail_app.ui.kit.driver import Driver
from tests.games.italian_rails.test_ui_support import start
from tests.shell.test_ui_saves import end_turns
from tests.waiting import HANG_S, frames_until


def fill(folder: Path, template: Path, game_id: str, count: int) -> None:
    data = template.read_bytes()
    now = time.time() - 1000
    for i in range(count):
        match = f"{i:012x}"
        p = folder / f"autosave-{match}-0001.json"
        p.write_bytes(data.replace(game_id.encode(), match.encode()))
        os.utime(p, (now + i, now + i))


def counting(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    reads: list[str] = []
    real = guarded.read_bytes

    def read_bytes(path: Any, kind: Any, shown: Any = None) -> bytes:
        if str(path).endswith(".json"):
            reads.append(str(path))
        return real(path, kind, shown)

    monkeypatch.setattr(guarded, "read_bytes", read_bytes)
    return reads


def test_listing_continue_and_loading_read_a_few_saves_of_many(
        app: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    from rail_app.ui.savelist import latest_game_path
    from rail_app.ui.session import Session, saves_dir

    scene = start(app)
    end_turns(Driver(app), scene, 1)
    assert scene.controller.save_game()
    mine = max(saves_dir().glob("game-*.json"))
    fill(saves_dir(), mine, scene.session.game_id, 60)
    d = Driver(app)
    reads = counting(monkeypatch)
    Session.load(mine)
    assert len(reads) <= 3, reads  # the save, and the autosaves of its match by name
    reads.clear()
    assert latest_game_path() is not None
    assert len(reads) <= 3, reads
    reads.clear()
    app.reset(screens.menu(app))
    app.push(screens.saves(app))
    d.frames(1)
    assert len(app.scene.entries) == len(list(saves_dir().glob("*.json"))) > 60
    assert len(reads) <= 15, len(reads)  # the rows shown, not the 61 saves


def test_a_finished_game_keeps_its_last_autosave_and_every_named_save(
        app: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    from rail_app.ui.session import Session, saves_dir

    d = Driver(app)
    scene = start(app)
    end_turns(d, scene, 4)
    assert scene.controller.save_game()
    named = sorted(saves_dir().glob("game-*.json"))
    gid = scene.session.game_id
    assert len(list(saves_dir().glob(f"autosave-{gid}-*.json"))) == 3
    # the game ends: its autosave says so, and the earlier turns are pruned
    monkeypatch.setattr(Session, "over", property(lambda self: True))
    assert scene.session.autosave() is not None
    left = list(saves_dir().glob(f"autosave-{gid}-*.json"))
    assert len(left) == 1
    assert sorted(saves_dir().glob("game-*.json")) == named


def test_the_index_follows_saves_added_replaced_and_deleted(app: Any) -> None:
    """The index is only a shortcut: a save written, replaced or deleted by another
    window, or a file put in the folder by hand, is in the next list at once."""
    from rail_app.ui import savedir
    from rail_app.ui.savelist import read_entries
    from rail_app.ui.session import saves_dir

    scene = start(app)
    assert scene.controller.save_game()
    first = [e.path for e in read_entries()]
    old = time.time() - 3600
    os.utime(saves_dir(), (old, old))  # a folder the game finds unchanged for an hour
    assert [Path(p) for p in savedir.newest_saves()] == first
    savedir.forget_index()  # a new run: the index from its file
    assert [Path(p) for p in savedir.newest_saves()] == first
    copy = saves_dir() / "copied-by-hand.json"
    copy.write_bytes(first[0].read_bytes())
    assert copy in [e.path for e in read_entries()]
    first[0].unlink()
    assert first[0] not in [Path(p) for p in savedir.newest_saves()]


def _finished_copies(folder: Path, template: Path, game_id: str, count: int) -> None:
    """``count`` saves of finished matches, newer than every save already there."""
    data = template.read_bytes().replace(b'"over": false', b'"over": true', 1)
    now = time.time() - 500
    for i in range(count):
        match = f"f{i:011x}"
        p = folder / f"autosave-{match}-0042.json"
        p.write_bytes(data.replace(game_id.encode(), match.encode()))
        os.utime(p, (now + i, now + i))


def _playing_among_finished(app: Any, count: int) -> tuple[Any, Path]:
    """A game saved and still being played, older than ``count`` saves of finished games
    (its autosaves removed): the game screen and the save."""
    from rail_app.ui.session import saves_dir

    scene = start(app)
    assert scene.controller.save_game()
    playing = max(saves_dir().glob("game-*.json"))
    for p in saves_dir().glob("autosave-*.json"):
        p.unlink()
    _finished_copies(saves_dir(), playing, scene.session.game_id, count)
    os.utime(playing, (time.time() - 2000, time.time() - 2000))  # older than all of them
    return scene, playing


def test_continue_passes_over_thousands_of_finished_games_without_reading_them(
        app: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    """With every newer game finished, Continue finds the game still being played, oldest
    of all: the first time it reads each save once, and keeps what it learnt in the
    folder's index; the next run reads none of them."""
    from rail_app.ui import savedir
    from rail_app.ui.savelist import latest_game_path
    from rail_app.ui.session import saves_dir

    scene, playing = _playing_among_finished(app, 60)
    old = time.time() - 3600
    os.utime(saves_dir(), (old, old))  # the folder as the next run finds it
    assert latest_game_path() == playing  # the first time: each save read once
    savedir.forget_index()  # the next run
    reads = counting(monkeypatch)
    assert latest_game_path() == playing
    assert latest_game_path("italian-rails") == playing
    assert latest_game_path("steam") is None
    assert reads == []
    # a save replaced by another file under the same name (here behind the folder's time
    # too) is read again
    newest = Path(savedir.newest_saves()[0])
    copy = saves_dir() / ".copy.tmp"
    copy.write_bytes(playing.read_bytes())
    os.replace(copy, newest)
    os.utime(saves_dir(), (old, old))
    savedir.forget_index()
    assert latest_game_path() == newest


def test_an_index_the_folder_changed_behind_hides_no_save(app: Any) -> None:
    """The folder's time is the index's (a coarse clock, a folder restored from a copy, an
    index written by hand): the index is checked against the folder's entries before it
    is trusted, so a save added or replaced behind it is listed."""
    from rail_app.ui import savedir
    from rail_app.ui.session import saves_dir

    scene = start(app)
    assert scene.controller.save_game()
    folder = saves_dir()
    old = time.time() - 3600
    os.utime(folder, (old, old))
    before = savedir.newest_saves()
    stamp = os.stat(folder).st_mtime_ns
    added = folder / "copied-back.json"
    added.write_bytes(Path(before[0]).read_bytes())
    os.utime(folder, ns=(stamp, stamp))  # the folder's time as the index knows it
    savedir.forget_index()  # a new run, the index from its file
    assert str(added) in savedir.newest_saves()


def test_a_folder_whose_two_times_are_the_indexs_is_listed_without_looking_at_it(
        app: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    """The folder's change time moves whenever an entry is added, replaced or removed, and
    no program can set it back: a folder whose modification and change times are those the
    index was taken at holds the index's saves, listed without one look at its entries.
    (Here the folder counts as settled at once; a real one, two seconds after it changed.)"""
    from rail_app.ui import savedir, saveindex
    from rail_app.ui.session import saves_dir

    if not saveindex.CTIME_TELLS:
        pytest.skip("the change time is the creation time here")  # never on Linux (CI)
    monkeypatch.setattr(saveindex, "_RACY_NS", -1)
    scene = start(app)
    assert scene.controller.save_game()
    first = savedir.newest_saves()
    looks: list[str] = []
    real = os.scandir

    def scandir(path: Any) -> Any:
        looks.append(str(path))
        return real(path)

    monkeypatch.setattr(os, "scandir", scandir)
    savedir.forget_index()  # a new run: the index from its file
    assert savedir.newest_saves() == first and looks == []
    added = saves_dir() / "copied-back.json"
    added.write_bytes(Path(first[0]).read_bytes())
    savedir.forget_index()
    assert str(added) in savedir.newest_saves() and looks == [str(saves_dir())]


def test_continue_answers_a_folder_it_has_seen_without_reading_it(
        app: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    """What Continue found is kept beside the index with the folder's two times: while they
    are unchanged, the next run's Continue reads neither a save nor the index; a save
    added, a save deleted or a game now over is looked for again."""
    from rail_app.ui import savedir, saveindex
    from rail_app.ui.savelist import latest_game_path
    from rail_app.ui.session import saves_dir

    if not saveindex.CTIME_TELLS:
        pytest.skip("the change time is the creation time here")  # never on Linux (CI)
    monkeypatch.setattr(saveindex, "_RACY_NS", -1)
    scene, playing = _playing_among_finished(app, 30)
    assert latest_game_path("italian-rails") == playing
    assert latest_game_path("steam") is None
    assert (saves_dir().parent / saveindex.ANSWERS_NAME).is_file()
    savedir.forget_index()  # the next run
    indexes: list[int] = []
    real_index = saveindex.read_index
    monkeypatch.setattr(saveindex, "read_index",
                        lambda folder: indexes.append(1) or real_index(folder))
    reads = counting(monkeypatch)
    assert latest_game_path("italian-rails") == playing
    assert latest_game_path("steam") is None
    assert reads == [] and indexes == []
    # the game being played now over, written as the game writes it (another file)
    copy = saves_dir() / ".over.tmp"
    copy.write_bytes(playing.read_bytes().replace(b'"over": false', b'"over": true', 1))
    os.replace(copy, playing)
    os.utime(playing, (time.time() - 2000, time.time() - 2000))
    savedir.forget_index()
    assert latest_game_path("italian-rails") is None
    # a new game saved: found at once
    newer = saves_dir() / "game-newer.json"
    newer.write_bytes(playing.read_bytes().replace(b'"over": true', b'"over": false', 1)
                      .replace(scene.session.game_id.encode(), b"000000newer0", 1))
    savedir.forget_index()
    assert latest_game_path("italian-rails") == newer
    newer.unlink()
    assert latest_game_path("italian-rails") is None


def test_the_index_reads_back_every_column_it_wrote(app: Any,
                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    """The index file holds a column after another, the names first; reading it splits
    the names alone, and the other columns the first time they are needed: each comes
    back as it was written, and an empty folder's index is an empty list."""
    from rail_app.ui import savedir, saveindex
    from rail_app.ui.savelist import latest_game_path
    from rail_app.ui.session import saves_dir

    monkeypatch.setattr(saveindex, "_RACY_NS", -1)
    scene = start(app)
    assert scene.controller.save_game()
    fill(saves_dir(), max(saves_dir().glob("game-*.json")), scene.session.game_id, 5)
    assert latest_game_path() is not None  # the facts learnt and kept
    kept = savedir._INDEX
    back = saveindex.read_index(saves_dir())
    assert back._names is None and back._rest  # nothing split yet
    # a match's autosaves found in the names' text, as the split list finds them
    match = kept.names[-1].split("-")[1]
    prefix = f"autosave-{match}-"
    assert back.prefixed(prefix) == [n for n in kept.names if n[:len(prefix)] == prefix]
    assert back.prefixed(prefix) and back._names is None
    assert back.prefixed("no-such-") == []
    assert back.names == kept.names and len(back.names) >= 6
    assert back.prefixed(prefix) == [n for n in back.names if n[:len(prefix)] == prefix]
    assert back.rows == kept.rows and back.games == kept.games
    assert back.matches == kept.matches and back.overs == kept.overs
    assert "italian-rails" in back.games  # what Continue learnt of the newest save
    for p in saves_dir().glob("*.json"):
        p.unlink()
    savedir.forget_index()
    assert savedir.newest_saves() == []
    empty = saveindex.read_index(saves_dir())
    assert empty.folder == str(saves_dir()) and empty.names == [] and empty.rows == []


@pytest.mark.parametrize("answers", ["garbage", "another folder", "fifo", "folder"])
def test_a_hostile_answers_file_never_hides_a_game(app: Any, monkeypatch: pytest.MonkeyPatch,
                                                   answers: str) -> None:
    from rail_app.ui import savedir, saveindex
    from rail_app.ui.savelist import latest_game_path
    from rail_app.ui.session import saves_dir

    monkeypatch.setattr(saveindex, "_RACY_NS", -1)
    scene = start(app)
    assert scene.controller.save_game()
    found = latest_game_path()
    assert found is not None
    p = saves_dir().parent / saveindex.ANSWERS_NAME
    times = saveindex.folder_times(saves_dir())
    assert times is not None
    p.unlink(missing_ok=True)
    if answers == "garbage":
        p.write_bytes(b"\xff\xfe not a list")
    elif answers == "another folder":
        p.write_text("\0".join([saveindex.ANSWERS_HEAD, saveindex.ANSWERS_VERSION, "/elsewhere",
                                str(times[0]), str(times[1]), "*", ""]), encoding="utf-8")
    elif answers == "fifo":
        os.mkfifo(p)
    else:
        p.mkdir()
    savedir.forget_index()
    assert latest_game_path() == found


@pytest.mark.parametrize("index", ["garbage", "nul fields", "fifo", "huge", "folder"])
def test_a_hostile_index_file_lists_every_save(app: Any, index: str) -> None:
    from rail_app.ui import savedir
    from rail_app.ui.session import saves_dir

    scene = start(app)
    assert scene.controller.save_game()
    first = savedir.newest_saves()
    p = saves_dir().parent / savedir.INDEX_NAME
    p.unlink(missing_ok=True)
    if index == "garbage":
        p.write_bytes(b"\xff\xfe not an index")
    elif index == "nul fields":
        p.write_text("rail-saves-index\x002\x00" + "\x00" * 50 + "x.json", encoding="utf-8")
    elif index == "fifo":
        os.mkfifo(p)
    elif index == "huge":
        p.write_bytes(b"\0" * (17 << 20))
    else:
        p.mkdir()
    savedir.forget_index()
    assert savedir.newest_saves() == first


def test_the_load_screen_never_waits_for_a_saves_map(app: Any,
                                                     monkeypatch: pytest.MonkeyPatch) -> None:
    """A save's world may hold a map that takes seconds to read or to refuse (2,000 cities,
    a 2 MB file): the Load screen's frames are drawn while the maps are read in the
    background, one at a time, and the small pictures come when they are ready. Here the
    reading of every map is held until the frames are drawn: they never wait for it."""
    import threading

    from rail_app.games.italian_rails.ui.front import FRONT
    from rail_app.ui.session import saves_dir

    scene = start(app)
    assert scene.controller.save_game()
    mine = max(saves_dir().glob("game-*.json"))
    fill(saves_dir(), mine, scene.session.game_id, 8)
    release = threading.Event()
    read_in: list[str] = []
    real = FRONT.picture_board

    def slow(map_path: Path) -> Any:
        read_in.append(threading.current_thread().name)
        release.wait(HANG_S)
        return real(map_path)

    monkeypatch.setattr(FRONT, "picture_board", slow)
    from rail_app.ui import thumbnails

    thumbnails.forget()  # the map as an earlier test's Load screen may have left it read
    d = Driver(app)
    app.reset(screens.menu(app))
    saves = app.push(screens.saves(app))
    d.frames(5)  # drawn while the first map is held
    assert app.scene is saves and read_in and "MainThread" not in read_in
    release.set()
    frames_until(app, lambda: any(_thumb_ready(e) for e in saves.entries[:3]))


def _thumb_ready(entry: Any) -> bool:
    from rail_app.ui.thumbnails import thumbnail

    return thumbnail(entry, (64, 72), wait=False) is not None
