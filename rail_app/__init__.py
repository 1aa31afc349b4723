"""Rail Table: a table of rail board games (Italian Rails, Steam) to play, replay and review,
with the tools to make their maps (rail_app.core.identity says what the table is called)."""

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
