"""The standalone game is a desktop application on each system (ItalianRails.spec, run here
with stand-ins for PyInstaller's steps, tests/spechelp.py): windowed on Windows and macOS with
the table's icon, a console program beside it for the command line on Windows, an .app on
macOS; on Linux one program, without the libraries every desktop has; and what the bundle
carries is what the game reads."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.spechelp import ROOT, run_spec

LIBSTDCXX = ("libstdc++.so.6", "/usr/lib/x86_64-linux-gnu/libstdc++.so.6", "BINARY")
LIBGCC = ("libgcc_s.so.1", "/usr/lib/x86_64-linux-gnu/libgcc_s.so.1", "BINARY")
LIBZ = ("libz.so.1", "/usr/lib/x86_64-linux-gnu/libz.so.1", "BINARY")


def test_windows_gets_a_windowed_game_and_a_console_program_beside_it(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    built = run_spec("win32", workpath=tmp_path, monkeypatch=monkeypatch)
    assert built.names == ["ItalianRails", "ItalianRails-console"]
    game, console = built.program("ItalianRails"), built.program("ItalianRails-console")
    assert game["console"] is False and console["console"] is True
    for program in (game, console):
        assert program["icon"] == str(ROOT / "assets" / "icon" / "table.ico")
        assert program["exclude_binaries"] is True
    assert built.folder is not None and built.folder["name"] == "ItalianRails"
    assert built.app is None


def test_windows_one_file_is_the_windowed_game(tmp_path: Path,
                                               monkeypatch: pytest.MonkeyPatch) -> None:
    built = run_spec("win32", onefile=True, workpath=tmp_path, monkeypatch=monkeypatch)
    assert built.names == ["ItalianRails-onefile"]
    assert built.programs[0]["console"] is False
    assert built.programs[0]["icon"].endswith("table.ico")
    assert built.folder is None


def test_macos_gets_a_windowed_app_with_the_icon(tmp_path: Path,
                                                 monkeypatch: pytest.MonkeyPatch) -> None:
    built = run_spec("darwin", workpath=tmp_path, monkeypatch=monkeypatch)
    assert built.names == ["ItalianRails"]
    assert built.programs[0]["console"] is False
    assert built.app is not None
    assert built.app["name"] == "ItalianRails.app"
    assert built.app["icon"] == str(ROOT / "assets" / "icon" / "table.icns")
    from rail_app import __version__

    assert built.app["version"] == __version__
    assert built.app["info_plist"]["NSHighResolutionCapable"] is True
    # The one file on macOS is a program for a terminal (an .app is a folder).
    onefile = run_spec("darwin", onefile=True, workpath=tmp_path, monkeypatch=monkeypatch)
    assert onefile.programs[0]["console"] is True


def test_linux_gets_one_program_and_leaves_the_systems_libraries_to_it(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    found = [LIBSTDCXX, LIBGCC, LIBZ]
    built = run_spec("linux", binaries=found, workpath=tmp_path, monkeypatch=monkeypatch)
    assert built.names == ["ItalianRails"]
    assert built.programs[0]["console"] is True
    assert built.programs[0]["icon"] is None
    assert built.app is None
    assert [entry[0] for entry in built.binaries] == ["libz.so.1"]
    onefile = run_spec("linux", onefile=True, binaries=found, workpath=tmp_path,
                       monkeypatch=monkeypatch)
    assert [entry[0] for entry in onefile.binaries] == ["libz.so.1"]
    # Other systems keep what PyInstaller found (their libraries are theirs to judge).
    windows = run_spec("win32", binaries=found, workpath=tmp_path, monkeypatch=monkeypatch)
    assert len(windows.binaries) == 3


def test_the_icons_the_spec_names_are_in_the_repository() -> None:
    for name in ("table.png", "table.ico", "table.icns"):
        assert (ROOT / "assets" / "icon" / name).is_file(), name


def _datas(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> list[tuple[str, str]]:
    built = run_spec("linux", workpath=tmp_path, monkeypatch=monkeypatch)
    datas: list[tuple[str, str]] = built.analysis["datas"]
    return datas


def _bundled(datas: list[tuple[str, str]]) -> set[str]:
    """The files the data entries bring, as paths inside the bundle."""
    out: set[str] = set()
    for pattern, dest in datas:
        for path in ROOT.glob(pattern):
            out.add(f"{dest}/{path.name}" if path.is_file() else dest)
    return out


def test_the_bundle_carries_what_the_game_reads(tmp_path: Path,
                                               monkeypatch: pytest.MonkeyPatch) -> None:
    bundled = _bundled(_datas(tmp_path, monkeypatch))
    for needed in ("maps/italy.yaml", "maps/italy-deck.yaml", "maps/schema.json",
                   "maps/steam-italia.yaml", "maps/test/mini.yaml",
                   "assets/fonts/NotoSans-Regular.ttf", "assets/fonts/NotoSans-Bold.ttf",
                   "assets/fonts/OFL.txt", "assets/theme.json", "assets/icon/table.png",
                   "locale/es/LC_MESSAGES/rail_app.po"):
        assert needed in bundled, needed


def test_the_bundle_leaves_out_what_the_game_does_not_read(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    bundled = _bundled(_datas(tmp_path, monkeypatch))
    for left_out in ("locale/rail_app.pot", "locale/es/same-as-english.txt",
                     "assets/sounds/whistle.wav", "assets/icon/table.ico",
                     "assets/icon/table.icns", "assets/README.md", "maps/README.md",
                     "maps/test/steam-row.yaml", "maps/test/mini-short.yaml"):
        assert left_out not in bundled, left_out


def test_every_games_development_tools_are_left_out(tmp_path: Path,
                                                    monkeypatch: pytest.MonkeyPatch) -> None:
    """The table's development tools and each game's own (its ``devtools`` package, a game
    that joins the table included) stay out of the executable."""
    excludes = run_spec("linux", workpath=tmp_path, monkeypatch=monkeypatch).analysis["excludes"]
    games = [p.name for p in (ROOT / "rail_app" / "games").iterdir() if (p / "devtools").is_dir()]
    assert {"italian_rails", "steam"} <= set(games)
    for game in games:
        assert f"rail_app.games.{game}.devtools" in excludes, game
    assert "rail_app.devtools" in excludes and "tqdm" in excludes
