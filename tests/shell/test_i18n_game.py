"""The game in Spanish: the language setting (kept in the settings file, chosen at start, the
usual variables when none is set), a switch on the Settings screen that redraws the screens
without a restart, and the self-test and the UI monkey played in Spanish."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pygame_gui
import pytest

from rail_app.core import i18n
from rail_app.ui.settings import Settings, load_settings, save_settings
from tests.waiting import HANG_S

ROOT = Path(__file__).resolve().parents[2]


def test_the_setting_is_kept_and_read_back(tmp_path: Path) -> None:
    path = tmp_path / "settings.json"
    save_settings(Settings(language="es"), path)
    assert load_settings(path).language == "es"
    assert Settings.from_dict({"language": "xx"}).language == ""  # a language we lack
    assert Settings.from_dict({"language": 3}).language == ""


def test_the_command_line_speaks_the_settings_language_else_the_variables(
        monkeypatch: Any, _own_data_dir: Path) -> None:
    from rail_app import cli

    args = cli.build_parser().parse_args(["games"])
    monkeypatch.setenv("LANGUAGE", "es_ES:en")
    cli.speak(args)
    assert i18n.language() == "es"
    save_settings(Settings(language="en"))
    cli.speak(args)
    assert i18n.language() == "en"  # the setting wins over the variables
    json_args = cli.build_parser().parse_args(["validate-map", "maps/italy.yaml", "--json"])
    save_settings(Settings(language="es"))
    cli.speak(json_args)
    assert i18n.language() == "en"  # machine output is never translated


def test_choosing_the_language_leaves_a_damaged_settings_file_to_the_game(
        _own_data_dir: Path) -> None:
    """The game sets a damaged settings file aside and says so; choosing the language at
    start reads it without touching it (English, the variables' choice in the tests)."""
    from rail_app import cli
    from rail_app.ui.settings import settings_path

    settings_path().write_text("{not json", encoding="utf-8")
    cli.speak(cli.build_parser().parse_args(["games"]))
    assert i18n.language() == "en"
    assert settings_path().read_text(encoding="utf-8") == "{not json"


def test_choosing_spanish_in_settings_redraws_without_a_restart(app: Any) -> None:
    menu = app.scene
    app.push(app.screens.settings())
    settings = app.scene
    spanish = next(o for o in settings.language_menu.options_list if o[1] == "es")
    settings.language_menu.selected_option = spanish
    settings.store()
    assert i18n.language() == "es" and app.settings.language == "es"
    assert load_settings().language == "es"  # kept for the next start
    labels = {e.text for e in app.scene.ui.get_sprite_group().sprites() if isinstance(
        e, pygame_gui.elements.UILabel)}
    assert {"Ajustes", "Idioma", "Volumen"} <= labels
    app.pop()
    assert app.scene is menu
    buttons = {e.text for e in menu.ui.get_sprite_group().sprites()
               if isinstance(e, pygame_gui.elements.UIButton)}
    assert {"Nueva partida", "Cargar partida", "Ajustes", "Salir"} <= buttons
    app.step(1 / 60, events=[])


@pytest.mark.slow
def test_selftest_in_spanish_from_the_variables(tmp_path: Path) -> None:
    """``LANGUAGE=es python -m rail_app selftest`` passes (the game chooses Spanish from the
    variable, as a player's machine would)."""
    env = dict(os.environ, LANGUAGE="es", ITALIAN_RAILS_DATA_DIR=str(tmp_path),
               SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
    done = subprocess.run([sys.executable, "-c",
                           "import sys\nfrom rail_app import cli, core\n"
                           "code = cli.main(['selftest', '--turns', '1'])\n"
                           "from rail_app.core import i18n\n"
                           "print('language', i18n.language())\nsys.exit(code)"],
                          cwd=ROOT, env=env, capture_output=True, text=True, timeout=HANG_S)
    assert done.returncode == 0, done.stdout[-2000:] + done.stderr[-2000:]
    assert "all checks passed" in done.stdout
    assert "language es" in done.stdout


@pytest.mark.slow
def test_ui_monkey_in_spanish() -> None:
    from rail_app.devtools import fuzz_ui

    with i18n.using_language("es"):
        s = fuzz_ui.run(seed=3, count=fuzz_ui.SHORT_COUNT)
    assert s["crashes"] == 0, s["failures"]
    assert {"MenuScene", "NewGameScene", "GameScene"} <= set(s["screens"])
