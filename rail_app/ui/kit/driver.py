"""The hands of the self-test (``--selftest``, part of the game proper) and of the interface
tests and tools: mouse and key events made as a person makes them, handed to a running
app, and the self-test's report.

Two ways to hand them over: :class:`Driver` posts each event to pygame's queue and lets one
frame pass after it (as a person's events come, a frame apart); :func:`click`, :func:`key`
and :func:`drag` hand a whole gesture to one frame of the app (``app.step``), which is
quicker when a test plays many gestures.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Any

import pygame
import pygame_gui

Point = tuple[float, float]
Events = list[pygame.event.Event]


# -- events -----------------------------------------------------------------------------------
def _at(pos: Point) -> tuple[int, int]:
    return round(pos[0]), round(pos[1])


def motion(pos: Point, buttons: tuple[int, int, int] = (0, 0, 0), rel: Point = (0, 0)
           ) -> pygame.event.Event:
    return pygame.event.Event(pygame.MOUSEMOTION, pos=_at(pos), rel=_at(rel), buttons=buttons)


def press(pos: Point, button: int = 1) -> pygame.event.Event:
    return pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=_at(pos), button=button)


def release(pos: Point, button: int = 1) -> pygame.event.Event:
    return pygame.event.Event(pygame.MOUSEBUTTONUP, pos=_at(pos), button=button)


def keys(k: int, mod: int = 0) -> Events:
    """A key pressed and let go."""
    return [pygame.event.Event(pygame.KEYDOWN, key=k, mod=mod, unicode="", scancode=0),
            pygame.event.Event(pygame.KEYUP, key=k, mod=mod, unicode="", scancode=0)]


def wheel(pos: Point, y: int) -> Events:
    """The pointer to ``pos`` and the wheel turned ``y`` notches (up: positive)."""
    return [motion(pos), pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=y, flipped=False,
                                            precise_x=0.0, precise_y=float(y))]


def clicking(pos: Point) -> Iterator[Events]:
    """A left click as three frames' events: the pointer there, the press, the release."""
    yield [motion(pos)]
    yield [press(pos)]
    yield [release(pos)]


def stroke(points: list[Point], button: int = 1, let_go: bool = True) -> Events:
    """A drag through ``points`` with ``button`` held (let go at the last unless told not
    to)."""
    held = (1, 0, 0) if button == 1 else (0, 0, 1) if button == 3 else (0, 1, 0)
    out = [motion(points[0]), press(points[0], button)]
    for a, b in zip(points, points[1:], strict=False):
        out.append(motion(b, held, (b[0] - a[0], b[1] - a[1])))
    if let_go:
        out.append(release(points[-1], button))
    return out


# -- a gesture a frame ------------------------------------------------------------------------
FRAME = 0.02  # seconds a frame of these gestures lasts


def click(app: Any, pos: Point, button: int = 1) -> None:
    """A click at ``pos`` in one frame: the pointer there, pressed and let go."""
    app.step(FRAME, [motion(pos), press(pos, button), release(pos, button)])


def key(app: Any, k: int, mod: int = 0) -> None:
    """A key pressed and let go, in one frame."""
    app.step(FRAME, keys(k, mod))


def drag(app: Any, points: list[Point], release: bool = True) -> None:
    """A left-button stroke through ``points`` in one frame (let go at the last unless told
    not to)."""
    app.step(FRAME, stroke(points, 1, release))


# -- an event a frame -------------------------------------------------------------------------
class Driver:
    """Drives an app with posted events, a frame after each, as a person would with mouse
    and keyboard."""

    def __init__(self, app: Any) -> None:
        self.pg = pygame
        self.app = app

    def frames(self, n: int = 1, dt: float = 1 / 60) -> None:
        for _ in range(n):
            self.app.step(dt)

    def click_button(self, button: Any) -> None:
        """A pygame_gui button of the shell's screens, pressed."""
        pygame.event.post(pygame.event.Event(pygame_gui.UI_BUTTON_PRESSED, ui_element=button,
                                             ui_object_id=button.most_specific_combined_id))
        self.frames(1)

    def key(self, key: int, mod: int = 0) -> None:
        for ev in keys(key, mod):
            pygame.event.post(ev)
        self.frames(1)

    def mouse(self, kind: int, pos: Point, button: int = 1, rel: Point = (0, 0),
              buttons: tuple[int, int, int] = (0, 0, 0)) -> None:
        if kind == pygame.MOUSEMOTION:
            ev = motion(pos, buttons, rel)
        else:
            ev = pygame.event.Event(kind, pos=_at(pos), button=button)
        pygame.event.post(ev)
        self.frames(1)

    def drag(self, points: list[Point], button: int = 1) -> None:
        """A drag through ``points``, an event a frame."""
        held = (1, 0, 0) if button == 1 else (0, 0, 1) if button == 3 else (0, 1, 0)
        self.mouse(pygame.MOUSEMOTION, points[0])
        self.mouse(pygame.MOUSEBUTTONDOWN, points[0], button)
        prev = points[0]
        for p in points[1:]:
            self.mouse(pygame.MOUSEMOTION, p, rel=(p[0] - prev[0], p[1] - prev[1]), buttons=held)
            prev = p
        self.mouse(pygame.MOUSEBUTTONUP, points[-1], button)

    def stroke(self, dots: list[int]) -> None:
        """Draw through these dots of the map with the left button (a game screen whose
        camera places its dots: ``scene.camera.dot_screen``)."""
        scene = self.app.scene
        self.drag([scene.camera.dot_screen(d) for d in dots])

    def until(self, cond: Callable[[], bool], limit: int = 400, dt: float = 0.1) -> bool:
        for _ in range(limit):
            if cond():
                return True
            self.frames(1, dt)
        return cond()


# -- the self-test's report -------------------------------------------------------------------
class Checks:
    """What a self-test checked: each check printed as it passes or fails (``verbose``),
    and the exit code at the end (0 when all passed)."""

    def __init__(self, verbose: bool = True) -> None:
        self.verbose = verbose
        self.failures: list[str] = []

    def __call__(self, ok: bool, what: str) -> None:
        if self.verbose:
            print(("ok   " if ok else "FAIL ") + what)
        if not ok:
            self.failures.append(what)

    def end(self) -> int:
        """The last line and the exit code."""
        if self.verbose:
            print("selftest: " + ("all checks passed" if not self.failures else
                                  f"{len(self.failures)} check(s) failed"))
        return 0 if not self.failures else 1
