"""Italian Rails' tools for map authors, as the authoring commands reach them
(named by its definition, ``ITALIAN_RAILS.authoring``): weak spots (K5) as warnings of a valid
map, the live preview, the starter map and the deck builder."""

from __future__ import annotations

import argparse
from typing import Any

from rail_app.authoring.kit import AuthoringTools
from rail_app.core.mapfile import MapProblem


def _warnings(board: Any) -> list[MapProblem]:
    from rail_app.games.italian_rails.rules.weakspots import weak_spot_warnings

    return list(weak_spot_warnings(board.board))


def _preview(args: argparse.Namespace, size: tuple[int, int]) -> int:
    from rail_app.games.italian_rails.authoring import preview
    from rail_app.games.italian_rails.authoring.reference import reference_from_args

    reference = reference_from_args(getattr(args, "image", None),
                                    getattr(args, "corners", None),
                                    getattr(args, "opacity", 50))
    if isinstance(reference, int):
        return reference
    return preview.run(args.path, size, reference=reference)


def _new_map(args: argparse.Namespace) -> int:
    from rail_app.games.italian_rails.authoring import newmap

    return newmap.run(args)


def _build_deck(args: argparse.Namespace) -> int:
    from rail_app.games.italian_rails.authoring import deckbuild

    return deckbuild.run(args)


TOOLS = AuthoringTools(map_warnings=_warnings, preview=_preview, new_map=_new_map,
                       build_deck=_build_deck)
