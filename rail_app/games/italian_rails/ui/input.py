"""pygame events on the game screen, turned into controller calls (UX.md "Controls").

A click goes to the topmost enabled widget under the pointer (while a dialog is up, to the
dialog's widgets only); on the map a left press draws track in the build phase or moves the
train in the move phase, a right or middle drag pans, the wheel zooms (or scrolls the panel
under the pointer). Nothing here changes the table itself.
"""

from __future__ import annotations

import pygame

from rail_app.games.italian_rails.rules.state import Phase
from rail_app.games.italian_rails.ui.commands import Intent
from rail_app.games.italian_rails.ui.controller import Controller
from rail_app.games.italian_rails.ui.dialogpaint import Dialog
from rail_app.games.italian_rails.ui.frame import Frame
from rail_app.games.italian_rails.ui.table import Question
from rail_app.games.italian_rails.ui.widgets import hit

ENTER = (pygame.K_RETURN, pygame.K_KP_ENTER)


USED = (pygame.MOUSEMOTION, pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP, pygame.MOUSEWHEEL)


def handle(event: pygame.event.Event, frame: Frame, ctrl: Controller, typing: bool) -> bool:
    """One event on the game screen; True when the screen used it (the pointer's events and
    the keys when no text field has the keyboard)."""
    t = ctrl.table
    if event.type == pygame.WINDOWLEAVE:  # the pointer left the window: nothing is under it
        ctrl.view.pointer_gone()
        return False
    if event.type == pygame.MOUSEMOTION:
        ctrl.view.point(event.pos)
        if t.pan_from is None:
            w = hit(frame.clickable, event.pos)
            ctrl.view.hover(w.key if w is not None else None)
        else:  # the map is being dragged: no widget is hovered, none is looked for
            ctrl.view.hover(None)
    if t.curtain.down:
        return t.curtain.handle(event)
    if event.type == pygame.KEYDOWN:
        if not typing:
            _key(event, frame, ctrl)
    elif event.type == pygame.MOUSEBUTTONDOWN:
        ctrl.view.pressed()  # a press puts the tooltip away until the pointer rests again
        _press(event, frame, ctrl)
    elif event.type == pygame.MOUSEMOTION:
        if t.pan_from is not None and event.buttons and (event.buttons[1] or event.buttons[2]):
            ctrl.view.pan_drag(*event.rel)
        elif t.pen.active:
            ctrl.building.pen_move(event.pos)
    elif event.type == pygame.MOUSEBUTTONUP:
        if event.button in (2, 3):
            ctrl.pan_end(event.pos, event.button == 3)
        elif event.button == 1 and t.pen.active:
            ctrl.building.pen_up(event.pos)
    elif event.type == pygame.MOUSEWHEEL and frame.dialog is Dialog.NONE:
        _wheel(event, frame, ctrl)
    return event.type in USED or (event.type == pygame.KEYDOWN and not typing)


def _press(event: pygame.event.Event, frame: Frame, ctrl: Controller) -> None:
    rects = frame.ctx.rects
    if frame.dialog is not Dialog.NONE:
        if event.button != 1:
            return
        w = hit(frame.dialog_widgets, event.pos)
        if w is not None:
            if w.enabled and w.command is not None:
                ctrl.perform(w.command)
        elif frame.dialog is Dialog.EVENT:
            ctrl.perform(Intent.DISMISS_EVENT)  # a click anywhere puts the card away
        elif frame.dialog is Dialog.HELP:
            ctrl.perform(Intent.CLOSE)
        return
    if event.button == 1:
        w = hit(frame.widgets, event.pos)
        if w is not None:
            if w.enabled and w.command is not None:
                ctrl.perform(w.command)
            return
    if not rects.map.collidepoint(event.pos):
        return
    if event.button in (2, 3):
        ctrl.view.pan_start(event.pos)
    elif event.button == 1:
        if ctrl.state.phase in (Phase.MOVE, Phase.SWAPPED) and ctrl.core.human_turn():
            ctrl.moving.train_click(event.pos)
        else:
            ctrl.building.pen_down(event.pos)


