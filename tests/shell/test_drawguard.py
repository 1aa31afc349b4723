"""pygame's drawing fed coordinates no screen can show: without the guard, SDL walks every
row between a shape's extremes (seconds to minutes: a hang) and a rectangle within a
surface's size of 2^31 overflows its clipping into memory it does not own (an abort some
frames later). With it, every draw returns at once, draws what a surface can show of the
shape, and corrupts nothing. Each case runs in a child process: a regression fails the
test instead of taking the test run down."""

from __future__ import annotations

import subprocess
import sys
import textwrap
from pathlib import Path

import pygame
import pytest

from rail_app.ui import drawguard
from tests.waiting import HANG_S

ROOT = Path(__file__).resolve().parents[2]

CHILD = textwrap.dedent("""
    import math, sys
    import rail_app.ui
    import pygame
    from rail_app.ui import drawguard
    assert drawguard.installed()
    pygame.init()
    s = pygame.Surface((200, 160))
    for v in (float("nan"), math.inf, -math.inf, 1e308, 1e18, 1e10, 3e9, -3e9,
              2 ** 31 - 1, 2 ** 31 - 10, -2 ** 31, 2 ** 31 + 5):
        pts = [(10, 10), (v, 50), (100, v), (150, 150)]
        pygame.draw.polygon(s, (1, 2, 3), pts)
        pygame.draw.polygon(s, (1, 2, 3), pts, 3)
        pygame.draw.lines(s, (1, 2, 3), False, pts, 3)
        pygame.draw.lines(s, (1, 2, 3), True, pts)
        pygame.draw.aalines(s, (1, 2, 3), False, pts)
        pygame.draw.line(s, (1, 2, 3), (0, 0), (v, v), 3)
        pygame.draw.aaline(s, (1, 2, 3), (0, 0), (v, -v))
        pygame.draw.circle(s, (1, 2, 3), (v, 5), 5)
        pygame.draw.circle(s, (1, 2, 3), (5, 5), v)
        pygame.draw.circle(s, (1, 2, 3), (5, 5), v, 2)
        pygame.draw.rect(s, (1, 2, 3), (v, v, 10, 10))
        pygame.draw.rect(s, (1, 2, 3), (-5, -5, v, v), 2)
        pygame.draw.rect(s, (1, 2, 3), (v, 3, 40, 10), border_radius=4)
        pygame.draw.ellipse(s, (1, 2, 3), (0, 0, v, 10))
        pygame.draw.arc(s, (1, 2, 3), (v, 0, 10, 10), 0, 3)
    for i in range(200):  # memory a corrupting draw would have spoiled, used again
        x = pygame.Surface((300, 300))
        x.fill((i % 255, 0, 0))
        del x
    print("whole")
""")


def test_every_draw_with_absurd_coordinates_returns_at_once_and_corrupts_nothing() -> None:
    out = subprocess.run([sys.executable, "-c", CHILD], cwd=ROOT, capture_output=True,
                         text=True, timeout=HANG_S,
                         env={"SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy",
                              "PYGAME_HIDE_SUPPORT_PROMPT": "1", "PYTHONPATH": str(ROOT),
                              "PATH": "/usr/bin:/bin"})
    assert out.returncode == 0, out.stderr[-2000:]
    assert out.stdout.strip() == "whole"


@pytest.mark.parametrize("module", ["rail_app.games.steam.ui.maprender",
                                    "rail_app.games.italian_rails.ui.maprender",
                                    "rail_app.ui.app"])
def test_the_guard_is_in_place_before_any_drawing_module_is_used(module: str) -> None:
    """Whichever part of the program is imported first (a game's map drawing alone, as the
    map tools import it), pygame's drawing is the guarded one."""
    code = (f"import {module}, pygame\n"
            "from rail_app.ui import drawguard\n"
            "assert drawguard.installed(), 'not guarded'\n")
    out = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True,
                         text=True, timeout=HANG_S)
    assert out.returncode == 0, out.stderr[-2000:]


def _drawn(points: list[tuple[float, float]], width: int = 0) -> pygame.Surface:
    s = pygame.Surface((240, 180))
    s.fill((255, 255, 255))
    pygame.draw.polygon(s, (0, 0, 0), points, width)
    return s


def _differ(a: pygame.Surface, b: pygame.Surface) -> int:
    return sum(1 for x in range(a.get_width()) for y in range(a.get_height())
               if a.get_at((x, y)) != b.get_at((x, y)))


@pytest.mark.parametrize("far", [2e6, 5e7, 1e12])
def test_a_shape_reaching_far_beyond_the_surface_draws_what_the_surface_shows(
        far: float) -> None:
    """The same triangle, one corner ever farther along the same direction: what the
    surface shows of it is the same (the corner's edges keep their direction), up to the
    rounding of the cut's corners."""
    assert drawguard.installed()
    near = [(20.0, 30.0), (200.0, 150.0), (20.0 + 1e5, 30.0 + 1e5 * 0.1)]
    other = [(20.0, 30.0), (200.0, 150.0), (20.0 + far, 30.0 + far * 0.1)]
    for width in (0, 2):
        assert _differ(_drawn(near, width), _drawn(other, width)) <= 240 * 180 // 200


def test_clipping_keeps_what_lies_inside() -> None:
    square = [(10.0, 10.0), (50.0, 10.0), (50.0, 50.0), (10.0, 50.0)]
    assert drawguard.clip_polygon(square, (0, 0, 100, 100)) == square
    cut = drawguard.clip_polygon(square, (30, 0, 100, 100))
    assert sorted(cut) == sorted([(30.0, 10.0), (50.0, 10.0), (50.0, 50.0), (30.0, 50.0)])
    assert drawguard.clip_segment((-10, 5), (10, 5), (0, 0, 100, 100)) == ((0.0, 5.0),
                                                                            (10.0, 5.0))
    assert drawguard.clip_segment((-10, -5), (-1, -5), (0, 0, 100, 100)) is None


def test_the_type_kept_per_size_is_never_used_after_pygame_quits() -> None:
    """A font made before ``pygame.quit()`` is dead after it; the program's kept fonts
    are forgotten when pygame quits, whoever quits it (a window closed, a self-test, a
    tool), so that the next word drawn makes its font anew."""
    from rail_app.ui.fonts import font

    pygame.init()
    before = font(17)
    assert before.render("Roma", True, (0, 0, 0)).get_width() > 0
    pygame.quit()
    pygame.init()
    after = font(17)
    assert after is not before
    assert after.render("Roma", True, (0, 0, 0)).get_width() > 0
    pygame.quit()
    pygame.init()  # and again: pygame forgets the watch at each quit
    assert font(17).render("Roma", True, (0, 0, 0)).get_width() > 0
