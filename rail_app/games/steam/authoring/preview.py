"""``preview`` for Steam maps: the map as the game draws it, in a window that redraws within
about a second of every save.

The map file and its background are watched (modification time, size and inode, a few times
a second) and loaded again with the game's own loader. While the file has problems the last
good map stays on screen under a panel listing them, ``file:line: message`` as
``validate-map`` prints them; fixing the file clears it. Hovering a hex shows its key,
terrain, river, town or city and which of its sides are impassable. The mouse wheel zooms,
dragging pans, F fits the map to the window again (it follows the window's size until
zoomed); Esc or Q closes it.
"""

from __future__ import annotations

import sys
import time
from dataclasses import dataclass, field
from pathlib import Path

import pygame

from rail_app.core.files import Stamp, file_stamp
from rail_app.games.steam.rules.board import Board, Terrain
from rail_app.games.steam.rules.mapfile import MapError, MapProblem, load_board
from rail_app.games.steam.ui import maprender as mr
from rail_app.games.steam.ui import palette

#: How often the files are looked at (seconds).
WATCH_INTERVAL_S = 0.25
MIN_SIZE = (640, 400)
PANEL = (255, 244, 240)
PANEL_EDGE = (170, 40, 40)


@dataclass
class PreviewModel:
    """The map being previewed: the last good board and background, the current problems."""

    path: Path
    board: Board | None = None
    background: mr.Background | None = None
    problems: list[MapProblem] = field(default_factory=list)
    generation: int = 0  # grows whenever a good map is loaded
    stamps: dict[Path, Stamp] = field(default_factory=dict)

    def watched(self) -> list[Path]:
        out = [self.path]
        if self.board is not None and self.board.background:
            out.append(self.path.parent / self.board.background)
        return out

    def load(self) -> None:
        """Load the map and its background again (stamped first: a save during the load is
        seen by the next look)."""
        before = {p: file_stamp(p) for p in self.watched()}
        try:
            board = load_board(self.path)
            background = mr.load_background(board, self.path)
        except MapError as exc:
            self.problems = list(exc.problems)
        else:
            self.board, self.background, self.problems = board, background, []
            self.generation += 1
        self.stamps = {p: before.get(p, file_stamp(p)) for p in self.watched()}

    def check(self) -> bool:
        """Load again if a watched file changed; True when it did."""
        now = {p: file_stamp(p) for p in self.watched()}
        if now == self.stamps:
            return False
        self.load()
        return True


def parse_size(text: str) -> tuple[int, int] | None:
    """``1600x900`` -> (1600, 900); None unless both are at least MIN_SIZE."""
    w, sep, h = text.lower().partition("x")
    if not sep or not w.isdigit() or not h.isdigit():
        return None
    size = (int(w), int(h))
    return size if size[0] >= MIN_SIZE[0] and size[1] >= MIN_SIZE[1] else None


class PreviewWindow:
    """Draws a :class:`PreviewModel` on a surface: the map (fitted to the window until the
    author zooms or pans), the hovered hex's description and the problems panel."""

    def __init__(self, model: PreviewModel) -> None:
        self.model = model
        self.view: mr.View | None = None
        self.fitted = True  # the view follows the window's size until zoomed or panned
        self._picture: pygame.Surface | None = None
        self._key: tuple[int, tuple[int, int], mr.View] | None = None

    def fit(self, size: tuple[int, int]) -> mr.View | None:
        board = self.model.board
        if board is None:
            return None
        x0, y0, x1, y1 = mr.board_bounds(board, board.grid.spacing_km * 0.3)
        scale = min(size[0] / (x1 - x0), size[1] / (y1 - y0))
        cx, cy = (x0 + x1) / 2, (y0 + y1) / 2
        return mr.View(scale, cx - size[0] / 2 / scale, cy - size[1] / 2 / scale)

    def zoom(self, at: tuple[int, int], factor: float) -> None:
        """Zoom by ``factor`` keeping the point under ``at`` in place."""
        if self.view is None:
            return
        x, y = self.view.km(*at)
        scale = min(max(self.view.scale * factor, 0.05), 200.0)
        self.view = mr.View(scale, x - at[0] / scale, y - at[1] / scale)
        self.fitted = False

    def pan(self, dx: int, dy: int) -> None:
        if self.view is None:
            return
        v = self.view
        self.view = mr.View(v.scale, v.x0 - dx / v.scale, v.y0 - dy / v.scale)
        self.fitted = False

    def draw(self, surface: pygame.Surface, mouse: tuple[int, int] | None) -> None:
        size = surface.get_size()
        board = self.model.board
        if board is not None and (self.fitted or self.view is None):
            self.view = self.fit(size)
        if board is not None and self.view is not None:
            key = (self.model.generation, size, self.view)
            if key != self._key:  # drawn once per load, size and view
                self._picture = pygame.Surface(size)
                mr.draw_map(self._picture, self.view, board, self.model.background)
                self._key = key
        if self._picture is not None:
            surface.blit(self._picture, (0, 0))
        else:
            surface.fill(palette.SEA)
        if board is None:
            line = "" if self.model.problems else f"loading {self.model.path}"
        else:
            line = hover_text(board, self.view, mouse) or HINT
        if line:
            mr.text(surface, line, (8, size[1] - 8), 15, anchor="bottomleft")
        if self.model.problems:
            self._panel(surface)

    def _panel(self, surface: pygame.Surface) -> None:
        rows = [f"{len(self.model.problems)} problem(s); the last good map stays until the "
                "file is fixed:"]
        rows += [str(p) for p in self.model.problems[:12]]
        if len(self.model.problems) > 12:
            rows.append(f"... and {len(self.model.problems) - 12} more (validate-map --all)")
        f = mr.font(14)
        width = min(surface.get_width() - 16, max(f.size(r)[0] for r in rows) + 20)
        box = pygame.Rect(8, 8, width, 22 * len(rows) + 12)
        pygame.draw.rect(surface, PANEL, box, border_radius=6)
        pygame.draw.rect(surface, PANEL_EDGE, box, 2, border_radius=6)
        for i, row in enumerate(rows):
            mr.text(surface, row, (box.left + 10, box.top + 8 + 22 * i), 14,
                    palette.INK if i else PANEL_EDGE, bold=i == 0, halo=None, anchor="topleft")


