"""What only the development tools use stays in the development requirements: tqdm (the long
commands' progress bars) is in the ``dev`` extra, not in the game's requirements; the game
imports without it, and the development commands run without it, with no bar."""

from __future__ import annotations

import os
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest
from packaging.requirements import Requirement

from rail_app.devtools import progress
from tests.waiting import HANG_S

ROOT = Path(__file__).resolve().parents[2]

#: Imports every module of the game but the development tools, with tqdm made impossible to
#: import (as on a machine with only requirements.txt), and names any module that failed.
IMPORT_ALL = r"""
import importlib, pkgutil, sys
sys.modules["tqdm"] = None  # import tqdm raises ImportError
import rail_app
failed = []
for info in pkgutil.walk_packages(rail_app.__path__, "rail_app."):
    if "devtools" in info.name.split(".") or info.name.endswith("__main__"):
        continue
    try:
        importlib.import_module(info.name)
    except ImportError as exc:
        failed.append(f"{info.name}: {exc}")
print("\n".join(failed) or "all imported")
"""


def test_tqdm_is_a_development_dependency_only() -> None:
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    game = {Requirement(r).name.lower() for r in project["dependencies"]}
    dev = {Requirement(r).name.lower() for r in project["optional-dependencies"]["dev"]}
    assert "tqdm" in dev and "tqdm" not in game
    assert "tqdm==" not in (ROOT / "requirements.txt").read_text(encoding="utf-8")
    assert "tqdm==" not in (ROOT / "requirements-build.txt").read_text(encoding="utf-8")
    assert "tqdm==" in (ROOT / "requirements-dev.txt").read_text(encoding="utf-8")


def test_the_game_imports_without_tqdm() -> None:
    done = subprocess.run([sys.executable, "-c", IMPORT_ALL], cwd=ROOT, capture_output=True,
                          text=True, timeout=HANG_S,
                          env={**os.environ, "PYTHONPATH": str(ROOT),
                               "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy"})
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == "all imported"


def test_without_tqdm_the_long_commands_run_without_a_bar(
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "tqdm", None)
    bar = progress.tqdm(total=3, unit="game", disable=False, file=sys.stderr)
    assert isinstance(bar, progress.NoBar)
    bar.set_postfix(errors=0, refresh=False)
    bar.update(1)
    bar.close()


def test_with_tqdm_the_bar_is_tqdms() -> None:
    from tqdm import tqdm

    bar = progress.tqdm(total=3, disable=True)
    try:
        assert isinstance(bar, tqdm)
    finally:
        bar.close()


def test_a_tournament_runs_without_tqdm(monkeypatch: pytest.MonkeyPatch) -> None:
    """The shared tournament's games, played with tqdm impossible to import."""
    from rail_app.devtools import tournament

    monkeypatch.setitem(sys.modules, "tqdm", None)
    setup = tournament.Setup("italian-rails", str(ROOT / "maps" / "test" / "mini.yaml"),
                             turn_cap=3)
    games = tournament.run(setup, [(1, ("random", "random"), 0)], jobs=1)
    assert len(games) == 1 and games[0].error is None
