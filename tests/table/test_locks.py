"""The lock files (requirements.txt, requirements-dev.txt, requirements-build.txt) pin what
pyproject.toml's version ranges allow, with hashes, and agree with each other; refresh them
with ``bash tools/lock.sh`` when a range changes."""

from __future__ import annotations

import re
import tomllib
from pathlib import Path

import pytest
from packaging.markers import Marker
from packaging.requirements import Requirement
from packaging.utils import canonicalize_name
from packaging.version import Version

ROOT = Path(__file__).resolve().parents[2]
LOCKS = {"requirements.txt": (), "requirements-dev.txt": ("dev",),
         "requirements-build.txt": ("build",)}
PIN = re.compile(r"^([A-Za-z0-9][A-Za-z0-9._-]*)==([^\s;\\]+)\s*(?:;\s*([^\\]+?))?\s*\\?$")


def ranges(extras: tuple[str, ...]) -> list[Requirement]:
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    wanted = [Requirement(r) for r in project["dependencies"]]
    for extra in extras:
        wanted += [Requirement(r) for r in project["optional-dependencies"][extra]]
    return wanted


def pins(name: str) -> dict[str, list[tuple[Version, Marker | None, int]]]:
    """Each pinned package: its versions (one per environment marker) and hash counts."""
    out: dict[str, list[tuple[Version, Marker | None, int]]] = {}
    current: list[tuple[Version, Marker | None, int]] | None = None
    for line in (ROOT / name).read_text(encoding="utf-8").splitlines():
        m = PIN.match(line)
        if m:
            package, version, marker = m.groups()
            current = out.setdefault(canonicalize_name(package), [])
            current.append((Version(version), Marker(marker) if marker else None, 0))
        elif line.strip().startswith("--hash=sha256:") and current:
            v, mk, n = current[-1]
            current[-1] = (v, mk, n + 1)
        elif line.strip() and not line.lstrip().startswith("#") and not line.startswith(" "):
            pytest.fail(f"{name}: a line that is neither a pin nor a hash: {line!r}")
    return out


@pytest.mark.parametrize("name", list(LOCKS))
def test_every_range_is_pinned_within_it_with_hashes(name: str) -> None:
    locked = pins(name)
    assert locked, f"{name} pins nothing"
    for req in ranges(LOCKS[name]):
        versions = locked.get(canonicalize_name(req.name))
        assert versions, f"{name} does not pin {req.name} ({req}): run bash tools/lock.sh"
        for version, _marker, _ in versions:
            assert req.specifier.contains(version, prereleases=True), \
                f"{name} pins {req.name}=={version}, outside {req}: run bash tools/lock.sh"
    for package, versions in locked.items():
        for version, _marker, hashes in versions:
            assert hashes >= 1, f"{name}: {package}=={version} has no hash"


def test_the_game_is_pinned_alike_in_every_lock() -> None:
    """The tests run on what the game ships with: the same versions in all three files."""
    game = pins("requirements.txt")
    for other in ("requirements-dev.txt", "requirements-build.txt"):
        theirs = pins(other)
        for package, versions in game.items():
            assert [v for v, _, _ in theirs.get(package, [])] == [v for v, _, _ in versions], \
                f"{package}: {other} and requirements.txt pin different versions"


def test_the_readme_installs_from_the_locks() -> None:
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    assert "pip install -r requirements.txt" in readme
    assert "pip install -r requirements-dev.txt" in readme
    assert "pip install -q -r requirements-build.txt" in (
        ROOT / "tools" / "build-exe.sh").read_text(encoding="utf-8")


#: The Python versions the game supports and CI tests (.ci/run's PYTHONS), on the systems
#: it ships for.
PYTHONS = ("3.11", "3.12", "3.13")
SYSTEMS = {"linux": ("linux", "Linux", "posix"), "win32": ("win32", "Windows", "nt"),
           "darwin": ("darwin", "Darwin", "posix")}


def _environment(python: str, system: str) -> dict[str, str]:
    sys_platform, platform_system, os_name = SYSTEMS[system]
    return {"python_version": python, "python_full_version": f"{python}.0",
            "sys_platform": sys_platform, "platform_system": platform_system,
            "os_name": os_name, "platform_python_implementation": "CPython",
            "implementation_name": "cpython", "platform_machine": "x86_64"}


@pytest.mark.parametrize("name", list(LOCKS))
@pytest.mark.parametrize("python", PYTHONS)
def test_each_supported_python_gets_exactly_one_pin_of_each_package(name: str,
                                                                      python: str) -> None:
    """The lock's markers split the versions cleanly: on every supported Python and system,
    each package that applies has exactly one pin, and every range of pyproject.toml is met
    by the pin that applies (so CI's run on that Python installs what the lock says)."""
    locked = pins(name)
    for system in SYSTEMS:
        env = _environment(python, system)
        chosen: dict[str, Version] = {}
        for package, versions in locked.items():
            applying = [v for v, marker, _ in versions if marker is None or marker.evaluate(env)]
            assert len(applying) <= 1, f"{name}: {package} has {applying} on {python}, {system}"
            if applying:
                chosen[package] = applying[0]
        for req in ranges(LOCKS[name]):
            if req.marker is not None and not req.marker.evaluate(env):
                continue
            version = chosen.get(canonicalize_name(req.name))
            assert version is not None, f"{name}: nothing pinned for {req.name} on {python}"
            assert req.specifier.contains(version, prereleases=True)


def test_ci_tests_the_versions_pyproject_names() -> None:
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    named = sorted(c.rsplit(":: ", 1)[1] for c in project["classifiers"]
                   if re.fullmatch(r"Programming Language :: Python :: 3\.\d+", c))
    assert tuple(named) == PYTHONS
    run = (ROOT / ".ci" / "run").read_text(encoding="utf-8")
    assert f'PYTHONS="{" ".join(PYTHONS)}"' in run
    assert project["requires-python"] == f">={PYTHONS[0]}"
