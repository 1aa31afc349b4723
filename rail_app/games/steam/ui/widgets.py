"""Steam's widgets: the screen kit's (:mod:`rail_app.ui.kit.widgets`), carrying this
screen's :mod:`commands <rail_app.games.steam.ui.commands>`, painted in Steam's colours (a
filled button with its words in bold; the action tiles' cards, the deliveries' rows and the
reserve's sets are drawn by the panels they stand in)."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from rail_app.games.steam.ui import palette as pal
from rail_app.games.steam.ui.commands import Command
from rail_app.ui import palette as shell
from rail_app.ui.kit import widgets as kit
from rail_app.ui.kit.widgets import Look as Look

if TYPE_CHECKING:  # the kit's widget, carrying this screen's commands
    Widget = kit.Widget[Command, None]
else:  # made without the typing machinery, which a generic alias's call goes through
    Widget = kit.Widget

STYLE = kit.Style(face=pal.CARD, face_hover=pal.SELECTED, text=shell.TEXT, edge=pal.EDGE,
                  light_text=pal.BUTTON_TEXT, off_face=pal.BUTTON_OFF,
                  off_text=pal.BUTTON_TEXT, off_edge=pal.BUTTON_OFF, chip_on=pal.BUTTON,
                  hover_edge=pal.HOVER, solid=pal.BUTTON, solid_off=pal.BUTTON_OFF,
                  solid_text=pal.BUTTON_TEXT)


def paint(surface: pygame.Surface, w: Widget, hovered: bool) -> None:
    """Draw a button (see :func:`rail_app.ui.kit.widgets.paint`)."""
    kit.paint(surface, w, hovered, STYLE)
