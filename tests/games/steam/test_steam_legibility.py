"""Steam's side panel in a small window with many players: every player's row, the tracks,
the action tiles and the whole goods reserve stay in sight (the reserve was cut off at
five players in a 1280x720 window)."""

from __future__ import annotations

from typing import Any

import pytest

from rail_app.games.steam.ai import make_player
from rail_app.games.steam.rules.state import Step
from rail_app.games.steam.ui import side
from rail_app.table.seats import Level, Seat, SeatKind
from rail_app.ui.session import GameSetup, Session

INKS = ("blue", "orange", "vermillion", "sky blue", "green", "pink")
NAMES = ("Anna", "Bruno", "Carla", "Dario", "Elena", "Fabio")


@pytest.mark.parametrize(("path", "seats", "options"), [
    ("maps/steam-iberia.yaml", 5, {}),
    ("maps/steam-italia.yaml", 6, {"six_players": True})])
def test_the_goods_reserve_stays_in_the_side_panel_at_1280x720(
        path: str, seats: int, options: dict[str, object], _own_data_dir: Any,
        monkeypatch: pytest.MonkeyPatch) -> None:
    from rail_app.ui.app import App
    from rail_app.ui.settings import Settings

    app = App(size=(1280, 720), fullscreen=False, settings=Settings())
    people = [Seat(NAMES[i], SeatKind.HUMAN, Level.NORMAL, INKS[i]) for i in range(seats)]
    session = Session.new(GameSetup(path, people, 4, options, game="steam"))
    app.reset(app.screens.game(session))
    bots = [make_player("greedy", s, s) for s in range(seats)]
    while not (session.state.turn >= 1 and session.state.step is Step.MOVE):
        assert session.apply(bots[session.actor].choose(session.state, session.actor)).ok
    bottoms: list[int] = []
    paint = side.paint_reserve

    def recorded(surface: Any, ctx: Any, y: int) -> int:
        bottoms.append(paint(surface, ctx, y))
        return bottoms[-1]

    monkeypatch.setattr(side, "paint_reserve", recorded)
    app.step(0.02, [])
    assert bottoms, "the reserve was not drawn"
    panel = app.scene.rects.side
    assert bottoms[-1] <= panel.bottom, (bottoms[-1], panel.bottom)
    assert len(session.state.reserve) >= 10


def test_every_two_cube_colours_stay_apart() -> None:
    """Cubes are a few pixels wide at a small window's scale: every two colours differ by
    a clear distance (grey and purple were alike)."""
    from itertools import combinations
    from math import dist

    from rail_app.games.steam.ui import palette as pal

    gaps = {(a, b): dist(pal.CUBE[a], pal.CUBE[b]) for a, b in combinations(pal.CUBE, 2)}
    assert min(gaps.values()) >= 80, gaps
