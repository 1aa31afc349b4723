"""Small hand-drawn controls of the game screen: buttons placed while a panel is drawn.

The panels of the game screen (city actions, cards, dialogs, history filters) change with
every action, so their buttons are laid out each frame together with the text they sit in;
a click is matched against the buttons of the last frame. Each button carries the value the
scene acts on (usually an engine action).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import pygame

from rail_app.ui import hud
from rail_app.ui.maprender import font


@dataclass
class Button:
    rect: pygame.Rect
    label: str
    value: Any
    enabled: bool = True
    tip: str = ""
    primary: bool = False
    selected: bool = False


def fit_text(text: str, size: int, width: int, bold: bool = False) -> str:
    """``text`` shortened with an ellipsis to fit ``width`` pixels."""
    f = font(size, bold)
    text = hud.plain(text)
    if f.size(text)[0] <= width:
        return text
    while len(text) > 2 and f.size(text + "…")[0] > width:
        text = text[:-1]
    return text + "…"


def draw_button(surface: pygame.Surface, b: Button, size: int, hover: bool = False,
                colour: tuple[int, int, int] = (0, 114, 178)) -> None:
    r = b.rect
    bg: tuple[int, int, int]
    if not b.enabled:
        bg, fg, edge = (236, 232, 222), (160, 152, 140), (200, 192, 178)
    elif b.primary or b.selected:
        r0, g0, b0 = colour
        bg = colour if not hover else (min(255, r0 + 25), min(255, g0 + 25), min(255, b0 + 25))
        fg, edge = (255, 255, 255), colour
    else:
        bg = (255, 252, 244) if not hover else (255, 244, 214)
        fg, edge = hud.TEXT, hud.PANEL_EDGE
    pygame.draw.rect(surface, bg, r, border_radius=6)
    pygame.draw.rect(surface, edge, r, 1, border_radius=6)
    text = fit_text(b.label, size, r.w - 12, bold=b.primary)
    if font(size, b.primary).size(text)[0] < r.w * 0.45:
        hud.label(surface, text, r.center, size, fg, bold=b.primary, anchor="center")
    else:
        hud.label(surface, text, (r.x + 8, r.centery), size, fg, bold=b.primary,
                  anchor="midleft")


def hit(buttons: list[Button], pos: tuple[float, float]) -> Button | None:
    for b in reversed(buttons):
        if b.rect.collidepoint(pos):
            return b
    return None
