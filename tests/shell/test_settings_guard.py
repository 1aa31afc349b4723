"""A damaged settings file never stops the game from starting: it is set aside (renamed, so
nothing is lost) with a message on the menu, and the defaults are used; window sizes are
clamped to the screen and to at least 1280x720."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from rail_app.core.paths import user_data_dir
from rail_app.ui.app import MIN_SIZE, App
from rail_app.ui.settings import Settings


def _settings_file(text: str) -> Path:
    path = user_data_dir() / "settings.json"
    path.write_text(text, encoding="utf-8")
    return path


@pytest.mark.parametrize("text", [
    '{"window": [1e400, 900]}',
    '{"volume": ' + "[" * 100_000 + "]" * 100_000 + "}",
    '{"volume": 1' + "0" * 5000 + "}",
    "[1, 2, 3]",
    "{not json",
    '{"volume": NaN}',
])
def test_a_damaged_settings_file_is_set_aside_and_the_game_starts(text: str) -> None:
    path = _settings_file(text)
    app = App(size=(1280, 720), fullscreen=False)
    assert app.settings == Settings()
    assert not path.exists()
    aside = path.with_name("settings.json.bad")
    assert aside.read_text(encoding="utf-8") == text  # nothing is lost
    app.step(1 / 60, [])
    menu = app.scene
    assert "set aside as settings.json.bad" in menu.error_text  # type: ignore[attr-defined]
    assert len(menu.error_text) < 300  # type: ignore[attr-defined]


def test_a_settings_file_that_is_a_device_or_a_folder_is_set_aside(tmp_path: Path) -> None:
    from rail_app.ui.settings import load_settings_checked

    path = user_data_dir() / "settings.json"
    path.symlink_to("/dev/zero")
    settings, notice = load_settings_checked(path)
    assert settings == Settings() and notice is not None and "not a regular file" in notice
    assert not path.is_symlink()


def test_window_sizes_are_clamped_to_the_screen_and_the_minimum() -> None:
    from rail_app.ui.settings import clamp_window

    assert clamp_window((20000, 20000), (1920, 1080)) == (1920, 1080)
    assert clamp_window((800, 600), (1920, 1080)) == MIN_SIZE
    assert clamp_window((20000, 20000)) == (7680, 4320)
    assert clamp_window((1600, 900), (1366, 768)) == (1366, 768)
    assert clamp_window((1600, 900), (1024, 600)) == MIN_SIZE  # never below the minimum
    _settings_file(json.dumps({"window": [20000, 20000], "volume": 0.3}))
    app = App(fullscreen=False)
    w, h = app.windowed_size
    assert MIN_SIZE[0] <= w <= 7680 and MIN_SIZE[1] <= h <= 4320
    assert app.settings.volume == 0.3  # a file of good values is read as before


def test_a_size_asked_for_on_the_command_line_is_kept() -> None:
    """--size 1920x1080 (and tools drawing headless at that size) are not cut to the screen
    the video driver reports; only a size remembered in the settings is."""
    app = App(size=(1920, 1080), fullscreen=False, settings=Settings())
    assert app.screen.get_size() == (1920, 1080)


def test_values_of_the_wrong_type_fall_back_one_by_one() -> None:
    s = Settings.from_dict({"volume": "loud", "ui_scale": 1e300, "window": ["a", 5],
                            "inks": [{"r": 1}, "black"], "hints": False})
    assert s.volume == Settings().volume and s.ui_scale == 1.6
    assert s.window == Settings().window and s.inks[:2] == ["black", "orange"] and not s.hints
    assert s.inks == ["black", "orange", "vermillion", "bluish green", "reddish purple",
                      "sky blue"]  # six seats' inks, each its own


def test_a_size_asked_for_on_the_command_line_is_remembered() -> None:
    """--size is kept in the player's settings when the game closes, as a window resized by
    hand is, so the next start opens at that size."""
    from rail_app.ui.settings import load_settings

    _settings_file(json.dumps({"window": [1400, 800]}))
    app = App(size=(1600, 900), fullscreen=False)
    assert app.screen.get_size() == (1600, 900)
    app.close()
    assert load_settings().window == (1600, 900)
