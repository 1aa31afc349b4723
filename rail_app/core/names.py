"""What a name is, the one rule for the text a player types and the saves keep: the names
of the players, the name of a saved game, and the seed (a number, not a name, typed in a
field beside them).

A name is cleaned the same way where it is typed (the text fields of New game and of the
save screen), where it is written (a save, a record) and where it is read back (the save
reader), so that what the writer writes, the reader reads:

- **stripped**: control characters (NUL, tab and line breaks become a space first),
  format characters (soft hyphen, zero-width space, joiner and non-joiner, the direction
  marks, the byte-order mark, tag characters), lone surrogates, non-characters and every
  character Unicode marks as "default ignorable" (variation selectors, Hangul fillers):
  characters that draw nothing, which a player cannot see in a name and a font cannot
  measure. An emoji sequence keeps its pictures (the family emoji becomes its three
  people), a Persian word its letters;
- **normalised**: Unicode NFC (an accented letter typed as a letter and a combining
  accent is stored as the one precomposed letter), every run of spaces one space, none at
  either end;
- **cut**: to the longest a name of its kind may be, counted in characters after the above;
- **refused**: a name with nothing a player can see (empty, spaces, combining marks alone)
  is no name: the caller falls back to its default ("Player 1"; a save's players and turn).

The seed field takes whole numbers from 0 to :data:`MAX_SEED`, written with the digits
0-9 (:func:`parse_seed`).
"""

from __future__ import annotations

import unicodedata

from rail_app.core.i18n import _

#: The longest player name (characters): the New game field allows this many.
PLAYER_NAME_CHARS = 16
#: The longest player name a record or a save may hold.
MAX_PLAYER_NAME = 40
#: The longest name of a saved game.
MAX_SAVE_NAME = 80
#: The largest seed New game takes (18 digits: far below the 40 digits a save may hold).
MAX_SEED = 10**18 - 1
SEED_DIGITS = len(str(MAX_SEED))
#: A raw text longer than this is refused before it is looked at (a save's name is at most
#: :data:`MAX_SAVE_NAME` characters; a hostile file may hold megabytes).
MAX_RAW = 4096

# Unicode's Default_Ignorable_Code_Point ranges (DerivedCoreProperties.txt, Unicode 15).
_IGNORABLE = (
    (0x00AD, 0x00AD), (0x034F, 0x034F), (0x061C, 0x061C), (0x115F, 0x1160),
    (0x17B4, 0x17B5), (0x180B, 0x180F), (0x200B, 0x200F), (0x202A, 0x202E),
    (0x2060, 0x206F), (0x3164, 0x3164), (0xFE00, 0xFE0F), (0xFEFF, 0xFEFF),
    (0xFFA0, 0xFFA0), (0xFFF0, 0xFFF8), (0x1BCA0, 0x1BCA3), (0x1D173, 0x1D17A),
    (0xE0000, 0xE0FFF),
)
_STRIPPED_CATEGORIES = frozenset({"Cc", "Cf", "Cs"})


def _ignorable(cp: int) -> bool:
    return any(lo <= cp <= hi for lo, hi in _IGNORABLE)


def _noncharacter(cp: int) -> bool:
    return 0xFDD0 <= cp <= 0xFDEF or (cp & 0xFFFE) == 0xFFFE


def stripped(ch: str) -> bool:
    """Whether the character ``ch`` is left out of every name (see the module's rules)."""
    cp = ord(ch)
    return (unicodedata.category(ch) in _STRIPPED_CATEGORIES or _ignorable(cp)
            or _noncharacter(cp))


def _space(ch: str) -> bool:
    return ch.isspace() or unicodedata.category(ch) in ("Zs", "Zl", "Zp")


def _visible(ch: str) -> bool:
    """A character that draws something by itself (not a space, not a combining mark)."""
    return not _space(ch) and unicodedata.category(ch)[0] not in "MZ"


def typeable(ch: str) -> bool:
    """Whether a text field takes the character ``ch`` (a single character) as typed:
    what a name keeps, a space of any width (the name makes it a plain space), or a
    combining mark; not a line break, a tab or a character that draws nothing."""
    return len(ch) == 1 and (unicodedata.category(ch) == "Zs" or not (stripped(ch)
                                                                        or _space(ch)))


def clean(text: str, limit: int) -> str:
    """``text`` as a name of at most ``limit`` characters (stripped, normalised, cut: the
    module's rules); "" when nothing a player can see is left."""
    if len(text) > MAX_RAW:
        text = text[:MAX_RAW]
    kept = "".join(" " if _space(c) else c for c in text if _space(c) or not stripped(c))
    # A lone surrogate cannot be normalised; they are stripped above, so this never fails.
    out = " ".join(unicodedata.normalize("NFC", kept).split())
    if len(out) > limit:
        out = out[:limit].rstrip()
    return out if any(_visible(c) for c in out) else ""


def is_clean(text: object, limit: int) -> bool:
    """Whether ``text`` is already a name as :func:`clean` makes one (or empty)."""
    return isinstance(text, str) and len(text) <= MAX_RAW and clean(text, limit) == text


def player_name(text: str, seat: int) -> str:
    """A player's name from what was typed for seat ``seat`` (from 0); "Player N" when it
    holds nothing a player can see."""
    return clean(text, PLAYER_NAME_CHARS) or _("Player {n}").format(n=seat + 1)


def save_name(text: str) -> str:
    """A saved game's name from what was typed ("" for none: the save is named after its
    players and turn)."""
    return clean(text, MAX_SAVE_NAME)


def parse_seed(text: str) -> int | None:
    """The seed typed in New game's field: a whole number from 0 to :data:`MAX_SEED` in the
    digits 0-9 (spaces around it are ignored); None for anything else."""
    t = text.strip()
    if not t or len(t) > SEED_DIGITS or not (t.isascii() and t.isdigit()):
        return None
    return int(t)
