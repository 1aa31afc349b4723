"""Drawing helpers for the game screen: panels, labels, tooltips, toasts and the help page."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pygame

from rail_app.ui.maprender import font

PANEL = (251, 247, 236)
PANEL_EDGE = (170, 160, 140)
TEXT = (42, 36, 30)
MUTED = (110, 100, 88)
AMBER = (200, 120, 0)
RED = (200, 30, 40)
GREEN = (20, 120, 50)
TOOLTIP_BG = (42, 36, 30)

HELP_TEXT = """Controls
  Left drag from a red hexagon's outer dot or your own track   draw track (build phase)
  Backspace / Ctrl+Z   erase the last segment drawn this phase
  Right-click a fresh segment   erase it          Clear   erase all of this phase
  Right or middle drag, arrow keys   pan          Wheel   zoom around the pointer
  Home / F   fit the map          B   jump to your last build
  Click a dot (move phase)   route preview; click again or Enter: the train goes there
  Side panel buttons   pick up, lock, deliver, drop, board a ferry; hover a demand to see its cities
  Enter   end the build (pay) / end the move phase
  Space   skip the computer's animation          M   mute          F11   full screen
  Esc   menu (save, load, settings)          F1   this page

Rules in short
  Each turn: move your train (from your third turn), then build up to 20M of track.
  A segment costs the dot it is drawn to: plain 1, mountain 2, alpine 5, city 3, major 5;
  crossing a river +2, a lake or inlet +3 (B1, B2). No segment crosses a border or open sea (B3).
  Start at a major city's outer dots or extend your own track (K1); at most two major-city
  starts per phase (K3); at most three of your segments into a small or medium city (K4).
  You pay at the end of the phase; until then the eraser is free (K10).
  Ferries: the first taker pays the higher price, the second the lower (K8).
  Move (from your third turn): up to your speed over your track, the cities' free track, or
  the other player's track for 4M a turn (M3). Pick up, lock a load to a demand, deliver it.
  Win: 250M cash and your own network joining all four major cities (W1)."""


def panel(surface: pygame.Surface, rect: pygame.Rect, alpha: int = 235,
          colour: tuple[int, int, int] = PANEL, radius: int = 8) -> None:
    """A translucent rounded panel."""
    if rect.w <= 0 or rect.h <= 0:
        return
    s = pygame.Surface(rect.size, pygame.SRCALPHA)
    pygame.draw.rect(s, (*colour, alpha), s.get_rect(), border_radius=radius)
    pygame.draw.rect(s, (*PANEL_EDGE, 200), s.get_rect(), 1, border_radius=radius)
    surface.blit(s, rect)


#: Characters the shipped font lacks, written another way.
_MISSING_GLYPHS = {"\u2192": "to", "\u2190": "from", "\u2194": "-", "\u21d2": "to"}


def plain(text: str) -> str:
    """Text the shipped font can show (e.g. the engine's arrows become words)."""
    for ch, sub in _MISSING_GLYPHS.items():
        if ch in text:
            text = text.replace(ch, sub)
    return text


_TEXT_CACHE: dict[tuple[str, int, tuple[int, ...], bool], pygame.Surface] = {}


def rendered(text: str, size: int, colour: tuple[int, ...], bold: bool = False) -> pygame.Surface:
    """``text`` rendered in the game's type, remembered: panels show the same words frame
    after frame, and rendering them again each frame is most of a panel's cost."""
    key = (text, size, colour, bold)
    img = _TEXT_CACHE.get(key)
    if img is None:
        if len(_TEXT_CACHE) > 2000:
            _TEXT_CACHE.clear()
        img = _TEXT_CACHE[key] = font(size, bold).render(plain(text), True, colour)
    return img


def label(surface: pygame.Surface, text: str, pos: tuple[float, float], size: int,
          colour: tuple[int, int, int] = TEXT, *, bold: bool = False,
          anchor: str = "topleft") -> pygame.Rect:
    img = rendered(text, size, colour, bold)
    rect = img.get_rect(**{anchor: (round(pos[0]), round(pos[1]))})
    surface.blit(img, rect)
    return rect


def wrap(text: str, size: int, width: int, bold: bool = False) -> list[str]:
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
    return lines


def bubble(surface: pygame.Surface, lines: list[tuple[str, tuple[int, int, int], bool]],
           pos: tuple[float, float], size: int, *, bg: tuple[int, int, int] = TOOLTIP_BG,
           alpha: int = 235, bounds: pygame.Rect | None = None,
           above: bool = False) -> pygame.Rect:
    """A small box of text lines next to ``pos`` (kept inside ``bounds``); ``above`` puts it
    above-right of the point, clear of what is drawn below the pointer."""
    imgs = [rendered(t, size, c, b) for t, c, b in lines if t]
    if not imgs:
        return pygame.Rect(0, 0, 0, 0)
    pad = max(4, size // 2)
    w = max(i.get_width() for i in imgs) + 2 * pad
    h = sum(i.get_height() for i in imgs) + 2 * pad
    rect = pygame.Rect(round(pos[0]) + 16, round(pos[1]) + 18, w, h)
    if above:
        rect.bottom = round(pos[1]) - 18
    area = bounds or surface.get_rect()
    if rect.right > area.right:
        rect.right = round(pos[0]) - 12
    if rect.bottom > area.bottom:
        rect.bottom = round(pos[1]) - 12
    if rect.top < area.top and above:
        rect.top = round(pos[1]) + 18
    rect.clamp_ip(area)
    key = (tuple(lines), size, bg, alpha)
    box = _BUBBLES.get(key)
    if box is None:  # the box with its text, kept: a tooltip stays the same frame after frame
        if len(_BUBBLES) > 64:
            _BUBBLES.clear()
        box = _BUBBLES[key] = pygame.Surface(rect.size, pygame.SRCALPHA)
        pygame.draw.rect(box, (*bg, alpha), box.get_rect(), border_radius=6)
        y = pad
        for img in imgs:
            box.blit(img, (pad, y))
            y += img.get_height()
    surface.blit(box, rect)
    return rect


_BUBBLES: dict[tuple[Any, ...], pygame.Surface] = {}


def pill(surface: pygame.Surface, text: str, centre: tuple[float, float], size: int,
         fg: tuple[int, int, int], bg: tuple[int, int, int] = (255, 255, 255)) -> pygame.Rect:
    img = font(size, True).render(text, True, fg)
    rect = img.get_rect(center=(round(centre[0]), round(centre[1])))
    box = rect.inflate(size // 2 + 4, 2)
    pygame.draw.rect(surface, bg, box, border_radius=box.h // 2)
    pygame.draw.rect(surface, fg, box, 1, border_radius=box.h // 2)
    surface.blit(img, rect)
    return box


def cross(surface: pygame.Surface, centre: tuple[float, float], r: float,
          colour: tuple[int, int, int] = RED, width: int = 3) -> None:
    x, y = centre
    pygame.draw.circle(surface, (255, 255, 255), (x, y), r * 1.35)
    pygame.draw.line(surface, colour, (x - r, y - r), (x + r, y + r), width)
    pygame.draw.line(surface, colour, (x - r, y + r), (x + r, y - r), width)


class Toast:
    """A short headline and the rule's reason near the pointer, fading after a few seconds."""

    def __init__(self, headline: str, reason: str, pos: tuple[float, float],
                 colour: tuple[int, int, int] = RED, life: float = 3.5) -> None:
        self.headline = headline
        self.reason = reason
        self.pos = pos
        self.colour = colour
        self.life = life
        self.age = 0.0

    @property
    def alive(self) -> bool:
        return self.age < self.life

    def draw(self, surface: pygame.Surface, size: int, bounds: pygame.Rect) -> None:
        fade = min(1.0, max(0.0, (self.life - self.age) / 0.8))
        lines = [(self.headline, (255, 220, 210) if self.colour == RED else (255, 255, 255),
                  True), (self.reason, (255, 255, 255), False)]
        bubble(surface, lines, self.pos, size, bg=(120, 20, 25) if self.colour == RED
               else (30, 60, 90), alpha=round(235 * fade), bounds=bounds)


def help_page(surface: pygame.Surface, size: int) -> None:
    w, h = surface.get_size()
    lines = HELP_TEXT.split("\n")
    f = font(size)
    lh = f.get_linesize()
    bw = max(f.size(line)[0] for line in lines) + 60
    bh = lh * len(lines) + 80
    rect = pygame.Rect(0, 0, min(bw, w - 40), min(bh, h - 40))
    rect.center = (w // 2, h // 2)
    veil = pygame.Surface((w, h), pygame.SRCALPHA)
    veil.fill((20, 16, 12, 120))
    surface.blit(veil, (0, 0))
    panel(surface, rect, 250)
    y = rect.y + 24
    for line in lines:
        bold = bool(line) and not line.startswith(" ")
        label(surface, line.strip() if bold else line, (rect.x + 30, y), size + (2 if bold else 0),
              TEXT, bold=bold)
        y += lh + (4 if bold else 0)
    label(surface, "F1 or Esc to close", (rect.right - 20, rect.bottom - 12), size - 2, MUTED,
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


def cached_panel(owner: Any, name: str, surface: pygame.Surface, rect: pygame.Rect,
                 key: object, draw: Callable[[], None], attrs: tuple[str, ...] = (),
                 buttons: str = "buttons") -> None:
    """Draw an opaque panel with ``draw`` (which paints ``rect`` of ``surface``) only when its
    content ``key`` changed; otherwise show the pixels kept from that drawing and give
    ``owner`` back what drawing set: the attributes ``attrs`` and the buttons it appended to
    ``owner.<buttons>``. A ``key`` of None always draws."""
    store: dict[str, Any] = owner.__dict__.setdefault("_panel_cache", {})
    rect = rect.clip(surface.get_rect())
    if rect.w <= 0 or rect.h <= 0:
        draw()
        return
    hit = store.get(name)
    placed: list[Any] = getattr(owner, buttons, [])
    if key is not None and hit is not None and hit[0] == key and hit[1] == rect:
        blit_aligned(surface, hit[2], rect.topleft)
        for attr, value in hit[3].items():
            setattr(owner, attr, list(value) if isinstance(value, list) else value)
        placed.extend(hit[4])
        return
    n = len(placed)
    draw()
    placed = getattr(owner, buttons, [])
    if key is None:
        store.pop(name, None)
        return
    kept = {a: (list(v) if isinstance(v, list) else v)
            for a in attrs if (v := getattr(owner, a, None)) is not None}
    store[name] = (key, pygame.Rect(rect), surface.subsurface(rect).copy(), kept,
                   list(placed[n:]))
