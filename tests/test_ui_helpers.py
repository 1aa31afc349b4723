"""Planning helpers, driven with posted events: hovering a demand shows the cheapest track
still to build to serve it (a ghost line, its cost and turns), Suggest shows the plan the
Hard computer would choose without playing it or peeking, a route over several turns is
offered again the next turn ("on to ..."), and the train's last move is taken back."""

from __future__ import annotations

from typing import Any

import pygame

from rail_app.games.italian_rails.ai.advice import suggest
from rail_app.games.italian_rails.rules.actions import EndPhase, EndTurn, PickUp
from rail_app.games.italian_rails.rules.board import edge_key
from rail_app.games.italian_rails.ui.commands import Demand, Intent, Play
from rail_app.games.italian_rails.ui.ghosts import advice_lines, ghost_lines
from rail_app.games.italian_rails.ui.selftest import Driver
from tests.test_ui_support import (
    alfa_beta_route,
    click,
    prepare_network,
    press,
    show,
    start,
)


def rest_on(d: Driver, scene: Any, key: object) -> None:
    """Move the pointer onto the widget for ``key`` and let it rest there a moment."""
    r = show(d, scene, key)
    d.mouse(pygame.MOUSEMOTION, r.center)
    d.frames(6, 0.05)


def test_hovering_a_demand_shows_the_cheapest_track_still_to_build(app: Any) -> None:
    scene = start(app, cards=True, seed=4, computer=True)
    d = Driver(app)
    prepare_network(scene)  # Anna's track joins Alfa and Beta
    st = scene.state
    board = scene.board
    mine = st.players[0].track
    seen: list[Any] = []
    for n in [*st.players[0].private, *st.pool]:
        for dem in st.deck.card(n).demands:
            key = Demand(dem.commodity, dem.city)
            if key in seen:
                continue
            seen.append(key)
            rest_on(d, scene, key)
            g = scene.table.ghost
            assert g is not None and (g.commodity, g.city) == (dem.commodity, dem.city)
            words = " ".join(t for t, _, _ in ghost_lines(board, g))
            if not g.possible:  # Epsilon: only the strait reaches it, and K5 keeps it free
                assert dem.city == "Epsilon" and "No way to serve it now" in words
                continue
            # the way ends at the city that wants it, passing a supplier
            assert g.route and board.city_of_dot.get(g.route[-1]).name == dem.city
            if g.supplier is not None:
                assert any(board.city_of_dot.get(x) is board.cities[g.supplier]
                           for x in g.route)
            # the track still to build is nobody's yet, and its cost is the board's
            assert all(e not in st.owner for e in g.new_track)
            assert g.build_cost >= sum(min(board.build_cost(*e), board.build_cost(e[1], e[0]))
                                       for e in g.new_track)
            if g.reached:
                assert "already reaches it" in words
            else:
                assert f"Still to build: {g.build_cost}M" in words
    # one of them is served by Anna's network as it is
    assert any(edge_key(a, b) in mine for a, b in zip(
        alfa_beta_route(board), alfa_beta_route(board)[1:], strict=False))
    d.mouse(pygame.MOUSEMOTION, scene.rects.map.center)
    d.frames(2)
    assert scene.table.ghost is None  # the ghost goes with the pointer


