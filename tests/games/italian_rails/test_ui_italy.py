"""The game screen on the map of Italy: strokes out of Milano and the Swiss border."""

from __future__ import annotations

from typing import Any

import pygame

from rail_app.games.italian_rails.rules.board import edge_key
from rail_app.ui.kit.driver import Driver
from tests.games.italian_rails.test_ui_support import ITALY, border_route, centre_on_dot, start


def test_K1_stroke_out_of_milano(app: Any) -> None:
    scene = start(app, ITALY)
    board = scene.board
    milano = board.cities["Milano"]
    d = Driver(app)
    # three segments heading south-east out of the red hexagon, found with the engine's quotes
    path = [max(milano.outer, key=lambda o: board.dots[o].x + board.dots[o].y)]
    state = scene.state
    from rail_app.games.italian_rails.rules.actions import BuildSegment

    while len(path) < 4:
        for n in sorted(board.adj[path[-1]], key=lambda n: -(board.dots[n].x + board.dots[n].y)):
            q, after = scene.session.preview(state, BuildSegment(board.key(path[-1]),
                                                                 board.key(n)))
            if q.ok and n not in path:
                path.append(n)
                state = after
                break
        else:
            raise AssertionError("no legal segment out of Milano")
    centre_on_dot(scene, path[1])
    d.stroke(path)
    track = scene.state.players[0].track
    assert {edge_key(a, b) for a, b in zip(path, path[1:], strict=False)} == track
    spent = scene.state.phase_spent
    d.key(pygame.K_RETURN)
    assert scene.state.players[0].cash == board.rules.starting_cash - spent


def test_B3_stroke_from_milano_across_the_swiss_border_is_refused(app: Any) -> None:
    scene = start(app, ITALY)
    route, beyond = border_route(scene.board, "Milano")
    centre_on_dot(scene, route[-1])
    d = Driver(app)
    pts = [scene.camera.dot_screen(p) for p in [*route, beyond]]
    d.mouse(pygame.MOUSEMOTION, pts[0])
    d.mouse(pygame.MOUSEBUTTONDOWN, pts[0])
    for a, b in zip(pts, pts[1:], strict=False):
        d.mouse(pygame.MOUSEMOTION, b, rel=(b[0] - a[0], b[1] - a[1]), buttons=(1, 0, 0))
    assert scene.pen.refusal is not None
    assert scene.pen.refusal.quote.rules == ["B3"]
    d.frames(1)  # the refusal is drawn with its reason
    d.mouse(pygame.MOUSEBUTTONUP, pts[-1])
    assert edge_key(route[-1], beyond) not in scene.state.players[0].track


def test_panning_a_late_game_board_is_a_few_blits(tmp_path: Any, monkeypatch: Any) -> None:
    from rail_app.games.italian_rails.devtools.panbench import bench_pan

    monkeypatch.setenv("ITALIAN_RAILS_DATA_DIR", str(tmp_path))
    out = bench_pan(ITALY, size=(1280, 720), frames=40, segments=40)
    assert out["segments"] >= 80
    assert out["track_redraws"] <= 2  # the track layer is not redrawn while panning
