"""Game records: saving, loading with clear errors, replaying, determinism, the replay command."""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

import pytest
from buildhelp import ROOT, do, mini

from rail_app import cli
from rail_app.games.italian_rails.devtools.records import ITALY_REFUSALS, italy_build_record
from rail_app.games.italian_rails.rules import replay
from rail_app.games.italian_rails.rules.actions import BuildSegment, EndTurn, EraseSegment
from rail_app.games.italian_rails.rules.board import load_board
from rail_app.games.italian_rails.rules.engine import new_game
from rail_app.games.italian_rails.rules.record import (
    RecordError,
    italian_record,
    load_record,
    map_digest,
    played_with_cards,
    record_dict,
    record_from_dict,
    record_from_game,
    record_text,
    replay_record,
    save_record,
    variants_of,
)
from rail_app.games.italian_rails.rules.state import GameState
from rail_app.games.italian_rails.rules.words import log_line

RECORDS = ROOT / "tests" / "records"
MINI_REL = "maps/test/mini.yaml"


def _live_game() -> GameState:
    s = new_game(mini(), seed=9, variants=["loans"])
    return do(s, BuildSegment("3,1", "4,1"), BuildSegment("4,1", "5,1"),
              EraseSegment("4,1", "5,1"), EndTurn(), BuildSegment("6,8", "6,9"), EndTurn())


def _fingerprint(state: GameState) -> str:
    return json.dumps({"summary": replay.state_summary(state),
                       "log": [[e.turn, e.player, log_line(state, e), e.kind] for e in state.log]},
                      sort_keys=True)


def test_record_from_a_live_game_replays_to_the_same_state(tmp_path: Path) -> None:
    live = _live_game()
    rec = record_from_game(live, ROOT / MINI_REL)
    assert not played_with_cards(rec) and variants_of(rec) == ["loans"]
    assert len(rec.actions) == 6
    path = tmp_path / "game.json"
    save_record(path, rec)
    loaded = load_record(path)
    assert loaded == rec
    state, results = replay_record(loaded, mini(), None)
    assert all(r.ok for r in results)
    assert _fingerprint(state) == _fingerprint(live)
    assert state.history == live.history


def test_same_seed_same_actions_same_game_byte_for_byte() -> None:
    rec = load_record(RECORDS / "mini-build.json")
    a, ra = replay_record(rec, mini(), None)
    b, rb = replay_record(rec, mini(), None)
    assert _fingerprint(a) == _fingerprint(b)
    assert [r.to_dict() for r in ra] == [r.to_dict() for r in rb]
    assert a.rng.getstate() == b.rng.getstate()


def test_save_is_atomic_and_leaves_no_temporary_file(tmp_path: Path) -> None:
    path = tmp_path / "g.json"
    path.write_text("old")
    save_record(path, record_from_game(_live_game(), MINI_REL))
    assert json.loads(path.read_text())["format"] == "rail-table-record"
    assert os.listdir(tmp_path) == ["g.json"]


def test_illegal_actions_are_reported_and_skipped() -> None:
    rec = load_record(RECORDS / "mini-build.json")
    state, results = replay_record(rec, mini(), None)
    illegal = {r.index: [v.code for v in r.violations] for r in results if not r.ok}
    assert illegal == {4: ["B3", "K1"], 5: ["B4"], 10: ["K2"], 11: ["K7"], 15: ["K10"],
                       17: ["not-your-turn"], 18: ["B1"]}
    assert [p.cash for p in state.players] == [35, 49]
    assert state.players[0].loco == "Heavy Freight"


