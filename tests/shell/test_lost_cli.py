"""The command line refuses cleanly (exit 2, one line, no traceback) what it cannot do: a
picture written to a folder, into a folder that does not exist or to a full device; a
benchmark on a map that is not a file; records written under a folder that is not the
project's; counts that would do nothing or eat the machine's memory."""

from __future__ import annotations

import os
import stat
from pathlib import Path

import pytest

from rail_app.cli import main
from tests.games.italian_rails.test_ui_support import MINI


def refused(argv: list[str], capsys: pytest.CaptureFixture[str]) -> str:
    try:
        code = main(argv)
    except SystemExit as exc:  # argparse's refusal
        code = int(exc.code or 0)
    out = capsys.readouterr()
    assert code == 2, (argv, out)
    assert "Traceback" not in out.err + out.out
    return out.err


def test_render_map_refuses_a_folder_a_missing_folder_and_a_device(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert "it is a folder" in refused(["render-map", MINI, "-o", str(tmp_path)], capsys)
    assert "does not exist" in refused(
        ["render-map", MINI, "-o", str(tmp_path / "missing" / "x.png")], capsys)
    if stat.S_ISCHR(os.stat(os.devnull).st_mode):
        assert "not a regular file" in refused(["render-map", MINI, "-o", os.devnull],
                                               capsys)


def test_render_map_on_a_full_disk_says_it_cannot_write(
        tmp_path: Path, capsys: pytest.CaptureFixture[str],
        monkeypatch: pytest.MonkeyPatch) -> None:
    import pygame

    def full(*args: object, **kwargs: object) -> None:
        raise pygame.error("Error writing to datastream")

    monkeypatch.setattr(pygame.image, "save", full)
    assert "cannot write" in refused(["render-map", MINI, "-o", str(tmp_path / "m.png")],
                                     capsys)


def test_bench_refuses_a_map_that_is_not_a_file(capsys: pytest.CaptureFixture[str]) -> None:
    assert "/dev/zero" in refused(["bench", "--quick", "--map", "/dev/zero"], capsys)


def test_make_records_refuses_a_root_that_is_not_the_project(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert "is not a folder" in refused(["make-records", "--root",
                                         str(tmp_path / "missing")], capsys)
    assert "not the project" in refused(["make-records", "--root", str(tmp_path)], capsys)


@pytest.mark.parametrize("argv", [
    ["simulate", "--games", "1000000000000"],
    ["tournament", "--games", "1000000000000"],
    ["soak", "--games", "1000000000000"],
    ["tournament", "--turn-cap", "0"],
    ["tournament", "--turn-cap", "-7"],
    ["simulate", "--turn-cap", "0"],
    ["fuzz", "saves", "--count", "-1"],
    ["fuzz", "kill", "--count", "0"],
    ["selftest", "--turns", "-1"],
    ["lesson-seed", "--count", "-1"],
    ["simulate", "--games", "9" * 5000],
])
def test_counts_out_of_range_are_refused(argv: list[str],
                                         capsys: pytest.CaptureFixture[str]) -> None:
    err = refused(argv, capsys)
    assert "must be from" in err or "is not a whole number" in err


def test_render_map_to_a_name_no_file_can_have_is_refused(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    err = refused(["render-map", MINI, "-o", str(tmp_path / ("x" * 300)) + ".png"], capsys)
    assert "cannot write" in err and len(err) < 300
    err = refused(["render-map", MINI, "-o", str(tmp_path / "a\x00b.png")], capsys)
    assert "NUL" in err


@pytest.mark.parametrize("argv, said", [
    (["selftest", "--game", "steam", "--map", MINI], "Italian Rails map"),
    (["play", "--selftest", "--game", "monopoly"], "no game 'monopoly'"),
    (["simulate", "--players", ""], "--players takes two"),
    (["simulate", "--players", " , "], "--players takes two"),
    (["tournament", "--levels", ""], "--levels takes"),
    (["tournament", "--game", "steam", "--games", "1000000000000"], "1 to 1,000,000"),
    (["tournament", "--game", "steam", "--games", "0"], "1 to 1,000,000"),
    (["tournament", "--game", "steam", "--level", "h2=hard:params.discount=1e999",
      "--levels", "h2"], "bad value '1e999'"),
    (["tournament", "--game", "steam", "--level", "h2=hard:params.discount=nan",
      "--levels", "h2"], "bad value 'nan'"),
])
def test_what_a_command_cannot_do_is_refused_not_run_another_way(
        argv: list[str], said: str, capsys: pytest.CaptureFixture[str]) -> None:
    """A refusal, exit 2 and one line, instead of a traceback, a default table run in its
    place, or a schedule that fills the memory."""
    assert said in refused(argv, capsys)
