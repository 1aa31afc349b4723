"""``python -m rail_app bench --saves N``: how the saves folder scales. The main menu's
first frame (it finds the game Continue resumes), the Load screen's first frame and
Continue (finding the game and loading it) are timed with 10 saves and with ``N`` in the
folder, in a scratch data folder of their own; each figure is the median of a few runs,
and the ratio N/10 is what is judged (the same run, the same machine).

The saves are real saves of a game of the chosen game on its default map, one per file:
two thirds autosaves (three turns of each match, as the game keeps them), one third saves
a player named, each with a modification time of its own."""

from __future__ import annotations

import argparse
import json
import os
import statistics
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from rail_app.core.paths import DATA_DIR_ENV, scratch_data_dir
from rail_app.devtools.toolkit import resolve
from rail_app.table import registry
from rail_app.table.seats import Level, Seat, SeatKind
from rail_app.ui import savedir, savelist, screens
from rail_app.ui.app import App
from rail_app.ui.savedir import newest_saves
from rail_app.ui.session import GameSetup, Session
from rail_app.ui.settings import Settings


def _median_ms(fn: Callable[[], Any], repeat: int) -> float:
    times = []
    for _ in range(repeat):
        t0 = time.perf_counter()
        fn()
        times.append((time.perf_counter() - t0) * 1000)
    return statistics.median(times)


def fill_folder(folder: Path, template: bytes, game_id: str, count: int) -> None:
    """``count`` saves in ``folder``: copies of ``template`` (a save of the match
    ``game_id``), each its own match or turn, the newest last."""
    folder.mkdir(parents=True, exist_ok=True)
    now = time.time() - count
    for i in range(count):
        match = f"{i // 3:012x}"
        data = template.replace(game_id.encode(), match.encode())
        if i % 3 == 2:
            name = f"game-20250101-{i:06d}.json"
        else:
            name = f"autosave-{match}-{i % 3 + 1:04d}.json"
            data = data.replace(b'"autosave": false', b'"autosave": true')
        p = folder / name
        p.write_bytes(data)
        os.utime(p, (now + i, now + i))


def bench_saves(game_id: str, count: int, repeat: int = 5) -> dict[str, Any]:
    """The three figures with 10 saves and with ``count``, and their ratios. The two
    folders are measured in turns, one run of each after the other, so that a machine
    whose load changes during the run weighs on both alike."""
    game = registry.game(game_id)
    seats = [Seat(f"Player {i + 1}", SeatKind.HUMAN, Level.NORMAL, ink)
             for i, ink in enumerate(("blue", "orange", "green", "purple", "red",
                                      "black")[:game.seats.default])]
    out: dict[str, Any] = {"game": game_id, "saves": count, "runs": repeat}
    with scratch_data_dir("rail-bench-saves-") as root:
        session = Session.new(GameSetup(str(resolve(game.default_map)), seats, 5, {},
                                        game_id))
        _play(session, 60)
        tpl = root / "template.json"
        session.save(tpl)
        template = tpl.read_bytes()
        folders = {}
        for n in (10, count):
            data = root / f"with-{n}"
            fill_folder(data / "saves", template, session.game_id, n)
            settled = time.time() - 60  # a folder as the game finds it: not written now
            os.utime(data / "saves", (settled, settled))
            os.environ[DATA_DIR_ENV] = str(data)
            newest_saves()  # the index an earlier run of the game left
            folders[n] = data
        app = App(size=(1280, 720), fullscreen=False, settings=Settings())
        times: dict[str, list[float]] = {}
        for r in range(repeat + 1):
            for n, data in folders.items():
                os.environ[DATA_DIR_ENV] = str(data)
                for key, ms in _measure(app).items():
                    if r:  # the first round warms the caches of both: not counted
                        times.setdefault(f"{key}_ms_{n}", []).append(ms)
        app.close()
        os.environ[DATA_DIR_ENV] = str(root)
    out.update({k: statistics.median(v) for k, v in times.items()})
    for what in ("menu_first_frame", "load_first_frame", "continue"):
        small, large = out[f"{what}_ms_10"], out[f"{what}_ms_{count}"]
        out[f"{what}_ratio"] = large / small if small else 0.0
    return out


def _play(session: Any, actions: int) -> None:
    """``actions`` moves of the game's random players (a save with a game in it)."""
    game = session.game
    players = [game.player("random", i, 5 + i) for i in range(len(session.setup.seats))]
    for _ in range(actions):
        seat = game.rules.to_act(session.state)
        if seat is None:
            return
        session.apply(players[seat].choose(game.rules.seen_by(session.state, seat)))


def _measure(app: Any) -> dict[str, float]:
    """One run of each figure on the data folder now set (ms)."""
    def menu() -> None:
        savedir.forget_index()  # as when the game starts (the index read from its file)
        app.reset(screens.menu(app))
        app.step(0.016)

    def load_screen() -> None:
        savelist.forget_entries()  # as when the screen is first opened
        savedir.forget_index()
        app.reset(screens.menu(app))
        app.push(screens.saves(app))
        app.step(0.016)

    def resume() -> None:
        savedir.forget_index()
        path = savelist.latest_game_path()
        assert path is not None
        Session.load(path)

    return {"menu_first_frame": _median_ms(menu, 1),
            "load_first_frame": _median_ms(load_screen, 1),
            "continue": _median_ms(resume, 1)}


def run_command(args: argparse.Namespace) -> int:
    result = bench_saves(registry.game(getattr(args, "game", None)).id, args.saves,
                         3 if args.quick else 9)
    if args.json:
        print(json.dumps(result, indent=2))
    else:
        print(f"Saves folder benchmark ({result['saves']:,} saves against 10)")
        for k, v in result.items():
            print(f"  {k:<28} {v:.3f}" if isinstance(v, float) else f"  {k:<28} {v}")
    return 0
