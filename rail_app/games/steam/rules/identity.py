"""What Steam is called and how many play it, without the rules: the game's id, title, rules
version, seat counts (S-V1) and the keys of its options. Light on purpose: the table's
registry reads these before any rule is loaded (the main menu's first frame)."""

from __future__ import annotations

from typing import Final

GAME_ID: Final = "steam"
TITLE: Final = "Steam"
RULES_VERSION: Final = 1
MIN_SEATS: Final = 3
MAX_SEATS: Final = 5
MAX_SEATS_OPTION: Final = 6  # S-V1
DEFAULT_SEATS: Final = 4

#: The options' keys, as records write them (S-V1-S-V3, S-S12).
GAME: Final = "game"  # "basic" (the default) or "standard"
FIRST_ORDER: Final = "first_order"  # "auction" (the default) or "random" (S-V2)
NOVICE_BORROWING: Final = "novice_borrowing"  # seats, Standard only (S-S12)
SIX_PLAYERS: Final = "six_players"  # S-V1

#: The table's options (New game's check boxes), each turned into Steam's own options.
STANDARD: Final = "standard"  # the Standard game (S-S1): {"game": "standard"}
RANDOM_ORDER: Final = "random_first_order"  # S-V2: {"first_order": "random"}