def test_italy_record_replays() -> None:
    """tests/records/italy-build.json: a building-only game on Italy with one refusal of each
    kind (made by ``python -m rail_app make-records``). Every other action is legal and the
    final networks are what the legal builds drew."""
    rec = load_record(RECORDS / "italy-build.json")
    assert map_digest(ROOT / rec.map) == rec.map_sha256, (
        "tests/records/italy-build.json was recorded on another version of maps/italy.yaml: "
        "write it again with `python -m rail_app make-records`")
    state, results = replay_record(rec, load_board(ROOT / rec.map), None)
    refused = [(r.player, r.violations[0].code) for r in results if not r.ok]
    assert [code for _, code in refused] == list(ITALY_REFUSALS)
    built = [sum(1 for r in results if r.ok and r.player == i and r.action.kind == "build")
             for i in (0, 1)]
    assert [len(p.track) for p in state.players] == built and min(built) >= 10
    assert state.players[0].segments_drawn + state.players[1].segments_drawn == sum(built)


def test_the_italy_record_is_what_make_records_writes() -> None:
    rec = italy_build_record(ROOT)
    assert record_text(rec) == (RECORDS / "italy-build.json").read_text(encoding="utf-8"), (
        "write tests/records/italy-build.json again with `python -m rail_app make-records`")


# -- load errors -------------------------------------------------------------------------------


def _good() -> dict[str, Any]:
    return record_dict(record_from_game(_live_game(), MINI_REL))


@pytest.mark.parametrize("mutate, message", [
    (lambda d: d.pop("seed"), "missing key(s): seed"),
    (lambda d: d.update(format="chess-pgn"), "not a game record of Rail Table"),
    (lambda d: d.update(version=99), "record version 99 is not supported"),
    (lambda d: d.update(players=["Solo"]), "'players' must be a list of two names"),
    (lambda d: d.update(variants=["rockets"]), "unknown variant 'rockets'"),
    (lambda d: d["actions"].append({"player": 0, "action": {"kind": "fly"}}),
     "actions[6]: unknown action kind 'fly'"),
    (lambda d: d["actions"].append({"player": 3, "action": {"kind": "end_turn"}}),
     "actions[6]: player must be 0 or 1"),
    (lambda d: d["actions"].append({"player": 0, "action": {"kind": "build", "a": "1,1"}}),
     "actions[6]: action 'build'"),
    (lambda d: d["actions"].append("end_turn"), "actions[6]: expected"),
])
def test_bad_records_give_one_line_errors(tmp_path: Path, mutate: Any, message: str) -> None:
    data = _good()
    mutate(data)
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(data))
    with pytest.raises(RecordError) as err:
        load_record(path)
    text = str(err.value)
    assert message in text and "\n" not in text and text.startswith(str(path))


def test_missing_and_non_json_files(tmp_path: Path) -> None:
    with pytest.raises(RecordError, match="file not found"):
        load_record(tmp_path / "nope.json")
    p = tmp_path / "x.json"
    p.write_text("{not json")
    with pytest.raises(RecordError, match="not JSON"):
        load_record(p)
    with pytest.raises(RecordError, match="expected a JSON object"):
        record_from_dict([1, 2])


@pytest.mark.parametrize("fault", [TypeError("unhashable type: 'list'"), KeyError("kind")])
def test_a_game_codec_failing_on_a_strange_action_is_a_refusal(
        fault: Exception) -> None:
    """The table's reader refuses a recorded action a game's rules cannot read, whatever
    they raise, in one line naming the action; and an action that is no object is refused
    before any game's rules see it."""
    import dataclasses

    from rail_app.games.italian_rails.rules.record import GAME
    from rail_app.table import records as table_records

    data = _good()
    data["actions"][0]["action"] = ["build", "1,1"]
    with pytest.raises(RecordError, match=r"actions\[0\]: an action is an object"):
        record_from_dict(data, "game.json")

    class Strict:  # the game's rules, but for how they read an action
        def __init__(self, rules: Any) -> None:
            self.rules = rules

        def __getattr__(self, name: str) -> Any:
            return getattr(self.rules, name)

        def action_from_dict(self, data: Any) -> Any:
            raise fault

    class Loaded:  # what the definition's ``load`` gives
        def get(self) -> Any:
            return Strict(GAME.get().rules)

    game = dataclasses.replace(GAME.get(), load=Loaded())
    with pytest.raises(RecordError, match=r"actions\[0\]: ") as err:
        table_records.record_from_dict(_good(), game, "game.json")
    assert "\n" not in str(err.value)


