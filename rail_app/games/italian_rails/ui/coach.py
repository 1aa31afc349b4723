"""Coaching on the game screen: the first-game hints (the first time each phase, the cards
and an event appear; switched off in Settings) and the lesson's panel, both small boxes with
a title, words and buttons, at the lower left of the map (at its top while a dialog is up,
clear of the dialog); the lesson's lit dots, ferry routes and buttons.
"""

from __future__ import annotations

import functools
import math
from dataclasses import dataclass

import pygame

from rail_app.core.i18n import N_, _
from rail_app.games.italian_rails.rules.state import Phase
from rail_app.games.italian_rails.ui import maprender as mr
from rail_app.games.italian_rails.ui.commands import DismissHint, Intent
from rail_app.games.italian_rails.ui.ctx import Ctx
from rail_app.games.italian_rails.ui.dialogpaint import Dialog
from rail_app.games.italian_rails.ui.lesson import STEPS, Look, Target, step_done, words
from rail_app.games.italian_rails.ui.maprender import font
from rail_app.games.italian_rails.ui.palette import BLUE as BLUE
from rail_app.games.italian_rails.ui.palette import COLOUR_KEY as COLOUR_KEY
from rail_app.games.italian_rails.ui.palette import GLOW as GLOW
from rail_app.games.italian_rails.ui.palette import PANEL_BG as PANEL_BG
from rail_app.games.italian_rails.ui.palette import SHADOW as SHADOW
from rail_app.games.italian_rails.ui.palette import WHITE as WHITE
from rail_app.games.italian_rails.ui.widgets import Look as Style
from rail_app.games.italian_rails.ui.widgets import Widget, lines_for, paint
from rail_app.ui import hud

HINTS: dict[str, tuple[str, str]] = {
    "build": (N_("Your build phase"),
              N_("Press on an outer dot of a red hexagon (or on your own track) and drag: the "
              "pen draws dot to dot and shows each segment's cost. Enter pays and ends the "
              "turn; Backspace erases the last segment.")),
    "cards": (N_("Your cards"),
              N_("Your private cards are yours alone; the public pool is for both players. "
              "Rest the pointer on a demand: its suppliers light up and a dashed line shows "
              "the track still to build. Suggest shows a whole plan.")),
    "move": (N_("Your move phase"),
             N_("Click a city to place the train (the first time), then click a dot: the "
             "preview says how many moves and turns. Click again to go. Pick up and deliver "
             "with the buttons in the side panel; Backspace takes a move back.")),
    "event": (N_("An event"),
              N_("Events take effect when drawn. Lasting ones stay until the end of the "
              "drawer's next turn: the side panel lists them and the map shows where (E1, "
              "E2).")),
}


def current_hint(ctx: Ctx, dialog: Dialog) -> str | None:
    """The first-game hint to show now, if any (the first unread one that applies)."""
    t = ctx.table
    if not ctx.hints or t.lesson is not None or not ctx.human:
        return None
    seen = set(ctx.seen_hints)
    st = ctx.state
    if dialog is Dialog.EVENT:
        return "event" if "event" not in seen else None
    if dialog is not Dialog.NONE or not ctx.free or not ctx.cards and st.phase is Phase.MOVE:
        return None
    for key, applies in (("build", st.phase is Phase.BUILD), ("move", st.phase is Phase.MOVE),
                         ("cards", ctx.cards and st.phase in (Phase.MOVE, Phase.BUILD))):
        if applies and key not in seen:
            return key
    return None


@dataclass(frozen=True)
class Panel:
    """A coaching box laid out: where, its title, its head line, its words' lines, its
    buttons."""

    box: pygame.Rect
    title: str
    head: str
    lines: tuple[str, ...]
    widgets: tuple[Widget, ...]


def _panel(ctx: Ctx, title: str, text: str, head: str, buttons: list[tuple[int, object, str]],
           dialog: Dialog) -> Panel:
    """Where a coaching box goes, its wrapped words and its buttons: at the lower left of
    the map, the buttons under the words; while a dialog is up, across the top of the map,
    the buttons beside the words (a dialog stands below it). While the cards to keep are
    chosen, the box stands over the bottom bar instead when it fits there, leaving the top
    of the map to the hovered card's ways and words. The same box is laid out once and kept
    while its words, buttons, map and scale stay the same (every frame asks)."""
    m = ctx.rects.map
    b = ctx.rects.bottom
    foot = (b.x, b.y, b.w, b.h) if dialog is Dialog.KEEP else None
    return _panel_kept(title, text, head, tuple(buttons), dialog is not Dialog.NONE,
                       (m.x, m.y, m.w, m.h), ctx.px(100), foot)


