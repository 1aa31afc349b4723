"""The README's pictures of Steam's game screen, taken from the real window:

    xvfb-run -s "-screen 0 1920x1080x24" python -m rail_app.games.steam.devtools.shots \\
        --out docs/screenshots [--size 1920x1080] [--lang es]

A game of Anna (a person) against three computer players on Steam: Italia, seed 7; Anna's
moves are chosen by a computer player and made through the screen (her strokes drawn with
the pen, her deliveries picked from the list), and the screen is saved at the moments the
pictures show: the action tiles, a stroke being drawn, a delivery being chosen, the map and
the tracks later in the game, the final score."""

from __future__ import annotations

import argparse
import os
from pathlib import Path
from typing import Any

from rail_app.core.i18n import set_language
from rail_app.core.paths import scratch_data_dir
from rail_app.games.steam.ai import make_player
from rail_app.games.steam.rules import goods
from rail_app.games.steam.rules.actions import ChooseTile
from rail_app.games.steam.rules.state import Step
from rail_app.games.steam.ui.commands import Deliver, Play
from rail_app.games.steam.ui.selftest import legal_stroke
from rail_app.table.seats import Level, Seat, SeatKind
from rail_app.ui.app import App
from rail_app.ui.kit.driver import click, drag, key
from rail_app.ui.session import GameSetup, Session
from rail_app.ui.settings import Settings

STEPS_CAP = 20000


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--out", default="docs/screenshots")
    ap.add_argument("--size", default="1920x1080")
    ap.add_argument("--lang", default="en")
    ap.add_argument("--suffix", default="")
    args = ap.parse_args(argv)
    w, h = (int(v) for v in args.size.split("x"))
    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    set_language(args.lang)
    with scratch_data_dir("steam-shots-"):
        return _shoot(out, (w, h), args.suffix)


def _shoot(out: Path, size: tuple[int, int], suffix: str) -> int:
    import pygame

    settings = Settings()
    settings.hints = False  # the pictures show the game; the hints have a test of their own
    app = App(map_path="maps/steam-italia.yaml", size=size, fullscreen=False, settings=settings)
    seats = [Seat("Anna", SeatKind.HUMAN, Level.NORMAL, "blue"),
             Seat("Bruno", SeatKind.COMPUTER, Level.NORMAL, "orange"),
             Seat("Carla", SeatKind.COMPUTER, Level.NORMAL, "vermillion"),
             Seat("Dario", SeatKind.COMPUTER, Level.NORMAL, "bluish green")]
    session = Session.new(GameSetup("maps/steam-italia.yaml", seats, 7, game="steam"))
    app.reset(app.screens.game(session))
    scene: Any = app.scene
    me = make_player("normal", 0, 7)
    taken: set[str] = set()

    def shot(name: str) -> None:
        app.step(0.02, [])
        path = out / f"{name}{suffix}.png"
        pygame.image.save(app.screen, str(path))
        taken.add(name)
        print("wrote", path)

    for _ in range(STEPS_CAP):
        if session.over:
            break
        st = session.state
        if session.seat.computer:
            key(app, pygame.K_SPACE)
            continue
        step = st.step
        if step is Step.CHOOSE and "steam-action-tiles" not in taken and st.turn >= 2:
            app.step(0.02, [pygame.event.Event(pygame.MOUSEMOTION, pos=scene.find(Play(ChooseTile(3)))
                                               .center, rel=(0, 0), buttons=(0, 0, 0))])
            shot("steam-action-tiles")
        if step is Step.BUILD and "steam-drawing" not in taken and st.turn >= 2:
            hexes = legal_stroke(st, 0, 4)
            if hexes is not None and len(hexes) >= 3:
                scene.focus(hexes, 2.4)
                pts = [scene.hex_screen(k) for k in hexes]
                drag(app, pts, release=False)
                shot("steam-drawing")
                app.step(0.02, [pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pts[-1],
                                                   button=1)])
                continue
        if step is Step.MOVE and "steam-moving" not in taken:
            routes = goods.legal_routes(st, 0)
            best = max(routes, key=lambda r: (len(r.stops), len(set(r.owners))), default=None)
            if best is not None and len(best.stops) >= 2:
                scene.focus([st.key(best.source), *(st.key(h) for h in best.stops)], 2.2)
                click(app, scene.hex_screen(st.key(best.source)))
                i = next(i for i, r in enumerate(scene.table.routes) if r.stops == best.stops
                         and r.colour == best.colour)
                b = scene.find(Deliver(i))
                app.step(0.02, [pygame.event.Event(pygame.MOUSEMOTION, pos=b.center,
                                                   rel=(0, 0), buttons=(0, 0, 0))])
                shot("steam-moving")
                click(app, b.center)
                continue
        if st.turn >= 5 and step is Step.MOVE and "steam-map" not in taken:
            app.step(0.02, [pygame.event.Event(pygame.MOUSEMOTION, pos=(5, size[1] - 5),
                                               rel=(0, 0), buttons=(0, 0, 0))])
            scene.focus([st.key(c.hex) for c in st.board.cities[:12]], 1.6)
            shot("steam-map")
            scene.map.fit()
            key(app, pygame.K_t)
            shot("steam-tracks")
            key(app, pygame.K_t)
        session.apply(me.choose(st, 0))  # Anna's other choices: the computer's, as hers
        app.step(0.02, [])
    for _ in range(50):
        app.step(0.05, [])
    shot("steam-final-score")
    pygame.quit()
    return 0


if __name__ == "__main__":
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    raise SystemExit(main())
