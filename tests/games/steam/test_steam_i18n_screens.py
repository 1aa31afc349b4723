"""Every word on Steam's screens comes through the catalog: the menu with Steam chosen, New
game for Steam, and a whole 3-seat game on the small map (the auction with its panel, the
action tiles, a stroke, a city's deliveries, the tracks page, F1's page, the game over
screen, the replay) drawn in the pseudo-locale, where every catalog word is in accented
look-alike letters, while the drawn-text audit watches what the font layer renders. A plain
English word left on a Steam screen is one drawn without ``_()``."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pygame
import pytest

from rail_app.core import i18n
from rail_app.core.paths import resource_path
from rail_app.devtools.textaudit import pygame_gui_text_audited

MAP = "maps/test/steam-small.yaml"
PEOPLE = ("Anna", "Bruno", "Carla", "Dario", "Steam", "Italian Rails")


def _names() -> list[str]:
    """The names that stay as they are: the players, the games, the maps' names, cities,
    towns and seas of Steam's maps."""
    from rail_app.games.steam.rules.mapfile import load_board

    out: set[str] = set(PEOPLE)
    for path in [resource_path(*MAP.split("/")), *sorted(resource_path("maps").glob(
            "steam-*.yaml"))]:
        board = load_board(path)
        out.add(board.name)
        out.update(info.name for info in board.hexes if info.name)
        geo = path.with_suffix(".geojson")
        if geo.exists():  # the background's seas, rivers and lands are names too
            for f in json.loads(geo.read_text(encoding="utf-8"))["features"]:
                if f["properties"].get("name"):
                    out.add(str(f["properties"]["name"]))
    # a name wrapped over two lines is judged a line at a time (its capitalised words)
    out |= {word for name in list(out) for word in name.split() if word[:1].isupper()}
    return sorted(n for n in out if n)


@pytest.fixture
def pseudo() -> Iterator[None]:
    with i18n.using_language(i18n.PSEUDO):
        yield


@pytest.mark.slow
def test_every_steam_screen_speaks_through_the_catalog(pseudo: None, _own_data_dir: Path
                                                      ) -> None:
    from rail_app.games.steam.ai import make_player
    from rail_app.games.steam.rules import goods
    from rail_app.games.steam.rules.state import Step
    from rail_app.table.seats import Level, Seat, SeatKind
    from rail_app.ui.app import App
    from rail_app.ui.kit.driver import click, key
    from rail_app.ui.session import GameSetup, Session
    from rail_app.ui.settings import Settings

    app: Any = App(size=(1280, 720), fullscreen=False, settings=Settings())
    inks = ("blue", "orange", "vermillion")
    seats = [Seat(n, SeatKind.HUMAN, Level.NORMAL, inks[i])
             for i, n in enumerate(("Anna", "Bruno", "Carla"))]
    with i18n.audit_drawn_text(_names()) as audit, pygame_gui_text_audited():
        app.settings.game = "steam"
        app.reset(app.screens.menu())
        app.step(0.05, [])
        app.push(app.screens.new_game("steam"))
        app.step(0.05, [])
        for standard in (False, True):
            session = Session.new(GameSetup(MAP, seats, 6, {"standard": standard},
                                            game="steam"))
            app.reset(app.screens.game(session))
            app.step(0.02, [])
            scene = app.scene
            bots = [make_player("greedy", s, 9 + s) for s in range(3)]
            seen: set[Step] = set()
            for _ in range(4000):
                if session.over or (not standard and session.state.turn >= 3):
                    break  # the Basic game's own screens are seen by its third turn
                st = session.state
                if st.step not in seen:
                    seen.add(st.step)
                    app.step(0.02, [])
                    key(app, pygame.K_F1)
                    app.step(0.02, [])
                    key(app, pygame.K_F1)
                if st.step is Step.MOVE and "moved" not in scene.__dict__:
                    routes = goods.legal_routes(st, st.actor())
                    if routes:
                        scene.__dict__["moved"] = True
                        click(app, scene.hex_screen(st.key(routes[0].source)))
                        app.step(0.02, [])
                        key(app, pygame.K_t)
                        app.step(0.02, [])
                        key(app, pygame.K_t)
                        key(app, pygame.K_ESCAPE)
                seat = session.actor
                assert session.apply(bots[seat].choose(st, seat)).ok
                app.step(0.02, [])
            for _ in range(20):
                app.step(0.05, [])
            app.push(app.screens.replay(session))
            for _ in range(5):
                app.step(0.05, [])
    assert audit.drawn > 300
    audit.assert_clean()
