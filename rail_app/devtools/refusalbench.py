"""What refusing a hostile save and starting without a display cost, each against the same
work on a good one in the same run (a ratio, which a busy machine changes less than an
absolute time): the budgets that tests once timed themselves (DESIGN.md habit 21), for
any game on the table.

- ``save_refusal_ratio``: the slowest refusal among hostile saves of a game (a 50 MB name,
  refused by the file's size before it is read; an older save whose map is ``/dev/zero``, a
  FIFO or a folder, refused without reading or waiting) against loading the good save of the
  same game; each in a forked process (a FIFO that made the loader wait would be a
  time-out, never a bench that hangs), in that process's processor time.
- ``no_display_ratio``: the game started where there is no display (``python -m rail_app
  play``, as ``python main.py``), which says so in one line and stops, against starting Python and importing the libraries the game uses (the
  wall-clock time of the two programs, the median of ``repeat`` runs each).
"""

from __future__ import annotations

import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from rail_app.core import identity
from rail_app.core.paths import base_dir
from rail_app.devtools.games import played_session, table_of
from rail_app.devtools.isolate import run_forked
from rail_app.table.records import record_of, record_text
from rail_app.ui.session import LoadError, Session

#: How long one refusal or load may take in its process before it counts as a hang.
HANG_S = 300.0
#: The libraries a start imports in any case (the baseline of ``no_display_ratio``).
IMPORTS = "import pygame, shapely, networkx, yaml"


def _load(path: str) -> str:
    """Load a save as the Load screen does (in the forked process): ``loaded`` or why not."""
    try:
        Session.load(Path(path))
    except LoadError as exc:
        return f"refused: {exc}"
    return "loaded"


def _cpu(path: Path, expect: str, repeat: int) -> float:
    """The median processor time of loading ``path`` in a process of its own; the outcome
    must start with ``expect``."""
    times = []
    for _ in range(repeat):
        out = run_forked(_load, str(path), timeout=HANG_S, headroom_mb=1024)
        if out.status != "ok" or not str(out.value).startswith(expect):
            raise RuntimeError(f"{path.name}: {out.status} {out.value} {out.error[-300:]}")
        times.append(out.cpu_seconds)
    return statistics.median(times)


def _older_save(session: Any, folder: Path, map_value: str) -> Path:
    """``session``'s game saved as older versions saved it (a plain record with a
    ``.seats`` file beside it), its map named ``map_value``."""
    game = session.game
    rec = record_of(game, session.state, session.setup.map_path, session.setup.seed)
    rec.map = map_value
    path = folder / f"older-{len(list(folder.iterdir()))}.json"
    path.write_text(record_text(rec, game), encoding="utf-8")
    seats = [{"name": s.name, "kind": str(s.kind), "level": str(s.level), "ink": s.ink}
             for s in session.setup.seats]
    (folder / f"{path.name}.seats").write_text(json.dumps({"seats": seats}), encoding="utf-8")
    return path


def bench_save_refusals(game: str | None, map_path: str, repeat: int) -> dict[str, float]:
    """``save_refusal_ratio`` and its parts (see the module docstring)."""
    names, kinds, inks = table_of(game, ("Anna", "Bruno", "Ezio", "Fede", "Gino", "Ivo"))
    session = played_session(map_path, seed=5, steps=40, names=names, kinds=kinds, inks=inks,
                             game=game)
    with tempfile.TemporaryDirectory(prefix=f"{identity.SCRATCH_PREFIX}bench-saves-") as tmp:
        folder = Path(tmp)
        good = folder / "good.json"
        session.save(good)
        huge = folder / "huge-name.json"
        data = json.loads(good.read_text(encoding="utf-8"))
        data["seats"][0]["name"] = "N" * (50 << 20)
        huge.write_text(json.dumps(data), encoding="utf-8")
        fifo = folder / "map.fifo"
        os.mkfifo(fifo)
        hostile: dict[str, Path] = {
            "50 MB name": huge,
            "map /dev/zero": _older_save(session, folder, "/dev/zero"),
            "map a FIFO": _older_save(session, folder, str(fifo)),
            "map a folder": _older_save(session, folder, str(folder)),
        }
        base = _cpu(good, "loaded", repeat)
        refusals = {name: _cpu(path, "refused", repeat) for name, path in hostile.items()}
    worst = max(refusals.values())
    return {"save_load_cpu_s": base, "save_refusal_max_cpu_s": worst,
            "save_refusal_ratio": worst / base if base else 0.0}


def _wall(args: list[str], env: dict[str, str], repeat: int,
          check: Callable[[subprocess.CompletedProcess[str]], bool]) -> float:
    times = []
    for _ in range(repeat):
        t0 = time.perf_counter()
        done = subprocess.run(args, cwd=base_dir(), env=env, capture_output=True, text=True,
                              timeout=HANG_S)
        times.append(time.perf_counter() - t0)
        if not check(done):
            raise RuntimeError(f"{' '.join(args[1:])}: exit {done.returncode}: "
                               f"{done.stderr[-300:]}")
    return statistics.median(times)


def bench_no_display(repeat: int) -> dict[str, float]:
    """``no_display_ratio`` and its parts (see the module docstring)."""
    env = {k: v for k, v in os.environ.items() if k not in ("DISPLAY", "WAYLAND_DISPLAY")}
    env["PYGAME_HIDE_SUPPORT_PROMPT"] = "1"
    _wall([sys.executable, "-c", IMPORTS], env, 1, lambda d: d.returncode == 0)  # warm
    base = _wall([sys.executable, "-c", IMPORTS], env, repeat, lambda d: d.returncode == 0)
    env["SDL_VIDEODRIVER"] = ""
    start = _wall([sys.executable, "-m", "rail_app", "play"], env, repeat,
                  lambda d: d.returncode != 0 and "no display" in d.stderr)
    return {"no_display_s": start, "no_display_import_baseline_s": base,
            "no_display_ratio": start / base if base else 0.0}
