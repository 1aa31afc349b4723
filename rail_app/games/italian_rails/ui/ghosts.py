"""Ghosts on the map: plans shown, never played. The suggested plan (the train's way with its
numbered pickups and deliveries, the track still to build dashed in the player's ink, this
turn's part of it brighter) and the cheapest way to serve a hovered demand, each with a
box of words at the top left of the map."""

from __future__ import annotations

import math

import pygame

from rail_app.core.i18n import _, money_millions, ngettext, number, pgettext
from rail_app.games.italian_rails.ai.advice import Advice, DemandRoute
from rail_app.games.italian_rails.rules.board import Board
from rail_app.games.italian_rails.rules.state import Edge
from rail_app.games.italian_rails.ui.camera import Camera
from rail_app.games.italian_rails.ui.commands import Demand
from rail_app.games.italian_rails.ui.ctx import Ctx
from rail_app.games.italian_rails.ui.ink import ink_width, mix
from rail_app.games.italian_rails.ui.palette import CARD_TINTS as CARD_TINTS
from rail_app.games.italian_rails.ui.palette import GHOST_BG as GHOST_BG
from rail_app.games.italian_rails.ui.palette import WHITE as WHITE
from rail_app.ui import hud
from rail_app.ui.hud import Line


def _capital(word: str) -> str:
    return word[:1].upper() + word[1:]


def about_turns(turns: float) -> str:
    n = max(1, math.ceil(turns - 1e-9))
    return ngettext("{n} turn", "{n} turns", n).format(n=number(n))


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
    card = t.card_help[1] if t.card_help is not None else ()
    if t.advice is None and ghost is None and not card:
        return
    global _kept
    key = (cam.level, cam.ox, cam.oy, tuple(cam.rect), t.advice, ghost, card,
           colour)  # values
    if _kept is None or _kept[0] != key:
        _kept = (key, t.advice, ghost, _ghost_layers(cam, t.advice, ghost, colour, width,
                                                     card))
    for layer in _kept[3]:
        surface.blit(layer, cam.rect.topleft)


#: The ghosts' picture of the last frame: drawn again only when the view or the ghosts change
#: (a player reads a suggestion with the map still; a full-map picture a frame would not do).
_kept: tuple[tuple[object, ...], Advice | None, DemandRoute | None,
             list[pygame.Surface]] | None = None


def _ghost_layers(cam: Camera, advice: Advice | None, ghost: DemandRoute | None,
                  colour: tuple[int, int, int], width: int,
                  card: tuple[DemandRoute, ...] = ()) -> list[pygame.Surface]:
    """The suggested plan's picture, then the hovered demand's, then the ways of a dealt
    card's demands (each blended over the map on its own)."""
    out = []
    if card:
        layer = _layer(cam)
        for k, g in enumerate(card):
            if g.possible:
                tint = CARD_TINTS[k % len(CARD_TINTS)]
                _way(layer, cam, g.route, tint, width)
                _new_track(layer, cam, g.new_track, tint, width, 190)
        out.append(layer)
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
    boxes: list[list[Line]] = []
    routes: list[tuple[int, ...]] = []
    if t.advice is not None:
        _stops(surface, ctx, t.advice, ctx.ink(ctx.viewer).colour)
        boxes.append(advice_lines(ctx, t.advice))
        routes.append(t.advice.route)
    ghost = shown_ghost(ctx)
    if ghost is not None:
        boxes.insert(0, ghost_lines(ctx.state.board, ghost, _cash_left(ctx)))
        routes.append(ghost.route)
    if not boxes:
        return
    pics = [hud.bubble_picture(lines, ctx.px(14), bg=GHOST_BG, alpha=245, width=ctx.px(360))
            for lines in boxes]
    gap = ctx.px(8)
    w = max(p.get_width() for p in pics)
    h = sum(p.get_height() for p in pics) + gap * (len(pics) - 1)
    stops = []
    if t.advice is not None:
        stops = [t.advice.route[i] for i in t.advice.stop_at if 0 <= i < len(t.advice.route)]
    spot = words_spot(ctx, (w, h), [d for r in routes for d in r], stops)
    y = spot.y
    for pic in pics:
        surface.blit(pic, (spot.x, y))
        y += pic.get_height() + gap


