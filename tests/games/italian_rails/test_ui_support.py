"""Shared helpers for the interface tests (tests/test_ui_*.py); holds no tests itself. The
``app`` fixture (the game's window, headless) is in conftest.py."""

from __future__ import annotations

from typing import Any

import networkx as nx
import pytest

from rail_app.core.paths import resource_path
from rail_app.games.italian_rails.rules.actions import BuildSegment, EndTurn, KeepCards
from rail_app.ui import screens

MINI = str(resource_path("maps", "test", "mini.yaml"))
ITALY = str(resource_path("maps", "italy.yaml"))


def start(app: Any, map_path: str = MINI, *, computer: bool = False, seed: int = 3,
          cards: bool = False) -> Any:
    """A game on the screen; ``cards=False`` is the building-only practice game."""
    from rail_app.ui.session import COMPUTER, HUMAN, GameSetup, Seat, Session

    seats = [Seat("Anna", HUMAN, "normal", "blue"),
             Seat("Bruno", COMPUTER if computer else HUMAN, "normal", "orange")]
    setup = GameSetup(map_path, seats, seed, {} if cards else {"building_only": True})
    scene = app.reset(screens.game(app, Session.new(setup)))
    scene.camera.level = scene.camera.level_for(30)
    return scene


def centre_on_dot(scene: Any, d: int) -> None:
    dot = scene.board.dots[d]
    scene.camera.centre_on(dot.x, dot.y)


def border_route(board: Any, city: str, word: str = "Swiss") -> tuple[list[int], int]:
    """A buildable path from ``city``'s outer dots to a dot on the border, and the dot
    beyond the border."""
    g = nx.Graph()
    for e in board.edges.values():
        if e.forbidden is None and not e.free:
            g.add_edge(e.a, e.b, weight=board.build_cost(e.a, e.b) + board.build_cost(e.b, e.a))
    best: tuple[list[int], int] | None = None
    for e in board.edges.values():
        if not e.forbidden or word not in e.forbidden:
            continue
        for inside, outside in ((e.a, e.b), (e.b, e.a)):
            for o in board.cities[city].outer:
                try:
                    path = nx.shortest_path(g, o, inside, weight="weight")
                except (nx.NetworkXNoPath, nx.NodeNotFound):
                    continue
                cost = sum(board.build_cost(a, b) for a, b in zip(path, path[1:], strict=False))
                if cost <= 18 and (best is None or len(path) < len(best[0])):
                    best = (path, outside)
    assert best is not None, f"no route from {city} to the {word} border"
    return best


def click(d: Any, pos: tuple[float, float], button: int = 1) -> None:
    """Move there, press and release, as a person clicks."""
    import pygame

    d.mouse(pygame.MOUSEMOTION, pos)
    d.mouse(pygame.MOUSEBUTTONDOWN, pos, button)
    d.mouse(pygame.MOUSEBUTTONUP, pos, button)


def show(d: Any, scene: Any, key: object) -> Any:
    """The rectangle of the game screen's widget for ``key`` (a command or a demand),
    scrolling the side panel with the wheel when it is further down."""
    import pygame

    for attempt in range(12):
        r = scene.find(key)
        if r is not None:
            return r
        pos = scene.rects.side.center
        pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0),
                                             buttons=(0, 0, 0)))
        pygame.event.post(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=50 if attempt == 0
                                             else -2, flipped=False, precise_x=0.0,
                                             precise_y=0.0))
        d.frames(2)
    raise AssertionError(f"no widget for {key!r} on the screen")


def press(d: Any, scene: Any, key: object) -> None:
    """Click the game screen's widget for ``key`` (see :func:`show`)."""
    click(d, show(d, scene, key).center)


def settle(d: Any, scene: Any) -> None:
    """Frames until the map shows the whole view at its zoom level."""
    layers = scene.view.layers
    for _ in range(300):
        if layers.base.complete(scene.camera, layers.track) and not layers.base.waiting:
            break
        d.frames(1)
    d.frames(1)


def wheel(d: Any, pos: tuple[float, float], y: int) -> None:
    import pygame

    d.mouse(pygame.MOUSEMOTION, pos)
    pygame.event.post(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=y, flipped=False,
                                         precise_x=0.0, precise_y=float(y)))
    d.frames(1)


def drawn_text(app: Any, monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """Every text the next frame draws through the game's type (labels, buttons, panels,
    boxes), with the pictures kept from earlier frames thrown away first."""
    from rail_app.ui import hud

    seen: list[str] = []
    real = hud.rendered

    def record(text: str, size: int, colour: tuple[int, ...], bold: bool = False) -> Any:
        seen.append(text)
        return real(text, size, colour, bold)

    monkeypatch.setattr(hud, "rendered", record)
    from rail_app.games.italian_rails.ui import marks, zones

    for kept in (hud.BUBBLES, zones.PILLS, marks.SPRITES):  # pictures with words in them
        kept.clear()
    scene = app.scene
    view = getattr(scene, "view", None)
    if view is not None:
        view.forget()
    app.step(1 / 60, events=[])
    monkeypatch.setattr(hud, "rendered", real)
    return seen


def alfa_beta_route(board: Any) -> list[int]:
    g = nx.Graph()
    for e in board.edges.values():
        if e.forbidden is None and not e.free:
            g.add_edge(e.a, e.b, weight=board.build_cost(e.a, e.b) + board.build_cost(e.b, e.a))
    best: list[int] | None = None
    for a in board.cities["Alfa"].outer:
        for b in board.cities["Beta"].outer:
            p = nx.shortest_path(g, a, b, weight="weight")
            if best is None or len(p) < len(best):
                best = p
    assert best is not None
    return best


def prepare_network(scene: Any) -> None:
    """Anna builds Alfa to Beta (through the engine) while Bruno passes, until Anna's move
    phase begins with the train still off the map (the cards are kept first, if needed)."""
    s = scene.session
    while s.state.phase == "setup":
        s.apply(KeepCards(tuple(sorted(s.state.players[s.state.current].dealt)[:2])))
    board = scene.board
    route = alfa_beta_route(board)
    steps = list(zip(route, route[1:], strict=False))
    for _ in range(40):
        st = s.state
        if st.current != 0:
            assert s.apply(EndTurn()).ok
            continue
        if st.phase == "move" and not steps:
            break
        if steps and st.phase == "build":
            a, b = steps[0]
            if s.apply(BuildSegment(board.key(a), board.key(b))).ok:
                steps.pop(0)
                continue
        assert s.apply(EndTurn()).ok
    assert not steps and s.state.current == 0 and s.state.phase == "move"


def give_private(scene: Any, player: int, card: int) -> None:
    """Prepare: ``card`` replaces the player's first private card."""
    st = scene.state
    for pile in (st.draw_pile, st.discard, st.pool, st.players[1 - player].private):
        assert card not in st.players[1 - player].private
        if card in pile:
            pile.remove(card)
    old = st.players[player].private[0]
    st.players[player].private[0] = card
    st.draw_pile.insert(0, old)


def to_anna_move(scene: Any) -> None:
    """Both keep their first two cards; turns pass until Anna's move phase."""
    s = scene.session
    for _ in range(2):
        s.apply(KeepCards(tuple(sorted(s.state.players[s.state.current].dealt)[:2])))
    for _ in range(8):
        if s.state.current == 0 and s.state.phase == "move":
            break
        assert s.apply(EndTurn()).ok
    assert s.state.current == 0 and s.state.phase == "move"


