"""What a game offers map authors (:class:`AuthoringTools`, listed by game id in
:mod:`rail_app.authoring.games`). A module without the games, so that a game's authoring
tools can import it."""

from __future__ import annotations

import argparse
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from rail_app.core.mapfile import MapProblem


@dataclass(frozen=True)
class AuthoringTools:
    """A game's tools for map authors; None where the game has none."""

    #: Warnings of a valid map (``validate-map`` prints them; the map is still valid).
    map_warnings: Callable[[Any], list[MapProblem]] | None = None
    #: ``preview PATH``: the map as the game draws it, redrawn when it is saved; called with
    #: the command's arguments (its path and the game's own options) and the window size.
    preview: Callable[[argparse.Namespace, tuple[int, int]], int] | None = None
    #: ``new-map NAME``: write a small valid starter map.
    new_map: Callable[[argparse.Namespace], int] | None = None
    #: ``build-deck PATH``: make a balanced deck for a map.
    build_deck: Callable[[argparse.Namespace], int] | None = None
    #: ``render-map``: the map (a board of the game's ``load_board``) as a PNG picture of a
    #: width; its size. None: the game screen's picture of the map.
    render_map: Callable[[Any, str, int], tuple[int, int]] | None = None
    #: Lines ``validate-map`` prints after a valid map's summary (a table of its figures,
    #: say), and lists under ``report`` in ``--json``.
    map_report: Callable[[Any], list[str]] | None = None
