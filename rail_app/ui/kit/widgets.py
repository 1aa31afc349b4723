"""One kind of widget for every control of a game's screen, and the hit test a click goes
through.

A :class:`Widget` is a rectangle with the command a click gives the screen's controller (a
game's own typed value: an enum of intents, or a small frozen value such as "play this
action"), its words, whether it is enabled (from the engine's quote, never guessed), a
tooltip and a look. A frame lists the widgets it shows, in painting order; a click goes to
the topmost widget under the pointer (:func:`hit`), and painting draws the same list, so
the two never disagree. A game paints its widgets in its own :class:`Style`.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from enum import Enum
from typing import Generic, TypeVar

import pygame

from rail_app.ui import hud
from rail_app.ui import palette as shell
from rail_app.ui.fonts import font

C = TypeVar("C")  # what a click on the widget asks for (the game's command type)
H = TypeVar("H")  # what the pointer resting on it shows (e.g. a demand's suppliers)

Colour = tuple[int, int, int]


class Look(Enum):
    BUTTON = "button"  # a plain button
    PRIMARY = "primary"  # the button the phase leads to (in the player's ink)
    CHIP = "chip"  # a small toggle (a filter); ``selected`` fills it
    SOLID = "solid"  # a filled button with its words in bold (lighter under the pointer)
    AREA = "area"  # no look of its own: a card, a row or a section title drawn by its owner


@dataclass(frozen=True)
class Style:
    """A game's colours for its widgets (from its palette module)."""

    face: Colour  # a plain button's ground
    face_hover: Colour  # ... under the pointer
    text: Colour
    edge: Colour
    light_text: Colour  # words on a primary or selected button
    off_face: Colour  # a disabled button
    off_text: Colour
    off_edge: Colour
    chip_on: Colour  # a selected chip
    hover_edge: Colour  # an area under the pointer
    solid: Colour  # a solid button
    solid_off: Colour
    solid_text: Colour


@dataclass(frozen=True)
class Widget(Generic[C, H]):
    rect: pygame.Rect
    command: C | None
    label: str = ""
    enabled: bool = True
    tip: str = ""
    look: Look = Look.BUTTON
    selected: bool = False
    hover: H | None = None  # what the pointer resting here shows on the map
    colour: Colour = shell.BLUE
    size: int = 14

    @property
    def key(self) -> C | H | None:
        """What identifies the widget from one frame to the next."""
        return self.command if self.command is not None else self.hover


def hit(widgets: Sequence[Widget[C, H]], pos: tuple[float, float]) -> Widget[C, H] | None:
    """The topmost widget under ``pos`` (the last one painted)."""
    for w in reversed(widgets):
        if w.rect.collidepoint(pos):
            return w
    return None


def find(widgets: Sequence[Widget[C, H]], key: object) -> Widget[C, H] | None:
    """The topmost widget showing ``key`` (a command, or what it shows on hover)."""
    return next((w for w in reversed(widgets) if w.key == key), None)


def lines_for(text: str, size: int, width: int, bold: bool = False) -> list[str]:
    """``text`` wrapped into lines no wider than ``width`` pixels (words are never cut)."""
    return hud.wrap(text, size, width, bold)


def button_height(label: str, width: int, size: int, px1: int, bold: bool = False) -> int:
    """The height a button of ``width`` needs to show ``label`` in full."""
    n = len(lines_for(label, size, width - 16 * px1, bold))
    return max(round(size * 1.9), n * font(size, bold).get_linesize() + 8 * px1)


def paint(surface: pygame.Surface, w: Widget[C, H], hovered: bool, style: Style) -> None:
    """Draw a widget in ``style`` (an :attr:`Look.AREA` only shows its hover: a warm edge
    around what its owner drew, which stays as readable as before)."""
    r = w.rect
    if w.look is Look.AREA:
        if hovered and w.enabled and w.command is not None:
            pygame.draw.rect(surface, style.hover_edge, r, 2, border_radius=6)
        return
    if w.look is Look.SOLID:
        fill = style.solid if w.enabled else style.solid_off
        if hovered and w.enabled:
            fill = (min(255, fill[0] + 30), min(255, fill[1] + 30), min(255, fill[2] + 30))
        pygame.draw.rect(surface, fill, r, border_radius=6)
        hud.label(surface, w.label, r.center, w.size, style.solid_text, bold=True,
                  anchor="center")
        return
    bold = w.look is Look.PRIMARY
    if not w.enabled:
        bg, fg, edge = style.off_face, style.off_text, style.off_edge
    elif w.look is Look.PRIMARY or w.selected:
        c = w.colour
        bg = c if not hovered else (min(255, c[0] + 25), min(255, c[1] + 25), min(255, c[2] + 25))
        fg, edge = style.light_text, c
        if w.look is Look.CHIP:
            bg = style.chip_on
            edge = bg
    else:
        bg = style.face if not hovered else style.face_hover
        fg, edge = style.text, style.edge
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
