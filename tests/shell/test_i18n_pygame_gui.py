"""The drawn-text audit sees pygame_gui's widgets too: a button whose words came through the
catalog passes, one whose words did not is named (headless, dummy driver)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pygame
import pygame_gui
import pytest

from rail_app.core import i18n
from rail_app.core.i18n import _
from rail_app.devtools.textaudit import pygame_gui_text_audited

FIXTURE = Path(__file__).resolve().parents[1] / "i18n_fixture" / "locale"


@pytest.fixture(autouse=True)
def _english_after() -> Iterator[None]:
    i18n.set_language("en")
    yield
    i18n.set_language("en")


def _draw(texts: list[str]) -> None:
    pygame.display.init()
    pygame.font.init()
    screen = pygame.display.set_mode((640, 360))
    manager = pygame_gui.UIManager((640, 360))
    for i, text in enumerate(texts):
        if i % 2:
            pygame_gui.elements.UIButton(pygame.Rect(10, 10 + 50 * i, 400, 40), text, manager)
        else:
            pygame_gui.elements.UILabel(pygame.Rect(10, 10 + 50 * i, 400, 40), text, manager)
    manager.update(0.01)
    manager.draw_ui(screen)
    manager.clear_and_reset()


def test_pygame_gui_text_goes_through_the_audit() -> None:
    i18n.set_language("qps", folder=FIXTURE)
    with i18n.audit_drawn_text(["Anna"]) as audit, pygame_gui_text_audited():
        _draw([_("New game"), _("Turn {turn} · {player}").format(turn=2, player="Anna"),
               "Swap demands", i18n.money_millions(20)])
    assert audit.drawn >= 4
    assert list(audit.offending) == ["Swap demands"]


def test_the_hook_is_removed_after_the_block() -> None:
    from pygame_gui.core.gui_font_pygame import GUIFontPygame

    before = GUIFontPygame.render_premul_to
    with pygame_gui_text_audited():
        assert GUIFontPygame.render_premul_to is not before
    assert GUIFontPygame.render_premul_to is before
