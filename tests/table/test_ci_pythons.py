"""CI runs the tests on every supported Python the machine has: tools/find-python.sh finds an
interpreter of a version that can make virtual environments, on PATH or in pyenv's versions,
and passes over pyenv's shims for versions pyenv has not selected, interpreters of another
version and ones without venv."""

from __future__ import annotations

import os
import subprocess
from pathlib import Path

from tests.waiting import HANG_S

ROOT = Path(__file__).resolve().parents[2]
FIND = ROOT / "tools" / "find-python.sh"


def _fake(path: Path, answer: str | None) -> Path:
    """A stand-in interpreter: prints ``answer`` for ``-c`` (as the real one prints its
    version), or fails as pyenv's shim does for a version it has not selected (and as an
    interpreter without venv does)."""
    path.parent.mkdir(parents=True, exist_ok=True)
    if answer is None:
        path.write_text("#!/bin/sh\necho 'pyenv: command not found' >&2\nexit 127\n")
    else:
        path.write_text(f"#!/bin/sh\necho {answer}\n")
    path.chmod(0o755)
    return path


def _find(version: str, tmp_path: Path) -> subprocess.CompletedProcess[str]:
    env = {"PATH": f"{tmp_path / 'bin'}:/usr/bin:/bin", "PYENV_ROOT": str(tmp_path / "pyenv"),
           "HOME": str(tmp_path)}
    return subprocess.run(["bash", str(FIND), version], capture_output=True, text=True,
                          env=env, timeout=HANG_S)


def test_an_interpreter_on_path_is_found(tmp_path: Path) -> None:
    fake = _fake(tmp_path / "bin" / "python3.97", "3.97")
    done = _find("3.97", tmp_path)
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == str(fake)


def test_a_shim_without_the_version_falls_through_to_pyenvs_newest(tmp_path: Path) -> None:
    _fake(tmp_path / "bin" / "python3.97", None)  # pyenv's shim, version not selected
    _fake(tmp_path / "pyenv" / "versions" / "3.97.1" / "bin" / "python3.97", "3.97")
    newest = _fake(tmp_path / "pyenv" / "versions" / "3.97.10" / "bin" / "python3.97", "3.97")
    done = _find("3.97", tmp_path)
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == str(newest)


def test_an_interpreter_of_another_version_is_not_taken(tmp_path: Path) -> None:
    _fake(tmp_path / "bin" / "python3.97", "3.96")
    done = _find("3.97", tmp_path)
    assert done.returncode == 1
    assert "no Python 3.97" in done.stderr and done.stdout == ""


def test_the_real_interpreters_of_this_machine_answer_with_their_version() -> None:
    """The probe the script runs is real Python: the interpreter running the tests passes
    it (venv and ensurepip importable, its version printed)."""
    import sys

    version = f"{sys.version_info.major}.{sys.version_info.minor}"
    done = subprocess.run(["bash", str(FIND), version], capture_output=True, text=True,
                          env={**os.environ, "PATH": f"{Path(sys.executable).parent}:"
                                                     f"{os.environ.get('PATH', '')}"},
                          timeout=HANG_S)
    assert done.returncode == 0, done.stderr
    found = done.stdout.strip()
    check = subprocess.run([found, "-c", "import sys; print(sys.version_info[:2])"],
                           capture_output=True, text=True, timeout=HANG_S)
    assert check.stdout.strip() == str(tuple(sys.version_info[:2]))


def test_a_version_that_is_not_one_is_refused(tmp_path: Path) -> None:
    done = _find("three", tmp_path)
    assert done.returncode == 2 and "not a Python version" in done.stderr
