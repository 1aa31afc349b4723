"""Steam's screen while the map is dragged: a pan frame moves the kept pictures and draws
nothing again, and what it shows is, pixel for pixel, what a frame drawn afresh shows: the
map through its scrolled front."""

from __future__ import annotations

from typing import Any

import pygame
import pytest

from rail_app.games.steam.ui import maprender as mr
from rail_app.games.steam.ui import mapview
from rail_app.games.steam.ui.mapview import MapView
from rail_app.table import registry

MAP = "maps/test/steam-small.yaml"

#: Drags of every kind: small steps each way (scrolls of one or both axes), a jump back,
#: and moves wider than the map's rectangle (the front painted whole again).
PANS = [(3, 2)] * 6 + [(-7, 5)] * 4 + [(0, -13), (11, 0), (-160, -90), (1, -1), (600, 20),
                                       (-3, -500), (2, 3)]


def _map_pixels(surface: pygame.Surface, rect: pygame.Rect) -> bytes:
    return pygame.image.tobytes(surface.subsurface(rect), "RGB")


def _game() -> tuple[Any, Any]:
    rules = registry.game("steam")
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
    pygame.display.init()
    pygame.display.set_mode((720, 480))
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
        view.camera.pan(dx, dy)
        view.draw_base(screen, pieces_of(view), (1,))
        if whole:
            fresh = MapView(board, background)
            fresh.set_rect(rect)
            fresh.camera.scale, fresh.camera.x0, fresh.camera.y0 = (
                view.camera.scale, view.camera.x0, view.camera.y0)
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
