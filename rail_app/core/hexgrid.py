"""Hexagonal dot grid in axial coordinates (q, r).

Dots are written ``"q,r"`` in map files and game records. Positions are in kilometres with
x pointing east and y pointing south, which is also the screen's orientation.
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    import numpy as np

SQRT3 = math.sqrt(3.0)

#: The six axial directions, in clockwise order starting east (pointy) / south-east (flat).
DIRECTIONS: tuple[tuple[int, int], ...] = ((1, 0), (0, 1), (-1, 1), (-1, 0), (0, -1), (1, -1))


def key(q: int, r: int) -> str:
    """The written form of a dot, ``"q,r"``."""
    return f"{q},{r}"


def parse_key(text: str) -> tuple[int, int]:
    """Parse ``"q,r"``; raises ValueError with a readable message."""
    parts = text.split(",")
    if len(parts) != 2:
        raise ValueError(f"a dot is written 'q,r', not {text!r}")
    try:
        return int(parts[0].strip()), int(parts[1].strip())
    except ValueError:
        raise ValueError(f"a dot is written 'q,r' with whole numbers, not {text!r}") from None


def neighbours(q: int, r: int) -> list[tuple[int, int]]:
    return [(q + dq, r + dr) for dq, dr in DIRECTIONS]


def distance(a: tuple[int, int], b: tuple[int, int]) -> int:
    """Steps between two dots on the grid."""
    dq = a[0] - b[0]
    dr = a[1] - b[1]
    return (abs(dq) + abs(dr) + abs(dq + dr)) // 2


class Layout:
    """Converts between axial coordinates and kilometres for one grid."""

    def __init__(self, spacing: float, orientation: str, origin: tuple[float, float]) -> None:
        if orientation not in ("pointy", "flat"):
            raise ValueError(f"orientation must be 'pointy' or 'flat', not {orientation!r}")
        self.spacing = spacing
        self.orientation = orientation
        self.ox, self.oy = origin

    def to_xy(self, q: float, r: float) -> tuple[float, float]:
        s = self.spacing
        if self.orientation == "pointy":
            return self.ox + s * (q + r / 2.0), self.oy + s * (SQRT3 / 2.0) * r
        return self.ox + s * (SQRT3 / 2.0) * q, self.oy + s * (r + q / 2.0)

    def to_axial_float(self, x: float, y: float) -> tuple[float, float]:
        s = self.spacing
        x -= self.ox
        y -= self.oy
        if self.orientation == "pointy":
            r = y / (s * SQRT3 / 2.0)
            q = x / s - r / 2.0
        else:
            q = x / (s * SQRT3 / 2.0)
            r = y / s - q / 2.0
        return q, r

    def nearest(self, x: float, y: float) -> tuple[int, int]:
        """The grid dot nearest to a position (cube rounding)."""
        qf, rf = self.to_axial_float(x, y)
        sf = -qf - rf
        q, r, s = round(qf), round(rf), round(sf)
        dq, dr, ds = abs(q - qf), abs(r - rf), abs(s - sf)
        if dq > dr and dq > ds:
            q = -r - s
        elif dr > ds:
            r = -q - s
        return int(q), int(r)

    def nearest_array(self, x: np.ndarray, y: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        """:meth:`nearest` of every position of two arrays at once: the arrays of q and r."""
        import numpy as np  # only the map generators ask, for millions of positions

        s = self.spacing
        if self.orientation == "pointy":
            rf = (y - self.oy) / (s * SQRT3 / 2.0)
            qf = (x - self.ox) / s - rf / 2.0
        else:
            qf = (x - self.ox) / (s * SQRT3 / 2.0)
            rf = (y - self.oy) / s - qf / 2.0
        sf = -qf - rf
        q, r, c = np.round(qf), np.round(rf), np.round(sf)
        dq, dr, dc = np.abs(q - qf), np.abs(r - rf), np.abs(c - sf)
        fix_q = (dq > dr) & (dq > dc)
        fix_r = ~fix_q & (dr > dc)
        q = np.where(fix_q, -r - c, q)
        r = np.where(fix_r, -q - c, r)
        return q.astype(int), r.astype(int)

    def corners(self, q: int, r: int) -> list[tuple[float, float]]:
        """The six corners of the hexagonal cell of (q, r), clockwise (y south) from the one
        at 30 degrees (pointy) or 0 degrees (flat); the corner distance is spacing / sqrt 3."""
        x, y = self.to_xy(q, r)
        rad = self.spacing / math.sqrt(3.0)
        first = 30 if self.orientation == "pointy" else 0
        return [(x + rad * math.cos(math.radians(first + 60 * k)),
                 y + rad * math.sin(math.radians(first + 60 * k))) for k in range(6)]

    def covering(self, bounds: tuple[float, float, float, float]) -> list[tuple[int, int]]:
        """Every dot whose cell may meet the km rectangle ``(xmin, ymin, xmax, ymax)``, row by
        row (pointy) or column by column (flat), with a dot to spare on every side."""
        xmin, ymin, xmax, ymax = bounds
        s = self.spacing
        out: list[tuple[int, int]] = []
        if self.orientation == "pointy":
            row = s * SQRT3 / 2.0
            for r in range(math.floor((ymin - self.oy) / row) - 1,
                           math.ceil((ymax - self.oy) / row) + 2):
                q0 = math.floor((xmin - self.ox) / s - r / 2.0) - 1
                q1 = math.ceil((xmax - self.ox) / s - r / 2.0) + 1
                out.extend((q, r) for q in range(q0, q1 + 1))
            return out
        col = s * SQRT3 / 2.0
        for q in range(math.floor((xmin - self.ox) / col) - 1,
                       math.ceil((xmax - self.ox) / col) + 2):
            r0 = math.floor((ymin - self.oy) / s - q / 2.0) - 1
            r1 = math.ceil((ymax - self.oy) / s - q / 2.0) + 1
            out.extend((q, r) for r in range(r0, r1 + 1))
        return out

    def bounds_axial(
        self, xmin: float, ymin: float, xmax: float, ymax: float
    ) -> tuple[int, int, int, int]:
        """A (qmin, qmax, rmin, rmax) box of axial coordinates covering a km rectangle."""
        corners = [self.to_axial_float(x, y) for x in (xmin, xmax) for y in (ymin, ymax)]
        qs = [c[0] for c in corners]
        rs = [c[1] for c in corners]
        return (
            math.floor(min(qs)) - 1,
            math.ceil(max(qs)) + 1,
            math.floor(min(rs)) - 1,
            math.ceil(max(rs)) + 1,
        )
