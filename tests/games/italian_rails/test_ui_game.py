"""The game screen driven like a player would: posted mouse drags and keys on the mini map."""

from __future__ import annotations

from typing import Any

import pygame
import pytest

from rail_app.games.italian_rails.rules.board import edge_key
from rail_app.games.italian_rails.ui.commands import Intent
from rail_app.games.italian_rails.ui.selftest import pick_stroke
from rail_app.games.italian_rails.ui.table import Modal
from rail_app.ui.kit.driver import Driver
from tests.games.italian_rails.test_ui_support import (
    border_route,
    centre_on_dot,
    click,
    press,
    start,
)


def _stroke_from_alfa(scene: Any, length: int = 3) -> list[int]:
    path = pick_stroke(scene, length)
    assert len(path) == length + 1
    assert scene.board.major_of_dot[path[0]].name == "Alfa"
    centre_on_dot(scene, path[1])
    return path


def test_K1_stroke_out_of_alfa_builds_each_segment(app: Any) -> None:
    scene = start(app)
    d = Driver(app)
    path = _stroke_from_alfa(scene)
    d.stroke(path)
    st = scene.state
    owned = {edge_key(a, b) for a, b in zip(path, path[1:], strict=False)}
    assert owned <= st.players[0].track
    assert [e for e, _, _ in st.phase_built] == [edge_key(a, b) for a, b in
                                                 zip(path, path[1:], strict=False)]
    assert st.phase_spent == sum(c for _, _, c in st.phase_built) > 0
    assert not scene.pen.active


def test_pen_preview_shows_costs_and_running_total_before_release(app: Any) -> None:
    scene = start(app)
    d = Driver(app)
    path = _stroke_from_alfa(scene)
    pts = [scene.camera.dot_screen(p) for p in path]
    d.mouse(pygame.MOUSEMOTION, pts[0])
    d.mouse(pygame.MOUSEBUTTONDOWN, pts[0])
    for a, b in zip(pts, pts[1:], strict=False):
        d.mouse(pygame.MOUSEMOTION, b, rel=(b[0] - a[0], b[1] - a[1]), buttons=(1, 0, 0))
    # nothing is built while the pen is down; the preview's costs come from the engine
    assert not scene.state.players[0].track
    assert [s.to for s in scene.pen.steps] == path[1:]
    assert scene.pen.total == sum(scene.board.build_cost(a, b)
                                  for a, b in zip(path, path[1:], strict=False))
    assert scene.pen.legal_next()  # the next dots glow
    # moving back over the stroke takes the last segment back
    d.mouse(pygame.MOUSEMOTION, pts[-2], rel=(0, 0), buttons=(1, 0, 0))
    assert [s.to for s in scene.pen.steps] == path[1:-1]
    d.mouse(pygame.MOUSEBUTTONUP, pts[-2])
    assert len(scene.state.players[0].track) == len(path) - 2


def test_pen_fills_a_skipped_dot_with_the_cheapest_legal_path(app: Any) -> None:
    scene = start(app)
    d = Driver(app)
    path = _stroke_from_alfa(scene, 3)
    a, c = scene.camera.dot_screen(path[0]), scene.camera.dot_screen(path[2])
    d.mouse(pygame.MOUSEMOTION, a)
    d.mouse(pygame.MOUSEBUTTONDOWN, a)
    d.mouse(pygame.MOUSEMOTION, c, rel=(c[0] - a[0], c[1] - a[1]), buttons=(1, 0, 0))
    assert scene.pen.path[0] == path[0] and scene.pen.path[-1] == path[2]
    assert len(scene.pen.steps) == 2
    d.mouse(pygame.MOUSEBUTTONUP, c)
    assert len(scene.state.players[0].track) == 2


def test_B3_stroke_across_the_swiss_border_stays_undrawn_with_the_reason(app: Any) -> None:
    scene = start(app)
    d = Driver(app)
    route, beyond = border_route(scene.board, "Alfa")
    centre_on_dot(scene, route[-1])
    pts = [scene.camera.dot_screen(p) for p in [*route, beyond]]
    d.mouse(pygame.MOUSEMOTION, pts[0])
    d.mouse(pygame.MOUSEBUTTONDOWN, pts[0])
    for a, b in zip(pts, pts[1:], strict=False):
        d.mouse(pygame.MOUSEMOTION, b, rel=(b[0] - a[0], b[1] - a[1]), buttons=(1, 0, 0))
    refusal = scene.pen.refusal
    assert refusal is not None and "B3" in refusal.quote.rules
    assert "Swiss border" in refusal.reason(scene.board)
    d.mouse(pygame.MOUSEBUTTONUP, pts[-1])
    track = scene.state.players[0].track
    assert edge_key(route[-1], beyond) not in track
    assert len(track) == len(route) - 1  # the legal part is kept
    assert any("Swiss border" in n.reason for n in scene.table.notices)