def _wheel(event: pygame.event.Event, frame: Frame, ctrl: Controller) -> None:
    pos = ctrl.table.pointer
    rects = frame.ctx.rects
    if rects.bottom.collidepoint(pos):
        ctrl.view.scroll_history(2 if event.y > 0 else -2, frame.history_rows,
                                 frame.history_fits)
    elif rects.side.collidepoint(pos):
        ctrl.view.scroll_side(-event.y * frame.ctx.px(48), frame.side_limit)
    elif rects.map.collidepoint(pos):
        ctrl.view.zoom(1 if event.y > 0 else -1, pos)


def _key(event: pygame.event.Event, frame: Frame, ctrl: Controller) -> None:
    k = event.key
    dialog = frame.dialog
    if dialog is Dialog.EVENT:
        if k in (*ENTER, pygame.K_SPACE, pygame.K_ESCAPE):
            ctrl.perform(Intent.DISMISS_EVENT)
            if k == pygame.K_SPACE:
                ctrl.computer.skip_computer()
        return
    if dialog in (Dialog.MENU, Dialog.UPGRADE, Dialog.CONFIRM, Dialog.HELP, Dialog.FERRY):
        if k == pygame.K_ESCAPE or (k == pygame.K_F1 and dialog is Dialog.HELP):
            ctrl.perform(Intent.CLOSE)
        elif k in ENTER and dialog is Dialog.CONFIRM:
            # Enter takes the dialog's lit button: Keep building, when End build warns
            stranded = ctrl.table.question is Question.STRANDED
            ctrl.perform(Intent.CLOSE if stranded else Intent.CONFIRM)
        return
    if dialog is Dialog.KEEP:
        if k in ENTER:
            ctrl.perform(Intent.KEEP_CHOSEN)
        elif k == pygame.K_ESCAPE:
            ctrl.perform(Intent.OPEN_MENU)
        return
    if dialog is Dialog.LOSS:
        if k == pygame.K_ESCAPE:
            ctrl.perform(Intent.OPEN_MENU)
        return
    t = ctrl.table
    ctrl_key = event.mod & pygame.KMOD_CTRL
    step = frame.ctx.px(80)
    if k == pygame.K_ESCAPE:
        if not ctrl.moving.cancel_preview() and not ctrl.building.cancel_stroke():
            ctrl.perform(Intent.OPEN_MENU)
    elif k == pygame.K_F1:
        ctrl.perform(Intent.HELP)
    elif k in (pygame.K_HOME, pygame.K_f):
        ctrl.view.fit()
    elif k == pygame.K_b:
        ctrl.view.jump_to_last_build()
    elif k in (pygame.K_LEFT, pygame.K_RIGHT, pygame.K_UP, pygame.K_DOWN):
        dx = step if k == pygame.K_LEFT else -step if k == pygame.K_RIGHT else 0
        dy = step if k == pygame.K_UP else -step if k == pygame.K_DOWN else 0
        ctrl.view.pan(dx, dy)
    elif k in (pygame.K_PLUS, pygame.K_EQUALS, pygame.K_KP_PLUS):
        ctrl.view.zoom(1, frame.ctx.rects.map.center)
    elif k in (pygame.K_MINUS, pygame.K_KP_MINUS):
        ctrl.view.zoom(-1, frame.ctx.rects.map.center)
    elif k == pygame.K_BACKSPACE or (k == pygame.K_z and ctrl_key):
        if ctrl.state.phase is Phase.MOVE:
            ctrl.moving.take_back()
        else:
            ctrl.building.erase_last()
    elif k in ENTER:
        if t.preview is not None and t.preview.ok:
            ctrl.moving.confirm_move()
        else:
            ctrl.end_phase()
    elif k == pygame.K_SPACE:
        ctrl.computer.skip_computer()
