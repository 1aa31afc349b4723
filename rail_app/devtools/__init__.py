"""Development tools: soak runs, random players, fuzzers, autoplay, screenshots, benchmarks.

Kept apart from the game's code: the game never imports from here.
"""
