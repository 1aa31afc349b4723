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

from rail_app.core import guarded

#: A catalog is at most this large (the Spanish catalog of both games is well under 1 MB).
CATALOG = guarded.FileKind("translation catalog", 8 * 1024 * 1024, 1)
#: ``msgctxt`` and ``msgid`` are joined with this byte in a ``.mo`` key (GNU gettext's rule).
CONTEXT_SEPARATOR = "\x04"
MO_MAGIC = 0x950412DE

_ESCAPES = {"n": "\n", "t": "\t", "r": "\r", "\\": "\\", '"': '"', "a": "\a", "b": "\b",
            "f": "\f", "v": "\v"}
# An escape (octal, or one character), a lone backslash at the end, or a bare quote.
_ESCAPE = re.compile(r'\\([0-7]{1,3})|\\(?=.)(?:.)|\\$|"', re.DOTALL)
_KEYWORD = re.compile(r"^(msgctxt|msgid_plural|msgid|msgstr(?:\[(\d+)\])?)\s+(\".*)$")


class CatalogError(guarded.GuardError):
    """A catalog that cannot be read: ``file:line: message``."""


@dataclass(frozen=True)
class Message:
    """One entry of a catalog. ``strings`` holds ``msgstr`` (one item) or ``msgstr[0..n-1]``
    of a plural message; ``line`` is where its ``msgid`` stands."""

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


@dataclass
class _Entry:
    """A message while it is being read."""

    line: int = 0
    context: str | None = None
    id: str | None = None
    id_plural: str | None = None
    strings: dict[int, str] = field(default_factory=dict)
    flags: set[str] = field(default_factory=set)
    comments: list[str] = field(default_factory=list)
    current: tuple[str, int] | None = None  # the keyword a continuation line adds to

    def empty(self) -> bool:
        return self.id is None and self.context is None and not self.strings

    def add(self, keyword: str, index: int, value: str) -> None:
        if keyword == "msgctxt":
            self.context = (self.context or "") + value
        elif keyword == "msgid":
            self.id = (self.id or "") + value
        elif keyword == "msgid_plural":
            self.id_plural = (self.id_plural or "") + value
        else:
            self.strings[index] = self.strings.get(index, "") + value


def _finish(entry: _Entry, shown: str, catalog: Catalog) -> None:
    if entry.empty():
        return
    if entry.id is None:
        raise CatalogError(shown, entry.line, "a message without msgid")
    if not entry.strings:
        raise CatalogError(shown, entry.line, f"message {guarded.shorten(entry.id)} has no msgstr")
    indexes = sorted(entry.strings)
    if entry.id_plural is None:
        if indexes != [-1]:
            raise CatalogError(shown, entry.line, f"message {guarded.shorten(entry.id)} is not "
                               "plural (no msgid_plural) but has msgstr[n]")
        strings: tuple[str, ...] = (entry.strings[-1],)
    else:
        if indexes != list(range(len(indexes))):
            raise CatalogError(shown, entry.line, f"plural message {guarded.shorten(entry.id)} "
                               "needs msgstr[0], msgstr[1], ... in order, none missing")
        strings = tuple(entry.strings[i] for i in indexes)
    message = Message(id=entry.id, strings=strings, context=entry.context,
                      id_plural=entry.id_plural, flags=frozenset(entry.flags),
                      comments=tuple(entry.comments), line=entry.line)
    if message.is_header:
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
    catalog.messages.append(message)


def parse_po(text: str, shown: str) -> Catalog:
    """The messages of a ``.po`` text; ``shown`` names the file in errors.

    Obsolete messages (``#~``) are skipped; a message given twice is an error, as for GNU
    ``msgfmt``.
    """
    catalog = Catalog(shown=shown)
    entry = _Entry()
    seen: dict[tuple[str | None, str], int] = {}

    def finish() -> None:
        nonlocal entry
        before = len(catalog.messages)
        _finish(entry, shown, catalog)
        if len(catalog.messages) > before:
            key = catalog.messages[-1].key
            if key in seen:
                raise CatalogError(shown, entry.line, f"message {guarded.shorten(key[1])} is "
                                   f"already given at line {seen[key]}")
            seen[key] = entry.line
        entry = _Entry()

    for number, raw in enumerate(text.splitlines(), start=1):
        line = raw.strip()
        if not line:
            if entry.strings:
                finish()
            entry.current = None
            continue
        if line.startswith("#"):
            if entry.strings:
                finish()
            if line.startswith("#~"):
                continue
            if line.startswith("#,"):
                entry.flags.update(f.strip() for f in line[2:].split(",") if f.strip())
            elif line.startswith("#."):
                entry.comments.append(line[2:].strip())
            continue
        if line.startswith('"'):
            if entry.current is None:
                raise CatalogError(shown, number, "a string with no msgid or msgstr before it")
            keyword, index = entry.current
            entry.add(keyword, index, _unquote(line, shown, number))
            continue
        m = _KEYWORD.match(line)
        if m is None:
            raise CatalogError(shown, number, f"not a line of a PO file: {guarded.shorten(line)}")
        keyword, index_text, rest = m.group(1), m.group(2), m.group(3)
        if keyword.startswith("msgstr"):
            keyword = "msgstr"
        index = int(index_text) if index_text is not None else -1
        if keyword in ("msgctxt", "msgid") and entry.strings:
            finish()
        if keyword == "msgctxt" and entry.context is not None:
            raise CatalogError(shown, number, "msgctxt given twice for one message")
        if keyword == "msgid":
            if entry.id is not None:
                raise CatalogError(shown, number, "msgid given twice for one message")
            entry.line = number
        elif keyword == "msgctxt":
            entry.line = number
        elif entry.id is None:
            raise CatalogError(shown, number, f"{keyword} before its msgid")
        if keyword == "msgstr" and index in entry.strings:
            raise CatalogError(shown, number, "msgstr given twice for one form")
        entry.add(keyword, index, _unquote(rest, shown, number))
        entry.current = (keyword, index)
    finish()
    return catalog


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
