"""Run pygame without a screen or a sound card (tests, CI, render-map, selftest)."""

from __future__ import annotations

import os


def use_dummy_drivers() -> None:
    """Select SDL's dummy video and audio drivers unless a real display was asked for."""
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