HINT = "hover a hex to read it; the wheel zooms, dragging pans, F fits the map; Esc closes"


def hex_at(board: Board, view: mr.View, at: tuple[int, int]) -> int | None:
    """The hex under a pixel, or None."""
    q, r = board.grid.layout().nearest(*view.km(*at))
    return board.hex_index(f"{q},{r}")


def hover_text(board: Board | None, view: mr.View | None, mouse: tuple[int, int] | None) -> str:
    """What the hovered hex is, in a line: key, city or terrain, river, town, and its
    impassable sides (sides are numbered 0-5 clockwise from east on pointy maps)."""
    if board is None or view is None or mouse is None:
        return ""
    h = hex_at(board, view, mouse)
    if h is None:
        return ""
    info = board.hexes[h]
    city = board.city_at.get(h)
    if city is not None:
        what = f"city {city.name}, {city.colour}, printed number {city.number}"
    else:
        what = "hill" if info.terrain is Terrain.HILL else "plain"
        if info.river:
            what += ", river"
        if info.town:
            what += f", town {info.name}" if info.name else ", town"
    walls = [str(s) for s in range(6) if board.blocked[h][s] and board.nb[h][s] >= 0]
    edge = [str(s) for s in range(6) if board.nb[h][s] < 0]
    out = f"{info.key}: {what}"
    if walls:
        out += f"; thick black sides {', '.join(walls)}"
    if edge:
        out += f"; sea or no hex beyond sides {', '.join(edge)}"
    return out


def run(path: str | Path, size: tuple[int, int] = (1280, 720), frames: int | None = None) -> int:
    """The preview window until it is closed (or for ``frames`` frames); 0, or 2 when the
    file cannot be read at all."""
    model = PreviewModel(Path(path))
    if not model.path.is_file():
        print(f"{path}: no such file", file=sys.stderr)
        return 2
    model.load()
    pygame.display.init()  # no sound: the preview makes none
    pygame.font.init()
    screen = pygame.display.set_mode(size, pygame.RESIZABLE)
    pygame.display.set_caption(f"Steam map preview: {model.path.name}")
    window = PreviewWindow(model)
    clock = pygame.time.Clock()
    last_look = time.monotonic()
    shown = 0
    mouse: tuple[int, int] | None = None
    running = True
    while running and (frames is None or shown < frames):
        for event in pygame.event.get():
            if event.type == pygame.QUIT or (event.type == pygame.KEYDOWN
                                             and event.key in (pygame.K_ESCAPE, pygame.K_q)):
                running = False
            elif event.type == pygame.KEYDOWN and event.key == pygame.K_f:
                window.fitted = True
            elif event.type == pygame.MOUSEWHEEL:
                window.zoom(pygame.mouse.get_pos(), 1.25 if event.y > 0 else 0.8)
            elif event.type == pygame.MOUSEMOTION:
                mouse = event.pos
                if event.buttons[0]:
                    window.pan(*event.rel)
            elif event.type == pygame.WINDOWLEAVE:
                mouse = None
            elif event.type == pygame.VIDEORESIZE:
                screen = pygame.display.set_mode((max(MIN_SIZE[0], event.w),
                                                  max(MIN_SIZE[1], event.h)), pygame.RESIZABLE)
        if time.monotonic() - last_look >= WATCH_INTERVAL_S:
            model.check()
            last_look = time.monotonic()
        window.draw(screen, mouse)
        pygame.display.flip()
        clock.tick(30)
        shown += 1
    pygame.quit()
    return 0
