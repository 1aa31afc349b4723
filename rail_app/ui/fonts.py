"""The game's type: Noto Sans (shipped in assets/fonts) at any pixel size, kept per size.

A module of its own, so that the main menu, which draws words but no map, starts without
the map's drawing code and the libraries it needs.
"""

from __future__ import annotations

from functools import lru_cache

import pygame

from rail_app.core.paths import resource_path


@lru_cache(maxsize=64)
def font(size: int, bold: bool = False) -> pygame.font.Font:
    """The game's type (Noto Sans, shipped in assets/fonts) at a pixel size."""
    name = "NotoSans-Bold.ttf" if bold else "NotoSans-Regular.ttf"
    path = resource_path("assets", "fonts", name)
    size = max(6, int(size))
    try:
        return pygame.font.Font(str(path), size)
    except (OSError, FileNotFoundError):
        return pygame.font.Font(None, size)


def fit_line(text: str, size: int, width: int, bold: bool = False) -> str:
    """``text`` on one line of ``width`` pixels, shortened with "…" only when it must be."""
    f = font(size, bold)
    if f.size(text)[0] <= width:
        return text
    while text and f.size(text + "…")[0] > width:
        text = text[:-1]
    return text.rstrip() + "…"
