"""Event zones on the map (E2-E7) while they last, and the short-lived marks of events.

Lasting zones (flooded river crossings, stormy coasts and closed ferries, a volcano's radius,
bad-weather areas) change only when the game changes, so they are drawn into the cached
track layer, under the track. Derailment circles and washed-out track fading away are drawn
every frame for a few seconds.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import Any, Protocol

import pygame

from rail_app.core.cache import BoundedCache
from rail_app.core.i18n import _
from rail_app.games.italian_rails.rules.board import Board, Ferry
from rail_app.games.italian_rails.rules.deckmodel import Deck
from rail_app.games.italian_rails.rules.eventkinds import EventKind, rule_of
from rail_app.games.italian_rails.rules.words import card_words
from rail_app.games.italian_rails.ui import maprender as mr
from rail_app.games.italian_rails.ui.ink import ink_width
from rail_app.games.italian_rails.ui.palette import DERAIL as DERAIL
from rail_app.games.italian_rails.ui.palette import FLOOD as FLOOD
from rail_app.games.italian_rails.ui.palette import STORM as STORM
from rail_app.games.italian_rails.ui.palette import VOLCANO as VOLCANO
from rail_app.games.italian_rails.ui.palette import WAVE_WHITE as WAVE_WHITE
from rail_app.games.italian_rails.ui.palette import WEATHER as WEATHER
from rail_app.games.italian_rails.ui.palette import WHITE as WHITE
from rail_app.games.italian_rails.ui.palette import ZONE_ALPHA as ZONE_ALPHA
from rail_app.games.italian_rails.ui.palette import ZONE_COLOURS as ZONE_COLOURS
from rail_app.games.italian_rails.ui.palette import ZONE_DEFAULT as ZONE_DEFAULT
from rail_app.games.italian_rails.ui.palette import ZONE_DEFAULT_ALPHA as ZONE_DEFAULT_ALPHA
from rail_app.ui.picturecache import SurfaceCache


def zone_colour(kind: str) -> tuple[int, int, int]:
    """The colour an event's zone is drawn in (the palette's, by kind)."""
    try:
        return ZONE_COLOURS.get(EventKind(kind), ZONE_DEFAULT)
    except ValueError:
        return ZONE_DEFAULT


def zone_words(kind: str) -> str:
    """What players call an event of this kind (its row of the event kinds)."""
    rule = rule_of(kind)
    return _(rule.words) if rule is not None and rule.words else kind.replace("_", " ")


def _blob(surface: pygame.Surface, colour: tuple[int, int, int], alpha: int,
          pts: list[tuple[float, float]], r: float) -> None:
    """Soft discs over ``pts`` merged into one translucent area."""
    if not pts:
        return
    xs = [p[0] for p in pts]
    ys = [p[1] for p in pts]
    x0, y0 = int(min(xs) - r - 2), int(min(ys) - r - 2)
    w, h = int(max(xs) - x0 + r + 3), int(max(ys) - y0 + r + 3)
    # the mask covers only what the surface shows of the zone (a close zoom's zone may be
    # many screens wide)
    area = pygame.Rect(x0, y0, w, h).clip(surface.get_clip())
    if area.w <= 0 or area.h <= 0:
        return
    x0, y0 = area.topleft
    mask = pygame.Surface(area.size, pygame.SRCALPHA)
    for x, y in pts:
        pygame.draw.circle(mask, (*colour, 255), (x - x0, y - y0), r)
    mask.set_alpha(alpha)
    # the outline: a slightly darker ring around the area
    surface.blit(mask, (x0, y0))


class Zone(Protocol):
    """What a drawn zone needs of an event in force (rules.state.ActiveEvent has it)."""

    @property
    def card(self) -> int: ...
    @property
    def kind(self) -> str: ...
    @property
    def dots(self) -> frozenset[int]: ...
    @property
    def edges(self) -> frozenset[tuple[int, int]]: ...
    @property
    def ferries(self) -> frozenset[int]: ...
    @property
    def params(self) -> dict[str, Any]: ...


class Zones(Protocol):
    """A board with events in force: a game, or a map author's preview of one card."""

    @property
    def board(self) -> Board: ...
    @property
    def deck(self) -> Deck: ...
    @property
    def events(self) -> Sequence[Zone]: ...


def km_box(surface: pygame.Surface, view: mr.MapView,
           pad_px: float) -> tuple[float, float, float, float]:
    """The km box of what ``surface`` shows (its clip) through ``view``, ``pad_px`` pixels
    larger each side: what lies outside it cannot show."""
    clip = surface.get_clip()
    x0, y0 = view.to_km(clip.left - pad_px, clip.top - pad_px)
    x1, y1 = view.to_km(clip.right + pad_px, clip.bottom + pad_px)
    return x0, y0, x1, y1


