"""The shell's colours, in one place: the paper and ink every screen is drawn with, the
panels, the tones of words, and the players' inks (Okabe-Ito, colour-blind safe; a game draws
its own map and pieces with its own palette module, built on this one)."""

from __future__ import annotations

Colour = tuple[int, int, int]
RGBA = tuple[int, int, int, int]

AMBER: Colour = (200, 120, 0)
BLACK: Colour = (0, 0, 0)
BLUE: Colour = (0, 114, 178)
CARD_SHADOW: Colour = (214, 204, 184)
CHART_GRID: Colour = (226, 220, 206)
CLEAR: RGBA = (0, 0, 0, 0)
COLOUR_KEY: Colour = (255, 0, 255)
CREAM: Colour = (255, 252, 244)
GREEN: Colour = (20, 120, 50)
INK: Colour = (42, 36, 30)
MUTED: Colour = (110, 100, 88)
NOTICE_BG: Colour = (30, 60, 90)
NOTICE_ALARM: Colour = (150, 28, 36)  # the app's notice of a failure (an autosave)
PANEL: Colour = (251, 247, 236)
PANEL_EDGE: Colour = (170, 160, 140)
PAPER: Colour = (246, 241, 226)
RED: Colour = (200, 30, 40)
ROW_LINE: Colour = (230, 222, 204)
SCROLL_BAR: Colour = (200, 190, 170)
SELECTED: Colour = (255, 236, 180)
SHADOW: Colour = (60, 50, 40)
TEXT: Colour = (42, 36, 30)
THUMB_BG: Colour = (236, 230, 214)
TOOLTIP_BG: Colour = (42, 36, 30)
VEIL: RGBA = (20, 16, 12, 120)
WHITE: Colour = (255, 255, 255)

#: The players' inks (Okabe-Ito: they stay apart for colour-blind players), by name; the
#: first six are offered to the seats of a game in this order.
INKS: dict[str, Colour] = {
    "blue": (0x00, 0x72, 0xB2),
    "orange": (0xE6, 0x9F, 0x00),
    "vermillion": (0xD5, 0x5E, 0x00),
    "bluish green": (0x00, 0x9E, 0x73),
    "reddish purple": (0xCC, 0x79, 0xA7),
    "sky blue": (0x56, 0xB4, 0xE9),
    "black": (0x20, 0x20, 0x20),
}
