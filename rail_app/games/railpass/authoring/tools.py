"""Rail Pass's tools for configuration authors, as the authoring commands reach them: the
starter configuration (``new-map NAME --game railpass``). A configuration has no picture of
its own before the game's screen (a later part): ``render-map`` and ``preview`` say so."""

from __future__ import annotations

import argparse
import sys

from rail_app.authoring.kit import AuthoringTools
from rail_app.core.paths import user_maps_dir
from rail_app.games.railpass.authoring.configtools import (
    NewConfigurationError,
    new_configuration,
)


def _new_map(args: argparse.Namespace) -> int:
    folder = args.dir if args.dir else user_maps_dir()
    try:
        path = new_configuration(args.name, folder, force=args.force)
    except NewConfigurationError as exc:
        print(exc, file=sys.stderr)
        return 2
    print(f"wrote {path}")
    print(f"next: python -m rail_app validate-map {path}")
    return 0


TOOLS = AuthoringTools(new_map=_new_map)
