"""``bash tools/i18n.sh check``: the game's catalogs are complete, and the check fails on a
missing, untranslated, fuzzy or copied message (each shown failing once on a small tree),
on placeholders a translation lost, on a template the code has left behind and on a message
that is no string literal."""

from __future__ import annotations

import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from tools import i18n as tool

ROOT = Path(__file__).resolve().parents[2]

CODE = '''\
from rail_app.core.i18n import _, N_, ngettext, pgettext

TITLE = N_("Italian Rails")


def words(n: int) -> list[str]:
    # Translators: the menu's first button.
    return [_("New game"), _("Turn {turn}").format(turn=n),
            ngettext("{n} segment", "{n} segments", n).format(n=n),
            pgettext("locomotive", "Freight"), _("Total")]
'''

HEADER = '''\
msgid ""
msgstr ""
"Language: es\\n"
"Content-Type: text/plain; charset=UTF-8\\n"
"Plural-Forms: nplurals=2; plural=(n != 1);\\n"
'''

GOOD = {
    "Italian Rails": 'msgid "Italian Rails"\nmsgstr "Italian Rails"',
    "New game": '#. the menu\'s first button.\nmsgid "New game"\nmsgstr "Nueva partida"',
    "Turn": 'msgid "Turn {turn}"\nmsgstr "Turno {turn}"',
    "segment": 'msgid "{n} segment"\nmsgid_plural "{n} segments"\n'
               'msgstr[0] "{n} vía"\nmsgstr[1] "{n} vías"',
    "Freight": 'msgctxt "locomotive"\nmsgid "Freight"\nmsgstr "Tren de mercancías"',
    "Total": 'msgid "Total"\nmsgstr "Total"',
}


def make_tree(root: Path, entries: dict[str, str], code: str = CODE,
              same: str = "# names and words the same in Spanish\nItalian Rails\nTotal\n",
              ) -> tool.Project:
    (root / "pkg").mkdir(parents=True, exist_ok=True)
    (root / "pkg" / "words.py").write_text(code, encoding="utf-8")
    project = tool.Project(root, sources=("pkg",), skipped=(), languages=("es",), data_words=())
    tool.write_template(project)
    catalog = project.catalog("es")
    catalog.parent.mkdir(parents=True, exist_ok=True)
    catalog.write_text(HEADER + "\n" + "\n\n".join(entries.values()) + "\n", encoding="utf-8")
    if same:
        (project.locale / "es" / tool.ALLOW_LIST).write_text(same, encoding="utf-8")
    return project


def problems(project: tool.Project) -> list[str]:
    return tool.check(project).problems


def test_the_games_catalogs_are_complete() -> None:
    """The check of the test command: the template is what the code says, and every
    language's catalog translates all of it."""
    report = tool.check(tool.Project(ROOT))
    assert report.problems == []
    assert any(note.startswith("es: ") for note in report.notes)


def test_a_complete_small_catalog_passes(tmp_path: Path) -> None:
    project = make_tree(tmp_path, GOOD)
    assert problems(project) == []
    template = project.template.read_text(encoding="utf-8")
    assert "#. the menu's first button." in template  # the translator's note
    assert "pkg/words.py" in template and "pkg/words.py:" not in template  # no line numbers


def test_an_untranslated_message_fails(tmp_path: Path) -> None:
    entries = {**GOOD, "New game": 'msgid "New game"\nmsgstr ""'}
    found = problems(make_tree(tmp_path, entries))
    print("\n".join(found))
    assert found == ["locale/es/LC_MESSAGES/rail_app.po:10: untranslated 'New game'"]


def test_a_fuzzy_message_fails(tmp_path: Path) -> None:
    entries = {**GOOD, "Turn": '#, fuzzy\nmsgid "Turn {turn}"\nmsgstr "Turno {turn}"'}
    found = problems(make_tree(tmp_path, entries))
    print("\n".join(found))
    assert found == ["locale/es/LC_MESSAGES/rail_app.po:15: fuzzy 'Turn {turn}': check the "
                     "translation, then remove the fuzzy flag"]


def test_a_message_copied_from_the_english_fails(tmp_path: Path) -> None:
    entries = {**GOOD, "New game": 'msgid "New game"\nmsgstr "New game"'}
    found = problems(make_tree(tmp_path, entries))
    print("\n".join(found))
    assert len(found) == 1
    assert found[0].startswith("locale/es/LC_MESSAGES/rail_app.po:10: 'New game' is only "
                               "copied from the English")


def test_the_allow_list_lets_names_stay_the_same(tmp_path: Path) -> None:
    found = problems(make_tree(tmp_path, GOOD, same="Italian Rails\n"))
    assert found == ["locale/es/LC_MESSAGES/rail_app.po:26: 'Total' is only copied from the "
                     "English: translate it, or list it in locale/es/same-as-english.txt if it "
                     "is the same in both languages (a name, a rule id)"]


def test_a_missing_message_fails(tmp_path: Path) -> None:
    entries = {k: v for k, v in GOOD.items() if k != "Freight"}
    found = problems(make_tree(tmp_path, entries))
    assert found == ["locale/es/LC_MESSAGES/rail_app.po: missing 'Freight' (context "
                     "'locomotive'): bash tools/i18n.sh update"]


def test_a_message_the_code_no_longer_has_fails(tmp_path: Path) -> None:
    entries = {**GOOD, "old": 'msgid "Old words"\nmsgstr "Palabras viejas"'}
    found = problems(make_tree(tmp_path, entries))
    assert len(found) == 1 and "'Old words' is not in the template" in found[0]


