"""Text fields that take only what a name may hold (:mod:`rail_app.core.names`), and the
seed field that takes only digits.

A field refuses, as it is typed or pasted, every character a name strips (format and
control characters, zero-width characters): such a character draws nothing, and a field
holding nothing else cannot be drawn. What the field holds is cleaned again by the same
rule when it is used (:func:`rail_app.core.names.clean`)."""

from __future__ import annotations

from pygame_gui.elements import UITextEntryLine

from rail_app.core import names


class _Untypeable:
    """The characters a name field refuses, as pygame_gui's ``forbidden_characters``
    asks of them (``character in forbidden``)."""

    def __contains__(self, ch: object) -> bool:
        return not (isinstance(ch, str) and names.typeable(ch))

    def copy(self) -> _Untypeable:
        return self


def name_field(entry: UITextEntryLine, limit: int) -> UITextEntryLine:
    """``entry`` made a name field of at most ``limit`` characters."""
    entry.forbidden_characters = _Untypeable()  # type: ignore[assignment]
    entry.set_text_length_limit(limit)
    return entry


def seed_field(entry: UITextEntryLine) -> UITextEntryLine:
    """``entry`` made a seed field: the digits 0-9, as many as the largest seed has."""
    entry.set_allowed_characters(list("0123456789"))
    entry.set_text_length_limit(names.SEED_DIGITS)
    return entry
