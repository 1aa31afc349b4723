"""A reference picture under the preview's layers: a scan, a screenshot of another map, an
old atlas page, placed by two corners, to trace a coast, a river or a border from.

``preview MAP --image FILE --corners X1,Y1,X2,Y2`` places any PNG or JPEG with two opposite
corners written in the map's own units (those of ``at:``: lon,lat on an equirectangular
map, x,y km on a plane one), in either order, so that a bounding box copied from a web map
(west, south, east, north) works as it is. The picture is stretched between them, which is
exact for a picture in the map's projection (a lon/lat picture on an equirectangular map)
and close over a region for a web map's screenshot. It lies over the map's paper (its land
and sea, which are opaque) and under everything an author compares it with: the preview's
layers, the dots' keys, the names. Its opacity is chosen with O and it is hidden with I.
The file is read again when it changes.
"""

from __future__ import annotations

import math
import os
from dataclasses import dataclass, field
from pathlib import Path

import pygame

from rail_app.core.geometry import Projection
from rail_app.games.italian_rails.ui import mapstyle as ms

#: The opacities O steps through (per cent).
OPACITIES = (25, 50, 75, 100)
#: The largest picture the preview reads: pictures beyond it are refused with a sentence.
MAX_FILE_BYTES = 64 * 1024 * 1024
MAX_PIXELS = 50_000_000


def parse_corners(text: str) -> tuple[float, float, float, float] | None:
    """``"6.6,36.6,18.5,47.1"`` -> four numbers; None unless it is four finite numbers
    that make a box (two different x and two different y)."""
    parts = [p.strip() for p in text.replace(";", ",").split(",")]
    if len(parts) != 4:
        return None
    try:
        x1, y1, x2, y2 = (float(p) for p in parts)
    except ValueError:
        return None
    if not all(math.isfinite(v) and abs(v) <= 100_000 for v in (x1, y1, x2, y2)):
        return None
    if x1 == x2 or y1 == y2:
        return None
    return x1, y1, x2, y2


def _stamp(path: Path) -> tuple[int, int] | None:
    try:
        st = os.stat(path)
    except OSError:
        return None
    return st.st_mtime_ns, st.st_size


@dataclass
class ReferenceImage:
    """The picture, where it lies on the board (km, y southwards), how it is shown."""

    path: Path
    corners: tuple[float, float, float, float]  # as given, in the map's units
    opacity: int = 50  # per cent
    visible: bool = True
    picture: pygame.Surface | None = None
    error: str = ""  # why the picture cannot be shown ("" when it is)
    box: tuple[float, float, float, float] = (0.0, 0.0, 1.0, 1.0)  # x0, y0, x1, y1 in km
    version: int = 0  # grows whenever the picture or its placing changes
    stamp: tuple[int, int] | None = field(default=None, repr=False)

    def place(self, projection: Projection) -> None:
        """Lay the corners on the board of a map with this projection."""
        x1, y1, x2, y2 = self.corners
        ax, ay = projection.forward(x1, y1)
        bx, by = projection.forward(x2, y2)
        self.box = (min(ax, bx), min(ay, by), max(ax, bx), max(ay, by))
        self.version += 1

    def load(self) -> None:
        """Read the picture (again); ``error`` says why when it cannot be shown."""
        self.stamp = _stamp(self.path)
        self.picture, self.error = None, ""
        self.version += 1
        if self.stamp is None:
            self.error = f"{self.path.name}: file not found"
            return
        if self.stamp[1] > MAX_FILE_BYTES:
            self.error = f"{self.path.name}: larger than {MAX_FILE_BYTES // 2**20} MB"
            return
        try:
            raw = pygame.image.load(str(self.path))
        except (pygame.error, OSError, ValueError) as exc:
            self.error = f"{self.path.name}: not a picture the preview can read ({exc})"
            return
        w, h = raw.get_size()
        if w * h > MAX_PIXELS or w < 1 or h < 1:
            self.error = f"{self.path.name}: {w}x{h} pixels is too large a picture"
            return
        pic = pygame.Surface((w, h), pygame.SRCALPHA)  # 32 bits, as smoothscale wants
        pic.blit(raw, (0, 0))
        self.picture = pic

    def changed_on_disk(self) -> bool:
        return _stamp(self.path) != self.stamp

    def step_opacity(self) -> None:
        later = [o for o in OPACITIES if o > self.opacity]
        self.opacity = later[0] if later else OPACITIES[0]
        self.version += 1

    def toggle(self) -> None:
        self.visible = not self.visible
        self.version += 1

    @property
    def key(self) -> tuple[object, ...]:
        """What the drawn picture depends on (the preview's cached layer watches it)."""
        return (self.version, self.visible, self.opacity, self.box)

    def draw(self, surface: pygame.Surface, view: ms.MapView) -> None:
        """Draw the part of the picture inside ``surface``'s clip, placed by ``view``, at its
        opacity. ``surface`` is transparent where nothing was drawn yet (the preview's layer
        draws the picture first), so the picture's pixels are put there as they are."""
        pic = self.picture
        if not self.visible or pic is None:
            return
        x0, y0, x1, y1 = self.box
        (px0, py0), (px1, py1) = view.to_px(x0, y0), view.to_px(x1, y1)
        if px1 - px0 < 1 or py1 - py0 < 1:
            return
        clip = surface.get_clip()
        left, top = max(clip.left, math.floor(px0)), max(clip.top, math.floor(py0))
        right, bottom = min(clip.right, math.ceil(px1)), min(clip.bottom, math.ceil(py1))
        if right <= left or bottom <= top:
            return
        iw, ih = pic.get_size()
        sx, sy = iw / (px1 - px0), ih / (py1 - py0)  # picture pixels per screen pixel
        src = pygame.Rect(math.floor((left - px0) * sx), math.floor((top - py0) * sy), 0, 0)
        src.width = min(iw, math.ceil((right - px0) * sx) + 1) - src.x
        src.height = min(ih, math.ceil((bottom - py0) * sy) + 1) - src.y
        src = src.clip(pic.get_rect())
        if src.width < 1 or src.height < 1:
            return
        dx, dy = px0 + src.x / sx, py0 + src.y / sy
        size = (max(1, round(src.width / sx)), max(1, round(src.height / sy)))
        piece = pygame.transform.smoothscale(pic.subsurface(src), size)
        alpha = round(255 * self.opacity / 100)
        piece.fill((255, 255, 255, alpha), special_flags=pygame.BLEND_RGBA_MULT)
        surface.blit(piece, (round(dx), round(dy)), special_flags=pygame.BLEND_RGBA_MAX)


def reference_from_args(image: str | None, corners_text: str | None, opacity: int
                        ) -> ReferenceImage | None | int:
    """The preview's reference picture from ``--image``, ``--corners`` and ``--opacity``:
    None without them, the exit code for bad input (the reason printed) when they are
    wrong."""
    import sys

    if image is None and corners_text is None:
        return None
    corners = parse_corners(corners_text) if corners_text is not None else None
    if image is None or corners is None:
        print("--image FILE --corners X1,Y1,X2,Y2: a picture and two opposite corners "
              "of it in the map's units (lon,lat or x,y km, as 'at:' takes them), e.g. "
              "--corners 9.5,42.3,12.5,44.5", file=sys.stderr)
        return 2
    if not 1 <= opacity <= 100:
        print(f"--opacity: {opacity} is not a percentage from 1 to 100", file=sys.stderr)
        return 2
    if not Path(image).is_file():
        print(f"--image: {image}: file not found", file=sys.stderr)
        return 2
    return ReferenceImage(Path(image), corners, opacity)
