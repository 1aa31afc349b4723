"""The auction on Steam's side panel while it runs: the place up for auction (the Basic
game's first order, S-T2) or this turn's order (the Standard game, S-S5), the high bid and
its holder, who bids now, who is still in with their highest bid, the places given so far,
the Turn Order tile's free pass (S-S7), and what each place pays (S-S6)."""

from __future__ import annotations

import pygame

from rail_app.core.i18n import _, dollars, number
from rail_app.games.steam.rules.state import Auction
from rail_app.games.steam.ui.layout import Ctx
from rail_app.ui import hud
from rail_app.ui.palette import MUTED, TEXT


def auction_lines(ctx: Ctx, a: Auction) -> list[tuple[str, bool]]:
    """The panel's lines (its words, and whether it stands out)."""
    st = ctx.state
    name = st.name
    out: list[tuple[str, bool]] = []
    n = len(a.seats)
    if a.standard:
        out.append((_("Auction for this turn's order"), True))
    else:
        out.append((_("Auction for place {place} of {n}").format(place=number(a.place),
                                                              n=number(n)), True))
    if a.high >= 0 and a.high_bidder >= 0:
        out.append((_("High bid: {amount}, {player}").format(amount=dollars(a.high),
                                                          player=name(a.high_bidder)), True))
    else:
        out.append((_("No bid yet: the first bid may be $0"), False))
    out.append((_("To bid: {player}").format(player=name(a.current)), False))
    if a.standard:
        out.append((_("Each place pays (S-S6):"), True))
        out.append((_("places 1 and 2: their highest bid"), False))
        if n > 3:
            out.append((_("places 3 to {last}: half of it, rounded up").format(
                last=number(n - 1)), False))
        out.append((_("place {n}: nothing").format(n=number(n)), False))
    else:
        out.append((_("The winner pays the bid, borrowing what cash can't cover (S-M3)."),
                    False))
    return out


def seat_line(a: Auction, seat: int) -> str:
    """What a player's row says during the auction: the place they took, or that they are
    still in with their highest bid, and the Turn Order tile's free pass."""
    if seat in a.passed_to:
        return _("out: place {place}").format(place=number(a.passed_to[seat]))
    if not a.standard and seat in a.placed:
        return _("place {place}").format(place=number(a.placed.index(seat) + 1))
    if seat not in a.active:
        return _("out of this auction")
    text = (_("in, highest bid {amount}").format(amount=dollars(a.best[seat]))
            if seat in a.best else _("in, no bid yet"))
    if seat == a.free_pass:
        text += " · " + _("may pass once (S-S7)")
    return text


def paint_auction(surface: pygame.Surface, ctx: Ctx, a: Auction, y: int) -> int:
    """The auction's lines from ``y`` down the side panel; returns the y below them."""
    r = ctx.rects.side
    fs = ctx.px
    width = r.w - fs(24)
    for text, strong in auction_lines(ctx, a):
        for line in hud.wrap(text, fs(13), width, strong):
            hud.label(surface, line, (r.x + fs(12), y), fs(13), TEXT if strong else MUTED,
                      bold=strong)
            y += fs(17)
    return y + fs(6)
