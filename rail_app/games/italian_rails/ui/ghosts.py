"""Ghosts on the map: plans shown, never played. The suggested plan (the train's way with its
numbered pickups and deliveries, the track still to build dashed in the player's ink, this
turn's part of it brighter) and the cheapest way to serve a hovered demand, each with a
box of words at the top left of the map."""

from __future__ import annotations

import math

import pygame

from rail_app.core.i18n import _, money_millions, ngettext, pgettext
from rail_app.games.italian_rails.ai.advice import Advice, DemandRoute
from rail_app.games.italian_rails.rules.board import Board
from rail_app.games.italian_rails.rules.state import Edge
from rail_app.games.italian_rails.ui.camera import Camera
from rail_app.games.italian_rails.ui.commands import Demand
from rail_app.games.italian_rails.ui.ctx import Ctx
from rail_app.games.italian_rails.ui.ink import ink_width, mix
from rail_app.games.italian_rails.ui.palette import GHOST_BG as GHOST_BG
from rail_app.games.italian_rails.ui.palette import WHITE as WHITE
from rail_app.ui import hud
from rail_app.ui.hud import Line


def _capital(word: str) -> str:
    return word[:1].upper() + word[1:]


def about_turns(turns: float) -> str:
    n = max(1, math.ceil(turns - 1e-9))
    return ngettext("{n} turn", "{n} turns", n).format(n=n)


def _layer(cam: Camera) -> pygame.Surface:
    return pygame.Surface(cam.rect.size, pygame.SRCALPHA)