def test_K10_eraser_last_segment_right_click_and_clear(app: Any) -> None:
    scene = start(app)
    d = Driver(app)
    path = _stroke_from_alfa(scene, 4)
    d.stroke(path)
    st = scene.state
    assert len(st.phase_built) == 4
    d.key(pygame.K_BACKSPACE)
    assert len(scene.state.phase_built) == 3
    assert edge_key(path[-2], path[-1]) not in scene.state.players[0].track
    d.key(pygame.K_z, pygame.KMOD_CTRL)
    assert len(scene.state.phase_built) == 2
    # right-click on the middle of the last fresh segment
    a, b = scene.camera.dot_screen(path[1]), scene.camera.dot_screen(path[2])
    mid = ((a[0] + b[0]) / 2, (a[1] + b[1]) / 2)
    d.mouse(pygame.MOUSEBUTTONDOWN, mid, button=3)
    d.mouse(pygame.MOUSEBUTTONUP, mid, button=3)
    assert len(scene.state.phase_built) == 1
    d.stroke(path[1:4])
    assert len(scene.state.phase_built) == 3
    press(d, scene, Intent.CLEAR_PHASE)
    assert scene.state.phase_built == [] and not scene.state.players[0].track
    assert scene.state.phase_spent == 0


def test_K10_end_build_pays_for_the_phase_and_passes_the_turn(app: Any) -> None:
    scene = start(app)
    d = Driver(app)
    d.stroke(_stroke_from_alfa(scene))
    spent = scene.state.phase_spent
    cash = scene.state.players[0].cash
    d.key(pygame.K_RETURN)
    assert scene.state.players[0].cash == cash - spent
    assert scene.state.current == 1
    # two people at one screen: the curtain hides the board until Bruno is ready
    assert scene.table.curtain.seat == 1
    d.mouse(pygame.MOUSEBUTTONDOWN, (600, 300))
    d.mouse(pygame.MOUSEBUTTONUP, (600, 300))
    assert not scene.table.curtain.down


def test_computer_turn_is_paced_and_space_skips_it(app: Any) -> None:
    scene = start(app, computer=True)
    d = Driver(app)
    d.stroke(_stroke_from_alfa(scene))
    d.key(pygame.K_RETURN)
    assert scene.state.current == 1
    n = len(scene.state.history)
    d.frames(1, 0.1)
    assert len(scene.state.history) == n  # nothing yet: a person can follow
    d.frames(1, 0.25)
    assert len(scene.state.history) == n + 1
    d.key(pygame.K_SPACE)
    d.frames(1, 0.016)
    assert scene.state.current == 0
    assert scene.state.players[1].track  # the computer built legal track
    assert not scene.table.curtain.down  # no curtain against a computer


def test_not_a_start_dot_says_why(app: Any) -> None:
    scene = start(app)
    d = Driver(app)
    plain = next(dd.id for dd in scene.board.dots if dd.terrain == "plain"
                 and not scene.pen.can_start(dd.id))
    centre_on_dot(scene, plain)
    p = scene.camera.dot_screen(plain)
    d.mouse(pygame.MOUSEBUTTONDOWN, p)
    d.mouse(pygame.MOUSEBUTTONUP, p)
    assert not scene.pen.active
    assert any("K1" in n.reason for n in scene.table.notices)


def test_save_load_and_continue(app: Any) -> None:
    from rail_app.ui.scenes import open_saved_game
    from rail_app.ui.session import list_saves

    scene = start(app)
    d = Driver(app)
    path = _stroke_from_alfa(scene)
    d.stroke(path)
    d.key(pygame.K_RETURN)
    assert scene.controller.save_game()
    saved = list_saves()[0]
    tracks = [set(p.track) for p in scene.state.players]
    assert open_saved_game(app, saved)
    loaded = app.scene
    assert loaded is not scene
    assert [p.track for p in loaded.state.players] == tracks
    assert loaded.state.current == 1
    # continue: Bruno draws out of Beta, once the curtain is raised
    click(d, (600, 300))
    assert not loaded.table.curtain.down
    loaded.camera.level = loaded.camera.level_for(30)
    stroke = pick_stroke(loaded, 2)
    centre_on_dot(loaded, stroke[1])
    d.stroke(stroke)
    assert len(loaded.state.players[1].track) == 2
    # the autosave after the turn exists too
    assert loaded.session.autosave_path().exists()


def test_damaged_save_returns_to_the_menu_with_the_reason(app: Any) -> None:
    from rail_app.ui.scenes import MenuScene, open_saved_game
    from rail_app.ui.session import saves_dir

    bad = saves_dir() / "broken.json"
    bad.write_text('{"format": "italian-rails-record", "version": 1, "map": ', encoding="utf-8")
    assert not open_saved_game(app, bad)
    assert isinstance(app.scene, MenuScene)
    assert app.scene.error_window is not None
    assert "not JSON" in app.scene.error_text


