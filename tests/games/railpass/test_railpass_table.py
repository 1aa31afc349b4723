"""Rail Pass on the table: ``games`` lists it with its seats; ``simulate``, ``tournament``,
``soak``, ``replay`` and ``bench`` take it; a record replays tick for tick to the same
state, byte for byte (DG-D4); a save carries a paused round (DG-P1); the benchmarks report
what the budgets ask (DG-D7)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from rail_app import cli
from rail_app.core.paths import resource_path
from rail_app.core.world import pack_world
from rail_app.games.railpass.ai.crew import CrewPlayer
from rail_app.games.railpass.ai.driver import run_tick
from rail_app.games.railpass.devtools import sim
from rail_app.games.railpass.devtools.bench import round_cpu, tick_ms
from rail_app.games.railpass.game import RAILPASS
from rail_app.games.railpass.rules import engine
from rail_app.games.railpass.rules.actions import End, Load, Pause, Resume, Tick
from rail_app.games.railpass.rules.replay import state_hash
from rail_app.games.railpass.rules.state import RoundState
from rail_app.table import records
from rail_app.table.saves import GameInfo, SaveFile, write_save
from rail_app.table.seats import Seat, SeatKind

MAP = str(resource_path("maps", "railpass-6ci.yaml"))


def test_games_lists_rail_pass_with_its_seats(capsys: pytest.CaptureFixture[str]) -> None:
    assert cli.main(["games", "--json"]) == 0
    games = {g["id"]: g for g in json.loads(capsys.readouterr().out)["games"]}
    assert games["railpass"]["seats"]["min"] == 2 and games["railpass"]["seats"]["max"] == 6


def test_simulate_takes_rail_pass(capsys: pytest.CaptureFixture[str]) -> None:
    args = ["simulate", "--game", "railpass", "--games", "1", "--jobs", "1", "--json",
            "--players", "trainee,trainee,trainee,trainee,trainee,trainee"]
    assert cli.main(args) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["summary"]["errors"] == 0 and len(out["games"][0]["scores"]) == 6


def test_tournament_takes_rail_pass(capsys: pytest.CaptureFixture[str]) -> None:
    args = ["tournament", "--game", "railpass", "--levels", "trainee", "--games", "1",
            "--jobs", "1", "--json", "--quiet"]
    assert cli.main(args) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["summary"]["errors"] == 0 and len(out["games"][0]["scores"]) == 6


def test_the_crews_measures_run_on_a_short_clock(capsys: pytest.CaptureFixture[str]) -> None:
    args = ["--configs", "6CI", "--levels", "trainee", "--games", "1", "--tempo", "100",
            "--minutes", "1", "--json"]
    assert cli.main(["railpass", "measure", *args]) == 0
    out = json.loads(capsys.readouterr().out)
    row = out["tempos"]["100"]["configurations"]["6CI"]["levels"]["trainee"]
    assert row["rounds"] == 1 and row["deadlocks"] == 0


def test_soak_takes_rail_pass(capsys: pytest.CaptureFixture[str]) -> None:
    assert cli.main(["soak", "--game", "railpass", "--games", "1", "--jobs", "1",
                     "--json"]) == 0
    summary = json.loads(capsys.readouterr().out)["summary"]
    assert summary["exceptions"] == 0 and summary["invariant_violations"] == 0


def test_the_own_soak_plays_the_configurations(capsys: pytest.CaptureFixture[str]) -> None:
    """The game's own soak: seven configurations, Dispatcher (the 7th round), the screen's
    clock with a person (the 4th), every invariant checked."""
    assert cli.main(["railpass", "soak", "--games", "7", "--seed", "40", "--json"]) == 0
    summary = json.loads(capsys.readouterr().out)["summary"]
    assert summary["exceptions"] == 0 and summary["invariant_violations"] == 0
    assert len(summary["by_configuration"]) == 7


def test_DG_D6_one_round_in_figures_the_same_every_time(capsys: pytest.CaptureFixture[str]
                                                         ) -> None:
    """DG-D6: one command on the table's command line, ``railpass sim --config 6CI --seed 7
    --crew conductor --json``, prints the totals, the base score, the pile, the final score
    and the state hash, the same bytes every time (the module run alone too); ``--trace``
    adds one line per applied action."""
    words = ["--config", "6CI", "--seed", "7", "--crew", "conductor", "--json", "--trace"]
    outs = []
    assert cli.main(["railpass", "sim", *words]) == 0
    outs.append(capsys.readouterr().out)
    assert sim.main(words) == 0
    outs.append(capsys.readouterr().out)
    assert outs[0] == outs[1]
    doc = json.loads(outs[0])
    assert {"totals", "base", "pile", "final", "hash"} <= set(doc) and doc["trace"]
    assert cli.main(["railpass", "sim", "--config", "9ZZ"]) == 2


def _ticks_round(seed: int, ticks: int) -> RoundState:
    """A round on the screen's clock: a person in seat 0 loading now and then, five
    computer crews, ``ticks`` ticks."""
    board = RAILPASS.rules.load_board(MAP)
    options = {"seats": ["person"] + ["computer"] * 5, "tempo": 100}
    state = RAILPASS.rules.new_game(board, [f"P{i}" for i in range(6)], options, seed)
    crews = {s: CrewPlayer("conductor", s, seed) for s in range(1, 6)}
    for i in range(ticks):
        if i % 50 == 7:
            q = engine.quote(state, Load(0, "K", End.FIRST, "L_K"))
            if q.ok:
                state = engine.apply_quoted(state, q, inplace=True)
        state = run_tick(state, crews)
    return state


def test_DG_D4_a_record_replays_tick_for_tick_to_the_same_state(tmp_path: Path,
                                                                   capsys: pytest.CaptureFixture[
                                                                       str]) -> None:
    """DG-D4: the record (configuration, settings, seed, log) written and replayed gives the
    same states and the same final-state hash; ``replay --json`` prints the same bytes every
    time."""
    state = _ticks_round(3, 400)
    assert any(isinstance(a, Tick) for _, a in state.history)
    rec = records.record_of(RAILPASS, state, MAP, 3)
    path = tmp_path / "round.json"
    records.save_record(path, rec, RAILPASS)
    back = records.record_from_dict(records.read_json(path), RAILPASS, str(path))
    replayed, results = records.replay(RAILPASS, back, RAILPASS.rules.load_board(MAP))
    assert all(r.ok for r in results)
    assert state_hash(replayed) == state_hash(state) and replayed.tick == state.tick
    outs = []
    for _ in range(2):
        assert cli.main(["replay", str(path), "--json"]) == 0
        outs.append(capsys.readouterr().out)
    assert outs[0] == outs[1] and json.loads(outs[0])["final"]["hash"] == state_hash(state)


def test_DG_P1_a_save_carries_a_paused_round(tmp_path: Path) -> None:
    """DG-P1: a round paused and saved loads paused, at the same tick, the same state."""
    state = _ticks_round(5, 150)
    state = engine.apply(state, Pause(0), inplace=True)
    rec = records.record_of(RAILPASS, state, MAP, 5)
    world = pack_world(MAP)
    seats = [Seat("P0", SeatKind.HUMAN)] + [Seat(f"P{i}", SeatKind.COMPUTER)
                                            for i in range(1, 6)]
    info = GameInfo("r1", "Rail Pass", False, RAILPASS.rules.turn(state), len(state.history),
                    False, "6-player Circle", RAILPASS.rules.summary(state))
    path = tmp_path / "paused.json"
    write_save(path, SaveFile(rec, seats, world, game=info), RAILPASS)
    from rail_app.table.library import read_save

    saved = read_save(path)
    assert saved.game is not None and saved.game.summary["paused"] is True
    replayed, results = records.replay(RAILPASS, saved.record, RAILPASS.rules.load_board(MAP))
    assert all(r.ok for r in results) and replayed.paused and replayed.tick == state.tick
    assert state_hash(replayed) == state_hash(state)
    again = engine.apply(replayed, Resume(0))
    assert not again.paused and again.tick == state.tick


def test_DG_D7_the_benchmarks_measure_a_round_and_a_tick() -> None:
    """DG-D7: the benchmarks time a whole round's CPU and each tick (the figures are in
    docs/benchmarks.md; no test times itself)."""
    assert round_cpu("6CI", "trainee", 1, 1) >= 0.0
    assert len(tick_ms(1, 30)) == 30


#: tests/records/railpass-6ci.json: 36 s of 6CI (a person loading now and then in seat 0,
#: five Conductor crews, a pause and a resume at 24 s), recorded once; its replay must keep
#: giving this state. A change of the rules that changes it is a new rules version.
GOLDEN = Path(__file__).resolve().parents[2] / "records" / "railpass-6ci.json"
GOLDEN_TICK, GOLDEN_HASH = 360, "40ac9cd23767e3eb"


def test_DG_D4_a_kept_record_replays_to_the_same_state(capsys: pytest.CaptureFixture[str]
                                                       ) -> None:
    """DG-D4: a record kept in tests/records replays, tick for tick, every action legal as it
    was when played, to the same final-state hash; the replayed round writes the same record,
    byte for byte; ``replay --json`` prints the hash."""
    rec = records.record_from_dict(records.read_json(GOLDEN), RAILPASS, str(GOLDEN))
    kinds = [a.kind for _, a in rec.actions]
    assert {"tick", "pause", "resume", "load"} <= set(kinds)
    replayed, results = records.replay(RAILPASS, rec, RAILPASS.rules.load_board(MAP))
    assert all(r.ok for r in results) and len(results) == len(kinds)
    assert (replayed.tick, state_hash(replayed)) == (GOLDEN_TICK, GOLDEN_HASH)
    again = records.record_of(RAILPASS, replayed, rec.map, rec.seed)
    assert records.record_text(again, RAILPASS) == GOLDEN.read_text(encoding="utf-8")
    assert cli.main(["replay", str(GOLDEN), "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["final"]["hash"] == GOLDEN_HASH
