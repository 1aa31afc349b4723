"""Pictures of the game for the documentation, rendered headless with posted mouse and key
events, at each window size asked for.

``python -m rail_app screenshots [--out DIR] [--size 1920x1080 ...]`` writes
``DIR/<W>x<H>/*.png``: the menu, the new game and settings screens, choosing the private
cards, the fitted map, a stroke with its costs, a refused segment, the locomotive popup, a
route preview over several turns, the card panel with a hovered demand, an event card, the
events' zones, the swap question and the game over screen; then what helps a newcomer
(:mod:`rail_app.games.italian_rails.devtools.helpshots`).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from rail_app.core.paths import resource_path, scratch_data_dir
from rail_app.games.italian_rails.devtools.helpshots import shoot_helpers
from rail_app.games.italian_rails.devtools.shooter import Shooter, anna_moves, new_session, play_on
from rail_app.games.italian_rails.rules import events, movement
from rail_app.games.italian_rails.rules.actions import BuildSegment
from rail_app.games.italian_rails.ui.commands import Intent, ToggleCard
from rail_app.ui import scenes, screens

SIZES = ((1920, 1080), (1280, 720))


def shoot(size: tuple[int, int], outdir: Path, italy: str, pictures: bool = True,
          parts: tuple[str, ...] = ("screens", "helpers")) -> None:
    """Every picture at ``size`` (``pictures`` False: every screen drawn, none written):
    the game's screens, then the helpers' (``parts`` may name one of the two)."""
    import pygame

    s = Shooter(size, outdir, pictures)
    if "screens" in parts:
        _screens(s, italy)
    if "helpers" in parts:
        shoot_helpers(s, italy)  # saves, ferries, Suggest, a hint, the lesson
    pygame.quit()


def _screens(s: Shooter, italy: str) -> None:
    import pygame

    app, d = s.app, s.d
    s.settle(2)
    scenes._BACKDROP.wait(60)  # the map behind the menu loads in the background
    s.settle(1)
    s.shot("menu")
    new = next(b for b, what in app.scene.buttons.items() if what == "new")
    d.click_button(new)
    s.settle()
    s.shot("new-game")
    app.push(screens.settings(app))
    s.settle()
    s.shot("settings")
    # choosing the private cards (C2)
    scene = app.reset(screens.game(app, new_session(italy, keep=False)))
    s.settle()
    me = scene.state.players[scene.session.actor]
    s.press(ToggleCard(sorted(me.dealt)[1]))
    s.press(ToggleCard(sorted(me.dealt)[3]))
    s.settle()
    s.shot("keep-cards")
    # the fitted map at Anna's first build, then a stroke out of Milano with its costs
    scene = app.reset(screens.game(app, new_session(italy)))
    s.settle()
    s.shot("map-fitted")
    board = scene.board
    milano = board.cities["Milano"]
    cam = scene.camera
    cam.level = cam.level_for(34)
    cam.centre_on(milano.x + 70, milano.y + 50)
    s.settle()
    path = _stroke(scene, max(milano.outer, key=lambda o: board.dots[o].x + board.dots[o].y))
    s.hold([cam.dot_screen(p) for p in path])
    s.settle(2)
    s.shot("stroke-cost")
    d.mouse(pygame.MOUSEBUTTONUP, cam.dot_screen(path[-1]))
    scene.controller.building.clear_phase()
    illegal = _border_stroke(scene)
    if illegal:
        dots, target = illegal
        cam.centre_on(board.dots[target].x, board.dots[target].y + 40)
        s.settle()
        s.hold([cam.dot_screen(p) for p in [*dots, target]])
        s.settle(2)
        s.shot("illegal-segment")
        d.mouse(pygame.MOUSEBUTTONUP, cam.dot_screen(target))
        scene.controller.building.clear_phase()
    # a game well under way: the route preview, the card panel, the popups
    session = new_session(italy)
    play_on(session, 7, anna_moves(18))
    scene = app.reset(screens.game(app, session))
    s.settle()
    s.press(Intent.ASK_SWAP)
    s.settle()
    s.shot("swap-question")
    s.press(Intent.CLOSE)
    _route_preview(s, scene)
    s.shot("route-preview")
    d.key(pygame.K_ESCAPE)
    d.key(pygame.K_HOME)
    s.settle(2)
    rows = [w for w in scene.frame.widgets if w.hover is not None and w.command is None]
    if rows:
        row = rows[min(4, len(rows) - 1)]
        d.mouse(pygame.MOUSEMOTION, row.rect.center)
        s.settle(3)
        s.shot("card-panel")
    d.key(pygame.K_RETURN)  # end the move: the build phase and its locomotive popup
    s.settle()
    s.press(Intent.OPEN_UPGRADE)
    s.settle()
    s.shot("upgrade-popup")
    s.press(Intent.CLOSE)
    _events(s, scene)
    # a whole game between two computer seats, and the game over screen
    session = new_session(italy)
    play_on(session, 7, lambda st: False, limit=20000)
    app.reset(screens.game_over(app, session))
    s.settle(2)
    s.shot("game-over")


def _stroke(scene: Any, start: int, length: int = 5) -> list[int]:
    """A legal stroke south-east from ``start``, found with the engine's quotes."""
    board = scene.board
    path = [start]
    state = scene.state
    for _ in range(length):
        for n in sorted(board.adj[path[-1]], key=lambda n: -(board.dots[n].x * 0.3
                                                              + board.dots[n].y)):
            if n in path:
                continue
            q, after = scene.session.preview(state, BuildSegment(board.key(path[-1]),
                                                                 board.key(n)))
            if q.ok:
                path.append(n)
                state = after
                break
        else:
            break
    return path


