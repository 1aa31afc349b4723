"""Steam's game screen, driven by posted events as a player drives it: the pen's stroke lays
the tiles the rules choose at the price shown (S-K7), a refused hex names its rule (S-K4), a
delivery picked from a city's list follows a legal route and pays the owners of its links
(S-G3, S-G5), the phases' buttons, help, hints, the tracks page, saves and Continue."""

from __future__ import annotations

from typing import Any

import pygame
import pytest

from rail_app.core.i18n import dollars
from rail_app.games.steam.ai import make_player
from rail_app.games.steam.rules import goods
from rail_app.games.steam.rules.actions import ChooseTile, Declare, PassBid, PassMove, TakePoints
from rail_app.games.steam.rules.events import CubeDelivered, TileLaid
from rail_app.games.steam.rules.state import Step
from rail_app.games.steam.rules.strokes import plan_stroke
from rail_app.games.steam.ui.commands import Deliver, DismissHint, Intent, Play
from rail_app.games.steam.ui.selftest import legal_stroke
from rail_app.games.steam.ui.table import Page
from rail_app.table.seats import Level, Seat, SeatKind
from rail_app.ui.kit.driver import click, drag, key
from rail_app.ui.session import GameSetup, Session
from tests.waiting import frames_until

MAP = "maps/test/steam-small.yaml"


def _people(n: int = 3) -> list[Seat]:
    names = ("Anna", "Bruno", "Carla", "Dario")
    inks = ("blue", "orange", "vermillion", "bluish green")
    return [Seat(names[i], SeatKind.HUMAN, Level.NORMAL, inks[i]) for i in range(n)]


def _open(app: Any, seed: int = 4, seats: list[Seat] | None = None) -> tuple[Any, Session[Any]]:
    session = Session.new(GameSetup(MAP, seats or _people(), seed, game="steam"))
    app.reset(app.screens.game(session))
    app.step(0.02, [])
    return app.scene, session


def _play_until(session: Session[Any], app: Any, done: Any, limit: int = 3000) -> None:
    """The seats' moves chosen by computer players and made through the session (the
    moves the test is not about), until ``done(state)``."""
    bots = [make_player("greedy", s, 9 + s) for s in range(len(session.setup.seats))]
    for _ in range(limit):
        if done(session.state) or session.over:
            break
        seat = session.actor
        q = session.apply(bots[seat].choose(session.state, seat))
        assert q.ok
    app.step(0.02, [])
    assert done(session.state)


def _tile(widget: Any) -> bool:
    """An action tile's card."""
    return isinstance(widget.command, Play) and isinstance(widget.command.action, ChooseTile)


def _at_first_build(st: Any) -> bool:
    return st.step is Step.BUILD and st.build is not None and st.build.used == 0 \
        and not st.players[st.actor()].built


def test_a_drawn_stroke_lays_the_tiles_the_rules_choose_at_the_price_shown_S_K7(
        app: Any) -> None:
    """S-K7: a stroke drawn from a city lays, hex by hex, the tile the rules choose at the
    price the pen's label shows; a right-click takes the stroke back."""
    scene, session = _open(app)
    _play_until(session, app, _at_first_build)
    st = session.state
    seat = session.actor
    hexes = legal_stroke(st, seat)
    assert hexes is not None
    choices = plan_stroke(st, hexes, seat)
    cost = sum(c.quote.cost for c in choices if c.quote is not None)
    pts = [scene.hex_screen(k) for k in hexes]
    drag(app, pts, release=False)
    # while drawing: the tiles the rules choose, and their price beside the pen
    assert [c.action for c in scene.table.pen.choices] == [c.action for c in choices]
    assert dollars(cost) in scene.pen_label()
    spent = st.build.spent
    app.step(0.02, [pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pts[-1], button=1)])
    after = session.state
    for c in choices:
        h = after.board.hex_index(c.hex)
        assert c.action is not None and h is not None
        tile = after.tiles[h]
        assert (tile.face, tile.rotation) == (c.action.face, c.action.rotation)
    assert after.build.spent == spent + cost
    laid = [e for e in after.log if isinstance(e, TileLaid)]
    assert sum(e.cost for e in laid[-len(choices):]) == cost
    # right-click takes the stroke back
    click(app, pts[0], button=3)
    assert all(session.state.tiles.get(session.state.board.hex_index(c.hex) or -1) is None
               for c in choices)


