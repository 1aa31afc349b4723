"""The seven action tiles' cards while a tile is chosen (S-A1): a column at the map's left
edge, in the sea beside the whole map, when they fit there; else a row along the map's top.
Each card is a widget (its tile's choice, enabled when the engine's quote allows it; a click
on a disabled one says why) painted here: number, name, what it does, and its price or who
holds it."""

from __future__ import annotations

import pygame

from rail_app.core.i18n import _, dollars, number
from rail_app.games.steam.rules.actions import ChooseTile
from rail_app.games.steam.rules.state import ActionTile, Step
from rail_app.games.steam.rules.turns import locomotive_cost, special_cost
from rail_app.games.steam.ui import palette as pal
from rail_app.games.steam.ui import words
from rail_app.games.steam.ui.commands import Play
from rail_app.games.steam.ui.layout import Ctx
from rail_app.games.steam.ui.widgets import Look, Widget
from rail_app.ui import hud
from rail_app.ui.fonts import font
from rail_app.ui.palette import MUTED, RED, TEXT

TILES = range(1, 8)


def tile_of(w: Widget) -> int | None:
    """The action tile a card widget chooses (None: not a card)."""
    c = w.command
    return c.action.tile if isinstance(c, Play) and isinstance(c.action, ChooseTile) else None


def tile_cost(ctx: Ctx, tile: int, seat: int) -> int:
    st = ctx.state
    if not st.basic:
        return 0
    if tile == ActionTile.LOCOMOTIVE:
        return locomotive_cost(st, seat)
    if tile in (ActionTile.URBAN_GROWTH, ActionTile.URBANIZATION):
        return special_cost(tile)
    return 0


def card_foot(ctx: Ctx, tile: int) -> tuple[str, bool]:
    """What a tile's card says of it besides its words: who holds it (True), else its
    price or "free"."""
    st = ctx.state
    s = {t: p for p, t in st.tile_of.items()}.get(tile)
    if s is not None:
        return st.name(s), True
    cost = tile_cost(ctx, tile, ctx.actor)
    return (dollars(cost) if cost else _("free")), False


def name_width(ctx: Ctx, cw: int, compact: bool, tile: int) -> int:
    """Room for a tile's name on its card (a compact card's price or holder beside it)."""
    fs = ctx.px
    if not compact:
        return cw - fs(34)
    foot, held = card_foot(ctx, tile)
    return cw - fs(42) - font(fs(12), held).size(foot)[0] - (fs(14) if held else 0)


def card_height(ctx: Ctx, cw: int, compact: bool = False) -> int:
    """An action tile's card as tall as the wordiest tile needs at width ``cw``
    (``compact``: its price or holder on the name's line, not at its foot)."""
    fs = ctx.px
    lines = max(len(hud.wrap(words.tile_text(t), fs(12), cw - fs(16))) for t in TILES)
    names = max(len(hud.wrap(words.tile_name(t), fs(13), name_width(ctx, cw, compact, t),
                             True)) for t in TILES)
    if compact:
        return fs(38) + lines * fs(14) + (names - 1) * fs(16)
    return fs(54) + lines * fs(15) + (names - 1) * fs(16)


def tile_column(ctx: Ctx, gap: int) -> tuple[int, int] | None:
    """The cards' width and height in a column left of the whole map (the map as fitted
    leaves the sea on both sides of Italy), or None when they do not fit there."""
    fs = ctx.px
    cw = min(fs(230), ctx.sea_beside() - 2 * gap)
    if cw < fs(150):
        return None
    ch = card_height(ctx, cw, True)
    if 7 * ch + 6 * fs(6) > ctx.rects.map.h - 2 * gap:
        return None
    return cw, ch


def tile_cards(ctx: Ctx) -> tuple[list[Widget], bool]:
    """The seven cards' widgets, and whether they stand in the compact column."""
    fs = ctx.px
    m = ctx.rects.map
    gap = fs(8)
    at = tile_column(ctx, gap)
    if at is not None:
        cw, ch = at
        x, dx, dy = m.x + gap, 0, ch + fs(6)
        y = m.y + (m.h - 7 * ch - 6 * fs(6)) // 2
    else:
        cw = min(fs(170), (m.w - 8 * gap) // 7)
        ch = card_height(ctx, cw)
        x = m.x + (m.w - (7 * cw + 6 * gap)) // 2
        y, dx, dy = m.y + fs(8), cw + gap, 0
    out = []
    choosing = ctx.person_to_act() and ctx.state.step is Step.CHOOSE
    for tile in TILES:
        ok, tip = False, ""
        if choosing:
            q = ctx.session.quote(ChooseTile(tile))
            ok = q.ok
            tip = words.refusal(q.violations[0]) if q.violations else ""
        out.append(Widget(pygame.Rect(x, y, cw, ch), Play(ChooseTile(tile)), "", ok, tip,
                          Look.AREA))
        x += dx
        y += dy
    return out, at is not None


def paint_cards(surface: pygame.Surface, ctx: Ctx, widgets: list[Widget], compact: bool
                ) -> None:
    st = ctx.state
    fs = ctx.px
    holder = {t: s for s, t in st.tile_of.items()}
    pointer = ctx.table.pointer
    for b in widgets:
        tile = tile_of(b)
        if tile is None:
            continue
        s = holder.get(tile)
        hov = b.rect.collidepoint(pointer) and b.enabled
        fill = pal.CARD_TAKEN if s is not None else (pal.SELECTED if hov else pal.CARD)
        pygame.draw.rect(surface, fill, b.rect, border_radius=8)
        pygame.draw.rect(surface, TEXT if b.enabled else pal.CARD_EDGE, b.rect,
                         2 if b.enabled else 1, border_radius=8)
        x, y = b.rect.x + fs(8), b.rect.y + fs(6)
        hud.label(surface, number(tile), (x, y - (fs(2) if compact else 0)),
                  fs(18 if compact else 20), TEXT, bold=True)
        names = hud.wrap(words.tile_name(tile), fs(13), name_width(ctx, b.rect.w, compact, tile),
                         True)
        for k, line in enumerate(names):
            hud.label(surface, line, (x + fs(22), y + fs(4) + k * fs(16)), fs(13), TEXT,
                      bold=True)
        y += fs(28 if not compact else 24) + (len(names) - 1) * fs(16)
        step = fs(14 if compact else 15)
        for line in hud.wrap(words.tile_text(tile), fs(12), b.rect.w - fs(16)):
            hud.label(surface, line, (x, y), fs(12), TEXT)
            y += step
        cost = tile_cost(ctx, tile, ctx.actor)
        foot = dollars(cost) if cost else _("free")
        fy = b.rect.y + fs(10) if compact else b.rect.bottom - fs(20)
        right = b.rect.right - fs(8)
        if s is not None:
            foot = st.name(s)
            fw = font(fs(12), True).size(foot)[0]
            fx = right - fw if compact else x + fs(14)
            pygame.draw.circle(surface, ctx.inks[s], (fx - fs(9), fy + fs(8)), fs(5))
            hud.label(surface, foot, (fx, fy), fs(12), TEXT, bold=True)
        else:
            fw = font(fs(12)).size(foot)[0]
            hud.label(surface, foot, (right - fw if compact else x, fy), fs(12),
                      MUTED if b.enabled else RED)
