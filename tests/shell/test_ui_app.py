"""The app around the game: command line, main loop, menus, settings and sounds."""

from __future__ import annotations

import json
import os
from typing import Any

import pygame
import pytest

from rail_app.ui.kit.driver import Driver
from tests.games.italian_rails.test_ui_support import MINI


def test_command_line_options() -> None:
    from rail_app.cli import play_parser as build_parser

    args = build_parser().parse_args(["--map", MINI, "--size", "1600x900", "--windowed"])
    assert args.size == (1600, 900) and args.fullscreen is False and args.map == MINI
    with pytest.raises(SystemExit):
        build_parser().parse_args(["--size", "800x600"])


def test_main_rejects_a_missing_map_file(capsys: pytest.CaptureFixture[str]) -> None:
    from rail_app.cli import play_main as main

    assert main(["--map", "no/such/map.yaml"]) == 2
    assert "no such file" in capsys.readouterr().err


def test_the_loop_ends_on_quit(app: Any) -> None:
    pygame.event.post(pygame.event.Event(pygame.QUIT))
    assert app.run() == 0


def test_menu_new_game_dialog_starts_a_game_with_a_computer_seat(app: Any) -> None:
    d = Driver(app)
    d.frames(1)
    new = next(b for b, w in app.scene.buttons.items() if w == "new")
    d.click_button(new)
    ng = app.scene
    assert type(ng).__name__ == "NewGameScene"
    ng.seed_entry.set_text("42")
    setup = ng.setup()
    assert setup is not None and setup.seed == 42
    assert [s.kind for s in setup.seats] == ["human", "computer"]
    d.click_button(ng.start_button)
    assert type(app.scene).__name__ == "GameScene"
    assert app.scene.state.seed == 42


def test_settings_are_saved_atomically_and_a_damaged_file_gives_defaults(
        tmp_path: Any) -> None:
    from rail_app.ui.settings import DEFAULT_INKS, Settings, load_settings, save_settings

    p = tmp_path / "settings.json"
    s = Settings(volume=0.25, muted=True, ui_scale=1.25, inks=["vermillion", "sky blue"])
    save_settings(s, p)
    back = load_settings(p)
    assert (back.volume, back.muted, back.ui_scale) == (0.25, True, 1.25)
    # a file of two seats' inks (before six seats) keeps them; the other seats get the first
    # inks not taken, each its own
    assert back.inks[:2] == ["vermillion", "sky blue"]
    assert len(back.inks) == 6 and len(set(back.inks)) == 6
    assert [x.name for x in tmp_path.iterdir()] == ["settings.json"]  # no temporary left
    p.write_text("{not json", encoding="utf-8")
    assert load_settings(p) == Settings()
    p.write_text(json.dumps({"volume": "loud", "inks": ["plaid"]}), encoding="utf-8")
    assert load_settings(p).inks == list(DEFAULT_INKS)


def test_m_mutes_and_the_setting_is_kept(app: Any) -> None:
    from rail_app.ui.settings import load_settings

    d = Driver(app)
    assert not app.settings.muted
    d.key(pygame.K_m)
    assert app.settings.muted and app.sounds.muted
    assert load_settings().muted


def test_sounds_are_synthesized_and_silent_without_a_device() -> None:
    from rail_app.ui import sound

    for make in sound.SOUNDS.values():
        wave = make()
        assert 0.02 < len(wave) / sound.RATE < 1.0
        assert abs(wave).max() <= 1.0
    s = sound.Sounds(0.5)
    s.play("squeak")  # never raises, device or not


def _folder_contents(folder: Any) -> dict[str, tuple[bytes, int]]:
    """Every file under ``folder`` with its bytes and modification time."""
    return {str(p.relative_to(folder)): (p.read_bytes(), p.stat().st_mtime_ns)
            for p in sorted(folder.rglob("*")) if p.is_file()}


def _players_folder(folder: Any) -> dict[str, tuple[bytes, int]]:
    """A player's data folder with settings and a save in it."""
    (folder / "saves").mkdir(parents=True)
    (folder / "settings.json").write_text('{"volume": 0.3}', encoding="utf-8")
    (folder / "saves" / "my-game.json").write_text("{}", encoding="utf-8")
    return _folder_contents(folder)


