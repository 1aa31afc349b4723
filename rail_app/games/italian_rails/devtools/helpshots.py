"""Pictures of what helps a newcomer, for ``screenshots``: the save and load screens, a
ferry under the pointer and the offer to take it, a route preview across a ferry, the
suggested plan and a demand's ghost line, a first-game hint, and three steps of the lesson
("Learn to play") played through the screen."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from rail_app.core.paths import resource_path, scratch_data_dir
from rail_app.games.italian_rails.devtools.lessonplay import play_lesson
from rail_app.games.italian_rails.devtools.shooter import Shooter, anna_moves, new_session, play_on
from rail_app.games.italian_rails.rules.board import edge_key
from rail_app.games.italian_rails.ui import lessonfiles as lesson
from rail_app.games.italian_rails.ui import maprender as mr
from rail_app.games.italian_rails.ui.commands import Intent
from rail_app.games.italian_rails.ui.lesson import STEPS
from rail_app.ui import screens
from rail_app.ui.session import new_save_path, saves_dir


def shoot_helpers(s: Shooter, italy: str) -> None:
    _saves(s, italy)
    _ferries(s, italy)
    _suggest(s, italy)
    _hint(s, italy)
    _lesson(s)


def _saves(s: Shooter, italy: str) -> None:
    """A few saved games: two games under way, a named one, one of the mini map."""
    if not any(saves_dir().glob("*.json")):  # oldest first: the newest comes first
        c = new_session(str(resource_path("maps", "test", "mini.yaml")), seed=3)
        play_on(c, 3, anna_moves(6))
        c.save(new_save_path())
        a = new_session(italy, seed=7)
        play_on(a, 7, anna_moves(12))
        a.autosave()
        a.name = "Sunday game with Bruno"
        a.save(new_save_path())
        b = new_session(italy, seed=9)
        play_on(b, 9, anna_moves(22))
        b.autosave()
    app = s.app
    app.push(screens.saves(app))
    s.settle(3)
    s.shot("save-screen-load")
    session = new_session(italy, seed=7)
    play_on(session, 7, anna_moves(16))
    app.reset(screens.game(app, session))
    s.settle(2)
    app.push(screens.saves(app, session))
    s.settle(3)
    s.shot("save-screen-save")


def _ferry_middle(scene: Any, name: str) -> tuple[float, float]:
    b = scene.board
    cam = scene.camera
    f = next(f for f in b.ferries if f.name == name)
    pts = mr.ferry_curve(b, cam.view(), *f.ports)
    x, y = pts[len(pts) // 2]
    return x + cam.rect.x, y + cam.rect.y


def _ferries(s: Shooter, italy: str) -> None:
    import networkx as nx
    import pygame


    scene = s.app.reset(screens.game(s.app, new_session(italy, seed=7)))
    s.settle(2)
    b = scene.board
    cam = scene.camera
    f = next(f for f in b.ferries if f.name == "Roma - Olbia")
    a, c = b.dots[f.ports[0]], b.dots[f.ports[1]]
    cam.level = cam.level_for(22)
    cam.centre_on((a.x + c.x) / 2, (a.y + c.y) / 2)
    s.settle(3)
    s.d.mouse(pygame.MOUSEMOTION, _ferry_middle(scene, f.name))
    s.settle(3)
    s.shot("ferry-hover")
    s.click(_ferry_middle(scene, f.name))
    s.settle(2)
    s.shot("ferry-offer")
    # a route preview across the player's own Napoli - Palermo ferry
    session = new_session(italy, seed=7)
    play_on(session, 7, anna_moves(18))
    st = session.state
    ferry = next(f for f in b.ferries if f.name == "Napoli - Palermo")
    st.players[0].ferries.add(ferry.index)
    st.ferry_takers[ferry.index] = [0]
    g = nx.Graph([(e.a, e.b) for e in b.edges.values() if e.forbidden is None])
    napoli = b.cities["Napoli"]
    port = next(p for p in ferry.ports if b.city_of_dot.get(p) is napoli)
    catania = b.cities["Catania"]
    pos = st.players[0].position
    assert pos is not None
    for x, y in ((pos, port), (ferry.other_port(port), catania.centre)):
        path = nx.shortest_path(g, x, y)
        for p, q in zip(path, path[1:], strict=False):
            k = edge_key(p, q)
            if not b.edges[k].free and st.owner.get(k) in (None, 0):
                st.owner[k] = 0
                st.players[0].track.add(k)
    session.version += 1
    scene = s.app.reset(screens.game(s.app, session))
    s.settle(2)
    cam = scene.camera
    here = b.dots[pos]
    cam.level = cam.level_for(14)
    cam.centre_on((here.x + catania.x) / 2, (here.y + catania.y) / 2)
    s.settle(3)
    s.click(cam.dot_screen(catania.centre))
    x, y = cam.dot_screen(catania.centre)
    s.d.mouse(pygame.MOUSEMOTION, (x + 2, y + 2))
    s.settle(2)
    s.shot("ferry-route")


def _suggest(s: Shooter, italy: str) -> None:
    import pygame


    session = new_session(italy, seed=7)
    play_on(session, 7, anna_moves(14))
    scene = s.app.reset(screens.game(s.app, session))
    s.settle(2)
    s.press(Intent.SUGGEST)
    s.settle(3)
    s.shot("suggest")
    s.press(Intent.SUGGEST)
    rows = [w for w in scene.frame.widgets if w.hover is not None and w.command is None]
    row = rows[min(5, len(rows) - 1)]
    s.d.mouse(pygame.MOUSEMOTION, row.rect.center)
    s.d.frames(6, 0.05)
    s.settle(2)
    s.shot("demand-ghost")


def _hint(s: Shooter, italy: str) -> None:
    settings = s.app.settings
    settings.hints, seen = True, list(settings.hints_seen)
    settings.hints_seen.clear()
    s.app.reset(screens.game(s.app, new_session(italy, seed=7)))
    s.settle(3)
    s.shot("first-game-hint")
    settings.hints, settings.hints_seen[:] = False, seen


def _lesson(s: Shooter) -> None:
    pictures = {"Keep two cards": "lesson-keep", "A refused segment": "lesson-refused",
                "Take a ferry": "lesson-ferry", "An event": "lesson-event"}
    lesson.forget()
    scene = s.app.reset(screens.game(s.app, lesson.new_session(), 0))

    def at(k: int) -> None:
        name = pictures.get(STEPS[k].title)
        if name is not None:
            s.settle(2)
            s.shot(name)

    play_lesson(s.d, scene, at)


def main(out: str, sizes: tuple[tuple[int, int], ...]) -> int:
    """Only these pictures, at each size (in a data folder of their own)."""
    with scratch_data_dir("italian-rails-shots-"):
        italy = str(resource_path("maps", "italy.yaml"))
        for w, h in sizes:
            outdir = Path(out) / f"{w}x{h}"
            shoot_helpers(Shooter((w, h), outdir), italy)
            for p in sorted(outdir.glob("*.png")):
                print(p, p.stat().st_size // 1024, "KB")
    return 0
