"""Pictures of the game for the documentation (docs/screenshots/*.png), rendered headless.

``python -m rail_app.ui.screenshots [OUTDIR]`` draws the menu, the fitted map of Italy, a
stroke being drawn with its cost, an illegal segment with its reason, a zoom on Sicily, a
train's route preview, the card panel with a hovered demand, event zones and the game over
screen.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from rail_app.rules.state import Phase


def _app(size: tuple[int, int]) -> Any:
    from rail_app.ui.headless import use_dummy_drivers

    use_dummy_drivers()
    from rail_app.ui.app import App
    from rail_app.ui.settings import Settings

    return App(size=size, fullscreen=False, settings=Settings())


def start_game(app: Any, map_path: str, seed: int = 7, computer: bool = True,
               keep: bool = True) -> Any:
    """A new game with cards; with ``keep`` both players' first two cards are kept (through
    the engine), so the game is at Anna's first build."""
    from rail_app.rules.actions import KeepCards
    from rail_app.ui.session import COMPUTER, HUMAN, GameSetup, Seat, Session

    seats = [Seat("Anna", HUMAN, "normal", "blue"),
             Seat("Bruno", COMPUTER if computer else HUMAN, "normal", "orange")]
    session = Session.new(GameSetup(map_path, seats, seed, []))
    while keep and session.state.phase is Phase.SETUP:
        dealt = sorted(session.state.players[session.state.current].dealt)
        session.apply(KeepCards(tuple(dealt[:2])))
    if session.state.current != 0:
        from rail_app.rules.actions import EndTurn

        session.apply(EndTurn())
    scene = app.switch("game", session=session)
    scene.log_seen = len(session.state.log)
    return scene


def mid_game(app: Any, map_path: str, seed: int = 7, turns: int = 18) -> Any:
    """Both seats played by the computer opponent (through the engine) until Anna's move
    phase of game turn ``turns`` or later, with her train on the map."""
    from rail_app.ai.bot import Bot
    from rail_app.rules import engine

    scene = start_game(app, map_path, seed)
    s = scene.session
    bots = [Bot("hard", i, seed) for i in range(2)]
    for _ in range(5000):
        st = s.state
        if st.outcome is not None:
            break
        if (st.turn >= turns and st.current == 0 and st.phase is Phase.MOVE and st.pending is None
                and st.players[0].position is not None and not st.turn_started):
            break
        who = st.pending.player if st.pending is not None else st.current
        act = bots[who].next_action(st)
        s.state = engine.apply(st, act)
        s.version += 1
    scene.log_seen = len(s.state.log)
    scene.popups.clear()
    return scene


def settle(app: Any, frames: int = 3) -> None:
    scene = app.scene
    if hasattr(scene, "base"):
        scene.base.render_all(scene.camera)
    for _ in range(frames):
        app.step(1 / 60, events=[])


def main(out: str = "docs/screenshots") -> int:
    """Draw every picture, in a user data folder of its own (removed afterwards)."""
    from rail_app.core.paths import scratch_data_dir

    with scratch_data_dir("italian-rails-shots-"):
        return _main(out)


