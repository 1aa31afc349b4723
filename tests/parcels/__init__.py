"""Parcels: a small game that exists only for the tests (rules.py, front.py), to show that a
new game costs its package and one line in the registry."""