def words_spot(ctx: Ctx, size: tuple[int, int], route: list[int],
               stops: list[int]) -> pygame.Rect:
    """Where the box of a plan's words goes on the map: of the corners and the places along
    the map's edges, the place that covers the fewest of the plan's stops (and their
    numbered tags), then of the map's names, then of the route's dots."""
    cam = ctx.table.camera
    px = ctx.px
    w, h = size
    m = cam.rect.inflate(-2 * px(10), -2 * px(10))
    top = m.y + px(42)
    # along the map's edges, corners first (a box in the middle would hide the map)
    xs = [m.x, m.right - w] + [m.x + round((m.w - w) * k / 6) for k in range(1, 6)]
    ys = [top, m.bottom - h] + [top + round((m.bottom - h - top) * k / 6) for k in range(1, 6)]
    spots = [pygame.Rect(x, y, w, h) for y in ys for x in xs
             if x in (xs[0], xs[1]) or y in (ys[0], ys[1])]
    tag = max(px(13) * 0.8, cam.dot_px * 0.36) * 3.2  # a stop's tag stands above its dot
    marks = []
    for d in stops:
        x, y = cam.dot_screen(d)
        marks.append(pygame.Rect(round(x - tag / 2), round(y - tag), round(tag),
                                 round(tag * 1.2)))
    points = [cam.dot_screen(d) for d in route]
    names = list(ctx.names)

    def covered(r: pygame.Rect) -> tuple[int, int, int]:
        return (len(r.collidelistall(marks)), len(r.collidelistall(names)),
                sum(1 for p in points if r.collidepoint(p)))

    return min(spots, key=covered)


def _stops(surface: pygame.Surface, ctx: Ctx, a: Advice, colour: tuple[int, int, int]) -> None:
    """Numbered square tags above the places where the plan picks up (an outlined tag) and
    delivers (a filled one), pointing down at the dot: squares, not the route preview's
    round turn marks, and above the dot, so both can be read at one city."""
    cam = ctx.table.camera
    size = ctx.px(13)
    r = max(size * 0.8, cam.dot_px * 0.36)
    placed: dict[int, int] = {}
    for k, (stop, i) in enumerate(zip(a.stops, a.stop_at, strict=False), start=1):
        d = a.route[i] if 0 <= i < len(a.route) else None
        if d is None:
            continue
        n = placed.get(d, 0)
        placed[d] = n + 1
        x, y = cam.dot_screen(d)
        x += n * r * 2.3  # two stops at one place stand side by side
        cy = y - r * 2.1
        box = pygame.Rect(0, 0, round(2 * r), round(2 * r))
        box.center = (round(x), round(cy))
        tip = [(x - r * 0.5, box.bottom - 1), (x + r * 0.5, box.bottom - 1), (x, y - r * 0.3)]
        pygame.draw.polygon(surface, colour, tip)
        pygame.draw.rect(surface, WHITE, box.inflate(4, 4), border_radius=max(2, round(r / 3)))
        if stop.pickup:
            pygame.draw.rect(surface, WHITE, box, border_radius=max(2, round(r / 3)))
            pygame.draw.rect(surface, colour, box, max(2, round(r / 4)),
                             border_radius=max(2, round(r / 3)))
            hud.label(surface, str(k), box.center, size, colour, bold=True, anchor="center")
        else:
            pygame.draw.rect(surface, colour, box, border_radius=max(2, round(r / 3)))
            hud.label(surface, str(k), box.center, size, WHITE, bold=True, anchor="center")


