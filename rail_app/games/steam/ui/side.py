"""Steam's side panel: the players in turn order with their cash, income, VP and locomotive;
the income, VP and locomotive tracks (S-B10); the action tiles this turn and who holds them;
the goods reserve. In the move phase, a picked city's deliveries instead; while Urban Growth
or a New City is placed, the reserve's sets and the colours to choose from."""

from __future__ import annotations

from collections.abc import Iterator, Sequence

import pygame

from rail_app.core.i18n import _, dollars, ngettext, number
from rail_app.games.steam.rules.board import COLOURS, Colour
from rail_app.games.steam.rules.state import Step
from rail_app.games.steam.ui import palette as pal
from rail_app.games.steam.ui import words
from rail_app.games.steam.ui.buttons import ROUTES_SHOWN, route_top
from rail_app.games.steam.ui.commands import ChooseColour, ChooseSpace, Deliver
from rail_app.games.steam.ui.layout import Ctx, ground
from rail_app.games.steam.ui.table import Mode
from rail_app.games.steam.ui.widgets import Widget
from rail_app.ui import hud
from rail_app.ui.palette import MUTED, TEXT, WHITE


def paint_side(surface: pygame.Surface, ctx: Ctx, widgets: Sequence[Widget]) -> None:
    r = ctx.rects.side
    fs = ctx.px
    ground(surface, r, r.topleft, r.bottomleft)
    st = ctx.state
    t = ctx.table
    clip = surface.get_clip()
    surface.set_clip(r)
    if t.picked is not None and st.step is Step.MOVE:
        paint_routes(surface, ctx, widgets)
        surface.set_clip(clip)
        return
    if t.mode is not Mode.DRAW:
        paint_special(surface, ctx, widgets)
        surface.set_clip(clip)
        return
    x = r.x + fs(10)
    y = r.y + fs(8)
    hud.label(surface, _("Players (turn order)"), (x, y), fs(14), MUTED, bold=True)
    y += fs(22)
    # the figures' columns, right-aligned from the panel's right edge
    cols = [x + fs(18), r.right - fs(176), r.right - fs(112), r.right - fs(64), r.right - fs(14)]
    for text, cx in zip((_("Cash"), _("Income"), _("VP"), _("Loco")), cols[1:], strict=True):
        hud.label(surface, text, (cx, y), fs(12), MUTED, anchor="topright")
    y += fs(18)
    order = st.order or list(range(st.seats))
    seats = order + [s for s in range(st.seats) if s not in order]
    for s in seats:
        p = st.players[s]
        if s == ctx.actor and not ctx.session.over:
            pygame.draw.rect(surface, pal.SELECTED, (r.x + 2, y - 2, r.w - 4, fs(36)))
        pygame.draw.circle(surface, ctx.inks[s], (x + fs(6), y + fs(9)), fs(6))
        name = p.name + (" " + _("(out)") if p.out else "")
        hud.label(surface, name, (cols[0], y), fs(14), TEXT, bold=True)
        for text, cx in zip((dollars(p.cash), number(p.income), number(p.vp), number(p.loco)),
                            cols[1:], strict=True):
            hud.label(surface, text, (cx, y), fs(14), TEXT, anchor="topright")
        tile = st.tile_of.get(s)
        sub = words.tile_name(tile) if tile else ""
        if ctx.session.setup.seats[s].computer:
            sub = (_("computer") + (" · " + sub if sub else ""))
        hud.label(surface, sub, (cols[0], y + fs(17)), fs(12), MUTED)
        y += fs(38)
    y += fs(4)
    y = paint_tracks(surface, ctx, y)
    y = paint_tiles(surface, ctx, y)
    paint_reserve(surface, ctx, y)
    surface.set_clip(clip)


