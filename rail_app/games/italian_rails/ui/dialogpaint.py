"""Drawing the game screen's dialogs: opaque boxes (nothing of the screen behind shows
through them), their titles and words; their buttons are widgets painted over them."""

from __future__ import annotations

from enum import Enum

import pygame

from rail_app.core.i18n import N_, _, money_millions, pgettext
from rail_app.games.italian_rails.rules.log import EventDrawn, EventSetAside
from rail_app.games.italian_rails.rules.words import card_words, locomotive
from rail_app.games.italian_rails.ui.ctx import Ctx
from rail_app.games.italian_rails.ui.palette import BOX as BOX
from rail_app.games.italian_rails.ui.palette import CHOICE_BG as CHOICE_BG
from rail_app.games.italian_rails.ui.palette import CHOICE_CHOSEN as CHOICE_CHOSEN
from rail_app.games.italian_rails.ui.palette import EVENT_BAND_TEXT as EVENT_BAND_TEXT
from rail_app.games.italian_rails.ui.palette import PAPER as PAPER
from rail_app.games.italian_rails.ui.palette import SHADOW as SHADOW
from rail_app.games.italian_rails.ui.table import Question
from rail_app.ui import hud
from rail_app.ui.kit.curtain import paint_curtain

#: The help page (F1), the controls and the rules in short: each section a heading and its
#: lines.
HELP: tuple[tuple[str, tuple[str, ...]], ...] = (
    (N_("Controls"), (
        N_("Left drag from a red hexagon's outer dot or your own track   draw track (build phase)"),
        N_("Backspace / Ctrl+Z   erase the last segment drawn this phase"),
        N_("Right-click a fresh segment   erase it          Clear   erase all of this phase"),
        N_("Right or middle drag, arrow keys   pan          Wheel   zoom around the pointer"),
        N_("Home / F   fit the map          B   jump to your last build"),
        N_("Click a dot (move phase)   route preview; click again or Enter: the train goes there"),
        N_("Side panel buttons   pick up, lock, deliver, drop, board a ferry; hover a demand to see its cities"),
        N_("Enter   end the build (pay) / end the move phase"),
        N_("Space   skip the computer's animation          M   mute          F11   full screen"),
        N_("Esc   menu (save, load, settings)          F1   this page"),
    )),
    (N_("Rules in short"), (
        N_("Each turn: move your train (from your third turn), then build up to 20M of track."),
        N_("A segment costs the dot it is drawn to: plain 1, mountain 2, alpine 5, city 3, major 5;"),
        N_("crossing a river +2, a lake or inlet +3 (B1, B2). No segment crosses a border or open sea (B3)."),
        N_("Start at a major city's outer dots or extend your own track (K1); at most two major-city"),
        N_("starts per phase (K3); at most three of your segments into a small or medium city (K4)."),
        N_("You pay at the end of the phase; until then the eraser is free (K10)."),
        N_("Ferries: the first taker pays the higher price, the second the lower (K8)."),
        N_("Move (from your third turn): up to your speed over your track, the cities' free track, or"),
        N_("the other player's track for 4M a turn (M3). Pick up, lock a load to a demand, deliver it."),
        N_("Win: 250M cash and your own network joining all four major cities (W1)."),
    )),
)


class Dialog(Enum):
    NONE = "none"
    CURTAIN = "curtain"
    HELP = "help"
    MENU = "menu"
    UPGRADE = "upgrade"
    CONFIRM = "confirm"
    EVENT = "event"
    KEEP = "keep"
    LOSS = "loss"
    FERRY = "ferry"


QUESTIONS = {
    Question.SWAP: (N_("Swap demands"), N_("Three unlocked public cards are discarded at random and "
                    "three new ones drawn. This replaces your whole turn (C6). Swap?"), N_("Swap")),
    Question.QUIT: (N_("Unsaved progress"), N_("Progress since the last save will be lost. Quit to "
                    "the main menu?"), N_("Quit")),
    Question.LOAD: (N_("Unsaved progress"), N_("Progress since the last save will be lost. Load "
                    "another game?"), N_("Load")),
    Question.STRANDED: (N_("No paying delivery in reach"), "", N_("End build anyway")),
}


def veil(surface: pygame.Surface, alpha: int = 110) -> None:
    """Dim the screen behind a dialog."""
    v = pygame.Surface(surface.get_size(), pygame.SRCALPHA)
    v.fill((20, 16, 12, alpha))
    surface.blit(v, (0, 0))


def opaque(surface: pygame.Surface, box: pygame.Rect, radius: int, shadow: int) -> None:
    """An opaque box with a soft shadow (the games' shared dialog box)."""
    hud.dialog_box(surface, box, radius, shadow)


