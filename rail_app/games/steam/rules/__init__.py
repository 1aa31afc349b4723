"""The rules of Steam, Basic and Standard games: a pure package (never imports pygame).

The door in is :mod:`rail_app.games.steam.rules.engine` (new_game, quote, apply,
legal_actions, to_act, outcome); the table of actions and phases it reads is
:mod:`rail_app.games.steam.rules.rulebook`.
"""
