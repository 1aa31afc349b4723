"""``python -m rail_app preview MAP.yaml``: the map as the game draws it, redrawn on every save.

The preview watches the map file, its GeoJSON and its deck (by modification time, a few
times a second) and loads them again with the game's own loader (``load_board``,
``load_deck``: the same code ``validate-map`` and the game use) within about a second of a
save. When a file has problems the last good map stays on screen under a panel listing them,
``file:line: message`` as ``validate-map`` prints them; fixing the file clears it.

The map is drawn by the game's renderer (``ui/maprender.py`` through the cached layers of
``ui/mapview.py``). On top of it an author can toggle layers (keys 1-7): dot keys, terrain
per dot, rivers by system, forbidden segments, the seas' coasts for storms, the zone of any
event card of the deck ([ and ] choose the card), and weak spots (cities and strait ends
with fewer than three usable segments, cities only a ferry reaches). Hovering a dot or a
segment shows the inspector (rail_app/games/italian_rails/authoring/inspector.py); D shows
the deck panel.

The foot of the map shows the pointer's position in the units the map file writes positions
in, and a click copies it (rail_app/games/italian_rails/authoring/position.py). A reference
picture placed by two corners (``--image``, ``--corners``;
rail_app/games/italian_rails/authoring/reference.py) can lie under the layers, to trace a coast
or a river from; I hides it, O steps its opacity.
"""

from __future__ import annotations

import math
import os
import re
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pygame

from rail_app.authoring.problems import problem_lines
from rail_app.core.files import Stamp, file_stamp
from rail_app.core.i18n import N_, _, money_millions, ngettext
from rail_app.core.mapfile import MapError, MapProblem
from rail_app.games.italian_rails.authoring import inspector, position
from rail_app.games.italian_rails.authoring.deckstats import DeckStats, deck_stats, demand_problems
from rail_app.games.italian_rails.authoring.reference import ReferenceImage
from rail_app.games.italian_rails.rules.board import Board, edge_key
from rail_app.games.italian_rails.rules.deckmodel import Card, Deck
from rail_app.games.italian_rails.rules.weakspots import (
    FERRY_ONLY,
    FERRY_OVER_LAND,
    WeakSpot,
    weak_spots,
)
from rail_app.games.italian_rails.ui import maprender as mr
from rail_app.games.italian_rails.ui import zones
from rail_app.games.italian_rails.ui.camera import Camera
from rail_app.games.italian_rails.ui.ink import edges_near
from rail_app.games.italian_rails.ui.mapview import BaseLayer
from rail_app.games.italian_rails.ui.palette import BG as BG
from rail_app.games.italian_rails.ui.palette import BLUE as BLUE
from rail_app.games.italian_rails.ui.palette import BORDER_FORBIDDEN as BORDER_FORBIDDEN
from rail_app.games.italian_rails.ui.palette import DARK_GREY as DARK_GREY
from rail_app.games.italian_rails.ui.palette import FINE as FINE
from rail_app.games.italian_rails.ui.palette import FRAME as FRAME
from rail_app.games.italian_rails.ui.palette import HOVER as HOVER
from rail_app.games.italian_rails.ui.palette import INK as INK
from rail_app.games.italian_rails.ui.palette import INK_GREEN as INK_GREEN
from rail_app.games.italian_rails.ui.palette import INK_ORANGE as INK_ORANGE
from rail_app.games.italian_rails.ui.palette import INK_PURPLE as INK_PURPLE
from rail_app.games.italian_rails.ui.palette import INK_SKY as INK_SKY
from rail_app.games.italian_rails.ui.palette import INK_VERMILLION as INK_VERMILLION
from rail_app.games.italian_rails.ui.palette import NOTE as NOTE
from rail_app.games.italian_rails.ui.palette import OLIVE as OLIVE
from rail_app.games.italian_rails.ui.palette import PROBLEM as PROBLEM
from rail_app.games.italian_rails.ui.palette import RED as RED
from rail_app.games.italian_rails.ui.palette import ROSE as ROSE
from rail_app.games.italian_rails.ui.palette import SCROLL_BAR as SCROLL_BAR
from rail_app.games.italian_rails.ui.palette import TAB as TAB
from rail_app.games.italian_rails.ui.palette import TINT_ALPINE as TINT_ALPINE
from rail_app.games.italian_rails.ui.palette import TINT_MOUNTAIN as TINT_MOUNTAIN
from rail_app.games.italian_rails.ui.palette import TINT_PLAIN as TINT_PLAIN
from rail_app.games.italian_rails.ui.palette import UNKNOWN_GREY as UNKNOWN_GREY
from rail_app.games.italian_rails.ui.palette import VIOLET as VIOLET
from rail_app.games.italian_rails.ui.palette import WEAK as WEAK
from rail_app.games.italian_rails.ui.palette import WHITE as WHITE
from rail_app.games.italian_rails.ui.tracklayer import TrackLayer
from rail_app.ui import hud

#: How often the files are looked at (seconds); a save shows within about a second.
WATCH_INTERVAL_S = 0.25

EdgeKey = tuple[int, int]


# -- the model: files, loading, what is known about the map --------------------------------------


