"""A question on a shell screen (deleting a saved game) in the look of the games' own
questions: the screen veiled, an opaque card with a soft shadow, the question's title in
bold over its words, the answer's button (primary: Enter presses it) and Cancel (Esc).

Made of the screen's widgets, above all of them: the veil takes every click meant for what
is under it, so nothing else on the screen answers while the question is asked."""

from __future__ import annotations

from collections.abc import Callable

import pygame
import pygame_gui
from pygame_gui.elements import UIButton, UILabel, UIPanel

from rail_app.core.i18n import _
from rail_app.ui import hud
from rail_app.ui.fonts import font

Px = Callable[[float], int]
LAYER = 200  # above every widget of a screen


class Question:
    """Ask ``title`` / ``text`` with an ``action`` button and Cancel, centred on a screen of
    ``size``; :meth:`answer` reads the events, :meth:`kill` takes it away."""

    def __init__(self, ui: pygame_gui.UIManager, size: tuple[int, int], px: Px,
                 title: str, text: str, action: str, width: int = 480) -> None:
        w, h = size
        width = min(px(width), w - px(40))
        inner = width - px(48)
        lines = hud.wrap(text, px(16), inner)
        line_h = font(px(16)).get_linesize()
        title_h = font(px(22), True).get_linesize() + px(4)
        height = px(20) + title_h + px(10) + len(lines) * line_h + px(28) + px(42) + px(18)
        self.veil = UIPanel(pygame.Rect(0, 0, w, h), starting_height=LAYER, manager=ui,
                            object_id="#question_veil")
        box = pygame.Rect(0, 0, width, height)
        box.center = (w // 2, h // 2)
        self.box = UIPanel(box, starting_height=LAYER + 1, manager=ui, object_id="#question")
        self.rect = box
        self.title = UILabel(pygame.Rect(px(20), px(20), inner + px(8), title_h), title, ui,
                             container=self.box, object_id="#question_title")
        self.lines = [UILabel(pygame.Rect(px(20), px(30) + title_h + k * line_h,
                                          inner + px(8), line_h), line, ui,
                              container=self.box, object_id="#question_text")
                      for k, line in enumerate(lines)]
        yes_w = max(px(130), font(px(16), True).size(action)[0] + px(32))
        no_w = max(px(124), font(px(16)).size(_("Cancel"))[0] + px(32))
        by = height - px(60)
        self.cancel_button = UIButton(pygame.Rect(width - px(20) - no_w, by, no_w, px(42)),
                                      _("Cancel"), ui, container=self.box)
        self.confirm_button = UIButton(pygame.Rect(width - px(30) - no_w - yes_w, by, yes_w,
                                                   px(42)), action, ui, container=self.box,
                                       object_id="#primary")

    def answer(self, event: pygame.event.Event) -> bool | None:
        """True for the action (its button or Enter), False for Cancel (its button or Esc),
        None for any other event."""
        if event.type == pygame_gui.UI_BUTTON_PRESSED:
            if event.ui_element is self.confirm_button:
                return True
            if event.ui_element is self.cancel_button:
                return False
        elif event.type == pygame.KEYDOWN:
            if event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
                return True
            if event.key == pygame.K_ESCAPE:
                return False
        return None

    def kill(self) -> None:
        self.box.kill()
        self.veil.kill()