def test_a_template_the_code_has_left_behind_fails(tmp_path: Path) -> None:
    project = make_tree(tmp_path, GOOD)
    (tmp_path / "pkg" / "words.py").write_text(CODE + '\nHELP = N_("Help")\n', encoding="utf-8")
    found = problems(project)
    assert len(found) == 1
    assert "locale/rail_app.pot: not what the code says now (new in the code: 'Help')" \
        in found[0]
    assert found[0].endswith("bash tools/i18n.sh update")


@pytest.mark.parametrize(("translation", "words"), [
    ('msgstr "Turno {turno}"', "placeholders the English has not: ['turno']"),
    ('msgstr "Turno"', "must keep the placeholders ['turn'], has []"),
    ('msgstr "Turno {turn"', "lone { or }"),
])
def test_a_translation_that_breaks_its_placeholders_fails(tmp_path: Path, translation: str,
                                                          words: str) -> None:
    entries = {**GOOD, "Turn": f'msgid "Turn {{turn}}"\n{translation}'}
    found = problems(make_tree(tmp_path, entries))
    assert len(found) == 1 and words in found[0], found


def test_a_singular_form_may_drop_the_number(tmp_path: Path) -> None:
    entries = {**GOOD, "segment": 'msgid "{n} segment"\nmsgid_plural "{n} segments"\n'
                                  'msgstr[0] "Una vía"\nmsgstr[1] "{n} vías"'}
    assert problems(make_tree(tmp_path, entries)) == []


def test_a_message_that_is_no_literal_fails(tmp_path: Path) -> None:
    code = CODE + textwrap.dedent('''
        def more(x: str) -> list[str]:
            return [_(f"Hello {x}"), _("Hello " + x), _("Hello {}".format(x)), _(x)]
        ''')
    found = [p for p in problems(make_tree(tmp_path, GOOD, code=code)) if p.startswith("pkg/")]
    assert len(found) == 3, found  # _(x) may be a constant marked with N_(): allowed
    assert all(p.startswith("pkg/words.py:13: _() needs a plain string literal") for p in found)


def test_a_catalog_for_an_unlisted_language_fails(tmp_path: Path) -> None:
    project = make_tree(tmp_path, GOOD)
    other = project.locale / "it" / "LC_MESSAGES" / "rail_app.po"
    other.parent.mkdir(parents=True)
    other.write_text(HEADER.replace("es", "it"), encoding="utf-8")
    assert problems(project) == ["locale/it: a catalog for 'it', which LANGUAGES "
                                 "(rail_app/core/i18n/choose.py) does not list"]


def _run(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(["bash", "tools/i18n.sh", *args], cwd=ROOT, capture_output=True,
                          text=True, env={"PATH": "/usr/bin:/bin", "PYTHON": sys.executable})


def test_the_documented_command_passes_on_the_repository() -> None:
    done = _run("check")
    assert done.returncode == 0, done.stderr
    assert "the catalogs are complete" in done.stdout


def test_the_command_exits_1_and_names_each_problem(tmp_path: Path) -> None:
    """The command on a project with an untranslated, a fuzzy and a copied message."""
    entries = {**GOOD, "New game": 'msgid "New game"\nmsgstr "New game"',
               "Turn": '#, fuzzy\nmsgid "Turn {turn}"\nmsgstr "Turno {turn}"',
               "Freight": 'msgctxt "locomotive"\nmsgid "Freight"\nmsgstr ""'}
    make_tree(tmp_path, entries)
    (tmp_path / "pkg").rename(tmp_path / "rail_app")  # where the command looks for the code
    done = _run("--root", str(tmp_path), "extract")
    assert done.returncode == 0, done.stderr
    done = _run("--root", str(tmp_path), "check")
    print(done.stderr)
    assert done.returncode == 1
    assert sorted(done.stderr.splitlines()) == sorted([
        "locale/es/LC_MESSAGES/rail_app.po:10: 'New game' is only copied from the English: "
        "translate it, or list it in locale/es/same-as-english.txt if it is the same in both "
        "languages (a name, a rule id)",
        "locale/es/LC_MESSAGES/rail_app.po:14: fuzzy 'Turn {turn}': check the translation, "
        "then remove the fuzzy flag",
        "locale/es/LC_MESSAGES/rail_app.po:23: untranslated 'Freight' (context 'locomotive')",
        "3 problem(s) in the catalogs",
    ])


def test_the_maps_commodities_are_extracted_from_the_data(tmp_path: Path) -> None:
    """Words that live in data files (the maps' commodities) reach the template with their
    context, file and line, and a catalog without them fails."""
    maps = tmp_path / "maps"
    maps.mkdir()
    (maps / "tiny.yaml").write_text("name: Tiny\ncommodities: [\n  wine, olive oil\n]\n"
                                    "cities: []\n", encoding="utf-8")
    make_tree(tmp_path, GOOD)
    words = tool.DataWords("maps/*.yaml", "commodities", "commodity", "a commodity")
    project = tool.Project(tmp_path, sources=("pkg",), skipped=(), languages=("es",),
                           data_words=(words,))
    template = tool.write_template(project)
    assert '#. a commodity\n#: maps/tiny.yaml\nmsgctxt "commodity"\nmsgid "olive oil"' in template
    assert sorted(p.split(": ", 1)[1] for p in problems(project)) == [
        "missing 'olive oil' (context 'commodity'): bash tools/i18n.sh update",
        "missing 'wine' (context 'commodity'): bash tools/i18n.sh update"]
