"""Numbers and money as each language writes them, from a small table (no locale data, no
system locales).

English: ``1,234``, ``1,234.5``, ``250M``, ``$12``, ``45%``, ``1st``.
Spanish: ``1234`` but ``12.345`` (four-digit numbers are written without a separator: the
RAE's rule, and CLDR's ``minimumGroupingDigits`` of 2 for Spanish, as ICU applies it),
``1234,5``, ``250 M`` (the rulebook writes "20 millones"; a unit symbol is set apart from its
number by a space, here a no-break one so that a line never ends between them), ``12$``
(as the Spanish Steam rulebook writes its money: "5$", "-10$"), ``45 %`` and ``1.º``/``1.ª``.
docs/i18n.md gives the reasons.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

NBSP = "\u00a0"


def _ordinal_en(n: int, feminine: bool) -> str:
    if 10 <= abs(n) % 100 <= 20:
        suffix = "th"
    else:
        suffix = {1: "st", 2: "nd", 3: "rd"}.get(abs(n) % 10, "th")
    return f"{n}{suffix}"


def _ordinal_es(n: int, feminine: bool) -> str:
    # The abbreviated ordinal takes a full stop before the raised letter (RAE): 1.º, 2.ª.
    return f"{n}.ª" if feminine else f"{n}.º"


@dataclass(frozen=True)
class Conventions:
    """How one language writes numbers. ``min_grouping``: the fewest digits that may stand
    before the first group separator (1: ``1,234``; 2: ``1234`` but ``12.345``). The money
    and percent patterns take ``{amount}``/``{value}`` without its sign; the sign goes in
    front of the whole (``-$3``, ``-3$``)."""

    group: str
    decimal: str
    min_grouping: int
    millions: str
    dollars: str
    percent: str
    ordinal: Callable[[int, bool], str]


CONVENTIONS: dict[str, Conventions] = {
    "en": Conventions(group=",", decimal=".", min_grouping=1, millions="{amount}M",
                      dollars="${amount}", percent="{value}%", ordinal=_ordinal_en),
    "es": Conventions(group=".", decimal=",", min_grouping=2, millions="{amount}" + NBSP + "M",
                      dollars="{amount}$", percent="{value}" + NBSP + "%", ordinal=_ordinal_es),
}


def conventions(code: str) -> Conventions:
    """The conventions of a language; English for a language without a row (the
    pseudo-locale writes numbers as English does)."""
    return CONVENTIONS.get(code, CONVENTIONS["en"])


def _grouped(digits: str, conv: Conventions) -> str:
    if len(digits) < 3 + conv.min_grouping:
        return digits
    groups: list[str] = []
    while len(digits) > 3:
        groups.append(digits[-3:])
        digits = digits[:-3]
    groups.append(digits)
    return conv.group.join(reversed(groups))


def _magnitude(value: int | float, decimals: int, conv: Conventions) -> tuple[bool, str]:
    """Whether the value is below zero as written, and its digits without a sign."""
    if decimals < 0:
        raise ValueError(f"decimals must be 0 or more, not {decimals}")
    if isinstance(value, int) and decimals == 0:
        return value < 0, _grouped(str(abs(value)), conv)
    text = f"{abs(value):.{decimals}f}"
    whole, _, fraction = text.partition(".")
    negative = value < 0 and any(ch not in "0." for ch in text)  # never "-0"
    body = _grouped(whole, conv)
    return negative, body + (conv.decimal + fraction if fraction else "")


def format_number(value: int | float, decimals: int, conv: Conventions) -> str:
    negative, body = _magnitude(value, decimals, conv)
    return f"-{body}" if negative else body


def _signed(pattern: str, key: str, value: int | float, decimals: int, conv: Conventions,
            sign: bool) -> str:
    negative, body = _magnitude(value, decimals, conv)
    text = pattern.format(**{key: body})
    if negative:
        return "-" + text
    if sign and value > 0:
        return "+" + text
    return text


def format_millions(amount: int, conv: Conventions, sign: bool = False) -> str:
    return _signed(conv.millions, "amount", amount, 0, conv, sign)


def format_dollars(amount: int, conv: Conventions, sign: bool = False) -> str:
    return _signed(conv.dollars, "amount", amount, 0, conv, sign)


def format_percent(fraction: float, decimals: int, conv: Conventions) -> str:
    return _signed(conv.percent, "value", fraction * 100, decimals, conv, False)


def format_ordinal(n: int, conv: Conventions, feminine: bool = False) -> str:
    return conv.ordinal(n, feminine)
