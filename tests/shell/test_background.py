"""Work in the background (the menu's map loading) is never cut off by the program's end:
the interpreter ends a daemon thread wherever it is, and ending it inside the geometry
library's C++ code aborts the program (signal 6, "terminate called without an active
exception", seen when the menu was left while its map was loading). The program waits
for the work instead."""

from __future__ import annotations

import subprocess
import sys
import textwrap
from pathlib import Path

from tests.waiting import HANG_S

ROOT = Path(__file__).resolve().parents[2]


def test_the_program_waits_for_work_in_the_background_before_it_ends(tmp_path: Path) -> None:
    done = tmp_path / "done"
    code = textwrap.dedent(f"""
        import shapely
        from shapely.geometry import Point
        from rail_app.ui.background import Background

        def work():
            shapes = [Point(i, 0).buffer(1.0, 64) for i in range(400)]
            for _ in range(30):  # the geometry library's C++ code, for a while
                shapely.union_all(shapes)
            open({str(done)!r}, "w").write("whole")

        Background(work, "test work")
        # the program ends at once, the work still in the geometry library
    """)
    out = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True,
                         text=True, timeout=HANG_S)
    assert out.returncode == 0, out.stderr[-2000:]
    assert done.read_text(encoding="utf-8") == "whole"


def test_the_menu_left_while_its_map_loads_ends_cleanly() -> None:
    """The menu's map (Italy) is loading when the window is closed: the program ends with
    status 0, every time."""
    code = textwrap.dedent("""
        import os
        os.environ["SDL_VIDEODRIVER"] = "dummy"; os.environ["SDL_AUDIODRIVER"] = "dummy"
        from rail_app.ui.app import App
        from rail_app.ui.settings import Settings
        app = App(size=(1280, 720), fullscreen=False, settings=Settings())
        for _ in range(3):
            app.step(0.016)  # the second frame starts loading the menu's map
        app.close()
    """)
    for _ in range(3):
        out = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True,
                             text=True, timeout=HANG_S)
        assert out.returncode == 0, out.stderr[-2000:]


def test_closing_the_window_never_waits_long_for_work_that_goes_on() -> None:
    """A map that takes minutes to read (a hostile world) is still being read when the
    window is closed: the game waits a few seconds, then ends at once, status 0."""
    code = textwrap.dedent("""
        import os, sys, time
        os.environ["SDL_VIDEODRIVER"] = "dummy"; os.environ["SDL_AUDIODRIVER"] = "dummy"
        from rail_app.ui import scenes
        from rail_app.ui.app import App
        from rail_app.ui.ending import end
        from rail_app.ui.settings import Settings
        scenes._load_board = lambda game, path: time.sleep(600)
        app = App(size=(1280, 720), fullscreen=False, settings=Settings())
        for _ in range(3):
            app.step(0.016)  # the second frame starts reading the menu's map
        app.close()
        assert app.busy
        sys.exit(end(app, 0))
    """)
    out = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True,
                         text=True, timeout=HANG_S)  # the game's own wait is 5 s
    assert out.returncode == 0, out.stderr[-2000:]