def text_block(surface: pygame.Surface, text: str, x: int, y: int, width: int, size: int,
               colour: tuple[int, int, int] = hud.TEXT, bold: bool = False) -> int:
    """Wrapped text from (x, y); returns the y below it."""
    from rail_app.games.italian_rails.ui.maprender import font

    lh = font(size, bold).get_linesize()
    for line in hud.wrap(text, size, width, bold):
        hud.label(surface, line, (x, y), size, colour, bold=bold)
        y += lh
    return y


def paint_box(surface: pygame.Surface, ctx: Ctx, dialog: Dialog, box: pygame.Rect) -> None:
    px = ctx.px
    st = ctx.state
    if dialog is Dialog.CURTAIN:
        seat = ctx.table.curtain.seat or 0
        paint_curtain(surface, st.players[seat].name, ctx.ink(seat).colour, px)
        return
    if dialog is Dialog.HELP:
        hud.help_page(surface, px(16), tuple((_(head), tuple(_(line) for line in lines))
                                             for head, lines in HELP))
        return
    veil(surface, 40 if dialog is Dialog.KEEP else
         70 if dialog in (Dialog.EVENT, Dialog.UPGRADE) else 110)
    opaque(surface, box, px(12), px(6))
    x, width = box.x + px(24), box.w - px(48)
    if dialog is Dialog.MENU:
        return
    if dialog is Dialog.UPGRADE:
        me = st.players[st.current]
        cur = st.rules.locomotives.get(me.loco)
        now = _("Now: {loco}").format(loco=locomotive(me.loco)) + (_(" (speed {speed}, {capacity} loads)").format(speed=cur.speed, capacity=cur.capacity) if cur else "")
        hud.label(surface, _("Upgrade the locomotive (K9)"), (box.x + px(14), box.y + px(10)),
                  px(17), hud.TEXT, bold=True)
        hud.label(surface, now, (box.x + px(14), box.y + px(36)), px(14), hud.MUTED)
        return
    if dialog is Dialog.CONFIRM:
        q = ctx.table.question
        title, text, _verb = QUESTIONS[q] if q is not None else ("", "", "")
        if q is Question.STRANDED:
            y = text_block(surface, _(title), x, box.y + px(20), width, px(22), bold=True)
            y += px(6)
            for line in ctx.table.stranded_words:
                y = text_block(surface, line, x, y + px(4), width, px(16))
            return
        title, text = (_(title), _(text)) if q is not None else ("", "")
        y = text_block(surface, title, x, box.y + px(20), width, px(22), bold=True)
        text_block(surface, text, x, y + px(10), width, px(16))
        return
    if dialog is Dialog.EVENT:
        _event(surface, ctx, box)
        return
    if dialog is Dialog.KEEP:
        _keep(surface, ctx, box)
        return
    if dialog is Dialog.LOSS:
        _loss(surface, ctx, box)
    if dialog is Dialog.FERRY:
        _ferry(surface, ctx, box)


def _ferry(surface: pygame.Surface, ctx: Ctx, box: pygame.Rect) -> None:
    from rail_app.games.italian_rails.ui.ferries import offer_words

    px = ctx.px
    st = ctx.state
    if ctx.table.offer is None:
        return
    ferry = st.board.ferries[ctx.table.offer]
    x, width = box.x + px(24), box.w - px(48)
    y = text_block(surface, _("The {name} ferry").format(name=ferry.name), x, box.y + px(18), width, px(22),
                   bold=True)
    y += px(6)
    for line in offer_words(st, ferry):
        y = text_block(surface, line, x, y, width, px(15)) + px(4)


def drawn_by(ctx: Ctx, number: int) -> int | None:
    """The seat that drew event card ``number`` (its latest draw), if the history says."""
    return next((e.player for e in reversed(ctx.state.log)
                 if isinstance(e.event, (EventDrawn, EventSetAside)) and e.event.card == number),
                None)


def event_words(ctx: Ctx, number: int) -> tuple[str, str]:
    """The drawn event card's title and text: what lasts until "your next turn" is said of
    the drawer by name when another player reads it (E2)."""
    st = ctx.state
    who = drawn_by(ctx, number)
    name = st.players[who].name if who is not None and who != ctx.viewer else None
    return card_words(st.board, st.deck.card(number), name)


