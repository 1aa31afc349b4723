"""The game's type: Noto Sans (shipped in assets/fonts) at any pixel size, kept per size.

A module of its own, so that the main menu, which draws words but no map, starts without
the map's drawing code and the libraries it needs.
"""

from __future__ import annotations

from functools import lru_cache

import pygame

from rail_app.core.paths import resource_path


@lru_cache(maxsize=64)
def _made(size: int, bold: bool) -> pygame.font.Font:
    name = "NotoSans-Bold.ttf" if bold else "NotoSans-Regular.ttf"
    path = resource_path("assets", "fonts", name)
    try:
        return pygame.font.Font(str(path), size)
    except (OSError, FileNotFoundError):
        return pygame.font.Font(None, size)


class _Fonts:
    """The fonts made, kept per size until pygame quits: a font made before
    ``pygame.quit()`` is dead after it (pygame refuses it, "font module quit since font
    created"), so the kept fonts are forgotten when pygame quits, by pygame itself
    (``pygame.register_quit``, asked again after each quit: pygame forgets it then)."""

    def __init__(self) -> None:
        self._watching = False

    def __call__(self, size: int, bold: bool = False) -> pygame.font.Font:
        """The game's type (Noto Sans, shipped in assets/fonts) at a pixel size."""
        if not self._watching:
            pygame.register_quit(self.cache_clear)
            self._watching = True
        return _made(max(6, int(size)), bold)

    def cache_clear(self) -> None:
        self._watching = False
        _made.cache_clear()


font = _Fonts()


def fit_line(text: str, size: int, width: int, bold: bool = False) -> str:
    """``text`` on one line of ``width`` pixels, shortened with "…" only when it must be."""
    f = font(size, bold)
    if f.size(text)[0] <= width:
        return text
    while text and f.size(text + "…")[0] > width:
        text = text[:-1]
    return text.rstrip() + "…"


def haloed(surface: pygame.Surface, words: str, at: tuple[float, float], size: int,
           colour: tuple[int, int, int], halo: tuple[int, int, int] | None, *,
           bold: bool = False, anchor: str = "center") -> pygame.Rect:
    """Words at a point (``anchor`` as pygame.Rect's names) with a one-pixel ``halo`` round
    them, so that they read on any ground (a map's names); the rectangle drawn."""
    f = font(size, bold)
    img = f.render(words, True, colour)
    rect = img.get_rect(**{anchor: (round(at[0]), round(at[1]))})
    if halo is not None:
        ring = f.render(words, True, halo)
        for dx, dy in ((-1, 0), (1, 0), (0, -1), (0, 1), (-1, -1), (1, 1), (-1, 1), (1, -1)):
            surface.blit(ring, rect.move(dx, dy))
    surface.blit(img, rect)
    return rect