def test_a_refused_hex_names_its_rule_S_K4(app: Any) -> None:
    """S-K4: a stroke longer than the turn's tile actions lays the legal hexes and the first
    refused one names the rule, while drawing and after."""
    scene, session = _open(app)
    _play_until(session, app, _at_first_build)
    st = session.state
    seat = session.actor
    board = st.board
    # a straight line of five hexes out of a city: more than the turn's tile actions
    line = None
    for h in sorted(st.city_hexes):
        for side in range(6):
            hexes = [board.key(h)]
            at = h
            for _ in range(5):
                n = board.nb[at][side]
                if n < 0 or board.blocked[at][side] or n in st.city_hexes:
                    break
                hexes.append(board.key(n))
                at = n
            if len(hexes) == 6 and sum(1 for c in plan_stroke(st, hexes[:4], seat) if c.ok) == 3:
                line = hexes
                break
        if line:
            break
    assert line is not None
    pts = [scene.hex_screen(k) for k in line]
    drag(app, pts, release=False)
    refused = [c for c in scene.table.pen.choices if not c.ok]
    assert refused and "(S-K4)" in scene.choice_reason(refused[0])
    app.step(0.02, [pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pts[-1], button=1)])
    assert any("(S-K4)" in n.text for n in scene.table.notices)
    assert session.state.build.used == 3  # the three legal tiles were laid


def test_moving_a_good_picks_a_legal_route_and_pays_its_owners_S_G3_S_G5(app: Any) -> None:
    """S-G3, S-G5: a city clicked in the move phase lists its legal deliveries; the one
    clicked is delivered along its route and each owner of its links takes 1 point a link."""
    scene, session = _open(app, seed=6)

    def can_deliver(st: Any) -> bool:
        return st.step is Step.MOVE and bool(goods.legal_routes(st, st.actor()))

    _play_until(session, app, can_deliver)
    st = session.state
    seat = session.actor
    route = max(goods.legal_routes(st, seat), key=lambda r: len(r.stops))
    vp_before = [p.vp for p in st.players]
    click(app, scene.hex_screen(st.key(route.source)))
    assert scene.table.picked == route.source and scene.table.routes
    i = next(i for i, r in enumerate(scene.table.routes) if r.stops == route.stops
             and r.colour == route.colour and r.owners == route.owners)
    click(app, scene.find(Deliver(i)).center)
    delivered = [e for e in session.state.log if isinstance(e, CubeDelivered)][-1]
    assert delivered.seat == seat
    assert delivered.stops == tuple(st.key(h) for h in route.stops)
    assert delivered.points == route.points(st.seats)
    # each owner takes their points as VP through the screen's button
    while session.state.step is Step.POINTS:
        click(app, scene.find(Play(TakePoints(False))).center)
    for s, pts in enumerate(route.points(st.seats)):
        assert session.state.players[s].vp == vp_before[s] + pts


def test_a_city_whose_cubes_need_a_longer_locomotive_says_so_S_L1(app: Any) -> None:
    """S-L1: a city whose only deliveries run over more links than the mover's locomotive
    level is refused with the locomotive named (and how many links are needed), not with
    the general rule of where cubes go."""
    from rail_app.games.steam.rules.state import MAX_LOCO

    scene, session = _open(app, seed=1)

    def too_far(st: Any) -> bool:
        me = st.actor()
        return st.step is Step.MOVE and any(
            not goods.routes_from(st, h, me) and goods.routes_from(st, h, me, max_len=MAX_LOCO)
            for h in st.cubes)

    _play_until(session, app, too_far)
    st = session.state
    me = st.actor()
    h = next(h for h in sorted(st.cubes) if not goods.routes_from(st, h, me)
             and goods.routes_from(st, h, me, max_len=MAX_LOCO))
    need = min(len(r.stops) for r in goods.routes_from(st, h, me, max_len=MAX_LOCO))
    click(app, scene.hex_screen(st.key(h)))
    assert scene.table.picked is None
    said = scene.table.notices[-1].text
    assert "(S-L1)" in said and "locomotive" in said
    assert f"level {st.players[me].loco}" in said and f"needs {need}" in said


