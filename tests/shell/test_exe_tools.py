"""The build's own tools: the glibc floor of a built game (tools/glibc_floor.py), and the
locked numpy the standalone game is built from (tools/numpy_noblas.py)."""

from __future__ import annotations

import importlib.util
import shutil
import sys
from pathlib import Path
from types import ModuleType

import pytest

ROOT = Path(__file__).resolve().parents[2]


def _tool(name: str) -> ModuleType:
    """A script of tools/, loaded from its file (tools/ is not put on the import path: its
    i18n.py would hide the library of that name)."""
    spec = importlib.util.spec_from_file_location(name, ROOT / "tools" / f"{name}.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module  # dataclasses and typing look modules up by name
    spec.loader.exec_module(module)
    return module


glibc_floor = _tool("glibc_floor")
numpy_noblas = _tool("numpy_noblas")

OBJDUMP = """
libpython3.11.so.1.0:     file format elf64-x86-64

DYNAMIC SYMBOL TABLE:
0000000000000000      DF *UND*  0000000000000000 (GLIBC_2.2.5) free
0000000000000000      DF *UND*  0000000000000000 (GLIBC_2.35) hypot
0000000000000000      DF *UND*  0000000000000000 (GLIBC_2.34) dlopen
0000000000000000      DF *UND*  0000000000000000  GLIBC_2.3.4 __memcpy_chk
0000000000000000  w   DF *UND*  0000000000000000 (GLIBCXX_3.4.21) _ZNSt6chrono
"""


def test_the_versions_asked_for_are_read_from_objdump() -> None:
    found = glibc_floor.versions(OBJDUMP)
    assert found == {(2, 2, 5), (2, 35), (2, 34), (2, 3, 4)}
    assert max(found) == (2, 35)
    assert glibc_floor.versions("no versions here") == set()


needs_objdump = pytest.mark.skipif(shutil.which("objdump") is None,
                                   reason="binutils' objdump is not installed")


@needs_objdump
def test_the_floor_of_a_real_program_and_its_limit(tmp_path: Path,
                                                   capsys: pytest.CaptureFixture[str]) -> None:
    program = tmp_path / "game" / "program"
    program.parent.mkdir()
    shutil.copy(shutil.which("ls") or "/bin/ls", program)
    (tmp_path / "game" / "notes.txt").write_text("not an ELF file")
    most, who = glibc_floor.floor(tmp_path / "game")
    assert most >= (2, 2) and who == [program]
    assert glibc_floor.main([str(tmp_path / "game"), "--most", "99.0"]) == 0
    assert "glibc" in capsys.readouterr().out
    assert glibc_floor.main([str(tmp_path / "game"), "--most", "2.0"]) == 1
    assert "above 2.0" in capsys.readouterr().err
    assert glibc_floor.main([str(tmp_path / "nothing")]) == 2


@pytest.mark.parametrize(("python", "expected"), [("3.11", "2.4"), ("3.12", "2.5"),
                                                   ("3.13", "2.5")])
def test_the_numpy_pin_for_each_python_with_its_hashes(python: str, expected: str) -> None:
    """The executable's numpy is the lock's, for the Python building it; its source is
    checked against the lock's hashes."""
    lock = (ROOT / "requirements-build.txt").read_text(encoding="utf-8")
    env = {"python_version": python, "python_full_version": f"{python}.0"}
    version, requirement = numpy_noblas.locked_numpy(lock, env)
    assert version.startswith(expected + ".")
    lines = requirement.splitlines()
    assert lines[0].startswith(f"numpy=={version}")
    assert len(lines) > 2 and all(line.strip().startswith("--hash=sha256:") for line in lines[1:])
    assert not requirement.rstrip().endswith("\\")


def test_the_numpy_build_leaves_blas_out_and_builds_once_for_the_baseline() -> None:
    assert "-Dallow-noblas=true" in numpy_noblas.OPTIONS
    assert "-Dblas=none" in numpy_noblas.OPTIONS and "-Dlapack=none" in numpy_noblas.OPTIONS
    assert "-Dcpu-dispatch=none" in numpy_noblas.OPTIONS
    assert "numpy_noblas.py" in (ROOT / "tools" / "build-exe.sh").read_text(encoding="utf-8")


def test_the_numpy_build_prints_the_wheels_path_alone(tmp_path: Path,
                                                      monkeypatch: pytest.MonkeyPatch,
                                                      capsys: pytest.CaptureFixture[str]
                                                      ) -> None:
    """tools/build-exe.sh reads the wheel's path from the tool's standard output: pip's own
    words ("Looking in indexes", "Collecting numpy...") go to standard error, never into it."""
    version, _requirement = numpy_noblas.locked_numpy(
        numpy_noblas.LOCK.read_text(encoding="utf-8"))

    def pip(command: list[str], check: bool, stdout: object = None) -> None:
        print("Looking in indexes: https://pypi.org/simple", file=stdout or sys.stdout)
        out = Path(command[command.index("-w") + 1])
        (out / f"numpy-{version}-cp311-cp311-linux_x86_64.whl").write_bytes(b"")

    monkeypatch.setattr(numpy_noblas.subprocess, "run", pip)
    monkeypatch.setattr(sys, "argv", ["numpy_noblas.py", "--out", str(tmp_path)])
    numpy_noblas.main()
    shown = capsys.readouterr()
    assert shown.out.splitlines() == [str(tmp_path / f"numpy-{version}-cp311-cp311-linux_x86_64.whl")]
    assert "Looking in indexes" in shown.err
