"""Italian Rails: a digital edition of Rick Heli's two-player crayon-rails game."""

__version__ = "0.1.0"

#: Exit codes of every command: success, and a mistake in what the user gave.
EXIT_OK = 0
EXIT_BAD_INPUT = 2
