"""The in-memory msgfmt: what it reads from a .po, the .mo bytes it writes (read back by the
standard library and agreeing with Babel's compiler), and the errors it names."""

from __future__ import annotations

import gettext
import io
from pathlib import Path

import pytest
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po as babel_read_po

from rail_app.core.i18n import po

FIXTURE = Path(__file__).resolve().parents[1] / "i18n_fixture" / "locale"
SPANISH = FIXTURE / "es" / "LC_MESSAGES" / "rail_app.po"


def test_the_fixture_catalog_is_read_message_by_message() -> None:
    catalog = po.read_po(SPANISH)
    assert catalog.plural_forms == "nplurals=2; plural=(n != 1);"
    assert catalog.headers["language"] == "es"
    by_key = catalog.by_key()
    assert by_key[(None, "New game")].strings == ("Nueva partida",)
    plural = by_key[(None, "{n} segment")]
    assert plural.id_plural == "{n} segments" and plural.strings == ("{n} vía", "{n} vías")
    assert by_key[("goods", "Freight")].strings == ("Mercancías",)
    assert by_key[(None, "Still fuzzy")].fuzzy
    assert not by_key[(None, "Not translated yet")].translated
    assert (None, "Gone from the code") not in by_key  # obsolete (#~)
    assert by_key[(None, "New game")].line == 11


def test_our_mo_agrees_with_babels_compiler() -> None:
    """The same catalog compiled by Babel (the development tool) and by the game gives the
    standard library the same answers for every message, plural form and context."""
    with SPANISH.open("rb") as f:
        theirs_catalog = babel_read_po(f)
    theirs_bytes = io.BytesIO()
    write_mo(theirs_bytes, theirs_catalog)
    theirs = gettext.GNUTranslations(io.BytesIO(theirs_bytes.getvalue()))
    ours = po.translations(po.read_po(SPANISH))
    for message in po.read_po(SPANISH).messages:
        if message.id_plural is None:
            if message.context is None:
                assert ours.gettext(message.id) == theirs.gettext(message.id)
            else:
                assert ours.pgettext(message.context, message.id) == \
                    theirs.pgettext(message.context, message.id)
        else:
            for n in (0, 1, 2, 5):
                assert ours.ngettext(message.id, message.id_plural, n) == \
                    theirs.ngettext(message.id, message.id_plural, n)


def test_three_plural_forms_follow_the_header() -> None:
    """A language with three forms (Polish's rule): the standard library evaluates the
    header's expression on the bytes we wrote."""
    text = "\n".join([
        'msgid ""', 'msgstr ""',
        '"Content-Type: text/plain; charset=UTF-8\\n"',
        '"Plural-Forms: nplurals=3; plural=(n==1 ? 0 : n%10>=2 && n%10<=4 && '
        '(n%100<10 || n%100>=20) ? 1 : 2);\\n"', "",
        'msgid "{n} file"', 'msgid_plural "{n} files"',
        'msgstr[0] "{n} plik"', 'msgstr[1] "{n} pliki"', 'msgstr[2] "{n} plików"', ""])
    t = po.translations(po.parse_po(text, "pl.po"))
    forms = {n: t.ngettext("{n} file", "{n} files", n).format(n=n) for n in (1, 2, 5, 22, 25)}
    assert forms == {1: "1 plik", 2: "2 pliki", 5: "5 plików", 22: "22 pliki", 25: "25 plików"}


def test_the_header_charset_is_utf8_whatever_it_claims() -> None:
    text = ('msgid ""\nmsgstr ""\n"Content-Type: text/plain; charset=latin-1\\n"\n\n'
            'msgid "Yes"\nmsgstr "Sí"\n')
    assert po.translations(po.parse_po(text, "x.po")).gettext("Yes") == "Sí"


@pytest.mark.parametrize(("text", "line", "words"), [
    ('msgid "a"\nmsgstr "b" c\n', 2, "in double quotes"),
    ('msgid "a"\nmsgstr "b\\q"\n', 2, "unknown escape"),
    ('msgid "a"\nmsgstr "say "hi""\n', 2, "must be written"),
    ('msgid "a"\nmsgstr "b"\n\nmsgid "a"\nmsgstr "c"\n', 4, "already given at line 1"),
    ('msgstr "b"\n', 1, "before its msgid"),
    ('msgid "a"\nmsgid_plural "as"\nmsgstr[0] "b"\nmsgstr[2] "c"\n', 1, "msgstr[0], msgstr[1]"),
    ('msgid "a"\nmsgstr[0] "b"\n', 1, "not plural"),
    ('msgid "a"\n\nmsgid "b"\nmsgstr "c"\n', 3, "msgid given twice"),
    ('msgid "a"\nmsgstr "b"\nfoo\n', 3, "not a line of a PO file"),
    ('"floating"\n', 1, "no msgid or msgstr before it"),
])
def test_a_broken_catalog_names_its_line(text: str, line: int, words: str) -> None:
    with pytest.raises(po.CatalogError) as caught:
        po.parse_po(text, "locale/xx.po")
    assert caught.value.line == line
    assert str(caught.value).startswith(f"locale/xx.po:{line}: ")
    assert words in str(caught.value)


def test_a_plural_rule_gettext_cannot_evaluate_is_refused_at_the_header() -> None:
    text = ('msgid ""\nmsgstr ""\n"Plural-Forms: nplurals=2; plural=(n !!! 1);\\n"\n')
    with pytest.raises(po.CatalogError, match=r"x\.po:1: the header cannot be used"):
        po.translations(po.parse_po(text, "x.po"))


def test_a_missing_or_strange_file_is_refused_by_the_guarded_reader(tmp_path: Path) -> None:
    with pytest.raises(po.CatalogError, match="file not found"):
        po.read_po(tmp_path / "none.po")
    with pytest.raises(po.CatalogError, match="a folder"):
        po.read_po(tmp_path)
    bad = tmp_path / "latin.po"
    bad.write_bytes(b'msgid "a"\nmsgstr "\xf1"\n')
    with pytest.raises(po.CatalogError, match=r"latin\.po:2: not UTF-8"):
        po.read_po(bad)


def test_mo_bytes_follow_the_gnu_layout() -> None:
    mo = po.compile_mo([("", "Language: es\n"), ("b", "B"), ("a", "A")])
    assert mo[:4] == (0x950412DE).to_bytes(4, "little")
    t = gettext.GNUTranslations(io.BytesIO(mo))
    assert (t.gettext("a"), t.gettext("b"), t.gettext("c")) == ("A", "B", "c")
