"""Steam's tools for map authors, as the authoring commands reach them
(named by its definition, ``STEAM.authoring``): the map's picture (``render-map``), the
live preview (``preview``) and the starter map (``new-map --game steam``)."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import Any

from rail_app.authoring.kit import AuthoringTools, new_map_command


def _render(board: Any, out: str, width: int) -> tuple[int, int]:
    """The map, with its background (found beside the map file), as a PNG picture."""
    from rail_app.games.steam.ui import mappicture, maprender

    return mappicture.render_png(board, out, width,
                                 maprender.load_background(board, board.shown))


def _preview(args: argparse.Namespace, size: tuple[int, int]) -> int:
    from rail_app.games.steam.authoring import preview

    if getattr(args, "image", None):
        print("preview: a reference picture (--image) is drawn under maps of Italian Rails "
              "only; a Steam map's preview shows its hexes and background", file=sys.stderr)
        return 2
    return preview.run(args.path, size)


def _write(name: str, folder: Path, force: bool) -> Path:
    from rail_app.games.steam.authoring.maptools import new_map

    return new_map(name, folder, force=force)


TOOLS = AuthoringTools(render_map=_render, preview=_preview, new_map=new_map_command(_write, "preview"))
