"""The game screen's dialogs, each an opaque box in front of the map that takes every click:
the curtain between two people, the help page, the menu, the locomotive choice, a question
to confirm, an event card as drawn, choosing the private cards (C2) and the load lost in a
derailment (E7).

:func:`current` says which one is up, :func:`dialog_widgets` lays out its buttons and
:func:`paint_dialog` draws it; both use the same boxes (:func:`_box`).
"""

from __future__ import annotations

import pygame

from rail_app.core.i18n import N_, _, money_millions
from rail_app.games.italian_rails.rules.actions import BuildFerry, ChooseLoss, UpgradeLoco
from rail_app.games.italian_rails.rules.state import Phase
from rail_app.games.italian_rails.rules.words import locomotive, refusal
from rail_app.games.italian_rails.ui.commands import BuyLoco, Intent, Play, ToggleCard
from rail_app.games.italian_rails.ui.ctx import Ctx
from rail_app.games.italian_rails.ui.dialogpaint import QUESTIONS, Dialog, event_words, paint_box
from rail_app.games.italian_rails.ui.maprender import font
from rail_app.games.italian_rails.ui.palette import BLUE as BLUE
from rail_app.games.italian_rails.ui.table import Modal, Question
from rail_app.games.italian_rails.ui.widgets import Look, Widget
from rail_app.ui import hud

MENU = [(N_("Resume"), Intent.CLOSE), (N_("Save game…"), Intent.SAVE), (N_("Load game"), Intent.LOAD),
        (N_("Settings"), Intent.SETTINGS), (N_("Quit to menu"), Intent.QUIT)]


def current(ctx: Ctx) -> Dialog:
    """The dialog that is up: what the table opened first, then what the game waits for."""
    t = ctx.table
    if t.curtain.down:
        return Dialog.CURTAIN
    modal = {Modal.HELP: Dialog.HELP, Modal.MENU: Dialog.MENU, Modal.UPGRADE: Dialog.UPGRADE,
             Modal.CONFIRM: Dialog.CONFIRM, Modal.FERRY: Dialog.FERRY}.get(t.modal)
    if modal is not None:
        return modal
    if t.popups:
        return Dialog.EVENT
    session = ctx.session
    if session.over or session.seat.computer:
        return Dialog.NONE
    if ctx.state.pending is not None:
        return Dialog.LOSS
    if ctx.state.phase is Phase.SETUP:
        return Dialog.KEEP
    return Dialog.NONE


