"""The load screen's delete question looks like the games' own questions (the screen veiled
behind an opaque card, the title in bold, the answer as the primary button beside Cancel, no
window title bar), takes every click meant for the screen under it, and answers to Esc and
Enter. Driven with posted mouse and key events."""

from __future__ import annotations

from typing import Any

import pygame

from rail_app.ui import screens
from rail_app.ui.kit.driver import Driver
from tests.games.italian_rails.test_ui_support import click, start


def _brightness(surface: pygame.Surface, at: tuple[int, int]) -> int:
    c = surface.get_at(at)
    return int(c.r) + int(c.g) + int(c.b)


def test_the_delete_question_has_the_look_of_the_games_questions(app: Any) -> None:
    from rail_app.ui.session import new_save_path

    scene = start(app)
    scene.session.save(new_save_path())
    saves = app.reset(screens.saves(app))
    d = Driver(app)
    d.frames(2)
    assert saves.entries and saves.selected == 0
    path = saves.current().path
    spot = (saves.list_rect.x + 10, saves.list_rect.bottom - 10)  # the list, far from a card
    before = _brightness(app.screen, spot)
    d.key(pygame.K_DELETE)
    d.frames(2)
    q = saves.asking
    assert q is not None
    assert _brightness(app.screen, spot) < before - 60, "the screen behind is not veiled"
    assert "#primary" in q.confirm_button.get_object_ids(), "the answer is not the primary button"
    assert type(q).__name__ != "UIConfirmationDialog", "a bare window with a title bar"
    card = q.rect
    assert card.collidepoint(q.confirm_button.rect.center)
    assert card.collidepoint(q.cancel_button.rect.center)
    assert q.confirm_button.rect.right <= q.cancel_button.rect.left  # the answer, then Cancel
    # a click on the screen behind does nothing (Back is under the veil)
    click(d, saves.back_button.rect.center)
    d.frames(1)
    assert app.scene is saves and saves.asking is q
    app.resize(1400, 800)  # the window changes size while asking: the question stays
    d.frames(2)
    q = saves.asking
    assert q is not None and q.rect.center == (700, 400) and q.confirm_button.alive()
    assert _brightness(app.screen, spot) < before - 60
    d.key(pygame.K_ESCAPE)  # Esc: no
    d.frames(1)
    assert saves.asking is None and path.exists() and app.scene is saves
    d.key(pygame.K_DELETE)
    d.frames(1)
    d.key(pygame.K_RETURN)  # Enter: yes
    d.frames(1)
    assert saves.asking is None and not path.exists()
