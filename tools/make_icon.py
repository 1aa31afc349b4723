"""Draw the table's icon and write it for every place it is shown:

    python tools/make_icon.py            writes assets/icon/table.png, table.ico, table.icns

``table.png`` (256 px) is the game window's icon (read at start); ``table.ico`` (16 to 256
px) is the Windows executable's and ``table.icns`` (16 to 1024 px) the macOS application's,
both used by ``ItalianRails.spec`` only, so they stay out of the bundle.

The picture is the project's own, drawn here with pygame (no outside artwork): a hex tile of
map paper on the green of a games table, a curved railway across it, its two ends stations
in two players' inks. Each size is drawn on its own at four times its size and reduced with
an alpha-weighted box filter in integers, so the small sizes stay crisp and the files are the
same on every machine. The ICO and ICNS containers carry the PNG images as they are (PNG in
ICO since Windows Vista, in ICNS since macOS 10.7); nothing but pygame and the standard
library is needed. ``tests/test_icon.py`` checks that the committed files are what this
script draws.
"""

from __future__ import annotations

import argparse
import io
import math
import os
import struct
import sys
from collections.abc import Iterable, Sequence
from pathlib import Path

os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import numpy as np  # noqa: E402
import pygame  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent
OUT = ROOT / "assets" / "icon"
#: The window's icon: one picture, large enough for any window manager's task switcher.
WINDOW_SIZE = 256
#: The sizes Windows asks an .ico for (Explorer's views, the taskbar, Alt-Tab).
ICO_SIZES = (16, 24, 32, 48, 64, 128, 256)
#: The ICNS entries, by type: PNG images at each size macOS asks for (the @2x ones too).
ICNS_TYPES: tuple[tuple[bytes, int], ...] = (
    (b"icp4", 16), (b"icp5", 32), (b"icp6", 64), (b"ic07", 128), (b"ic08", 256),
    (b"ic09", 512), (b"ic10", 1024), (b"ic11", 32), (b"ic12", 64), (b"ic13", 256),
    (b"ic14", 512),
)
#: Each size is drawn this many times larger, then reduced (at most 2048 px drawn).
SUPERSAMPLE = 4
MOST_DRAWN = 2048

Colour = tuple[int, int, int]
Point = tuple[float, float]

FELT_TOP: Colour = (34, 104, 82)
FELT_BOTTOM: Colour = (18, 66, 52)
FELT_EDGE: Colour = (12, 46, 36)
PAPER: Colour = (246, 241, 226)  # the map paper of the game's screens (ui/palette.py)
PAPER_EDGE: Colour = (170, 160, 140)
RAIL: Colour = (42, 36, 30)  # the game's ink
SLEEPER: Colour = (140, 96, 60)
BLUE: Colour = (0, 114, 178)  # the first two players' inks (Okabe-Ito)
ORANGE: Colour = (230, 159, 0)
WHITE: Colour = (255, 255, 255)


def _bezier(p: Sequence[Point], t: float) -> Point:
    a, b, c, d = p
    u = 1 - t
    return (u ** 3 * a[0] + 3 * u * u * t * b[0] + 3 * u * t * t * c[0] + t ** 3 * d[0],
            u ** 3 * a[1] + 3 * u * u * t * b[1] + 3 * u * t * t * c[1] + t ** 3 * d[1])


def _curve(p: Sequence[Point], steps: int) -> list[tuple[Point, Point]]:
    """Points along the cubic Bézier ``p`` with the unit normal at each."""
    pts = [_bezier(p, i / steps) for i in range(steps + 1)]
    out: list[tuple[Point, Point]] = []
    for i, (x, y) in enumerate(pts):
        ax, ay = pts[max(0, i - 1)]
        bx, by = pts[min(steps, i + 1)]
        dx, dy = bx - ax, by - ay
        n = math.hypot(dx, dy) or 1.0
        out.append(((x, y), (-dy / n, dx / n)))
    return out


