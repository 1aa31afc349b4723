"""A Steam map drawn to a file (``render-map``, the map author's tools): the whole board at a
width, its name in a corner and a key to its marks."""

from __future__ import annotations

import os
from pathlib import Path

import pygame

from rail_app.games.steam.rules.board import Board, Colour
from rail_app.games.steam.ui.maprender import (
    Background,
    Point,
    View,
    _hill_mark,
    _river_mark,
    _town_mark,
    board_bounds,
    draw_map,
    text,
)
from rail_app.games.steam.ui.palette import CITY, HALO, HEX_EDGE, HILL, INK, PLAIN, WALL
from rail_app.ui import fonts

LEGEND_ROWS: tuple[tuple[str, str], ...] = (
    ("plain", "Plain"), ("hill", "Hill (+$2)"), ("river", "River (+$1)"), ("town", "Town"),
    ("wall", "Impassable side"), ("cities", "Cities"), ("number", "Cubes at set-up"))


def legend_size(size: int) -> tuple[int, int]:
    """The key's width and height in pixels for a text size."""
    return size * 13, (size + 8) * len(LEGEND_ROWS) + 12


def draw_legend(surface: pygame.Surface, at: Point, size: int) -> pygame.Rect:
    """A key to the map's marks (colours, terrain, river, town, impassable side)."""
    x, y = at
    line = size + 8
    rows = LEGEND_ROWS
    width, height = legend_size(size)
    box = pygame.Rect(round(x), round(y), width, height)
    pygame.draw.rect(surface, HALO, box, border_radius=6)
    pygame.draw.rect(surface, INK, box, 1, border_radius=6)
    sw = size * 1.6
    for i, (kind, label) in enumerate(rows):
        cy = y + 6 + line * i + line / 2
        cx = x + 10 + sw / 2
        if kind in ("plain", "hill"):
            rect = pygame.Rect(0, 0, round(sw), round(size * 1.1))
            rect.center = (round(cx), round(cy))
            pygame.draw.rect(surface, PLAIN if kind == "plain" else HILL, rect)
            pygame.draw.rect(surface, HEX_EDGE, rect, 1)
            if kind == "hill":
                _hill_mark(surface, (cx, cy + size * 0.3), size * 0.8)
        elif kind == "river":
            _river_mark(surface, (cx, cy - size * 0.6), size * 1.1)
        elif kind == "town":
            _town_mark(surface, (cx, cy), size * 1.8)
        elif kind == "wall":
            pygame.draw.line(surface, WALL, (cx - sw / 2, cy), (cx + sw / 2, cy), max(3, size // 4))
        elif kind == "number":
            disc = round(size * 0.7)
            pygame.draw.circle(surface, HALO, (round(cx), round(cy)), disc)
            pygame.draw.circle(surface, INK, (round(cx), round(cy)), disc, 1)
            text(surface, "2", (cx, cy), size, bold=True, halo=None)
        else:
            for j, colour in enumerate((Colour.RED, Colour.BLUE, Colour.YELLOW, Colour.PURPLE)):
                r = pygame.Rect(0, 0, round(sw / 4), round(size * 1.1))
                r.midleft = (round(cx - sw / 2 + j * sw / 4), round(cy))
                pygame.draw.rect(surface, CITY[colour], r)
        text(surface, label, (x + 20 + sw, cy), size, anchor="midleft", halo=None)
    return box


def render_surface(board: Board, background: Background | None, width: int = 1600, *,
                   legend: bool = True) -> pygame.Surface:
    """The whole map, ``width`` pixels wide, with its name (and a key) in a corner."""
    if not pygame.get_init():
        pygame.init()
    pygame.font.init()
    fonts.font.cache_clear()  # a picture made after an earlier pygame.quit(): its fonts are dead
    x0, y0, x1, y1 = board_bounds(board)
    frame = background.extent() if background is not None else None
    if frame is not None:
        x0, y0 = max(x0, frame[0]), max(y0, frame[1])
        x1, y1 = min(x1, frame[2]), min(y1, frame[3])
    view, height = View.fit((x0, y0, x1, y1), width)
    surface = pygame.Surface((width, height))
    draw_map(surface, view, board, background)
    size = max(12, width // 90)
    text(surface, board.name, (size, size * 0.6), round(size * 1.8), bold=True,
         anchor="topleft")
    if legend:
        w, h = legend_size(size)
        draw_legend(surface, (width - w - size, height - h - size), size)
    return surface


def render_png(board: Board, out: str | Path, width: int = 1600,
               background: Background | None = None) -> tuple[int, int]:
    """Write a picture of ``board`` ``width`` pixels wide to ``out`` (a PNG, written whole
    or not at all) and return its size."""
    surface = render_surface(board, background, width)
    path = Path(out)
    tmp = path.with_name(f".{path.name}.tmp.png")
    try:
        pygame.image.save(surface, str(tmp))
        os.replace(tmp, path)
    finally:
        if tmp.exists():
            tmp.unlink()
    return surface.get_size()
