"""Run pygame without a screen or a sound card (tests, CI, render-map, selftest)."""

from __future__ import annotations

import os
import sys

from rail_app.core.i18n import N_, _


def use_dummy_drivers() -> None:
    """Select SDL's dummy video and audio drivers unless a real display was asked for."""
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")


NO_DISPLAY = N_("no display to show the game on: DISPLAY and WAYLAND_DISPLAY are not set. "
                 "Start it from a desktop session (or choose SDL's driver with "
                 "SDL_VIDEODRIVER); the tools (python -m rail_app --help) need no display.")
#: SDL's video drivers that draw nowhere a person can see.
INVISIBLE_DRIVERS = frozenset({"offscreen", "dummy", "evdev"})


def display_problem() -> str | None:
    """Why the game window cannot be shown here, or None when it can.

    Without a display (no ``DISPLAY`` or ``WAYLAND_DISPLAY``, as over SSH or in a container)
    SDL falls back to a driver that draws into memory, and the game would run unseen for
    ever. A driver chosen on purpose with ``SDL_VIDEODRIVER`` (tests, the self-test) is the
    chooser's business and is not questioned."""
    if os.environ.get("SDL_VIDEODRIVER"):
        return None
    if sys.platform.startswith("linux") and not (os.environ.get("DISPLAY")
                                                 or os.environ.get("WAYLAND_DISPLAY")):
        return _(NO_DISPLAY)
    import pygame

    try:
        pygame.display.init()
    except pygame.error as exc:
        return f"cannot open a window ({exc})"
    driver = pygame.display.get_driver()
    if driver in INVISIBLE_DRIVERS:
        pygame.display.quit()
        return f"no display to show the game on (SDL found only its {driver!r} driver)"
    return None
