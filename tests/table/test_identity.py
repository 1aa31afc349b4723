"""The table is named for itself (rail_app/core/identity.py): the window's title names the
game being played, the crash report describes a game of any game, saves and records are
written under the table's format names while those an earlier version wrote (named after
its first game) still load and replay as before."""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from rail_app.core import i18n, identity
from rail_app.table import records, saves
from rail_app.table.library import load_record
from rail_app.table.seats import Level, Seat, SeatKind
from rail_app.ui import screens
from rail_app.ui.session import GameSetup, Session
from tests.waiting import HANG_S

ROOT = Path(__file__).resolve().parents[2]
#: Files an earlier version wrote under the first game's format names (record version 2,
#: save version 3), one of each game, kept as that version wrote them.
OLD_SAVES = [ROOT / "tests" / "saves" / f"v3-{g}.json" for g in ("italian-rails", "steam")]
OLD_RECORDS = [ROOT / "tests" / "records" / f"v2-{g}.json" for g in ("italian-rails", "steam")]
STEAM_SMALL = str(ROOT / "maps" / "test" / "steam-small.yaml")


def test_the_table_has_a_name_of_its_own_in_both_languages() -> None:
    from rail_app.ui.title import table_name, window_title

    assert identity.NAME == table_name() == window_title() == "Rail Table"
    assert window_title("Steam") == "Steam — Rail Table"
    with i18n.using_language("es"):
        assert table_name() == window_title() == "Mesa de trenes"
        assert window_title("Steam") == "Steam — Mesa de trenes"
    assert identity.crash_heading() == "Rail Table crash report"
    assert identity.COMMAND == "italian-rails"  # the command pip installs is kept


# -- the window's title ----------------------------------------------------------------------


def _steam_session(computer: bool = False) -> Session[Any]:
    seats = [Seat("Ana", SeatKind.HUMAN, Level.NORMAL, "blue"),
             Seat("Berta", SeatKind.HUMAN, Level.NORMAL, "orange"),
             Seat("Carlos", SeatKind.COMPUTER if computer else SeatKind.HUMAN, Level.EASY,
                  "vermillion")]
    return Session.new(GameSetup(STEAM_SMALL, seats, 7, {}, "steam"))


def test_the_window_title_names_the_game_being_played(app: Any) -> None:
    import pygame

    app.step(1 / 60, [])
    assert pygame.display.get_caption()[0] == "Rail Table"  # the menu
    session = _steam_session()
    app.reset(screens.game(app, session))
    app.step(1 / 60, [])
    assert pygame.display.get_caption()[0] == "Steam — Rail Table"
    app.push(screens.settings(app))  # a screen over the game: the game is still played
    app.step(1 / 60, [])
    assert pygame.display.get_caption()[0] == "Steam — Rail Table"
    i18n.set_language("es")
    app.step(1 / 60, [])
    assert pygame.display.get_caption()[0] == "Steam — Mesa de trenes"
    i18n.set_language("en")
    app.reset(screens.menu(app))
    app.step(1 / 60, [])
    assert pygame.display.get_caption()[0] == "Rail Table"
    from tests.games.italian_rails.test_ui_support import start

    start(app)  # Italian Rails
    app.step(1 / 60, [])
    assert pygame.display.get_caption()[0] == "Italian Rails — Rail Table"


# -- the crash report ------------------------------------------------------------------------


class Failing(Exception):
    """The deliberate failure of this test."""


