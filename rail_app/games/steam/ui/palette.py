"""Steam's colours on the game screen (the map's own are in :mod:`.maprender`): the goods
cubes, the track's ink, the pen's marks, the panels' accents. The players' inks are the
shell's (:data:`rail_app.ui.palette.INKS`)."""

from __future__ import annotations

from rail_app.games.steam.rules.board import Colour
from rail_app.games.steam.ui.maprender import CITY

RGB = tuple[int, int, int]

CUBE: dict[Colour, RGB] = dict(CITY)
CUBE_EDGE: RGB = (30, 30, 30)
TRACK_BED: RGB = (40, 36, 32)  # under a path, so the ink reads on any terrain
NOBODY: RGB = (150, 146, 140)  # a link nobody controls
GHOST_OK: RGB = (40, 140, 60)
GHOST_BAD: RGB = (200, 30, 40)
ROUTE: RGB = (255, 220, 60)
HOVER: RGB = (255, 255, 255)
CARD: RGB = (255, 252, 244)
CARD_TAKEN: RGB = (226, 220, 206)
CARD_EDGE: RGB = (150, 140, 120)
BUTTON: RGB = (60, 90, 130)
BUTTON_OFF: RGB = (170, 170, 170)
BUTTON_TEXT: RGB = (255, 255, 255)
TRACK_LINE: RGB = (200, 192, 176)
SELECTED: RGB = (255, 236, 180)
EDGE: RGB = (170, 160, 140)
HINT_BG: RGB = (40, 60, 90)
RESERVE_BG: RGB = (226, 220, 206)
