"""Drawing helpers for every screen: panels, labels, tooltips, toasts and a help page."""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache
from typing import Any

import pygame

from rail_app.core import i18n
from rail_app.ui.fonts import font
from rail_app.ui.palette import AMBER as AMBER
from rail_app.ui.palette import GREEN as GREEN
from rail_app.ui.palette import MUTED as MUTED
from rail_app.ui.palette import PANEL as PANEL
from rail_app.ui.palette import PANEL_EDGE as PANEL_EDGE
from rail_app.ui.palette import RED as RED
from rail_app.ui.palette import SHADOW as SHADOW
from rail_app.ui.palette import TEXT as TEXT
from rail_app.ui.palette import TOOLTIP_BG as TOOLTIP_BG
from rail_app.ui.palette import VEIL as VEIL
from rail_app.ui.palette import WHITE as WHITE
from rail_app.ui.picturecache import SurfaceCache


def panel(surface: pygame.Surface, rect: pygame.Rect, alpha: int = 235,
          colour: tuple[int, int, int] = PANEL, radius: int = 8) -> None:
    """A translucent rounded panel."""
    if rect.w <= 0 or rect.h <= 0:
        return
    s = pygame.Surface(rect.size, pygame.SRCALPHA)
    pygame.draw.rect(s, (*colour, alpha), s.get_rect(), border_radius=radius)
    pygame.draw.rect(s, (*PANEL_EDGE, 200), s.get_rect(), 1, border_radius=radius)
    surface.blit(s, rect)


def dialog_box(surface: pygame.Surface, box: pygame.Rect, radius: int, shadow: int) -> None:
    """The games' dialog box (a game's in-game menu, its questions): an opaque panel with
    a soft shadow, in front of the veiled screen."""
    pygame.draw.rect(surface, SHADOW, box.move(shadow, shadow), border_radius=radius)
    pygame.draw.rect(surface, PANEL, box, border_radius=radius)
    pygame.draw.rect(surface, PANEL_EDGE, box, 1, border_radius=radius)


#: Characters the shipped font lacks, written another way.
_MISSING_GLYPHS = {"\u2192": "to", "\u2190": "from", "\u2194": "-", "\u21d2": "to"}


def plain(text: str) -> str:
    """Text the shipped font can show (e.g. the engine's arrows become words; a NUL or a
    lone surrogate from a file's text is shown as a mark, never refused by the font)."""
    for ch, sub in _MISSING_GLYPHS.items():
        if ch in text:
            text = text.replace(ch, sub)
    if "\x00" in text:  # the font refuses a NUL: a file's text shows one as a box
        text = text.replace("\x00", "\ufffd")
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:  # a lone surrogate (a file's text): shown as "?"
        text = text.encode("utf-8", "replace").decode("utf-8")
    return text


TEXTS: SurfaceCache[tuple[str, int, tuple[int, ...], bool]] = SurfaceCache(0.5)
"""Rendered words, within half a window's bytes."""


def rendered(text: str, size: int, colour: tuple[int, ...], bold: bool = False) -> pygame.Surface:
    """``text`` rendered in the game's type, remembered: panels show the same words frame
    after frame, and rendering them again each frame is most of a panel's cost."""
    key = (i18n.drawn(text), size, colour, bold)
    img = TEXTS.get(key)
    if img is None:
        img = TEXTS.put(key, font(size, bold).render(plain(text), True, colour))
    return img


def label(surface: pygame.Surface, text: str, pos: tuple[float, float], size: int,
          colour: tuple[int, int, int] = TEXT, *, bold: bool = False,
          anchor: str = "topleft") -> pygame.Rect:
    img = rendered(text, size, colour, bold)
    rect = img.get_rect(**{anchor: (round(pos[0]), round(pos[1]))})
    surface.blit(img, rect)
    return rect


def wrap(text: str, size: int, width: int, bold: bool = False) -> list[str]:
    """``text`` in lines no wider than ``width`` pixels (words never cut); remembered: the
    same buttons and boxes are laid out every frame, and measuring words is most of it."""
    return list(_wrapped(text, size, width, bold))


