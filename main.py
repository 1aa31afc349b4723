"""Rail Table: start the table of rail games (``python main.py``); ``python main.py help``
lists its options and commands (``python main.py COMMAND`` runs one, as ``python -m rail_app
COMMAND`` does)."""

from __future__ import annotations

import sys

if __name__ == "__main__":
    if sys.version_info < (3, 11):  # noqa: UP036 (said to those who run an older Python)
        from rail_app.core.identity import NAME

        sys.exit(f"{NAME} needs Python 3.11 or newer; this is Python "
                 f"{sys.version.split()[0]}.")
    try:
        from rail_app.cli import entry

        sys.exit(entry())
    except KeyboardInterrupt:  # Ctrl-C before the command line took over
        print("interrupted", file=sys.stderr)
        sys.exit(130)
