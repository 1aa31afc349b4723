"""Reading gettext ``.po`` catalogs and compiling them to ``.mo`` bytes in memory.

The game ships the ``.po`` text only and compiles it when a language is chosen (a few
milliseconds, docs/i18n.md), so a fresh clone, ``pip install .`` and the standalone
executable all read the very file the translators edit, and no build step can leave a stale
``.mo`` behind. The bytes this module writes are read by the standard library
(:class:`gettext.GNUTranslations`), which also evaluates the catalog's ``Plural-Forms``.

What is read is what GNU ``msgfmt`` would compile: a fuzzy message, an untranslated one and an
obsolete one (``#~``) are left out, so the game shows the English text for them; the header
is always kept (it carries ``Plural-Forms``). ``tools/i18n.py check`` refuses a catalog with
any such message, so a released catalog has none. Every problem is a :class:`CatalogError`
that names the file and the line.
"""

from __future__ import annotations

import gettext
import io
import os
import re
import struct
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from typing import NamedTuple

from rail_app.core import guarded

#: A catalog is at most this large (the Spanish catalog of both games is well under 1 MB).
CATALOG = guarded.FileKind("translation catalog", 8 * 1024 * 1024, 1)
#: ``msgctxt`` and ``msgid`` are joined with this byte in a ``.mo`` key (GNU gettext's rule).
CONTEXT_SEPARATOR = "\x04"
MO_MAGIC = 0x950412DE
_NO_FLAGS: frozenset[str] = frozenset()

_ESCAPES = {"n": "\n", "t": "\t", "r": "\r", "\\": "\\", '"': '"', "a": "\a", "b": "\b",
            "f": "\f", "v": "\v"}
# An escape (octal, or one character), a lone backslash at the end, or a bare quote.
_ESCAPE = re.compile(r'\\([0-7]{1,3})|\\(?=.)(?:.)|\\$|"', re.DOTALL)
_KEYWORD = re.compile(r"^(msgctxt|msgid_plural|msgid|msgstr(?:\[(\d+)\])?)\s+(\".*)$")


class CatalogError(guarded.GuardError):
    """A catalog that cannot be read: ``file:line: message``."""


class Message(NamedTuple):
    """One entry of a catalog. ``strings`` holds ``msgstr`` (one item) or ``msgstr[0..n-1]``
    of a plural message; ``line`` is where its ``msgid`` stands. (A named tuple: a catalog
    of thousands is read at start, and a tuple is made fastest.)"""

    id: str
    strings: tuple[str, ...]
    context: str | None = None
    id_plural: str | None = None
    flags: frozenset[str] = frozenset()
    comments: tuple[str, ...] = ()  # extracted comments (#.), for the translator
    line: int = 0

    @property
    def key(self) -> tuple[str | None, str]:
        """What tells one message from another: its context and its English text."""
        return (self.context, self.id)

    @property
    def fuzzy(self) -> bool:
        return "fuzzy" in self.flags

    @property
    def translated(self) -> bool:
        """Every form has a translation (an empty ``msgstr`` means "not yet")."""
        return bool(self.strings) and all(self.strings)

    @property
    def is_header(self) -> bool:
        return self.id == "" and self.context is None


@dataclass
class Catalog:
    """A parsed ``.po`` (or ``.pot``) file: the header's fields and the messages in order."""

    shown: str
    headers: dict[str, str] = field(default_factory=dict)
    header_text: str = ""
    header_line: int = 0
    header_fuzzy: bool = False
    messages: list[Message] = field(default_factory=list)

    def by_key(self) -> dict[tuple[str | None, str], Message]:
        return {m.key: m for m in self.messages}

    @property
    def plural_forms(self) -> str | None:
        return self.headers.get("plural-forms")


def _unquote(text: str, shown: str, line: int) -> str:
    """The value of one quoted PO string (C escapes, as GNU gettext writes them)."""
    text = text.strip()
    if len(text) < 2 or not text.startswith('"') or not text.endswith('"'):
        raise CatalogError(shown, line,
                           f"a string must be in double quotes: {guarded.shorten(text)}")
    body = text[1:-1]
    if "\\" not in body:
        if '"' in body:
            raise CatalogError(shown, line, 'a double quote inside a string must be written \\"')
        return body
    for m in _ESCAPE.finditer(body):
        if m.group(0) == '"':
            raise CatalogError(shown, line, 'a double quote inside a string must be written \\"')
        if m.group(0) == "\\":
            raise CatalogError(shown, line, "a string ends with a lone backslash")
        if m.group(1) is None and m.group(0)[1] not in _ESCAPES:
            raise CatalogError(shown, line, f"unknown escape {m.group(0)} in a string")
    return _ESCAPE.sub(_escaped, body)


