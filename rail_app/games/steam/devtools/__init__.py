"""Developer tools for Steam (never shipped in the game): the tournament of the computer
levels."""
