"""The pages over Steam's map: the in-game menu's box, and the tracks as the board shows them
(S-B10), big, with the score each player would have if the game ended now (S-W2)."""

from __future__ import annotations

import pygame

from rail_app.core.i18n import _, ngettext, number
from rail_app.games.steam.rules.state import Phase
from rail_app.games.steam.rules.turns import score
from rail_app.games.steam.ui import palette as pal
from rail_app.games.steam.ui.layout import Ctx
from rail_app.games.steam.ui.side import stacked
from rail_app.ui import hud
from rail_app.ui.palette import MUTED, TEXT, VEIL


def veil(surface: pygame.Surface) -> None:
    cover = pygame.Surface(surface.get_size(), pygame.SRCALPHA)
    cover.fill(VEIL)
    surface.blit(cover, (0, 0))


def paint_tracks_page(surface: pygame.Surface, ctx: Ctx) -> None:
    """The tracks as the board shows them (S-B10), big: income, VP and locomotive with
    each player's marker; then each player's score if the game ended now (S-W2) and the
    turns left."""
    st = ctx.state
    fs = ctx.px
    inks = ctx.inks
    w, h = surface.get_size()
    veil(surface)
    box = pygame.Rect(0, 0, min(w - fs(40), fs(1100)),
                      min(h - fs(80), fs(300) + fs(30) * st.seats + 240))
    box.center = (w // 2, h // 2 + fs(10))
    hud.panel(surface, box, 250)
    x0, x1 = box.x + fs(150), box.right - fs(40)
    y = box.y + fs(18)
    left = max(0, st.last_turn - st.turn + (0 if st.phase in (Phase.FIRST_AUCTION,) else 1))
    head = _("Tracks · turn {turn} of {last}").format(turn=number(max(1, st.turn)),
                                                      last=number(st.last_turn))
    hud.label(surface, head, (box.x + fs(20), y), fs(20), TEXT, bold=True)
    hud.label(surface, ngettext("{n} turn left after this one", "{n} turns left after this one",
                                max(0, left - 1)).format(n=number(max(0, left - 1))),
              (box.right - fs(20), y + fs(4)), fs(15), MUTED, anchor="topright")
    y += fs(50)
    incomes = [p.income for p in st.players]
    vps = [p.vp for p in st.players]
    rows = [(_("Income"), -10, max(20, max(incomes) + 2), incomes),
            (_("Victory points"), 0, max(30, max(vps) + 3), vps),
            (_("Locomotive"), 1, 6, [p.loco for p in st.players])]
    for title, lo, hi, values in rows:
        hud.label(surface, title, (box.x + fs(20), y), fs(15), TEXT, bold=True)
        span = max(1, hi - lo)
        cy = y + fs(10)
        cell = (x1 - x0) / (span + 1)
        for v in range(lo, hi + 1):
            cx = x0 + cell * (v - lo)
            rect = pygame.Rect(round(cx), cy - fs(10), max(2, round(cell) - 2), fs(20))
            pygame.draw.rect(surface, pal.RESERVE_BG if v % 5 else pal.EDGE, rect)
            if cell >= fs(16) or v % 5 == 0:
                hud.label(surface, number(v), (rect.centerx, rect.bottom + fs(2)), fs(11),
                          MUTED, anchor="midtop")
        for seat, v, k in stacked(ctx, values):
            cx = x0 + cell * (min(hi, max(lo, v)) - lo) + cell / 2
            c = (round(cx), round(cy - fs(16) - k * fs(9)))
            pygame.draw.circle(surface, inks[seat], c, fs(7))
            pygame.draw.circle(surface, TEXT, c, fs(7), 1)
        y += fs(64)
    hud.label(surface, _("If the game ended now (S-W2)"), (box.x + fs(20), y), fs(15), TEXT,
              bold=True)
    y += fs(26)
    cols = [box.x + fs(40), box.x + int(box.w * 0.36), box.x + int(box.w * 0.5),
            box.x + int(box.w * 0.64), box.x + int(box.w * 0.8)]
    for text, cx in zip((_("VP"), _("From income"), _("Complete links"), _("Score")),
                        cols[1:], strict=True):
        hud.label(surface, text, (cx, y), fs(13), MUTED)
    y += fs(22)
    ranked = sorted(range(st.seats), key=lambda s: -score(st, s).total)
    for seat in ranked:
        p = st.players[seat]
        pygame.draw.circle(surface, inks[seat], (cols[0] - fs(14), y + fs(9)), fs(6))
        hud.label(surface, p.name, (cols[0], y), fs(15), TEXT, bold=True)
        if p.out:
            hud.label(surface, _("bankrupt"), (cols[1], y), fs(15), MUTED)
        else:
            sc = score(st, seat)
            for text, cx in zip((number(sc.vp), number(sc.income_vp, ) if sc.income_vp <= 0
                                 else "+" + number(sc.income_vp), "+" + number(sc.links),
                                 number(sc.total)), cols[1:], strict=True):
                hud.label(surface, text, (cx, y), fs(15), TEXT)
        y += fs(28)
    hud.label(surface, _("T or Esc to close"), (box.right - fs(16), box.bottom - fs(10)),
              fs(12), MUTED, anchor="bottomright")
