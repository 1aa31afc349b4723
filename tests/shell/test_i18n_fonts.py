"""The game's type (Noto Sans, assets/fonts) has every glyph Spanish and the pseudo-locale
draw, asked of pygame's own font code under the dummy driver."""

from __future__ import annotations

from pathlib import Path

import pygame
import pygame.freetype
import pytest

from rail_app.core.i18n.numbers import NBSP
from rail_app.core.i18n.pseudo import GLYPHS

FONTS = Path(__file__).resolve().parents[2] / "assets" / "fonts"
FACES = ["NotoSans-Regular.ttf", "NotoSans-Bold.ttf"]
#: What Spanish writes beyond ASCII: accented vowels, ü, ñ, the opening marks, the
#: guillemets the rulebooks quote with, the ordinal indicators, the euro, the no-break space
#: of "250 M" and "45 %", and the punctuation of careful typesetting.
SPANISH = "áéíóúüñÁÉÍÓÚÜÑ¿¡«»ºª€" + NBSP + "·–—…“”‘’"
#: Never in the game's type: a check that said these were there would be blind.
ABSENT = "→中😀"


def _missing_freetype(face: str, text: str) -> list[str]:
    """The characters FreeType finds no glyph for (its metrics are None)."""
    pygame.freetype.init()
    font = pygame.freetype.Font(str(FONTS / face), 24)
    return [ch for ch, metrics in zip(text, font.get_metrics(text), strict=True)
            if metrics is None]


def _missing_font(face: str, text: str) -> list[str]:
    """The characters ``pygame.font`` (SDL_ttf, what the game draws with) would draw as the
    font's "no glyph" box: the same metrics and the same pixels as a character no font has
    (U+FFFF is no character at all)."""
    pygame.font.init()
    font = pygame.font.Font(str(FONTS / face), 24)
    notdef_metrics = font.metrics("\uffff")[0]
    notdef_pixels = pygame.image.tobytes(font.render("\uffff", True, (0, 0, 0)), "RGBA")
    missing = []
    for ch in text:
        if font.metrics(ch)[0] != notdef_metrics:
            continue
        if pygame.image.tobytes(font.render(ch, True, (0, 0, 0)), "RGBA") == notdef_pixels:
            missing.append(ch)
    return missing


@pytest.mark.parametrize("face", FACES)
def test_spanish_glyphs_are_in_the_games_type(face: str) -> None:
    assert _missing_freetype(face, SPANISH) == []
    assert _missing_font(face, SPANISH) == []


@pytest.mark.parametrize("face", FACES)
def test_the_pseudo_locales_glyphs_are_in_the_games_type(face: str) -> None:
    assert _missing_freetype(face, GLYPHS) == []
    assert _missing_font(face, GLYPHS) == []


@pytest.mark.parametrize("face", FACES)
def test_the_check_sees_a_missing_glyph(face: str) -> None:
    assert _missing_freetype(face, ABSENT) == list(ABSENT)
    assert _missing_font(face, ABSENT) == list(ABSENT)


def test_every_glyph_has_a_width() -> None:
    """Each glyph advances the pen (a zero-width glyph would make Spanish text overlap)."""
    pygame.font.init()
    font = pygame.font.Font(str(FONTS / FACES[0]), 24)
    for ch, metrics in zip(SPANISH + GLYPHS, font.metrics(SPANISH + GLYPHS), strict=True):
        assert metrics is not None and metrics[4] > 0, ch
