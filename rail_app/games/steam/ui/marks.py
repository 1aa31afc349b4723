"""What Steam's screen draws over the map each frame: the hexes marked (under the pointer, the
picked city, a computer's tile a moment), the pen's stroke (each hex's tile in the player's
ink with its price, a refused hex crossed out with its rule, the running cost beside the
pen), what the hex under the pointer is, and the notices."""

from __future__ import annotations

import pygame

from rail_app.core.i18n import _, dollars
from rail_app.games.steam.rules.board import COLOURS, Terrain
from rail_app.games.steam.ui import palette as pal
from rail_app.games.steam.ui import words
from rail_app.games.steam.ui.building import choice_reason, pen_label, stroke_cost
from rail_app.games.steam.ui.layout import Ctx
from rail_app.games.steam.ui.widgets import Widget
from rail_app.ui import hud
from rail_app.ui.kit.notices import Spot, Tone
from rail_app.ui.palette import AMBER, RED, TEXT, WHITE


def paint_hexes(surface: pygame.Surface, ctx: Ctx) -> None:
    """The hexes marked: a computer's tile a moment, the picked city, the hex under the
    pointer."""
    t = ctx.table
    m = ctx.map
    if t.flash.left > 0:
        for h in t.flash.hexes:
            m.draw_hover(surface, h)
    if t.picked is not None:
        m.draw_hover(surface, t.picked)
    if t.hover is not None:
        m.draw_hover(surface, t.hover)


def paint_pen(surface: pygame.Surface, ctx: Ctx) -> None:
    pen = ctx.table.pen
    if not pen.drawing:
        return
    fs = ctx.px
    m = ctx.map
    seat = ctx.actor
    st = ctx.state
    board = st.board
    ink = ctx.inks[seat]
    pts = []
    for k in pen.hexes:
        h = board.hex_index(k)
        if h is not None:
            pts.append(m.centre_px(h))
    if len(pts) >= 2:
        pygame.draw.lines(surface, ink, False, pts, 2)
    for c in pen.choices:
        h = board.hex_index(c.hex)
        if h is None:
            continue
        if c.action is not None and c.quote is not None and c.quote.ok:
            m.draw_tile_ghost(surface, h, c.action.face, c.action.rotation, ink, seat,
                              st.tiles.get(h))
            x, y = m.centre_px(h)
            hud.pill(surface, dollars(c.quote.cost), (x, y + m.rad_px() * 0.55), fs(13),
                     pal.GHOST_OK)
        elif not c.ok:
            m.draw_refused(surface, h)
            x, y = m.centre_px(h)
            hud.bubble(surface, [(choice_reason(c), WHITE, False)], (x, y), fs(14), bg=RED,
                       bounds=ctx.rects.map, width=fs(360),
                       avoid=[pygame.Rect(round(p[0]) - 6, round(p[1]) - 6, 12, 12)
                              for p in pts])
    cost, _n = stroke_cost(pen)
    tone = TEXT if cost <= st.players[seat].cash else AMBER
    hud.bubble(surface, [(pen_label(st, seat, pen), WHITE, True)], ctx.table.pointer, fs(14),
               bg=tone, bounds=ctx.rects.map,
               avoid=[pygame.Rect(round(p[0]) - 20, round(p[1]) - 20, 40, 40) for p in pts])


def paint_tooltip(surface: pygame.Surface, ctx: Ctx, widgets: list[Widget]) -> None:
    """Hovering a hex says what it is: terrain, costs, its town or city and cubes, the
    track on it and whose it is."""
    t = ctx.table
    h = t.hover
    if h is None or t.pen.drawing or any(n.spot is Spot.POINTER for n in t.notices) \
            or any(w.rect.collidepoint(t.pointer) for w in widgets):
        return
    st = ctx.state
    info = st.board.hexes[h]
    lines: list[hud.Line] = []
    colour = st.colour_of(h)
    if colour is not None:
        lines.append((_("{city}: a {colour} city").format(
            city=st.board.name_of(h), colour=words.colour_name(colour)), WHITE, True))
        cubes = st.cubes.get(h)
        if cubes and sum(cubes):
            lines.append((_("Cubes: {list}").format(list=", ".join(
                f"{cubes[i]} {words.colour_name(c)}" for i, c in enumerate(COLOURS)
                if cubes[i])), WHITE, False))
    else:
        terrain = _("hill (+$2)") if info.terrain is Terrain.HILL else _("plain")
        if info.town:
            lines.append((_("{town}: a town").format(town=info.name or info.key), WHITE, True))
        lines.append((_("Terrain: {terrain}").format(terrain=terrain), WHITE, False))
        if info.river:
            lines.append((_("River (+$1)"), WHITE, False))
    tile = st.tiles.get(h)
    if tile is not None:
        idx = st.links()
        for path in tile.paths:
            link = idx.link_of(h, path)
            who = st.name(link.owner) if link.owner >= 0 else _("nobody")
            state_words = _("complete") if link.complete else _("unfinished")
            lines.append((_("Track of {player} ({state})").format(player=who, state=state_words),
                          WHITE, False))
    hud.bubble(surface, lines, t.pointer, ctx.px(13), bounds=ctx.rects.map)


def paint_notices(surface: pygame.Surface, ctx: Ctx) -> None:
    """Each notice where it was said (a refusal at the pointer, else at the top of the
    map): red for a refusal."""
    m = ctx.rects.map
    for n in ctx.table.notices:
        bad = n.tone is Tone.ERROR
        at = (round(n.at[0]), round(n.at[1])) if n.spot is Spot.POINTER \
            else (m.centerx, m.y + ctx.px(60))
        hud.bubble(surface, [(n.text, WHITE, True)], at, ctx.px(15),
                   bg=RED if bad else pal.HINT_BG, bounds=m, width=ctx.px(420))
