"""The view of Steam's screen: the pointer, the hex and the delivery under it, panning,
zooming, fitting and focusing the map, and scrolling the history: the controller's viewing
part (the camera and the scroll position change only here)."""

from __future__ import annotations

from collections.abc import Sequence

from rail_app.games.steam.ui.commands import Deliver
from rail_app.games.steam.ui.core import Core
from rail_app.games.steam.ui.widgets import Widget

ZOOM_STEP = 1.15  # a wheel notch
DRAG = 4  # pixels a right-button press may move and still be a click


class Viewing:
    def __init__(self, core: Core) -> None:
        self.core = core

    def point(self, pos: tuple[int, int], widgets: Sequence[Widget]) -> tuple[int, int]:
        """The pointer moved to ``pos`` (a drag pans the map): the hex and the delivery
        under it. Returns where it was."""
        t = self.core.table
        old = t.pointer
        t.pointer = pos
        if t.panning is not None:
            self.core.map.camera.pan_px(pos[0] - old[0], pos[1] - old[1])
            if abs(pos[0] - t.panning[0]) + abs(pos[1] - t.panning[1]) > DRAG:
                t.pan_moved = True
            return old
        t.hover = self.core.map.hex_at(pos)
        t.hover_route = None
        for w in widgets:
            if isinstance(w.command, Deliver) and w.rect.collidepoint(pos):
                t.hover_route = w.command.index
        return old

    def pan_start(self, pos: tuple[int, int]) -> None:
        self.core.table.panning, self.core.table.pan_moved = pos, False

    def pan_end(self) -> bool:
        """The drag is over; True when it was a click (the map did not move)."""
        t = self.core.table
        moved = t.pan_moved
        t.panning = None
        return not moved

    def pan(self, dx: int, dy: int) -> None:
        self.core.map.camera.pan_px(dx, dy)

    def zoom(self, notches: int) -> None:
        """The wheel over the map: zoom about the pointer."""
        self.core.map.zoom(ZOOM_STEP ** notches, self.core.table.pointer)

    def scroll_history(self, lines: int, most: int) -> None:
        """The history scrolled back ``lines`` more (forward when negative), at most
        ``most`` lines back."""
        t = self.core.table
        t.history_scroll = min(most, max(0, t.history_scroll + lines))

    def fit(self) -> None:
        self.core.map.fit()

    def focus(self, keys: list[str], zoom: float) -> None:
        """Centre the map on these hexes at ``zoom`` times the whole map's scale."""
        board = self.core.state.board
        m = self.core.map
        idx = [board.hex_index(k) for k in keys]
        pts = [m.centres[h] for h in idx if h is not None]
        if not pts:
            return
        m.fit()
        cam = m.camera
        cx = sum(p[0] for p in pts) / len(pts)
        cy = sum(p[1] for p in pts) / len(pts)
        cam.zoom_by(zoom, cam.to_screen(cx, cy), 0.0, 1e9)
        sx, sy = cam.to_screen(cx, cy)
        cam.pan_px(cam.rect.centerx - sx, cam.rect.centery - sy)