def draw_zones(surface: pygame.Surface, state: Zones, view: mr.MapView,
               marks: bool = True) -> None:
    """Every lasting event in force, drawn through ``view`` (the track layer's view); only
    what comes near the surface is drawn (it is often a piece of the map). Without
    ``marks`` the crosses on closed ferries are left for :func:`draw_closed_marks`, to be
    drawn over what lies along the ferries."""
    board = state.board
    sp = board.layout.spacing * view.scale
    x0, y0, x1, y1 = km_box(surface, view, sp * 1.5 + 4)

    def near(d: int) -> bool:
        dot = board.dots[d]
        return x0 <= dot.x <= x1 and y0 <= dot.y <= y1

    for ev in state.events:
        colour = zone_colour(ev.kind)
        rule = rule_of(ev.kind)
        if ev.dots:
            shown = [near(d) for d in ev.dots]
            pts = [view.to_px(board.dots[d].x, board.dots[d].y) for d in ev.dots]
            alpha = ZONE_ALPHA.get(EventKind(ev.kind), ZONE_DEFAULT_ALPHA) \
                if rule is not None else ZONE_DEFAULT_ALPHA
            _blob(surface, colour, alpha,
                  [p for p, near_ in zip(pts, shown, strict=True) if near_], sp * 0.62)
            if rule is not None and rule.slows:
                # little strokes of wind and rain
                for i, (x, y) in enumerate(pts):
                    if i % 3 or not shown[i]:
                        continue
                    w = max(1, round(sp * 0.06))
                    pygame.draw.line(surface, (*colour, 200), (x - sp * 0.22, y - sp * 0.1),
                                     (x - sp * 0.05, y + sp * 0.2), w)
                    pygame.draw.line(surface, (*colour, 200), (x + sp * 0.05, y - sp * 0.1),
                                     (x + sp * 0.22, y + sp * 0.2), w)
        if rule is not None and rule.forbids_building and "volcano" in ev.params:
            name = ev.params.get("volcano")
            for v in board.volcanoes:
                if name is None or v.name == name:
                    x, y = view.to_px(v.x, v.y)
                    r = float(ev.params.get("radius", 2)) * sp + sp * 0.5
                    pygame.draw.circle(surface, (*VOLCANO, 230), (x, y), r, max(2, round(sp * 0.1)))
        for a, b in ev.edges:
            if not near(a) and not near(b):
                continue
            pa = view.to_px(board.dots[a].x, board.dots[a].y)
            pb = view.to_px(board.dots[b].x, board.dots[b].y)
            if rule is not None and rule.blocks_edges:
                pygame.draw.line(surface, (*FLOOD, 150), pa, pb, max(4, round(sp * 0.42)))
                mx, my = (pa[0] + pb[0]) / 2, (pa[1] + pb[1]) / 2
                _waves(surface, (mx, my), sp * 0.28)
            else:
                pygame.draw.line(surface, (*colour, 120), pa, pb, max(3, round(sp * 0.25)))
        for f in ev.ferries:
            ferry = board.ferries[f]
            pts = mr.ferry_curve(board, view, *ferry.ports)
            for i in range(0, len(pts) - 1, 2):
                pygame.draw.line(surface, (*DERAIL, 230), pts[i], pts[i + 1],
                                 max(2, round(sp * 0.12)))
    if marks:
        draw_closed_marks(surface, state, view)


def draw_closed_marks(surface: pygame.Surface, state: Zones, view: mr.MapView) -> None:
    """The cross on each ferry a storm closes (E5), clear of the ferry's prices."""
    board = state.board
    for ev in state.events:
        for f in ev.ferries:
            x, y, r = storm_spot(board, view, board.ferries[f])
            pygame.draw.circle(surface, WHITE, (x, y), r * 1.4)
            pygame.draw.line(surface, DERAIL, (x - r, y - r), (x + r, y + r), 3)
            pygame.draw.line(surface, DERAIL, (x - r, y + r), (x + r, y - r), 3)


