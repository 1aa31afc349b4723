"""Numbers and money as English and Spanish write them, without locale data: separators
(checked against CLDR's through Babel), Italian Rails' millions, Steam's dollars, percentages,
ordinals."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from babel.numbers import format_decimal

from rail_app.core import i18n
from rail_app.core.i18n import dollars, money_millions, number, ordinal, percent

NBSP = "\u00a0"


@pytest.fixture(autouse=True)
def _english_after() -> Iterator[None]:
    i18n.set_language("en")
    yield
    i18n.set_language("en")


@pytest.mark.parametrize(("value", "decimals", "en", "es"), [
    (0, 0, "0", "0"),
    (7, 0, "7", "7"),
    (999, 0, "999", "999"),
    (1234, 0, "1,234", "1234"),          # Spanish: four digits without a separator (RAE)
    (9999, 0, "9,999", "9999"),
    (12345, 0, "12,345", "12.345"),
    (1234567, 0, "1,234,567", "1.234.567"),
    (-1234, 0, "-1,234", "-1234"),
    (-12345, 0, "-12,345", "-12.345"),
    (1234.5, 1, "1,234.5", "1234,5"),
    (12345.678, 2, "12,345.68", "12.345,68"),
    (0.5, 2, "0.50", "0,50"),
    (-0.001, 2, "0.00", "0,00"),         # never "-0"
    (2.5, 0, "2", "2"),                  # rounded half to even, as Python does
])
def test_numbers_in_both_languages(value: float, decimals: int, en: str, es: str) -> None:
    assert number(value, decimals) == en
    i18n.set_language("es")
    assert number(value, decimals) == es


@pytest.mark.parametrize("value", [12345, 99999, 123456, 1234567, 98765432, -54321, 100000])
@pytest.mark.parametrize("code", ["en", "es"])
def test_large_numbers_agree_with_cldr(value: int, code: str) -> None:
    """Babel carries CLDR's data: our table writes what it does (from five digits on; CLDR
    also leaves four-digit Spanish numbers alone, by minimumGroupingDigits, which Babel's
    formatter does not apply)."""
    i18n.set_language(code)
    assert number(value) == format_decimal(value, locale=code)


@pytest.mark.parametrize("value", [12345.25, 0.75, 100000.5])
@pytest.mark.parametrize("code", ["en", "es"])
def test_decimals_agree_with_cldr(value: float, code: str) -> None:
    i18n.set_language(code)
    assert number(value, 2) == format_decimal(value, format="#,##0.00", locale=code)


def test_italian_rails_money_in_millions() -> None:
    assert [money_millions(250), money_millions(-4), money_millions(3, sign=True),
            money_millions(0, sign=True), money_millions(1234)] == \
        ["250M", "-4M", "+3M", "0M", "1,234M"]
    assert money_millions(20, words=True) == "20 million"
    i18n.set_language("es")
    # "20 millones", as the Spanish rulebook writes it; short: the unit apart, never wrapped
    assert [money_millions(250), money_millions(-4), money_millions(3, sign=True),
            money_millions(1234)] == [f"250{NBSP}M", f"-4{NBSP}M", f"+3{NBSP}M", f"1234{NBSP}M"]
    assert money_millions(20, words=True) == "20 millones"
    assert money_millions(1, words=True) == "1 millón"
    assert money_millions(-4, words=True) == "-4 millones"
    assert money_millions(60000, words=True) == "60.000 millones"


def test_steam_money_in_dollars() -> None:
    assert [dollars(12), dollars(-3), dollars(5, sign=True), dollars(12345)] == \
        ["$12", "-$3", "+$5", "$12,345"]
    i18n.set_language("es")
    # The Spanish Steam rulebook: "Por cada 5$ que reciba", "ya está en -10$".
    assert [dollars(12), dollars(-10), dollars(1, sign=True), dollars(12345)] == \
        ["12$", "-10$", "+1$", "12.345$"]


def test_percentages() -> None:
    assert [percent(0.45), percent(0.125, 1), percent(1)] == ["45%", "12.5%", "100%"]
    i18n.set_language("es")
    assert [percent(0.45), percent(0.125, 1)] == [f"45{NBSP}%", f"12,5{NBSP}%"]


@pytest.mark.parametrize(("n", "en"), [(1, "1st"), (2, "2nd"), (3, "3rd"), (4, "4th"),
                                        (11, "11th"), (12, "12th"), (13, "13th"), (21, "21st"),
                                        (22, "22nd"), (101, "101st"), (111, "111th")])
def test_english_ordinals(n: int, en: str) -> None:
    assert ordinal(n) == en


def test_spanish_ordinals_take_the_nouns_gender() -> None:
    i18n.set_language("es")
    assert ordinal(1) == "1.º"                   # 1.º jugador
    assert ordinal(2, feminine=True) == "2.ª"    # 2.ª posición
    assert ordinal(10) == "10.º"


def test_the_pseudo_locale_marks_formatted_words_but_not_bare_numbers() -> None:
    i18n.set_language("qps")
    assert number(1234) == "1,234"
    for text in (money_millions(250), dollars(12), percent(0.5), ordinal(3)):
        assert text.startswith("⁅") and text.endswith("⁆")
        assert not any("a" <= ch.lower() <= "z" for ch in text), text


def test_negative_decimals_are_refused() -> None:
    with pytest.raises(ValueError, match="decimals"):
        number(1.5, -1)