def _main(out: str) -> int:
    import pygame

    from rail_app.core.paths import resource_path
    from rail_app.devtools.selftest import Driver

    outdir = Path(out)
    outdir.mkdir(parents=True, exist_ok=True)
    italy = str(resource_path("maps", "italy.yaml"))
    app = _app((1280, 720))
    d = Driver(app)
    settle(app, 2)
    pygame.image.save(app.screen, str(outdir / "menu.png"))
    scene = start_game(app, italy)
    settle(app)
    pygame.image.save(app.screen, str(outdir / "map-fitted.png"))
    board = scene.board
    # a stroke out of Milano, still held: the pending segments show their costs
    milano = board.cities["Milano"]
    cam = scene.camera
    cam.level = cam.level_for(34)
    cx, cy = board.dots[milano.centre].x, board.dots[milano.centre].y
    cam.centre_on(cx + 70, cy + 50)
    settle(app)
    start = max(milano.outer, key=lambda o: board.dots[o].x + board.dots[o].y)
    path = [start]
    state = scene.state
    from rail_app.rules.actions import BuildSegment

    for _ in range(5):
        best = None
        for n in sorted(board.adj[path[-1]], key=lambda n: -(board.dots[n].x * 0.3
                                                               + board.dots[n].y)):
            if n in path:
                continue
            q, after = scene.session.preview(state, BuildSegment(board.key(path[-1]),
                                                                 board.key(n)))
            if q.ok:
                best = (n, after)
                break
        if best is None:
            break
        path.append(best[0])
        state = best[1]
    pts = [cam.dot_screen(p) for p in path]
    d.mouse(pygame.MOUSEMOTION, pts[0])
    d.mouse(pygame.MOUSEBUTTONDOWN, pts[0])
    for a, b in zip(pts[:-1], pts[1:], strict=True):
        d.mouse(pygame.MOUSEMOTION, b, rel=(b[0] - a[0], b[1] - a[1]), buttons=(1, 0, 0))
    settle(app, 2)
    pygame.image.save(app.screen, str(outdir / "stroke-cost.png"))
    d.mouse(pygame.MOUSEBUTTONUP, pts[-1])
    # an illegal segment: from Milano's northern edge toward the Swiss border
    scene.clear_phase()
    scene.toasts.clear()
    illegal = _border_stroke(scene)
    if illegal:
        dots, target = illegal
        cam.centre_on(board.dots[target].x, board.dots[target].y + 40)
        settle(app)
        pts = [cam.dot_screen(p) for p in dots] + [cam.dot_screen(target)]
        d.mouse(pygame.MOUSEMOTION, pts[0])
        d.mouse(pygame.MOUSEBUTTONDOWN, pts[0])
        for a, b in zip(pts[:-1], pts[1:], strict=True):
            d.mouse(pygame.MOUSEMOTION, b, rel=(b[0] - a[0], b[1] - a[1]), buttons=(1, 0, 0))
        settle(app, 2)
        pygame.image.save(app.screen, str(outdir / "illegal-segment.png"))
        d.mouse(pygame.MOUSEBUTTONUP, pts[-1])
    # Sicily, close up
    palermo = board.cities["Palermo"]
    scene.clear_phase()
    scene.toasts.clear()
    cam.level = cam.level_for(32)
    cam.centre_on(palermo.x + 120, palermo.y + 50)
    app.scene.pointer = (0, 0)
    settle(app)
    pygame.image.save(app.screen, str(outdir / "sicily-zoom.png"))
    game_shots(app, italy, outdir)
    pygame.quit()
    for p in sorted(outdir.glob("*.png")):
        print(p, p.stat().st_size // 1024, "KB")
    return 0


def game_shots(app: Any, italy: str, outdir: Path) -> None:
    """The game with cards: a route preview, the card panel with a hovered demand, event
    zones on the map and the game over screen with its chart."""
    import pygame

    from rail_app.devtools.selftest import Driver
    from rail_app.rules import events

    d = Driver(app)
    scene = mid_game(app, italy, seed=7, turns=18)
    board = scene.board
    cam = scene.camera
    me = scene.state.players[0]
    # route preview: the farthest city the train reaches this turn, or beyond
    reach = scene.trains.reach(0)
    cities = [x for x in reach if x in board.city_of_dot
              and board.city_of_dot[x] is not board.city_of_dot.get(me.position)]
    target = max(cities, key=lambda x: len(reach[x])) if cities else max(reach, key=lambda x:
                                                                          len(reach[x]))
    cam.level = cam.level_for(26)
    a, b = board.dots[me.position], board.dots[target]
    cam.centre_on((a.x + b.x) / 2, (a.y + b.y) / 2)
    settle(app)
    p = cam.dot_screen(target)
    d.mouse(pygame.MOUSEMOTION, p)
    d.mouse(pygame.MOUSEBUTTONDOWN, p)
    d.mouse(pygame.MOUSEBUTTONUP, p)
    d.mouse(pygame.MOUSEMOTION, (p[0] + 2, p[1] + 2))
    settle(app, 2)
    pygame.image.save(app.screen, str(outdir / "route-preview.png"))
    scene.trains.clear()
    # card panel: the pointer on a private demand; its cities light up on the map
    cam.fit()
    settle(app, 2)
    rows = [r for r, _ in scene.demand_rects]
    if rows:
        row = rows[min(3, len(rows) - 1)]
        d.mouse(pygame.MOUSEMOTION, row.center)
        settle(app, 3)
        pygame.image.save(app.screen, str(outdir / "card-panel.png"))
    # event zones: a storm on the Tyrrhenian Sea, Etna erupting, the Po in flood
    st = scene.session.state.copy()
    for number in (22, 57, 29):
        if number in st.deck.cards:
            events.resolve_event(st, number, 1)
    scene.session.state = st
    scene.session.version += 1
    scene.log_seen = len(st.log)
    scene.popups = []
    cam.fit()
    d.mouse(pygame.MOUSEMOTION, (5, 5))
    settle(app, 3)
    pygame.image.save(app.screen, str(outdir / "event-zone.png"))
    # the end of a game between two computer seats, and the game over screen
    scene = mid_game(app, italy, seed=7, turns=10_000)
    app.switch("gameover", session=scene.session)
    settle(app, 2)
    pygame.image.save(app.screen, str(outdir / "game-over.png"))


def _border_stroke(scene: Any) -> tuple[list[int], int] | None:
    """A legal path from a major city to a dot next to the border, and the dot beyond it."""
    import networkx as nx

    board = scene.board
    forbidden = [e for e in board.edges.values() if e.forbidden and "border" in e.forbidden]
    if not forbidden:
        return None
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
                swiss = "Swiss" in (e.forbidden or "")
                rank = (not swiss, cost)
                if len(path) >= 2 and cost <= 19 and (best is None or rank < best[2]):
                    best = (path, outside, rank)
    return (best[0], best[1]) if best else None