def _way(layer: pygame.Surface, cam: Camera, route: tuple[int, ...],
         colour: tuple[int, int, int], width: int) -> None:
    """The train's way as a thin line (over track that is there already)."""
    ox, oy = cam.rect.topleft
    pts = [(x - ox, y - oy) for x, y in (cam.dot_screen(d) for d in route)]
    if len(pts) >= 2:
        pygame.draw.lines(layer, (*colour, 170), False, pts, max(2, width // 3))


def _new_track(layer: pygame.Surface, cam: Camera, edges: tuple[Edge, ...],
               colour: tuple[int, int, int], width: int, alpha: int) -> None:
    """Track still to build: thick dashes of ink, each segment in two strokes."""
    ox, oy = cam.rect.topleft
    for a, b in edges:
        (x0, y0), (x1, y1) = cam.dot_screen(a), cam.dot_screen(b)
        for t0, t1 in ((0.08, 0.42), (0.58, 0.92)):
            p = (x0 + (x1 - x0) * t0 - ox, y0 + (y1 - y0) * t0 - oy)
            q = (x0 + (x1 - x0) * t1 - ox, y0 + (y1 - y0) * t1 - oy)
            pygame.draw.line(layer, (*colour, alpha), p, q, width)


def shown_ghost(ctx: Ctx) -> DemandRoute | None:
    """The hovered demand's way, while the pointer is on that demand."""
    t = ctx.table
    g = t.ghost
    if g is not None and isinstance(t.hovered, Demand) and (
            t.hovered.commodity, t.hovered.city) == (g.commodity, g.city):
        return g
    return None


def paint_ghosts(surface: pygame.Surface, ctx: Ctx) -> None:
    """The lines of the suggested plan and of the hovered demand's way (under the trains)."""
    t = ctx.table
    cam = t.camera
    colour = ctx.ink(ctx.viewer).colour
    width = max(4, ink_width(cam.dot_px))
    ghost = shown_ghost(ctx)
    if t.advice is None and ghost is None:
        return
    global _kept
    key = (cam.level, cam.ox, cam.oy, tuple(cam.rect), t.advice, ghost, colour)  # values
    if _kept is None or _kept[0] != key:
        _kept = (key, t.advice, ghost, _ghost_layers(cam, t.advice, ghost, colour, width))
    for layer in _kept[3]:
        surface.blit(layer, cam.rect.topleft)


#: The ghosts' picture of the last frame: drawn again only when the view or the ghosts change
#: (a player reads a suggestion with the map still; a full-map picture a frame would not do).
_kept: tuple[tuple[object, ...], Advice | None, DemandRoute | None,
             list[pygame.Surface]] | None = None


def _ghost_layers(cam: Camera, advice: Advice | None, ghost: DemandRoute | None,
                  colour: tuple[int, int, int], width: int) -> list[pygame.Surface]:
    """The suggested plan's picture, then the hovered demand's (each blended over the map
    on its own)."""
    out = []
    if advice is not None:
        layer = _layer(cam)
        _way(layer, cam, advice.route, colour, width)
        _new_track(layer, cam, advice.new_track, mix(colour, WHITE, 0.35), width, 150)
        _new_track(layer, cam, advice.this_turn, colour, width, 230)
        out.append(layer)
    if ghost is not None:
        layer = _layer(cam)
        _way(layer, cam, ghost.route, colour, width)
        _new_track(layer, cam, ghost.new_track, colour, width, 170)
        out.append(layer)
    return out


def paint_ghost_words(surface: pygame.Surface, ctx: Ctx) -> None:
    """The plan's numbered stops (over the trains) and the words of both ghosts, in the
    corner of the map where they cover least of the plan and of the names."""
    t = ctx.table
    cam = t.camera
    boxes: list[list[Line]] = []
    routes: list[tuple[int, ...]] = []
    if t.advice is not None:
        _stops(surface, ctx, t.advice, ctx.ink(ctx.viewer).colour)
        boxes.append(advice_lines(ctx, t.advice))
        routes.append(t.advice.route)
    ghost = shown_ghost(ctx)
    if ghost is not None:
        boxes.insert(0, ghost_lines(ctx.state.board, ghost))
        routes.append(ghost.route)
    if not boxes:
        return
    pics = [hud.bubble_picture(lines, ctx.px(14), bg=GHOST_BG, alpha=245, width=ctx.px(360))
            for lines in boxes]
    gap = ctx.px(8)
    w = max(p.get_width() for p in pics)
    h = sum(p.get_height() for p in pics) + gap * (len(pics) - 1)
    points = [cam.dot_screen(d) for r in routes for d in r]
    names = list(ctx.names)
    m = cam.rect.inflate(-2 * ctx.px(10), -2 * ctx.px(10))
    corners = [pygame.Rect(m.x, m.y + ctx.px(42), w, h), pygame.Rect(m.right - w, m.y + ctx.px(42),
               w, h), pygame.Rect(m.x, m.bottom - h, w, h),
               pygame.Rect(m.right - w, m.bottom - h, w, h)]

    def covered(r: pygame.Rect) -> int:
        return 4 * sum(1 for p in points if r.collidepoint(p)) + len(r.collidelistall(names))

    spot = min(corners, key=covered)
    y = spot.y
    for pic in pics:
        surface.blit(pic, (spot.x, y))
        y += pic.get_height() + gap


def _stops(surface: pygame.Surface, ctx: Ctx, a: Advice, colour: tuple[int, int, int]) -> None:
    """Numbered marks where the plan picks up (a ring) and delivers (a filled disc)."""
    cam = ctx.table.camera
    size = ctx.px(13)
    r = max(size * 0.9, cam.dot_px * 0.42)
    placed: dict[int, int] = {}
    for k, (stop, i) in enumerate(zip(a.stops, a.stop_at, strict=False), start=1):
        d = a.route[i] if 0 <= i < len(a.route) else None
        if d is None:
            continue
        n = placed.get(d, 0)
        placed[d] = n + 1
        x, y = cam.dot_screen(d)
        x += n * r * 1.6  # two stops at one place stand side by side
        pygame.draw.circle(surface, WHITE, (x, y), r + 2)
        if stop.pickup:
            pygame.draw.circle(surface, WHITE, (x, y), r)
            pygame.draw.circle(surface, colour, (x, y), r, max(2, round(r / 4)))
            hud.label(surface, str(k), (x, y), size, colour, bold=True, anchor="center")
        else:
            pygame.draw.circle(surface, colour, (x, y), r)
            hud.label(surface, str(k), (x, y), size, WHITE, bold=True, anchor="center")


def advice_lines(ctx: Ctx, a: Advice) -> list[Line]:
    """The suggested plan in words: its stops in order, the building, the money."""
    out: list[Line] = [(_("Suggested plan (what the Hard computer would do)"), hud.TEXT, True)]
    for k, s in enumerate(a.stops, start=1):
        if s.pickup:
            out.append((_("{k}. Pick up {commodity} at {city} for {to} (card {card})").format(k=k, commodity=pgettext("commodity", s.commodity), city=s.city, to=s.to, card=s.card),
                        hud.TEXT, False))
        else:
            out.append((_("{k}. Deliver {commodity} to {city}: {payoff}").format(k=k, commodity=pgettext("commodity", s.commodity), city=s.city, payoff=money_millions(s.payoff)), hud.GREEN,
                        False))
    if a.new_track:
        now = sum(1 for _seg in a.this_turn)
        when = _(", {now} of them this turn (bright)").format(now=now) if now else ""
        out.append((_("Track to build: {n} segments (dashed){when}").format(n=len(a.new_track), when=when), hud.TEXT,
                    False))
    else:
        out.append((_("No track to build: your network reaches every stop"), hud.TEXT, False))
    if a.ferries:
        out.append((_("Ferries to take: ") + ", ".join(a.ferries) + " (K8)", hud.TEXT, False))
    money = _("Building {build_cost}").format(build_cost=money_millions(a.build_cost)) + (_(", rent {rent}").format(rent=money_millions(a.rent)) if a.rent else "")
    out.append((_("{money}; payoff {payoff} in about {about_turns}: {per_turn:.0f}M profit a turn").format(money=money, payoff=money_millions(a.payoff), about_turns=about_turns(a.turns), per_turn=a.per_turn), hud.MUTED, False))
    out.append((_("Suggest again to hide it; nothing is played for you"), hud.MUTED, False))
    return out


def ghost_lines(board: Board, g: DemandRoute) -> list[Line]:
    """The hovered demand's cheapest way in words (UX.md: exact numbers to plan with)."""
    if not g.possible:
        return [(_("{commodity} to {city}").format(commodity=_capital(pgettext("commodity", g.commodity)),
                                            city=g.city), hud.TEXT, True),
                (_("No way to serve it now: no track the rules allow joins {city} to a city offering {commodity} (B3, K5)").format(city=g.city, commodity=pgettext("commodity", g.commodity)), hud.RED, False)]
    src = _("the load on your train") if g.supplier is None else g.supplier
    out: list[Line] = [(_("{commodity} to {city}: cheapest from {src}").format(
        commodity=_capital(pgettext("commodity", g.commodity)), city=g.city, src=src),
                        hud.TEXT, True)]
    if g.reached:
        out.append((_("Your track already reaches it: nothing to build"), hud.GREEN, False))
    else:
        what = _("{n} segments (dashed)").format(n=len(g.new_track)) if g.new_track else _("no track")
        out.append((_("Still to build: {build_cost}, {what}").format(build_cost=money_millions(g.build_cost), what=what), hud.TEXT, False))
        if g.ferries:
            out.append((_("and the {ferries} ferry (K8)").format(
                ferries=_(" and the ").join(g.ferries)), hud.TEXT, False))
    if g.turns:
        out.append((_("About {about_turns} from now, building included").format(about_turns=about_turns(g.turns)), hud.MUTED,
                    False))
    return out
