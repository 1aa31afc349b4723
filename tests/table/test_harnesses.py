"""The harnesses take ``--game`` and reach a game only through the registry: a game of the
tests only (Relay, tests/fakegame.py, 3-6 seats), put on the table here, is simulated,
soaked and played in a tournament with nothing of its own but its GameDef; without
``--game`` the harnesses play Italian Rails as before."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from rail_app import cli
from rail_app.table import registry
from tests.fakegame import RELAY, write_map


@pytest.fixture
def relay_on_the_table(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> str:
    monkeypatch.setattr(registry, "GAMES", (*registry.GAMES, RELAY))
    return write_map(tmp_path)


def _json(capsys: pytest.CaptureFixture[str]) -> Any:
    return json.loads(capsys.readouterr().out)


def test_games_lists_a_game_of_any_seat_range(relay_on_the_table: str,
                                              capsys: pytest.CaptureFixture[str]) -> None:
    assert cli.main(["games", "--json"]) == 0
    relay = next(g for g in _json(capsys)["games"] if g["id"] == "relay-test")
    assert relay["seats"] == {"min": 3, "max": 5, "default": 4, "extended": 6}


def test_simulate_plays_another_game_at_its_table(relay_on_the_table: str,
                                                  capsys: pytest.CaptureFixture[str]) -> None:
    args = ["simulate", "--game", "relay-test", "--map", relay_on_the_table, "--players",
            "normal,random,random", "--games", "4", "--seed", "1", "--workers", "1", "--json"]
    assert cli.main(args) == 0
    doc = _json(capsys)
    assert doc["players"] == ["normal", "random", "random"]
    assert len(doc["games"]) == 4 and all(g["error"] is None for g in doc["games"])
    assert all(len(g["positions"]) == 3 and g["winner"] in (0, 1, 2, None)
               for g in doc["games"])
    assert len(doc["summary"]["win_rate"]) == 3
    assert doc["summary"]["turn_cap_rule"] == RELAY.turn_cap_rule
    # the same seeds give the same games
    assert cli.main(args) == 0
    again = _json(capsys)
    assert [g["positions"] for g in again["games"]] == [g["positions"] for g in doc["games"]]
    # two players are too few for Relay, and an unknown player is refused
    assert cli.main(["simulate", "--game", "relay-test", "--map", relay_on_the_table,
                     "--players", "normal,random"]) == 2
    assert "--players takes 3-5 players" in capsys.readouterr().err


def test_soak_checks_another_game_through_its_checker(
        relay_on_the_table: str, capsys: pytest.CaptureFixture[str]) -> None:
    assert cli.main(["soak", "--game", "relay-test", "--map", relay_on_the_table,
                     "--games", "5", "--workers", "1", "--json"]) == 0
    doc = _json(capsys)
    summary = doc["summary"]
    assert (summary["games"], summary["exceptions"], summary["invariant_violations"]) == \
        (5, 0, 0)
    assert summary["actions_checked"] > 0 and summary["action_kinds"]


def test_tournament_seats_the_pairings_at_a_larger_table(
        relay_on_the_table: str, capsys: pytest.CaptureFixture[str]) -> None:
    assert cli.main(["tournament", "--game", "relay-test", "--map", relay_on_the_table,
                     "--levels", "normal,random", "--games", "2", "--jobs", "1", "--quiet",
                     "--json"]) == 0
    doc = _json(capsys)
    assert doc["summary"]["games"] == 6 and doc["summary"]["errors"] == 0
    assert all(len(g["seats"]) == 4 and len(g["positions"]) == 4 for g in doc["games"])
    mixed = [g for g in doc["games"] if set(g["seats"]) == {"normal", "random"}]
    assert {tuple(g["seats"]) for g in mixed} == {("normal", "random") * 2,
                                                  ("random", "normal") * 2}


def test_a_game_without_its_own_tool_says_so(relay_on_the_table: str,
                                             capsys: pytest.CaptureFixture[str]) -> None:
    assert cli.main(["fuzz", "maps", "--game", "relay-test"]) == 2
    assert "no 'maps' fuzzer for relay-test" in capsys.readouterr().err
    assert cli.main(["make-records", "--game", "relay-test"]) == 2
    assert "Relay (test) has no make-records tool" in capsys.readouterr().err


def test_an_unknown_game_is_refused_by_name(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exit_:
        cli.main(["simulate", "--game", "chess"])
    assert exit_.value.code == 2
    assert f"no game 'chess' on the table (games: {', '.join(registry.ids())})" \
        in capsys.readouterr().err
