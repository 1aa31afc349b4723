"""A picked city's deliveries on Steam's screen: every legal delivery reachable (S-G3), grouped
by the cube's colour and sorted by the mover's points and then the points given to others
(S-G5), scrolled when they are more than the panel holds, the best lit, and the delivery
under the pointer showing on the map who takes each link's point."""

from __future__ import annotations

from typing import Any

import pygame

from rail_app.games.steam.ai import make_player
from rail_app.games.steam.rules import goods
from rail_app.games.steam.rules.board import COLOURS, Colour
from rail_app.games.steam.rules.events import CubeDelivered
from rail_app.games.steam.rules.state import Step
from rail_app.games.steam.ui import deliveries
from rail_app.games.steam.ui.commands import Deliver, Intent
from rail_app.table.seats import Level, Seat, SeatKind
from rail_app.ui.kit.driver import click
from rail_app.ui.session import GameSetup, Session

MAP = "maps/test/steam-small.yaml"


def _route(colour: Colour, owners: tuple[int, ...], end: int) -> goods.Route:
    n = len(owners)
    return goods.Route(0, colour, tuple(range(end, end + n)), (0,) * n, tuple(range(n)), owners)


def _many() -> list[goods.Route]:
    out = []
    for k in range(30):
        colour = COLOURS[k % len(COLOURS)]
        owners = tuple((k + j) % 4 - 1 for j in range(1 + k % 4))  # -1: nobody's link
        out.append(_route(colour, owners, 10 + k))
    return out


def test_S_G5_deliveries_grouped_by_cube_and_sorted_by_the_movers_points_then_others() -> None:
    """S-G5: each link of a delivery gives its owner a point; the list of a city's deliveries
    is grouped by cube and sorted by the mover's points, then by the points given to
    others."""
    mover = 0
    routes = deliveries.ordered(_many(), mover, 3)
    colours = [COLOURS.index(r.colour) for r in routes]
    assert colours == sorted(colours)  # grouped, in the board's order of colours
    for a, b in zip(routes, routes[1:], strict=False):
        if a.colour is b.colour:
            ga, gb = deliveries.gains(a, mover, 3), deliveries.gains(b, mover, 3)
            assert ga[0] > gb[0] or (ga[0] == gb[0] and ga[1] <= gb[1])
    i = deliveries.best(routes, mover, 3)
    assert i is not None
    top = max(deliveries.gains(r, mover, 3)[0] for r in routes)
    assert deliveries.gains(routes[i], mover, 3)[0] == top
    assert deliveries.gains(routes[i], mover, 3)[1] == min(
        deliveries.gains(r, mover, 3)[1] for r in routes if deliveries.gains(r, mover, 3)[0]
        == top)


def test_S_G3_every_delivery_is_on_screen_at_some_scroll_and_the_end_is_reached() -> None:
    """S-G3: every legal delivery of a city is reachable in its list: each row is on screen at
    some scroll, and the scroll reaches the end."""
    routes = deliveries.ordered(_many(), 0, 3)
    area = pygame.Rect(0, 0, 300, 400)
    most = deliveries.max_scroll(routes, area, 40, 22, 22)
    seen: set[int] = set()
    for scroll in range(most + 1):
        w = deliveries.window(routes, scroll, area, 40, 22, 22)
        assert all(area.contains(r.rect) for r in w.rows)
        seen |= {r.route for r in w.rows if r.route is not None}
    assert seen == set(range(len(routes)))
    last = deliveries.window(routes, most + 5, area, 40, 22, 22)  # kept within the list
    assert last.below == 0 and last.above == most
    first = deliveries.window(routes, 0, area, 40, 22, 22)
    assert first.above == 0 and first.below > 0


def _people() -> list[Seat]:
    inks = ("blue", "orange", "vermillion")
    return [Seat(n, SeatKind.HUMAN, Level.NORMAL, inks[i])
            for i, n in enumerate(("Anna", "Bruno", "Carla"))]


def _busy_city(st: Any) -> int | None:
    if st.step is not Step.MOVE:
        return None
    me = st.actor()
    found = [h for h in sorted(st.cubes) if len(goods.routes_from(st, h, me)) >= 7]
    return found[0] if found else None


def test_a_city_with_more_deliveries_than_the_panel_holds_scrolls_to_every_one(
        _own_data_dir: Any) -> None:
    """At a window too short for the list, the arrows and the wheel bring every delivery of
    the city on screen, each clickable, the best lit; hovering one marks its links' owners."""
    from rail_app.ui.app import App
    from rail_app.ui.settings import Settings

    app = App(size=(1280, 600), fullscreen=False, settings=Settings(ui_scale=1.5))
    session = Session.new(GameSetup(MAP, _people(), 5, game="steam"))
    app.reset(app.screens.game(session))
    app.step(0.02, [])
    scene = app.scene
    bots = [make_player("greedy", s, 9 + s) for s in range(3)]
    for _ in range(400):
        if _busy_city(session.state) is not None:
            break
        seat = session.actor
        assert session.apply(bots[seat].choose(session.state, seat)).ok
    st = session.state
    h = _busy_city(st)
    assert h is not None
    app.step(0.02, [])
    click(app, scene.hex_screen(st.key(h)))
    t = scene.table
    me = session.actor
    legal = goods.routes_from(st, h, me)
    # every outcome, each once (parallel links of the same owners end the same way)
    outcomes = {(r.colour, r.stops, r.points(st.seats)) for r in legal}
    assert sorted(outcomes) == sorted((r.colour, r.stops, r.points(st.seats))
                                      for r in t.routes)
    assert t.routes == deliveries.ordered(legal, me, st.seats)
    assert t.best_route == deliveries.best(t.routes, me, st.seats)
    shown = {w.command.index for w in scene.widgets if isinstance(w.command, Deliver)}
    assert len(shown) < len(t.routes)  # the panel holds fewer: the list scrolls
    assert scene.find(Intent.ROUTES_UP) is None
    while (down := scene.find(Intent.ROUTES_DOWN)) is not None:
        click(app, down.center)
        shown |= {w.command.index for w in scene.widgets if isinstance(w.command, Deliver)}
    assert shown == set(range(len(t.routes)))
    # the wheel over the panel scrolls back to the top
    side = scene.rects.side
    app.step(0.02, [pygame.event.Event(pygame.MOUSEMOTION, pos=side.center, rel=(0, 0),
                                       buttons=(0, 0, 0))])
    for _ in range(10):
        app.step(0.02, [pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=1)])
    assert t.route_scroll == 0 and scene.find(Intent.ROUTES_UP) is None
    # hovering a delivery lights its links; the best one is clickable and delivered
    best = scene.find(Deliver(t.best_route)) if t.best_route is not None else None
    assert best is not None
    app.step(0.02, [pygame.event.Event(pygame.MOUSEMOTION, pos=best.center, rel=(0, 0),
                                       buttons=(0, 0, 0))])
    assert t.hover_route == t.best_route
    route = t.routes[t.best_route]
    click(app, best.center)
    delivered = [e for e in session.state.log if isinstance(e, CubeDelivered)][-1]
    assert delivered.seat == me and delivered.stops == tuple(st.key(s) for s in route.stops)