def test_the_phases_buttons_play_a_turn_bids_tiles_build_move(app: Any) -> None:
    scene, session = _open(app, seed=2)
    seen = set()
    for _ in range(400):
        st = session.state
        seen.add(st.step)
        if st.turn >= 2 and st.step is Step.CHOOSE:
            break
        if st.step is Step.BID:
            click(app, scene.find(Play(PassBid())).center)
        elif st.step is Step.CHOOSE:
            b = next(b for b in scene.widgets if _tile(b) and b.enabled)
            click(app, b.rect.center)
        elif st.step is Step.DECLARE:
            click(app, scene.find(Play(Declare(False))).center)
        elif st.step is Step.BUILD:
            key(app, pygame.K_RETURN)
        elif st.step is Step.MOVE:
            click(app, scene.find(Play(PassMove())).center)
        else:
            app.step(0.02, [])
    assert {Step.BID, Step.CHOOSE, Step.BUILD, Step.MOVE} <= seen
    assert session.state.turn == 2


def test_a_taken_action_tile_is_refused_with_its_rule_S_A1(app: Any) -> None:
    """S-A1: a tile taken this turn is disabled, and a click on it says why."""
    scene, session = _open(app)
    _play_until(session, app, lambda st: st.step is Step.CHOOSE and bool(st.tile_of))
    taken = next(iter(session.state.tile_of.values()))
    b = scene.widget(Play(ChooseTile(taken)))
    assert b is not None and not b.enabled
    click(app, b.rect.center)
    assert any("S-A1" in n.text for n in scene.table.notices)


def test_computer_seats_play_at_a_pace_and_space_skips(app: Any) -> None:
    seats = _people(1) + [Seat("Bot", SeatKind.COMPUTER, Level.EASY, "orange"),
                          Seat("Cat", SeatKind.COMPUTER, Level.EASY, "vermillion")]
    scene, session = _open(app, seats=seats)
    _play_until(session, app, lambda st: st.actor() != 0 and st.step is not Step.BID)
    n = len(session.state.history)
    app.step(0.1, [])
    assert len(session.state.history) == n  # a third of a second before the first action
    for _ in range(3):
        app.step(0.1, [])
    # past the pace: the action comes once the player, in a thread of its own, has chosen
    frames_until(app, lambda: len(session.state.history) > n, dt=0.1)
    key(app, pygame.K_SPACE)
    frames_until(app, lambda: not session.seat.computer or session.over, dt=0.02)


def test_f1_help_hints_and_the_tracks_page(app: Any) -> None:
    scene, session = _open(app)
    assert scene.current_hint() is not None  # a first game: the phase's hint
    click(app, scene.find(DismissHint("steam-bid")).center)
    assert scene.current_hint() is None
    assert "steam-bid" in app.settings.hints_seen
    key(app, pygame.K_F1)
    assert scene.table.page is Page.HELP
    key(app, pygame.K_F1)
    assert scene.table.page is Page.NONE
    key(app, pygame.K_t)
    assert scene.table.page is Page.TRACKS
    app.step(0.02, [])
    key(app, pygame.K_ESCAPE)
    assert scene.table.page is Page.NONE


def test_save_load_and_continue_a_steam_game(app: Any) -> None:
    from rail_app.ui.session import list_saves, saves_dir

    scene, session = _open(app)
    _play_until(session, app, lambda st: st.turn >= 2 and st.step is Step.BUILD)
    path = saves_dir() / "steam.json"
    session.save(path)
    back = Session.load(path)
    assert back.game.rules.summary(back.state) == session.game.rules.summary(session.state)
    assert [a for _, a in back.state.history] == [a for _, a in session.state.history]
    # leaving by the menu autosaves: Continue finds the game
    key(app, pygame.K_ESCAPE)
    click(app, scene.find(Intent.QUIT).center)
    assert type(app.scene).__name__ == "MenuScene"
    assert any(p.name.startswith("autosave") for p in list_saves())
    later = Session.load(max(list_saves(), key=lambda p: p.stat().st_mtime))
    assert later.game.id == "steam"
    assert len(later.state.history) == len(session.state.history)


