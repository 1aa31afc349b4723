"""Computer players for Steam (layer ai: pure, no pygame; a bot never changes the state it is
given and never draws from the state's random generator)."""
