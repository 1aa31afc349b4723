"""The map and the side panel on a 1280x720 screen, as a player sees them: cards that fit,
labels that stay readable and clear of each other and of the trains, the map sheet instead
of invented coastlines, and a zoom that never shows a half-drawn map."""

from __future__ import annotations

from typing import Any

import pygame
import pytest

from rail_app.games.italian_rails.rules.actions import EndTurn, KeepCards
from rail_app.games.italian_rails.ui.maprender import CONTEXT_LAND, SEA, label_layout
from rail_app.games.italian_rails.ui.selftest import Driver
from tests.test_ui_support import ITALY, drawn_text, settle, start, wheel


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
