"""One command line, two audiences: the players' help lists what a player and a map author
run (play, games, replay, review and the map tools, and help itself); the development tools
are listed apart (``dev --help``), run as ``dev NAME`` or by their old names, and are
refused with a clear message where they are not installed (the standalone executable).
``help`` and ``help COMMAND`` answer in every entry; ``play --game ID`` opens the table at
a game; a closed pipe ends a command quietly; machine output is one JSON document."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from rail_app import cli
from tests.games.italian_rails.test_ui_support import MINI
from tests.waiting import HANG_S

ROOT = Path(__file__).resolve().parents[2]

PLAYERS = ("play", "games", "replay", "review", "validate-map", "preview", "render-map",
           "new-map", "build-deck")
DEVELOPERS = ("simulate", "tournament", "fuzz", "soak", "bench", "selftest")
GAMES_OWN = ("autoplay", "make-records", "screenshots", "lesson-seed", "lesson-xvfb")

#: The entries a person starts: the module, the installed command (and the executable and
#: ``python main.py``, which are the same function under their own names).
ENTRIES = ("python -m rail_app", "italian-rails", "ItalianRails")


def _call(entry: str, argv: list[str]) -> int:
    """``argv`` given to one entry, its exit status (argparse's ``--help`` exits)."""
    try:
        if entry == "python -m rail_app":
            return cli.main(argv)
        return cli.entry(argv, prog=entry)
    except SystemExit as done:
        return int(done.code or 0)


def _listed(out: str) -> set[str]:
    """The commands a help lists: the first word of each indented line."""
    return {line.split()[0] for line in out.splitlines()
            if line.startswith("  ") and not line.startswith("   ") and line.split()}


@pytest.mark.parametrize("entry", ENTRIES)
@pytest.mark.parametrize("ask", [["help"], ["-h"], ["--help"]])
def test_the_players_help_lists_the_players_commands_and_not_the_tools(
        entry: str, ask: list[str], capsys: pytest.CaptureFixture[str]) -> None:
    assert _call(entry, ask) == 0
    out = capsys.readouterr().out
    assert out.startswith(f"usage: {entry} ")
    listed = _listed(out)
    assert set(PLAYERS) | {"help"} <= listed
    assert not (set(DEVELOPERS) | set(GAMES_OWN)) & listed
    assert f"{entry} dev --help" in " ".join(out.split())


@pytest.mark.parametrize("entry", ENTRIES)
def test_the_development_tools_are_listed_apart(
        entry: str, capsys: pytest.CaptureFixture[str]) -> None:
    for ask in (["dev"], ["dev", "--help"], ["help", "dev"]):
        assert _call(entry, ask) == 0
        out = capsys.readouterr().out
        assert out.startswith(f"usage: {entry} dev NAME")
        listed = _listed(out)
        assert set(DEVELOPERS) | set(GAMES_OWN) <= listed
        assert not set(PLAYERS) & listed


@pytest.mark.parametrize("entry", ENTRIES)
@pytest.mark.parametrize("name", ["replay", "validate-map", "simulate", "make-records"])
def test_help_command_is_the_commands_own_help(
        entry: str, name: str, capsys: pytest.CaptureFixture[str]) -> None:
    assert _call(entry, ["help", name]) == 0
    asked = capsys.readouterr().out
    assert _call(entry, [name, "--help"]) == 0
    assert asked == capsys.readouterr().out
    assert asked.startswith(f"usage: {entry} {name} ")


def test_help_of_no_such_command_is_refused(capsys: pytest.CaptureFixture[str]) -> None:
    assert _call("italian-rails", ["help", "flyy"]) == 2
    assert "no command 'flyy'" in capsys.readouterr().err


def test_a_tool_runs_by_dev_and_by_its_old_name(capsys: pytest.CaptureFixture[str]) -> None:
    for argv in (["dev", "simulate"], ["simulate"]):
        assert cli.main([*argv, "--games", "1", "--turn-cap", "2", "--map", MINI,
                         "--jobs", "1", "--json"]) == 0
        assert len(json.loads(capsys.readouterr().out)["games"]) == 1
    assert cli.main(["dev", "games"]) == 2
    assert "no development tool 'games'" in capsys.readouterr().err


def test_where_the_tools_are_not_installed_they_are_refused_and_not_listed(
        monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    """As in the standalone executable, which leaves rail_app.devtools out: the help says
    nothing of them, asking for one says why it is not there, the self-test still runs."""
    monkeypatch.setattr(cli, "devtools_here", lambda: False)
    assert _call("ItalianRails", ["help"]) == 0
    assert "dev" not in _listed(capsys.readouterr().out)
    for argv in (["simulate"], ["dev", "soak"], ["dev"], ["help", "dev"]):
        assert _call("ItalianRails", argv) == 2
        err = capsys.readouterr().err
        assert "a development tool, not part of the standalone game" in err, argv
    assert _call("ItalianRails", ["selftest", "--help"]) == 0
    assert capsys.readouterr().out.startswith("usage: ItalianRails selftest ")


def test_play_takes_a_game_and_refuses_one_not_on_the_table(
        capsys: pytest.CaptureFixture[str]) -> None:
    assert cli.play_parser("italian-rails").parse_args(["--game", "steam"]).game == "steam"
    assert cli.build_parser().parse_args(["play", "--game", "steam"]).game == "steam"
    assert _call("italian-rails", ["--game", "chess"]) == 2
    assert "no game 'chess' on the table" in capsys.readouterr().err


def test_play_at_a_game_opens_its_new_game_and_the_picker_keeps_it(app: Any) -> None:
    from rail_app.ui.newgame import NewGameScene
    from rail_app.ui.screens import open_at
    from rail_app.ui.settings import load_settings

    scene = open_at(app, "steam")
    assert app.scene is scene and isinstance(scene, NewGameScene)
    assert scene.game.id == "steam"
    assert load_settings().game == "steam"  # the menu's picker starts at Steam next time
    app.pop()
    assert app.scene.game_id == "steam"


def test_a_closed_pipe_ends_a_command_quietly() -> None:
    """``games --json | head -0``: the reader is gone before anything is written; the
    command ends with no traceback and the status of a program SIGPIPE ended."""
    read, write = os.pipe()
    os.close(read)
    try:
        proc = subprocess.run([sys.executable, "-m", "rail_app", "games", "--json"],
                              cwd=ROOT, stdout=write, stderr=subprocess.PIPE, text=True,
                              timeout=HANG_S)
    finally:
        os.close(write)
    assert proc.stderr == ""
    assert proc.returncode == cli.EXIT_PIPE_CLOSED


def test_pygames_banner_never_reaches_the_output() -> None:
    """Without PYGAME_HIDE_SUPPORT_PROMPT in the environment, importing the program and then
    pygame prints nothing (a ``--json`` document stays the only thing on stdout)."""
    env = {k: v for k, v in os.environ.items() if k != "PYGAME_HIDE_SUPPORT_PROMPT"}
    proc = subprocess.run([sys.executable, "-c", "import rail_app.cli, pygame"], cwd=ROOT,
                          env=env, capture_output=True, text=True, timeout=HANG_S)
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout == ""


@pytest.mark.parametrize("argv", [
    ["games"],
    ["validate-map", MINI],
    ["replay", "tests/records/mini-build.json"],
    ["review", "tests/records/mini-build.json"],
    ["soak", "--games", "1", "--turn-cap", "2", "--map", MINI, "--jobs", "1"],
    ["tournament", "--games", "2", "--turn-cap", "2", "--map", MINI, "--levels",
     "random,easy", "--jobs", "1", "--quiet"],
])
def test_every_json_output_is_one_document(
        argv: list[str], capsys: pytest.CaptureFixture[str],
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(ROOT)
    assert cli.main([*argv, "--json"]) == 0
    json.loads(capsys.readouterr().out)  # one document and nothing else, or this fails
