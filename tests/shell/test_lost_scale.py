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
