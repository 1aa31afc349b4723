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

from rail_app.core.paths import scratch_data_dir
from rail_app.devtools.toolkit import resolve
from rail_app.table import registry
from rail_app.ui.savedir import newest_saves


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
    """The three figures with 10 saves and with ``count``, and their ratios."""
    from rail_app.table.seats import Level, Seat, SeatKind
    from rail_app.ui.app import App
    from rail_app.ui.session import GameSetup, Session
    from rail_app.ui.settings import Settings

    game = registry.game(game_id)
    seats = [Seat(f"Player {i + 1}", SeatKind.HUMAN, Level.NORMAL, ink)
             for i, ink in enumerate(("blue", "orange", "green", "purple", "red",
                                      "black")[:game.seats.default])]
    out: dict[str, Any] = {"game": game_id, "saves": count}
    for n in (10, count):
        with scratch_data_dir("rail-bench-saves-") as data:
            session = Session.new(GameSetup(str(resolve(game.default_map)), seats, 5, {},
                                            game_id))
            _play(session, 60)
            tpl = data / "template.json"
            session.save(tpl)
            template = tpl.read_bytes()
            tpl.unlink()
            fill_folder(data / "saves", template, session.game_id, n)
            settled = time.time() - 60  # a folder as the game finds it: not written now
            os.utime(data / "saves", (settled, settled))
            newest_saves()  # the index an earlier run of the game left
            app = App(size=(1280, 720), fullscreen=False, settings=Settings())
            out.update(_measure(app, n, repeat))
            app.close()
    for what in ("menu_first_frame", "load_first_frame", "continue"):
        small, large = out[f"{what}_ms_10"], out[f"{what}_ms_{count}"]
        out[f"{what}_ratio"] = large / small if small else 0.0
    return out


def _play(session: Any, actions: int) -> None:
    """``actions`` moves of the game's random players (a save with a game in it)."""
    game = session.game
    players = [game.player("random", i, 5 + i) for i in range(len(session.setup.seats))]
    for _ in range(actions):
        seat = game.to_act(session.state)
        if seat is None:
            return
        session.apply(players[seat].choose(game.seen_by(session.state, seat)))


def _measure(app: Any, n: int, repeat: int) -> dict[str, float]:
    from rail_app.ui import savedir, savelist, screens
    from rail_app.ui.session import Session

    app.step(0.016)  # the first frame of all: fonts and theme, not measured

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

    menu()
    load_screen()  # the boards of the small maps, once for both sizes
    return {f"menu_first_frame_ms_{n}": _median_ms(menu, repeat),
            f"load_first_frame_ms_{n}": _median_ms(load_screen, repeat),
            f"continue_ms_{n}": _median_ms(resume, repeat)}


def run_command(args: argparse.Namespace) -> int:
    result = bench_saves(registry.game(getattr(args, "game", None)).id, args.saves,
                         3 if args.quick else 5)
    if args.json:
        print(json.dumps(result, indent=2))
    else:
        print(f"Saves folder benchmark ({result['saves']:,} saves against 10)")
        for k, v in result.items():
            print(f"  {k:<28} {v:.3f}" if isinstance(v, float) else f"  {k:<28} {v}")
    return 0