def _escaped(m: re.Match[str]) -> str:
    if m.group(1) is not None:
        return chr(int(m.group(1), 8))
    return _ESCAPES[m.group(0)[1]]


class _Entry:
    """A message while it is being read (plain attributes: this loop runs for every line of
    the catalog when a language is chosen, and is kept lean)."""

    __slots__ = ("comments", "context", "current", "flags", "id", "id_plural", "line",
                 "strings")

    def __init__(self) -> None:
        self.line = 0
        self.context: str | None = None
        self.id: str | None = None
        self.id_plural: str | None = None
        self.strings: dict[int, str] = {}
        self.flags: set[str] = set()
        self.comments: list[str] = []
        self.current: str | None = None  # the keyword a continuation line adds to

    def empty(self) -> bool:
        return self.id is None and self.context is None and not self.strings


class _Reader:
    """Reads a catalog line by line into ``catalog``."""

    def __init__(self, shown: str) -> None:
        self.shown = shown
        self.catalog = Catalog(shown=shown)
        self.entry = _Entry()
        self.index = -1  # the msgstr form a continuation line adds to
        self.seen: dict[tuple[str | None, str], int] = {}

    def finish(self) -> None:
        entry = self.entry
        self.entry = _Entry()
        if entry.empty():
            return
        shown = self.shown
        if entry.id is None:
            raise CatalogError(shown, entry.line, "a message without msgid")
        if not entry.strings:
            raise CatalogError(shown, entry.line,
                               f"message {guarded.shorten(entry.id)} has no msgstr")
        found = entry.strings
        if entry.id_plural is None:
            if len(found) != 1 or -1 not in found:
                raise CatalogError(shown, entry.line, f"message {guarded.shorten(entry.id)} is "
                                   "not plural (no msgid_plural) but has msgstr[n]")
            strings: tuple[str, ...] = (found[-1],)
        else:
            if sorted(found) != list(range(len(found))):
                raise CatalogError(shown, entry.line,
                                   f"plural message {guarded.shorten(entry.id)} needs "
                                   "msgstr[0], msgstr[1], ... in order, none missing")
            strings = tuple(found[i] for i in range(len(found)))
        message = Message(entry.id, strings, entry.context, entry.id_plural,
                          frozenset(entry.flags) if entry.flags else _NO_FLAGS,
                          tuple(entry.comments), entry.line)
        catalog = self.catalog
        if entry.id == "" and entry.context is None:
            if catalog.header_line:
                raise CatalogError(shown, entry.line, "a second header (msgid \"\")")
            catalog.header_text = strings[0]
            catalog.header_line = entry.line
            catalog.header_fuzzy = message.fuzzy
            for raw in strings[0].split("\n"):
                name, colon, value = raw.partition(":")
                if colon:
                    catalog.headers[name.strip().lower()] = value.strip()
            return
        key = (entry.context, entry.id)
        if key in self.seen:
            raise CatalogError(shown, entry.line, f"message {guarded.shorten(key[1])} is "
                               f"already given at line {self.seen[key]}")
        self.seen[key] = entry.line
        catalog.messages.append(message)

    def keyword(self, line: str, number: int) -> None:
        m = _KEYWORD.match(line)
        if m is None:
            raise CatalogError(self.shown, number,
                               f"not a line of a PO file: {guarded.shorten(line)}")
        keyword, index_text, rest = m.group(1), m.group(2), m.group(3)
        entry = self.entry
        if keyword[:6] == "msgstr":
            if entry.id is None:
                raise CatalogError(self.shown, number, f"{keyword} before its msgid")
            index = int(index_text) if index_text is not None else -1
            if index in entry.strings:
                raise CatalogError(self.shown, number, "msgstr given twice for one form")
            entry.strings[index] = _unquote(rest, self.shown, number)
            entry.current = "msgstr"
            self.index = index
            return
        if entry.strings:  # msgctxt or msgid after a message's msgstr: a new message
            self.finish()
            entry = self.entry
        value = _unquote(rest, self.shown, number)
        if keyword == "msgid":
            if entry.id is not None:
                raise CatalogError(self.shown, number, "msgid given twice for one message")
            entry.id = value
            entry.line = number
        elif keyword == "msgctxt":
            if entry.context is not None:
                raise CatalogError(self.shown, number, "msgctxt given twice for one message")
            entry.context = value
            entry.line = number
        else:  # msgid_plural
            if entry.id is None:
                raise CatalogError(self.shown, number, f"{keyword} before its msgid")
            entry.id_plural = value
        entry.current = keyword

    def continuation(self, line: str, number: int) -> None:
        entry = self.entry
        current = entry.current
        if current is None:
            raise CatalogError(self.shown, number, "a string with no msgid or msgstr before it")
        value = _unquote(line, self.shown, number)
        if current == "msgstr":
            entry.strings[self.index] += value
        elif current == "msgid":
            entry.id = (entry.id or "") + value
        elif current == "msgctxt":
            entry.context = (entry.context or "") + value
        else:
            entry.id_plural = (entry.id_plural or "") + value

    def comment(self, line: str) -> None:
        if self.entry.strings:
            self.finish()
        kind = line[1:2]
        if kind == ",":
            self.entry.flags.update(f.strip() for f in line[2:].split(",") if f.strip())
        elif kind == ".":
            self.entry.comments.append(line[2:].strip())
        # other comments (translator's, references, previous ids, obsolete #~) are skipped


