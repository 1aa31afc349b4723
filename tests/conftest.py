"""Headless pygame for the interface tests: no window, no sound card; and a user data folder
of each test's own, so that no test ever writes into the player's saves and settings."""

import gc
import os
import shutil
import tempfile
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, settings

# No test times itself (DESIGN.md habit 21): hypothesis's examples have no deadline, and its
# health check of slow data generation, which a busy machine trips, is off.
settings.register_profile("suite", deadline=None, suppress_health_check=[HealthCheck.too_slow])
settings.load_profile("suite")

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

# Set before any test module imports the game: code that runs at import time, and programs
# the tests start (they inherit the environment), find this folder, never the player's.
_SESSION_DATA = tempfile.mkdtemp(prefix="rail-table-tests-")
os.environ["ITALIAN_RAILS_DATA_DIR"] = _SESSION_DATA
# The language of programs the tests start (and of the command line run in-process): English
# unless a test sets its own.
os.environ["LANGUAGE"] = "en"


def pytest_sessionfinish(session: pytest.Session, exitstatus: int) -> None:
    shutil.rmtree(_SESSION_DATA, ignore_errors=True)


def pytest_runtest_logfinish(nodeid: str, location: tuple[str, int | None, str]) -> None:
    """After each test, collect its garbage and set what is left (the boards, fonts and
    pictures that caches keep for later tests) aside from the cyclic garbage collector:
    otherwise every later collection walks everything earlier tests kept, and the whole
    run spends half its time there."""
    gc.collect()
    gc.freeze()


@pytest.fixture(autouse=True)
def _own_data_dir(tmp_path_factory: pytest.TempPathFactory,
                  monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    """Each test gets an empty user data folder of its own."""
    folder = tmp_path_factory.mktemp("data")
    monkeypatch.setenv("ITALIAN_RAILS_DATA_DIR", str(folder))
    yield folder


@pytest.fixture(autouse=True)
def _english() -> Iterator[None]:
    """Every test speaks English unless it sets its own language (whatever the machine's
    LANG); programs the tests start speak English too unless a test says otherwise."""
    from rail_app.core import i18n

    i18n.set_language("en")
    yield
    i18n.set_language("en")


@pytest.fixture
def app(_own_data_dir: Path) -> Iterator[Any]:
    """The game's window, headless, at 1280x720 with default settings."""
    from rail_app.ui.app import App
    from rail_app.ui.settings import Settings

    yield App(size=(1280, 720), fullscreen=False, settings=Settings())
