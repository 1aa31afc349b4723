"""Steam in the replay: the board drawn as the game screen draws it at every action (the
tiles in their controllers' inks, the goods cubes, the cities, the New Cities), the last
action marked (a tile's hex, a delivery's links lit), each action in the history's words
and never as the code writes it, and a review's better plan drawn as Suggest draws it."""

from __future__ import annotations

import copy
import re
from typing import Any

import pygame
import pytest

from rail_app.games.steam.ai import make_player
from rail_app.games.steam.rules.actions import LayTile, MoveCube
from rail_app.games.steam.rules.mapfile import load_board
from rail_app.games.steam.ui import palette as pal
from rail_app.games.steam.ui import replayview
from rail_app.table import registry
from rail_app.table.timeline import Timeline
from rail_app.ui.gamescreens import replay_parts_of

MAP = "maps/test/steam-small.yaml"
SIZE = (640, 480)
INKS = [(0, 114, 178), (230, 159, 0), (213, 94, 0)]
#: What code writes and a player never reads: ``LayTile(hex='-1,-1', ...)``.
CODE = re.compile(r"\b[A-Z]\w*\(\w+=|\w+=\w")


@pytest.fixture(scope="module")
def timeline() -> Timeline:
    game = registry.game("steam")
    board = load_board(MAP)
    names = ["Anna", "Bruno", "Carla"]
    state = game.rules.new_game(board, names, {}, 4)
    bots = [make_player("greedy", s, 7 + s) for s in range(3)]
    while state.turn < 3 and game.rules.outcome(state) is None:
        seat = game.rules.to_act(state)
        assert seat is not None
        state = game.rules.apply(state, bots[seat].choose(state, seat))
    return Timeline(game, board, names, dict(game.rules.options_of(state)), 4,
                    game.rules.history(state))


def _first(tl: Timeline, kind: type) -> int:
    for k in range(1, tl.last + 1):
        if isinstance(tl.state_at(k).history[-1][1], kind):
            return k
    raise AssertionError(f"no {kind.__name__} in the game")


def _picture(tl: Timeline, k: int, state: Any = None, plan: Any = None) -> pygame.Surface:
    pic = pygame.Surface(SIZE)
    replayview.REPLAY.draw(pic, tl.state_at(k).board, tl.state_at(k - 1) if k else None,
                           state if state is not None else tl.state_at(k), INKS, plan)
    return pic


def _count(pic: pygame.Surface, colour: tuple[int, int, int], box: pygame.Rect | None = None
           ) -> int:
    area = box or pic.get_rect()
    return sum(1 for x in range(area.left, area.right) for y in range(area.top, area.bottom)
               if tuple(pic.get_at((x, y)))[:3] == colour)


def _around(h: int, state: Any) -> pygame.Rect:
    view = replayview._view(state.board, SIZE)
    cx, cy = view.centre_px(h)
    r = round(view.rad_px() * 0.6)
    return pygame.Rect(round(cx) - r, round(cy) - r, 2 * r, 2 * r).clip(pygame.Rect((0, 0), SIZE))


def test_steam_has_replay_parts_of_its_own() -> None:
    assert replay_parts_of("steam") is replayview.REPLAY


def test_every_action_is_said_in_the_historys_words(timeline: Timeline) -> None:
    tl = timeline
    said = []
    for k in range(1, tl.last + 1):
        lines = replayview.REPLAY.lines(tl.state_at(k).board, tl.state_at(k - 1),
                                        tl.state_at(k), tl.seat_at(k))
        for line in lines:
            assert not CODE.search(line), line
        act = tl.state_at(k).history[-1][1]
        if isinstance(act, (LayTile, MoveCube)):
            assert lines, act
        said += lines
    assert any(" lays a tile " in s for s in said)
    assert any(" delivers " in s or " cube " in s for s in said)


def test_a_laid_tile_is_drawn_on_its_hex_and_ringed(timeline: Timeline) -> None:
    tl = timeline
    k = _first(tl, LayTile)
    state = tl.state_at(k)
    h = state.board.hex_index(state.history[-1][1].hex)
    assert h is not None and h in state.tiles
    box = _around(h, state)
    before, after = _picture(tl, k - 1), _picture(tl, k)
    assert pygame.image.tobytes(before.subsurface(box), "RGB") \
        != pygame.image.tobytes(after.subsurface(box), "RGB")
    seat = state.history[-1][0]
    owner_ink = INKS[seat]
    assert _count(after, owner_ink, box) > 0  # the track in its layer's ink
    assert _count(after, pal.HOVER, box) > 0  # the hex ringed
    # the figures say each seat's cash, income, VP and locomotive
    figures = replayview.REPLAY.figures(state.board, state, None)
    assert len(figures) == 3 and all("VP" in f and "locomotive" in f for f in figures)


def test_a_delivery_lights_its_links_and_takes_its_cube(timeline: Timeline) -> None:
    tl = timeline
    k = _first(tl, MoveCube)
    links, hexes = replayview.last_marks(tl.state_at(k - 1), tl.state_at(k))
    assert links and not hexes
    assert _count(_picture(tl, k), pal.ROUTE) > _count(_picture(tl, k - 1), pal.ROUTE)
    cubes_before = sum(sum(c) for c in tl.state_at(k - 1).cubes.values())
    assert sum(sum(c) for c in tl.state_at(k).cubes.values()) == cubes_before - 1


def test_cubes_and_new_cities_are_drawn(timeline: Timeline) -> None:
    tl = timeline
    k = tl.last
    state = copy.deepcopy(tl.state_at(k))
    towns = [t for t in state.board.towns if t not in state.tiles]
    assert towns
    town = towns[0]
    plain = _picture(tl, k)
    state.new_cities[town] = "red"
    grown = _picture(tl, k, state)
    box = _around(town, state)
    assert _count(grown, pal.CITY["red"], box) > _count(plain, pal.CITY["red"], box) + 20
    cube_colours = {pal.CUBE[c] for c in pal.CUBE}
    assert any(_count(plain, c) > 0 for c in cube_colours)


def test_a_review_plan_is_drawn_as_suggest_draws_it(timeline: Timeline) -> None:
    from rail_app.games.steam.ai.advisor import suggest
    from rail_app.games.steam.rules.state import Step

    tl = timeline
    for k in range(tl.last):
        st = tl.state_at(k)
        if st.step is Step.BUILD and st.build is not None and st.build.used == 0:
            break
    else:
        raise AssertionError("no build in the game")
    advice = suggest(copy.deepcopy(st))
    assert advice.builds
    plain = _picture(tl, k)
    planned = _picture(tl, k, plan=advice)
    assert _count(planned, pal.GHOST_OK) > _count(plain, pal.GHOST_OK)
    text = replayview.REPLAY.explain(st.board, st, advice, 3.0)
    assert text and not CODE.search(text)


def test_a_marks_heading_says_the_vp_lost() -> None:
    assert replayview.REPLAY.review_words.heading(2.5) == "Review: 2.5 VP lost this turn"
