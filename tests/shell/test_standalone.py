"""The project stands alone and is polite on the command line: nothing outside the
repository is read; the game says at once when there is no display; Ctrl-C ends the long
commands with one line and exit status 130; the help names the program as it was started;
``pip install .`` gives a working ``italian-rails``."""

from __future__ import annotations

import os
import re
import signal
import subprocess
import sys
import textwrap
import time
import zipfile
from pathlib import Path

import pytest

from rail_app import EXIT_INTERRUPTED
from rail_app.cli import build_parser, play_parser, program_name
from tests.waiting import HANG_S

ROOT = Path(__file__).resolve().parents[2]
HEADLESS = {**os.environ, "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy",
            "PYTHONPATH": str(ROOT)}

# -- nothing outside the repository ----------------------------------------------------------

# Built from parts, so that this file does not match its own patterns.
UP = ".." + "/"
SIBLING = re.compile(r"(?:" + re.escape(UP) + r")+[A-Za-z0-9_.-]+")
PARENT_JOIN = re.compile(r"\.parents?(?:\[\d+\])?\s*/\s*[\"'](?!\.)[A-Za-z0-9_-]+[\"']")


#: Climbing paths that are not references but hostile input on purpose: the save fuzzer's
#: packed map names that try to escape their folder, and the page that describes them.
HOSTILE_ON_PURPOSE = {
    ("rail_app/devtools/fuzz_saves.py", UP * 3 + "etc"),
    ("docs/reliability.md", UP * 2 + "x"),
}


def _climbs_out(path: Path, line: str) -> bool:
    """Whether ``Path(__file__).parents[N]`` on ``line`` of ``path`` climbs above the
    repository: a file ``k`` folders deep reaches the repository's root at ``parents[k]``."""
    depth = len(path.relative_to(ROOT).parts) - 1
    return any(int(n) > depth for n in re.findall(r"\.parents\[(\d+)\]", line))


def tracked_text_files() -> list[Path]:
    names = subprocess.run(["git", "ls-files"], cwd=ROOT, capture_output=True, text=True,
                           check=True).stdout.splitlines()
    out = []
    for name in names:
        path = ROOT / name
        if path.suffix in (".png", ".npz", ".ttf", ".otf", ".wav", ".ico", ".icns") or not path.is_file():
            continue
        out.append(path)
    return out


def test_no_tracked_file_refers_to_a_folder_beside_the_repository() -> None:
    """The repository stands alone: a path that climbs out of it (a folder beside the
    project) is a dependency a fresh clone does not have."""
    root = ROOT.resolve()
    found: list[str] = []
    for path in tracked_text_files():
        try:
            text = path.read_text(encoding="utf-8")
        except UnicodeDecodeError:
            continue
        for number, line in enumerate(text.splitlines(), start=1):
            for m in SIBLING.finditer(line):
                rel = m.group(0)
                inside = [(base / rel).resolve() for base in (path.parent, root)]
                where = path.relative_to(ROOT).as_posix()
                if (where, rel) in HOSTILE_ON_PURPOSE:
                    continue
                if not any(p == root or root in p.parents for p in inside):
                    found.append(f"{where}:{number}: {rel}")
            for m in PARENT_JOIN.finditer(line):
                if "ROOT.parent" in line or "repo.parent" in line or _climbs_out(path, line):
                    found.append(f"{path.relative_to(ROOT)}:{number}: {m.group(0)}")
    assert not found, "files that reach outside the repository:\n" + "\n".join(found)


def test_the_check_finds_a_folder_beside_the_repository(tmp_path: Path) -> None:
    """The pattern above is not blind: it sees the ways a file may name a folder beside the
    project, and lets paths inside the repository be."""
    beside = UP + "sha" + "red/RULES.md"
    assert SIBLING.search(f"see {beside}")
    assert PARENT_JOIN.search("GEODATA = ROOT.parent / " + '"sha' + 'red"')
    deep = ROOT / "tests" / "shell" / "test_x.py"
    assert _climbs_out(deep, 'Path(__file__).parents[' + '3] / "shared"')
    assert not _climbs_out(deep, 'Path(__file__).parents[2] / "maps"')
    inside = (ROOT / "docs" / (UP + "README.md")).resolve()
    assert inside == ROOT / "README.md"


def test_the_map_generator_reads_the_repositorys_own_geodata() -> None:
    geodata = ROOT / "tools" / "geodata"
    for name in ("italy_geo.geojson", "mountains.geojson", "cities.yaml",
                 "elevation_italy.npz", "README.md"):
        assert (geodata / name).is_file(), name
    sources = (geodata / "README.md").read_text(encoding="utf-8")
    for credit in ("Natural Earth", "GeoNames", "CC-BY 4.0", "SRTM30"):
        assert credit in sources


