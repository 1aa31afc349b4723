"""The smaller ways a save or a setting was misread: a save's summary is checked against its
actions; a packed world carries only the files its map uses; refusing a large hostile save
costs little memory; "muted": "false" is no answer; a save's folder is flushed after the
rename that puts the save in place."""

from __future__ import annotations

import json
import tracemalloc
from pathlib import Path
from typing import Any

import pytest

from rail_app.ui.kit.driver import Driver
from tests.games.italian_rails.test_ui_support import start
from tests.shell.test_ui_saves import end_turns


def saved(app: Any, turns: int = 2) -> tuple[Any, Path]:
    from rail_app.ui.session import saves_dir

    scene = start(app)
    end_turns(Driver(app), scene, turns)
    assert scene.controller.save_game()
    return scene, max(saves_dir().glob("game-*.json"))


def edit(path: Path, change: Any) -> None:
    data = json.loads(path.read_text(encoding="utf-8"))
    change(data)
    path.write_text(json.dumps(data), encoding="utf-8")


@pytest.mark.parametrize("key, value", [("over", True), ("turn", 9), ("actions", 999)])
def test_a_summary_that_its_actions_do_not_make_is_refused(app: Any, key: str,
                                                          value: Any) -> None:
    from rail_app.ui.session import LoadError, Session

    _, path = saved(app)
    edit(path, lambda d: d["game"].update({key: value}))
    with pytest.raises(LoadError) as err:
        Session.load(path)
    assert "summary" in str(err.value)


def test_a_world_carrying_a_file_its_map_does_not_use_is_refused(app: Any) -> None:
    from rail_app.ui.session import LoadError, Session

    _, path = saved(app, 1)

    def extra(d: dict[str, Any]) -> None:
        deck = dict(d["world"]["deck"])
        deck["name"] = "unused.yaml"
        d["world"]["geometry"] = deck

    edit(path, extra)
    with pytest.raises(LoadError) as err:
        Session.load(path)
    assert "does not use" in str(err.value)


@pytest.mark.parametrize("announced", [1000, 8 * 1024 * 1024])
def test_refusing_a_zlib_bomb_costs_little_memory(app: Any, announced: int) -> None:
    """A save whose packed geometry inflates to 200 MB (its packed text a few hundred KB):
    it is refused having inflated no more than it announced, within the limit of its
    kind."""
    import base64
    import zlib

    from rail_app.table.library import read_save
    from rail_app.table.saves import SaveError

    _, path = saved(app, 1)
    squeezer = zlib.compressobj(9)
    chunk = bytes(1 << 20)
    packed = b"".join(squeezer.compress(chunk) for _ in range(200)) + squeezer.flush()

    def bomb(d: dict[str, Any]) -> None:
        d["world"]["geometry"] = {"name": "italy.geojson", "size": announced,
                                  "sha256": "0" * 64,
                                  "zlib": base64.b64encode(packed).decode("ascii")}

    edit(path, bomb)
    tracemalloc.start()
    try:
        with pytest.raises(SaveError):
            read_save(path)
        _, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    assert peak < 60 * 1024 * 1024, f"{peak / 1e6:.0f} MB"


def test_the_depth_of_a_large_file_is_measured_in_little_memory() -> None:
    from rail_app.core import guarded

    data = b'{"x": [' + b"[1]," * 3_000_000 + b"[1]]}"
    tracemalloc.start()
    try:
        depth, _ = guarded.json_depth(data)
        _, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    assert depth == 3
    assert peak < 3 * len(data), f"{peak / 1e6:.0f} MB for {len(data) / 1e6:.0f} MB"


def test_muted_is_read_only_from_true_or_false() -> None:
    from rail_app.ui.settings import Settings

    assert Settings.from_dict({"muted": "false"}).muted is False
    assert Settings.from_dict({"muted": 1}).muted is False
    assert Settings.from_dict({"muted": True}).muted is True


def test_the_folder_is_flushed_after_a_save_is_renamed_into_it(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    import os

    from rail_app.core import files

    synced: list[bool] = []
    real = os.fsync

    def fsync(fd: int) -> None:
        import stat

        synced.append(stat.S_ISDIR(os.fstat(fd).st_mode))
        real(fd)

    monkeypatch.setattr(os, "fsync", fsync)
    files.write_atomic(tmp_path / "a.json", "{}")
    assert synced == [False, True]  # the file, then its folder
