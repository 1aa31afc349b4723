"""Ticket to Ride's tools for map authors, as the authoring commands reach them
(:data:`rail_app.authoring.games.GAME_AUTHORING`): ``validate-map`` (the map kind, its
summary, its figures against the targets of an original Europe map, a missed target as a
warning) and ``render-map`` (the board as a picture)."""

from __future__ import annotations

import os
from typing import Any

from rail_app.authoring.kit import AuthoringTools, MapKind
from rail_app.core.mapfile import MapProblem


def _load(path: str | os.PathLike[str]) -> Any:
    from rail_app.games.ttr.rules.mapfile import load_board

    return load_board(path)


def summary(board: Any) -> dict[str, Any]:
    """What a map holds, for ``validate-map`` (its ``--json`` keys)."""
    from rail_app.games.ttr.rules.board import RouteKind

    routes = board.routes
    return {
        "cities": len(board.cities),
        "city_pairs": len(board.pairs),
        "routes": len(routes),
        "spaces": sum(r.length for r in routes),
        "tunnels": sum(1 for r in routes if r.kind is RouteKind.TUNNEL),
        "ferries": sum(1 for r in routes if r.kind is RouteKind.FERRY),
        "double_routes": len(board.doubles),
        "long_tickets": len(board.long_tickets),
        "regular_tickets": len(board.regular_tickets),
    }


def _name(board: Any) -> str:
    return str(board.name)


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


MAP_KIND = MapKind("ttr", "Ticket to Ride", _load, summary, _name)
TOOLS = AuthoringTools(map_warnings=warnings, render_map=render, map_report=report,
                       map_kind=MAP_KIND)