def _thick_line(surface: pygame.Surface, colour: Colour, points: Sequence[Point],
                width: float) -> None:
    """A polyline of ``width`` with round joins and ends (pygame's own wide lines leave gaps
    at the joins)."""
    r = width / 2
    for (x0, y0), (x1, y1) in zip(points, points[1:], strict=False):
        dx, dy = x1 - x0, y1 - y0
        n = math.hypot(dx, dy)
        if n == 0:
            continue
        ox, oy = -dy / n * r, dx / n * r
        pygame.draw.polygon(surface, colour, [(x0 + ox, y0 + oy), (x1 + ox, y1 + oy),
                                              (x1 - ox, y1 - oy), (x0 - ox, y0 - oy)])
    for x, y in points:
        pygame.draw.circle(surface, colour, (x, y), r)


def _hexagon(cx: float, cy: float, r: float) -> list[Point]:
    """A pointy-topped hexagon (Steam's hexes stand so)."""
    return [(cx + r * math.cos(math.radians(90 + 60 * k)),
             cy + r * math.sin(math.radians(90 + 60 * k))) for k in range(6)]


def _draw_large(size: int, detail: int) -> pygame.Surface:
    """The icon drawn at ``size`` pixels, to be reduced to ``detail`` pixels (which decides
    how much is drawn)."""
    s = float(size)
    surface = pygame.Surface((size, size), pygame.SRCALPHA)
    surface.fill((0, 0, 0, 0))
    # The table: a rounded square of green felt, darker towards the bottom.
    margin = round(s * (0.03 if detail <= 32 else 0.06))
    box = pygame.Rect(margin, margin, size - 2 * margin, size - 2 * margin)
    radius = round(box.w * 0.2)
    felt = pygame.Surface(box.size, pygame.SRCALPHA)
    for row in range(box.h):
        f = row / max(1, box.h - 1)
        colour = tuple(round(a + (b - a) * f) for a, b in zip(FELT_TOP, FELT_BOTTOM,
                                                              strict=True))
        pygame.draw.line(felt, colour, (0, row), (box.w, row))
    mask = pygame.Surface(box.size, pygame.SRCALPHA)
    mask.fill((0, 0, 0, 0))
    pygame.draw.rect(mask, (255, 255, 255, 255), mask.get_rect(), border_radius=radius)
    felt.blit(mask, (0, 0), special_flags=pygame.BLEND_RGBA_MIN)
    surface.blit(felt, box.topleft)
    if detail >= 48:
        pygame.draw.rect(surface, FELT_EDGE, box, width=max(1, round(s * 0.012)),
                         border_radius=radius)
    # A hex tile of map paper.
    cx, cy = s / 2, s / 2 + s * 0.01
    hex_r = s * (0.42 if detail <= 32 else 0.39)
    pygame.draw.polygon(surface, PAPER, _hexagon(cx, cy, hex_r))
    if detail >= 32:
        pygame.draw.polygon(surface, PAPER_EDGE, _hexagon(cx, cy, hex_r),
                            width=max(1, round(s * 0.012)))
    # A railway curving across it, from station to station.
    ends = (cx - hex_r * 0.70, cy + hex_r * 0.42), (cx + hex_r * 0.70, cy - hex_r * 0.42)
    control = [ends[0], (cx + hex_r * 0.05, cy + hex_r * 0.95),
               (cx - hex_r * 0.05, cy - hex_r * 0.95), ends[1]]
    path = _curve(control, 160)
    if detail <= 24:  # too small for rails: one bold line of track
        _thick_line(surface, RAIL, [p for p, _ in path], s * 0.10)
    else:
        gauge = s * (0.055 if detail <= 48 else 0.045)
        sleepers = 7 if detail <= 48 else 11
        sleeper_half = gauge * 1.65
        for k in range(1, sleepers + 1):
            (x, y), (nx, ny) = path[round(k * (len(path) - 1) / (sleepers + 1))]
            _thick_line(surface, SLEEPER, [(x - nx * sleeper_half, y - ny * sleeper_half),
                                           (x + nx * sleeper_half, y + ny * sleeper_half)],
                        s * (0.032 if detail <= 48 else 0.024))
        rail_w = s * (0.030 if detail <= 48 else 0.020)
        for side in (-1, 1):
            _thick_line(surface, RAIL, [(x + nx * gauge * side, y + ny * gauge * side)
                                        for (x, y), (nx, ny) in path], rail_w)
    station_r = s * (0.095 if detail <= 32 else 0.075)
    for (x, y), ink in zip(ends, (BLUE, ORANGE), strict=True):
        pygame.draw.circle(surface, WHITE, (x, y), station_r * 1.28)
        pygame.draw.circle(surface, ink, (x, y), station_r)
    return surface


