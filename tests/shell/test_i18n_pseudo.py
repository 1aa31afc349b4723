"""The pseudo-locale marks and lengthens every message of the catalog, and the audit finds
text drawn without the catalog by hooking the text renderer (no OCR)."""

from __future__ import annotations

import math
from collections.abc import Iterator
from pathlib import Path

import pygame
import pytest

from rail_app.core import i18n
from rail_app.core.i18n import _, ngettext, pgettext
from rail_app.core.i18n.pseudo import CLOSE, LETTERS, OPEN, residue, transform

FIXTURE = Path(__file__).resolve().parents[1] / "i18n_fixture" / "locale"
FONT = Path(__file__).resolve().parents[2] / "assets" / "fonts" / "NotoSans-Regular.ttf"


@pytest.fixture(autouse=True)
def _english_after() -> Iterator[None]:
    i18n.set_language("en")
    yield
    i18n.set_language("en")


def _ascii_letters(text: str) -> str:
    return "".join(ch for ch in text if "a" <= ch.lower() <= "z")


def _letters(text: str) -> int:
    return sum(ch.isalpha() for ch in text)


@pytest.mark.parametrize("message", [
    "New game", "OK", "Can't build: crosses the Swiss border (B3)",
    "Turn {turn} · {player}", "Rhythm", "Save game… Load game… Settings",
    "Pay %(cost)s for %d segments", "<b>Build</b> &amp; move\nthen end the turn (S-K7)",
])
def test_a_message_is_marked_accented_and_a_third_longer(message: str) -> None:
    pseudo = transform(message)
    assert pseudo.startswith(OPEN) and pseudo.endswith(CLOSE)
    inner = pseudo[1:-1]
    kept = ["{turn}", "{player}", "%(cost)s", "%d", "<b>", "</b>", "&amp;", "\n", "(B3)",
            "S-K7"]
    for piece in kept:
        assert (piece in message) == (piece in inner), piece
    # every ASCII letter outside the kept pieces became a look-alike
    stripped = inner
    for piece in kept:
        stripped = stripped.replace(piece, "")
    assert not _ascii_letters(stripped), pseudo
    # a third longer in the words a player reads (vowels doubled, "~" when too few)
    words = message
    for piece in kept:
        words = words.replace(piece, "")
    grown = _letters(stripped) + stripped.count("~") - _letters(words)
    assert grown == math.ceil(_letters(words) / 3), pseudo


def test_placeholders_still_fill_in() -> None:
    assert transform("Turn {turn} · {player}").format(turn=12, player="Anna") == \
        f"{OPEN}Ţûûŕñ 12 · Anna~{CLOSE}"
    # escaped braces stay braces; the word between them is text like any other
    assert transform("{{braces}} {n}").format(n=1) == f"{OPEN}{{ƀŕååçééš}} 1{CLOSE}"


def test_every_ascii_letter_has_a_look_alike_and_none_is_ascii() -> None:
    assert sorted(LETTERS) == sorted("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ")
    assert all(not ch.isascii() and ch.isalpha() for ch in LETTERS.values())
    assert len(set(LETTERS.values())) == 52


def test_only_messages_of_the_template_are_marked() -> None:
    """The pseudo-locale is made from the template: a string that is not in the catalog
    (a dynamic id, a message nobody extracted) comes back as plain English."""
    i18n.set_language("qps", folder=FIXTURE)
    assert _("New game") == transform("New game")
    assert ngettext("{n} segment", "{n} segments", 2) == transform("{n} segments")
    assert ngettext("{n} segment", "{n} segments", 1) == transform("{n} segment")
    assert pgettext("goods", "Freight") == transform("Freight")
    assert pgettext("no such context", "Freight") == "Freight"
    assert _("Not in the template") == "Not in the template"


def test_the_games_own_template_makes_the_pseudo_locale() -> None:
    i18n.set_language("qps")
    assert _("System language") == transform("System language")
    assert i18n.money_millions(5, words=True) == transform("{amount} million").format(amount=5)


# -- the audit --------------------------------------------------------------------------------

def _font_layer(font: pygame.font.Font, text: str, width: int) -> list[pygame.Surface]:
    """A stand-in for the game's font layer (hud.rendered and hud.wrap): wraps the text to a
    width and renders each line, reporting each to the hook as the game's will."""
    lines: list[str] = []
    for para in text.split("\n"):
        line = ""
        for word in para.split(" "):
            trial = f"{line} {word}" if line else word
            if font.size(trial)[0] <= width or not line:
                line = trial
            else:
                lines.append(line)
                line = word
        lines.append(line)
    return [font.render(i18n.drawn(line), True, (0, 0, 0)) for line in lines]


def test_the_audit_finds_text_drawn_without_the_catalog() -> None:
    pygame.font.init()
    font = pygame.font.Font(str(FONT), 18)
    i18n.set_language("qps", folder=FIXTURE)
    with i18n.audit_drawn_text(allowed=["Anna", "Milano", "Palermo"]) as audit:
        # through the catalog, wrapped over several lines: the middle ones have no brackets
        _font_layer(font, _("A line that goes on\nover two \"quoted\" lines"), 60)
        _font_layer(font, _("Turn {turn} · {player}").format(turn=12, player="Anna"), 400)
        _font_layer(font, _("New game") + " — Milano · Palermo (K5, S-K7) 1,234", 400)
        _font_layer(font, i18n.money_millions(250) + " / " + i18n.dollars(7), 400)
        # and two strings that skipped it
        _font_layer(font, "Swap demands", 400)
        _font_layer(font, _("New game") + " " + "14/20M", 400)
    assert audit.drawn >= 8
    assert audit.offending == {"Swap demands": "Swap demands",
                               transform("New game") + " 14/20M": "14/20M"}
    with pytest.raises(AssertionError, match="2 of .* strings drawn did not pass through"):
        audit.assert_clean()


def test_outside_an_audit_the_hook_only_returns_the_text() -> None:
    assert i18n.drawn("anything") == "anything"


def test_the_audit_needs_the_pseudo_locale() -> None:
    i18n.set_language("es")
    with pytest.raises(RuntimeError, match="pseudo-locale"), i18n.audit_drawn_text():
        pass


def test_residue_keeps_words_and_drops_numbers_ids_and_names() -> None:
    assert residue("12 · 1,234.5 (B3) S-K7 EX-01 D-24 F11 -4") == ""
    assert residue("Roma · Reggio Calabria", ["Reggio Calabria", "Roma"]) == ""
    assert residue("Roma Swap", ["Roma"]) == "Swap"
    assert residue("⁅Ñééŵ ĝååḿéé⁆ 3M") == "3M"
