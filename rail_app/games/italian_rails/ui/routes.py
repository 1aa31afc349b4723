"""The move phase on the map: the dots the train can still reach, the route preview with
where the train stops at the end of each turn (numbered), and the preview's words: how
many turns, the stops by name, the rent, a half-speed zone and its cause (M1-M6)."""

from __future__ import annotations

import pygame

from rail_app.core.i18n import _, money_millions
from rail_app.games.italian_rails.rules import movement
from rail_app.games.italian_rails.rules.actions import PlaceTrain
from rail_app.games.italian_rails.rules.quotes import MoveDetails
from rail_app.games.italian_rails.rules.state import Phase
from rail_app.games.italian_rails.ui.camera import Camera
from rail_app.games.italian_rails.ui.ctx import Ctx
from rail_app.games.italian_rails.ui.ink import ink_width
from rail_app.games.italian_rails.ui.palette import GREY as GREY
from rail_app.games.italian_rails.ui.palette import WHITE as WHITE
from rail_app.games.italian_rails.ui.train import TrainTool
from rail_app.games.italian_rails.ui.voyage import journey_lines, paint_journey
from rail_app.ui import hud
from rail_app.ui.hud import Line


def paint_move(surface: pygame.Surface, ctx: Ctx, trains: TrainTool,
               under: int | None) -> None:
    """The reachable dots, the route preview and its turn stops."""
    st = ctx.state
    t = ctx.table
    if st.phase is not Phase.MOVE or not ctx.free:
        return
    cam = t.camera
    me = st.current
    ink = ctx.ink(me)
    pl = st.players[me]
    sp = cam.dot_px
    if pl.position is None and ctx.cards:
        # first movement: any city may take the train (M1)
        city = st.board.city_of_dot.get(under) if under is not None else None
        for c in st.board.city_list:
            x, y = cam.dot_screen(c.centre)
            pygame.draw.circle(surface, ink.colour, (x, y), max(8.0, sp * (1.5 if c.major else 0.55)),
                               3 if c is city else 1)
    pv = t.preview
    if pl.position is not None:
        reach = trains.reach(me)
        if pv is None or under in reach:
            glow = max(3.0, sp * 0.2)
            s = pygame.Surface((int(glow * 2 + 2),) * 2, pygame.SRCALPHA)
            pygame.draw.circle(s, (*ink.colour, 110), (glow + 1, glow + 1), glow)
            for d in reach:
                x, y = cam.dot_screen(d)
                if cam.rect.collidepoint(x, y):
                    surface.blit(s, (x - glow - 1, y - glow - 1))
    if pv is None or pl.position is None:
        return
    w = max(4, ink_width(sp))
    if pv.journey is not None:  # across the player's ferries (M5)
        if pv.now:
            pts = [cam.dot_screen(d) for d in [pl.position, *pv.now]]
            pygame.draw.lines(surface, WHITE, False, pts, w + 6)
            pygame.draw.lines(surface, ink.colour, False, pts, w)
        marks = paint_journey(surface, ctx, pv, pl.position, ink.colour, w)
        for k, (x, y) in enumerate(marks, start=1):
            _stop_mark(surface, cam, (x, y), str(k), ink.colour, ctx.px(13))
        _target(surface, cam, pv.target, ink.colour)
        return
    if pv.now:
        pts = [cam.dot_screen(d) for d in [pl.position, *pv.now]]
        pygame.draw.lines(surface, WHITE, False, pts, w + 6)
        pygame.draw.lines(surface, ink.colour, False, pts, w)
    if pv.later:
        first = pv.now[-1] if pv.now else pl.position
        pts = [cam.dot_screen(d) for d in [first, *pv.later]]
        for a, b in zip(pts[:-1], pts[1:], strict=True):
            mx, my = (a[0] + b[0]) / 2, (a[1] + b[1]) / 2
            pygame.draw.line(surface, GREY, a, (mx, my), max(2, w // 2))
    # where the train stands at the end of each turn, numbered
    for k, d in enumerate(pv.stop_dots(), start=1):
        _stop_mark(surface, cam, cam.dot_screen(d), str(k), ink.colour, ctx.px(13))
    _target(surface, cam, pv.target, ink.colour)


def _target(surface: pygame.Surface, cam: Camera, target: int,
            colour: tuple[int, int, int]) -> None:
    tx, ty = cam.dot_screen(target)
    r = max(9, cam.dot_px * 0.5)
    pygame.draw.circle(surface, WHITE, (tx, ty), r, 4)
    pygame.draw.circle(surface, colour, (tx, ty), r, 3)


def _stop_mark(surface: pygame.Surface, cam: Camera, at: tuple[float, float], text: str,
               colour: tuple[int, int, int], size: int) -> None:
    x, y = at
    r = max(size * 0.85, cam.dot_px * 0.4)
    pygame.draw.circle(surface, WHITE, (x, y), r + 2)
    pygame.draw.circle(surface, colour, (x, y), r)
    hud.label(surface, text, (x, y), size, WHITE, bold=True, anchor="center")


def preview_lines(ctx: Ctx) -> list[Line]:
    """The route preview's words (UX.md: numbers a player plans with are exact)."""
    pv = ctx.table.preview
    st = ctx.state
    if pv is None:
        return []
    b = st.board
    name = b.place_name(pv.target)
    if isinstance(pv.action, PlaceTrain):
        return [(_("Place the train at {name}").format(name=name), hud.TEXT, True),
                (_("Click again or press Enter (M1)"), hud.MUTED, False)]
    me = st.current
    if pv.journey is not None:
        return journey_lines(ctx, pv)
    if not pv.ok or pv.quote is None:
        out: list[Line] = [(_("Can't go to {name}").format(name=name), hud.RED, True),
                           (pv.reason, hud.TEXT, False)]
        if pv.stops and len(pv.stops) > 1:
            out.append((_turns_text(ctx, pv.stops, pv.route), hud.AMBER, False))
        return out
    d = pv.quote.detail(MoveDetails)
    if d is None:
        return [(_("Can't go to {name}").format(name=name), hud.RED, True)]
    left = movement.moves_left(st, me)
    if pv.turns > 1:
        out = [(_("To {name}: {turns} turns, {n} moves").format(name=name, turns=pv.turns, n=len(pv.route)), hud.TEXT, True),
               (_("This turn: {steps} of {left} moves, stops at {place_name}").format(steps=d.steps, left=left, place_name=b.place_name(d.stop)),
                hud.AMBER, False),
               (_turns_text(ctx, pv.stops, pv.route), hud.AMBER, False)]
    else:
        out = [(_("To {name}: {steps} of {left} moves this turn").format(name=name, steps=d.steps, left=left), hud.TEXT, True),
               (_("Arrives with {moves_left} moves left").format(moves_left=d.moves_left), hud.MUTED, False)]
    cause = movement.slow_cause(st, me)
    if d.slowed_by:
        out.append((_("Enters a half-speed zone: {slowed_by} (M6)").format(slowed_by=d.slowed_by), hud.AMBER, False))
    elif cause:
        out.append((_("Half speed this turn: {cause}").format(cause=cause), hud.AMBER, False))
    if pv.rent:
        owner = st.players[d.rent_to if d.rent_to is not None else 1 - me].name
        out.append((_("Uses {owner}'s track: {rental_fee} rent (M3)").format(owner=owner, rental_fee=money_millions(st.rules.rental_fee)), hud.RED, True))
    pos = st.players[me].position
    here = b.city_of_dot.get(pos) if pos is not None else None
    seen: list[str] = []
    for x in pv.now[:-1]:
        c = b.city_of_dot.get(x)
        if c is not None and c is not here and c.name not in seen:
            seen.append(c.name)
    if seen:
        out.append((_("Passes ") + ", ".join(seen[:4]) + _(" (click one to stop there)"), hud.MUTED,
                    False))
    out.append((_("Click again or Enter to go · Esc cancels"), hud.MUTED, False))
    return out


def _turns_text(ctx: Ctx, stops: list[int], route: list[int]) -> str:
    """"Turn 2: stops at X; turn 3: Y; arrives on turn 4" for a route over several turns."""
    b = ctx.state.board
    parts = []
    for k, n in enumerate(stops[1:-1], start=2):
        parts.append(_("turn {k}: {place_name}").format(k=k, place_name=b.place_name(route[n - 1])) if n > 0 else _("turn {k}: here").format(k=k))
    arrive = _("arrives on turn {n}").format(n=len(stops))
    text = "; ".join(parts + [arrive])
    return text[0].upper() + text[1:]