def test_zoom_keeps_the_point_under_the_pointer_and_home_fits(app: Any) -> None:
    scene = start(app)
    d = Driver(app)
    cam = scene.camera
    pos = (cam.rect.x + 300, cam.rect.y + 200)
    before = cam.to_km(*pos)
    d.mouse(pygame.MOUSEMOTION, pos)
    level = cam.level
    pygame.event.post(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=1, flipped=False,
                                         precise_x=0.0, precise_y=1.0))
    d.frames(1)
    assert cam.level == level + 1
    after = cam.to_km(*pos)
    assert abs(after[0] - before[0]) < 1.0 and abs(after[1] - before[1]) < 1.0
    d.key(pygame.K_HOME)
    x0, y0, x1, y1 = (min(dd.x for dd in scene.board.dots), min(dd.y for dd in scene.board.dots),
                      max(dd.x for dd in scene.board.dots), max(dd.y for dd in scene.board.dots))
    assert cam.rect.collidepoint(cam.to_screen(x0, y0))
    assert cam.rect.collidepoint(cam.to_screen(x1, y1))
    ox = cam.ox
    d.key(pygame.K_RIGHT)
    assert cam.ox > ox
    # right-drag pans
    ox = cam.ox
    d.drag([(600, 300), (650, 300), (700, 300)], button=3)
    assert cam.ox < ox


def test_track_layer_is_cached_until_the_track_changes(app: Any) -> None:
    scene = start(app)
    d = Driver(app)
    d.frames(3)
    layers = scene.view.layers
    # the zoom level's tiles first (the track is drawn with the level's picture)
    assert d.until(lambda: layers.base.complete(scene.camera) and not layers.base.waiting)
    n = layers.track.redraws
    d.frames(3)
    assert layers.track.redraws == n
    d.stroke(_stroke_from_alfa(scene))
    d.frames(1)
    assert layers.track.redraws == n + 1
    tiles = layers.base.rendered
    d.frames(3)
    assert layers.base.rendered == tiles


def _hover_box(d: Driver, scene: Any, pos: tuple[float, float]) -> list[str]:
    d.mouse(pygame.MOUSEMOTION, pos)
    d.frames(1)
    return [t for b in scene.frame.pointer if b.kind == "hover" for t, _, _ in b.lines]


def test_hover_tooltip_names_terrain_cost_and_crossings(app: Any) -> None:
    scene = start(app)
    d = Driver(app)
    b = scene.board
    river = next(e for e in b.edges.values() if e.crosses("river") and not e.forbidden)
    centre_on_dot(scene, river.a)
    d.frames(1)
    a, c = scene.camera.dot_screen(river.a), scene.camera.dot_screen(river.b)
    lines = _hover_box(d, scene, ((a[0] + c[0]) / 2, (a[1] + c[1]) / 2))
    assert any("river" in t and "+2M" in t for t in lines)
    lines = _hover_box(d, scene, a)
    assert any("costs" in t and "M" in t for t in lines)


@pytest.mark.parametrize("kind", ["menu", "settings"])
def test_esc_menu_and_settings_open(app: Any, kind: str) -> None:
    scene = start(app)
    d = Driver(app)
    d.key(pygame.K_ESCAPE)
    assert scene.table.modal is Modal.MENU
    if kind == "settings":
        press(d, scene, Intent.SETTINGS)
        assert type(app.scene).__name__ == "SettingsScene"
        d.key(pygame.K_ESCAPE)
        assert app.scene is scene  # the same game screen, as it was
    else:
        d.key(pygame.K_ESCAPE)
        assert scene.table.modal is Modal.NONE


def test_K8_dragging_across_a_ferry_takes_it_in_the_players_ink(app: Any) -> None:
    import networkx as nx

    scene = start(app)
    b = scene.board
    ferry = b.ferries[0]
    port, island = ferry.ports if ferry.ports[0] not in b.city_of_dot else ferry.ports[::-1]
    g = nx.Graph()
    for e in b.edges.values():
        if e.forbidden is None and not e.free:
            g.add_edge(e.a, e.b)
    # the nearest major city's outer dot to the mainland port
    route = min((nx.shortest_path(g, o, port) for c in b.majors for o in c.outer
                 if nx.has_path(g, o, port)), key=len)
    centre_on_dot(scene, port)
    d = Driver(app)
    d.stroke([*route, island])
    st = scene.state
    assert ferry.index in st.players[0].ferries
    assert st.ferry_takers[ferry.index] == [0]
    assert st.phase_spent >= ferry.high
    d.frames(1)  # the taken ferry is drawn in Anna's ink with the price paid
