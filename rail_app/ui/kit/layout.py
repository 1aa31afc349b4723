"""Where the parts of a game's screen stand (UX.md "Screen layout"): a top bar across the
window, a side panel at the right, a bar along the bottom, and the map in what they leave
free, so that no panel covers it. A game chooses the bars' sizes (and may cut the bars into
parts of its own); the rectangles follow from them."""

from __future__ import annotations

from dataclasses import dataclass

import pygame


@dataclass(frozen=True)
class Rects:
    top: pygame.Rect
    side: pygame.Rect
    bottom: pygame.Rect
    map: pygame.Rect


def bars(size: tuple[int, int], top: int, side: int, bottom: int) -> Rects:
    """The rectangles of a window of ``size`` whose top bar is ``top`` pixels high, side
    panel ``side`` wide and bottom bar ``bottom`` high."""
    w, h = size
    return Rects(top=pygame.Rect(0, 0, w, top),
                 side=pygame.Rect(w - side, top, side, h - top - bottom),
                 bottom=pygame.Rect(0, h - bottom, w, bottom),
                 map=pygame.Rect(0, top, w - side, h - top - bottom))
