"""Playing the lesson ("Learn to play") through the screen with posted mouse and key events,
as a player follows it: the test that plays it to its end and the screenshots tool use it."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pygame

from rail_app.games.italian_rails.rules.actions import BuildFerry, Deliver, PickUp
from rail_app.games.italian_rails.ui import maprender as mr
from rail_app.games.italian_rails.ui.commands import Demand, Intent, Play, ToggleCard
from rail_app.games.italian_rails.ui.lesson import STEPS, next_river, step_done
from rail_app.ui.kit.driver import Driver


def click(d: Driver, pos: tuple[float, float]) -> None:
    d.mouse(pygame.MOUSEMOTION, pos)
    d.mouse(pygame.MOUSEBUTTONDOWN, pos)
    d.mouse(pygame.MOUSEBUTTONUP, pos)


def press(d: Driver, scene: Any, key: object) -> None:
    for _ in range(3):
        r = scene.find(key)
        if r is not None:
            click(d, r.center)
            return
        d.frames(1)
    raise AssertionError(f"no widget for {key!r} on the screen")


def settle_run(d: Driver, scene: Any) -> None:
    assert d.until(lambda: scene.table.run is None and not scene.controller.computer.computer_to_act(),
                   dt=0.05)


def next_step(d: Driver, scene: Any) -> None:
    step = scene.table.lesson.step
    press(d, scene, Intent.LESSON_NEXT)
    assert scene.table.lesson is None or scene.table.lesson.step == step + 1


def drag(d: Driver, scene: Any, dots: list[int]) -> None:
    cam = scene.camera
    d.drag([cam.dot_screen(x) for x in dots])


def play_lesson(d: Driver, scene: Any, at: Callable[[int], None] = lambda step: None) -> None:
    """Follow every step of the lesson; ``at(step)`` is called when a step shows (the
    screenshots tool takes its pictures there)."""
    ls = scene.table.lesson
    plan = ls.plan
    board = scene.board
    line = list(plan.line)
    river_end = 1
    for k in range(len(STEPS)):
        assert scene.table.lesson is not None and scene.table.lesson.step == k
        d.frames(2)
        at(k)
        title = STEPS[k].title
        if title == "Keep two cards":
            for c in plan.keep:
                press(d, scene, ToggleCard(c))
            press(d, scene, Intent.KEEP_CHOSEN)
            settle_run(d, scene)
        elif title == "Build out of a major city":
            drag(d, scene, line[:2])
        elif title == "Cross a river":
            nxt = next_river(scene.state, plan)
            assert nxt is not None
            river_end = line.index(nxt[1])
            drag(d, scene, line[1:river_end + 1])
        elif title == "A refused segment":
            i = next(i for i, x in enumerate(line) if board.distance(x, plan.sea[0]) == 1)
            start = min(max(1, river_end), i)
            drag(d, scene, [*line[start:i + 1], plan.sea[0], plan.sea[1]])
        elif title.startswith("Join"):
            i = next(i for i, x in enumerate(line) if board.distance(x, plan.sea[0]) == 1)
            drag(d, scene, line[i:])
        elif title in ("End the build", "A second turn of building"):
            for _ in range(4):
                if STEPS[k].done(scene.controller.teaching.lesson_look()):
                    break
                d.key(pygame.K_RETURN)
                settle_run(d, scene)
        elif title == "Place the train":
            city = board.cities[plan.supplier].centre
            click(d, scene.camera.dot_screen(city))
            click(d, scene.camera.dot_screen(city))
            settle_run(d, scene)
        elif title == "Pick up and lock":
            press(d, scene, Play(PickUp(plan.commodity, plan.card, plan.demand)))
        elif title == "Deliver":
            city = board.cities[plan.city].centre
            scene.controller.view.fit()
            d.frames(1)
            click(d, scene.camera.dot_screen(city))
            click(d, scene.camera.dot_screen(city))
            settle_run(d, scene)
            press(d, scene, Play(Deliver(plan.card, plan.demand)))
        elif title == "The public pool":
            n = scene.state.pool[0]
            dem = scene.state.deck.card(n).demands[0]
            r = scene.find(Demand(dem.commodity, dem.city))
            d.mouse(pygame.MOUSEMOTION, r.center)
            d.frames(6, 0.05)
        elif title == "Take a ferry":
            d.key(pygame.K_RETURN)  # end the move
            settle_run(d, scene)

            scene.controller.view.fit()
            d.frames(1)
            f = board.ferries[plan.ferry]
            cam = scene.camera
            pts = mr.ferry_curve(board, cam.view(), *f.ports)
            x, y = pts[len(pts) // 2]
            click(d, (x + cam.rect.x, y + cam.rect.y))
            press(d, scene, Play(BuildFerry(f.name)))
        elif title == "End the turn" and k < len(STEPS) - 3:
            d.key(pygame.K_RETURN)
            settle_run(d, scene)
        elif title == "Swap demands":
            press(d, scene, Intent.ASK_SWAP)
            press(d, scene, Intent.CONFIRM)
            d.frames(2)
        elif title == "An event":
            assert scene.table.popups
            at(k)
            press(d, scene, Intent.DISMISS_EVENT)
        elif title == "End the turn":
            d.key(pygame.K_RETURN)
            settle_run(d, scene)
        d.frames(2)
        look = scene.controller.teaching.lesson_look()
        assert step_done(look), f"step {k + 1} ({title}) is not done"
        next_step(d, scene)
