"""The pure rules engine (no pygame): state, actions, quote/apply, cards, events, records.

Use :mod:`rail_app.rules.game` as the public entry point.
"""
