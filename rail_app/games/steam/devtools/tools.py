"""Steam's own development tools, as the shared tools reach them (its definition's ``tools``):
how its tournament differs from the usual one (tables of N seats, its small map, its players'
seeds, levels made for tuning). The other harnesses (simulate, soak, fuzz, bench, selftest)
take their generic forms."""

from __future__ import annotations

from rail_app.devtools.toolkit import GameTools, TournamentRules
from rail_app.games.steam.devtools.tuning import define_levels, defined

TOOLS = GameTools(tournament=TournamentRules(
    pairings=False,  # --levels alone: one table, the levels dealt round the seats
    games=30,
    seats=3,
    map="maps/test/steam-small.yaml",  # a game on Italia takes seconds
    seat_seed=lambda seed, seat: seed * 31 + seat,
    define_levels=define_levels,
    defined_level=defined,
))