def advice_lines(ctx: Ctx, a: Advice) -> list[Line]:
    """The suggested plan in words: its stops in order, the building beside the cash in
    hand, the payoff and the turns; when the cash cannot pay for it, that, and what would
    help."""
    from rail_app.games.italian_rails.ui.safety import help_lines

    out: list[Line] = [(_("Suggested plan (what the Hard computer would do)"), hud.TEXT, True)]
    for k, s in enumerate(a.stops, start=1):
        if s.pickup:
            out.append((_("{k}. Pick up {commodity} at {city} for {to} (card {card})").format(k=k, commodity=pgettext("commodity", s.commodity), city=s.city, to=s.to, card=s.card),
                        hud.TEXT, False))
        else:
            out.append((_("{k}. Deliver {commodity} to {city}: {payoff}").format(k=k, commodity=pgettext("commodity", s.commodity), city=s.city, payoff=money_millions(s.payoff)), hud.GREEN,
                        False))
    if a.new_track:
        out.append((ngettext("Track to build: {n} segment (dashed)",
                             "Track to build: {n} segments (dashed)",
                             len(a.new_track)).format(n=number(len(a.new_track))),
                    hud.TEXT, False))
        now = len(a.this_turn)
        if now:
            out.append((ngettext("  of which {n} this turn (bright)",
                                 "  of which {n} this turn (bright)", now).format(
                                     n=number(now)), hud.TEXT, False))
    else:
        out.append((_("No track to build: your network reaches every stop"), hud.TEXT, False))
    if a.ferries:
        out.append((_("Ferries to take: ") + ", ".join(a.ferries) + " (K8)", hud.TEXT, False))
    private = ctx.state.players[a.seat].private
    if private and not {s.card for s in a.stops} & set(private):
        out.append((ngettext("Your private card {cards} is in no step: the plans serving it "
                             "earn much less now; it stays yours alone (C2)",
                             "Your private cards {cards} are in no step: the plans serving "
                             "them earn much less now; they stay yours alone (C2)",
                             len(private)).format(
                                 cards=", ".join(number(c) for c in private)),
                    hud.MUTED, False))
    cash = money_millions(a.cash)
    if a.build_cost or a.rent:
        out.append((_("Building {build} and rent {rent}; your cash {cash}").format(
            build=money_millions(a.build_cost), rent=money_millions(a.rent), cash=cash)
            if a.rent else _("Building {build}; your cash {cash}").format(
                build=money_millions(a.build_cost), cash=cash),
            hud.RED if a.short else hud.TEXT, False))
    else:
        out.append((_("Nothing to pay on the way; your cash {cash}").format(cash=cash),
                    hud.TEXT, False))
    if a.pays:
        out.append((_("Payoff {payoff} in about {turns}: {profit} profit a turn").format(
            payoff=money_millions(a.payoff), turns=about_turns(a.turns),
            profit=money_millions(round(a.per_turn))), hud.MUTED, False))
    else:
        out.append((_("Your cash cannot pay for this plan: {short} short, and nothing you "
                      "can pay for pays now").format(short=money_millions(a.short)),
                    hud.RED, True))
        out.append((_("Payoff {payoff} once the track is paid for").format(
            payoff=money_millions(a.payoff)), hud.MUTED, False))
        out += [("\u2022 " + line, hud.TEXT, False) for line in help_lines(ctx.state, a.seat)]
    out.append((_("Suggest again to hide it; nothing is played for you"), hud.MUTED, False))
    return out


def _cash_left(ctx: Ctx) -> int:
    """The viewer's cash not yet promised to this phase's building (K10)."""
    st = ctx.state
    me = st.players[ctx.viewer]
    return me.cash - (st.phase_spent if st.current == ctx.viewer else 0)


