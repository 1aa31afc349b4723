"""The game screen's widgets: the screen kit's (:mod:`rail_app.ui.kit.widgets`), carrying
this screen's :mod:`commands <rail_app.games.italian_rails.ui.commands>` (or, for a demand
under the pointer, what it lights on the map), painted in Italian Rails' colours.

The frame lists the widgets it shows; a click goes to the topmost enabled widget under the
pointer, and drawing paints the same list. Widgets are laid out anew when what they show
changes, so they never disagree with the picture.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from rail_app.games.italian_rails.ui.commands import Command, Demand
from rail_app.games.italian_rails.ui.palette import BLUE as BLUE
from rail_app.games.italian_rails.ui.palette import (
    BUTTON_HOVER,
    CHIP_ON,
    CREAM,
    HOVER,
    OFF_BG,
    OFF_EDGE,
    OFF_FG,
    WHITE,
)
from rail_app.ui import hud
from rail_app.ui.kit import widgets as kit
from rail_app.ui.kit.widgets import Look as Look
from rail_app.ui.kit.widgets import button_height as button_height
from rail_app.ui.kit.widgets import hit as hit
from rail_app.ui.kit.widgets import lines_for as lines_for

if TYPE_CHECKING:  # the kit's widget, carrying this screen's commands
    Widget = kit.Widget[Command, Demand]
else:  # made without the typing machinery, which a generic alias's call goes through
    Widget = kit.Widget

STYLE = kit.Style(face=CREAM, face_hover=BUTTON_HOVER, text=hud.TEXT, edge=hud.PANEL_EDGE,
                  light_text=WHITE, off_face=OFF_BG, off_text=OFF_FG, off_edge=OFF_EDGE,
                  chip_on=CHIP_ON, hover_edge=HOVER, solid=BLUE, solid_off=OFF_BG,
                  solid_text=WHITE)


def paint(surface: pygame.Surface, w: Widget, hovered: bool) -> None:
    """Draw a widget in Italian Rails' colours (see :func:`rail_app.ui.kit.widgets.paint`)."""
    kit.paint(surface, w, hovered, STYLE)