def _reduce(big: pygame.Surface, factor: int) -> pygame.Surface:
    """``big`` made ``factor`` times smaller: each pixel the alpha-weighted mean of its
    ``factor`` × ``factor`` block, in integers (the same bytes on every machine)."""
    w, h = big.get_size()
    rgb = pygame.surfarray.array3d(big).astype(np.int32)  # (w, h, 3)
    alpha = pygame.surfarray.array_alpha(big).astype(np.int32)  # (w, h)
    sw, sh = w // factor, h // factor
    a_blocks = alpha.reshape(sw, factor, sh, factor)
    a_sum = a_blocks.sum(axis=(1, 3))
    weighted = (rgb * alpha[:, :, None]).reshape(sw, factor, sh, factor, 3).sum(axis=(1, 3))
    safe = np.maximum(a_sum, 1)
    colour = (weighted + safe[:, :, None] // 2) // safe[:, :, None]
    out_alpha = (a_sum + factor * factor // 2) // (factor * factor)
    small = pygame.Surface((sw, sh), pygame.SRCALPHA)
    pygame.surfarray.blit_array(small, colour.astype(np.uint8))
    target = pygame.surfarray.pixels_alpha(small)
    target[:, :] = out_alpha.astype(np.uint8)
    del target
    return small


def draw_icon(size: int) -> pygame.Surface:
    """The table's icon, ``size`` × ``size`` pixels with transparency."""
    factor = max(1, min(SUPERSAMPLE, MOST_DRAWN // size))
    return _reduce(_draw_large(size * factor, size), factor)


def png_bytes(surface: pygame.Surface) -> bytes:
    buffer = io.BytesIO()
    pygame.image.save(surface, buffer, "png")
    return buffer.getvalue()


def ico_bytes(images: Iterable[tuple[int, bytes]]) -> bytes:
    """An .ico file of PNG images: (size, PNG bytes) each."""
    entries = list(images)
    header = struct.pack("<HHH", 0, 1, len(entries))
    offset = len(header) + 16 * len(entries)
    directory = b""
    data = b""
    for size, png in entries:
        side = 0 if size >= 256 else size  # 0 means 256 in an ICO directory
        directory += struct.pack("<BBBBHHII", side, side, 0, 0, 1, 32, len(png),
                                 offset + len(data))
        data += png
    return header + directory + data


def icns_bytes(images: Iterable[tuple[bytes, bytes]]) -> bytes:
    """An .icns file of PNG images: (type, PNG bytes) each."""
    body = b"".join(kind + struct.pack(">I", 8 + len(png)) + png for kind, png in images)
    return b"icns" + struct.pack(">I", 8 + len(body)) + body


def icon_files() -> dict[str, bytes]:
    """Each file's name in ``assets/icon`` and its bytes."""
    pngs: dict[int, bytes] = {}

    def png(size: int) -> bytes:
        if size not in pngs:
            pngs[size] = png_bytes(draw_icon(size))
        return pngs[size]

    return {
        "table.png": png(WINDOW_SIZE),
        "table.ico": ico_bytes((size, png(size)) for size in ICO_SIZES),
        "table.icns": icns_bytes((kind, png(size)) for kind, size in ICNS_TYPES),
    }


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--out", type=Path, default=OUT, help="the folder to write into")
    args = parser.parse_args(argv)
    args.out.mkdir(parents=True, exist_ok=True)
    for name, data in icon_files().items():
        (args.out / name).write_bytes(data)
        print(f"wrote {args.out / name} ({len(data):,} bytes)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