def test_continue_resumes_the_game_chosen_in_the_menu(app: Any) -> None:
    """With Steam chosen in the main menu, Continue resumes the newest Steam game even when
    a game of Italian Rails was saved after it; with Italian Rails chosen, that one."""
    import os
    import time

    from rail_app.ui.kit.driver import Driver
    from rail_app.ui.scenes import MenuScene
    from rail_app.ui.session import saves_dir

    scene, session = _open(app)
    _play_until(session, app, lambda st: st.turn >= 2 and st.step is Step.BUILD)
    steam_path = saves_dir() / "steam-game.json"
    session.save(steam_path)
    ir = Session.new(GameSetup("maps/test/mini.yaml", _people(2), 3))
    ir_path = saves_dir() / "italian-game.json"
    ir.save(ir_path)
    now = time.time()
    os.utime(steam_path, (now - 60, now - 60))  # the Italian Rails game is the newest
    os.utime(ir_path, (now, now))
    for game_id, title in (("steam", "steam"), ("italian-rails", "italian-rails")):
        app.settings.game = game_id
        menu = app.reset(app.screens.menu())
        app.step(0.02, [])
        assert isinstance(menu, MenuScene)
        button = next(b for b, what in menu.buttons.items() if what == "continue")
        Driver(app).click_button(button)
        assert app.scene.session.game.id == title
        assert app.scene.session.state.turn == (session.state.turn if title == "steam"
                                                else ir.state.turn)


@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080)])
def test_the_screen_draws_every_phase_at_both_sizes(size: tuple[int, int], _own_data_dir: Any
                                                    ) -> None:
    from rail_app.ui.app import App
    from rail_app.ui.settings import Settings

    app = App(size=size, fullscreen=False, settings=Settings())
    scene, session = _open(app)
    steps = set()
    bots = [make_player("greedy", s, s) for s in range(3)]
    for _ in range(300):
        if session.state.turn >= 2 and session.state.step is Step.CHOOSE:
            break
        steps.add(session.state.step)
        app.step(0.02, [])
        for k in (pygame.K_t, pygame.K_t, pygame.K_F1, pygame.K_F1):
            key(app, k)
        session.apply(bots[session.actor].choose(session.state, session.actor))
    assert {Step.BID, Step.CHOOSE, Step.BUILD, Step.MOVE} <= steps


ITALIA = "maps/steam-italia.yaml"


def _open_italia(size: tuple[int, int]) -> tuple[Any, Any, Session[Any]]:
    from rail_app.ui.app import App
    from rail_app.ui.settings import Settings

    app = App(size=size, fullscreen=False, settings=Settings())
    session = Session.new(GameSetup(ITALIA, _people(), 4, game="steam"))
    app.reset(app.screens.game(session))
    app.step(0.02, [])
    return app, app.scene, session


@pytest.mark.parametrize(("size", "lang"), [((1280, 720), "en"), ((1920, 1080), "en"),
                                            ((1280, 720), "es")])
def test_the_action_tiles_leave_the_whole_map_in_sight_while_choosing(
        size: tuple[int, int], lang: str, _own_data_dir: Any) -> None:
    """While a tile is chosen no card covers a hex of the fitted map (in English and in
    Spanish, whose words are longer): a click on Milano (the north, under the old row of
    cards) is a click on the map, not on a tile."""
    from rail_app.core.i18n import using_language

    with using_language(lang):
        _tiles_beside_the_map(size)


