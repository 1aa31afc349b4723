"""Italian Rails: start the game (``python main.py``); ``--help`` lists the options."""

from __future__ import annotations

import sys

from rail_app.cli import play_main

if __name__ == "__main__":
    sys.exit(play_main())
