"""At the fitted zoom a player reads every city's name (the map makes room by placement,
never by leaving small cities out), and a train never covers a city's name or commodity,
whatever city it stands in. Driven with posted key events on the real screen."""

from __future__ import annotations

from typing import Any

import pygame
import pytest

from rail_app.games.italian_rails.rules.state import Load
from rail_app.games.italian_rails.ui.maprender import label_layout
from rail_app.ui.kit.driver import Driver
from tests.games.italian_rails.test_ui_map import italy_game
from tests.games.italian_rails.test_ui_support import settle


@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080)])
def test_every_city_is_named_readably_at_the_fitted_zoom(app: Any,
                                                         size: tuple[int, int]) -> None:
    app.resize(*size)
    scene = italy_game(app)
    d = Driver(app)
    d.key(pygame.K_HOME)  # the whole map
    cam = scene.camera
    plan = label_layout(scene.board, cam.view())
    named = {p[0]: p for p in plan}
    missing = [c.name for c in scene.board.city_list if c.name not in named]
    assert not missing, f"cities left unnamed at the fitted zoom: {missing}"
    rects = [p[4] for p in plan]
    for k, (name, _c, size_px, _cs, rect) in enumerate(plan):
        assert size_px >= 12, (name, size_px)
        assert rect.collidelist(rects[k + 1:]) < 0, f"{name}'s label covers another"
        city = scene.board.cities[name]
        x, y = cam.view().to_px(city.x, city.y)
        near = max(abs(x - min(max(x, rect.left), rect.right)),
                   abs(y - min(max(y, rect.top), rect.bottom)))
        assert near <= 3.5 * cam.dot_px + 8, f"{name}'s label stands far from it"


def test_a_train_never_covers_a_citys_name_or_commodity(app: Any) -> None:
    from rail_app.games.italian_rails.ui.marks import map_names, train_sprite

    scene = italy_game(app)
    d = Driver(app)
    d.key(pygame.K_HOME)
    settle(d, scene)
    st = scene.state
    board = scene.board
    st.players[0].loads = [Load("wine", 3, 0), Load("pasta")]
    st.players[1].loads = [Load("fish")]
    cities = board.city_list
    names = list(map_names(board, scene.camera))
    assert names
    from rail_app.games.italian_rails.ui.marks import train_tokens

    for k, city in enumerate(cities):
        st.players[0].position = city.centre
        st.players[1].position = cities[(k + 1) % len(cities)].centre
        scene.session.version += 1
        d.frames(1)
        ctx = scene.frame.ctx
        for tok in train_tokens(ctx):
            p = st.players[tok.player]
            sprite, at = train_sprite(ctx.ink(tok.player), tok.body.size,
                                      tuple(x.locked for x in p.loads), 0)
            drawn = pygame.Rect(tok.body.x + at[0], tok.body.y + at[1], *sprite.get_size())
            hit = drawn.collidelist(names)
            assert hit < 0, f"{p.name}'s train at {city.name} covers a label"
