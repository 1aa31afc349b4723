"""What Italian Rails is on the table, in a module light enough for the main menu's first
frame (it imports nothing of the rules engine): its id, the version of its rules, its seat
range, its variants (V1-V3) and the building-only practice option."""

from __future__ import annotations

from rail_app.core.i18n import N_
from rail_app.table.seats import SeatRange

GAME_ID = "italian-rails"
#: Bumped when a rule changes so that an old record may play differently.
RULES_VERSION = 1
SEATS = SeatRange(2, 2, 2)

VARIANT_FAST_TRAINS = "fast_trains"  # V1
VARIANT_LOANS = "loans"  # V2
VARIANT_SMALL_CITY_ACCESS = "small_city_access"  # V3
VARIANTS = (VARIANT_FAST_TRAINS, VARIANT_LOANS, VARIANT_SMALL_CITY_ACCESS)
#: Each variant's words in New game and its rule id.
VARIANT_LABELS = {VARIANT_FAST_TRAINS: (N_("V1 Fast Trains"), "V1"),
                  VARIANT_LOANS: (N_("V2 Loans"), "V2"),
                  VARIANT_SMALL_CITY_ACCESS: (N_("V3 Small City Access"), "V3")}
#: The option of a game of building only (practice: no cards, no train).
BUILDING_ONLY = "building_only"
