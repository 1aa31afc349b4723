"""Pictures of the game for the documentation (docs/screenshots/*.png), rendered headless.

``python -m rail_app.ui.screenshots [OUTDIR]`` draws the menu, the fitted map of Italy, a
stroke being drawn with its cost, an illegal segment with its reason and a zoom on Sicily.
"""

from __future__ import annotations

import os
import sys
import tempfile
from pathlib import Path
from typing import Any


def _app(size: tuple[int, int]) -> Any:
    from rail_app.ui.headless import use_dummy_drivers

    use_dummy_drivers()
    if not os.environ.get("ITALIAN_RAILS_DATA_DIR"):
        os.environ["ITALIAN_RAILS_DATA_DIR"] = tempfile.mkdtemp(prefix="italian-rails-shots-")
    from rail_app.ui.app import App
    from rail_app.ui.settings import Settings

    return App(size=size, fullscreen=False, settings=Settings())


def start_game(app: Any, map_path: str, seed: int = 7, computer: bool = True) -> Any:
    from rail_app.ui.session import COMPUTER, HUMAN, GameSetup, Seat, Session

    seats = [Seat("Anna", HUMAN, "normal", "blue"),
             Seat("Bruno", COMPUTER if computer else HUMAN, "normal", "orange")]
    session = Session.new(GameSetup(map_path, seats, seed, []))
    return app.switch("game", session=session)


def settle(app: Any, frames: int = 3) -> None:
    scene = app.scene
    if hasattr(scene, "base"):
        scene.base.render_all(scene.camera)
    for _ in range(frames):
        app.step(1 / 60, events=[])


def main(out: str = "docs/screenshots") -> int:
    import pygame

    from rail_app.core.paths import resource_path
    from rail_app.ui.selftest import Driver

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
    pygame.quit()
    for p in sorted(outdir.glob("*.png")):
        print(p, p.stat().st_size // 1024, "KB")
    return 0


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


if __name__ == "__main__":
    sys.exit(main(*sys.argv[1:]))
