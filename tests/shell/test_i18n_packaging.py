"""The catalogs reach every player: a checkout finds them through resource_path, the wheel
carries them in rail_app/_data/locale, the executable's spec bundles them; Babel, a
development tool, is in the dev extra only and never in the executable."""

from __future__ import annotations

import subprocess
import sys
import tomllib
import zipfile
from pathlib import Path

import pytest
from packaging.requirements import Requirement

from rail_app.core.i18n import LANGUAGES, SOURCE, catalog_path, template_path
from rail_app.core.paths import resource_path
from tests.spechelp import run_spec
from tests.waiting import HANG_S

ROOT = Path(__file__).resolve().parents[2]


def test_a_checkout_finds_the_catalogs_through_resource_path() -> None:
    assert template_path() == resource_path("locale", "rail_app.pot")
    assert template_path().is_file()
    for lang in LANGUAGES:
        if lang.code != SOURCE:
            assert catalog_path(lang.code) == resource_path(
                "locale", lang.code, "LC_MESSAGES", "rail_app.po")
            assert catalog_path(lang.code).is_file(), lang.code


def test_no_compiled_catalog_is_kept_in_the_repository() -> None:
    """The .po is the one source: a committed .mo could go stale beside it."""
    tracked = subprocess.run(["git", "ls-files", "locale"], cwd=ROOT, capture_output=True,
                             text=True, check=True).stdout.split()
    assert tracked and not [name for name in tracked if name.endswith(".mo")]


def test_babel_is_a_development_dependency_only() -> None:
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    names = {Requirement(r).name.lower() for r in project["dependencies"]}
    dev = {Requirement(r).name.lower() for r in project["optional-dependencies"]["dev"]}
    assert "babel" in dev and "babel" not in names
    assert "babel==" not in (ROOT / "requirements.txt").read_text(encoding="utf-8")
    assert "babel==" in (ROOT / "requirements-dev.txt").read_text(encoding="utf-8")


def test_the_executable_bundles_the_catalogs_and_leaves_babel_out(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    built = run_spec("linux", workpath=tmp_path, monkeypatch=monkeypatch)
    for lang in LANGUAGES:
        if lang.code != SOURCE:
            where = f"locale/{lang.code}/LC_MESSAGES"
            assert (f"{where}/rail_app.po", where) in built.analysis["datas"], lang.code
    assert "babel" in built.analysis["excludes"]


def test_the_wheel_carries_the_catalogs(tmp_path: Path) -> None:
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    wheel_files = project["tool"]["hatch"]["build"]["targets"]["wheel"]["force-include"]
    assert wheel_files["locale"] == "rail_app/_data/locale"
    assert "locale" in project["tool"]["hatch"]["build"]["targets"]["sdist"]["include"]
    subprocess.run([sys.executable, "-m", "pip", "wheel", "--no-deps", "--no-build-isolation",
                    "--no-index", "-q", "-w", str(tmp_path), str(ROOT)], check=True,
                   capture_output=True, timeout=HANG_S)
    wheel = next(tmp_path.glob("italian_rails-*.whl"))
    names = set(zipfile.ZipFile(wheel).namelist())
    assert "rail_app/_data/locale/rail_app.pot" in names
    assert "rail_app/_data/locale/es/LC_MESSAGES/rail_app.po" in names
    assert "rail_app/core/i18n/po.py" in names
