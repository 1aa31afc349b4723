"""pygame events on Steam's screen, turned into controller calls (UX.md "Controls").

A click goes to the topmost widget under the pointer (an enabled one does its command, a
disabled one says why not); while the help or the tracks page is up a click closes it, and
while the menu is up only its buttons and the top bar's answer. On the map a left press
draws track in the build phase (or places Urban Growth or a New City), picks a city in the
move phase; a right or middle drag pans (a right click takes the last stroke back); the
wheel zooms the map or scrolls the history. Nothing here changes the table itself.
"""

from __future__ import annotations

import pygame

from rail_app.games.steam.rules.state import Step
from rail_app.games.steam.ui import bars
from rail_app.games.steam.ui.commands import TOP, Intent
from rail_app.games.steam.ui.controller import Controller
from rail_app.games.steam.ui.frame import Frame
from rail_app.games.steam.ui.table import Mode, Page
from rail_app.ui.kit.widgets import hit

ENTER = (pygame.K_RETURN, pygame.K_KP_ENTER)
PAN_KEY = 60  # pixels an arrow key pans (at 100%)


def handle(event: pygame.event.Event, frame: Frame, ctrl: Controller) -> bool:
    """One event on the screen; True when the screen used it."""
    if event.type == pygame.KEYDOWN:
        return _key(event, frame, ctrl)
    if event.type == pygame.MOUSEMOTION:
        old = ctrl.view.point(event.pos, frame.widgets)
        if ctrl.core.table.panning is None and ctrl.core.table.pen.drawing:
            ctrl.building.pen_move(old, event.pos)
        return True
    if event.type == pygame.MOUSEBUTTONDOWN:
        return _press(event.pos, event.button, frame, ctrl)
    if event.type == pygame.MOUSEBUTTONUP:
        return _release(event.pos, event.button, ctrl)
    if event.type == pygame.MOUSEWHEEL:
        t = ctrl.core.table
        if t.page is not Page.NONE:
            return True
        if frame.ctx.rects.bottom.collidepoint(t.pointer):
            ctrl.view.scroll_history(event.y, bars.history_limit(frame.ctx))
        elif frame.ctx.rects.map.collidepoint(t.pointer):
            ctrl.view.zoom(event.y)
        return True
    return False


def _press(pos: tuple[int, int], button: int, frame: Frame, ctrl: Controller) -> bool:
    t = ctrl.core.table
    t.pointer = pos
    if t.page in (Page.HELP, Page.TRACKS):
        for top in frame.widgets:
            if top.command in TOP and top.command is not None and top.rect.collidepoint(pos):
                ctrl.perform(top.command)
                return True
        t.page = Page.NONE
        return True
    if button in (2, 3):
        ctrl.view.pan_start(pos)
        return True
    if button != 1:
        return False
    w = hit(frame.widgets, pos)
    if w is not None:
        if w.enabled and w.command is not None:
            ctrl.perform(w.command)
        elif w.tip:
            ctrl.core.say(w.tip, pos)
        return True
    if t.page is not Page.NONE:
        return True
    if not frame.ctx.rects.map.collidepoint(pos):
        return False
    h = ctrl.core.map.hex_at(pos)
    if h is None or not ctrl.core.person_to_act():
        return True
    step = ctrl.core.state.step
    if step is Step.BUILD and t.mode is not Mode.DRAW:
        ctrl.building.place(h)
    elif step is Step.BUILD:
        ctrl.building.pen_down(h)
    elif step is Step.MOVE:
        ctrl.moving.pick_city(h)
    return True


def _release(pos: tuple[int, int], button: int, ctrl: Controller) -> bool:
    t = ctrl.core.table
    t.pointer = pos
    if button in (2, 3):
        click = ctrl.view.pan_end()
        if button == 3 and click and t.page is Page.NONE:
            if t.pen.drawing:
                ctrl.building.cancel()
            else:
                ctrl.building.take_back()
        return True
    if button == 1 and t.pen.drawing:
        ctrl.building.pen_up()
        return True
    return False


def _key(event: pygame.event.Event, frame: Frame, ctrl: Controller) -> bool:
    k = event.key
    t = ctrl.core.table
    if k == pygame.K_F1:
        ctrl.perform(Intent.HELP)
        return True
    if k == pygame.K_ESCAPE:
        return ctrl.close()
    if t.page is Page.TRACKS and k == pygame.K_t:
        ctrl.perform(Intent.TRACKS)
        return True
    if t.page is not Page.NONE:
        return True
    if k == pygame.K_SPACE:
        ctrl.computer.skip()
        return True
    if k == pygame.K_t and not t.pen.drawing:
        ctrl.perform(Intent.TRACKS)
        return True
    if k in ENTER:
        if ctrl.core.person_to_act() and ctrl.core.state.step is Step.BUILD and not t.pen.drawing:
            ctrl.perform(Intent.END_BUILD)
        return True
    if k == pygame.K_BACKSPACE or (k == pygame.K_z and event.mod & pygame.KMOD_CTRL):
        ctrl.perform(Intent.TAKE_BACK)
        return True
    if k in (pygame.K_HOME, pygame.K_f):
        ctrl.view.fit()
        return True
    step = frame.ctx.px(PAN_KEY)
    moves = {pygame.K_LEFT: (step, 0), pygame.K_RIGHT: (-step, 0), pygame.K_UP: (0, step),
             pygame.K_DOWN: (0, -step)}
    if k in moves:
        ctrl.view.pan(*moves[k])
        return True
    return False
