"""What Ticket to Ride – Europe is called and how many play it, without the rules: the game's
id, title, rules version, seat counts («Para 2 a 5 jugadores», section 0 of
``docs/ttr-rules.md``) and the keys of its options. Light on purpose: the table's registry
reads these before any rule is loaded (the main menu's first frame)."""

from __future__ import annotations

from typing import Final

GAME_ID: Final = "ttr"
TITLE: Final = "Ticket to Ride – Europe"
RULES_VERSION: Final = 1
MIN_SEATS: Final = 2
MAX_SEATS: Final = 5
DEFAULT_SEATS: Final = 4

#: The one option (D-38): who plays first (D-5, T-S6), a seat number; without it the first
#: player is drawn at random.
FIRST_PLAYER: Final = "first_player"
