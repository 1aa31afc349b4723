"""``python -m rail_app ...``: the command line (see rail_app/cli.py)."""

import sys

from rail_app.core.identity import NAME  # plain constants: any Python 3 reads them

if sys.version_info < (3, 11):  # noqa: UP036 (said to those who run an older Python)
    sys.exit(f"{NAME} needs Python 3.11 or newer; this is Python {sys.version.split()[0]}.")
try:
    from rail_app.cli import main

    sys.exit(main())
except KeyboardInterrupt:  # Ctrl-C before the command line took over
    print("interrupted", file=sys.stderr)
    sys.exit(130)
