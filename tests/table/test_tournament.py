"""The tournament of the computer opponent's levels: its schedule, its statistics and a short
run of the command on the mini map."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from rail_app.cli import main
from rail_app.devtools.tournament import Game, bradley_terry, pairings, schedule, wilson
from tests.waiting import HANG_S

ROOT = Path(__file__).resolve().parents[2]


def test_schedule_plays_every_pairing_on_the_same_seeds_in_both_seat_orders_and_mirrors_on_new_deals() -> None:
    plan = [(s, seats) for s, seats, _ in schedule(pairings(["easy", "hard"]), 4, seed=7)]
    pairs = [seats for _, seats in plan]
    assert pairs.count(("easy", "easy")) == 4 and pairs.count(("hard", "hard")) == 4
    assert pairs.count(("easy", "hard")) == 2 and pairs.count(("hard", "easy")) == 2
    assert {s for s, seats in plan if seats == ("easy", "hard")} == \
        {s for s, seats in plan if seats == ("hard", "easy")} == {7, 8}
    # a level against itself: a new deal every game (both seat orders would be one game)
    assert sorted(s for s, seats in plan if seats == ("hard", "hard")) == [7, 8, 9, 10]


def test_wilson_interval() -> None:
    lo, hi = wilson(50, 100)
    assert lo == pytest.approx(0.4038, abs=1e-3) and hi == pytest.approx(0.5962, abs=1e-3)
    lo, hi = wilson(20, 20)
    assert hi == 1.0 and 0.83 < lo < 0.85


def test_bradley_terry_orders_the_levels_by_their_results() -> None:
    games = []
    for i in range(30):  # a beats b 3 times in 4, b beats c 3 times in 4
        games.append(Game(i, ("a", "b"), winner=0 if i % 4 else 1))
        games.append(Game(i, ("c", "b"), winner=1 if i % 4 else 0))
    r = bradley_terry(games, ["a", "b", "c"])
    assert r["a"] > r["b"] > r["c"]
    assert r["a"] - r["b"] == pytest.approx(r["b"] - r["c"], abs=15)
    assert 150 < r["a"] - r["b"] < 220  # 3:1 odds are about 190 Elo points
    even = bradley_terry([Game(i, ("a", "b"), winner=i % 2) for i in range(20)], ["a", "b"])
    assert even["a"] == pytest.approx(even["b"], abs=1)


def test_tournament_command_on_the_mini_map() -> None:
    """Two workers: the command in a process of its own, as it runs from a shell (a test
    process holds threads of earlier tests that forked workers must not inherit)."""
    out = subprocess.run([sys.executable, "-m", "rail_app", "tournament", "--games", "2",
                          "--seed", "3", "--levels", "easy,random", "--map",
                          "maps/test/mini.yaml", "--jobs", "2", "--turn-cap", "40", "--json",
                          "--quiet"], cwd=ROOT, capture_output=True, text=True, timeout=HANG_S)
    assert out.returncode == 0, out.stderr[-2000:]
    data = json.loads(out.stdout)
    assert data["summary"]["errors"] == 0
    assert [p["pairing"] for p in data["summary"]["pairings"]] == [
        "easy-easy", "easy-random", "random-random"]
    assert len(data["games"]) == 6 and data["summary"]["jobs"] == 2
    assert set(data["summary"]["ratings"]) == {"easy", "random"}
    assert data["summary"]["turn_cpu_p95_s"]["easy"] > 0


def test_tournament_refuses_bad_levels(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["tournament", "--levels", "easy,expert"]) == 2
    assert "--levels" in capsys.readouterr().err
    assert main(["tournament", "--games", "3"]) == 2


def test_a_table_of_italian_rails_plays_the_tables_report_with_its_variant(
        capsys: pytest.CaptureFixture[str]) -> None:
    """The one tournament takes any game's tables: Italian Rails at a --table of two, with
    a variant by its option's key, reported as tables (Steam's report), the seats rotated."""
    code = main(["tournament", "--table", "easy,random", "--games", "2", "--seed", "4",
                 "--variant", "loans", "--map", "maps/test/mini.yaml", "--jobs", "1",
                 "--turn-cap", "12", "--json", "--quiet"])
    data = json.loads(capsys.readouterr().out)
    assert code == 0 and data["variant"] == "loans" and data["seats"] == 2
    assert [g["seats"] for g in data["games"]] == [["easy", "random"], ["random", "easy"]]
    assert {g["seed"] for g in data["games"]} == {4}
    assert set(data["summary"]["levels"]) == {"easy", "random"}
    assert data["summary"]["errors"] == 0 and data["summary"]["not_ended"] == 0
    assert main(["tournament", "--variant", "rockets"]) == 2
    assert "--variant" in capsys.readouterr().err
