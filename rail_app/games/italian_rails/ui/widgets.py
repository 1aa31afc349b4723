"""The game screen's widgets: one kind of button for every control of the screen.

A :class:`Widget` is a rectangle with the :class:`~rail_app.games.italian_rails.ui.commands.Command` a
click gives the controller, its words, whether it is enabled (from the engine's quote,
never guessed) and a tooltip. The frame lists the widgets it shows; a click goes to the
topmost enabled widget under the pointer, and drawing paints the same list. Widgets are
laid out anew when what they show changes, so they never disagree with the picture.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum

import pygame

from rail_app.games.italian_rails.ui.commands import Command, Demand
from rail_app.games.italian_rails.ui.maprender import font
from rail_app.games.italian_rails.ui.palette import BLUE as BLUE
from rail_app.games.italian_rails.ui.palette import BUTTON_HOVER as BUTTON_HOVER
from rail_app.games.italian_rails.ui.palette import CHIP_GLOW as CHIP_GLOW
from rail_app.games.italian_rails.ui.palette import CHIP_ON as CHIP_ON
from rail_app.games.italian_rails.ui.palette import CREAM as CREAM
from rail_app.games.italian_rails.ui.palette import HOVER as HOVER
from rail_app.games.italian_rails.ui.palette import OFF_BG as OFF_BG
from rail_app.games.italian_rails.ui.palette import OFF_EDGE as OFF_EDGE
from rail_app.games.italian_rails.ui.palette import OFF_FG as OFF_FG
from rail_app.games.italian_rails.ui.palette import WHITE as WHITE
from rail_app.ui import hud


class Look(Enum):
    BUTTON = "button"  # a plain button
    PRIMARY = "primary"  # the button the phase leads to (in the player's ink)
    CHIP = "chip"  # a small toggle (history filter); ``selected`` fills it
    AREA = "area"  # no look of its own: a card, a row or a section title drawn by its owner


@dataclass(frozen=True)
class Widget:
    rect: pygame.Rect
    command: Command | None
    label: str = ""
    enabled: bool = True
    tip: str = ""
    look: Look = Look.BUTTON
    selected: bool = False
    hover: Demand | None = None  # what the pointer resting here shows on the map
    colour: tuple[int, int, int] = BLUE
    size: int = 14

    @property
    def key(self) -> Command | Demand | None:
        """What identifies the widget from one frame to the next."""
        return self.command if self.command is not None else self.hover


def hit(widgets: list[Widget], pos: tuple[float, float]) -> Widget | None:
    """The topmost widget under ``pos`` (the last one painted)."""
    for w in reversed(widgets):
        if w.rect.collidepoint(pos):
            return w
    return None


def lines_for(text: str, size: int, width: int, bold: bool = False) -> list[str]:
    """``text`` wrapped into lines no wider than ``width`` pixels (words are never cut)."""
    return hud.wrap(text, size, width, bold)


def button_height(label: str, width: int, size: int, px1: int, bold: bool = False) -> int:
    """The height a button of ``width`` needs to show ``label`` in full."""
    n = len(lines_for(label, size, width - 16 * px1, bold))
    return max(round(size * 1.9), n * font(size, bold).get_linesize() + 8 * px1)


def paint(surface: pygame.Surface, w: Widget, hovered: bool) -> None:
    """Draw a widget (an :attr:`Look.AREA` only shows its hover: a warm edge around what
    its owner drew, which stays as readable as before)."""
    r = w.rect
    if w.look is Look.AREA:
        if hovered and w.enabled and w.command is not None:
            pygame.draw.rect(surface, HOVER, r, 2, border_radius=6)
        return
    bold = w.look is Look.PRIMARY
    if not w.enabled:
        bg, fg, edge = OFF_BG, OFF_FG, OFF_EDGE
    elif w.look is Look.PRIMARY or w.selected:
        c = w.colour
        bg = c if not hovered else (min(255, c[0] + 25), min(255, c[1] + 25), min(255, c[2] + 25))
        fg, edge = WHITE, c
        if w.look is Look.CHIP:
            bg = CHIP_ON
            edge = bg
    else:
        bg = CREAM if not hovered else BUTTON_HOVER
        fg, edge = hud.TEXT, hud.PANEL_EDGE
    radius = r.h // 2 if w.look is Look.CHIP else 6
    pygame.draw.rect(surface, bg, r, border_radius=radius)
    pygame.draw.rect(surface, edge, r, 1, border_radius=radius)
    pad = 8 if w.look is not Look.CHIP else 4
    rows = lines_for(w.label, w.size, r.w - 2 * pad, bold)
    lh = font(w.size, bold).get_linesize()
    y = r.centery - lh * len(rows) / 2
    for row in rows:
        hud.label(surface, row, (r.centerx, y), w.size, fg, bold=bold, anchor="midtop")
        y += lh
