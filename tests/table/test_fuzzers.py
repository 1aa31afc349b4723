"""The short runs of the fuzzers kept in rail_app/devtools (the long runs are
``python -m rail_app fuzz saves|maps|kill|ui|soak --long``, figures in docs/reliability.md).
Each short run is seeded: the same cases every time."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import Any

import pytest

from tests.waiting import HANG_S

ROOT = Path(__file__).resolve().parents[2]


def fuzz(*args: str, tmp: Path | None = None) -> dict[str, Any]:
    """A short run as the command runs it, in a process of its own: the save and map fuzzers
    fork a child for each case, and a test process holds threads of earlier tests (SDL's
    timer and sound, a review's worker) whose locks a forked child could wait on for ever."""
    env = dict(os.environ)
    if tmp is not None:
        env["TMPDIR"] = str(tmp)
    out = subprocess.run([sys.executable, "-m", "rail_app", "fuzz", *args, "--json"],
                         cwd=ROOT, capture_output=True, text=True, timeout=HANG_S, env=env)
    assert out.returncode in (0, 1), out.stderr[-2000:]
    summary: dict[str, Any] = json.loads(out.stdout)
    return summary


@pytest.fixture
def own_tmp(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A folder of temporary files of the test's own (another run beside it has its own),
    empty: what a fuzzer leaves there, it left."""
    folder = tmp_path / "tmp"
    folder.mkdir()
    monkeypatch.setattr(tempfile, "tempdir", str(folder))
    return folder


@pytest.mark.slow
def test_save_fuzzer_short_run() -> None:
    from rail_app.devtools import fuzz_saves

    s = fuzz("saves", "--seed", "1", "--count", str(fuzz_saves.SHORT_COUNT))
    assert s["failures"] == [], s["failures"]
    assert s["tried"] >= fuzz_saves.SHORT_COUNT + 30
    assert s["uncaught"] == 0 and s["invalid_accepted"] == 0
    assert s["refused"] > 0 and s["accepted_valid"] > 0  # both ways are exercised
    hostile = {h["case"]: h for h in s["hostile"]}
    assert hostile["kind alien"]["verdict"] == "refused"
    assert hostile["older save without seats"]["verdict"] == "accepted"


@pytest.mark.slow
def test_steam_save_fuzzer_short_run() -> None:
    """A Steam game of three seats on its small map, saved as the game saves it: the hostile
    cases and seeded mutations each refused in one line or loaded into a valid game."""
    s = fuzz("saves", "--seed", "1", "--count", "4", "--game", "steam")
    assert s["failures"] == [], s["failures"]
    assert s["tried"] >= 4 + 30
    assert s["uncaught"] == 0 and s["invalid_accepted"] == 0
    assert s["refused"] > 0 and s["accepted_valid"] > 0
    hostile = {h["case"]: h for h in s["hostile"]}
    assert hostile["kind alien"]["verdict"] == "refused"
    assert hostile["older save without seats"]["verdict"] == "accepted"


@pytest.mark.slow
def test_map_fuzzer_short_run_with_every_hostile_case(own_tmp: Path) -> None:
    from rail_app.games.italian_rails.devtools import fuzz_maps

    s = fuzz("maps", "--seed", "1", "--count", str(fuzz_maps.SHORT_COUNT),
             "--game", "italian-rails", tmp=own_tmp)
    assert s["failures"] == [], s["failures"]
    assert s["hostile_cases"] == len(fuzz_maps.hostile_cases()) >= 50
    assert s["tracebacks"] == s["crashes"] == s["timeouts"] == 0
    assert s["accepted"] > 0  # some mutations leave a playable map
    assert list(own_tmp.iterdir()) == []


@pytest.mark.slow
def test_steam_map_fuzzer_short_run_with_every_hostile_board(own_tmp: Path) -> None:
    """Steam's boards: every hostile case refused in words (spacings and origins of 1e-300 to
    1e300, a board 100,000 hexes wide, a background that is a FIFO or 1e308 coordinates...)
    or loaded and drawn at the game screen's closest zoom; seeded mutations too."""
    from rail_app.games.steam.devtools import fuzz_maps

    s = fuzz("maps", "--seed", "1", "--count", str(fuzz_maps.SHORT_COUNT), "--game", "steam",
             tmp=own_tmp)
    assert s["failures"] == [], s["failures"]
    assert s["hostile_cases"] == len(fuzz_maps.hostile_cases()) >= 30
    hostile = {h["case"]: h["verdict"] for h in s["hostile"]}
    assert hostile["spacing 1e-6"] == hostile["background a FIFO"] == "refused"
    assert hostile["a spacing of 1 km (the least)"] == "accepted"  # loaded and drawn
    assert list(own_tmp.iterdir()) == []


def test_kill_during_save_short_run() -> None:
    from rail_app.devtools import fuzz_kill

    s = fuzz_kill.run(seed=1, count=fuzz_kill.SHORT_COUNT)
    assert fuzz_kill.passed(s), s


def test_ui_monkey_short_run(own_tmp: Path) -> None:
    from rail_app.devtools import fuzz_ui

    s = fuzz_ui.run(seed=1, count=fuzz_ui.SHORT_COUNT)
    assert s["crashes"] == 0, s["failures"]
    assert s["events"] >= fuzz_ui.SHORT_COUNT
    assert {"MenuScene", "NewGameScene", "GameScene"} <= set(s["screens"])
    assert list(own_tmp.iterdir()) == []


def test_ai_soak_short_run() -> None:
    from rail_app.devtools import fuzz_soak

    s = fuzz_soak.run(seed=1, count=fuzz_soak.SHORT_COUNT, turn_cap=fuzz_soak.SHORT_TURN_CAP,
                      stride=13)
    assert fuzz_soak.passed(s), s["failures"]
    assert s["pairings"] == fuzz_soak.SHORT_COUNT and s["variant_sets"] == 4


def test_the_ai_soak_seats_a_whole_table_of_any_game() -> None:
    """Tables of the game's own players at its usual number of seats: two for Italian Rails
    (the ten pairings of easy, normal, hard and random), four for Steam (every player met
    in a whole plan of seventy tables), never two seats' pairings spread over four."""
    from rail_app.devtools import fuzz_soak
    from rail_app.table.registry import game

    ir = [fuzz_soak.game_plan(i, 1)[1] for i in range(10)]
    assert len(set(ir)) == 10 and all(len(t) == 2 for t in ir)
    steam = game("steam")
    plan = [fuzz_soak.game_plan(i, 1, "steam")[1] for i in range(70)]
    assert len(set(plan)) == 70 and all(len(t) == steam.seats.default == 4 for t in plan)
    assert {p for t in plan for p in t} == set(steam.players)
    g = fuzz_soak.soak_computer_game(7, ("greedy", "random", "greedy", "random"), (),
                                     turn_cap=1, game="steam")
    assert g.error is None and not g.violations and g.actions > 0
    assert g.players == ("greedy", "random", "greedy", "random")


def test_the_fuzz_command(tmp_path: Path) -> None:
    out = subprocess.run([sys.executable, "-m", "rail_app", "fuzz", "soak", "--count", "1",
                          "--json"], cwd=ROOT, capture_output=True, text=True, timeout=HANG_S)
    assert out.returncode == 0, out.stderr[-1000:]
    assert json.loads(out.stdout)["games"] == 1


def test_names_fuzzer_short_run() -> None:
    """Names from every Unicode category typed into New game and the save screen, saved,
    renamed, loaded and continued (the long run: ``fuzz names --long``)."""
    from rail_app.devtools import fuzz_names

    s = fuzz_names.run(seed=1, count=2)
    assert fuzz_names.passed(s), s["failures"]
    pools = {cat for cat, _ in fuzz_names.POOLS}
    assert {"format", "surrogate", "combining", "rtl", "control"} <= pools


def test_data_folder_fuzzer_short_run() -> None:
    """A hostile data folder (broken entries, a read-only or full disk, a second window):
    the game starts, lists, continues, loads and saves or says why not."""
    from rail_app.devtools import fuzz_folder

    s = fuzz_folder.run(seed=1, count=3)
    assert fuzz_folder.passed(s), s["failures"]
