"""``python -m rail_app ...``: the command line (see rail_app/cli.py)."""

import sys

from rail_app.cli import main

sys.exit(main())
