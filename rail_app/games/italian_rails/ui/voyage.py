"""A route preview across the player's own ferries (M5): the way on the map with the
crossing drawn along the ferry's arc, a numbered mark where the train stands at the end of
each turn (at sea for the turn on board), and the words: how many turns, what each turn
does (move to the port, board, land at half speed), a storm that closes the ferry now."""

from __future__ import annotations

import pygame

from rail_app.core.i18n import _, money_millions, ngettext
from rail_app.games.italian_rails.rules.board import Board
from rail_app.games.italian_rails.rules.journeys import Journey
from rail_app.games.italian_rails.rules.quotes import MoveDetails
from rail_app.games.italian_rails.rules.words import storm_title
from rail_app.games.italian_rails.ui import maprender as mr
from rail_app.games.italian_rails.ui.camera import Camera
from rail_app.games.italian_rails.ui.ctx import Ctx
from rail_app.games.italian_rails.ui.palette import GREY as GREY
from rail_app.games.italian_rails.ui.train import Preview
from rail_app.ui import hud
from rail_app.ui.hud import Line


def arc(cam: Camera, board: Board, a: int, b: int) -> list[tuple[float, float]]:
    """The ferry's arc from port ``a`` to port ``b`` in screen pixels."""
    ox, oy = cam.rect.topleft
    return [(x + ox, y + oy) for x, y in mr.ferry_curve(board, cam.view(), a, b)]


def paint_journey(surface: pygame.Surface, ctx: Ctx, pv: Preview, start: int,
                  colour: tuple[int, int, int], width: int) -> list[tuple[float, float]]:
    """The later turns of the way (dashed, the crossings along their arcs); returns where
    the train stands at the end of each turn but the last, on the screen."""
    j = pv.journey
    assert j is not None
    cam = ctx.table.camera
    board = ctx.state.board
    marks: list[tuple[float, float]] = []
    here = start
    for k, t in enumerate(j.turns):
        if t.lands is not None:
            pts = arc(cam, board, t.lands.frm, t.lands.to)
            _dashed(surface, pts, colour if k == 0 else GREY, max(2, width // 2))
            here = t.lands.to
        if t.dots and k > 0:
            pts = [cam.dot_screen(d) for d in [here, *t.dots]]
            for a, b in zip(pts[:-1], pts[1:], strict=True):
                mx, my = (a[0] + b[0]) / 2, (a[1] + b[1]) / 2
                pygame.draw.line(surface, GREY, a, (mx, my), max(2, width // 2))
        if t.dots:
            here = t.dots[-1]
        if k < len(j.turns) - 1:
            if t.boards is not None:
                pts = arc(cam, board, t.boards.frm, t.boards.to)
                marks.append(pts[len(pts) // 2])  # the turn ends at sea
            else:
                marks.append(cam.dot_screen(here))
    return marks


def _dashed(surface: pygame.Surface, pts: list[tuple[float, float]],
            colour: tuple[int, int, int], width: int) -> None:
    for i, (a, b) in enumerate(zip(pts[:-1], pts[1:], strict=True)):
        if i % 2 == 0:
            pygame.draw.line(surface, colour, a, b, width)


def journey_lines(ctx: Ctx, pv: Preview) -> list[Line]:
    """The words of a journey across ferries (UX.md: numbers a player plans with are
    exact)."""
    j = pv.journey
    assert j is not None
    st = ctx.state
    b = st.board
    name = b.place_name(pv.target)
    ferries = _(" and the ").join(b.ferries[c.ferry].name for c in j.crossings)
    n = len(j.turns)
    if pv.ok:
        head: Line = (ngettext("To {name}: {n} turn, by the {ferries} ferry",
                               "To {name}: {n} turns, by the {ferries} ferry", n).format(
                                   name=name, n=n, ferries=ferries),
                      hud.TEXT, True)
    else:
        head = (_("Can't go to {name} now").format(name=name), hud.RED, True)
    out: list[Line] = [head]
    for k in range(n):
        out.append((_turn_words(ctx, j, k), hud.AMBER if k == 0 else hud.TEXT, False))
    closed = j.closed_now(st)
    if closed is not None:
        title = storm_title(st, closed.ferry)
        out.append((_("{title}: no ferry sails while it lasts (E5)").format(title=title), hud.RED, False))
    d = pv.quote.detail(MoveDetails) if pv.quote is not None else None
    if d is not None and d.rental:
        owner = st.players[d.rent_to if d.rent_to is not None else 1 - st.current].name
        out.append((_("Uses {owner}'s track: {rental_fee} rent (M3)").format(owner=owner, rental_fee=money_millions(st.rules.rental_fee)), hud.RED, True))
    if pv.ok:
        out.append((_("Click again or Enter to go · Esc cancels"), hud.MUTED, False))
    elif pv.reason and closed is None:
        out.append((pv.reason, hud.TEXT, False))
    return out


def _turn_words(ctx: Ctx, j: Journey, k: int) -> str:
    st = ctx.state
    b = st.board
    t = j.turns[k]
    when = _("This turn") if k == 0 else _("Turn {n}").format(n=k + 1)
    parts: list[str] = []
    if t.lands is not None:
        parts.append(_("lands at {place_name} at half speed (M5)").format(place_name=b.place_name(t.lands.to)))
    if t.dots:
        where = b.place_name(t.dots[-1])
        n = len(t.dots)
        moves = ngettext("{n} move", "{n} moves", n).format(n=n)
        if k == len(j.turns) - 1:
            parts.append(_("arrives at {where} after {moves}").format(where=where, moves=moves))
        else:
            port = t.boards is not None or j.turns[k + 1].boards is not None
            parts.append(_("{moves} to {where}").format(moves=moves, where=where) + (_(" (the ferry's port)") if port else ""))
    if t.boards is not None:
        ferry = b.ferries[t.boards.ferry].name
        parts.append(_("boards the {ferry} ferry: that ends the turn's movement (M5)").format(ferry=ferry))
    if not parts:
        parts.append("waits")
    return f"{when}: " + _(", then ").join(parts)
