"""The pseudo-locale ``qps`` and the audit of drawn text: how a test finds words on screen
that never went through the catalog, without reading pixels.

In the pseudo-locale every message that is in the catalog's template (``locale/rail_app.pot``)
comes back changed in three ways, while its placeholders (``{name}``, ``%(name)s``, ``%d``),
markup (``<b>``, ``&amp;``) and line breaks stay as they are:

- every ASCII letter becomes an accented look-alike (``Turn`` → ``Ţûŕñ``), so the text stays
  readable on a screenshot and shows whether accents fit in the line height;
- it grows by about a third (vowels doubled, as Spanish words are longer, not more), so a
  box too tight for Spanish overflows in the pseudo-locale too;
- it is bracketed by ``⁅`` and ``⁆``, so a cut string lacks its closing bracket and two
  joined strings show their seam.

A message that is *not* in the template comes back unchanged, in plain ASCII letters.

The audit follows from that: in the pseudo-locale no word a player reads may contain an
ASCII letter, except what may stay as it is (numbers, rule ids such as ``K5`` or ``S-K7``,
names of places, maps and players, which the caller lists). :func:`residue` says what is left
of a drawn string once those are taken out; the font layer calls
:func:`rail_app.core.i18n.drawn` with every string it renders, and while an
:func:`rail_app.core.i18n.audit_drawn_text` block is open each string with a residue is
recorded. Because the test is on letters, a wrapped line (which may have lost its brackets to
the line above) is judged as well as a whole message.
"""

from __future__ import annotations

import math
import re
import unicodedata
from collections.abc import Iterable
from dataclasses import dataclass, field

OPEN = "\u2045"   # ⁅ LEFT SQUARE BRACKET WITH QUILL
CLOSE = "\u2046"  # ⁆ RIGHT SQUARE BRACKET WITH QUILL

_LOWER = "åƀçðéƒĝĥîĵķļḿñöþǫŕšţûṽŵẋýž"
_UPPER = "ÅƁÇÐÉƑĜĤÎĴĶĻṀÑÖÞǪŔŠŢÛṼŴẊÝŽ"
#: Each ASCII letter's look-alike.
LETTERS: dict[str, str] = {
    **{chr(ord("a") + i): ch for i, ch in enumerate(_LOWER)},
    **{chr(ord("A") + i): ch for i, ch in enumerate(_UPPER)},
}
_VOWELS = set("aeiouAEIOU")
#: Every character the pseudo-locale may draw besides what the message had (fonts must
#: cover them: tests/shell/test_i18n_fonts.py).
GLYPHS = OPEN + CLOSE + _LOWER + _UPPER + "~"

#: Rule ids, which stay as they are in every language: B1, K5, S-K7, EX-01, D-24, also keys
#: such as F1.
RULE_ID = re.compile(r"(?<![A-Za-z0-9])(?:[A-Z]{1,2}-)?[A-Z]{1,3}-?\d+[a-z]?(?![A-Za-z0-9])")
# Pieces of a message that are never changed: brace fields ({name}, {n:>3}, {{ and }}),
# printf conversions (%(name)s, %d, %%), markup tags and entities, line breaks, rule ids.
_KEEP = re.compile(r"\{\{|\}\}|\{[^{}]*\}|%(?:\([^)]*\))?[-#0 +]*\d*(?:\.\d+)?[a-zA-Z%]"
                   r"|<[^<>]*>|&[a-zA-Z]+;|&#\d+;|\n|" + RULE_ID.pattern)


def transform(message: str) -> str:
    """``message`` in the pseudo-locale: marked, accented and about a third longer."""
    pieces: list[tuple[bool, str]] = []  # (changeable, text)
    at = 0
    for m in _KEEP.finditer(message):
        if m.start() > at:
            pieces.append((True, message[at:m.start()]))
        pieces.append((False, m.group(0)))
        at = m.end()
    if at < len(message):
        pieces.append((True, message[at:]))
    letters = sum(ch.isalpha() for changeable, text in pieces if changeable for ch in text)
    extra = math.ceil(letters / 3)
    out: list[str] = []
    for changeable, text in pieces:
        if not changeable:
            out.append(text)
            continue
        for ch in text:
            out.append(LETTERS.get(ch, ch))
            if extra and ch in _VOWELS:
                out.append(LETTERS[ch])
                extra -= 1
    padding = "~" * extra  # a message with too few vowels grows at its end
    return f"{OPEN}{''.join(out)}{padding}{CLOSE}"


def residue(text: str, allowed: Iterable[str] = ()) -> str:
    """What of ``text``, drawn in the pseudo-locale, did not come through the catalog: the
    text less its numbers, punctuation, rule ids and the ``allowed`` names (places, maps,
    players), reduced to the words with ASCII letters left; ``""`` when nothing is left.

    Only ASCII letters count: the pseudo-locale turns every one it draws into an accented
    look-alike, and the Italian names that keep theirs are passed in ``allowed``.
    """
    for name in sorted((n for n in allowed if n), key=len, reverse=True):
        text = text.replace(name, " ")
    text = RULE_ID.sub(" ", text)
    words = [w for w in re.split(r"\s+", text) if any("a" <= c.lower() <= "z" for c in w)]
    return " ".join(words)


@dataclass
class TextAudit:
    """The strings drawn while an audit is open, and those with a residue (untranslated)."""

    allowed: frozenset[str] = frozenset()
    drawn: int = 0
    offending: dict[str, str] = field(default_factory=dict)  # text -> its residue

    def check(self, text: str) -> None:
        self.drawn += 1
        if text in self.offending:
            return
        left = residue(unicodedata.normalize("NFC", text), self.allowed)
        if left:
            self.offending[text] = left

    def report(self) -> str:
        """The offending strings, one a line, for a test's failure message."""
        return "\n".join(f"  {text!r}: {left!r}" for text, left in self.offending.items())

    def assert_clean(self) -> None:
        """Raise AssertionError naming every string drawn that did not pass through the
        catalog."""
        if self.offending:
            raise AssertionError(f"{len(self.offending)} of {self.drawn} strings drawn did "
                                 "not pass through the catalog:\n" + self.report())
