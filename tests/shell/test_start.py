"""The start: the main menu's first frame waits for nothing it does not draw. No rules
engine, no board and none of the heavy libraries under them (networkx, shapely, numpy) are
imported before the menu shows; the board comes from the second frame, in the background,
for the map behind the menu (or with the first game). ``bench``'s ``start_ratio`` measures
the time; this checks what is loaded."""

from __future__ import annotations

import json
import os
import random
import subprocess
import sys
from pathlib import Path

from rail_app.core import guarded
from tests.waiting import HANG_S

ROOT = Path(__file__).resolve().parents[2]

HEAVY = ("networkx", "shapely", "numpy", "rail_app.games.italian_rails.rules.board", "rail_app.games.italian_rails.rules.engine",
         "rail_app.ui.session", "rail_app.games.italian_rails.ui.maprender")

# As ``python main.py`` starts: the command line module, then the app and its first frame;
# then frames until the map behind the menu is drawn.
_START = """
import json, sys
import rail_app.cli
from rail_app.ui.app import App
from rail_app.ui import scenes
heavy = {heavy!r}
app = App(size=(1920, 1080), fullscreen=False)
app.step(1 / 60)
first = [m for m in heavy if m in sys.modules]
app.step(1 / 60)
assert scenes._BACKDROP.wait({hang})
app.step(1 / 60)
later = [m for m in heavy if m in sys.modules]
print(json.dumps({{"first": first, "later": later, "menu": type(app.scene).__name__,
                  "backdrop": scenes._BACKDROP.surface is not None,
                  "board": scenes._BACKDROP.board is not None}}))
"""


def test_the_menus_first_frame_imports_no_board_and_no_networkx() -> None:
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy",
               PYGAME_HIDE_SUPPORT_PROMPT="1")
    proc = subprocess.run([sys.executable, "-c", _START.format(heavy=HEAVY, hang=HANG_S)], cwd=ROOT,
                          env=env, capture_output=True, text=True, timeout=HANG_S)
    assert proc.returncode == 0, proc.stderr[-2000:]
    seen = json.loads(proc.stdout.strip().splitlines()[-1])
    assert seen["menu"] == "MenuScene"
    assert seen["first"] == [], f"imported before the menu's first frame: {seen['first']}"
    # the map behind the menu needs the board: it came, in the background, and is drawn
    assert seen["board"] and seen["backdrop"]
    assert {"networkx", "rail_app.games.italian_rails.rules.board", "rail_app.games.italian_rails.ui.maprender"} <= set(seen["later"])


def test_small_files_are_measured_without_numpy_and_give_the_same_depth() -> None:
    """The settings are read before the first frame: their depth is counted in plain
    Python, with the same answer numpy gives for larger files."""
    rng = random.Random(5)
    alphabet = b'[]{}"a\\\n ,:1'
    cases = [b"", b"[", b"]", b"{}", b'{"a": [1, {"b": "]]]"}]}', b"[[\n[]]\n]", b"]]]["]
    cases += [bytes(rng.choice(alphabet) for _ in range(rng.randrange(1, 80)))
              for _ in range(400)]
    for data in cases:
        small = guarded.json_depth(data)
        padded = data + b" " * (guarded.SMALL_JSON + 1)  # the same depth, counted by numpy
        assert small == guarded.json_depth(padded), data