def test_the_map_generator_says_what_is_missing_without_a_traceback(tmp_path: Path) -> None:
    done = subprocess.run([sys.executable, str(ROOT / "tools" / "build_italy_map.py"),
                           "--geodata", str(tmp_path), "--out", str(tmp_path)],
                          capture_output=True, text=True, timeout=HANG_S)
    assert done.returncode == 2
    assert "Traceback" not in done.stderr
    assert "not the geodata folder" in done.stderr and "tools/geodata" in done.stderr


# -- no display -------------------------------------------------------------------------------


def test_without_a_display_the_game_says_so_in_one_line_and_stops() -> None:
    """``env -u DISPLAY SDL_VIDEODRIVER= python main.py``: SDL would fall back to drawing
    into memory and the game would run unseen for ever."""
    env = {k: v for k, v in os.environ.items() if k not in ("DISPLAY", "WAYLAND_DISPLAY")}
    env["SDL_VIDEODRIVER"] = ""
    done = subprocess.run([sys.executable, "main.py"], cwd=ROOT, env=env, capture_output=True,
                          text=True, timeout=HANG_S)
    assert done.returncode != 0
    lines = [ln for ln in done.stderr.splitlines() if ln.strip()]
    assert len(lines) == 1, done.stderr
    assert "no display" in lines[0] and "DISPLAY" in lines[0]


# -- Ctrl-C -----------------------------------------------------------------------------------


def _interruptible() -> None:
    """A shell without job control starts background commands with Ctrl-C ignored, and a
    program started so inherits it; the test's command is started as from a terminal."""
    signal.signal(signal.SIGINT, signal.SIG_DFL)


@pytest.mark.parametrize("command", [
    ["simulate", "--games", "400", "--players", "hard,normal", "--map", "maps/test/mini.yaml",
     "--jobs", "2"],
    ["tournament", "--games", "200", "--levels", "easy,normal", "--map",
     "maps/test/mini.yaml", "--jobs", "2"],
    ["fuzz", "saves", "--long"],
], ids=["simulate", "tournament", "fuzz"])
def test_ctrl_c_ends_a_long_command_with_one_line_and_130(command: list[str],
                                                          tmp_path: Path) -> None:
    """Ctrl-C reaches the whole process group, workers included; only the command answers,
    once, and leaves no output of its own behind."""
    proc = subprocess.Popen([sys.executable, "-m", "rail_app", *command], cwd=tmp_path,
                            env={**HEADLESS, "ITALIAN_RAILS_DATA_DIR": str(tmp_path / "data")},
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                            start_new_session=True, preexec_fn=_interruptible)
    (tmp_path / "maps").symlink_to(ROOT / "maps")
    time.sleep(2.0)
    assert proc.poll() is None, "the command ended before it could be interrupted"
    os.killpg(proc.pid, signal.SIGINT)
    out, err = proc.communicate(timeout=HANG_S)
    # 130, or ended by SIGINT itself, which a shell reports as 130 too (seen now and then
    # after the command has said "interrupted" and returned 130, while forked cases ran)
    assert proc.returncode in (EXIT_INTERRUPTED, -signal.SIGINT), err[-2000:]
    assert "Traceback" not in err and "KeyboardInterrupt" not in err, err[-2000:]
    assert err.rstrip().splitlines()[-1] == "interrupted"
    assert out == ""
    assert sorted(p.name for p in tmp_path.iterdir() if p.name != "data") == ["maps"]


#: Where Ctrl-C comes in a fuzz case, made to come exactly there in a process of its own
#: (tests never fork): inside a fork handler, where Python drops a KeyboardInterrupt (seen
#: once in CI: the run went on to its last case), and just after the case's child was
#: reaped, where there is no child left to stop (seen once in CI: a traceback, status 1).
CTRL_C_AT = {
    "a fork handler": """
        sent = []
        def ctrl_c_in_the_fork():
            if not sent:
                sent.append(1)
                os.kill(os.getpid(), signal.SIGINT)
                spin()  # a Python call: where a pending KeyboardInterrupt is raised
        os.register_at_fork(after_in_parent=ctrl_c_in_the_fork)
    """,
    "the child reaped": """
        real_wait4 = os.wait4
        def wait4(pid, options):
            ended = real_wait4(pid, options)
            os.kill(os.getpid(), signal.SIGINT)
            spin()
            return ended
        os.wait4 = wait4
    """,
}


@pytest.mark.parametrize("where", sorted(CTRL_C_AT))
def test_ctrl_c_pressed_at_any_moment_of_a_fuzz_case_ends_the_run(where: str,
                                                                  tmp_path: Path) -> None:
    code = textwrap.dedent("""
        import os, signal, sys
        from rail_app.devtools.isolate import run_forked

        def spin():
            return None
    """) + textwrap.dedent(CTRL_C_AT[where]) + textwrap.dedent("""
        try:
            outcome = run_forked(spin)
        except KeyboardInterrupt:
            print("interrupted")
            sys.exit(130)
        print("ran on:", outcome.status)
    """)
    done = subprocess.run([sys.executable, "-c", code], cwd=tmp_path, env=HEADLESS,
                          capture_output=True, text=True, timeout=HANG_S)
    assert (done.returncode, done.stdout.strip()) == (EXIT_INTERRUPTED, "interrupted"), \
        done.stdout + done.stderr[-2000:]
    assert "Exception ignored" not in done.stderr and "Traceback" not in done.stderr, \
        done.stderr[-2000:]


