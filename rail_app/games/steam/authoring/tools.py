"""Steam's tools for map authors, as the authoring commands reach them
(named by its definition, ``STEAM.authoring``): the map's picture (``render-map``), the
live preview (``preview``) and the starter map (``new-map --game steam``)."""

from __future__ import annotations

import argparse
import sys
from typing import Any

from rail_app.authoring.kit import AuthoringTools


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


def _new_map(args: argparse.Namespace) -> int:
    from rail_app.core.paths import user_maps_dir
    from rail_app.games.steam.authoring.maptools import NewMapError, new_map

    folder = args.dir if args.dir else user_maps_dir()
    try:
        path = new_map(args.name, folder, force=args.force)
    except NewMapError as exc:
        print(exc, file=sys.stderr)
        return 2
    print(f"wrote {path}")
    print(f"next: python -m rail_app preview {path}")
    return 0


TOOLS = AuthoringTools(render_map=_render, preview=_preview, new_map=_new_map)