@pytest.mark.parametrize("players_folder", ["named by ITALIAN_RAILS_DATA_DIR",
                                            "the platform's folder"])
def test_selftest_never_touches_the_players_folder(tmp_path: Any, players_folder: str,
                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    """As ``python main.py --selftest`` runs it, for a player who named a data folder (a
    portable install) and for one who did not: it plays in a folder of its own in the
    temporary folder, removes it, and leaves the player's folder exactly as it was (no
    Continue into its test game, no test save to load)."""
    import tempfile

    import platformdirs

    from rail_app.ui.selftest import run_selftest

    mine = tmp_path / "players-data"
    before = _players_folder(mine)
    scratch = tmp_path / "tmp"
    scratch.mkdir()
    monkeypatch.setattr(tempfile, "tempdir", str(scratch))
    monkeypatch.setattr(platformdirs, "user_data_dir", lambda *a, **k: str(mine))
    if players_folder == "the platform's folder":
        monkeypatch.delenv("ITALIAN_RAILS_DATA_DIR")
    else:
        monkeypatch.setenv("ITALIAN_RAILS_DATA_DIR", str(mine))
    assert run_selftest(MINI, turns=1, verbose=False) == 0
    assert _folder_contents(mine) == before
    assert list(scratch.iterdir()) == []
    if players_folder == "the platform's folder":
        assert "ITALIAN_RAILS_DATA_DIR" not in os.environ
    else:
        assert os.environ["ITALIAN_RAILS_DATA_DIR"] == str(mine)


def test_the_six_seats_default_inks_are_the_palettes_each_its_own() -> None:
    from rail_app.table.seats import DEFAULT_INKS, MAX_SEATS
    from rail_app.ui.palette import INKS

    assert len(DEFAULT_INKS) == MAX_SEATS == len(set(DEFAULT_INKS))
    assert set(DEFAULT_INKS) <= set(INKS)
    assert len({INKS[i] for i in DEFAULT_INKS}) == MAX_SEATS


def test_selftest_passes_on_a_valid_map_after_both_private_cards_are_delivered(
        capsys: pytest.CaptureFixture[str]) -> None:
    """Eight turns of the self-test on the mini map deliver both private cards, and a
    delivered private card is not replaced (C5), so the player holds none: the check that
    two cards were kept reads what was kept, not what is left."""
    from rail_app.ui.selftest import run_selftest

    assert run_selftest(MINI, turns=8) == 0
    out = capsys.readouterr().out
    assert "ok   2 cards kept by clicking them" in out
    assert "2 of them private cards" in out, out  # the case in question: none left
    assert "FAIL" not in out and "selftest: all checks passed" in out


def test_the_window_shows_the_tables_icon(monkeypatch: pytest.MonkeyPatch,
                                          _own_data_dir: Any) -> None:
    """The icon is set before the window opens (some systems take none after), from the
    picture tools/make_icon.py draws."""
    from rail_app.core.paths import resource_path
    from rail_app.ui import app as app_module
    from rail_app.ui.icon import ICON
    from rail_app.ui.settings import Settings

    events: list[tuple[str, Any]] = []
    set_icon, set_mode = pygame.display.set_icon, pygame.display.set_mode
    monkeypatch.setattr(pygame.display, "set_icon",
                        lambda surface: (events.append(("icon", surface)), set_icon(surface)))
    monkeypatch.setattr(pygame.display, "set_mode",
                        lambda *a, **k: (events.append(("mode", None)), set_mode(*a, **k))[1])
    app_module.App(size=(1280, 720), fullscreen=False, settings=Settings())
    assert [kind for kind, _ in events][:2] == ["icon", "mode"]
    icon = events[0][1]
    assert icon.get_size() == (256, 256)
    drawn = pygame.image.load(str(resource_path(*ICON)))
    assert pygame.image.tobytes(icon, "RGBA") == pygame.image.tobytes(drawn, "RGBA")