def _event(surface: pygame.Surface, ctx: Ctx, box: pygame.Rect) -> None:
    px = ctx.px
    st = ctx.state
    number = ctx.table.popups[0]
    card = st.deck.cards.get(number)
    if card is None:
        return
    band = pygame.Rect(box.x, box.y, box.w, px(54))
    pygame.draw.rect(surface, hud.RED, band, border_top_left_radius=px(12),
                     border_top_right_radius=px(12))
    hud.label(surface, _("EVENT · card {number}").format(number=number), (band.x + px(20), band.centery), px(15),
              EVENT_BAND_TEXT, bold=True, anchor="midleft")
    title, text = event_words(ctx, number)
    y = text_block(surface, title, box.x + px(20),
                   band.bottom + px(16), box.w - px(40), px(24), bold=True)
    text_block(surface, text, box.x + px(20), y + px(6), box.w - px(40), px(16))
    who = drawn_by(ctx, number)
    if who is not None:
        hud.label(surface, _("drawn by {name}").format(name=st.players[who].name),
                  (box.x + px(20), box.bottom - px(34)), px(13), hud.MUTED)


def _keep(surface: pygame.Surface, ctx: Ctx, box: pygame.Rect) -> None:
    px = ctx.px
    st = ctx.state
    me = st.players[ctx.session.actor]
    keep = st.rules.keep
    title = hud.label(surface, _("{name}: keep {keep} of your {n} cards").format(
        name=me.name, keep=keep, n=len(me.dealt)), (box.x + px(30), box.y + px(18)), px(24),
        hud.TEXT, bold=True)
    text_block(surface, _("They stay private to you; the other cards go to the public pool "
               "that both players may use (C2)."), box.x + px(30), box.y + px(54),
               box.w - px(60), px(15), hud.MUTED)
    n = len(me.dealt)
    cw, ch, gap = px(200), px(230), px(16)
    x = box.centerx - (n * cw + (n - 1) * gap) // 2
    ink = ctx.ink(ctx.session.actor).colour
    for c in me.dealt:
        r = pygame.Rect(x, box.y + px(86), cw, ch)
        chosen = c in ctx.table.keep_choice
        pygame.draw.rect(surface, CHOICE_CHOSEN if chosen else CHOICE_BG, r,
                         border_radius=px(10))
        pygame.draw.rect(surface, ink if chosen else hud.PANEL_EDGE, r,
                         px(4) if chosen else 1, border_radius=px(10))
        hud.label(surface, _("Card {c}").format(c=c), (r.x + px(12), r.y + px(10)), px(15), hud.MUTED,
                  bold=True)
        y = r.y + px(40)
        for d in st.deck.card(c).demands:
            hud.label(surface, pgettext("commodity", d.commodity), (r.x + px(12), y), px(15),
                      hud.GREEN)
            hud.label(surface, money_millions(d.payoff), (r.right - px(12), y), px(18), hud.TEXT,
                      bold=True, anchor="topright")
            y = text_block(surface, _("to {city}").format(city=d.city), r.x + px(12), y + px(20),
                           r.w - px(24), px(16), bold=True) + px(8)
        if chosen:
            hud.label(surface, _("kept"), (r.centerx, r.bottom - px(10)), px(15), hud.GREEN,
                      bold=True, anchor="midbottom")
        x += cw + gap
    hud.label(surface, _("Click {keep} cards, then Keep (or Enter).").format(keep=keep),
              (box.x + px(30), box.bottom - px(52)), px(14), hud.MUTED)
    hud.label(surface, _("Rest the pointer on a card: its ways and costs show on the map."),
              (box.x + px(30), box.bottom - px(32)), px(14), hud.MUTED)
    from rail_app.games.italian_rails.ui.ghosts import paint_card_help

    paint_card_help(surface, ctx, box, title)


def _loss(surface: pygame.Surface, ctx: Ctx, box: pygame.Rect) -> None:
    px = ctx.px
    st = ctx.state
    pend = st.pending
    if pend is None:
        return
    p = st.players[pend.player]
    card = st.deck.cards.get(pend.card)
    title = card_words(st.board, card)[0] if card and card.title else _("Derailment")
    hud.label(surface, _("{title}: {name}'s train derails").format(title=title, name=p.name), (box.x + px(28), box.y + px(18)),
              px(22), hud.RED, bold=True)
    hud.label(surface, _("Choose the load that is lost (E7)."), (box.x + px(28), box.y + px(54)),
              px(15), hud.TEXT)
    y = box.y + px(90)
    for load in p.loads:
        if load.card is not None and load.demand is not None:
            d = st.deck.card(load.card).demands[load.demand]
            kind = _("private card") if load.card in p.private else _("public card")
            what = _("{commodity}, for {city} {payoff} (card {card}, {kind})").format(commodity=pgettext("commodity", load.commodity), city=d.city, payoff=money_millions(d.payoff), card=load.card, kind=kind)
        else:
            what = _("{commodity}, unlocked").format(commodity=pgettext("commodity", load.commodity))
        text_block(surface, what, box.x + px(28), y + px(8), box.w - px(380), px(15))
        y += px(50)
    hud.label(surface, _("Release: the private card goes to the public pool with the load."),
              (box.x + px(28), box.bottom - px(40)), px(13), hud.MUTED)