def test_suggest_shows_the_hard_plan_without_playing_or_peeking(app: Any) -> None:
    scene = start(app, cards=True, seed=4, computer=True)
    d = Driver(app)
    prepare_network(scene)
    st = scene.state
    before = len(st.history)
    press(d, scene, Intent.SUGGEST)
    a = scene.table.advice
    assert a is not None and a.stops and a.seat == 0
    cards = set(st.players[0].private) | set(st.pool)
    assert {s.card for s in a.stops} <= cards  # only cards Anna may use
    assert len(scene.state.history) == before  # nothing played
    words = " ".join(t for t, _, _ in advice_lines(scene.frame.ctx, a))
    assert "Suggested plan" in words and "profit a turn" in words
    # the same plan whatever Anna may not know: the draw pile's order, Bruno's cash
    other = st.copy()
    other.draw_pile.reverse()
    other.players[1].cash += 37
    assert suggest(other, 0) == suggest(st, 0) == a
    # the plan's picture is drawn once for the view, not in every frame; a new view redraws it
    from rail_app.games.italian_rails.ui import ghosts

    d.frames(1)
    kept = ghosts._kept
    d.frames(3)
    assert kept is not None and ghosts._kept is kept
    scene.camera.zoom_at(1, *scene.camera.rect.center)
    d.frames(1)
    assert ghosts._kept is not kept
    press(d, scene, Intent.SUGGEST)  # again: hidden
    assert scene.table.advice is None


def _long_trip(scene: Any) -> int:
    """Prepare: Anna's train in Alfa with most of her movement used; Beta several turns
    away over her own track."""
    prepare_network(scene)
    st = scene.state
    st.players[0].position = scene.board.cities["Alfa"].centre
    st.moves_left = 2
    scene.session.version += 1
    scene.camera.fit()
    return scene.board.cities["Beta"].centre


def test_a_route_over_several_turns_goes_on_next_turn(app: Any) -> None:
    scene = start(app, cards=True, seed=4, computer=True)
    d = Driver(app)
    beta = _long_trip(scene)
    d.frames(2)
    click(d, scene.camera.dot_screen(beta))
    assert scene.table.preview is not None and scene.table.preview.turns > 1
    d.key(pygame.K_RETURN)  # this turn's part of the way
    assert d.until(lambda: scene.table.run is None, dt=0.05)
    assert scene.table.destination == {0: beta}
    st = scene.state
    assert st.players[0].position not in scene.board.cities["Beta"].dots
    d.key(pygame.K_RETURN)  # end the move phase
    d.key(pygame.K_RETURN)  # end the turn; Bruno plays
    d.key(pygame.K_SPACE)
    assert d.until(lambda: scene.state.current == 0 and scene.table.preview is not None,
                   dt=0.05)
    pv = scene.table.preview
    assert pv.target == beta and pv.ok  # "on to Beta", one key away
    assert any(n.headline == "On to Beta" for n in scene.table.notices)
    d.key(pygame.K_RETURN)
    d.frames(20, 0.05)
    assert scene.state.players[0].position in scene.board.cities["Beta"].dots
    assert 0 not in scene.table.destination


def test_take_back_the_train_s_last_move_and_pickup_are_taken_back(app: Any) -> None:
    scene = start(app, cards=True, seed=4, computer=True)
    d = Driver(app)
    beta = _long_trip(scene)
    st = scene.state
    start_at = st.players[0].position
    d.frames(2)
    assert not scene.frame.find(Intent.TAKE_BACK).enabled
    click(d, scene.camera.dot_screen(beta))
    d.key(pygame.K_RETURN)
    assert d.until(lambda: scene.table.run is None, dt=0.05)
    assert scene.state.players[0].position != start_at
    press(d, scene, Intent.TAKE_BACK)
    assert scene.state.players[0].position == start_at and scene.state.moves_left == 2
    assert any(n.headline == "Taken back" for n in scene.table.notices)
    # a pickup, taken back with Backspace
    s = scene.session
    pick = next(a for a in scene.table.slots.actions if isinstance(a, PickUp)
                and a.card is None)
    press(d, scene, Play(pick))
    assert len(scene.state.players[0].loads) == 1
    d.key(pygame.K_BACKSPACE)
    assert scene.state.players[0].loads == []
    # nothing is left to take back once the move phase ends
    assert s.apply(EndPhase()).ok
    d.frames(1)
    assert scene.frame.find(Intent.TAKE_BACK) is None  # building: the eraser's buttons
    assert s.apply(EndTurn()).ok
