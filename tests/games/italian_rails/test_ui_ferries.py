"""Ferries that explain themselves (K8, M5, E5), driven with posted events: hovering a route
says who may take it and its price now; pressing on a port shows the ferry as the pen's
next step; clicking the route while building offers to take it; the route preview crosses
the player's own ferries and says how; the Board button shows at the port's city, disabled
with the reason."""

from __future__ import annotations

from typing import Any

import pygame

from rail_app.games.italian_rails.rules import events
from rail_app.games.italian_rails.rules.actions import BoardFerry, BuildFerry
from rail_app.games.italian_rails.rules.board import edge_key
from rail_app.games.italian_rails.ui.commands import Play
from rail_app.games.italian_rails.ui.table import Modal
from rail_app.ui.kit.driver import Driver
from tests.games.italian_rails.test_ui_support import (
    ITALY,
    click,
    press,
    start,
    to_anna_move,
)

TO_PORT = ["6,7", "7,6", "8,5", "9,4", "10,4"]  # Beta's centre to the ferry's mainland port
ISLAND = ["13,4", "14,4", "15,4", "16,4", "16,3", "16,2", "15,2", "14,2"]


def lay(scene: Any, player: int, keys: list[str]) -> None:
    """Prepare: ``player`` owns the segments along these dots (free city track skipped)."""
    b = scene.board
    st = scene.state
    for x, y in zip(keys, keys[1:], strict=False):
        a, c = b.dot(x), b.dot(y)
        if b.edge(a, c).free:
            continue
        st.owner[edge_key(a, c)] = player
        st.players[player].track.add(edge_key(a, c))
    scene.session.version += 1