def _tiles_beside_the_map(size: tuple[int, int]) -> None:
    app, scene, session = _open_italia(size)
    _play_until(session, app, lambda st: st.step is Step.CHOOSE)
    cards = [b.rect for b in scene.widgets if _tile(b)]
    assert len(cards) == 7
    covered = [k.key for k in session.state.board.hexes
               if any(c.collidepoint(scene.hex_screen(k.key)) for c in cards)]
    assert covered == []
    taken = dict(session.state.tile_of)
    click(app, scene.hex_screen(next(h.key for h in session.state.board.hexes
                                     if h.name == "Milano")))
    assert session.state.step is Step.CHOOSE and session.state.tile_of == taken
    b = next(b for b in scene.widgets if _tile(b) and b.enabled)  # the cards still work
    click(app, b.rect.center)
    assert len(session.state.tile_of) == len(taken) + 1
    hint = scene.current_hint()  # the first game's hint covers no card
    assert hint is None or hint[2].collidelist(cards) < 0


def test_city_names_on_a_small_map_do_not_touch(_own_data_dir: Any) -> None:
    """At 1280x720 the fitted map of Italy is small: Livorno's and Firenze's names (two
    hexes apart) and every other pair of cities' names stay apart."""
    from rail_app.games.steam.ui import maprender as mr

    app, scene, session = _open_italia((1280, 720))
    view = scene.map.view()
    board = session.state.board
    _rad, city, num, town = mr._sizes(view, board)
    bands = mr.draw_labels(pygame.Surface(app.size), view, board, city, num, town)
    assert len(bands) == len(board.cities)
    named = list(zip(board.cities, bands, strict=True))
    touching = [(a.name, b.name) for i, (a, ra) in enumerate(named)
                for b, rb in named[i + 1:] if ra.colliderect(rb)]
    assert touching == []


def test_cubes_on_a_small_map_are_readable_and_clear_of_the_city_names(
        _own_data_dir: Any) -> None:
    """At 1280x720 a hex of the fitted map of Italy is about 25 px across: a goods cube is
    still 8 px or more (they were 5), cubes never cover one another, and a city's cubes, up
    to two rows of them, stand clear of its name."""
    from rail_app.games.steam.ui import maprender as mr
    from rail_app.games.steam.ui.mapview import CUBE_MIN_PX, cube_boxes

    app, scene, session = _open_italia((1280, 720))
    view = scene.map.view()
    board = session.state.board
    rad, city, num, town = mr._sizes(view, board)
    assert rad < 14  # the small scale this test is about
    bands = mr.draw_labels(pygame.Surface(app.size), view, board, city, num, town)
    for c, band in zip(board.cities, bands, strict=True):
        for count in range(1, 7):
            boxes = cube_boxes(scene.map.centre_px(c.hex), rad, count)
            assert len(boxes) == count
            assert min(min(b.w, b.h) for b in boxes) >= CUBE_MIN_PX >= 8
            assert all(a.collidelist(boxes[i + 1:]) < 0 for i, a in enumerate(boxes))
            assert all(not b.colliderect(band) for b in boxes), (c.name, count)


@pytest.mark.parametrize("path", [ITALIA, "maps/steam-iberia.yaml"])
@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080)])
def test_the_fitted_map_fills_its_space_with_land_and_sea(
        path: str, size: tuple[int, int], _own_data_dir: Any) -> None:
    """The board fills the space between the panels: at the fitted view the whole map area
    is land or sea, however wide the window (beyond the board's geodata the lands around
    come from the Europe layer; the frame's plain colour showed on both sides)."""
    import numpy as np

    from rail_app.games.steam.ui import palette as pal
    from rail_app.ui.app import App
    from rail_app.ui.settings import Settings

    app = App(size=size, fullscreen=False, settings=Settings())
    session = Session.new(GameSetup(path, _people(), 4, game="steam"))
    app.reset(app.screens.game(session))
    app.step(0.02, [])
    scene = app.scene
    scene.map.fit()
    app.step(0.02, [])
    area = pygame.surfarray.array3d(app.screen.subsurface(scene.rects.map))
    off = np.all(area == np.array(pal.OFF_MAP), axis=2)
    assert int(off.sum()) == 0, f"{int(off.sum())} pixels of the plain frame"


