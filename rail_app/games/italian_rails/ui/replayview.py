"""Italian Rails in the replay (:data:`REPLAY`, named by its definition,
``ITALIAN_RAILS.replay``): the position drawn on the whole map (each
player's track and ferries in their ink, the trains, the events in force), the last action
marked on it (the segment drawn, the train's move, the delivery, the event's zone), the
action's lines of the history in words, each seat's figures as the viewer may know them,
and a better plan drawn as Suggest draws it (the train's way, the track still to build
dashed, numbered stops).

Light to import: the map's drawing code comes with the first replay.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

import pygame

from rail_app.core.cache import BoundedCache
from rail_app.core.i18n import _, money_millions
from rail_app.games.italian_rails.rules import log as ev
from rail_app.games.italian_rails.rules.places import Names
from rail_app.games.italian_rails.rules.words import sentence
from rail_app.games.italian_rails.ui import maprender as mr
from rail_app.games.italian_rails.ui.palette import GHOST_BG, GLOW, WHITE
from rail_app.games.italian_rails.ui.zones import draw_zones
from rail_app.ui import hud
from rail_app.ui.hud import plain

if TYPE_CHECKING:
    from rail_app.games.italian_rails.ai.advice import Advice
    from rail_app.games.italian_rails.rules.board import Board
    from rail_app.games.italian_rails.rules.state import GameState
    from rail_app.games.italian_rails.ui.mapstyle import MapView

Colour = tuple[int, int, int]

_BASE: BoundedCache[tuple[str, str, tuple[int, int]], pygame.Surface] = BoundedCache(4)


def _base(board: Board, size: tuple[int, int]) -> tuple[pygame.Surface, MapView]:
    """The map without pieces, ``size`` pixels (drawn once per size)."""

    view = mr.fit_view(board, *size, margin_px=8)
    key = (str(board.path), board.name, size)
    pic = _BASE.peek(key)
    if pic is None:
        pic = pygame.Surface(size)
        mr.draw_base(pic, board, view, labels=min(size) >= 500)
        _BASE.put(key, pic)
    return pic, view


class ItalianRailsReplay:
    """The replay parts of Italian Rails (see the module docstring)."""
    def lines(self, board: Any, before: GameState, after: GameState, seat: int | None
              ) -> list[str]:
        """What the action from ``before`` to ``after`` did, as the history says it."""

        places = Names(after.board)
        out = []
        for entry in after.log[len(before.log):]:
            try:
                out.append(sentence(after, entry, places))
            except ValueError:
                continue
        return out

    def figures(self, board: Any, state: GameState, viewer: int | None) -> list[str]:
        """Each seat's cash, segments and deliveries; cash another seat may not know yet
        (before E3's tax makes it public) is said to be hidden."""
        out = []
        for i, p in enumerate(state.players):
            hidden = viewer is not None and i != viewer and not state.cash_public \
                and state.outcome is None
            cash = _("cash hidden") if hidden else money_millions(p.cash)
            out.append(_("{cash} · {segments} segments · {deliveries} deliveries").format(
                cash=cash, segments=len(p.track), deliveries=p.deliveries))
        return out

    def draw(self, surface: pygame.Surface, board: Any, before: GameState | None,
             state: GameState, inks: Sequence[Colour], plan: Any = None) -> None:
        """The position on the whole map, the last action marked, ``plan`` (an
        :class:`~rail_app.games.italian_rails.ai.advice.Advice`) drawn as Suggest draws it."""
        b = state.board
        size = surface.get_size()
        pic, view = _base(b, size)
        surface.blit(pic, (0, 0))
        sp = b.layout.spacing * view.scale
        width = max(2, round(sp * 0.16))

        def at(d: int) -> tuple[float, float]:
            return view.to_px(b.dots[d].x, b.dots[d].y)

        layer = pygame.Surface(size, pygame.SRCALPHA)
        draw_zones(layer, state, view)
        surface.blit(layer, (0, 0))
        new = state.log[len(before.log):] if before is not None else []
        built = {(e.event.a, e.event.b) for e in new if isinstance(e.event, ev.SegmentBuilt)}
        for a, c in built:  # the segments just drawn glow under the ink
            pygame.draw.line(surface, GLOW, at(a), at(c), width * 3)
        for colour, p in zip(inks, state.players, strict=False):
            for a, c in p.track:
                pygame.draw.line(surface, colour, at(a), at(c), width)
            for f in p.ferries:
                pts = mr.ferry_curve(b, view, *b.ferries[f].ports)
                pygame.draw.lines(surface, colour, False, pts, max(1, width // 2))
        r = max(4, round(sp * 0.45))
        for e in new:
            event = e.event
            if isinstance(event, ev.Moved) and event.start is not None:
                pygame.draw.line(surface, WHITE, at(event.start), at(event.stop), width)
                pygame.draw.circle(surface, GLOW, at(event.stop), r + width, width)
            elif isinstance(event, ev.Delivered) and e.player is not None:
                pos = state.players[e.player].position
                if pos is not None:
                    pygame.draw.circle(surface, GLOW, at(pos), r * 2, width)
            elif isinstance(event, ev.EventDrawn):
                for zone in state.events:
                    if zone.card == event.card and zone.dots:
                        xs = [at(d) for d in zone.dots]
                        cx = sum(x for x, _y in xs) / len(xs)
                        cy = sum(y for _x, y in xs) / len(xs)
                        far = max(((x - cx) ** 2 + (y - cy) ** 2) ** 0.5 for x, y in xs)
                        pygame.draw.circle(surface, GLOW, (cx, cy), far + r, width)
        for colour, p in zip(inks, state.players, strict=False):
            if p.position is not None and p.aboard is None:
                pygame.draw.circle(surface, WHITE, at(p.position), r + 2)
                pygame.draw.circle(surface, colour, at(p.position), r)
        if plan is not None:
            self.draw_plan(surface, b, view, plan, inks, width)

    def explain(self, board: Any, state: GameState, plan: Advice, gap: float) -> str:
        """The better plan in one sentence: the track it builds (from where to where, for
        how much), the goods it serves, and how much more a turn it makes."""
        goods = sorted({s.commodity for s in plan.stops if not s.pickup})
        served = _join(goods)
        more = money_millions(max(1, round(gap)))
        b = state.board
        if plan.new_track:
            frm, to = b.place_names(plan.new_track[0][0], plan.new_track[-1][1])
            text = _("Here, building {start} to {end} for {cost} would have served {goods}: "
                     "+{more} a turn more than what was played.").format(
                start=frm, end=to, cost=money_millions(plan.build_cost), goods=served,
                more=more)
        else:
            cities = _join(list(dict.fromkeys(s.to for s in plan.stops if not s.pickup)))
            text = _("Here, the track already built could have served {goods} to {cities}: "
                     "+{more} a turn more than what was played.").format(
                goods=served, cities=cities, more=more)
        return plain(text)

    def draw_plan(self, surface: pygame.Surface, b: Board, view: MapView, plan: Advice,
                  inks: Sequence[Colour], width: int) -> None:
        """A better plan as Suggest draws it: the train's way thin, the track still to
        build in dashes of the seat's ink, the stops numbered in order."""
        colour = inks[plan.seat] if plan.seat < len(inks) else WHITE

        def at(d: int) -> tuple[float, float]:
            return view.to_px(b.dots[d].x, b.dots[d].y)

        layer = pygame.Surface(surface.get_size(), pygame.SRCALPHA)
        pts = [at(d) for d in plan.route]
        if len(pts) >= 2:
            pygame.draw.lines(layer, (*colour, 170), False, pts, max(2, width // 2))
        for a, c in plan.new_track:
            (x0, y0), (x1, y1) = at(a), at(c)
            for t0, t1 in ((0.08, 0.42), (0.58, 0.92)):
                pygame.draw.line(layer, (*colour, 230),
                                 (x0 + (x1 - x0) * t0, y0 + (y1 - y0) * t0),
                                 (x0 + (x1 - x0) * t1, y0 + (y1 - y0) * t1), width + 2)
        surface.blit(layer, (0, 0))
        size = max(12, width * 4)
        for n, i in enumerate(plan.stop_at, start=1):
            if i >= len(plan.route):
                continue
            x, y = at(plan.route[i])
            pygame.draw.circle(surface, GHOST_BG, (x, y - size), size * 0.7)
            pygame.draw.circle(surface, colour, (x, y - size), size * 0.7, 2)
            hud.label(surface, str(n), (x, y - size), size, colour, bold=True, anchor="center")


def _join(words: Sequence[str]) -> str:
    """"wine", "wine and cars", "wine, oil and cars"."""
    if not words:
        return ""
    if len(words) == 1:
        return words[0]
    return _("{first} and {last}").format(first=", ".join(words[:-1]), last=words[-1])


REPLAY = ItalianRailsReplay()