def _route_preview(s: Shooter, scene: Any) -> None:
    """Click the city farthest along the train's network: a route over several turns."""
    import pygame


    st = scene.state
    board = scene.board
    me = st.players[0]
    best: tuple[int, int] | None = None
    for c in board.city_list:
        path = movement.route(st, 0, c.centre)
        if path and (best is None or len(path) > best[1]):
            best = (c.centre, len(path))
    assert best is not None and me.position is not None
    cam = scene.camera
    a, b = board.dots[me.position], board.dots[best[0]]
    cam.level = cam.level_for(16)
    cam.centre_on((a.x + b.x) / 2, (a.y + b.y) / 2)
    s.settle()
    s.click(cam.dot_screen(best[0]))
    x, y = cam.dot_screen(best[0])
    s.d.mouse(pygame.MOUSEMOTION, (x + 2, y + 2))
    s.settle(2)


def _events(s: Shooter, scene: Any) -> None:
    """A storm, an eruption and a flood of the map's deck: the first card as drawn, then the
    zones."""
    import pygame

    session = scene.session
    st = session.state.copy()
    cards = st.deck.cards.values()
    wanted = (("storm", ""), ("volcano", "Etna"), ("flood", "Po"))  # by kind, not number
    for kind, name in wanted:
        card = next((c for c in cards if c.event == kind and name in str(c.params)), None)
        if card is not None:
            events.resolve_event(st, card.number, 1)
    session.state = st
    session.version += 1
    scene.camera.fit()
    s.settle(2)
    s.shot("event-card")
    while scene.table.popups:
        s.press(Intent.DISMISS_EVENT)
    s.d.mouse(pygame.MOUSEMOTION, (5, 5))
    s.settle(3)
    s.shot("event-zone")


def _border_stroke(scene: Any) -> tuple[list[int], int] | None:
    """A legal path from a major city to a dot next to the border, and the dot beyond it."""
    import networkx as nx

    board = scene.board
    forbidden = [e for e in board.edges.values() if e.forbidden and "border" in e.forbidden]
    g = nx.Graph()
    for e in board.edges.values():
        if e.forbidden is None and not e.free:
            g.add_edge(e.a, e.b, weight=board.build_cost(e.a, e.b) + board.build_cost(e.b, e.a))
    best: tuple[list[int], int, tuple[bool, int]] | None = None
    for e in forbidden:
        for inside, outside in ((e.a, e.b), (e.b, e.a)):
            for o in [x for c in board.majors for x in c.outer]:
                try:
                    path = nx.shortest_path(g, o, inside, weight="weight")
                except (nx.NetworkXNoPath, nx.NodeNotFound):
                    continue
                cost = sum(board.build_cost(a, b) for a, b in zip(path, path[1:], strict=False))
                rank = ("Swiss" not in (e.forbidden or ""), cost)
                if len(path) >= 2 and cost <= 19 and (best is None or rank < best[2]):
                    best = (path, outside, rank)
    return (best[0], best[1]) if best else None


def main(out: str = "docs/screenshots", sizes: tuple[tuple[int, int], ...] = SIZES) -> int:
    """Draw every picture at every size, in a user data folder of its own (removed
    afterwards)."""
    with scratch_data_dir("italian-rails-shots-"):
        return _main(out, sizes)


def _main(out: str, sizes: tuple[tuple[int, int], ...]) -> int:
    italy = str(resource_path("maps", "italy.yaml"))
    for w, h in sizes:
        outdir = Path(out) / f"{w}x{h}"
        shoot((w, h), outdir, italy)
        for p in sorted(outdir.glob("*.png")):
            print(p, p.stat().st_size // 1024, "KB")
    return 0