def _box(ctx: Ctx, dialog: Dialog) -> pygame.Rect:
    """Where the dialog's box goes on the screen."""
    px = ctx.px
    w, h = ctx.rects.top.w, ctx.rects.bottom.bottom
    st = ctx.state
    centre = (w // 2, h // 2)
    if dialog is Dialog.MENU:
        r = pygame.Rect(0, 0, px(300), px(40) + len(MENU) * px(58))
    elif dialog is Dialog.UPGRADE:
        n = max(1, len(_upgrades(ctx)))
        r = pygame.Rect(0, 0, px(460), px(124) + n * px(54))
        r.bottomright = (ctx.rects.buttons.right - px(10), ctx.rects.buttons.y - px(6))
        return r
    elif dialog is Dialog.CONFIRM and ctx.table.question is Question.STRANDED:
        r = pygame.Rect(0, 0, px(600), px(150) + len(ctx.table.stranded_words) * px(34))
    elif dialog is Dialog.CONFIRM:
        r = pygame.Rect(0, 0, px(480), px(230))
    elif dialog is Dialog.FERRY:
        r = pygame.Rect(0, 0, px(520), _ferry_height(ctx, px(520)))
    elif dialog is Dialog.EVENT:
        r = pygame.Rect(0, 0, px(460), _event_height(ctx, px(460)))
        r.center = ctx.rects.map.center
        return r
    elif dialog is Dialog.KEEP:
        n = len(st.players[ctx.session.actor].dealt)
        total = n * px(200) + (n - 1) * px(16)
        r = pygame.Rect(0, 0, min(w - px(20), max(total + px(60), px(700))), px(420))
        # at the foot of the map, so that the ways of a hovered card show above it
        r.midbottom = (w // 2, ctx.rects.map.bottom - px(8))
        return r.clamp(pygame.Rect(0, 0, w, h))
    elif dialog is Dialog.LOSS:
        pend = st.pending
        rows = len(st.players[pend.player].loads) if pend is not None else 1
        r = pygame.Rect(0, 0, px(720), px(170) + rows * px(50))
    else:
        return pygame.Rect(0, 0, w, h)
    r.center = centre
    return r


def _event_height(ctx: Ctx, width: int) -> int:
    """The event card's height: its band, title and text, and the OK button."""
    px = ctx.px
    card = ctx.state.deck.cards.get(ctx.table.popups[0]) if ctx.table.popups else None
    if card is None:
        return px(200)
    title, text = event_words(ctx, card.number)
    lines = len(hud.wrap(title, px(24), width - px(40), True)) * font(px(24), True).get_linesize()
    lines += len(hud.wrap(text, px(16), width - px(40))) * font(px(16)).get_linesize()
    return px(54) + px(16) + lines + px(6) + px(80)


def _ferry_height(ctx: Ctx, width: int) -> int:
    """The ferry dialog's height: its title, its words and the buttons."""
    from rail_app.games.italian_rails.ui.ferries import offer_words

    px = ctx.px
    if ctx.table.offer is None:
        return px(200)
    ferry = ctx.state.board.ferries[ctx.table.offer]
    lh = font(px(15)).get_linesize()
    lines = sum(len(hud.wrap(t, px(15), width - px(48))) for t in offer_words(ctx.state, ferry))
    words = len(offer_words(ctx.state, ferry))
    return px(18) + font(px(22), True).get_linesize() + px(6) + lines * lh + words * px(4) \
        + px(84)


def _upgrades(ctx: Ctx) -> list[tuple[str, int]]:
    st = ctx.state
    mine = st.players[st.current].loco
    return [(to, cost) for (frm, to), cost in sorted(st.rules.upgrades.items()) if frm == mine]


def dialog_widgets(ctx: Ctx, dialog: Dialog) -> list[Widget]:
    """The dialog's buttons, in screen pixels."""
    px = ctx.px
    box = _box(ctx, dialog)
    st = ctx.state
    ink = ctx.ink(ctx.session.actor).colour
    out: list[Widget] = []
    if dialog is Dialog.MENU:
        y = box.y + px(20)
        for label, cmd in MENU:
            out.append(Widget(pygame.Rect(box.x + px(22), y, box.w - px(44), px(48)), cmd, _(label),
                              look=Look.PRIMARY if cmd is Intent.CLOSE else Look.BUTTON,
                              size=px(17), colour=BLUE))
            y += px(58)
    elif dialog is Dialog.UPGRADE:
        y = box.y + px(64)
        for to, cost in _upgrades(ctx):
            loco = st.rules.locomotives.get(to)
            q = ctx.session.quote(UpgradeLoco(to))
            what = _("{to}: speed {speed}, {capacity} loads").format(to=locomotive(to), speed=loco.speed, capacity=loco.capacity) if loco \
                else locomotive(to)
            out.append(Widget(pygame.Rect(box.x + px(14), y, box.w - px(28), px(46)),
                              BuyLoco(to), f"{what} — {money_millions(cost)}", q.ok and ctx.free,
                              "" if q.ok else refusal(st.board, q), size=px(15)))
            y += px(54)
        out.append(Widget(pygame.Rect(box.right - px(134), box.bottom - px(50), px(120),
                                      px(38)), Intent.CLOSE, _("Cancel"), size=px(15)))
    elif dialog is Dialog.CONFIRM:
        question = ctx.table.question
        verb = _(QUESTIONS[question][2]) if question is not None else _("OK")
        if question is Question.STRANDED:
            out.append(Widget(pygame.Rect(box.right - px(384), box.bottom - px(60), px(200),
                                          px(42)), Intent.CONFIRM, verb, size=px(16)))
            out.append(Widget(pygame.Rect(box.right - px(174), box.bottom - px(60), px(154),
                                          px(42)), Intent.CLOSE, _("Keep building"),
                              look=Look.PRIMARY, colour=ink, size=px(16)))
        else:
            out.append(Widget(pygame.Rect(box.right - px(284), box.bottom - px(60), px(130),
                                          px(42)), Intent.CONFIRM, verb, look=Look.PRIMARY,
                              colour=ink, size=px(16)))
            out.append(Widget(pygame.Rect(box.right - px(144), box.bottom - px(60), px(124),
                                          px(42)), Intent.CLOSE, _("Cancel"), size=px(16)))
    elif dialog is Dialog.FERRY and ctx.table.offer is not None:
        ferry = st.board.ferries[ctx.table.offer]
        q = ctx.session.quote(BuildFerry(ferry.name))
        can = q.ok and ctx.free
        label = _("Take the {name} ferry for {cost}").format(name=ferry.name, cost=money_millions(q.cost))
        out.append(Widget(pygame.Rect(box.x + px(20), box.bottom - px(62), box.w - px(184),
                                      px(44)), Play(BuildFerry(ferry.name)), label, can,
                          "" if can else refusal(st.board, q), Look.PRIMARY,
                          colour=ink, size=px(15)))
        out.append(Widget(pygame.Rect(box.right - px(144), box.bottom - px(62), px(124),
                                      px(44)), Intent.CLOSE, _("Cancel"), size=px(16)))
    elif dialog is Dialog.EVENT:
        out.append(Widget(pygame.Rect(box.right - px(140), box.bottom - px(52), px(120),
                                      px(38)), Intent.DISMISS_EVENT, _("OK"), look=Look.PRIMARY,
                          colour=hud.RED, size=px(16)))
    elif dialog is Dialog.KEEP:
        me = st.players[ctx.session.actor]
        n = len(me.dealt)
        cw, gap = px(200), px(16)
        x = box.centerx - (n * cw + (n - 1) * gap) // 2
        for c in me.dealt:
            out.append(Widget(pygame.Rect(x, box.y + px(86), cw, px(230)), ToggleCard(c),
                              look=Look.AREA, selected=c in ctx.table.keep_choice))
            x += cw + gap
        keep = st.rules.keep
        chosen = len(ctx.table.keep_choice)
        ok = chosen == keep
        out.append(Widget(pygame.Rect(box.right - px(260), box.bottom - px(64), px(230), px(44)),
                          Intent.KEEP_CHOSEN, _("Keep these {keep}").format(keep=keep) if ok
                          else _("Choose {n} more").format(n=keep - chosen), ok, look=Look.PRIMARY,
                          colour=ink, size=px(16)))
    elif dialog is Dialog.LOSS:
        pend = st.pending
        if pend is not None:
            p = st.players[pend.player]
            y = box.y + px(90)
            for i, load in enumerate(p.loads):
                out.append(Widget(pygame.Rect(box.right - px(330), y, px(140), px(36)),
                                  Play(ChooseLoss(i, False)), _("Lose it"), size=px(14)))
                if load.card is not None and load.card in p.private:
                    out.append(Widget(pygame.Rect(box.right - px(182), y, px(160), px(36)),
                                      Play(ChooseLoss(i, True)), _("Lose + release"),
                                      tip=_("The card goes to the public pool"), size=px(14)))
                y += px(50)
    return out


def paint_dialog(surface: pygame.Surface, ctx: Ctx, dialog: Dialog) -> None:
    """Draw the dialog's box and words (its buttons are painted with its widgets)."""
    if dialog is Dialog.NONE:
        return
    paint_box(surface, ctx, dialog, _box(ctx, dialog))
