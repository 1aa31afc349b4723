"""``python -m rail_app lesson-xvfb``: the lesson (Learn to play) played in the real game
window with real X input, for the pictures of its steps (docs/screenshots.md).

Run it under an X server without a screen, with xdotool and ImageMagick's ``import``::

    xvfb-run -a -s "-screen 0 1920x1080x24" python -m rail_app lesson-xvfb --out DIR

The pointer and the keys go through the X server (``xdotool``), not through pygame's event
queue, so the window sees what it would see from a person; the steps are the same as the
test's walk-through (:mod:`rail_app.games.italian_rails.devtools.lessonplay`). It plays in a data folder of its
own and writes ``stepNN.png`` (the whole screen) when each step shows.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import time
from pathlib import Path
from typing import Any

from rail_app.core.paths import scratch_data_dir
from rail_app.games.italian_rails.devtools.lessonplay import play_lesson
from rail_app.ui.app import App
from rail_app.ui.kit.driver import Driver
from rail_app.ui.settings import Settings

TOOLS = ("xdotool", "import")


class XDriver(Driver):
    """A Driver whose mouse and keys go through the X server."""

    def __init__(self, app: Any, origin: tuple[int, int]) -> None:
        super().__init__(app)
        self.origin = origin

    def _xdo(self, *args: object) -> None:
        subprocess.run(["xdotool", *map(str, args)], check=True)
        time.sleep(0.03)
        self.frames(2)

    def mouse(self, kind: int, pos: tuple[float, float], button: int = 1,
              rel: tuple[float, float] = (0, 0), buttons: tuple[int, int, int] = (0, 0, 0)) -> None:
        pg = self.pg
        x, y = round(pos[0]) + self.origin[0], round(pos[1]) + self.origin[1]
        if kind == pg.MOUSEMOTION:
            self._xdo("mousemove", x, y)
        elif kind == pg.MOUSEBUTTONDOWN:
            self._xdo("mousemove", x, y, "mousedown", button)
        else:
            self._xdo("mousemove", x, y, "mouseup", button)

    def key(self, key: int, mod: int = 0) -> None:
        pg = self.pg
        names = {pg.K_RETURN: "Return", pg.K_SPACE: "space", pg.K_BACKSPACE: "BackSpace",
                 pg.K_ESCAPE: "Escape"}
        self._xdo("key", names[key])


def main(out: Path, size: tuple[int, int]) -> int:
    missing = [t for t in TOOLS if shutil.which(t) is None]
    if missing or not os.environ.get("DISPLAY"):
        why = f"missing {', '.join(missing)}" if missing else "no X display (DISPLAY is unset)"
        print(f"lesson-xvfb: {why}; run it as: xvfb-run -a -s \"-screen 0 1920x1080x24\" "
              "python -m rail_app lesson-xvfb --out DIR (with xdotool and ImageMagick)")
        return 2
    os.environ["SDL_VIDEODRIVER"] = "x11"
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

    out.mkdir(parents=True, exist_ok=True)
    with scratch_data_dir("italian-rails-lesson-"):
        import pygame

        app = App(size=size, fullscreen=False, settings=Settings())
        for _ in range(5):
            app.step(1 / 60)
            time.sleep(0.02)
        window = str(pygame.display.get_wm_info()["window"])
        geo = subprocess.run(["xdotool", "getwindowgeometry", "--shell", window],
                             capture_output=True, text=True, check=True).stdout
        g = dict(line.split("=", 1) for line in geo.split())
        d = XDriver(app, (int(g["X"]), int(g["Y"])))
        menu: Any = app.scene
        learn = next(b for b, what in menu.buttons.items() if what == "learn")
        d.mouse(pygame.MOUSEMOTION, learn.rect.center)
        d.mouse(pygame.MOUSEBUTTONDOWN, learn.rect.center)
        d.mouse(pygame.MOUSEBUTTONUP, learn.rect.center)
        d.frames(5)
        scene = app.scene

        def shot(step: int) -> None:
            d.frames(3)
            time.sleep(0.05)
            subprocess.run(["import", "-window", "root", str(out / f"step{step:02d}.png")],
                           check=True)

        play_lesson(d, scene, shot)
        app.running = False
        pygame.quit()
    print(f"lesson-xvfb: {len(list(out.glob('step*.png')))} steps written to {out}")
    return 0
