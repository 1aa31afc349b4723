"""Italian Rails' colours, in one place: the map (land, sea, rivers, mountains, cities,
ferries), the events' zones, the pieces and marks on the map, the side panel and dialogs,
and the map author's preview. The shell's colours (paper, ink, panels, tones, the players'
inks) come from :mod:`rail_app.ui.palette`."""

from __future__ import annotations

from rail_app.games.italian_rails.rules.eventkinds import EventKind
from rail_app.ui.palette import BLACK as BLACK
from rail_app.ui.palette import BLUE as BLUE
from rail_app.ui.palette import CLEAR as CLEAR
from rail_app.ui.palette import COLOUR_KEY as COLOUR_KEY
from rail_app.ui.palette import CREAM as CREAM
from rail_app.ui.palette import GREEN, PANEL
from rail_app.ui.palette import INK as INK
from rail_app.ui.palette import NOTICE_BG as NOTICE_BG
from rail_app.ui.palette import PAPER as PAPER
from rail_app.ui.palette import RED as RED
from rail_app.ui.palette import RGBA as RGBA
from rail_app.ui.palette import SCROLL_BAR as SCROLL_BAR
from rail_app.ui.palette import SHADOW as SHADOW
from rail_app.ui.palette import WHITE as WHITE
from rail_app.ui.palette import Colour as Colour

ALPINE: Colour = (90, 90, 110)
ALPINE_TINT: Colour = (236, 236, 240)
BG: Colour = PAPER
BORDER: Colour = (70, 60, 60)
BORDER_FORBIDDEN: Colour = (120, 20, 20)
BOX: Colour = PANEL
BUTTON_HOVER: Colour = (255, 241, 206)
CARD_BG: Colour = (255, 253, 246)
CHIP_GLOW: RGBA = (255, 236, 180, 90)
CHIP_ON: Colour = (90, 80, 66)
CHOICE_BG: Colour = (255, 250, 232)
CHOICE_CHOSEN: Colour = (255, 240, 190)
CITY_EDGE: Colour = (120, 10, 20)
CITY_RED: Colour = RED
COAST: Colour = (120, 150, 170)
COMMODITY_GREEN: Colour = GREEN
CONTEXT_LAND: Colour = (226, 226, 222)
CUBE_UNLOCKED: Colour = (230, 230, 230)
DARK: Colour = (30, 26, 22)
DARK_GREY: Colour = (60, 60, 60)
DERAIL: Colour = (200, 30, 40)
DOT: Colour = (120, 120, 120)
ERROR_HEAD: Colour = (255, 220, 210)
EVENT_BAND_TEXT: Colour = (255, 230, 225)
FERRY_INK: Colour = (40, 80, 130)
FINE: Colour = (170, 220, 170)
FLOOD: Colour = (40, 110, 220)
FRAME: Colour = (120, 150, 170)
FREE_TRACK: Colour = (200, 30, 40)
GAUGE_BG: Colour = (225, 218, 200)
GHOST_BG: Colour = (255, 252, 244)
GLOW: Colour = (255, 170, 0)
GREY: Colour = (130, 120, 110)
HERE_GLOW: RGBA = (255, 226, 150, 110)
HISTORY_SHADE: Colour = (40, 36, 30)
HOVER: Colour = (255, 200, 0)
HOVER_BG: Colour = (255, 236, 180)
INK_GREEN: Colour = (0, 158, 115)
INK_ORANGE: Colour = (230, 159, 0)
INK_PURPLE: Colour = (204, 121, 167)
INK_SKY: Colour = (86, 180, 233)
INK_VERMILLION: Colour = (213, 94, 0)
LABEL_HALO: Colour = (250, 248, 240)
LAND: Colour = (246, 241, 226)
LOCKED_BG: Colour = (244, 238, 224)
MAJOR_FILL: Colour = (250, 225, 220)
MOUNTAIN: Colour = (135, 100, 70)
MOUNTAIN_TINT: Colour = (233, 222, 200)
NAME_INK: Colour = (40, 35, 30)
NOTE: Colour = (230, 140, 0)
OFF_BG: Colour = (236, 232, 222)
OFF_EDGE: Colour = (200, 192, 178)
OFF_FG: Colour = (150, 142, 130)
OLIVE: Colour = (140, 140, 30)
PANEL_BG: Colour = (255, 250, 220)
PROBLEM: Colour = (255, 150, 140)
RIVER: Colour = (70, 140, 205)
ROSE: Colour = (190, 60, 90)
SEA: Colour = (196, 222, 238)
SEA_DEEP: Colour = (176, 208, 230)
SEA_LABEL: Colour = (90, 130, 170)
SECTION_LIT: Colour = (255, 236, 200)
SHEET_EDGE: Colour = (120, 110, 95)
SHEET_SHADOW: Colour = (168, 158, 140)
SOFT: Colour = (220, 212, 198)
STORM: Colour = (60, 70, 150)
TAB: Colour = (235, 228, 210)
TABLE: Colour = (214, 206, 190)
TINT_ALPINE: Colour = (90, 110, 170)
TINT_MOUNTAIN: Colour = (150, 100, 60)
TINT_PLAIN: Colour = (120, 170, 90)
TIP_BLUE: Colour = (160, 200, 255)
TIP_GREEN: Colour = (150, 230, 160)
TIP_RED: Colour = (255, 170, 160)
TONE_ERROR: Colour = (120, 20, 25)
TONE_GOOD: Colour = (20, 90, 45)
TONE_WARN: Colour = (150, 85, 0)
UNKNOWN_GREY: Colour = (128, 128, 128)
VIOLET: Colour = (120, 90, 160)
VOLCANO: Colour = (220, 80, 20)
VOLCANO_CONE: Colour = (110, 60, 40)
VOLCANO_FIRE: Colour = (230, 90, 30)
WARN_BG: Colour = (250, 232, 228)
WATER: Colour = (150, 196, 228)
WAVE_WHITE: RGBA = (255, 255, 255, 230)
WEAK: Colour = (200, 30, 40)
WEATHER: Colour = (120, 120, 130)

#: Each lasting event's zone on the map, and how strongly it is tinted (alpha); a kind
#: without a colour of its own is drawn in ZONE_DEFAULT.
ZONE_COLOURS: dict[EventKind, Colour] = {
    EventKind.FLOOD: FLOOD, EventKind.STORM: STORM, EventKind.VOLCANO: VOLCANO,
    EventKind.BAD_WEATHER: WEATHER}
ZONE_ALPHA: dict[EventKind, int] = {EventKind.VOLCANO: 85, EventKind.STORM: 105}
ZONE_DEFAULT = WEATHER
ZONE_DEFAULT_ALPHA = 80
#: The ways of a dealt card's three demands on the map while choosing the private cards (C2),
#: and their words: dark enough to read on the ghost box's paper
CARD_TINTS: tuple[Colour, Colour, Colour] = ((196, 78, 0), (0, 128, 92), (140, 64, 150))
