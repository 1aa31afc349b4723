"""Every word a player reads on Italian Rails' screens and the shell's comes through the
catalog: every screen the screenshots tool draws (the menu, new game, settings, choosing
cards, building with its costs and a refused segment, the popups, a route, the card panel,
an event card and its zones, game over, the saves, the ferries, Suggest, a hint and the
lesson) is drawn in the pseudo-locale, where every catalog word is in accented look-alike
letters, while the drawn-text audit watches what the game's font layer and pygame_gui render.
A plain English word left on a screen is one that was drawn without ``_()``."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from rail_app.core import i18n
from rail_app.core.paths import resource_path
from rail_app.devtools.textaudit import pygame_gui_text_audited
from tests.waiting import HANG_S

#: The people of the pictures and the words that are names in every language.
PEOPLE = ("Anna", "Bruno", "Sunday game with Bruno")
NAMES = ("Italian Rails", "Steam", "Steam: Italia", "italy", "sicilia", "mini", "mini-short",
         "Noto")


def _names() -> list[str]:
    """The names that stay as they are (habit: places are never translated): every city,
    ferry, sea, river, lake and volcano of the shipped maps, the players and the maps."""
    from rail_app.games.italian_rails.rules.board import load_board

    out: set[str] = set(PEOPLE) | set(NAMES)
    for path in sorted(resource_path("maps").glob("*.yaml")) + [
            resource_path("maps", "test", "mini.yaml")]:
        if path.name.endswith("-deck.yaml"):
            continue
        try:
            board = load_board(path)
        except Exception:  # a file of maps/ that is not a map (the schemas)
            continue
        out.add(board.name)
        out.update(board.cities)
        out.update(f.name for f in board.ferries)
        out.update(board.coast)
        out.update(v.name for v in board.volcanoes)
        for e in board.edges.values():
            out.update(c.name for c in e.crossings)
            out.update(c.system for c in e.crossings if c.system)
        out.update(f.name for layer in ("river", "lake", "inlet", "sea")
                   for f in board.geometry.layer(layer) if f.name)
    # a name wrapped over two lines ("Reggio / Calabria") is judged a line at a time
    out |= {word for name in list(out) for word in name.split()}
    return sorted(n for n in out if n)


def audit_every_screen(folder: str, part: str) -> None:
    """Draw every screen of ``part`` (the game's screens or the helpers') in the
    pseudo-locale under the audit; print what was drawn and what did not pass through the
    catalog, as JSON (the test's child processes run this)."""
    from rail_app.games.italian_rails.devtools.screenshots import shoot

    with i18n.using_language(i18n.PSEUDO), i18n.audit_drawn_text(_names()) as audit, \
            pygame_gui_text_audited():
        shoot((1280, 720), Path(folder), str(resource_path("maps", "italy.yaml")),
              pictures=False, parts=(part,))
    print(json.dumps({"drawn": audit.drawn, "offending": audit.offending}))


@pytest.mark.slow
def test_every_screen_speaks_through_the_catalog(tmp_path: Path) -> None:
    """Drawn in processes of their own: the screens of a fresh start, whatever the tests
    before this one left in the caches of the process; the game's screens and the helpers'
    side by side, one process each."""
    root = Path(__file__).resolve().parents[2]
    env = {**os.environ, "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy",
           "PYTHONPATH": str(root)}
    runs = []
    for part in ("screens", "helpers"):
        (tmp_path / part).mkdir()
        code = ("import sys; sys.path.insert(0, 'tests/shell'); "
                "from test_i18n_screens import audit_every_screen; "
                f"audit_every_screen({str(tmp_path / part)!r}, {part!r})")
        runs.append(subprocess.Popen([sys.executable, "-c", code], cwd=root, env=env,
                                     stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                                     text=True))
    drawn = 0
    offending: dict[str, str] = {}
    for run in runs:
        out, err = run.communicate(timeout=HANG_S)
        assert run.returncode == 0, err[-3000:]
        found = json.loads(out.strip().splitlines()[-1])
        assert found["drawn"] > 200
        drawn += found["drawn"]
        offending.update(found["offending"])
    assert drawn > 500
    assert not offending, (f"{len(offending)} of {drawn} strings drawn did not pass "
                           "through the catalog:\n" + "\n".join(
                               f"  {text!r}: {left!r}" for text, left in offending.items()))
