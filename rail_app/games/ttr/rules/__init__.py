"""The rules of Ticket to Ride – Europe: a pure package (never imports pygame).

The project's own reference is ``docs/ttr-rules.md``, whose rule ids (T-C2 ...), worked
examples (EX-01 ...) and decisions (D-1 ...) the code cites. The door in is
:mod:`rail_app.games.ttr.rules.engine` (new_game, quote, apply, legal_actions, to_act); the
table of actions it reads is :mod:`rail_app.games.ttr.rules.rulebook`; what the table reads
of the rules is :mod:`rail_app.games.ttr.rules.boundary`.
"""
