"""Where the parts of the game screen go (UX.md "Screen layout").

A top bar, the map taking most of the screen, a side panel on the right and a bar at the
bottom with the history and the phase's buttons. The map area is what the panels leave
free, so they never cover the map. Sizes follow the UI scale (``px``).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

import pygame

from rail_app.ui.kit import layout as kit

Px = Callable[[float], int]


@dataclass(frozen=True)
class Rects(kit.Rects):
    """The screen kit's rectangles, and the bottom bar's two parts."""

    buttons: pygame.Rect  # the part of the bottom bar holding the phase's buttons
    history: pygame.Rect  # the part of the bottom bar holding the history


def side_width(w: int, px: Px) -> int:
    """The side panel's width: wider on wider screens, never most of a small one."""
    return max(px(320), min(px(400), w // 4))


def button_block_width(w: int, px: Px, history_open: bool) -> int:
    """The phase's buttons stand at the bar's right: in two rows beside an open history,
    in one row when the history is folded to its last line."""
    return min(px(430) if history_open else px(740), w - px(300))


def screen_rects(size: tuple[int, int], px: Px, side_open: bool,
                 history_open: bool) -> Rects:
    w = size[0]
    side = side_width(w, px) if side_open else 0
    base = kit.bars(size, px(44), side, px(118) if history_open else px(58))
    bar = base.bottom
    block = button_block_width(w, px, history_open)
    return Rects(base.top, base.side, bar, base.map,
                 buttons=pygame.Rect(bar.right - block, bar.y, block, bar.h),
                 history=pygame.Rect(0, bar.y, w - block, bar.h))