@dataclass
class PreviewModel:
    """The map being previewed: the last good board and deck, and the current problems."""

    path: Path
    board: Board | None = None
    deck: Deck | None = None
    problems: list[MapProblem] = field(default_factory=list)
    spots: list[WeakSpot] = field(default_factory=list)
    stats: DeckStats | None = None
    generation: int = 0  # grows whenever the board or the deck changes
    board_generation: int = 0  # grows whenever the board changes
    loads: int = 0
    load_s: float = 0.0
    stamps: dict[Path, Stamp] = field(default_factory=dict)

    def watched(self) -> list[Path]:
        """The map, and its GeoJSON and deck files (as the last good map names them; before
        any good map, the likely siblings)."""
        out = [self.path]
        if self.board is not None:
            out += [p for p in (self.board.geometry_file, self.board.deck_file) if p]
        else:
            stem = self.path.stem
            out += [self.path.with_name(f"{stem}.geojson"),
                    self.path.with_name(f"{stem}-deck.yaml")]
        return out

    def load(self) -> None:
        """Load everything again with the game's loader. The files are stamped before they
        are read, so a save during the load is noticed by the next look."""
        before = {p: file_stamp(p) for p in self.watched()}
        self._load_board()
        self.stamps = {p: before[p] if p in before else file_stamp(p) for p in self.watched()}

    def check(self) -> bool:
        """Load again what changed since the last look; True if anything was loaded."""
        now = {p: file_stamp(p) for p in self.watched()}
        changed = {p for p, st in now.items() if p not in self.stamps or self.stamps[p] != st}
        if not changed:
            return False
        deck_only = self.board is not None and changed == {self.board.deck_file}
        if deck_only:
            self.stamps = now
            self._load_deck()
        else:
            self.load()
        return True

    def _load_board(self) -> None:
        from rail_app.games.italian_rails.rules.board import load_board

        t0 = time.perf_counter()
        self.loads += 1
        try:
            board = load_board(self.path, use_cache=False)
        except MapError as exc:
            self.problems = list(exc.problems)
            self.load_s = time.perf_counter() - t0
            return  # the last good map stays
        self.board = board
        self.board_generation += 1
        self.spots = weak_spots(board)
        self.problems = []
        self._load_deck()
        self.load_s = time.perf_counter() - t0

    def _load_deck(self) -> None:
        from rail_app.games.italian_rails.rules.deck import load_deck

        board = self.board
        assert board is not None
        self.generation += 1
        self.problems = [p for p in self.problems if not self._is_deck_problem(p)]
        if board.deck_file is None:
            self.deck, self.stats = None, None
            return
        try:
            self.deck = load_deck(board.deck_file, board, use_cache=False)
        except MapError as exc:
            self.problems = list(exc.problems)
            if self.deck is not None:
                self.stats = deck_stats(self.deck, board)
            return
        self.stats = deck_stats(self.deck, board)

    def _is_deck_problem(self, p: MapProblem) -> bool:
        return self.board is not None and self.board.deck_file is not None and \
            p.file == str(self.board.deck_file)

    @property
    def map_is_current(self) -> bool:
        """Whether the board shown is the map as last saved: no problem is the map's (or
        its GeoJSON's), only the deck's, if any."""
        return self.board is not None and all(self._is_deck_problem(p) for p in self.problems)

    @property
    def deck_problems(self) -> list[MapProblem]:
        return [p for p in self.problems if self._is_deck_problem(p)]

    def event_cards(self) -> list[Card]:
        if self.deck is None:
            return []
        return [c for n, c in sorted(self.deck.cards.items()) if c.is_event]


# -- layers -----------------------------------------------------------------------------------

LAYERS: tuple[tuple[str, str], ...] = (
    ("dots", N_("dot keys")),
    ("terrain", N_("terrain of each dot")),
    ("rivers", N_("rivers by system")),
    ("forbidden", N_("forbidden segments")),
    ("seas", N_("seas' coasts (storms)")),
    ("zones", N_("event zone of a card  [ ]")),
    ("weak", N_("weak spots")),
)
TERRAIN_TINT = {"plain": TINT_PLAIN, "mountain": TINT_MOUNTAIN, "alpine": TINT_ALPINE,
                "small": RED, "medium": RED, "major": RED}
PALETTE = (BLUE, INK_ORANGE, INK_GREEN, INK_PURPLE, INK_SKY,
           INK_VERMILLION, VIOLET, OLIVE, DARK_GREY, ROSE)
#: The legend's name for the reference picture (not one of the numbered layers).
REFERENCE = "reference"
#: A press and release closer than this (pixels) is a click, which copies the position.
CLICK_SLOP_PX = 4


def system_colours(board: Board) -> dict[str, tuple[int, int, int]]:
    systems = sorted({str(f.props.get("system") or f.name) for f in board.geometry.layer("river")})
    return {s: PALETTE[i % len(PALETTE)] for i, s in enumerate(systems)}


def sea_colours(board: Board) -> dict[str, tuple[int, int, int]]:
    return {s: PALETTE[i % len(PALETTE)] for i, s in enumerate(sorted(board.coast))}


@dataclass
class ZoneEvent:
    """A card's zone as the game draws it (the fields ui/zones.py reads)."""

    card: int
    kind: str
    dots: frozenset[int] = frozenset()
    edges: frozenset[EdgeKey] = frozenset()
    ferries: frozenset[int] = frozenset()
    params: dict[str, Any] = field(default_factory=dict)


@dataclass
class ZoneState:
    board: Board
    deck: Deck
    events: list[ZoneEvent]


def card_zone(board: Board, deck: Deck, card: Card) -> ZoneEvent:
    """The zone of an event card, worked out by the rules themselves on a scratch game
    (E4-E8)."""
    from rail_app.games.italian_rails.rules import events
    from rail_app.games.italian_rails.rules.engine import new_game
    from rail_app.games.italian_rails.rules.eventkinds import rule_of

    rule = rule_of(card.event)
    if rule is not None and not rule.lasting:  # a zone while drawn (E7/E8): counted along
        # segments, as the rules count it
        return ZoneEvent(card.number, str(card.event), events.card_zone(board, card),
                         params=dict(card.params))
    state = new_game(board, seed=1)
    state.deck = deck
    events.resolve_event(state, card.number, 0)
    for ev in state.events:
        return ZoneEvent(ev.card, ev.kind, ev.dots, ev.edges, ev.ferries, dict(ev.params))
    return ZoneEvent(card.number, str(card.event))


