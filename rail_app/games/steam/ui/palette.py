"""Steam's colours: on the map (the map tools' pictures and the game screen's map) the sea and
the lands around the board, terrain, rivers and lakes, the impassable sides, the lettering,
and the cities' colours (S-B7); on the game screen the goods cubes, the track's bed, the
pen's marks and the panels' accents. The players' inks are the shell's
(:data:`rail_app.ui.palette.INKS`)."""

from __future__ import annotations

from rail_app.games.steam.rules.board import Colour

RGB = tuple[int, int, int]

SEA: RGB = (176, 206, 226)
OFF_MAP: RGB = (120, 128, 136)  # beyond the background's extent
SEA_HEX_EDGE: RGB = (156, 190, 214)
CONTEXT: RGB = (218, 214, 204)  # lands beside the board: other countries, Sardinia
CONTEXT_EDGE: RGB = (178, 172, 160)
LAND: RGB = (236, 230, 208)  # the board's land outside the hexes
COAST: RGB = (92, 122, 150)
PLAIN: RGB = (222, 229, 186)
HILL: RGB = (205, 182, 138)
HILL_MARK: RGB = (140, 106, 62)
HEX_EDGE: RGB = (150, 150, 128)
RIVER: RGB = (62, 120, 196)
LAKE: RGB = (150, 192, 224)
BORDER: RGB = (150, 60, 60)
WALL: RGB = (16, 16, 16)
INK: RGB = (28, 28, 28)
HALO: RGB = (255, 255, 255)
TOWN_FILL: RGB = (255, 255, 255)
CITY: dict[Colour, RGB] = {
    Colour.RED: (206, 52, 46),
    Colour.BLUE: (46, 96, 196),
    Colour.YELLOW: (238, 198, 38),
    Colour.PURPLE: (128, 66, 160),
    Colour.GREY: (128, 128, 128),
}

# -- the game screen ------------------------------------------------------------------------

#: A cube has its city's colour; the grey one lighter, so that a few pixels of grey and of
#: purple stay apart on the map at a small window's scale.
CUBE: dict[Colour, RGB] = {**CITY, Colour.GREY: (192, 192, 192)}
CUBE_EDGE: RGB = (30, 30, 30)
TRACK_BED: RGB = (40, 36, 32)  # under a path, so the ink reads on any terrain
NOBODY: RGB = (150, 146, 140)  # a link nobody controls
GHOST_OK: RGB = (40, 140, 60)
GHOST_BAD: RGB = (200, 30, 40)
ROUTE: RGB = (255, 220, 60)
SUGGEST: RGB = (70, 60, 130)  # Suggest's ghosts and its bubble
ROUTE_BEST: RGB = (214, 150, 0)  # the best delivery's frame in the list
ROUTE_BEST_TEXT: RGB = (150, 95, 0)
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
