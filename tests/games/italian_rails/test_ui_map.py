"""The map and the side panel on a 1280x720 screen, as a player sees them: cards that fit,
labels that stay readable and clear of each other and of the trains, the map sheet instead
of invented coastlines, and a zoom that never shows a half-drawn map."""

from __future__ import annotations

import math
from typing import Any

import pygame
import pytest

from rail_app.games.italian_rails.rules.actions import EndTurn, KeepCards
from rail_app.games.italian_rails.ui import maprender as mr
from rail_app.games.italian_rails.ui.maprender import CONTEXT_LAND, SEA, label_layout
from rail_app.ui.kit.driver import Driver
from tests.games.italian_rails.test_ui_support import ITALY, drawn_text, settle, start, wheel


def italy_game(app: Any) -> Any:
    """Italy with cards at 1280x720, both players' first two cards kept: Anna builds."""
    scene = start(app, ITALY, cards=True, seed=7, computer=True)
    s = scene.session
    while s.state.phase == "setup":
        s.apply(KeepCards(tuple(sorted(s.state.players[s.state.current].dealt)[:2])))
    if s.state.current != 0:
        s.apply(EndTurn())
    return scene


def test_side_panel_at_1280x720_wraps_and_fits_five_cards(
        app: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    from rail_app.games.italian_rails.ui.cards import card_plan

    scene = italy_game(app)
    d = Driver(app)
    d.key(pygame.K_HOME)
    texts = drawn_text(app, monkeypatch)
    dialogs = {"Upgrade…", "Swap demands…"}  # buttons that open a dialog
    assert not [t for t in texts if "…" in t and t not in dialogs], "text cut short"
    side = scene.rects.side
    rows = [w.rect for w in scene.frame.widgets if w.hover is not None and w.command is None]
    whole = [r for r in rows if side.contains(r)]
    assert len(whole) >= 5 * 3, f"only {len(whole) // 3} cards fit"  # three demands a card
    ctx = scene.frame.ctx
    st = scene.state
    width = side.w - app.px(24)
    for n in [*st.players[0].private, *st.pool, *st.players[1].private]:
        plans, height = card_plan(ctx, n, width, app.px(13))
        for row in plans:
            for w in row.words:  # every word inside the card, none under the payoff
                assert w.rect.x >= 0 and w.rect.right <= width, (n, w.text)
                assert not w.rect.colliderect(row.payoff.rect), (n, w.text, row.payoff.text)
            assert row.box.bottom <= height


def test_supplier_tags_never_cover_each_other(app: Any) -> None:
    from rail_app.games.italian_rails.ui.commands import Demand
    from rail_app.games.italian_rails.ui.marks import demand_tags

    scene = italy_game(app)
    d = Driver(app)
    d.key(pygame.K_HOME)
    board = scene.board
    rows = [w for w in scene.frame.widgets if isinstance(w.hover, Demand)
            and scene.rects.side.contains(w.rect)]
    row = max(rows, key=lambda w: len(board.suppliers.get(w.hover.commodity, [])))
    d.mouse(pygame.MOUSEMOTION, row.rect.center)
    d.frames(1)
    assert scene.table.hovered == row.hover
    for demand in (row.hover, Demand("machinery", "Roma")):  # Genova and Bologna are close
        tags = demand_tags(scene.frame.ctx, demand)
        assert len(tags) >= 2
        for i, a in enumerate(tags):
            for b in tags[i + 1:]:
                assert not a.rect.colliderect(b.rect), (a.text, b.text)


def test_labels_stay_readable_at_the_fitted_zoom_and_trains_keep_names_clear(app: Any) -> None:
    scene = italy_game(app)
    d = Driver(app)
    d.key(pygame.K_HOME)
    cam = scene.camera
    plan = label_layout(scene.board, cam.view())
    assert plan
    for name, commodity, size, com_size, _ in plan:
        assert size >= 12, (name, size)
        if commodity:
            assert com_size >= 11, (name, com_size)
    names = {p[0] for p in plan}
    assert {"Roma", "Milano", "Napoli", "Palermo"} <= names
    from rail_app.games.italian_rails.ui.marks import name_boxes, train_tokens

    for city in ("Firenze", "Bologna", "Venezia"):  # prepare: both trains in named cities
        if city in names:
            break
    st = scene.state
    st.players[0].position = scene.board.cities[city].centre
    st.players[1].position = scene.board.cities["Roma"].centre
    scene.session.version += 1
    settle(d, scene)
    boxes = name_boxes(scene.frame.ctx)
    assert boxes
    tokens = train_tokens(scene.frame.ctx)
    assert len(tokens) == 2
    for tok in tokens:
        assert tok.body.collidelist(boxes) < 0, f"train {tok.player} covers a city's name"


def test_the_neighbours_end_at_the_map_sheet_not_at_straight_false_coasts(app: Any) -> None:
    scene = italy_game(app)
    d = Driver(app)
    d.key(pygame.K_HOME)
    d.frames(40)  # the fitted view's tiles, a few a frame
    cam = scene.camera
    context = scene.board.geometry.union("context")
    x0, y0, x1, y1 = context.bounds  # the map data describes only this box
    screen = app.screen
    outside = 0
    for sx in range(cam.rect.x + 2, cam.rect.right - 2, 9):
        for sy in range(cam.rect.y + 2, cam.rect.bottom - 2, 9):
            kx, ky = cam.to_km(sx, sy)
            margin = 12 / cam.scale  # the sheet's edge and shadow
            if x0 - margin <= kx <= x1 + margin and y0 - margin <= ky <= y1 + margin:
                continue
            colour = tuple(screen.get_at((sx, sy)))[:3]
            outside += 1
            assert colour not in (SEA, CONTEXT_LAND), (sx, sy, colour)  # no sea, no land
    assert outside > 100  # the fitted view does show beyond the sheet at this size


def test_a_wheel_zoom_shows_the_previous_picture_until_the_new_one_is_whole(app: Any) -> None:
    scene = italy_game(app)
    d = Driver(app)
    d.key(pygame.K_HOME)
    base = scene.view.layers.base
    base.render_all(scene.camera)
    d.frames(3)
    base.tiles.clear()  # prepare: no tile of any level ready yet (a busy machine)
    wheel(d, scene.camera.rect.center, 1)
    assert base.canvas is not None
    standin = pygame.surfarray.array3d(base.canvas).copy()
    shown = [standin]
    for _ in range(200):
        if base.complete(scene.camera, scene.view.layers.track) and not base.waiting:
            break
        d.frames(1)
        shown.append(pygame.surfarray.array3d(base.canvas).copy())
    final = pygame.surfarray.array3d(base.canvas)
    assert len(shown) >= 3  # it took a few frames
    assert not (final == standin).all()
    for k, pic in enumerate(shown[:-1]):  # while waiting: the stand-in, whole and alone
        assert (pic == standin).all(), f"frame {k} mixes the two levels"
    assert (shown[-1] == final).all()


def _to_brunos_build(scene: Any) -> None:
    """Prepare: both keep their first two cards; Anna ends her first build."""
    s = scene.session
    while s.state.phase == "setup":
        s.apply(KeepCards(tuple(sorted(s.state.players[s.state.current].dealt)[:2])))
    while s.state.current != 1:
        assert s.apply(EndTurn()).ok


def _zoom_far_from(d: Driver, scene: Any, km: tuple[float, float]) -> None:
    """The player zooms in with the wheel on the map's corner farthest from ``km``."""
    cam = scene.camera
    r = cam.rect
    corners = [r.topleft, r.topright, r.bottomleft, r.bottomright]
    far = max(corners, key=lambda c: (cam.to_km(*c)[0] - km[0]) ** 2
              + (cam.to_km(*c)[1] - km[1]) ** 2)
    at = (far[0] + (r.centerx - far[0]) // 6, far[1] + (r.centery - far[1]) // 6)
    for _ in range(6):
        wheel(d, at, 1)


def test_the_view_follows_the_computer_building_off_screen(app: Any) -> None:
    scene = start(app, ITALY, cards=True, seed=4, computer=True)
    d = Driver(app)
    _to_brunos_build(scene)
    scene.table.camera.fit()
    d.frames(2)
    palermo = scene.board.cities["Palermo"]  # Bruno builds in the north with this deal
    _zoom_far_from(d, scene, (palermo.x, palermo.y))
    cam = scene.camera
    assert not scene.table.fitted
    first_view = (cam.to_km(*cam.rect.topleft), cam.to_km(*cam.rect.bottomright))
    shown: list[bool] = []
    dots: list[int] = []

    def watch() -> bool:
        dot = scene.table.last_build
        if dot is not None and (not dots or dots[-1] != dot) and getattr(scene.table, "glide", None) is None:
            dots.append(dot)
            shown.append(cam.rect.collidepoint(cam.dot_screen(dot)))
        return scene.session.actor == 0

    assert d.until(watch, limit=600, dt=0.05)
    (x0, y0), (x1, y1) = first_view
    away = [dt for dt in dots if not (x0 <= scene.board.dots[dt].x <= x1
                                      and y0 <= scene.board.dots[dt].y <= y1)]
    assert away, "Bruno built in the first view: the test shows nothing"
    assert shown and all(shown), shown  # every build on screen once the view came to it


def test_the_view_stays_while_the_player_drags_the_map(app: Any) -> None:
    scene = start(app, ITALY, cards=True, seed=4, computer=True)
    d = Driver(app)
    _to_brunos_build(scene)
    scene.table.camera.fit()
    d.frames(2)
    palermo = scene.board.cities["Palermo"]
    _zoom_far_from(d, scene, (palermo.x, palermo.y))
    cam = scene.camera
    where = (cam.ox, cam.oy)
    at = cam.rect.center
    d.mouse(pygame.MOUSEMOTION, at)
    d.mouse(pygame.MOUSEBUTTONDOWN, at, 3)  # the player holds the map to drag it
    assert d.until(lambda: len(scene.state.players[1].track) >= 3, limit=200, dt=0.05)
    assert (cam.ox, cam.oy) == where
    d.mouse(pygame.MOUSEBUTTONUP, at, 3)


def test_the_build_meter_sits_in_the_row_of_the_player_who_builds(
        app: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    """K7: the "built N/20M" meter of the phase is drawn in the builder's row of the side
    panel, before the other player's name, never under it where it reads as theirs."""
    scene = italy_game(app)
    d = Driver(app)
    d.key(pygame.K_HOME)
    names = [p.name for p in scene.state.players]

    def meter_after() -> str:
        texts = drawn_text(app, monkeypatch)
        at = next(i for i, t in enumerate(texts) if t.startswith("built "))
        return [n for n in names if any(t.startswith(n) for t in texts[:at])][-1]

    assert scene.state.current == 0 and scene.state.phase == "build"
    assert meter_after() == names[0]
    assert scene.session.apply(EndTurn()).ok
    if scene.state.current == 1 and scene.state.phase == "build":
        assert meter_after() == names[1]


def test_ferry_prices_stay_readable_over_a_taken_and_stormy_ferry() -> None:
    """K8/E5: over a ferry taken by a player and closed by a storm, the ferry's two price
    circles show no ink of the taker's dashed line nor of the storm, and the storm's cross
    keeps clear of the price the taker paid."""
    from rail_app.core.paths import resource_path
    from rail_app.games.italian_rails.game import ITALIAN_RAILS
    from rail_app.games.italian_rails.rules.eventkinds import EventKind
    from rail_app.games.italian_rails.rules.state import ActiveEvent
    from rail_app.games.italian_rails.ui.ink import Ink, ink_width
    from rail_app.games.italian_rails.ui.palette import DERAIL
    from rail_app.games.italian_rails.ui.track import draw_track
    from rail_app.ui import hud

    pygame.font.init()
    loaded = ITALIAN_RAILS.rules.load_board(str(resource_path("maps", "italy.yaml")))
    st = ITALIAN_RAILS.rules.new_game(loaded, ["Anna", "Bruno"], {}, 1)
    board = st.board
    ferry = max(board.ferries, key=lambda f: math.dist(
        (board.dots[f.ports[0]].x, board.dots[f.ports[0]].y),
        (board.dots[f.ports[1]].x, board.dots[f.ports[1]].y)))
    st.ferry_takers[ferry.index] = [0]
    st.events.append(ActiveEvent(1, EventKind.STORM, 0, 99, ferries=frozenset({ferry.index})))
    inks = (Ink((20, 110, 200)), Ink((230, 160, 20), "dots"))
    a, b = (board.dots[p] for p in ferry.ports)
    scale = 30.0 / board.layout.spacing  # about 30 pixels between dots, as zoomed in
    view = mr.MapView(scale, (a.x + b.x) / 2 - 640 / scale, (a.y + b.y) / 2 - 360 / scale)
    surface = pygame.Surface((1280, 720))
    surface.fill((255, 255, 255))
    draw_track(surface, view, st, inks)
    taker = inks[0].colour[:3]

    def colours_in(box: pygame.Rect) -> set[tuple[int, int, int]]:
        box = box.clip(surface.get_rect())
        return {tuple(surface.get_at((x, y)))[:3] for x in range(box.left, box.right)
                for y in range(box.top, box.bottom)}

    pts = mr.ferry_curve(board, view, *ferry.ports)
    r = max(8, round(30 * 0.34))  # the price circles' radius at this zoom
    for frac in (0.38, 0.62):  # where the map prints the two prices
        x, y = pts[int(frac * (len(pts) - 1))]
        inner = pygame.Rect(0, 0, round(r * 1.2), round(r * 1.2))
        inner.center = (round(x), round(y))
        seen = colours_in(inner)
        assert taker not in seen and DERAIL not in seen, (x, y)
    w = max(10, int(hud.rendered("10M", 12, taker, True).get_height()))
    tx, ty = pts[len(pts) // 2]
    ty -= ink_width(30) * 1.6  # the taker's price, above the middle of the arc
    tag = pygame.Rect(0, 0, w * 3, w)
    tag.center = (round(tx), round(ty))
    assert DERAIL not in colours_in(tag.inflate(8, 8))