def arc_middle(scene: Any, ferry: Any) -> tuple[float, float]:
    from rail_app.games.italian_rails.ui import maprender as mr

    cam = scene.camera
    pts = mr.ferry_curve(scene.board, cam.view(), *ferry.ports)
    x, y = pts[len(pts) // 2]
    return x + cam.rect.x, y + cam.rect.y


def test_K8_hovering_a_ferry_says_who_may_take_it_and_its_price_now(app: Any) -> None:
    scene = start(app)
    d = Driver(app)
    lay(scene, 0, TO_PORT)
    scene.camera.fit()
    d.frames(2)
    ferry = scene.board.ferries[0]
    d.mouse(pygame.MOUSEMOTION, arc_middle(scene, ferry))
    d.frames(1)
    (box,) = [b for b in scene.frame.pointer if b.kind == "hover"]
    lines = [t for t, _, _ in box.lines]
    assert lines[0] == "Ferry Beta - Delta"
    assert "Anna may take it now for 8M (K8)" in lines
    assert any(t.startswith("Bruno: 8M once your track reaches") for t in lines), lines
    assert any("Click the route" in t for t in lines)


def test_K8_pressing_on_a_port_shows_the_ferry_as_the_next_step(app: Any) -> None:
    scene = start(app)
    d = Driver(app)
    lay(scene, 0, TO_PORT)
    scene.camera.fit()
    d.frames(2)
    b = scene.board
    port, island = b.dot("10,4"), b.dot("13,4")
    at = scene.camera.dot_screen(port)
    d.mouse(pygame.MOUSEMOTION, at)
    d.mouse(pygame.MOUSEBUTTONDOWN, at)
    assert scene.pen.active and island in scene.pen.legal_next()
    d.frames(1)
    (box,) = [b for b in scene.frame.pointer if b.kind == "pen"]
    assert ("Drag across the water to Delta: the Beta - Delta ferry, 8M (K8)"
            in [t for t, _, _ in box.lines])
    d.mouse(pygame.MOUSEBUTTONUP, at)


def test_K8_clicking_a_ferry_route_while_building_offers_to_take_it(app: Any) -> None:
    scene = start(app)
    d = Driver(app)
    scene.camera.fit()
    d.frames(2)
    ferry = scene.board.ferries[0]
    take = Play(BuildFerry(ferry.name))
    click(d, arc_middle(scene, ferry))  # not connected yet: offered, disabled, with why
    assert scene.table.modal is Modal.FERRY
    w = scene.frame.find(take)
    assert w is not None and not w.enabled and "K8" in w.tip
    press(d, scene, take)
    assert ferry.index not in scene.state.players[0].ferries
    d.key(pygame.K_ESCAPE)
    assert scene.table.modal is Modal.NONE
    lay(scene, 0, TO_PORT)
    d.frames(1)
    click(d, arc_middle(scene, ferry))
    w = scene.frame.find(take)
    assert w is not None and w.enabled and w.label == "Take the Beta - Delta ferry for 8M"
    press(d, scene, take)
    st = scene.state
    assert ferry.index in st.players[0].ferries and st.phase_spent == 8
    assert scene.table.modal is Modal.NONE


def _anna_by_the_sea(scene: Any, ferry: bool) -> None:
    """Prepare: Anna to move, her train in Beta, track to the port and on the island."""
    to_anna_move(scene)
    lay(scene, 0, TO_PORT)
    lay(scene, 0, ISLAND)
    st = scene.state
    st.players[0].position = scene.board.dot("6,7")
    if ferry:
        st.players[0].ferries.add(0)
        st.ferry_takers[0] = [0]
    scene.session.version += 1
    scene.camera.fit()


def test_M5_the_route_preview_crosses_the_players_own_ferry_and_says_how(app: Any) -> None:
    from rail_app.games.italian_rails.ui.routes import preview_lines

    scene = start(app, cards=True, seed=4, computer=True)
    d = Driver(app)
    _anna_by_the_sea(scene, ferry=True)
    d.frames(2)
    target = scene.board.dot("14,2")
    click(d, scene.camera.dot_screen(target))
    pv = scene.table.preview
    assert pv is not None and pv.ok and pv.journey is not None
    text = " | ".join(t for t, _, _ in preview_lines(scene.frame.ctx))
    assert "by the Beta - Delta ferry" in text
    assert "This turn: 4 moves to" in text and "(the ferry's port)" in text
    assert "Turn 2: boards the Beta - Delta ferry: that ends the turn's movement (M5)" in text
    assert "Turn 3: lands at Delta at half speed (M5), then 5 moves to" in text
    assert "Turn 4: arrives at" in text
    assert [b.kind for b in scene.frame.pointer] == ["preview"]  # one box, at the target
    d.key(pygame.K_RETURN)  # this turn's part: to the port
    assert scene.state.players[0].position == scene.board.dot("10,4")


def test_M5_a_place_across_the_water_names_the_ferry_to_take_in_one_box(app: Any) -> None:
    scene = start(app, cards=True, seed=4, computer=True)
    d = Driver(app)
    _anna_by_the_sea(scene, ferry=False)
    d.frames(2)
    delta = scene.board.cities["Delta"]
    click(d, scene.camera.dot_screen(delta.centre))
    pv = scene.table.preview
    assert pv is not None and not pv.ok
    assert "take the Beta - Delta ferry while building" in pv.reason
    d.frames(1)
    assert [b.kind for b in scene.frame.pointer] == ["preview"]  # never two boxes
    assert not scene.table.notices


def test_M5_E5_the_board_button_shows_at_the_ports_city_disabled_with_why(app: Any) -> None:
    scene = start(app, ITALY, cards=True, seed=4, computer=True)
    d = Driver(app)
    to_anna_move(scene)
    st = scene.state
    b = scene.board
    ferry = next(f for f in b.ferries if f.name == "Napoli - Palermo")
    napoli = b.cities["Napoli"]
    port = next(p for p in ferry.ports if b.city_of_dot.get(p) is napoli)
    st.players[0].ferries.add(ferry.index)
    st.players[0].position = next(o for o in napoli.dots if o != port)  # not the port's dot
    scene.session.version += 1
    d.frames(2)
    board = BoardFerry(ferry.name)
    w = scene.frame.find(Play(board))
    assert w is not None and not w.enabled
    assert "sails from the" in w.label and "of Napoli, its port" in w.label
    st.players[0].position = port  # at the port: it can board
    scene.session.version += 1
    d.frames(1)
    w = scene.frame.find(Play(board))
    assert w is not None and w.enabled
    storm = next(c for c in st.deck.cards.values() if c.event == "storm"
                 and c.params.get("sea") == ferry.sea)
    events.resolve_event(st, storm.number, 1)  # prepare: a storm on its sea
    scene.session.version += 1
    d.frames(1)
    while scene.table.popups:
        d.key(pygame.K_RETURN)
    w = scene.frame.find(Play(board))
    assert w is not None and not w.enabled
    assert f"no ferry sails during {storm.title} (E5)" in w.label


def test_M5_boarding_with_the_panels_button_takes_the_stale_route_box_away(app: Any) -> None:
    scene = start(app, cards=True, seed=4, computer=True)
    d = Driver(app)
    _anna_by_the_sea(scene, ferry=True)
    st = scene.state
    st.players[0].position = scene.board.dot("10,4")  # the train starts the turn at the port
    scene.session.version += 1
    d.frames(2)
    target = scene.board.dot("14,2")
    click(d, scene.camera.dot_screen(target))  # across the water: board now, land next turn
    pv = scene.table.preview
    assert pv is not None and pv.ok and pv.journey is not None
    d.frames(1)
    assert [b.kind for b in scene.frame.pointer] == ["preview"]
    press(d, scene, Play(BoardFerry("Beta - Delta")))  # the side panel's button, not the map
    assert scene.state.players[0].aboard == 0
    d.frames(1)
    assert scene.table.preview is None
    assert "preview" not in [b.kind for b in scene.frame.pointer]
    # the button took the way's first step: the rest is offered when the train lands
    assert scene.table.destination.get(0) == target


def test_M5_a_route_preview_follows_what_the_panels_buttons_change(app: Any) -> None:
    scene = start(app, cards=True, seed=4, computer=True)
    d = Driver(app)
    _anna_by_the_sea(scene, ferry=True)
    st = scene.state
    st.players[0].position = scene.board.dot("10,4")
    scene.session.version += 1
    d.frames(2)
    click(d, scene.camera.dot_screen(scene.board.dot("6,7")))  # back to Beta, on land
    before = scene.table.preview
    assert before is not None and before.ok and before.journey is None
    press(d, scene, Play(BoardFerry("Beta - Delta")))  # another way: the ferry
    d.frames(1)
    assert scene.table.preview is None  # the way over land is no longer this turn's
    assert "preview" not in [b.kind for b in scene.frame.pointer]
    assert 0 not in scene.table.destination