# -- the window -------------------------------------------------------------------------------


class Preview:
    """The preview's screen: the map, the layers, the inspector and the panels."""

    def __init__(self, path: str | os.PathLike[str], size: tuple[int, int] = (1280, 720),
                 reference: ReferenceImage | None = None) -> None:
        self.model = PreviewModel(Path(path))
        #: a picture to trace from, placed by two corners (``--image``, ``--corners``)
        self.reference = reference
        self.press: tuple[int, int] | None = None  # where the left button went down
        self.copied: position.Copied | None = None  # what the last click copied
        self.size = size
        self.layers: dict[str, bool] = {name: name == "weak" for name, _ in LAYERS}
        self.show_deck = True
        self.event_index = 0
        self.pointer: tuple[int, int] | None = None
        self.drag: tuple[int, int] | None = None
        self.camera: Camera | None = None
        self.base: BaseLayer | None = None
        self.overlay = TrackLayer()
        self.shown_generation = -1
        self.since_check = 0.0
        self.legend_rects: list[tuple[pygame.Rect, str]] = []
        self.panel_rects: list[pygame.Rect] = []  # panels over the map: a click there is no copy
        self.redraws = 0
        self._zone: tuple[tuple[int, int], ZoneEvent | None] | None = None
        self.model.load()
        if reference is not None:
            reference.load()
        self._board_changed()

    # -- geometry of the screen ----------------------------------------------------------------
    def px(self, v: float) -> int:
        return max(1, round(v * max(0.7, min(1.6, self.size[1] / 900))))

    def map_rect(self) -> pygame.Rect:
        top = self.px(34)
        return pygame.Rect(0, top, self.size[0], self.size[1] - top)

    def resize(self, size: tuple[int, int]) -> None:
        self.size = size
        if self.camera is not None:
            self.camera.set_rect(self.map_rect())

    # -- reacting to the files ------------------------------------------------------------------
    def _board_changed(self) -> None:
        board = self.model.board
        self.shown_generation = self.model.generation
        self._zone = None
        self.overlay.invalidate()
        if board is None:
            return
        if self.reference is not None:
            self.reference.place(board.projection)
        old = self.camera
        self.base = BaseLayer(board)
        cam = Camera(board, self.map_rect())
        if old is not None and abs(old.board.layout.spacing - board.layout.spacing) < 1e-9:
            cam.level, cam.ox, cam.oy = old.level, old.ox, old.oy
            cam.clamp()
        self.camera = cam
        cards = self.model.event_cards()
        self.event_index = min(self.event_index, max(0, len(cards) - 1))

    def update(self, dt: float) -> None:
        self.since_check += dt
        if self.copied is not None:
            self.copied.left_s -= dt
            if self.copied.left_s <= 0:
                self.copied = None
        if self.since_check >= WATCH_INTERVAL_S:
            self.since_check = 0.0
            self.poll()
            ref = self.reference
            if ref is not None and ref.changed_on_disk():
                ref.load()  # the picture was saved again

    def poll(self) -> bool:
        """Look at the files now; True if something was loaded again."""
        before = self.model.board_generation
        if not self.model.check():
            return False
        if self.model.board_generation != before:
            self._board_changed()
        else:
            self.shown_generation = self.model.generation
            self._zone = None
            self.overlay.invalidate()
        self.redraws += 1
        return True

    # -- input ------------------------------------------------------------------------------------
    def handle_event(self, event: pygame.event.Event) -> bool:
        """React to one event; False when the preview should close."""
        cam = self.camera
        if event.type == pygame.QUIT:
            return False
        if event.type == pygame.KEYDOWN:
            return self._key(event.key)
        if event.type == pygame.MOUSEMOTION:
            self.pointer = event.pos
            if self.drag is not None and cam is not None:
                cam.pan_px(event.pos[0] - self.drag[0], event.pos[1] - self.drag[1])
                self.drag = event.pos
        elif event.type == pygame.MOUSEBUTTONDOWN:
            if event.button == 1:
                for rect, name in self.legend_rects:
                    if rect.collidepoint(event.pos):
                        self.toggle(name)
                        return True
                self.press = event.pos
            if event.button in (1, 2, 3):
                self.drag = event.pos
        elif event.type == pygame.MOUSEBUTTONUP:
            self.drag = None
            if event.button == 1 and self.press is not None:
                moved = math.hypot(event.pos[0] - self.press[0], event.pos[1] - self.press[1])
                self.press = None
                if moved < CLICK_SLOP_PX:  # a click, not a drag: copy the position
                    self.copy_position(event.pos)
        elif event.type == pygame.MOUSEWHEEL and cam is not None:
            at = self.pointer or cam.rect.center
            cam.zoom_at(1 if event.y > 0 else -1, *at)
        elif event.type == pygame.VIDEORESIZE:
            self.resize((max(640, event.w), max(400, event.h)))
        return True

    def _key(self, key: int) -> bool:
        cam = self.camera
        if key in (pygame.K_ESCAPE, pygame.K_q):
            return False
        for i, (name, _words) in enumerate(LAYERS):
            if key == pygame.K_1 + i:
                self.toggle(name)
        if key == pygame.K_d:
            self.show_deck = not self.show_deck
        elif key == pygame.K_i and self.reference is not None:
            self.reference.toggle()
        elif key == pygame.K_o and self.reference is not None:
            self.reference.step_opacity()
            self.reference.visible = True
        elif key in (pygame.K_LEFTBRACKET, pygame.K_RIGHTBRACKET):
            cards = self.model.event_cards()
            if cards:
                step = 1 if key == pygame.K_RIGHTBRACKET else -1
                self.event_index = (self.event_index + step) % len(cards)
                self.layers["zones"] = True
                self._zone = None
                self.overlay.invalidate()
        elif key == pygame.K_r:
            self.model.stamps = {}
            self.poll()
        elif cam is not None and key in (pygame.K_HOME, pygame.K_f):
            cam.fit()
        elif cam is not None and key in (pygame.K_PLUS, pygame.K_EQUALS, pygame.K_KP_PLUS):
            cam.zoom_at(1, *cam.rect.center)
        elif cam is not None and key in (pygame.K_MINUS, pygame.K_KP_MINUS):
            cam.zoom_at(-1, *cam.rect.center)
        elif cam is not None and key in (pygame.K_LEFT, pygame.K_RIGHT, pygame.K_UP,
                                         pygame.K_DOWN):
            step = self.px(120)
            dx = {pygame.K_LEFT: step, pygame.K_RIGHT: -step}.get(key, 0)
            dy = {pygame.K_UP: step, pygame.K_DOWN: -step}.get(key, 0)
            cam.pan_px(dx, dy)
        return True

    def toggle(self, name: str) -> None:
        if name == REFERENCE:
            if self.reference is not None:
                self.reference.toggle()
            return
        self.layers[name] = not self.layers[name]
        self.overlay.invalidate()

    # -- the pointer's position in the map's units ------------------------------------------------
    def pointer_position(self, at: tuple[int, int] | None = None) -> str | None:
        """The position under the pointer (or ``at``) as the map file writes positions, or
        None off the map."""
        board, cam = self.model.board, self.camera
        at = at if at is not None else self.pointer
        if board is None or cam is None or at is None or not cam.rect.collidepoint(at):
            return None
        return position.position_text(board, *cam.to_km(*at))

    def copy_position(self, at: tuple[int, int]) -> None:
        """A click on the map: its position to the clipboard, ready to paste as ``at:``."""
        if any(r.collidepoint(at) for r, _ in self.legend_rects) or any(
                r.collidepoint(at) for r in self.panel_rects):
            return
        text = self.pointer_position(at)
        if text is None:
            return
        self.copied = position.Copied(text, position.copy_text(text))

    def position_chip_text(self) -> str | None:
        """The line at the foot of the map: the pointer's position, the dot nearest it, and
        what a click does (or what the last click copied)."""
        board, cam = self.model.board, self.camera
        if board is None or cam is None:
            return None
        if self.copied is not None:
            if self.copied.ok:
                return f"copied {self.copied.text} \u00b7 paste it as an at: position"
            return f"no clipboard here: {self.copied.text} \u00b7 type it as an at: position"
        text = self.pointer_position()
        if text is None or self.pointer is None:
            return f"positions in {position.units(board)} \u00b7 click the map to copy one"
        d = board.nearest_dot(*cam.to_km(*self.pointer))
        dot = f" \u00b7 nearest dot {board.key(d)}" if d is not None else ""
        return f"{text} ({position.units(board)}){dot} \u00b7 click to copy"

    # -- what the pointer is on -------------------------------------------------------------------
    def hovered(self) -> tuple[str, int | EdgeKey] | None:
        """("dot", d) or ("segment", edge key) under the pointer, or None."""
        board, cam = self.model.board, self.camera
        if board is None or cam is None or self.pointer is None \
                or not cam.rect.collidepoint(self.pointer):
            return None
        if any(r.collidepoint(self.pointer) for r, _ in self.legend_rects):
            return None
        kx, ky = cam.to_km(*self.pointer)
        d = board.nearest_dot(kx, ky)
        if d is not None:
            sx, sy = cam.dot_screen(d)
            if math.hypot(sx - self.pointer[0], sy - self.pointer[1]) <= max(5.0,
                                                                             cam.dot_px * 0.22):
                return ("dot", d)
        e = edges_near(board, cam, *self.pointer)
        if e is not None:
            return ("segment", edge_key(*e))
        return None

    def inspector_lines(self) -> list[str]:
        board = self.model.board
        target = self.hovered()
        if board is None or target is None:
            return []
        kind, what = target
        if kind == "dot":
            assert isinstance(what, int)
            return inspector.dot_lines(board, what, self.model.spots)
        assert isinstance(what, tuple)
        return inspector.segment_lines(board, board.edges[what])

    # -- drawing ------------------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface, *, complete: bool = False) -> None:
        """One frame. ``complete`` renders every tile of the view at once (pictures, tests)
        instead of a few per frame."""
        surface.fill(BG)
        board, cam, base = self.model.board, self.camera, self.base
        self.legend_rects = []
        self.panel_rects = []
        if board is not None and cam is not None and base is not None:
            if complete:
                base.render_all(cam)
            version = (self.shown_generation, tuple(sorted(self.layers.items())),
                       self.event_index,
                       self.reference.key if self.reference is not None else None)
            self.overlay.ensure(cam, version, self._draw_layers)
            base.draw(surface, cam, self.overlay, budget_s=1.0 if complete else 0.012)
            clip = surface.get_clip()
            surface.set_clip(cam.rect)
            self._draw_hover(surface, board, cam)
            surface.set_clip(clip)
            self._draw_legend(surface, board)
            if self.show_deck:
                self._draw_deck_panel(surface)
            self._draw_position(surface)
            self._draw_inspector(surface)
        self._draw_top_bar(surface)
        if self.model.problems:
            self._draw_problems(surface)

    def _draw_layers(self, surface: pygame.Surface, view: mr.MapView) -> None:
        """The toggled layers, drawn into the cached overlay under the names."""
        board = self.model.board
        if board is None:
            return
        sp = board.layout.spacing * view.scale
        clip = surface.get_clip()

        def pt(d: int) -> tuple[float, float]:
            return view.to_px(board.dots[d].x, board.dots[d].y)

        def visible(p: tuple[float, float], pad: float) -> bool:
            return clip.left - pad <= p[0] <= clip.right + pad and \
                clip.top - pad <= p[1] <= clip.bottom + pad

        if self.reference is not None:  # first: under every layer and the names
            self.reference.draw(surface, view)

        if self.layers["terrain"]:
            pointy = board.layout.orientation == "pointy"
            cell = pygame.Surface(surface.get_size(), pygame.SRCALPHA)
            for d in board.dots:
                p = pt(d.id)
                if visible(p, sp):
                    colour = TERRAIN_TINT.get(d.terrain, UNKNOWN_GREY)
                    alpha = 40 if d.terrain == "plain" else 95
                    pygame.draw.polygon(cell, (*colour, alpha),
                                        mr.hexagon(p[0], p[1], sp / math.sqrt(3) - 0.5, pointy))
            surface.blit(cell, (0, 0))
        if self.layers["seas"]:
            colours = sea_colours(board)
            for name, coast in board.coast.items():
                for at in coast:
                    p = pt(at)
                    if visible(p, sp):
                        pygame.draw.circle(surface, (*colours[name], 150), p, max(3.0, sp * 0.3))
        if self.layers["rivers"]:
            colours = system_colours(board)
            width = max(2, round(sp * 0.12))
            for f in board.geometry.layer("river"):
                colour = colours[str(f.props.get("system") or f.name)]
                for line in _lines(f.geom):
                    pts = [view.to_px(x, y) for x, y in line.coords]
                    if len(pts) >= 2:
                        pygame.draw.lines(surface, (*colour, 230), False, pts, width)
        if self.layers["forbidden"]:
            for e in board.edges.values():
                if e.forbidden is None:
                    continue
                a, b = pt(e.a), pt(e.b)
                if not visible(a, sp):
                    continue
                colour = BORDER_FORBIDDEN if "border" in e.forbidden else WEAK
                pygame.draw.line(surface, (*colour, 200), a, b, max(1, round(sp * 0.05)))
                hud.cross(surface, ((a[0] + b[0]) / 2, (a[1] + b[1]) / 2), max(3.0, sp * 0.12),
                          colour, max(1, round(sp * 0.05)))
        if self.layers["zones"]:
            zone = self.current_zone()
            if zone is not None and self.model.deck is not None:
                zones.draw_zones(surface, ZoneState(board, self.model.deck, [zone]), view)
        if self.layers["dots"] and sp >= 34:
            size = max(9, min(14, int(sp * 0.22)))
            for d in board.dots:
                p = pt(d.id)
                if visible(p, sp):
                    mr.text(surface, d.key, (p[0], p[1] + sp * 0.2), size, DARK_GREY,
                            anchor="midtop")
        if self.layers["weak"]:
            for spot in self.model.spots:
                colour = NOTE if spot.kind == FERRY_ONLY else WEAK
                if spot.kind == FERRY_OVER_LAND:  # its route, over the land it crosses
                    pygame.draw.line(surface, (*WEAK, 220), pt(spot.dots[0]), pt(spot.dots[1]),
                                     max(2, round(sp * 0.1)))
                for at in spot.dots[:2 if spot.kind == FERRY_OVER_LAND else 1]:
                    p = pt(at)
                    if visible(p, sp * 2):
                        r = max(8.0, sp * (1.6 if board.dots[at].terrain == "major" else 0.6))
                        pygame.draw.circle(surface, (*colour, 220), p, r, max(2, round(sp * 0.1)))

    def current_zone(self) -> ZoneEvent | None:
        cards = self.model.event_cards()
        board, deck = self.model.board, self.model.deck
        if not cards or board is None or deck is None:
            return None
        card = cards[self.event_index % len(cards)]
        key = (self.shown_generation, card.number)
        if self._zone is None or self._zone[0] != key:
            self._zone = (key, card_zone(board, deck, card))
        return self._zone[1]

    def _draw_hover(self, surface: pygame.Surface, board: Board, cam: Camera) -> None:
        target = self.hovered()
        if target is None:
            return
        kind, what = target
        if kind == "dot":
            assert isinstance(what, int)
            pygame.draw.circle(surface, HOVER, cam.dot_screen(what), max(6.0, cam.dot_px * 0.3), 3)
        else:
            assert isinstance(what, tuple)
            a, b = cam.dot_screen(what[0]), cam.dot_screen(what[1])
            pygame.draw.line(surface, HOVER, a, b, max(3, round(cam.dot_px * 0.14)))

    def _draw_inspector(self, surface: pygame.Surface) -> None:
        lines = self.inspector_lines()
        if not lines or self.pointer is None:
            return
        size = self.px(15)
        width = self.px(520)
        rows: list[tuple[str, tuple[int, int, int], bool]] = []
        for i, line in enumerate(lines):
            colour = WHITE if i == 0 else TAB
            if line.startswith(("Weak spot", "Forbidden")):
                colour = PROBLEM
            for part in hud.wrap(line, size, width, bold=i == 0):
                rows.append((part, colour, i == 0))
        hud.bubble(surface, rows, self.pointer, size, bounds=self.map_rect())

    def status_text(self) -> str:
        """The top bar's words about the map: true of what is on screen."""
        m = self.model
        n = len(m.problems)
        many = ngettext("{n} problem", "{n} problems", n).format(n=n)
        if m.board is None:
            return _("no good map yet")
        if m.problems and m.map_is_current:
            # the map shown is the one saved: only its deck is refused
            return _("map OK \u00b7 deck: {many}").format(many=many) + (
                _(", showing the last good deck's figures") if m.stats else "")
        if m.problems:
            return _("{many}: showing the last good map").format(many=many)
        s = m.board.summary()
        return (_("OK \u00b7 {s} cities, {s2} dots, {s3} ferries").format(
            s=s['cities'], s2=s['dots'], s3=s['ferries'])
            + (_(" \u00b7 {cards} cards").format(cards=m.stats.cards) if m.stats else ""))

    def _draw_top_bar(self, surface: pygame.Surface) -> None:
        h = self.map_rect().top
        pygame.draw.rect(surface, INK, (0, 0, self.size[0], h))
        m = self.model
        size = self.px(16)
        status = self.status_text()
        name = m.board.name if m.board is not None else m.path.name
        x = hud.label(surface, f"{name} \u2014 {m.path}", (self.px(10), h // 2), size,
                      WHITE, bold=True, anchor="midleft").right
        colour = PROBLEM if m.problems else FINE
        hud.label(surface, status, (x + self.px(18), h // 2), size, colour, anchor="midleft")
        keys = _("1-7 layers \u00b7 [ ] card \u00b7 D deck \u00b7 ") + (
            _("I O picture \u00b7 ") if self.reference is not None else "") + \
            _("click copies \u00b7 F fit \u00b7 Esc quit")
        hud.label(surface, keys, (self.size[0] - self.px(10), h // 2), self.px(14),
                  SCROLL_BAR, anchor="midright")

    def problem_panel_lines(self) -> list[str]:
        """The error panel's lines: as validate-map prints them (a deck older than its map
        in one line, the first 20 others, then a count)."""
        return problem_lines(self.model.problems, all_option=False)

    def problem_panel_title(self) -> str:
        """What the panel says the screen shows: the last good map while the map file is
        refused, the map as saved when only its deck is."""
        m = self.model
        if m.board is None:
            return _("The map does not load")
        if m.map_is_current:
            return (_("The deck has problems: the map shown is the one saved")
                    + (_("; the deck panel shows the last good deck's figures") if m.stats
                       else ""))
        return _("The map has problems: the last good map stays on screen until they are "
                 "fixed")

    def _draw_problems(self, surface: pygame.Surface) -> None:
        size = self.px(15)
        width = min(self.size[0] - self.px(40), self.px(1100))
        rows: list[tuple[str, tuple[int, int, int], bool]] = []
        title = self.problem_panel_title()
        more = ""
        rows.append((title + more, hud.RED, True))
        for line in self.problem_panel_lines():
            for part in hud.wrap(line, size, width - self.px(24)):
                rows.append((part, hud.TEXT, False))
        line_h = hud.rendered("Ag", size, hud.TEXT).get_height()
        h = line_h * len(rows) + self.px(20)
        rect = pygame.Rect(0, 0, width, h)
        rect.midtop = (self.size[0] // 2, self.map_rect().top + self.px(10))
        hud.panel(surface, rect, alpha=240)
        self.panel_rects.append(rect)
        pygame.draw.rect(surface, hud.RED, rect, 2, border_radius=8)
        y = rect.top + self.px(10)
        for text, colour, bold in rows:
            hud.label(surface, text, (rect.left + self.px(12), y), size, colour, bold=bold)
            y += line_h

    def _draw_position(self, surface: pygame.Surface) -> None:
        """The pointer's position chip, at the foot of the map."""
        text = self.position_chip_text()
        if text is None:
            return
        size = self.px(15)
        colour = hud.TEXT if self.copied is None else hud.GREEN if self.copied.ok else hud.AMBER
        label = hud.rendered(text, size, colour, self.copied is not None)
        rect = label.get_rect().inflate(self.px(20), self.px(10))
        rect.midbottom = (self.size[0] // 2, self.size[1] - self.px(8))
        hud.panel(surface, rect, alpha=225)
        surface.blit(label, label.get_rect(center=rect.center))

    def legend_texts(self) -> list[str]:
        """The legend's lines, as drawn."""
        board = self.model.board
        return [r.text for r in self._legend_rows(board)] if board is not None else []

    def _legend_rows(self, board: Board) -> list[Row]:
        rows: list[Row] = []
        for i, (name, words) in enumerate(LAYERS):
            on = self.layers[name]
            rows.append(Row(f"{i + 1}  {_(words)}", hud.TEXT if on else hud.MUTED,
                            swatch="on" if on else "off", layer=name))
        ref = self.reference
        if ref is not None:
            words = (f"I  reference: {ref.path.name}, {ref.opacity}% (O)" if not ref.error
                     else f"I  reference: {ref.error}")
            rows.append(Row(words, (hud.TEXT if ref.visible else hud.MUTED) if not ref.error
                            else hud.RED, swatch="on" if ref.visible and not ref.error
                            else "off", layer=REFERENCE))
        return rows + self._legend_details(board)

    def _draw_legend(self, surface: pygame.Surface, board: Board) -> None:
        """The layers (click or press 1-7) and what the shown ones mean."""
        size = self.px(14)
        line_h = hud.rendered("Ag", size, hud.TEXT).get_height() + self.px(2)
        rows = self._legend_rows(board)
        indent = self.px(22)
        width = max(hud.rendered(r.text, size, r.colour).get_width() + (indent if r.swatch
                                                                          else 0)
                    for r in rows) + self.px(20)
        rect = pygame.Rect(self.px(10), self.map_rect().top + self.px(10), width,
                           line_h * len(rows) + self.px(12))
        if self.model.problems:
            rect.bottom = self.size[1] - self.px(10)
        hud.panel(surface, rect, alpha=225)
        y = rect.top + self.px(6)
        for row in rows:
            x = rect.left + self.px(10)
            if row.swatch:
                _swatch(surface, row.swatch, row.colour, pygame.Rect(x, y, indent - self.px(6),
                                                                      line_h - self.px(2)))
                x += indent
            hud.label(surface, row.text, (x, y), size, row.colour if row.swatch not in (
                "line", "dot") else hud.TEXT)
            if row.layer is not None:
                self.legend_rects.append((pygame.Rect(rect.left, y, rect.w, line_h), row.layer))
            y += line_h

    def _legend_details(self, board: Board) -> list[Row]:
        out: list[Row] = []
        cam = self.camera
        if self.layers["dots"] and cam is not None and cam.dot_px < 34:
            out.append(Row(_("   zoom in to read the dot keys"), hud.MUTED))
        if self.layers["terrain"]:
            for t in ("plain", "mountain", "alpine"):
                cost = board.rules.terrain_costs[t]
                out.append(Row(f"{t}: {cost}M", TERRAIN_TINT[t], swatch="dot"))
            out.append(Row("city", TERRAIN_TINT["small"], swatch="dot"))
        if self.layers["rivers"]:
            count: dict[str, int] = {}
            for e in board.edges.values():
                for c in e.crossings:
                    if c.kind == "river" and e.forbidden is None:
                        count[c.system or c.name] = count.get(c.system or c.name, 0) + 1
            for s, colour in system_colours(board).items():
                out.append(Row(_("{s}: crossed by {get} segments").format(s=s, get=count.get(s, 0)), colour,
                               swatch="line"))
        if self.layers["forbidden"]:
            n = sum(1 for e in board.edges.values() if e.forbidden)
            out.append(Row(_("{n} forbidden segments (B3)").format(n=n), WEAK, swatch="line"))
        if self.layers["seas"]:
            for s, colour in sea_colours(board).items():
                out.append(Row(_("{s}: {n} coast dots").format(s=s, n=len(board.coast[s])), colour, swatch="dot"))
        if self.layers["zones"]:
            cards = self.model.event_cards()
            if cards:
                card = cards[self.event_index % len(cards)]
                colour = zones.zone_colour(str(card.event))
                out.append(Row(_("card #{number}: {title}").format(number=card.number, title=card.title), colour, swatch="dot"))
            else:
                out.append(Row(_("   the deck has no event cards"), hud.MUTED))
        if self.layers["weak"]:
            warned = [s for s in self.model.spots if s.warned and s.kind != FERRY_OVER_LAND]
            notes = [s for s in self.model.spots if not s.warned]
            ferries = [s for s in self.model.spots if s.kind == FERRY_OVER_LAND]
            out.append(Row(ngettext("{n} weak spot (K5)", "{n} weak spots (K5)",
                                    len(warned)).format(n=len(warned)),
                           WEAK, swatch="ring"))
            if ferries:
                out.append(Row(f"{len(ferries)} ferr{'ies' if len(ferries) != 1 else 'y'} "
                               "over land (B6)", WEAK, swatch="line"))
            if notes:
                out.append(Row(_("{n} reached by ferry only").format(n=len(notes)), NOTE, swatch="ring"))
        return out

    def deck_panel_lines(self) -> list[Row]:
        """The deck panel: payoffs, demands per commodity and per city, events, and the
        demands the map cannot satisfy."""
        m = self.model
        rows: list[Row] = []
        board = m.board
        if board is None:
            return rows
        if board.deck_file is None:
            return [Row(_("Deck"), hud.TEXT, bold=True),
                    Row(_("this map names no deck file ('deck:')"), hud.RED)]
        rows.append(Row(_("Deck · {name}").format(name=board.deck_file.name), hud.TEXT, bold=True))
        if m.deck_problems:
            rows.append(Row(_("{n} problems (listed above)").format(n=len(m.deck_problems)), hud.RED))
        for p in demand_problems(m.deck_problems)[:6]:
            rows.append(Row(p.message.split(": ", 2)[-1], hud.RED))
        s = m.stats
        if s is None:
            return rows
        if m.deck_problems:
            rows.append(Row(_("figures of the last good deck:"), hud.MUTED))
        rows.append(Row(_("{cards} cards: {demand_cards} demand cards, {n} events").format(cards=s.cards, demand_cards=s.demand_cards, n=sum(s.events.values())), hud.TEXT))
        if s.payoffs:
            rows.append(Row(_("payoffs {payoffs}-{payoffs2}, median {payoffs3}").format(payoffs=s.payoffs[0], payoffs2=money_millions(s.payoffs[-1]), payoffs3=money_millions(s.payoffs[len(s.payoffs) // 2])), hud.TEXT, bold=True))
        top = max((n for _label, n in s.histogram), default=1) or 1
        for label, n in s.histogram:
            if n:
                rows.append(Row(f"{label}M: {n}", hud.MUTED, bar=n / top))
        rows.append(Row(_("events:"), hud.TEXT, bold=True))
        kinds = sorted(s.events.items())
        for i in range(0, len(kinds), 3):
            rows.append(Row("  " + ", ".join(f"{k} {n}" for k, n in kinds[i:i + 3]), hud.MUTED))
        per = sorted(s.per_commodity.items(), key=lambda t: (-t[1], t[0]))
        rows.append(Row(_("demands per commodity:"), hud.TEXT, bold=True))
        for i in range(0, len(per), 3):
            rows.append(Row("  " + ", ".join(f"{m_} {n}" for m_, n in per[i:i + 3]), hud.MUTED))
        cities = sorted(s.per_city.items(), key=lambda t: (t[1], t[0]))
        rows.append(Row(_("demands per city (fewest first):"), hud.TEXT, bold=True))
        for i in range(0, min(len(cities), 12), 3):
            rows.append(Row("  " + ", ".join(f"{c} {n}" for c, n in cities[i:i + 3]),
                            hud.MUTED))
        if s.never_asked_cities:
            rows.append(Row(_("never asked: ") + ", ".join(s.never_asked_cities), NOTE))
        if s.never_asked_commodities:
            rows.append(Row(_("never demanded: ") + ", ".join(s.never_asked_commodities), NOTE))
        return rows

    def _draw_deck_panel(self, surface: pygame.Surface) -> None:
        rows = self.deck_panel_lines()
        if not rows:
            return
        size = self.px(14)
        line_h = hud.rendered("Ag", size, hud.TEXT).get_height() + self.px(1)
        bar_w = self.px(160)
        width = min(self.px(440), max(hud.rendered(r.text, size, r.colour, r.bold).get_width()
                                      + (bar_w if r.bar is not None else 0)
                                      for r in rows) + self.px(24))
        rect = pygame.Rect(0, 0, width, line_h * len(rows) + self.px(12))
        rect.topright = (self.size[0] - self.px(10), self.map_rect().top + self.px(10))
        if self.model.problems:
            rect.bottomright = (self.size[0] - self.px(10), self.size[1] - self.px(10))
        hud.panel(surface, rect, alpha=225)
        self.panel_rects.append(rect)
        clip = surface.get_clip()
        surface.set_clip(rect.inflate(-self.px(8), 0))
        y = rect.top + self.px(6)
        for row in rows:
            x = rect.left + self.px(10)
            if row.bar is not None:
                label_w = self.px(70)
                hud.label(surface, row.text.split(":")[0], (x + label_w - self.px(6), y),
                          size, row.colour, anchor="topright")
                w = max(2, round((bar_w - self.px(40)) * row.bar))
                pygame.draw.rect(surface, FRAME,
                                 (x + label_w, y + self.px(3), w, line_h - self.px(6)))
                hud.label(surface, row.text.split(": ")[1], (x + label_w + w + self.px(4), y),
                          size, row.colour)
            else:
                hud.label(surface, row.text, (x, y), size, row.colour, bold=row.bold)
            y += line_h
        surface.set_clip(clip)


@dataclass(frozen=True)
class Row:
    """A line of a panel: text, its colour, and what is drawn before it."""

    text: str
    colour: tuple[int, int, int]
    bold: bool = False
    swatch: str | None = None  # on | off (a layer's box), line | dot | ring (a key)
    layer: str | None = None  # the layer a click toggles
    bar: float | None = None  # a histogram bar, 0..1


def _swatch(surface: pygame.Surface, kind: str, colour: tuple[int, int, int],
            box: pygame.Rect) -> None:
    c = box.center
    r = max(3, min(box.w, box.h) // 3)
    if kind in ("on", "off"):
        sq = pygame.Rect(0, 0, 2 * r + 2, 2 * r + 2)
        sq.center = c
        pygame.draw.rect(surface, hud.TEXT if kind == "on" else hud.MUTED, sq, 1)
        if kind == "on":
            pygame.draw.rect(surface, hud.TEXT, sq.inflate(-4, -4))
    elif kind == "line":
        pygame.draw.line(surface, colour, (box.left, c[1]), (box.right, c[1]), max(2, r // 2 + 1))
    elif kind == "dot":
        pygame.draw.circle(surface, colour, c, r + 1)
    elif kind == "ring":
        pygame.draw.circle(surface, colour, c, r + 1, 2)


def _lines(geom: Any) -> list[Any]:
    if geom.is_empty:
        return []
    if geom.geom_type in ("LineString", "LinearRing"):
        return [geom]
    return [g for part in getattr(geom, "geoms", []) for g in _lines(part)]


# -- the command --------------------------------------------------------------------------------

MIN_SIZE = (640, 400)


def parse_size(text: str) -> tuple[int, int] | None:
    """``"1600x900"`` -> (1600, 900); None unless it is a size of at least MIN_SIZE."""
    m = re.fullmatch(r"\s*(\d{3,5})\s*[xX\u00d7]\s*(\d{3,5})\s*", text)
    if m is None:
        return None
    w, h = int(m.group(1)), int(m.group(2))
    return (w, h) if w >= MIN_SIZE[0] and h >= MIN_SIZE[1] else None


def run(path: str, size: tuple[int, int] = (1280, 720), *, frames: int | None = None,
        on_frame: Callable[[Preview, int], None] | None = None,
        reference: ReferenceImage | None = None) -> int:
    """Open the preview window; returns 0 when it is closed. ``frames`` stops it after that
    many frames (for tests and pictures); ``on_frame`` is called after each frame."""
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    pygame.init()
    try:
        screen = pygame.display.set_mode(size, pygame.RESIZABLE)
        pygame.display.set_caption(_("Italian Rails map preview — {path}").format(path=path))
        preview = Preview(path, screen.get_size(), reference)
        clock = pygame.time.Clock()
        n = 0
        running = True
        while running and (frames is None or n < frames):
            dt = clock.tick(30) / 1000.0
            for event in pygame.event.get():
                if event.type == pygame.VIDEORESIZE:
                    screen = pygame.display.get_surface() or screen
                if not preview.handle_event(event):
                    running = False
            preview.update(dt)
            preview.draw(screen)
            pygame.display.flip()
            n += 1
            if on_frame is not None:
                on_frame(preview, n)
    finally:
        pygame.display.quit()  # the window; fonts stay usable for whoever called
    return 0
