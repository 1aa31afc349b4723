"""The pictures the screens keep stay within their budgets of bytes: the map's tiles, names
and composed pictures (sized from the map area), and the small pictures of words, tooltips,
zone names and trains (sized from the window). Counted in bytes of the pictures themselves,
never in time (``bench``'s ``peak_rss_mb`` measures the process)."""

from __future__ import annotations

from typing import Any

import pygame

from rail_app.ui import hud, screens
from rail_app.ui.kit.driver import Driver
from rail_app.ui.picturecache import (
    TILE,
    TILE_BYTES,
    MapBudget,
    SurfaceCache,
    Tile,
    TileCache,
    surface_bytes,
    window_bytes,
)
from tests.games.italian_rails.test_ui_support import start, wheel


def _tile(names: bool = False) -> Tile:
    return Tile(pygame.Surface((TILE, TILE)), pygame.Surface((100, 20)) if names else None,
                (0, 0))


def test_tiles_of_the_farthest_levels_leave_first_and_work_ahead_never_pushes_out_nearer() -> None:
    cache = TileCache(limit=6 * TILE_BYTES)
    for level in (0, 1, 2, 3, 4, 5):
        cache.put((level, 0, 0), _tile())
    cache.get((0, 0, 0))  # recently used, but the farthest from level 5
    assert cache.used == cache.held() == 6 * TILE_BYTES
    # the view at level 5 needs two tiles: levels 0 and 1 go, not the recently used rule
    assert cache.make_room(2 * TILE_BYTES, 5, keep=[(5, 0, 0)])
    assert sorted(k[0] for k in cache.items) == [2, 3, 4, 5]
    cache.put((5, 1, 0), _tile())
    cache.put((5, 2, 0), _tile())
    # a tile ahead at level 4 (one away) may push out only levels two or more away
    assert cache.make_room(TILE_BYTES, 5, nearest=2)
    assert (2, 0, 0) not in cache and (3, 0, 0) in cache
    cache.put((4, 1, 0), _tile())
    # a tile ahead two levels away finds none farther: no room, nothing leaves
    assert not cache.make_room(TILE_BYTES, 5, nearest=3)
    assert len(cache) == 6 and cache.used == cache.held() <= cache.limit
    # among one level's tiles the least recently used leaves first; the view's own stay
    cache.get((5, 1, 0))
    assert cache.make_room(4 * TILE_BYTES, 5, keep=[(5, 0, 0)])
    assert sorted(cache.items) == [(5, 0, 0), (5, 1, 0)]


def test_a_map_budget_grows_with_the_map_area_and_keeps_tiles_for_the_whole_picture() -> None:
    small, large = MapBudget((960, 560)), MapBudget((1520, 918))
    assert small.limit < large.limit
    for b in (small, large):
        w, h = b.canvas_size
        assert b.cover_tiles * TILE * TILE >= w * h  # tiles enough to compose the picture
        assert b.tiles >= 2 * b.cover_tiles * TILE_BYTES
    # at 1920x1080 (a map area of 1520x918) the map keeps about eight windows' worth
    assert large.limit <= 9 * 1920 * 1080 * 4


def test_words_and_tooltips_are_kept_within_their_share_of_the_window(app: Any) -> None:
    hud.TEXTS.clear()
    limit = hud.TEXTS.limit
    assert limit == window_bytes() // 2 == 1280 * 720 * 2  # half the 1280x720 window
    for i in range(3000):
        hud.rendered(f"word number {i} of many, long enough to take some room", 18,
                     (0, 0, 0), bold=i % 2 == 0)
    assert 0 < hud.TEXTS.used == hud.TEXTS.held() <= limit
    assert len(hud.TEXTS.items) < 3000  # the oldest went
    newest = hud.rendered("word number 2999 of many, long enough to take some room", 18,
                          (0, 0, 0))
    assert hud.TEXTS.get(("word number 2999 of many, long enough to take some room", 18,
                          (0, 0, 0), False)) is newest
    cache: SurfaceCache[int] = SurfaceCache(0.01)
    big = pygame.Surface((400, 400))
    cache.put(1, big)  # one picture larger than the share is kept (it is being shown)
    assert cache.used == surface_bytes(big) and len(cache.items) == 1
    cache.put(2, pygame.Surface((10, 10)))
    assert list(cache.items) == [2]