@functools.lru_cache(maxsize=32)
def _panel_kept(title: str, text: str, head: str, buttons: tuple[tuple[int, object, str], ...],
                wide: bool, m: tuple[int, int, int, int], scale: int,
                foot: tuple[int, int, int, int] | None = None) -> Panel:
    widths = tuple(w for w, _, _ in buttons)
    box, lines, rects = _layout(title, text, bool(head), widths, wide, m, scale, foot)
    size = round(14 * scale / 100)
    widgets = []
    for r, (_u1, command, label) in zip(rects, buttons, strict=True):
        primary = command is Intent.LESSON_NEXT or isinstance(command, DismissHint)
        assert isinstance(command, Intent | DismissHint)
        widgets.append(Widget(pygame.Rect(r), command, label, look=Style.PRIMARY if primary
                              else Style.BUTTON, size=size, colour=BLUE))
    return Panel(pygame.Rect(box), title, head, lines, tuple(widgets))


Box = tuple[int, int, int, int]


@functools.lru_cache(maxsize=32)
def _layout(title: str, text: str, head: bool, widths: tuple[int, ...], wide: bool,
            m: Box, scale: int, foot: Box | None = None
            ) -> tuple[Box, tuple[str, ...], tuple[Box, ...]]:
    """The box, the words' lines and the buttons' places (kept: the same words are laid
    out frame after frame); a wide box stands in ``foot`` (the bottom bar) when it fits
    there, else across the top of the map."""

    def px(v: float) -> int:
        return round(v * scale / 100)

    mx, my, mw, mh = m
    width = mw - px(20) if wide else min(px(400), mw - px(20))
    row = sum(px(w) for w in widths) + px(8) * (len(widths) - 1)
    inner = width - px(24) - (row + px(16) if wide else 0)
    lines = lines_for(text, px(14), inner)
    lh = font(px(14)).get_linesize()
    words_h = (px(18) if head else 0) + font(px(16), True).get_linesize() * len(
        lines_for(title, px(16), inner, True)) + px(4) + lh * len(lines)
    h = px(10) + words_h + px(10) + (0 if wide else px(46))
    box = pygame.Rect(0, 0, width, h)
    if wide and foot is not None and h <= foot[3] - px(8):
        box.bottomleft = (mx + px(10), foot[1] + foot[3] - px(4))
        y = box.centery - px(17)
    elif wide:
        box.topleft = (mx + px(10), my + px(4))
        y = box.centery - px(17)
    else:
        box.bottomleft = (mx + px(10), my + mh - px(10))
        y = box.bottom - px(10) - px(34)
    x = box.right - px(12)
    rects: list[Box] = []
    for w in reversed(widths):
        r = pygame.Rect(x - px(w), y, px(w), px(34))
        rects.append((r.x, r.y, r.w, r.h))
        x = r.x - px(8)
    rects.reverse()
    return (box.x, box.y, box.w, box.h), tuple(lines), tuple(rects)


def hint_panel(ctx: Ctx, key: str, dialog: Dialog) -> Panel:
    title, text = _(HINTS[key][0]), _(HINTS[key][1])
    return _panel(ctx, title, text, "", [(110, DismissHint(key), _("Got it")),
                                         (150, Intent.HINTS_OFF, _("No more hints"))], dialog)


def lesson_panel(ctx: Ctx, dialog: Dialog) -> Panel:
    ls = ctx.table.lesson
    assert ls is not None
    step = STEPS[min(ls.step, len(STEPS) - 1)]
    st = ctx.state
    done = step_done(look(ctx))
    text = words(step.text, st, ls.plan)
    if done and not step.info:
        ack = step.ack(look(ctx))
        if ack:
            text = f"{text}  {ack}"
    last = ls.step >= len(STEPS) - 1
    buttons: list[tuple[int, object, str]] = [(110, Intent.LESSON_LEAVE, _("Leave")),
                                               (110, Intent.LESSON_RESTART, _("Start over"))]
    if done:
        buttons.append((110, Intent.LESSON_NEXT, _("Finish") if last else _("Next ›")))
    head = _("LESSON · STEP {n} OF {n2}").format(n=ls.step + 1, n2=len(STEPS)) + (_(" · DONE") if done and not step.info
                                                              else "")
    return _panel(ctx, words(step.title, st, ls.plan), text, head, buttons, dialog)


def look(ctx: Ctx) -> Look:
    t = ctx.table
    assert t.lesson is not None
    return Look(ctx.state, t.lesson, t.hovered, t.ghost is not None, bool(t.popups))


