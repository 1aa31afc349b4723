"""Kill during save: a child process saves two different games in turn to one file, as the
autosave does, and is killed with SIGKILL at a random moment, over and over; then a child
writes two different careers in turn to the career file (``career.json``), as game over
does, and is killed the same way.

After each kill the file must hold one whole save (and the career file one whole career of
the two, never damaged, never gone) (nothing lost) whose seats belong to its
own record (never one game's record with the other game's seats: the older two-file saves
got that wrong a quarter of the time). After the last kill, the game's start-up clean-up
(``ui.session.remove_leftovers``, run when the app starts) must leave no temporary file.

``python -m rail_app fuzz kill [--long] [--seed N] [--count N]``
"""

from __future__ import annotations

import os
import random
import signal
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from rail_app.core import identity
from rail_app.core.files import is_orphan_temp
from rail_app.devtools.games import played_session, small_map_of, table_of
from rail_app.table import career
from rail_app.table.career import CareerError, GameEntry, SeatResult
from rail_app.table.library import read_save
from rail_app.table.registry import game
from rail_app.table.saves import SaveError, write_save
from rail_app.ui.session import remove_leftovers

SHORT_COUNT = 8
LONG_COUNT = 100


def child_loop(folder: str) -> None:
    """The child: save game A, then game B, then A... to ``saves/autosave.json`` forever,
    saying "ready" once the first save is complete."""
    root = Path(folder)
    games = [read_save(root / "a.json"), read_save(root / "b.json")]
    target = root / "data" / "saves" / "autosave.json"
    n = 0
    while True:
        save = games[n % 2]
        write_save(target, save, game(save.record.game))
        n += 1
        if n == 1:
            sys.stdout.write("ready\n")
            sys.stdout.flush()


def career_child_loop(folder: str) -> None:
    """The child: write career A, then B, then A... to ``data/career.json`` forever."""
    root = Path(folder)
    careers = [career.read(root / "career-a.json"), career.read(root / "career-b.json")]
    target = career.career_path(root / "data")
    n = 0
    while True:
        career.write(target, careers[n % 2])
        n += 1
        if n == 1:
            sys.stdout.write("ready\n")
            sys.stdout.flush()


def _make_careers(root: Path) -> tuple[str, str]:
    """Two careers (of 3 and of 40 games) as career-a.json and career-b.json; their texts."""
    def games(n: int, name: str) -> list[GameEntry]:
        return [GameEntry(f"{name}{i}", "italian-rails", "Italia", f"2026-01-{1 + i % 28:02d}",
                          20 + i, (SeatResult(name, "human", "normal", 1 + i % 2, 200 + i,
                                              20 + i),
                                   SeatResult("Computer", "computer", "hard", 2 - i % 2, 180,
                                              20 + i))) for i in range(n)]
    texts = []
    for label, entries in (("a", games(3, "Anna")), ("b", games(40, "Bruno"))):
        career.write(root / f"career-{label}.json", entries)
        texts.append(career.to_text(entries))
    return texts[0], texts[1]


def _check_career(target: Path, texts: tuple[str, str]) -> str:
    """"ok", "lost" (no career file) or "damaged" (not one of the two careers, whole)."""
    if not target.exists():
        return "lost"
    try:
        entries = career.read(target)
    except CareerError:
        return "damaged"
    return "ok" if career.to_text(entries) in texts else "damaged"


def _kill_loop(code: str, count: int, rng: random.Random, check: Callable[[], str],
               outcomes: dict[str, int], progress: Callable[[str], None] | None,
               what: str) -> None:
    """``count`` children started with ``code``, each killed at a random moment once ready;
    ``check`` says what the kill left."""
    for k in range(count):
        proc = subprocess.Popen([sys.executable, "-c", code], stdout=subprocess.PIPE,
                                stderr=subprocess.DEVNULL, cwd=_project_root(),
                                start_new_session=True)  # Ctrl-C is the parent's
        assert proc.stdout is not None
        try:
            started = proc.stdout.readline().strip() == b"ready"
            if started:
                time.sleep(rng.uniform(0.0, 0.03))
        finally:  # the kill; also when the run itself is interrupted
            proc.send_signal(signal.SIGKILL)
            proc.wait()
            proc.stdout.close()
        if not started:
            outcomes["no start"] += 1
            continue
        verdict = check()
        outcomes[verdict] = outcomes.get(verdict, 0) + 1
        if progress is not None and (verdict != "ok" or (k + 1) % 20 == 0):
            progress(f"{what} kill {k + 1}: {verdict}")


def _make_games(root: Path, game: str | None = None) -> tuple[list[str], list[str]]:
    """Two different saved games (different players, seats and moves) as a.json, b.json;
    returns the players' names of each."""
    path = small_map_of(game)
    names, kinds, inks = table_of(game, ("Anna", "Bruno", "Ezio", "Fede", "Gino", "Ivo"))
    a = played_session(path, 3, 50, names, kinds, inks, game=game)
    names, kinds, inks = table_of(game, ("Carla", "Dario", "Luca", "Mara", "Nino", "Olga"),
                                  computer_first=True)
    b = played_session(path, 4, 30, names, kinds, inks, game=game)
    a.save(root / "a.json")
    b.save(root / "b.json")
    return (a.game.rules.seat_names(a.state), b.game.rules.seat_names(b.state))


