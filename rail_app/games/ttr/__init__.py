"""Ticket to Ride – Europe (Alan R. Moon, Days of Wonder, 2005): 2-5 players collect train
cards, claim routes between the cities of Europe, build stations and race to join the
cities of their destination tickets.

The rules are in :mod:`rail_app.games.ttr.rules` (pure, no pygame); the project's own
reference is ``docs/ttr-rules.md``, whose rule ids (T-C2 ...) the code cites. The game plays
on the project's own map of Europe, *Europa 1900* (``maps/ttr-europe.yaml``).
"""
