"""Ticket to Ride's tools for map authors, as the authoring commands reach them (the game's
definition names them): ``validate-map`` (the map's figures against the targets of an
original Europe map, a missed target as a warning; its summary is the rules' own) and
``render-map`` (the board as a picture)."""

from __future__ import annotations

from typing import Any

from rail_app.authoring.kit import AuthoringTools
from rail_app.core.mapfile import MapProblem


def report(board: Any) -> list[str]:
    """The map's figures against the targets of an original Europe map, one line each."""
    from rail_app.games.ttr.authoring.targets import board_rows, table

    rows = board_rows(board)
    met = sum(1 for r in rows if r.ok)
    return [f"figures against the targets ({met} of {len(rows)} met):", *table(rows)]


def warnings(board: Any) -> list[MapProblem]:
    """A missed target is a warning: the map is valid and plays, but not as the published
    board does."""
    from rail_app.games.ttr.authoring.targets import board_rows

    return [MapProblem(board.shown, None, f"warning: target missed: {r.figure}: {r.value} "
                                          f"(target {r.target})")
            for r in board_rows(board) if not r.ok]


def render(board: Any, out: str, width: int) -> tuple[int, int]:
    """The board with its background (beside the map file), in the player's language."""
    from rail_app.core.i18n import language
    from rail_app.games.ttr.rules.background import load_background
    from rail_app.games.ttr.ui.maprender import render_png

    background = None
    if board.background is not None:
        background = load_background(board.background, board.shown, board.shown,
                                     board.projection)
    return render_png(board, out, width, background, language())


TOOLS = AuthoringTools(map_warnings=warnings, render_map=render, map_report=report)
