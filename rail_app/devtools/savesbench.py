"""``python -m rail_app bench --saves N``: how the saves folder scales. The main menu's
first frame (it finds the game Continue resumes), the Load screen's first frame and
Continue (finding the game and loading it) are timed with 10 saves and with ``N`` in the
folder, in a scratch data folder of their own; each figure is the median of a few runs,
and the ratio N/10 is what is judged (the same run, the same machine).

Three folders of each size:

- the chosen game's saves (the keys without a prefix): real saves of a game of it on its
  default map, one per file, two thirds autosaves (three turns of each match, as the game
  keeps them), one third saves a player named, each with a modification time of its own;
- ``mixed_``: the same, of every game with a screen on the table, one after the other;
- ``finished_``: every game of the table again, every match over (a folder of finished
  games: Continue finds nothing to resume, after passing over every save).

Before the timings, each folder is listed and its Continue found once, as an earlier run
of the game leaves it (the folder's index, with what Continue learnt of each save, and
what it found), once the folders have settled (a few seconds after they were written).
Each figure is timed alone: what its screen started in the background ends before the
next is timed."""

from __future__ import annotations

import argparse
import gc
import json
import os
import statistics
import time
from pathlib import Path
from typing import Any

from rail_app.core.paths import DATA_DIR_ENV, scratch_data_dir
from rail_app.devtools.toolkit import resolve
from rail_app.table import registry
from rail_app.table.seats import Level, Seat, SeatKind
from rail_app.ui import background, savedir, saveindex, savelist, screens
from rail_app.ui.app import App
from rail_app.ui.gamescreens import playable
from rail_app.ui.savedir import newest_saves
from rail_app.ui.savelist import latest_game_path
from rail_app.ui.session import GameSetup, Session
from rail_app.ui.settings import Settings

#: The folders of each size (see the module), each a prefix of its figures' keys.
CASES = ("", "mixed_", "finished_")
FIGURES = ("menu_first_frame", "load_first_frame", "continue")
#: Seconds a figure's work in the background may take to end before the next is timed.
SETTLE_S = 120.0


