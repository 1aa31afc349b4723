"""What Rail Pass is called and who plays it, without the rules: the game's id, title, rules
version, seat counts (D-1) and the colours of its six cities (D-3). Light on purpose: the
table's registry reads these before any rule is loaded."""

from __future__ import annotations

from typing import Final

GAME_ID: Final = "railpass"
TITLE: Final = "Rail Pass"
RULES_VERSION: Final = 1
#: D-1: 2-6 players, all on one team.
MIN_SEATS: Final = 2
MAX_SEATS: Final = 6
DEFAULT_SEATS: Final = 6

#: D-3: the six colours, in the order the cities sit round the table clockwise (R-K4).
LETTERS: Final = "KRGBYW"
#: The colours' names, as records and the command line write them.
COLOUR_NAMES: Final = ("black", "red", "green", "blue", "yellow", "white")
CITIES: Final = 6
