"""Steam's own development tools, as the shared tools reach them (its definition's ``tools``):
how its tournament differs from the usual one (tables of N seats, its small map, its players'
seeds, levels made for tuning) and its map fuzzer (``fuzz maps --game steam``: hostile and
mutated boards). The other harnesses (simulate, soak, fuzz, bench, selftest)
take their generic forms."""

from __future__ import annotations

from typing import Any

from rail_app.devtools.toolkit import GameTools, TournamentRules
from rail_app.games.steam.devtools.tuning import define_levels, defined


def _fuzz_maps() -> Any:
    from rail_app.games.steam.devtools import fuzz_maps

    return fuzz_maps

TOOLS = GameTools(tournament=TournamentRules(
    pairings=False,  # --levels alone: one table, the levels dealt round the seats
    games=30,
    seats=3,
    map="maps/test/steam-small.yaml",  # a game on Italia takes seconds
    seat_seed=lambda seed, seat: seed * 31 + seat,
    define_levels=define_levels,
    defined_level=defined,
), fuzz_maps=_fuzz_maps)
