"""Export… and Import… with strange files and names: a name as long as the file system
allows is written, a longer one or one holding a NUL is refused with the reason; an
import of a link loop, a dangling link, a FIFO, a device or a folder is refused without
waiting; a save whose seats' inks the game does not have is refused when it is imported,
never announced "Imported" and then unloadable; the bytes checked are the bytes written."""

from __future__ import annotations

import json
import os
import stat
from pathlib import Path
from typing import Any

import pytest

from rail_app.core.files import write_atomic
from rail_app.ui.sharing import ShareError, export_save, import_save
from tests.shell.test_ui_sharing import _push, _save_screen, _saved_game


def test_a_file_named_as_long_as_the_disk_allows_is_written_atomically(tmp_path: Path
                                                                      ) -> None:
    longest = tmp_path / ("n" * 255)
    write_atomic(longest, b"whole")
    assert longest.read_bytes() == b"whole"
    assert [p.name for p in tmp_path.iterdir()] == [longest.name]  # no temporary left
    accented = tmp_path / ("é" * 127)  # 254 bytes of UTF-8
    write_atomic(accented, b"whole")
    assert accented.read_bytes() == b"whole"


@pytest.mark.parametrize("name, why", [("x" * 300, "too long"),
                                       ("a\0b", "NUL"),
                                       ("x" * 252, "")])  # + .json: 257 bytes
def test_export_to_a_name_no_file_can_have_is_refused_with_the_reason(
        tmp_path: Path, name: str, why: str) -> None:
    saved = _saved_game()
    with pytest.raises(ShareError) as err:
        export_save(saved, tmp_path / name)
    message = str(err.value)
    assert "cannot be written" in message and why in message
    assert len(message) < 160 and "\0" not in message


def test_a_300_character_name_typed_in_the_export_dialog_is_no_choice(app: Any,
                                                                      tmp_path: Path) -> None:
    """The file dialog's check of the typed path: a name longer than any file system takes
    leaves OK disabled (and the screen up); nothing is written."""
    from tests.shell.test_ui_saves import type_text

    _saved_game()
    d, scene = _save_screen(app)
    _push(d, scene.extras.export_button)
    dialog = scene.extras.sharing
    type_text(d, dialog.file_path_text_line, str(tmp_path / ("y" * 300)))
    d.frames(2)
    assert type(app.scene).__name__ == "SavesScene" and dialog.alive()
    assert not dialog.ok_button.is_enabled
    assert list(tmp_path.iterdir()) == []


def _hostile(tmp_path: Path, what: str) -> Path:
    p = tmp_path / f"{what}.json"
    if what == "loop":
        os.symlink(p, p)
    elif what == "dangling":
        os.symlink(tmp_path / "nowhere.json", p)
    elif what == "fifo":
        os.mkfifo(p)
    elif what == "device":
        os.symlink(os.devnull, p)
    elif what == "folder":
        p.mkdir()
    elif what == "deep":
        p.write_text("[" * 100_000 + "]" * 100_000, encoding="utf-8")
    return p


@pytest.mark.parametrize("what", ["loop", "dangling", "fifo", "device", "folder", "deep"])
def test_import_of_a_file_that_is_no_save_is_refused_without_waiting(
        tmp_path: Path, what: str) -> None:
    from rail_app.ui.session import new_save_path, saves_dir

    if what == "device" and not stat.S_ISCHR(os.stat(os.devnull).st_mode):
        pytest.skip("no character device here")  # pragma: no cover - every POSIX system
    src = _hostile(tmp_path, what)
    with pytest.raises(ShareError) as err:
        import_save(src, saves_dir(), new_save_path())
    assert src.name in str(err.value)
    assert not list(saves_dir().glob("*.json"))


def test_import_of_a_file_that_became_a_link_loop_once_picked_says_why(
        app: Any, tmp_path: Path) -> None:
    """The dialog offers only files; one changed into a link loop between the pick and the
    import (here: the pick posted for it) is refused with the reason, on the save
    screen."""
    import pygame
    import pygame_gui

    src = _hostile(tmp_path, "loop")
    d, scene = _save_screen(app)
    _push(d, scene.extras.import_button)
    pygame.event.post(pygame.event.Event(pygame_gui.UI_FILE_DIALOG_PATH_PICKED,
                                         ui_element=scene.extras.sharing, text=str(src)))
    d.frames(2)
    assert type(app.scene).__name__ == "SavesScene"
    assert "loop.json" in scene.message.text and "Imported" not in scene.message.text


def test_a_save_with_an_ink_the_game_does_not_have_is_refused_when_imported(
        tmp_path: Path) -> None:
    from rail_app.ui.session import new_save_path, saves_dir

    data = json.loads(_saved_game().read_text(encoding="utf-8"))
    data["seats"][1]["ink"] = "ultraviolet"
    src = tmp_path / "gift.json"
    src.write_text(json.dumps(data), encoding="utf-8")
    before = sorted(saves_dir().glob("*.json"))
    with pytest.raises(ShareError) as err:
        import_save(src, saves_dir(), new_save_path())
    assert "ultraviolet" in str(err.value)
    assert sorted(saves_dir().glob("*.json")) == before