def _check(target: Path, games: dict[str, list[str]]) -> str:
    """"ok", "lost" (no whole save) or "mismatched" (seats of the other game)."""
    if not target.exists():
        return "lost"
    try:
        saved = read_save(target)
    except SaveError:
        return "lost"
    seats = [s.name for s in saved.seats]
    record = saved.record.players
    if seats != record or record not in games.values():
        return "mismatched"
    seat_kinds = [s.kind for s in saved.seats]
    expected = ["human", "computer"] if record == games["a"] else ["computer", "human"]
    return "ok" if seat_kinds == expected else "mismatched"


def run(seed: int = 1, count: int = SHORT_COUNT,
        progress: Callable[[str], None] | None = None, game: str | None = None
        ) -> dict[str, Any]:
    """``count`` kills; a summary (lost, mismatched, temporary files seen and left)."""
    rng = random.Random(seed)
    t0 = time.perf_counter()
    outcomes: dict[str, int] = {"ok": 0, "lost": 0, "mismatched": 0, "no start": 0}
    career_outcomes: dict[str, int] = {"ok": 0, "lost": 0, "damaged": 0, "no start": 0}
    career_temps = 0
    cut_short = 0  # kills that left a temporary file (a save cut between write and rename)
    with tempfile.TemporaryDirectory(prefix=f"{identity.SCRATCH_PREFIX}fuzz-kill-") as tmp:
        root = Path(tmp)
        data = root / "data"
        (data / "saves").mkdir(parents=True)
        old = os.environ.get("ITALIAN_RAILS_DATA_DIR")
        os.environ["ITALIAN_RAILS_DATA_DIR"] = str(data)
        try:
            names = _make_games(root, game)
            games = {"a": names[0], "b": names[1]}
            target = data / "saves" / "autosave.json"
            temps_before = 0
            code = f"from rail_app.devtools.fuzz_kill import child_loop; child_loop({tmp!r})"
            for k in range(count):
                proc = subprocess.Popen([sys.executable, "-c", code], stdout=subprocess.PIPE,
                                        stderr=subprocess.DEVNULL, cwd=_project_root(),
                                        start_new_session=True)  # Ctrl-C is the parent's
                assert proc.stdout is not None
                try:
                    started = proc.stdout.readline().strip() == b"ready"
                    if started:
                        time.sleep(rng.uniform(0.0, 0.06))
                finally:  # the kill; also when the run itself is interrupted
                    proc.send_signal(signal.SIGKILL)
                    proc.wait()
                    proc.stdout.close()
                if not started:
                    outcomes["no start"] += 1
                    continue
                verdict = _check(target, games)
                outcomes[verdict] += 1
                temps = [p for p in (data / "saves").iterdir() if is_orphan_temp(p.name)]
                if len(temps) > temps_before:
                    cut_short += 1
                temps_before = len(temps)
                if progress is not None and (verdict != "ok" or (k + 1) % 20 == 0):
                    progress(f"kill {k + 1}: {verdict}, {len(temps)} temporary file(s)")
            texts = _make_careers(root)
            career_code = ("from rail_app.devtools.fuzz_kill import career_child_loop; "
                           f"career_child_loop({tmp!r})")
            career_target = data / "career.json"
            _kill_loop(career_code, count, rng, lambda: _check_career(career_target, texts),
                       career_outcomes, progress, "career")

            career_temps = sum(1 for p in data.iterdir() if is_orphan_temp(p.name))
            temps_before = sum(1 for p in (data / "saves").iterdir() if is_orphan_temp(p.name))
            remove_leftovers()  # what the game does when it starts
            left = [p.name for p in (data / "saves").iterdir() if is_orphan_temp(p.name)]
            left += [p.name for p in data.iterdir() if is_orphan_temp(p.name)]
        finally:
            if old is None:
                os.environ.pop("ITALIAN_RAILS_DATA_DIR", None)
            else:
                os.environ["ITALIAN_RAILS_DATA_DIR"] = old
    return {
        "seed": seed,
        "kills": count,
        "lost": outcomes["lost"],
        "mismatched": outcomes["mismatched"],
        "children_that_did_not_start": outcomes["no start"],
        "whole_saves": outcomes["ok"],
        "kills_during_a_write": cut_short,
        "temp_files_at_next_start": temps_before,
        "temp_files_left_after_next_start": len(left),
        "career_kills": count,
        "career_lost": career_outcomes["lost"],
        "career_damaged": career_outcomes["damaged"],
        "career_whole": career_outcomes["ok"],
        "career_children_that_did_not_start": career_outcomes["no start"],
        "career_temp_files_at_next_start": career_temps,
        "seconds": round(time.perf_counter() - t0, 1),
    }


def passed(summary: dict[str, Any]) -> bool:
    return all(summary[k] == 0 for k in ("lost", "mismatched", "children_that_did_not_start",
                                         "temp_files_left_after_next_start", "career_lost",
                                         "career_damaged",
                                         "career_children_that_did_not_start"))


def _project_root() -> str:
    return str(Path(__file__).resolve().parent.parent.parent)
