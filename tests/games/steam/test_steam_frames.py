"""Steam's screen while the map is dragged: a pan frame moves the kept pictures and draws
nothing again (the map, its pieces, the bars), and what it shows is, pixel for pixel, what
a frame drawn afresh shows: the map through its scrolled front, and the bars left on the
screen from the frame before."""

from __future__ import annotations

from typing import Any

import pygame
import pytest

from rail_app.games.steam.ui import maprender as mr
from rail_app.games.steam.ui import mapview
from rail_app.games.steam.ui.commands import Intent
from rail_app.games.steam.ui.mapview import MapView
from rail_app.table import registry
from rail_app.table.seats import Level, Seat, SeatKind
from rail_app.ui import fonts
from rail_app.ui.kit.driver import click, key
from rail_app.ui.session import GameSetup, Session

MAP = "maps/test/steam-small.yaml"

#: Drags of every kind: small steps each way (scrolls of one or both axes), a jump back,
#: and moves wider than the map's rectangle (the front painted whole again).
PANS = [(3, 2)] * 6 + [(-7, 5)] * 4 + [(0, -13), (11, 0), (-160, -90), (1, -1), (600, 20),
                                       (-3, -500), (2, 3)]


def _people(n: int = 3) -> list[Seat]:
    return [Seat(name, SeatKind.HUMAN, Level.NORMAL, ink)
            for name, ink in (("Anna", "blue"), ("Bruno", "orange"), ("Carla", "vermillion"),
                              ("Dario", "sky blue"))[:n]]


def _map_pixels(surface: pygame.Surface, rect: pygame.Rect) -> bytes:
    return pygame.image.tobytes(surface.subsurface(rect), "RGB")


def _game() -> tuple[Any, Any]:
    rules = registry.game("steam").rules
    board = rules.load_board(MAP)
    state = rules.new_game(board, ["Anna", "Bruno", "Carla"], {}, 5)
    return board, state


@pytest.mark.parametrize("whole", [True, False])
def test_a_panned_map_is_the_map_drawn_afresh(whole: bool, _own_data_dir: Any,
                                               monkeypatch: pytest.MonkeyPatch) -> None:
    """Pans scroll the front and fill its uncovered strips from the kept picture: after
    every pan the map's rectangle holds what a new map view draws for the same camera
    (the whole board kept) or what the kept picture itself shows at its place (closer in:
    the window's part with its margin, drawn again only when a pan leaves the margin)."""
    pygame.init()
    pygame.display.set_mode((720, 480))
    fonts.font.cache_clear()  # fonts made before an earlier test's pygame.quit() are dead
    if not whole:
        monkeypatch.setattr(mapview, "WHOLE_BOARD_PIXELS", 1)
    board, state = _game()
    background = mr.load_background(board, MAP)
    view = MapView(board, background)
    rect = pygame.Rect(21, 30, 501, 330)  # a left edge off the 16-byte rows, an odd width
    view.set_rect(rect)
    view.zoom(1.7, rect.center)
    drawn: list[int] = []
    draw_map = mr.draw_map
    monkeypatch.setattr(mr, "draw_map", lambda *a, **k: (drawn.append(1), draw_map(*a, **k)))

    def pieces_of(v: MapView) -> Any:
        return lambda pic: v.draw_cubes(pic, state)

    screen = pygame.Surface((720, 480))
    view.draw_base(screen, pieces_of(view), (1,))
    for dx, dy in PANS:
        view.camera.pan_px(dx, dy)
        view.draw_base(screen, pieces_of(view), (1,))
        if whole:
            fresh = MapView(board, background)
            fresh.set_rect(rect)
            fresh.camera.scale, fresh.camera.ox, fresh.camera.oy = (
                view.camera.scale, view.camera.ox, view.camera.oy)
            expected = pygame.Surface((720, 480))
            fresh.draw_base(expected, pieces_of(fresh), (1,))
        else:  # the kept picture at its place, the off colour beyond it
            pic = view._composed
            assert pic is not None
            expected = pygame.Surface((720, 480))
            expected.fill(mr.OFF_MAP, rect)
            expected.set_clip(rect)
            expected.blit(pic, view._placed(pic))
        assert _map_pixels(screen, rect) == _map_pixels(expected, rect), (dx, dy)
    if whole:  # one picture of the whole board for this zoom (and one per fresh view)
        assert len(drawn) == 1 + len(PANS)
    else:  # drawn again only for the pans that left the margin
        assert 2 <= len(drawn) <= 5


