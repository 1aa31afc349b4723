"""The self-test (``--selftest``, ``python -m rail_app selftest [--game G]``): a few turns
played through the game's interface, headless, so that a player can check that the game
works on their machine (and CI, that the standalone executable does). Part of the game
proper, not of the development tools, which the executable leaves out.

A game with an interface self-test of its own (Italian Rails: menus, cards, strokes, the
train, a delivery, save and load with posted events) runs that, through its screen parts
(:meth:`rail_app.ui.gameparts.GameScreens.selftest`). Any other game is tested
here through the shell: a new game on its small map with the computer at every seat, its
screen shown and stepped frame by frame until ``turns`` turns of each seat are played (the
computer's turns as the screen plays them), then saved and loaded back, and the loaded game
compared with the one played. Exit 0 when every check passes.
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

from rail_app.core.mapfile import MapError
from rail_app.core.paths import resource_path, scratch_data_dir
from rail_app.table import registry
from rail_app.table.seats import Level, Seat, SeatKind
from rail_app.ui.app import App
from rail_app.ui.gamescreens import no_screen, screens_of
from rail_app.ui.headless import use_dummy_drivers
from rail_app.ui.kit.driver import Checks, keys
from rail_app.ui.session import GameSetup, Session, saves_dir
from rail_app.ui.settings import Settings


def run_selftest(map_path: str | None = None, turns: int = 3, game: str | None = None,
                 verbose: bool = True) -> int:
    """Start the app headless on the game's map (``map_path``, or its small map) in a data
    folder of its own, then run the game's own self-test, or the shell's."""
    definition = registry.game(game)

    why = no_screen(definition.id)
    if why is not None:
        print(f"selftest: {why}", file=sys.stderr)
        return 2
    small = definition.small_map
    path = map_path or (small if Path(small).is_file() else str(resource_path(*Path(small).parts)))
    try:  # a map of another game, or none: refused before any window is made
        definition.rules.load_board(path)
    except MapError as exc:
        for problem in [str(p) for p in exc.problems] or [str(exc)]:
            print(f"selftest: {problem}", file=sys.stderr)
        return 2
    with scratch_data_dir("rails-selftest-"):
        use_dummy_drivers()
        app = App(map_path=path, size=(1280, 720), fullscreen=False, settings=Settings())
        own = screens_of(definition.id).selftest(app, path, turns, verbose)
        if own is not None:
            return own
        return _run(app, definition.id, path, turns, verbose)


def _run(app: Any, game_id: str, map_path: str, turns: int, verbose: bool) -> int:
    import pygame

    definition = registry.game(game_id)
    check = Checks(verbose)

    inks = ("blue", "orange", "vermillion", "sky blue", "bluish green", "reddish purple")
    seats = [Seat(f"Computer {i + 1}", SeatKind.COMPUTER, Level(str(definition.levels[0]))
                  if definition.levels else Level.NORMAL, inks[i])
             for i in range(definition.seats.default)]
    session = Session.new(GameSetup(map_path, seats, 5, game=game_id))
    app.reset(app.screens.game(session))
    check(type(app.scene).__name__ != "MenuScene", f"{definition.title}: the game screen opens")
    for _ in range(6000):
        if session.over or min(definition.rules.turns_taken(session.state)) >= turns:
            break
        app.step(0.1, keys(pygame.K_SPACE)[:1])
        if app.scene is not None and getattr(app.scene, "session", session) is not session:
            break
    check(min(definition.rules.turns_taken(session.state)) >= turns or session.over,
          f"the computer seats played {turns} turns through the screen")
    path = saves_dir() / "selftest.json"
    session.save(path)
    back = Session.load(path)
    check(definition.rules.fingerprint(back.state) == definition.rules.fingerprint(session.state),
          "saved and loaded: the same game")
    pygame.quit()
    return check.end()
