"""Development tools, kept apart from the game: players that test the rules (random and
goal-directed), the soak and fuzz tests, the self-test and autoplay that drive the real
screen, screenshots, benchmarks, simulations and tournaments of the computer opponent.

The game never imports this package; the command line (``rail_app.cli``) does.
"""
