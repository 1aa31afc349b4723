"""Ticket to Ride's colours on the map (the map tools' pictures and the game screen's map):
the sea, the land, lakes and mountain ranges of the background, the nine route colours
(D-3), the marks of tunnels and ferries, the cities and the lettering."""

from __future__ import annotations

from rail_app.games.ttr.rules.board import Colour

RGB = tuple[int, int, int]

SEA: RGB = (178, 208, 228)
SEA_NAME: RGB = (86, 124, 160)
LAND: RGB = (238, 231, 210)
COAST: RGB = (120, 146, 170)
LAKE: RGB = (160, 198, 226)
MOUNTAIN: RGB = (196, 170, 130)  # a range's area, drawn half see-through
MOUNTAIN_EDGE: RGB = (170, 140, 100)
INK: RGB = (28, 28, 28)
HALO: RGB = (255, 255, 255)
CITY_FILL: RGB = (250, 246, 236)
CITY_RING: RGB = (160, 30, 36)
SPACE_EDGE: RGB = (40, 40, 40)
TUNNEL_EDGE: RGB = (16, 16, 16)
LOCOMOTIVE: RGB = (20, 20, 20)
LOCOMOTIVE_DISC: RGB = (255, 255, 255)

#: D-3: each route colour, and the colour its pattern mark is drawn in (for colour-blind
#: players every colour also has a mark of its own).
ROUTE: dict[Colour, RGB] = {
    Colour.PURPLE: (142, 76, 178),
    Colour.BLUE: (40, 110, 210),
    Colour.ORANGE: (240, 140, 30),
    Colour.WHITE: (250, 250, 250),
    Colour.GREEN: (60, 156, 70),
    Colour.YELLOW: (246, 214, 40),
    Colour.BLACK: (44, 44, 48),
    Colour.RED: (214, 46, 40),
    Colour.GREY: (168, 168, 164),
}
MARK: dict[Colour, RGB] = {
    Colour.PURPLE: (255, 255, 255),
    Colour.BLUE: (255, 255, 255),
    Colour.ORANGE: (40, 24, 8),
    Colour.WHITE: (60, 60, 60),
    Colour.GREEN: (255, 255, 255),
    Colour.YELLOW: (60, 48, 0),
    Colour.BLACK: (240, 240, 240),
    Colour.RED: (255, 255, 255),
    Colour.GREY: (90, 90, 90),
}