def paint_card_help(surface: pygame.Surface, ctx: Ctx, dialog: pygame.Rect,
                    title: pygame.Rect | None = None) -> pygame.Rect | None:
    """The hovered dealt card's words (:func:`card_help_lines`), over the dialog's edge at
    the top of the map, where the fewest of its ways run and never over the dialog's
    ``title`` nor under the lesson's panel or a hint (painted after the dialog, so a short
    window shows them too)."""
    t = ctx.table
    if t.card_help is None:
        return None
    cam = t.camera
    pic = hud.bubble_picture(card_help_lines(ctx, *t.card_help), ctx.px(14), bg=GHOST_BG,
                             alpha=245, width=ctx.px(380))
    m = cam.rect.inflate(-2 * ctx.px(10), -2 * ctx.px(10))
    top = min(m.y + ctx.px(8), dialog.top - pic.get_height() // 2)
    coach = pygame.Rect(t.coach_box) if t.coach_box is not None else None
    if coach is not None and coach.colliderect(pygame.Rect(m.x, top, m.w, pic.get_height())):
        top = coach.bottom + ctx.px(6)  # below the panel across the top
    spots = [pygame.Rect(m.x, top, pic.get_width(), pic.get_height()),
             pygame.Rect(m.right - pic.get_width(), top, pic.get_width(), pic.get_height())]
    points = [cam.dot_screen(d) for g in t.card_help[1] for d in g.route]
    spot = min(spots, key=lambda r: (title is not None and r.colliderect(title),
                                     sum(1 for p in points if r.collidepoint(p))))
    surface.blit(pic, spot.topleft)
    return spot


def card_help_lines(ctx: Ctx, card: int, routes: tuple[DemandRoute, ...]) -> list[Line]:
    """A dealt card's demands if kept (C2): for each, the supplier of the cheapest way, the
    track still to build and its cost, and about how many turns, in the colour its way is
    drawn in on the map."""
    st = ctx.state
    out: list[Line] = [(_("Card {card} if you keep it").format(card=number(card)), hud.TEXT,
                        True)]
    for k, (d, g) in enumerate(zip(st.deck.card(card).demands, routes, strict=False)):
        tint = CARD_TINTS[k % len(CARD_TINTS)]
        head = _("{commodity} to {city}: {payoff}").format(
            commodity=pgettext("commodity", d.commodity), city=d.city,
            payoff=money_millions(d.payoff))
        out.append((head, tint, True))
        if not g.possible:
            out.append((_("no way to serve it now (B3, K5)"), hud.RED, False))
            continue
        src = g.supplier or "?"
        cash = st.players[ctx.session.actor].cash
        if g.build_cost > cash:
            out.append((_("from {supplier}: {cost} of track, more than your {cash}").format(
                supplier=src, cost=money_millions(g.build_cost), cash=money_millions(cash)),
                hud.RED, False))
        elif not g.turns:  # no estimate of the turns (a plan the cash cannot see through)
            out.append((_("from {supplier}: {cost} of track, turns not foreseen").format(
                supplier=src, cost=money_millions(g.build_cost)) if g.build_cost else
                _("from {supplier}: no track to build, turns not foreseen").format(
                    supplier=src), hud.TEXT, False))
        elif g.build_cost:
            out.append((_("from {supplier}: {cost} of track, about {turns}").format(
                supplier=src, cost=money_millions(g.build_cost), turns=about_turns(g.turns)),
                hud.TEXT, False))
        else:
            out.append((_("from {supplier}: no track to build, about {turns}").format(
                supplier=src, turns=about_turns(g.turns)), hud.TEXT, False))
    return out


def ghost_lines(board: Board, g: DemandRoute, cash: int | None = None) -> list[Line]:
    """The hovered demand's cheapest way in words (UX.md: exact numbers to plan with), its
    cost beside the ``cash`` in hand."""
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
        what = _("{n} segments (dashed)").format(n=len(g.new_track)) if g.new_track else \
            _("no track")
        out.append((_("Still to build: {build_cost}, {what}").format(
            build_cost=money_millions(g.build_cost), what=what), hud.TEXT, False))
        if cash is not None:
            short = g.build_cost - cash
            out.append((_("Your cash {cash}: {short} short").format(
                cash=money_millions(cash), short=money_millions(short)) if short > 0 else
                _("Your cash {cash}: enough to build it").format(cash=money_millions(cash)),
                hud.RED if short > 0 else hud.GREEN, False))
        if g.ferries:
            out.append((_("and the {ferries} ferry (K8)").format(
                ferries=_(" and the ").join(g.ferries)), hud.TEXT, False))
    if g.turns:
        out.append((_("About {about_turns} from now, building included").format(about_turns=about_turns(g.turns)), hud.MUTED,
                    False))
    return out