def paint_coach(surface: pygame.Surface, ctx: Ctx, dialog: Dialog, panel: Panel | None,
                widgets: list[Widget], hovered: object) -> None:
    """The lesson's panel and lit targets, or the hint shown now (``panel``, as the frame
    laid it out; ``widgets``: the frame's, which the lesson's lit buttons are found in)."""
    if panel is None:
        return
    box = panel.box
    lit = next((i for i, w in enumerate(panel.widgets) if w.key == hovered), -1)
    global _last
    if _last is None or _last[0] is not panel or _last[1] != lit:
        local = tuple(((w.rect.x - box.x, w.rect.y - box.y, w.rect.w, w.rect.h), w.label,
                       w.look, w.enabled, w.colour, w.size) for w in panel.widgets)
        _last = (panel, lit, _picture(box.w, box.h, panel.title, panel.lines, panel.head,
                                      ctx.px(100), local, lit))
    surface.blit(_last[2], box.topleft)
    ls = ctx.table.lesson
    if ls is not None and not step_done(look(ctx)):
        step = STEPS[min(ls.step, len(STEPS) - 1)]
        _targets(surface, ctx, step.targets(look(ctx)), dialog, widgets)


_last: tuple[Panel, int, pygame.Surface] | None = None  # the box painted in the last frame


@functools.lru_cache(maxsize=16)
def _picture(w: int, h: int, title: str, lines: tuple[str, ...], head: str, scale: int,
             buttons: tuple[tuple[Box, str, Style, bool, tuple[int, int, int], int], ...],
             lit: int) -> pygame.Surface:
    """The box with its words and buttons, drawn once for as long as they stay the same
    (opaque but for its rounded corners: a cheap blit in every frame)."""

    def px(v: float) -> int:
        return round(v * scale / 100)

    shadow = (px(3), px(4))
    pic = pygame.Surface((w + shadow[0], h + shadow[1]))
    key = COLOUR_KEY
    pic.fill(key)
    pic.set_colorkey(key)
    box = pygame.Rect(0, 0, w, h)
    pygame.draw.rect(pic, SHADOW, box.move(*shadow), border_radius=px(10))
    pygame.draw.rect(pic, PANEL_BG, box, border_radius=px(10))
    pygame.draw.rect(pic, hud.PANEL_EDGE, box, 1, border_radius=px(10))
    x, y = px(12), px(10)
    if head:
        hud.label(pic, head, (x, y), px(12), hud.AMBER, bold=True)
        y += px(18)
    for line in lines_for(title, px(16), w - px(24), True):
        hud.label(pic, line, (x, y), px(16), hud.TEXT, bold=True)
        y += font(px(16), True).get_linesize()
    y += px(4)
    for line in lines:
        hud.label(pic, line, (x, y), px(14), hud.TEXT)
        y += font(px(14)).get_linesize()
    for i, (r, label, style, enabled, colour, size) in enumerate(buttons):
        paint(pic, Widget(pygame.Rect(r), None, label, enabled, look=style, colour=colour,
                          size=size), i == lit)
    if not pygame.display.get_surface():
        return pic
    out = pic.convert()
    out.set_colorkey(key, pygame.RLEACCEL)  # run-length coded: the corners cost nothing
    return out


def _targets(surface: pygame.Surface, ctx: Ctx, targets: list[Target], dialog: Dialog,
             widgets: list[Widget]) -> None:
    """A pulsing ring around each lit dot, ferry route and button."""
    cam = ctx.table.camera
    pulse = 0.5 + 0.5 * math.sin(pygame.time.get_ticks() / 220)
    width = max(3, ctx.px(4))
    for tg in targets:
        if tg.dot is not None and dialog is Dialog.NONE:
            x, y = cam.dot_screen(tg.dot)
            if cam.rect.collidepoint(x, y):
                r = max(ctx.px(12), cam.dot_px * 0.6) * (1.0 + 0.25 * pulse)
                pygame.draw.circle(surface, WHITE, (x, y), r + 2, width + 2)
                pygame.draw.circle(surface, GLOW, (x, y), r, width)
        elif tg.ferry is not None and dialog is Dialog.NONE:
            f = ctx.state.board.ferries[tg.ferry]
            pts = mr.ferry_curve(ctx.state.board, cam.view(), *f.ports)
            ox, oy = cam.rect.topleft
            pts = [(a + ox, b + oy) for a, b in pts]
            clip = surface.get_clip()
            surface.set_clip(cam.rect)  # the map's, never over the bars around it
            pygame.draw.lines(surface, GLOW, False, pts, width + round(3 * pulse))
            surface.set_clip(clip)
        elif tg.widget is not None:
            w = next((w for w in reversed(widgets) if w.key == tg.widget), None)
            if w is not None:
                grow = 6 + round(6 * pulse)
                pygame.draw.rect(surface, GLOW, w.rect.inflate(grow, grow), width,
                                 border_radius=ctx.px(8))
