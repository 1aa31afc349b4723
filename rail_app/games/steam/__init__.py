"""Steam (Martin Wallace's *Steam: Rails to Riches*, Spanish edition "Raíles"): 3-5 players
lay hex track tiles, build links between cities and towns and move goods cubes over them.

The rules are in :mod:`rail_app.games.steam.rules` (pure, no pygame); the project's own
reference is ``docs/steam-rules.md``, whose rule ids (S-K7 ...) the code cites.
"""
