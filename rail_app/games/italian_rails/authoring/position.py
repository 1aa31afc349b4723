"""Where the pointer is, in the units a map author types, and copying it.

A map's positions (``at:`` of cities, volcanoes and ports, a strait's ``from:``/``to:``,
the grid's ``origin:``) are written in its projection's units: ``[lon, lat]`` in degrees on
an equirectangular map, ``[x, y]`` in km on a plane one. The preview shows the pointer's
position that way, with the dot nearest it, and a click copies the position as an author
pastes it (``[12.4968, 41.9028]``) to the clipboard.
"""

from __future__ import annotations

from dataclasses import dataclass

from rail_app.games.italian_rails.rules.board import Board

#: Decimals shown and copied: 4 for degrees (about 10 m), 1 for km.
DEGREE_DECIMALS = 4
KM_DECIMALS = 1


def _number(value: float, decimals: int) -> str:
    text = f"{value:.{decimals}f}"
    if "." in text:
        text = text.rstrip("0").rstrip(".")
    return "0" if text in ("-0", "") else text


def map_position(board: Board, kx: float, ky: float) -> tuple[float, float]:
    """The map-file position of the point ``kx, ky`` (km on the board)."""
    return board.projection.inverse(kx, ky)


def position_text(board: Board, kx: float, ky: float) -> str:
    """The position as an author writes it in the map file: ``[12.4968, 41.9028]``."""
    x, y = map_position(board, kx, ky)
    decimals = DEGREE_DECIMALS if board.projection.kind != "plane" else KM_DECIMALS
    return f"[{_number(x, decimals)}, {_number(y, decimals)}]"


def units(board: Board) -> str:
    """What the two numbers are: ``lon, lat`` or ``x, y in km``."""
    return "x, y in km" if board.projection.kind == "plane" else "lon, lat"


def copy_text(text: str) -> bool:
    """Put ``text`` on the clipboard; False where there is none (no clipboard support in
    this pygame, or a display without one)."""
    import pygame

    try:
        import pygame.scrap as scrap
    except ImportError:  # a pygame built without it
        return False
    put = getattr(scrap, "put_text", None)
    if put is None:
        return False
    try:
        put(text)
    except (pygame.error, RuntimeError, OSError):
        return False
    return True


@dataclass
class Copied:
    """What the last click copied, shown for a moment by the pointer's chip."""

    text: str
    ok: bool  # on the clipboard, or there is no clipboard to put it on
    left_s: float = 2.5  # how long it stays shown