# -- the replay command ------------------------------------------------------------------------


def test_replay_command_text(capsys: pytest.CaptureFixture[str],
                             monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(ROOT)
    assert cli.main(["replay", "tests/records/mini-build.json"]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[0] == "1. Anna BuildSegment('3,1', '4,1'): ok (cost 1)"
    assert out[3].startswith("4. Anna BuildSegment('0,3', '0,4'): ILLEGAL B3, K1 — "
                             "Can't build here: crosses the Swiss border")
    assert out[22].startswith("Turn 6, move phase, Bruno to play")
    assert "Anna: 35M, 3 segments, Heavy Freight" in out[23]


def test_replay_command_json(capsys: pytest.CaptureFixture[str],
                             monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    # the map path is found relative to the record's folder too
    rec = load_record(RECORDS / "mini-build.json")
    rec.map = str(Path("..") / "maps" / "test" / "mini.yaml")
    sub = tmp_path / "saves"
    sub.mkdir()
    (tmp_path / "maps" / "test").mkdir(parents=True)
    (tmp_path / "maps" / "test" / "mini.yaml").write_bytes((ROOT / MINI_REL).read_bytes())
    save_record(sub / "r.json", rec)
    monkeypatch.chdir(ROOT)
    assert cli.main(["replay", str(sub / "r.json"), "--json"]) == 0
    doc = json.loads(capsys.readouterr().out)
    assert len(doc["actions"]) == 22 and doc["warnings"] == []
    first = doc["actions"][3]
    assert first["ok"] is False and first["violations"][0]["rule"] == "B3"
    assert doc["final"]["players"][0]["cash"] == 35 and doc["final"]["phase"] == "move"


def test_replay_command_bad_inputs(capsys: pytest.CaptureFixture[str],
                                   tmp_path: Path) -> None:
    assert cli.main(["replay", str(tmp_path / "none.json")]) == 2
    assert "file not found" in capsys.readouterr().err
    rec = italian_record(str(tmp_path / "missing.yaml"), 1, ["A", "B"], deck=False)
    save_record(tmp_path / "r.json", rec)
    assert cli.main(["replay", str(tmp_path / "r.json")]) == 2
    err = capsys.readouterr().err
    assert "cannot find the map" in err and len(err.strip().splitlines()) == 1
    broken = tmp_path / "broken.yaml"
    broken.write_text("name: [unclosed\n")
    rec.map = str(broken)
    save_record(tmp_path / "r.json", rec)
    assert cli.main(["replay", str(tmp_path / "r.json")]) == 2
    err = capsys.readouterr().err
    assert "cannot load the map" in err and len(err.strip().splitlines()) == 1


def test_replay_warns_about_a_changed_map(capsys: pytest.CaptureFixture[str],
                                          monkeypatch: pytest.MonkeyPatch) -> None:
    rec = load_record(RECORDS / "mini-build.json")
    rec.map_sha256 = "0" * 64
    monkeypatch.chdir(ROOT)
    path = ROOT / "tests" / "records" / ".changed-map.json"
    save_record(path, rec)
    try:
        assert cli.main(["replay", str(path)]) == 0
    finally:
        path.unlink()
    assert "has changed" in capsys.readouterr().err


def test_summary_has_the_cards_and_the_events() -> None:
    s = replay.state_summary(new_game(mini(), seed=1))
    assert s["pool"] == [] and s["players"][0]["private_cards"] == []
    assert s["events_in_force"] == [] and s["cash_public"] is False
    assert s["winner"] is None and s["turn"] == 1