def test_the_in_game_menu_is_a_box_behind_its_buttons(app: Any) -> None:
    """Escape opens the menu in the games' shared dialog box: its buttons lie in an opaque
    panel (the panel's colour between them), not loose over the veiled map."""
    from rail_app.ui.palette import PANEL

    scene, session = _open(app)
    key(app, pygame.K_ESCAPE)
    app.step(0.02, [])
    box = scene.menu_box()
    items = [b for b in scene.widgets if b.command in (
        Intent.RESUME, Intent.SAVE, Intent.LOAD, Intent.SETTINGS, Intent.MENU_HELP, Intent.QUIT)]
    assert len(items) == 6 and all(box.contains(b.rect) for b in items)
    for b in items:
        assert tuple(app.screen.get_at((box.x + 8, b.rect.centery)))[:3] == PANEL
    click(app, scene.find(Intent.RESUME).center)
    assert scene.table.page is Page.NONE


def test_saving_keeps_the_map_where_the_player_left_it(app: Any) -> None:
    """Zoomed in on a city, then saved from the menu: back on the game the map shows the
    same place at the same zoom (a resized window fits it again)."""
    scene, session = _open(app)
    at = scene.hex_screen(session.state.board.key(session.state.board.cities[0].hex))
    app.step(0.02, [pygame.event.Event(pygame.MOUSEMOTION, pos=at, rel=(0, 0),
                                       buttons=(0, 0, 0)),
                    pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=3, flipped=False)])
    cam = scene.map.camera
    view = (cam.scale, cam.ox, cam.oy)
    scene.map.fit()
    assert (cam.scale, cam.ox, cam.oy) != view  # zoomed in: not the fitted view
    cam.scale, cam.ox, cam.oy = view
    key(app, pygame.K_ESCAPE)
    click(app, scene.find(Intent.SAVE).center)
    assert app.scene is not scene
    key(app, pygame.K_RETURN)
    assert app.scene is scene
    app.step(0.02, [])
    assert (cam.scale, cam.ox, cam.oy) == view
    app.resize(1600, 900)
    assert (cam.scale, cam.ox, cam.oy) != view


def test_the_history_names_a_hex_by_its_direction_and_distance_from_a_place(
        app: Any) -> None:
    """A tile laid by the pen is written in the history as a player reads a map: "next to
    Firenze", or "2 hexes north of Firenze" (the nearest city or town), never "1 hex from"."""
    from rail_app.games.steam.ui import words

    scene, session = _open(app)
    _play_until(session, app, _at_first_build)
    st = session.state
    hexes = legal_stroke(st, session.actor)
    assert hexes is not None
    drag(app, [scene.hex_screen(k) for k in hexes])
    laid = [e for e in session.state.log if isinstance(e, TileLaid)]
    assert laid
    lines = words.history_lines(session.state, 0)
    for e in laid:
        where = words.where(session.state, e.hex)
        said = [line for _turn, line in lines if f"lays a tile {where} for" in line]
        assert said, where
        assert " from " not in where and " at next" not in said[0]
        assert where.startswith(("at ", "next to ")) or " of " in where
    board = session.state.board
    city = board.cities[0]
    c = board.hexes[city.hex]
    names = {board.hexes[h].name for h in range(len(board.hexes)) if board.hexes[h].name}
    for info in board.hexes:
        if info.name:
            continue
        d = max(abs(info.q - c.q), abs(info.r - c.r), abs(info.q + info.r - c.q - c.r))
        where = words.place(session.state, info.key)
        if d == 1 and where.endswith(city.name):
            assert where == f"next to {city.name}"
        elif where.startswith("next to "):
            assert where[len("next to "):] in names
        else:
            n, unit, *direction, of, place = where.split(" ")
            assert int(n) >= 2 and unit == "hexes" and of == "of" and place in names
            assert " ".join(direction) in words.COMPASS
    # the points of the compass as a player reads the map (north is up)
    assert words.compass(0, -1) == "north" and words.compass(1, 1) == "south-east"
    assert words.compass(-1, 0) == "west" and words.compass(1, -1) == "north-east"


