"""Development tools (pictures, benchmarks, soak runs), apart from the game's own code."""
