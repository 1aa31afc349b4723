# ruff: noqa: F811  (pytest fixtures imported from tests/test_ui_support.py)
"""The shape of the game screen's code (DESIGN.md habits 8, 9, 13): caches keyed on the
game's version, drawing that changes nothing, every enabled button a working one, small
modules, no attributes conjured with getattr."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pygame

from rail_app.devtools.autoplay import MousePlayer
from rail_app.devtools.selftest import Driver, pick_stroke
from rail_app.ui.pen import Pen
from tests.test_ui_controls import enabled_buttons_work
from tests.test_ui_support import app, centre_on_dot, start  # noqa: F401

UI = Path(__file__).resolve().parent.parent / "rail_app" / "ui"


def test_the_pens_legal_dots_follow_the_game_not_a_reused_object(app: Any) -> None:
    """Over 24 build and erase actions, the pen's answers equal a fresh pen's (its cache
    was once keyed by id(state), which Python reuses for new states)."""
    scene = start(app)
    d = Driver(app)
    board = scene.board
    alfa = board.cities["Alfa"]
    near = sorted({x for o in alfa.dots for x in board.dots_within(board.dots[o].q,
                                                                   board.dots[o].r, 3)})
    actions = 0
    while actions < 24:
        path = pick_stroke(scene, 2)
        assert path
        centre_on_dot(scene, path[1])
        d.stroke(path)
        actions += 2
        for _ in range(2):
            fresh = Pen(scene.session)
            for x in near:
                assert scene.pen.can_start(x) == fresh.can_start(x), (actions, x)
                assert scene.pen._legal_from(x, scene.state, ()) == \
                    fresh._legal_from(x, scene.state, ()), (actions, x)
            d.key(pygame.K_BACKSPACE)
            actions += 1
        d.stroke(path[:2])
        actions += 1


def _table_picture(scene: Any) -> tuple[Any, ...]:
    t = scene.table
    cam = t.camera
    return (repr([(k, v) for k, v in vars(t).items() if k not in ("camera", "pen")]),
            cam.level, cam.ox, cam.oy, tuple(cam.rect), tuple(t.pen.path), len(t.pen.steps),
            scene.session.version)


def test_drawing_changes_nothing_and_every_enabled_button_works(app: Any) -> None:
    """A few turns played through the screen by the mouse player: after every frame,
    drawing it again changes neither the table nor the frame, and every enabled button's
    action is one the engine would take."""
    scene = start(app, cards=True, seed=11, computer=True)
    player = MousePlayer(app, 0, "normal", 11, pause=1)
    frames = player.frames()
    checked = 0
    for _ in range(1500):
        for ev in next(frames):
            pygame.event.post(ev)
        app.step(1 / 30)
        if app.scene is not scene or scene.session.over:
            break
        before, frame = _table_picture(scene), scene.frame
        widgets = list(frame.widgets)
        scene.draw(app.screen)
        assert _table_picture(scene) == before
        assert scene.frame is frame and frame.widgets == widgets
        enabled_buttons_work(scene)
        checked += 1
        if scene.state.players[0].deliveries or scene.state.turn >= 12:
            break
    assert checked > 100 and scene.state.turn >= 6


def test_the_game_screens_modules_are_small_and_never_conjure_attributes() -> None:
    files = sorted(UI.rglob("*.py"))
    big = {f.name: n for f in files if (n := len(f.read_text(encoding="utf-8").splitlines()))
           > 400}
    assert big == {}
    conjured = [f"{f.relative_to(UI)}:{i}" for f in files
                for i, line in enumerate(f.read_text(encoding="utf-8").splitlines(), 1)
                if re.search(r"getattr\(self\s*,", line)]
    assert conjured == []
