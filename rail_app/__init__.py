"""Italian Rails: a digital edition of Rick Heli's two-player crayon-rails game."""

import os

__version__ = "0.1.0"

# pygame prints a banner when first imported unless told not to: no tool's output (a
# ``--json`` document) and no game's terminal shows it, whichever module imports it first.
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

#: Exit codes of every command: success, a failure (a check that failed, no display for the
#: game), a mistake in what the user gave (refused), and Ctrl-C (interrupted).
EXIT_OK = 0
EXIT_FAILED = 1
EXIT_BAD_INPUT = 2
EXIT_INTERRUPTED = 130
