"""``python -m rail_app bench --quick --json`` runs and reports every figure.

The figures themselves depend on the machine, so only their presence and kind are checked
here; docs/benchmarks.md records a real run against the targets.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from rail_app.games.italian_rails.devtools.bench import KEYS, TARGETS
from tests.waiting import HANG_S

ROOT = Path(__file__).resolve().parents[2]


def _run_quick_bench(tmp_path: Path) -> dict[str, object]:
    """The bench as a person runs it: no data folder given, so it makes one of its own in
    the temporary folder (here an empty one), and must remove it again."""
    env = dict(os.environ)
    env.pop("ITALIAN_RAILS_DATA_DIR", None)
    env.pop("PYGAME_HIDE_SUPPORT_PROMPT", None)  # pygame's banner must not reach stdout
    scratch = tmp_path / "tmp"
    scratch.mkdir()
    env.update(SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy", TMPDIR=str(scratch))
    proc = subprocess.run([sys.executable, "-m", "rail_app", "bench", "--quick", "--json"],
                          cwd=ROOT, env=env, capture_output=True, text=True, timeout=HANG_S)
    assert proc.returncode == 0, proc.stderr[-2000:]
    assert list(scratch.iterdir()) == [], "the bench left files in the temporary folder"
    data = json.loads(proc.stdout)  # stdout is one JSON document, nothing else
    assert isinstance(data, dict)
    return data


@pytest.mark.slow
def test_quick_bench_json_has_every_key(tmp_path: Path) -> None:
    data = _run_quick_bench(tmp_path)
    missing = [k for k in KEYS if k not in data]
    assert not missing, f"bench --json lacks {missing}"
    for key in KEYS:
        value = data[key]
        if key == "ai_turn_p95_s" and value is None:
            continue  # null until rail_app.games.italian_rails.ai.simulate provides time_ai_turns
        assert isinstance(value, (int, float)) and not isinstance(value, bool), (key, value)
        assert value >= 0, (key, value)
    # every figure with a target is among the keys, and each ratio has its baseline
    assert set(TARGETS) <= set(KEYS)
    assert data["blit_baseline_ms"] > 0 and data["import_baseline_s"] > 0
    assert data["quick"] is True
    assert isinstance(data["segments"], list) and min(data["segments"]) >= 150


@pytest.mark.slow
def test_the_saves_bench_times_every_figure_of_every_folder(tmp_path: Path) -> None:
    """``bench --saves N`` in a process of its own, as a person runs it (a small N here):
    every figure of the three folders at both sizes, with its ratio, and its scratch
    folders removed."""
    env = dict(os.environ)
    env.pop("ITALIAN_RAILS_DATA_DIR", None)
    scratch = tmp_path / "tmp"
    scratch.mkdir()
    env.update(SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy", TMPDIR=str(scratch))
    proc = subprocess.run([sys.executable, "-m", "rail_app", "bench", "--saves", "30",
                           "--quick", "--json"], cwd=ROOT, env=env, capture_output=True,
                          text=True, timeout=HANG_S)
    assert proc.returncode == 0, proc.stderr[-2000:]
    assert list(scratch.iterdir()) == []
    data = json.loads(proc.stdout)
    for case in ("", "mixed_", "finished_"):
        for what in ("menu_first_frame", "load_first_frame", "continue"):
            assert data[f"{case}{what}_ms_10"] > 0 and data[f"{case}{what}_ms_30"] > 0
            assert data[f"{case}{what}_ratio"] > 0
    assert data["worst_ratio"] > 0 and data["saves"] == 30