def _open(app: Any) -> tuple[Any, Session[Any]]:
    session = Session.new(GameSetup(MAP, _people(), 4, game="steam"))
    app.reset(app.screens.game(session))
    app.step(0.02, [])
    return app.scene, session


def _as_drawn_afresh(app: Any) -> bool:
    """The screen is what the scene draws on a new surface (bars, buttons, map, all); what
    the scene knows of the screen is left as it was, so the next frame may keep the bars."""
    scene = app.scene
    kept = scene.view.kept
    fresh = pygame.Surface(app.screen.get_size())
    scene.draw(fresh)
    scene.view.kept = kept
    return bool(pygame.image.tobytes(fresh, "RGB") == pygame.image.tobytes(app.screen, "RGB"))


def _motion(pos: tuple[int, int], buttons: tuple[int, int, int] = (0, 0, 0)) -> Any:
    return pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=buttons)


def test_a_pan_frame_draws_nothing_again(app: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    """While the map is dragged no frame draws the map, its pieces, the bars or their
    buttons again (they are kept pictures), and the screen it leaves is the screen drawn
    afresh."""
    scene, _session = _open(app)
    from rail_app.games.steam.ui import bars, side, widgets

    calls: list[str] = []
    for module, name, label in ((bars, "paint_top", "draw_top"), (side, "paint_side", "draw_side"),
                                (bars, "paint_bottom", "draw_bottom"),
                                (widgets, "paint", "draw_button")):
        method = getattr(module, name)
        monkeypatch.setattr(module, name, lambda *a, _m=method, _n=label, **k: (
            calls.append(_n), _m(*a, **k))[1])
    for name in ("draw_track", "draw_cubes"):
        method = getattr(scene.map, name)
        monkeypatch.setattr(scene.map, name, lambda *a, _m=method, _n=name, **k: (
            calls.append(_n), _m(*a, **k))[1])
    draw_map = mr.draw_map
    monkeypatch.setattr(mr, "draw_map", lambda *a, **k: (calls.append("draw_map"),
                                                         draw_map(*a, **k))[1])
    m = scene.rects.map
    pos = (m.centerx, m.centery)
    app.step(0.02, [_motion(pos), pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=3)])
    app.step(0.02, [])
    calls.clear()
    before = (scene.map.camera.ox, scene.map.camera.oy)
    for dx, dy in PANS[:12]:
        pos = (pos[0] + dx, pos[1] + dy)
        app.step(0.02, [_motion(pos, (0, 0, 1))])
    assert (scene.map.camera.ox, scene.map.camera.oy) != before
    # the hint's "Got it" lies on the map, under nothing kept: the one thing drawn again
    assert set(calls) <= {"draw_button"}
    assert len(calls) <= 12
    assert _as_drawn_afresh(app)
    app.step(0.02, [pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=3)])


def test_the_bars_left_on_the_screen_are_the_bars_drawn_afresh(app: Any) -> None:
    """The bars stay on the screen from one frame to the next only while nothing changed
    them or drew over them: after hovering a button and leaving it, a page over the
    screen (tracks, help, menu) and its closing, a bid changed, the app's own notice (the
    mute key) gone again, and another screen over the game and back, every frame is the
    frame drawn afresh."""
    scene, _session = _open(app)
    checks = 0

    def check(*events: Any) -> None:
        nonlocal checks
        app.step(0.02, list(events))
        assert _as_drawn_afresh(app)
        checks += 1

    m = scene.rects.map
    check()
    for b in [b for b in scene.widgets if b.label and not b.rect.colliderect(m)]:
        check(_motion(b.rect.center))  # the button lit under the pointer
        check()
        check(_motion(m.center))
        check()
    for k in (pygame.K_t, pygame.K_t, pygame.K_F1, pygame.K_F1, pygame.K_ESCAPE,
              pygame.K_ESCAPE):
        key(app, k)
        check()
    for _ in range(2):  # the bid's button says another amount, its neighbours move
        raise_bid = scene.find(Intent.BID_UP)
        assert raise_bid is not None
        click(app, raise_bid.center)
        check()
    key(app, pygame.K_m)  # "Sound off (M)" over the screen, then gone
    for _ in range(3):
        app.step(1.0, [])
    key(app, pygame.K_m)
    for _ in range(3):
        app.step(1.0, [])
    check()
    app.push(app.screens.settings())
    app.step(0.02, [])
    app.pop()
    check()
    assert checks >= 10