def paint_tracks(surface: pygame.Surface, ctx: Ctx, y: int) -> int:
    """The income, VP and locomotive tracks: a line of marks with each player's marker
    (S-B10)."""
    st = ctx.state
    r = ctx.rects.side
    fs = ctx.px
    x0, x1 = r.x + fs(80), r.right - fs(16)
    hud.label(surface, _("Tracks"), (r.x + fs(10), y), fs(14), MUTED, bold=True)
    y += fs(22)
    incomes = [p.income for p in st.players]
    vps = [p.vp for p in st.players]
    rows = [(_("Income"), min(-10, min(incomes)), max(15, max(incomes) + 2), incomes),
            (_("VP"), 0, max(20, max(vps) + 2), vps),
            (_("Loco"), 1, 6, [p.loco for p in st.players])]
    for title, lo, hi, values in rows:
        hud.label(surface, title, (r.x + fs(10), y), fs(12), TEXT)
        cy = y + fs(8)
        pygame.draw.line(surface, pal.TRACK_LINE, (x0, cy), (x1, cy), 3)
        span = max(1, hi - lo)
        tick = 1 if span <= 12 else (5 if span <= 60 else 10)
        for v in range(lo - lo % tick, hi + 1, tick):
            if v < lo:
                continue
            tx = x0 + (x1 - x0) * (v - lo) / span
            pygame.draw.line(surface, MUTED, (tx, cy - 3), (tx, cy + 3))
            if v % (tick * 5 if tick > 1 else 5) == 0 or span <= 6:
                hud.label(surface, number(v), (tx, cy + fs(5)), fs(10), MUTED, anchor="midtop")
        for s, v, k in stacked(ctx, values):
            tx = x0 + (x1 - x0) * (v - lo) / span
            at = (round(tx), round(cy - fs(5) - k * 6))
            pygame.draw.circle(surface, ctx.inks[s], at, fs(5))
            pygame.draw.circle(surface, TEXT, at, fs(5), 1)
        y += fs(30)
    return y + fs(4)


def stacked(ctx: Ctx, values: Sequence[int]) -> Iterator[tuple[int, int, int]]:
    """Each seat still in the game with its value on a track, and how many markers stand
    below its own on the same value."""
    same: dict[int, int] = {}
    for seat, v in enumerate(values):
        if ctx.state.players[seat].out:
            continue
        k = same.get(v, 0)
        same[v] = k + 1
        yield seat, v, k


def heading(surface: pygame.Surface, ctx: Ctx, text: str, y: int) -> int:
    """A section's title in the side panel; returns the y below it."""
    r = ctx.rects.side
    hud.label(surface, text, (r.x + ctx.px(10), y), ctx.px(14), MUTED, bold=True)
    return y + ctx.px(20)


def paint_tiles(surface: pygame.Surface, ctx: Ctx, y: int) -> int:
    st = ctx.state
    r = ctx.rects.side
    fs = ctx.px
    y = heading(surface, ctx, _("Action tiles this turn"), y)
    holder = {t: s for s, t in st.tile_of.items()}
    for tile in range(1, 8):
        s = holder.get(tile)
        who = st.name(s) if s is not None else "-"
        hud.label(surface, f"{tile} {words.tile_name(tile)}", (r.x + fs(14), y), fs(12),
                  TEXT if s is None else MUTED)
        hud.label(surface, who, (r.x + int(r.w * 0.55), y), fs(12), TEXT)
        y += fs(16)
    return y + fs(6)


def paint_reserve(surface: pygame.Surface, ctx: Ctx, y: int) -> int:
    st = ctx.state
    r = ctx.rects.side
    fs = ctx.px
    y = heading(surface, ctx, _("Goods reserve"), y)
    size = fs(9)
    x = r.x + fs(12)
    for sp in st.reserve:
        cols = [c for c in COLOURS for _ in range(sp[COLOURS.index(c)])]
        w = max(1, len(cols)) * (size + 2) + fs(6)
        if x + w > r.right - fs(8):
            x = r.x + fs(12)
            y += size + fs(8)
        pygame.draw.rect(surface, pal.RESERVE_BG, (x - 3, y - 3, w, size + 6), border_radius=3)
        for c in cols:
            pygame.draw.rect(surface, pal.CUBE[c], (x, y, size, size))
            pygame.draw.rect(surface, pal.CUBE_EDGE, (x, y, size, size), 1)
            x += size + 2
        x += fs(10)
    return y + size + fs(10)