def test_the_build_hint_and_help_say_that_building_past_your_cash_borrows_S_M3(
        app: Any) -> None:
    """S-M3: a payment the cash cannot cover is borrowed in $5 steps, each moving income back
    1. The Basic game's first build hint says so, and so does F1's help."""
    from rail_app.games.steam.ui import helpwords

    scene, session = _open(app)
    _play_until(session, app, _at_first_build)
    assert session.state.basic
    hint = scene.current_hint()
    assert hint is not None and hint[0] == "steam-build"
    assert "borrowed" in hint[1] and "$5" in hint[1] and "(S-M3)" in hint[1]
    key(app, pygame.K_F1)
    assert scene.table.page is Page.HELP
    lines = [line for _head, body in helpwords.help_sections() for line in body]
    assert any("build past your cash" in line and "(S-M3)" in line for line in lines)
    key(app, pygame.K_F1)
    assert scene.table.page is Page.NONE


def test_the_hex_the_pen_has_not_left_is_not_crossed_out_S_K1(app: Any) -> None:
    """While a stroke is drawn, the open-country hex the pen is in has no way out yet: no
    red cross and no refusal there until the stroke ends in it (S-K1)."""
    from rail_app.games.steam.ui import palette as pal
    from rail_app.games.steam.ui.marks import unfinished

    scene, session = _open(app)
    _play_until(session, app, _at_first_build)
    st = session.state
    hexes = legal_stroke(st, session.actor)
    assert hexes is not None
    board = st.board
    k = next(k for k in range(2, len(hexes) + 1)
             if not board.hexes[board.hex_index(hexes[k - 1]) or 0].town
             and board.hex_index(hexes[k - 1]) not in st.city_hexes)
    part = hexes[:k]
    drag(app, [scene.hex_screen(x) for x in part], release=False)
    last = scene.table.pen.choices[-1]
    assert last.hex == part[-1] and not last.ok and last.rule == "S-K1"
    assert unfinished(scene.table.pen, last)
    app.step(0.02, [])
    x, y = scene.hex_screen(part[-1])
    r = round(scene.map.rad_px())
    box = pygame.Rect(x - r, y - r, 2 * r, 2 * r)
    screen = pygame.display.get_surface()
    bad = sum(1 for px in range(box.left, box.right) for py in range(box.top, box.bottom)
              if tuple(screen.get_at((px, py)))[:3] == pal.GHOST_BAD)
    assert bad == 0


def test_a_refusal_is_said_once_and_never_under_the_pens_label(
        app: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    """Every refused hex of a stroke is crossed out, each reason said in one box, and the
    pen's label keeps clear of those boxes."""
    from rail_app.games.steam.rules.strokes import ChoiceKind, TileChoice
    from rail_app.games.steam.ui import marks
    from rail_app.games.steam.ui.table import Pen
    from rail_app.ui import hud
    from rail_app.ui.palette import RED

    scene, session = _open(app)
    _play_until(session, app, _at_first_build)
    st = session.state
    hexes = legal_stroke(st, session.actor)
    assert hexes is not None and len(hexes) >= 3
    refused = [TileChoice(k, ChoiceKind.NONE, reason="No tile of that kind is left",
                          rule="S-K14") for k in hexes[1:3]]
    scene.table.pen = Pen(list(hexes[:3]), refused, drawing=True)
    scene.table.pointer = scene.hex_screen(hexes[1])  # the pen over the first refusal
    boxes: list[tuple[tuple[int, int, int], pygame.Rect]] = []
    real = hud.bubble

    def recorded(surface: Any, lines: Any, pos: Any, size: int, **kw: Any) -> pygame.Rect:
        rect = real(surface, lines, pos, size, **kw)
        boxes.append((kw.get("bg", (0, 0, 0)), rect))
        return rect

    monkeypatch.setattr(hud, "bubble", recorded)
    marks.paint_pen(pygame.display.get_surface(), scene.view.ctx())
    said = [r for bg, r in boxes if bg == RED]
    label = [r for bg, r in boxes if bg != RED]
    assert len(said) == 1 and len(label) == 1
    assert not label[0].colliderect(said[0])