@lru_cache(maxsize=2048)
def _wrapped(text: str, size: int, width: int, bold: bool) -> tuple[str, ...]:
    f = font(size, bold)
    lines: list[str] = []
    for para in text.split("\n"):
        words = para.split(" ")
        cur = ""
        for w in words:
            trial = f"{cur} {w}" if cur else w
            if f.size(trial)[0] <= width or not cur:
                cur = trial
            else:
                lines.append(cur)
                cur = w
        lines.append(cur)
    return tuple(lines)


Line = tuple[str, tuple[int, int, int], bool]  # text, colour, bold


def bubble_picture(lines: Sequence[Line], size: int, *, bg: tuple[int, int, int] = TOOLTIP_BG,
                   alpha: int = 235, width: int = 0) -> pygame.Surface:
    """A small rounded box of text lines, kept (a tooltip stays the same frame after frame).
    With ``width`` > 0 the lines wrap to that many pixels."""
    key = (tuple(lines), size, bg, alpha, width)
    box = BUBBLES.get(key)
    if box is not None:
        return box
    rows: list[pygame.Surface] = []
    for t, c, b in lines:
        if not t:
            continue
        for part in (wrap(t, size, width, b) if width > 0 else [t]):
            rows.append(rendered(part, size, c, b))
    pad = max(4, size // 2)
    w = max((i.get_width() for i in rows), default=0) + 2 * pad
    h = sum(i.get_height() for i in rows) + 2 * pad
    box = pygame.Surface((w, h), pygame.SRCALPHA)
    pygame.draw.rect(box, (*bg, alpha), box.get_rect(), border_radius=6)
    y = pad
    for img in rows:
        box.blit(img, (pad, y))
        y += img.get_height()
    return BUBBLES.put(key, box)


def bubble(surface: pygame.Surface, lines: Sequence[Line], pos: tuple[float, float], size: int,
           *, bg: tuple[int, int, int] = TOOLTIP_BG, alpha: int = 235,
           bounds: pygame.Rect | None = None, above: bool = False,
           avoid: Sequence[pygame.Rect] = (), width: int = 0) -> pygame.Rect:
    """Draw a text box beside ``pos``, inside ``bounds``, clear of the rectangles ``avoid``
    where possible (:func:`place_near`); returns where it went."""
    box = bubble_picture(lines, size, bg=bg, alpha=alpha, width=width)
    if box.get_width() <= 0:
        return pygame.Rect(0, 0, 0, 0)
    rect = place_near(box.get_size(), pos, bounds or surface.get_rect(), avoid, above=above)
    surface.blit(box, rect)
    return rect


def place_near(size: tuple[int, int], pos: tuple[float, float], bounds: pygame.Rect,
               avoid: Sequence[pygame.Rect] = (), *, above: bool = False,
               gap: int = 16, keep_clear: Sequence[pygame.Rect] = ()) -> pygame.Rect:
    """Where a box of ``size`` goes beside the point ``pos``: the first of the places around
    it (above-right first when ``above``, else below-right) that stays inside ``bounds`` and
    covers none of ``avoid`` nor ``keep_clear``, looking farther out ring by ring when the
    nearest places are taken; if every place covers something, the one covering least, and
    never ``keep_clear`` (a line being drawn) while some place inside ``bounds`` leaves it
    free."""
    w, h = size
    x, y = round(pos[0]), round(pos[1])
    best: pygame.Rect | None = None
    best_cost = -1
    for ring in (1, 2, 4, 7):
        g = gap * ring
        spots = [(x + g, y + g), (x + g, y - g - h), (x - g - w, y + g),
                 (x - g - w, y - g - h), (x - w // 2, y + 2 * g), (x - w // 2, y - 2 * g - h),
                 (x + 2 * g, y - h // 2), (x - 2 * g - w, y - h // 2)]
        if above:
            spots[0], spots[1] = spots[1], spots[0]
        for sx, sy in spots:
            r = pygame.Rect(sx, sy, w, h)
            inside = bounds.contains(r)
            r = r.clamp(bounds)
            hits = r.collidelist(keep_clear) >= 0 or r.collidepoint(x, y)
            if inside and not hits and r.collidelist(avoid) < 0:
                return r  # a free place: the usual case, found without counting
            cost = sum((r.clip(a).w * r.clip(a).h) for a in avoid) + (0 if inside else 1)
            if hits:
                cost += (w * h + 1) * (1 + len(avoid))  # worse than covering every name
            if best is None or cost < best_cost:
                best, best_cost = r, cost
    assert best is not None
    return best


BUBBLES: SurfaceCache[tuple[Any, ...]] = SurfaceCache(0.25)
"""Tooltips and text boxes, within a quarter of a window's bytes."""


def pill(surface: pygame.Surface, text: str, centre: tuple[float, float], size: int,
         fg: tuple[int, int, int], bg: tuple[int, int, int] = WHITE) -> pygame.Rect:
    img = rendered(text, size, fg, True)
    rect = img.get_rect(center=(round(centre[0]), round(centre[1])))
    box = rect.inflate(size // 2 + 4, 2)
    pygame.draw.rect(surface, bg, box, border_radius=box.h // 2)
    pygame.draw.rect(surface, fg, box, 1, border_radius=box.h // 2)
    surface.blit(img, rect)
    return box


def cross(surface: pygame.Surface, centre: tuple[float, float], r: float,
          colour: tuple[int, int, int] = RED, width: int = 3) -> None:
    x, y = centre
    pygame.draw.circle(surface, WHITE, (x, y), r * 1.35)
    pygame.draw.line(surface, colour, (x - r, y - r), (x + r, y + r), width)
    pygame.draw.line(surface, colour, (x - r, y + r), (x + r, y - r), width)


def help_page(surface: pygame.Surface, size: int,
              sections: Sequence[tuple[str, Sequence[str]]]) -> None:
    """A page of help over the screen: its ``sections``, each a heading and its lines
    (indented under it), a blank line between two."""
    w, h = surface.get_size()
    rows: list[tuple[str, bool]] = []  # (text, heading)
    for k, (heading, body) in enumerate(sections):
        if k:
            rows.append(("", False))
        rows.append((heading, True))
        rows.extend((f"  {line}", False) for line in body)
    lines = [text for text, _ in rows]
    f = font(size)
    lh = f.get_linesize()
    bw = max(f.size(line)[0] for line in lines) + 60
    bh = lh * len(lines) + 80
    rect = pygame.Rect(0, 0, min(bw, w - 40), min(bh, h - 40))
    rect.center = (w // 2, h // 2)
    veil = pygame.Surface((w, h), pygame.SRCALPHA)
    veil.fill(VEIL)
    surface.blit(veil, (0, 0))
    panel(surface, rect, 250)
    y = rect.y + 24
    for line, bold in rows:
        label(surface, line, (rect.x + 30, y), size + (2 if bold else 0), TEXT, bold=bold)
        y += lh + (4 if bold else 0)
    label(surface, i18n._("F1 or Esc to close"), (rect.right - 20, rect.bottom - 12), size - 2, MUTED,
          anchor="bottomright")


def blit_aligned(surface: pygame.Surface, img: pygame.Surface, pos: tuple[int, int]) -> None:
    """Blit an opaque ``img`` at ``pos`` in two parts, a narrow one up to a multiple of 16
    pixels and the rest from there: SDL copies rows that start there several times faster
    (a panel at x=1580 costs as much as the whole screen otherwise)."""
    x, y = pos
    head = -x % 16
    if 0 < head < img.get_width():
        surface.blit(img, (x, y), (0, 0, head, img.get_height()))
        surface.blit(img, (x + head, y), (head, 0, img.get_width() - head, img.get_height()))
    else:
        surface.blit(img, (x, y))