def test_the_crash_report_of_a_steam_game_describes_it(
        app: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    from rail_app.core.paths import user_data_dir
    from rail_app.games.steam.rules.state import GameState

    session = _steam_session(computer=True)
    game = session.game
    players = [game.player("greedy", s, 1) for s in range(3)]
    for _ in range(12):  # a few actions of the game's own
        seat = game.rules.to_act(session.state)
        assert seat is not None
        assert session.apply(players[seat].choose(game.seen_by(session.state, seat))).ok
    played = game.rules.history(session.state)
    scene = app.reset(screens.game(app, session))

    def fail(*_args: Any) -> None:
        raise Failing("the screen broke on purpose")

    monkeypatch.setattr(type(scene), "draw", fail)
    app.guarded_step(0.1, [])
    assert type(app.scene).__name__ == "CrashScene"
    [report_file] = sorted((user_data_dir() / "crashes").glob("crash-*.txt"))
    report = report_file.read_text(encoding="utf-8")
    assert report.startswith("Rail Table crash report\n")
    assert "could not be described" not in report
    who = game.rules.to_act(session.state)
    for part in ("game: Steam (steam, rules version 1)",
                 f"map: {STEAM_SMALL}, seed 7, options ",
                 "seats: Ana (human), Berta (human), Carlos (computer, easy)",
                 f"turn {game.rules.turn(session.state)}",
                 f"seat {who} ({session.setup.seats[who].name}) to act",
                 "last actions:", "the screen broke on purpose", "Failing"):
        assert part in report, part
    for i, (seat, action) in enumerate(played, start=1):
        assert f"  {i}. player {seat}: {action!r}" in report
    # the emergency save is a Steam save like any other, under the table's format
    [save] = sorted((user_data_dir() / "saves").glob("emergency-*.json"))
    assert json.loads(save.read_text(encoding="utf-8"))["format"] == "rail-table-save"
    back = Session.load(save)
    assert isinstance(back.state, GameState) and game.rules.history(back.state) == played


# -- the formats: new names written, old names read -------------------------------------------


def test_records_and_saves_are_written_under_the_tables_format_names(tmp_path: Path) -> None:
    session = _steam_session()
    path = tmp_path / "game.json"
    session.save(path)
    data = json.loads(path.read_text(encoding="utf-8"))
    assert (data["format"], data["version"]) == ("rail-table-save", saves.VERSION) == \
        (identity.SAVE_FORMAT, 4)
    assert (data["record"]["format"], data["record"]["version"]) == \
        ("rail-table-record", records.VERSION) == (identity.RECORD_FORMAT, 3)
    assert saves.is_save_file(path)


@pytest.mark.parametrize("old", OLD_RECORDS, ids=lambda p: p.name)
def test_an_old_format_record_loads_and_replays_as_before(old: Path, tmp_path: Path) -> None:
    data = json.loads(old.read_text(encoding="utf-8"))
    assert (data["format"], data["version"]) == ("italian-rails-record", 2)
    rec, game = load_record(old)
    assert rec.version == 2 and len(rec.actions) == 40
    again = tmp_path / "again.json"
    records.save_record(again, rec, game)
    assert json.loads(again.read_text(encoding="utf-8"))["format"] == "rail-table-record"
    assert _replay(old) == _replay(again)  # the same game, action by action


@pytest.mark.parametrize("old", OLD_SAVES, ids=lambda p: p.name)
def test_an_old_format_save_loads_plays_on_and_saves_under_the_new_name(
        old: Path, tmp_path: Path) -> None:
    data = json.loads(old.read_text(encoding="utf-8"))
    assert (data["format"], data["version"]) == ("italian-rails-save", 3)
    assert (data["record"]["format"], data["record"]["version"]) == ("italian-rails-record", 2)
    copy = tmp_path / old.name
    shutil.copyfile(old, copy)
    assert saves.is_save_file(copy)
    session = Session.load(copy)
    game = session.game
    assert len(game.rules.history(session.state)) == data["game"]["actions"] == 40
    assert not session.notes  # every action still legal: nothing to tell the player
    session.save(copy)  # saved again: the new names, the same game
    assert json.loads(copy.read_text(encoding="utf-8"))["format"] == "rail-table-save"
    back = Session.load(copy)
    assert game.rules.fingerprint(back.state) == game.rules.fingerprint(session.state)
    assert _replay(old) == _replay(copy)
    seat = game.rules.to_act(back.state)  # and it plays on
    assert seat is not None
    action = game.player("random", seat, 1).choose(game.seen_by(back.state, seat))
    assert back.apply(action).ok


def _replay(path: Path) -> str:
    """``replay --json`` of a file, as a player's program prints it."""
    out = subprocess.run([sys.executable, "-m", "rail_app", "replay", "--json", str(path)],
                         cwd=ROOT, capture_output=True, text=True, timeout=HANG_S)
    assert out.returncode == 0, out.stderr[-1000:]
    return out.stdout


def test_a_file_of_neither_format_is_refused_naming_the_table(tmp_path: Path) -> None:
    path = tmp_path / "other.json"
    path.write_text('{"format": "chess-pgn", "version": 1}', encoding="utf-8")
    with pytest.raises(records.RecordError, match="not a game record of Rail Table"):
        load_record(path)
    with pytest.raises(saves.SaveError, match="not a saved game of Rail Table"):
        from rail_app.table.library import read_save

        read_save(path)


# -- Italian Rails' own commands, by their old names --------------------------------------------

MOVED = ("autoplay", "lesson-seed", "lesson-xvfb", "make-records", "screenshots")


def test_italian_rails_commands_are_its_own_tools_not_the_shared_command_lines() -> None:
    from rail_app import cli
    from rail_app.devtools.gametools import tools_of

    assert not set(MOVED) & set(cli.COMMANDS)
    assert set(MOVED) <= set(tools_of("italian-rails").commands)
    owners = {name: game.id for name, (game, _c) in cli.game_commands().items()}
    assert {n: g for n, g in owners.items() if g == "italian-rails"} == \
        dict.fromkeys(MOVED, "italian-rails")
    assert owners.get("balance") == "ttr"  # another game's own command beside them
    source = (ROOT / "rail_app" / "cli.py").read_text(encoding="utf-8")
    for name in MOVED:
        assert f'"{name}"' not in source, name


@pytest.mark.parametrize("name", MOVED)
@pytest.mark.parametrize("entry", ["python -m rail_app", "italian-rails"])
def test_the_moved_commands_answer_to_their_old_names(
        name: str, entry: str, capsys: pytest.CaptureFixture[str]) -> None:
    from rail_app import cli

    with pytest.raises(SystemExit) as done:
        if entry == "italian-rails":
            cli.entry([name, "--help"])
        else:
            cli.main([name, "--help"])
    assert done.value.code == 0
    out = capsys.readouterr().out
    assert out.startswith(f"usage: {entry} {name} ") and "--game GAME" in out


def test_make_records_by_its_old_name_writes_the_record_the_tests_replay(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    from rail_app import cli

    (tmp_path / "maps").symlink_to(ROOT / "maps")
    (tmp_path / "tests" / "records").mkdir(parents=True)
    assert cli.entry(["make-records", "--root", str(tmp_path)]) == 0
    written = tmp_path / "tests" / "records" / "italy-build.json"
    assert f"wrote {written}" in capsys.readouterr().out
    assert written.read_bytes() == (ROOT / "tests" / "records" / "italy-build.json").read_bytes()
    assert cli.main(["make-records", "--game", "steam", "--root", str(tmp_path)]) == 2
    assert "Steam has no make-records tool" in capsys.readouterr().err


def test_the_help_names_the_table_and_the_games_own_tools(
        capsys: pytest.CaptureFixture[str]) -> None:
    from rail_app import cli

    with pytest.raises(SystemExit):
        cli.main(["--help"])
    out = " ".join(capsys.readouterr().out.split())
    assert "Rail Table: a table of rail board games" in out
    assert cli.main(["dev", "--help"]) == 0
    out = " ".join(capsys.readouterr().out.split())
    for name in MOVED:
        assert f"{name} Italian Rails: " in out
    with pytest.raises(SystemExit):
        cli.main(["--version"])
    assert capsys.readouterr().out == f"Rail Table {__import__('rail_app').__version__}\n"