def taken_price_spot(board: Board, view: mr.MapView, ferry: Ferry,
                     k: int) -> tuple[float, float]:
    """Where the price the ``k``-th taker of ``ferry`` paid is shown (K8): above the middle
    of its arc, the second taker's above the first's."""
    w = ink_width(board.layout.spacing * view.scale)
    pts = mr.ferry_curve(board, view, *ferry.ports)
    x, y = pts[len(pts) // 2]
    return x, y - w * 1.6 - k * w * 2.4


def _price_boxes(board: Board, view: mr.MapView, ferry: Ferry) -> list[pygame.Rect]:
    """Room the ferry's prices take: its two price circles and the takers' price tags."""
    out = []
    for (x, y), r, _cost in mr.ferry_price_spots(board, view, ferry):
        box = pygame.Rect(0, 0, round(2 * r), round(2 * r))
        box.center = (round(x), round(y))
        out.append(box)
    w = ink_width(board.layout.spacing * view.scale)
    for k in range(2):
        x, y = taken_price_spot(board, view, ferry, k)
        tag = pygame.Rect(0, 0, round(w * 6), round(w * 2.2))
        tag.center = (round(x), round(y))
        out.append(tag)
    return out


def storm_spot(board: Board, view: mr.MapView, ferry: Ferry) -> tuple[float, float, float]:
    """Centre and size of the cross on a ferry a storm closes (E5): on its arc, clear of
    its prices (:func:`_price_boxes`) so that they stay readable; the middle of the arc when
    no place on it is clear."""
    sp = board.layout.spacing * view.scale
    r = max(5.0, sp * 0.3)
    pts = mr.ferry_curve(board, view, *ferry.ports)
    boxes = _price_boxes(board, view, ferry)
    for frac in (0.5, 0.2, 0.8, 0.12, 0.88):
        x, y = pts[round(frac * (len(pts) - 1))]
        mark = pygame.Rect(0, 0, round(r * 2.8), round(r * 2.8))
        mark.center = (round(x), round(y))
        if mark.collidelist(boxes) < 0:
            return x, y, r
    x, y = pts[len(pts) // 2]
    return x, y, r


def draw_zone_labels(surface: pygame.Surface, state: Zones, view: mr.MapView) -> None:
    """The name of each event in force on its zone (drawn above the map's names)."""
    sp = state.board.layout.spacing * view.scale
    size = max(11, min(16, int(sp * 0.5)))
    for words, colour, (x, y) in zone_label_spots(state):
        px, py = view.to_px(x, y)
        pill = _pill(words, size, colour)
        surface.blit(pill, pill.get_rect(center=(round(px), round(py - sp * 0.9))))


_SPOTS: BoundedCache[tuple[object, ...],
                     list[tuple[str, tuple[int, int, int], tuple[float, float]]]] = BoundedCache(16)


def zone_label_spots(state: Zones) -> list[tuple[str, tuple[int, int, int],
                                                  tuple[float, float]]]:
    """Each event's name, colour and the km point it is written at: the zone's median dot,
    so a zone along a long coast is labelled on the coast. Worked out once per set of events
    in force (the frames of a pan ask every time)."""
    key = tuple((ev.card, ev.kind, ev.dots, ev.edges) for ev in state.events)
    spots = _SPOTS.peek(key)
    if spots is None:
        spots = []
        _SPOTS.put(key, spots)
        board = state.board
        for ev in state.events:
            dots = list(ev.dots) or [d for e in ev.edges for d in e]
            if not dots:
                continue
            xs = sorted(board.dots[d].x for d in dots)
            ys = sorted(board.dots[d].y for d in dots)
            mid = min(dots, key=lambda d: abs(board.dots[d].x - xs[len(xs) // 2])
                      + abs(board.dots[d].y - ys[len(ys) // 2]))
            card = state.deck.cards.get(ev.card)
            words = card_words(board, card)[0] if card is not None and card.title \
                else zone_words(ev.kind)
            spots.append((words, zone_colour(ev.kind),
                          (board.dots[mid].x, board.dots[mid].y)))
    return spots


PILLS: SurfaceCache[tuple[str, int, tuple[int, int, int]]] = SurfaceCache(0.02)


def _pill(words: str, size: int, colour: tuple[int, int, int]) -> pygame.Surface:
    """An event's name in its pill, as a picture (kept: a pan draws it every frame)."""
    from rail_app.ui import hud

    key = (words, size, colour)
    pill = PILLS.get(key)
    if pill is None:
        box = hud.rendered(words, size, colour, True).get_rect().inflate(size // 2 + 4, 2)
        pill = pygame.Surface(box.size, pygame.SRCALPHA)
        hud.pill(pill, words, (box.w / 2, box.h / 2), size, colour)
        PILLS.put(key, pill)
    return pill


def _waves(surface: pygame.Surface, c: tuple[float, float], r: float) -> None:
    x, y = c
    w = max(1, round(r * 0.25))
    for dy in (-r * 0.35, r * 0.35):
        pts = [(x - r + i * r / 4, y + dy + math.sin(i * 1.6) * r * 0.18) for i in range(9)]
        pygame.draw.lines(surface, WAVE_WHITE, False, pts, w)


def draw_circle_mark(surface: pygame.Surface, centre: tuple[float, float], r: float,
                     colour: tuple[int, int, int], fade: float, label: str = "") -> None:
    """A ring that pulses and fades (derailment radius)."""
    a = max(0, min(255, round(255 * fade)))
    if a <= 0 or r <= 1:
        return
    size = int(r * 2 + 8)
    s = pygame.Surface((size, size), pygame.SRCALPHA)
    pygame.draw.circle(s, (*colour, a // 5), (size / 2, size / 2), r)
    pygame.draw.circle(s, (*colour, a), (size / 2, size / 2), r, 4)
    surface.blit(s, (centre[0] - size / 2, centre[1] - size / 2))
    if label:
        from rail_app.ui import hud

        hud.pill(surface, label, (centre[0], centre[1] - r - 12), 14, colour)