def parse_po(text: str, shown: str) -> Catalog:
    """The messages of a ``.po`` text; ``shown`` names the file in errors.

    Obsolete messages (``#~``) are skipped; a message given twice is an error, as for GNU
    ``msgfmt``.
    """
    reader = _Reader(shown)
    for number, raw in enumerate(text.splitlines(), start=1):
        line = raw if raw[:1] not in (" ", "\t") and raw[-1:] not in (" ", "\t") else raw.strip()
        first = line[:1]
        if first == '"':
            reader.continuation(line, number)
        elif first == "m":
            reader.keyword(line, number)
        elif first == "#":
            reader.comment(line)
        elif not line:
            if reader.entry.strings:
                reader.finish()
            reader.entry.current = None
        else:
            raise CatalogError(shown, number, f"not a line of a PO file: {guarded.shorten(line)}")
    reader.finish()
    return reader.catalog


def read_po(path: str | os.PathLike[str], shown: str | None = None) -> Catalog:
    """A catalog file, read through the guarded reader (a regular UTF-8 file, size-limited)."""
    shown = str(path) if shown is None else shown
    try:
        text = guarded.read_text(path, CATALOG, shown)
    except guarded.GuardError as exc:
        raise CatalogError(exc.file, exc.line, exc.message) from None
    return parse_po(text, shown)


def mo_key(message: Message) -> str:
    """The key of a message in a ``.mo`` file."""
    key = message.id if message.id_plural is None else f"{message.id}\0{message.id_plural}"
    return key if message.context is None else f"{message.context}{CONTEXT_SEPARATOR}{key}"


def utf8_header(text: str) -> str:
    """The header with ``Content-Type`` saying UTF-8: the file was read as UTF-8 whatever it
    claims (the check refuses another charset), and the standard library decodes the
    compiled strings by this field."""
    lines = [ln for ln in text.split("\n") if ln and not ln.lower().startswith("content-type:")]
    lines.append("Content-Type: text/plain; charset=UTF-8")
    return "\n".join(lines) + "\n"


def compiled_pairs(catalog: Catalog) -> Iterator[tuple[str, str]]:
    """What a ``.mo`` of the catalog holds: the header, then every translated message that is
    not fuzzy (the others stay English at run time)."""
    yield "", utf8_header(catalog.header_text)
    for message in catalog.messages:
        if message.translated and not message.fuzzy:
            yield mo_key(message), "\0".join(message.strings)


def compile_mo(pairs: Iterable[tuple[str, str]]) -> bytes:
    """GNU ``.mo`` bytes (little-endian, no hash table) of ``(key, value)`` pairs."""
    items = sorted((k.encode("utf-8"), v.encode("utf-8")) for k, v in pairs)
    count = len(items)
    keys_at = 7 * 4
    values_at = keys_at + 8 * count
    data_at = values_at + 8 * count
    blob = io.BytesIO()
    key_table: list[int] = []
    value_table: list[int] = []
    for k, _v in items:
        key_table += [len(k), data_at + blob.tell()]
        blob.write(k + b"\0")
    for _k, v in items:
        value_table += [len(v), data_at + blob.tell()]
        blob.write(v + b"\0")
    head = struct.pack("<7I", MO_MAGIC, 0, count, keys_at, values_at, 0, data_at)
    tables = struct.pack(f"<{2 * count}I", *key_table) + struct.pack(f"<{2 * count}I",
                                                                      *value_table)
    return head + tables + blob.getvalue()


def translations(catalog: Catalog) -> gettext.GNUTranslations:
    """The catalog as the standard library's translations object (compiled in memory)."""
    mo = compile_mo(compiled_pairs(catalog))
    try:
        return gettext.GNUTranslations(io.BytesIO(mo))
    except (ValueError, SyntaxError, OSError) as exc:
        # The standard library refuses a Plural-Forms expression it cannot evaluate.
        raise CatalogError(catalog.shown, catalog.header_line or None,
                           f"the header cannot be used: {exc}") from None
