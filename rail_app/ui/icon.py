"""The table's icon on the game's windows (drawn by tools/make_icon.py; the executables'
own icons are the spec's)."""

from __future__ import annotations

import pygame

from rail_app.core.paths import resource_path

#: The window's icon, for the title bar and the task switcher.
ICON = ("assets", "icon", "table.png")


def set_window_icon() -> None:
    """Give the windows opened from now on the table's icon (before the window opens: some
    systems take no icon after)."""
    pygame.display.set_icon(pygame.image.load(str(resource_path(*ICON))))