def fill_folder(folder: Path, templates: list[tuple[bytes, str]], count: int) -> None:
    """``count`` saves in ``folder``: copies of the ``templates`` (each a save and its
    match's id) in turn, each its own match or turn, the newest last."""
    folder.mkdir(parents=True, exist_ok=True)
    now = time.time() - count
    for i in range(count):
        template, game_id = templates[(i // 3) % len(templates)]
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


def _template(game_id: str, root: Path) -> tuple[bytes, str]:
    """A save of a game of ``game_id`` on its default map after 60 random actions, and its
    match's id."""
    game = registry.game(game_id)
    seats = [Seat(f"Player {i + 1}", SeatKind.HUMAN, Level.NORMAL, ink)
             for i, ink in enumerate(("blue", "orange", "vermillion", "sky blue",
                                      "bluish green", "black")[:game.seats.default])]
    session = Session.new(GameSetup(str(resolve(game.default_map)), seats, 5, {}, game_id))
    _play(session, 60)
    tpl = root / f"template-{game_id}.json"
    session.save(tpl)
    return tpl.read_bytes(), session.game_id


def _finished(template: tuple[bytes, str]) -> tuple[bytes, str]:
    """The save as its game's block says when the game is over."""
    data, match = template
    head, sep, rest = data.partition(b'"over": false')
    assert sep, "a save's game block says whether the game is over"
    return head + b'"over": true' + rest, match


def bench_saves(game_id: str, count: int, repeat: int = 5) -> dict[str, Any]:
    """The figures with 10 saves and with ``count`` in each folder (see the module), and
    their ratios. The folders are measured in turns, one run of each after the other, so
    that a machine whose load changes during the run weighs on all alike."""
    out: dict[str, Any] = {"game": game_id, "saves": count, "runs": repeat,
                           "games": [g.id for g in playable()]}
    with scratch_data_dir("rail-bench-saves-") as root:
        templates = {g.id: _template(g.id, root) for g in playable()}
        every = list(templates.values())
        folders: dict[tuple[str, int], Path] = {}
        for case, chosen in (("", [templates[game_id]]), ("mixed_", every),
                             ("finished_", [_finished(t) for t in every])):
            for n in (10, count):
                data = root / f"{case or 'game_'}{n}"
                fill_folder(data / "saves", chosen, n)
                settled = time.time() - 60  # a folder as the game finds it: not written now
                os.utime(data / "saves", (settled, settled))
                folders[(case, n)] = data
        # the folders' change times, which no program sets back, settle as the game finds
        # them after the last save was written (saveindex.settled)
        time.sleep(saveindex.RACY_S + 0.5)
        for data in folders.values():
            os.environ[DATA_DIR_ENV] = str(data)
            newest_saves()  # the index an earlier run of the game left,
            latest_game_path(game_id)  # with what its menu's Continue learnt
        settings = Settings()
        settings.game = game_id
        app = App(size=(1280, 720), fullscreen=False, settings=settings)
        # what is alive now (the games' modules, the app, its fonts) is set aside from the
        # collector, so that each figure's untimed collection walks only what came after
        gc.collect()
        gc.freeze()
        times: dict[str, list[float]] = {}
        for r in range(repeat + 1):
            for (case, n), data in folders.items():
                os.environ[DATA_DIR_ENV] = str(data)
                for key, ms in _measure(app, game_id).items():
                    if r:  # the first round warms the caches of all: not counted
                        times.setdefault(f"{case}{key}_ms_{n}", []).append(ms)
        app.close()
        gc.unfreeze()
        os.environ[DATA_DIR_ENV] = str(root)
    out.update({k: statistics.median(v) for k, v in times.items()})
    for case in CASES:
        for what in FIGURES:
            small, large = out[f"{case}{what}_ms_10"], out[f"{case}{what}_ms_{count}"]
            out[f"{case}{what}_ratio"] = large / small if small else 0.0
    out["worst_ratio"] = max(out[f"{case}{what}_ratio"] for case in CASES for what in FIGURES)
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


def _measure(app: Any, game_id: str) -> dict[str, float]:
    """One run of each figure on the data folder now set (ms). Before each, untimed, what
    is in memory is forgotten as when the game starts (the index read again from its
    file), what the figure before started in the background has ended, and what it left
    for the collector is collected: each figure is timed alone."""
    def fresh() -> None:
        background.settle(SETTLE_S)
        savelist.forget_entries()  # as when the Load screen is first opened
        savedir.forget_index()
        gc.collect()

    def menu() -> None:
        app.reset(screens.menu(app))
        app.step(0.016)

    def load_screen() -> None:
        app.reset(screens.menu(app))
        app.push(screens.saves(app))
        app.step(0.016)

    def resume() -> None:
        path = savelist.latest_game_path(game_id)
        if path is not None:  # a folder of finished games: nothing to resume
            Session.load(path)

    out: dict[str, float] = {}
    for key, figure in (("menu_first_frame", menu), ("load_first_frame", load_screen),
                        ("continue", resume)):
        fresh()
        t0 = time.perf_counter()
        figure()
        out[key] = (time.perf_counter() - t0) * 1000
    background.settle(SETTLE_S)
    return out


def run_command(args: argparse.Namespace) -> int:
    result = bench_saves(registry.game(getattr(args, "game", None)).id, args.saves,
                         1 if args.quick else 9)
    if args.json:
        print(json.dumps(result, indent=2))
    else:
        print(f"Saves folder benchmark ({result['saves']:,} saves against 10)")
        for k, v in result.items():
            print(f"  {k:<36} {v:.3f}" if isinstance(v, float) else f"  {k:<36} {v}")
    return 0
