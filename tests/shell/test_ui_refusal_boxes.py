"""A refused segment's box (the rule's words) stands clear of the whole stroke and inside
the map, while the stroke is drawn and after it is let go, wherever the stroke runs.
Driven with posted mouse events."""

from __future__ import annotations

from typing import Any

import pygame
import pytest

from rail_app.ui.kit.driver import Driver
from tests.games.italian_rails.test_ui_support import ITALY, border_route, settle, start


def _covers(rect: pygame.Rect, pts: list[tuple[float, float]]) -> bool:
    return any(rect.clipline(a, b) for a, b in zip(pts, pts[1:], strict=False))


@pytest.mark.parametrize(("level", "offset"), [(30, (0, 0)), (44, (60, 40)), (44, (-80, 0)),
                                               (40, (0, -50))])
def test_a_refusal_box_stands_clear_of_the_whole_stroke_and_inside_the_map(
        app: Any, level: int, offset: tuple[int, int]) -> None:
    scene = start(app, ITALY)
    d = Driver(app)
    board = scene.board
    route, beyond = border_route(board, "Milano")
    cam = scene.camera
    cam.level = cam.level_for(level)
    end = board.dots[beyond]
    cam.centre_on(end.x + offset[0] / cam.scale, end.y + offset[1] / cam.scale)
    settle(d, scene)
    dots = [*route, beyond]
    pts = [cam.dot_screen(p) for p in dots]
    assert all(cam.rect.collidepoint(p) for p in pts)
    d.mouse(pygame.MOUSEMOTION, pts[0])
    d.mouse(pygame.MOUSEBUTTONDOWN, pts[0])
    for a, b in zip(pts, pts[1:], strict=False):
        d.mouse(pygame.MOUSEMOTION, b, rel=(b[0] - a[0], b[1] - a[1]), buttons=(1, 0, 0))
    settle(d, scene)
    assert scene.pen.refusal is not None
    box = next(bx for bx in scene.frame.pointer if bx.kind == "pen")
    assert cam.rect.contains(box.rect), "the box leaves the map"
    assert not _covers(box.rect, pts), "the box covers the stroke being drawn"
    d.mouse(pygame.MOUSEBUTTONUP, pts[-1])
    settle(d, scene)
    box = next(bx for bx in scene.frame.pointer if bx.kind == "notice")
    assert "Can't build here" in box.lines[0][0]
    assert cam.rect.contains(box.rect), "the box leaves the map"
    assert not _covers(box.rect, pts), "the box covers the stroke just drawn"
