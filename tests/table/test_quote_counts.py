"""How often the engine quotes while a person draws a stroke through the screen's path (the
pen's preview, then the release that applies it): an action the screen has just quoted is
applied with ``apply_quoted``, not quoted again. Counted with the kit engine's counter."""

from __future__ import annotations

from typing import Any

import pygame

from rail_app.games.italian_rails.rules import engine as italian_engine
from rail_app.games.italian_rails.rules.actions import BuildSegment
from rail_app.games.italian_rails.ui.selftest import Driver, pick_stroke
from rail_app.games.steam.ai import make_player
from rail_app.games.steam.rules import engine as steam_engine
from rail_app.games.steam.rules.state import Step
from rail_app.games.steam.ui.selftest import drag, legal_stroke
from rail_app.table.seats import Level, Seat, SeatKind
from rail_app.ui.session import GameSetup, Session
from tests.games.italian_rails.test_ui_support import centre_on_dot, start

#: A 3-segment stroke of Italian Rails (30 quotes before ``apply_quoted``): each segment
#: quoted once, by the pen's glow (the legal next dots from each dot the pen reaches, on the
#: state the segments before leave), its preview and its release applying that quote; the
#: others are the glow's other dots, the hover's after the release and the End button's.
ITALIAN_STROKE_MOST = 18
#: Three tiles of Steam drawn in one stroke (24 before): the stroke planned as it grows, each
#: tile applied on release as the plan quoted it.
STEAM_STROKE_MOST = 8


def test_a_three_segment_stroke_of_italian_rails_quotes_each_segment_few_times(
        app: Any) -> None:
    scene = start(app)
    path = pick_stroke(scene, 3)
    assert len(path) == 4
    centre_on_dot(scene, path[1])
    engine = italian_engine.ENGINE
    quoted: list[Any] = []
    plain = engine.quote

    def counting(state: Any, action: Any, player: int | None = None) -> Any:
        quoted.append(action)
        return plain(state, action, player)

    before = engine.quotes
    engine.quote = counting  # type: ignore[method-assign]
    try:
        Driver(app).stroke(path)
    finally:
        del engine.quote  # type: ignore[method-assign]
    quotes = engine.quotes - before
    assert len(scene.state.players[0].track) == 3
    board = scene.state.board
    segments = [BuildSegment(board.key(a), board.key(b)) for a, b in zip(path, path[1:],
                                                                          strict=False)]
    assert [quoted.count(s) for s in segments] == [1, 1, 1]  # each once, never again
    print(f"Italian Rails: a 3-segment stroke quoted {quotes} times")
    assert quotes <= ITALIAN_STROKE_MOST


def _at_first_build(st: Any) -> bool:
    return st.step is Step.BUILD and st.build is not None and st.build.used == 0 \
        and not st.players[st.actor()].built


def test_three_tiles_of_steam_quote_each_tile_few_times(app: Any) -> None:
    seats = [Seat(n, SeatKind.HUMAN, Level.NORMAL, ink)
             for n, ink in (("Anna", "blue"), ("Bruno", "orange"), ("Carla", "vermillion"))]
    session = Session.new(GameSetup("maps/test/steam-small.yaml", seats, 4, game="steam"))
    app.reset(app.screens.game(session))
    app.step(0.02, [])
    scene = app.scene
    bots = [make_player("greedy", s, 9 + s) for s in range(3)]
    while not _at_first_build(session.state):
        seat = session.actor
        assert session.apply(bots[seat].choose(session.state, seat)).ok
    app.step(0.02, [])
    hexes = legal_stroke(session.state, session.actor, longest=3)
    assert hexes is not None and len(hexes) >= 4
    pts = [scene.hex_screen(k) for k in hexes]
    built = len(session.state.tiles)
    before = steam_engine.ENGINE.quotes
    drag(app, pts, release=False)
    app.step(0.02, [pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pts[-1], button=1)])
    quotes = steam_engine.ENGINE.quotes - before
    laid = len(session.state.tiles) - built
    assert laid == 3
    print(f"Steam: {laid} tiles quoted {quotes} times")
    assert quotes <= STEAM_STROKE_MOST