def paint_special(surface: pygame.Surface, ctx: Ctx, widgets: Sequence[Widget]) -> None:
    """Urban Growth's or a New City's choices: the reserve's sets (and the colours)."""
    r = ctx.rects.side
    fs = ctx.px
    t = ctx.table
    x, y = r.x + fs(10), r.y + fs(10)
    if t.mode is Mode.GROWTH:
        title = _("Urban Growth: choose a reserve set, then click a city")
    else:
        title = _("New City: choose a colour and a reserve set, then click a town")
    for line in hud.wrap(title, fs(14), r.w - fs(20), True):
        hud.label(surface, line, (x, y), fs(14), TEXT, bold=True)
        y += fs(18)
    size = fs(8)
    for b in widgets:
        c = b.command
        if isinstance(c, ChooseSpace):
            sel = t.space == c.index
            pygame.draw.rect(surface, pal.SELECTED if sel else WHITE, b.rect, border_radius=4)
            pygame.draw.rect(surface, TEXT if sel else MUTED, b.rect, 2 if sel else 1,
                             border_radius=4)
            sp = ctx.state.reserve[c.index]
            cols = [col for col in COLOURS for _ in range(sp[COLOURS.index(col)])]
            cx = b.rect.x + fs(4)
            for col in cols:
                pygame.draw.rect(surface, pal.CUBE[col], (cx, b.rect.centery - size // 2,
                                                          size, size))
                cx += size + 2
        elif isinstance(c, ChooseColour):
            colour = Colour(c.colour)
            pygame.draw.rect(surface, pal.CUBE[colour] if b.enabled else pal.BUTTON_OFF,
                             b.rect, border_radius=4)
            pygame.draw.rect(surface, TEXT, b.rect, 3 if t.city_colour is colour else 1,
                             border_radius=4)


def paint_routes(surface: pygame.Surface, ctx: Ctx, widgets: Sequence[Widget]) -> None:
    """The picked city's deliveries: each row the cube, where it goes, over how many
    links, and the points each owner of a link takes."""
    st = ctx.state
    t = ctx.table
    r = ctx.rects.side
    fs = ctx.px
    assert t.picked is not None
    x, y = r.x + fs(10), r.y + fs(10)
    hud.label(surface, _("Deliveries from {city}").format(city=st.board.name_of(t.picked)),
              (x, y), fs(15), TEXT, bold=True)
    for b in widgets:
        if not isinstance(b.command, Deliver):
            continue
        route = t.routes[b.command.index]
        hov = b.rect.collidepoint(t.pointer)
        pygame.draw.rect(surface, pal.SELECTED if hov else WHITE, b.rect, border_radius=5)
        pygame.draw.rect(surface, MUTED, b.rect, 1, border_radius=5)
        size = fs(12)
        pygame.draw.rect(surface, pal.CUBE[route.colour],
                         (b.rect.x + fs(6), b.rect.y + fs(5), size, size))
        dest = st.board.name_of(route.stops[-1])
        hud.label(surface, _("to {city}, {links}").format(
            city=dest, links=ngettext("{n} link", "{n} links", len(route.stops)).format(
                n=number(len(route.stops)))),
            (b.rect.x + fs(24), b.rect.y + fs(3)), fs(13), TEXT, bold=True)
        px = b.rect.x + fs(24)
        for s, pts in enumerate(route.points(st.seats)):
            if not pts:
                continue
            img = _("{player} +{n}").format(player=st.name(s), n=number(pts))
            pygame.draw.circle(surface, ctx.inks[s], (px + fs(4), b.rect.y + fs(26)), fs(4))
            rect = hud.label(surface, img, (px + fs(11), b.rect.y + fs(19)), fs(12), TEXT)
            px = rect.right + fs(10)
        if any(o < 0 for o in route.owners):
            hud.label(surface, _("nobody's links: no points"), (px, b.rect.y + fs(19)), fs(12),
                      MUTED)
    if len(t.routes) > ROUTES_SHOWN:
        hud.label(surface, _("... and {n} more").format(n=number(len(t.routes) - ROUTES_SHOWN)),
                  (x, route_top(ctx) + ROUTES_SHOWN * fs(40)), fs(12), MUTED)
    hud.label(surface, _("Click one to deliver; Esc to close"), (x, r.bottom - fs(22)), fs(12),
              MUTED)
