"""The pure rules engine (no pygame): state, actions, quote/apply, cards, events, records.

Use :mod:`rail_app.games.italian_rails.rules.engine` as the public entry point; :mod:`rail_app.games.italian_rails.rules.rulebook`
lists every action and turn hook it knows.
"""
