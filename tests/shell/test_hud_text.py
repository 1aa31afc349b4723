"""Words from a file (a saved game's recorded action, a map's name) reach the screen's type
whatever they hold: a NUL or a lone surrogate is shown as a mark, never a crash (found by
the save fuzzer's long run: a save whose refused action carried a NUL stopped the game
screen at its first frame)."""

from __future__ import annotations

import pygame
import pytest

from rail_app.ui import fonts, hud


@pytest.fixture(autouse=True)
def _pygame() -> None:
    pygame.init()
    fonts.font.cache_clear()  # as the app does: fonts made before a pygame.quit() are dead


@pytest.mark.parametrize("text", ["card\x00 4", "\x00", "Ro\ud800ma", "\udfff", "fine"])
def test_text_from_a_file_is_drawn_whatever_it_holds(text: str) -> None:
    pic = hud.rendered(text, 14, (0, 0, 0))
    assert pic.get_width() > 0
    shown = hud.plain(text)
    assert "\x00" not in shown
    shown.encode("utf-8")  # no lone surrogate left
    if text == "fine":
        assert shown == "fine"