def test_touring_every_zoom_level_keeps_the_maps_pictures_within_their_budget(app: Any) -> None:
    """In by the wheel through every level, then out, with pans and idle frames (when
    pictures are rendered ahead) at each: the budget holds after every frame and binds."""
    scene = start(app)
    d = Driver(app)
    cam = scene.camera
    base = scene.view.layers.base
    centre = cam.rect.center
    budget = base.budget
    assert budget.view == cam.rect.size

    def frames(n: int, events: list[pygame.event.Event] | None = None) -> None:
        for _ in range(n):
            app.step(1 / 60, list(events or []))
            held = base.held()
            assert base.tiles.used == base.tiles.held()
            assert held <= budget.limit, (cam.level, held, budget.limit)

    def look_around() -> None:
        frames(12)
        frames(1, [pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=centre, button=3)])
        for dx, dy in ((40, 0), (0, 40), (-40, -40)):
            frames(4, [pygame.event.Event(pygame.MOUSEMOTION, pos=centre, rel=(dx, dy),
                                          buttons=(0, 0, 1))])
        frames(1, [pygame.event.Event(pygame.MOUSEBUTTONUP, pos=centre, button=3)])

    cam.level = cam.min_level
    look_around()
    levels = {cam.level}
    while cam.level < cam.max_level:
        wheel(d, centre, 1)
        look_around()
        levels.add(cam.level)
    for _ in range(4):
        wheel(d, centre, -1)
        look_around()
    assert levels == set(range(cam.min_level, cam.max_level + 1))
    assert base.tiles.evicted > 0  # the budget did bind: tiles left to make room
    assert base.prerendered > 0  # and idle frames worked ahead within it
    assert {k[0] for k in base.tiles.items} <= set(range(cam.level - 4, cam.level + 5))


def test_a_panned_picture_is_the_picture_composed_afresh(app: Any) -> None:
    """Pans that use up the margin move the composed picture and compose only the uncovered
    strips (tiles, track, names); what the map area then shows is, pixel for pixel, what a
    fresh base layer composes for the same view."""
    from rail_app.games.italian_rails.devtools.lategame import make_late_game_board
    from rail_app.games.italian_rails.rules.board import load_board
    from rail_app.games.italian_rails.ui.mapview import BaseLayer
    from rail_app.ui.session import HUMAN, GameSetup, Seat, Session
    from tests.games.italian_rails.test_ui_support import MINI

    board = load_board(MINI)
    state = make_late_game_board(board, seed=3, segments=25)
    setup = GameSetup(MINI, [Seat("Anna", HUMAN), Seat("Bruno", HUMAN, ink="orange")], 3,
                      {"building_only": True})
    scene = app.reset(screens.game(app, Session(setup, board, state)))
    cam = scene.camera
    cam.level = cam.max_level - 2  # close: the view is a part of the small map
    cam.centre_on(*cam.to_km(*cam.rect.center))
    layers = scene.view.layers
    base = layers.base

    def settle() -> None:
        for _ in range(300):
            app.step(1 / 60, [])
            if base.complete(cam) and not base.waiting and not base.holes:
                return
        raise AssertionError("the view never completed")

    centre = cam.rect.center
    if scene.table.curtain.down:  # two people at one screen: the first one clicks
        app.step(1 / 60, [pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=centre, button=1),
                          pygame.event.Event(pygame.MOUSEBUTTONUP, pos=centre, button=1)])
    assert not scene.table.curtain.down
    settle()
    app.step(1 / 60, [pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=centre, button=3)])
    moves, ox, oy = base.moves, cam.ox, cam.oy
    for dx, dy in ((-23, 0),) * 15 + ((0, -19),) * 15 + ((3, 2),) * 3:
        app.step(1 / 60, [pygame.event.Event(pygame.MOUSEMOTION, pos=centre, rel=(dx, dy),
                                             buttons=(0, 0, 1))])
    app.step(1 / 60, [pygame.event.Event(pygame.MOUSEBUTTONUP, pos=centre, button=3)])
    assert cam.ox != ox and cam.oy != oy
    assert base.moves >= moves + 2  # the margin used up across, then down: two strips
    settle()
    assert base.front is not None
    shown = pygame.surfarray.array3d(base.front)
    fresh = BaseLayer(board)
    fresh.render_all(cam)
    for _ in range(50):
        fresh.prepare(cam, layers.track, budget_s=1.0)
        if not fresh.holes:
            break
    assert fresh.front is not None and not fresh.holes
    assert (pygame.surfarray.array3d(fresh.front) == shown).all()
    # and the whole composed picture, margin included, where the two pictures overlap
    assert base.canvas is not None and fresh.canvas is not None
    both = pygame.Rect(base.canvas_at, base.canvas.get_size()).clip(
        pygame.Rect(fresh.canvas_at, fresh.canvas.get_size()))
    assert both.w > cam.rect.w and both.h > cam.rect.h
    mine = pygame.surfarray.array3d(base.canvas.subsurface(both.move(
        -base.canvas_at[0], -base.canvas_at[1])))
    theirs = pygame.surfarray.array3d(fresh.canvas.subsurface(both.move(
        -fresh.canvas_at[0], -fresh.canvas_at[1])))
    assert (mine == theirs).all()