# -- names and options ------------------------------------------------------------------------


def test_the_help_names_the_program_as_it_was_started(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(sys, "argv", ["main.py"])
    assert program_name() == "python main.py"
    monkeypatch.setattr(sys, "argv", ["/home/anna/.local/bin/italian-rails"])
    assert program_name() == "italian-rails"
    monkeypatch.setattr(sys, "frozen", True, raising=False)
    monkeypatch.setattr(sys, "executable", "/opt/ItalianRails/ItalianRails")
    assert program_name() == "ItalianRails"
    assert play_parser().format_usage().startswith("usage: ItalianRails ")


def test_one_name_per_option_with_the_old_ones_hidden() -> None:
    parser = build_parser()
    for command in ("simulate", "soak", "tournament"):
        assert parser.parse_args([command, "--jobs", "3"]).jobs == 3
        assert parser.parse_args([command, "--workers", "3"]).jobs == 3
    assert parser.parse_args(["soak", "--first-seed", "7"]).seed == 7
    assert parser.parse_args(["soak", "--seed", "7"]).seed == 7
    sub = next(a for a in parser._actions if a.dest == "command")
    for command in ("simulate", "soak"):
        helptext = sub.choices[command].format_help()  # type: ignore[attr-defined]
        assert "--jobs" in helptext and "--workers" not in helptext
    assert "--first-seed" not in sub.choices["soak"].format_help()  # type: ignore[attr-defined]


# -- a real package ---------------------------------------------------------------------------


@pytest.mark.slow
def test_pip_install_gives_a_working_italian_rails_anywhere(tmp_path: Path) -> None:
    """The wheel carries the maps and assets and the ``italian-rails`` command; installed
    into an environment of its own, the command works from any folder. (Built offline:
    the build backend comes from the development requirements.)"""
    wheels = tmp_path / "wheels"
    subprocess.run([sys.executable, "-m", "pip", "wheel", "--no-deps", "--no-build-isolation",
                    "--no-index", "-q", "-w", str(wheels), str(ROOT)],
                   check=True, capture_output=True, timeout=HANG_S)
    wheel = next(wheels.glob("italian_rails-*.whl"))
    names = set(zipfile.ZipFile(wheel).namelist())
    for needed in ("rail_app/cli.py", "rail_app/_data/maps/italy.yaml",
                   "rail_app/_data/maps/test/mini.yaml", "rail_app/_data/assets/theme.json"):
        assert needed in names, needed
    entry_points = next(n for n in names if n.endswith("entry_points.txt"))
    assert "italian-rails = rail_app.cli:entry" in zipfile.ZipFile(wheel).read(
        entry_points).decode()
    venv = tmp_path / "venv"
    subprocess.run([sys.executable, "-m", "venv", str(venv)], check=True, timeout=HANG_S)
    # The game's dependencies come from this environment (no network): a .pth file of the
    # new environment adds this one's site-packages after its own.
    ours = [p for p in sys.path if p.endswith("site-packages")]
    theirs = next((venv / "lib").glob("python3*/site-packages"))
    (theirs / "dependencies.pth").write_text("\n".join(ours) + "\n", encoding="utf-8")
    subprocess.run([str(venv / "bin" / "python"), "-m", "pip", "install", "--no-deps",
                    "--no-index", "-q", str(wheel)], check=True, capture_output=True,
                   timeout=HANG_S)
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    env = {k: v for k, v in HEADLESS.items() if k != "PYTHONPATH"}
    env["ITALIAN_RAILS_DATA_DIR"] = str(tmp_path / "data")
    command = str(venv / "bin" / "italian-rails")
    version = subprocess.run([command, "--version"], cwd=elsewhere, env=env,
                             capture_output=True, text=True, timeout=HANG_S)
    assert version.returncode == 0 and version.stdout.startswith("Rail Table "), version
    selftest = subprocess.run([command, "selftest"], cwd=elsewhere, env=env,
                              capture_output=True, text=True, timeout=HANG_S)
    assert selftest.returncode == 0, selftest.stdout[-2000:] + selftest.stderr[-2000:]
    assert "all checks passed" in selftest.stdout
    where = subprocess.run([str(venv / "bin" / "python"), "-c",
                            "import rail_app; print(rail_app.__file__)"], cwd=elsewhere,
                           env=env, capture_output=True, text=True, timeout=HANG_S)
    assert str(venv) in where.stdout, "the command ran the checkout, not the installed game"
