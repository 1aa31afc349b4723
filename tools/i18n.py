"""The translation catalogs: extract the messages from the code (and the words players read
in the shipped data files, ``DATA_WORDS``), update and check the catalogs. A development tool (Babel is a development dependency, never in the game).

    bash tools/i18n.sh extract      the code's messages -> locale/rail_app.pot
    bash tools/i18n.sh update       extract, then merge the template into every catalog
                                    (new messages empty, changed ones fuzzy, gone ones dropped)
    bash tools/i18n.sh init CODE    a new catalog, locale/CODE/LC_MESSAGES/rail_app.po
    bash tools/i18n.sh check        exit 1 on any problem (the test suite runs it too)
    bash tools/i18n.sh bench        what compiling a catalog at start costs

``check`` fails when the template is not what the code says now, when a catalog misses a
message or has one the template does not, when a message is untranslated or fuzzy, when a
translation merely copies its English id (beyond ``locale/<code>/same-as-english.txt``), when
a translation's placeholders differ from its id's, when a catalog cannot be compiled, when a
message passed to ``_()`` is not a plain string literal (an f-string, a sum), and when the
languages in ``locale/`` and in ``rail_app.core.i18n.LANGUAGES`` differ. Docs: docs/i18n.md.
"""

from __future__ import annotations

import argparse
import ast
import io
import re
import string
import sys
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

import yaml  # noqa: E402
from babel.messages.catalog import Catalog, Message  # noqa: E402
from babel.messages.extract import extract_from_file  # noqa: E402
from babel.messages.pofile import read_po, write_po  # noqa: E402

from rail_app import __version__  # noqa: E402
from rail_app.core.i18n import DOMAIN, LANGUAGES, SOURCE, po  # noqa: E402
from rail_app.core.i18n.numbers import CONVENTIONS  # noqa: E402
from rail_app.core.identity import NAME  # noqa: E402

#: The functions whose string arguments are messages, in Babel's notation: the argument
#: numbers of the singular, the plural and the context ("c").
KEYWORDS: dict[str, tuple[int | tuple[int, str], ...] | None] = {
    "_": None,
    "N_": None,
    "ngettext": (1, 2),
    "pgettext": ((1, "c"), 2),
    "npgettext": ((1, "c"), 2, 3),
}
#: A comment just above a message that starts so reaches the translator (``#.`` lines).
COMMENT_TAG = "Translators:"
#: The words a player reads are in the game's package and the entry point; the
#: development tools speak English to developers and are not extracted.
SOURCES = ("rail_app", "main.py")
SKIPPED = ("rail_app/devtools", "rail_app/_data")


@dataclass(frozen=True)
class DataWords:
    """Words a player reads that live in data files rather than in the code: the strings of
    the list under ``key`` in every file matching ``pattern`` (a glob from the project's
    folder), each a message with ``context`` and a note for the translator. The game shows
    them with ``pgettext(context, word)``."""

    pattern: str
    key: str
    context: str
    note: str


#: The maps' commodities (Italian Rails' goods: "marble", "olive oil"), shown on the map, the
#: demand cards and the history; the shipped maps only (a player's own map keeps its words).
DATA_WORDS = (
    DataWords("maps/*.yaml", "commodities", "commodity",
              "a commodity, the goods a city offers and a demand card asks for"),
)
#: Lines of a language's allow-list of messages a translation may copy unchanged.
ALLOW_LIST = "same-as-english.txt"
HEADER_COMMENT = """\
# The words of the games of the table (Italian Rails, Steam) in English: the message
# template made from the code by `bash tools/i18n.sh extract`. Do not edit it; translate
# locale/<language>/LC_MESSAGES/rail_app.po (docs/i18n.md)."""
CATALOG_COMMENT = """\
# The words of the games of the table (Italian Rails, Steam) in the language {code}.
# `bash tools/i18n.sh update` brings in the code's new messages; `check` must pass.
# Words: docs/glossary-{code}.md. Names of places stay as they are."""


@dataclass(frozen=True)
class Project:
    """Where the code and the catalogs are (the repository, or a small tree in a test)."""

    root: Path
    sources: tuple[str, ...] = SOURCES
    skipped: tuple[str, ...] = SKIPPED
    languages: tuple[str, ...] = tuple(lang.code for lang in LANGUAGES if lang.code != SOURCE)
    data_words: tuple[DataWords, ...] = DATA_WORDS

    @property
    def locale(self) -> Path:
        return self.root / "locale"

    @property
    def template(self) -> Path:
        return self.locale / f"{DOMAIN}.pot"

    def catalog(self, code: str) -> Path:
        return self.locale / code / "LC_MESSAGES" / f"{DOMAIN}.po"

    def rel(self, path: Path) -> str:
        try:
            return path.relative_to(self.root).as_posix()
        except ValueError:
            return str(path)

    def python_files(self) -> list[Path]:
        files: list[Path] = []
        for source in self.sources:
            path = self.root / source
            found = sorted(path.rglob("*.py")) if path.is_dir() else [path]
            for f in found:
                rel = self.rel(f)
                if f.is_file() and not any(rel == s or rel.startswith(s + "/")
                                           for s in self.skipped):
                    files.append(f)
        return files


# -- extract ----------------------------------------------------------------------------------

def extract(project: Project) -> Catalog:
    """The template: every message of the code, as a Babel catalog."""
    catalog = Catalog(project=NAME, version=__version__, domain=DOMAIN,
                      header_comment=HEADER_COMMENT, msgid_bugs_address="", fuzzy=False,
                      charset="utf-8")
    for path in project.python_files():
        found = extract_from_file("python", str(path), keywords=KEYWORDS,
                                  comment_tags=(COMMENT_TAG,), strip_comment_tags=True)
        for lineno, message, comments, context in found:
            catalog.add(message, None, [(project.rel(path), lineno)], auto_comments=comments,
                        context=context)
    for source in project.data_words:
        for path in sorted(project.root.glob(source.pattern)):
            for word, lineno in _data_words(path, source.key):
                catalog.add(word, None, [(project.rel(path), lineno)],
                            auto_comments=[source.note], context=source.context)
    return catalog


def _data_words(path: Path, key: str) -> list[tuple[str, int]]:
    """The strings of the top-level list ``key`` of a YAML file, with their lines."""
    loader = yaml.SafeLoader(path.read_text(encoding="utf-8"))
    try:
        root = loader.get_single_node()
    finally:
        loader.dispose()
    if not isinstance(root, yaml.MappingNode):
        return []
    for name, value in root.value:
        if isinstance(name, yaml.ScalarNode) and name.value == key and \
                isinstance(value, yaml.SequenceNode):
            return [(item.value, item.start_mark.line + 1) for item in value.value
                    if isinstance(item, yaml.ScalarNode) and item.value]
    return []


def _po_text(catalog: Catalog, *, template: bool) -> str:
    out = io.BytesIO()
    # Files without line numbers (a line added above a message would change every
    # location) and in the order of the messages, so a change in the code changes the
    # files only where its words changed.
    write_po(out, catalog, width=96, sort_output=True, include_lineno=False,
             ignore_obsolete=True)
    text = out.getvalue().decode("utf-8")
    # The creation date would change the files on every run; git keeps the dates.
    text = re.sub(r'^"POT-Creation-Date: [^"]*"\n', "", text, flags=re.M)
    if template:
        text = re.sub(r'^"PO-Revision-Date: [^"]*"\n', "", text, flags=re.M)
    return text


def write_template(project: Project) -> str:
    text = _po_text(extract(project), template=True)
    project.template.parent.mkdir(parents=True, exist_ok=True)
    project.template.write_text(text, encoding="utf-8")
    return text


def _read_babel(path: Path, code: str | None = None) -> Catalog:
    with path.open("rb") as f:
        return read_po(f, locale=code, domain=DOMAIN)


def update(project: Project) -> list[str]:
    """Extract, then merge the template into every catalog; what was done, a line each."""
    write_template(project)
    template = _read_babel(project.template)
    done = [f"wrote {project.rel(project.template)} ({len(template)} messages)"]
    for code in project.languages:
        path = project.catalog(code)
        if not path.is_file():
            done.append(f"{project.rel(path)} is missing: bash tools/i18n.sh init {code}")
            continue
        catalog = _read_babel(path, code)
        catalog.update(template, update_creation_date=False)
        path.write_text(_po_text(catalog, template=False), encoding="utf-8")
        todo = sum(1 for m in catalog if m.id and (m.fuzzy or not _babel_translated(m)))
        done.append(f"updated {project.rel(path)}: {todo} message(s) to translate or review")
    return done


def _babel_translated(message: Message) -> bool:
    value = message.string
    if isinstance(value, (tuple, list)):
        return all(value)
    return bool(value)


def init(project: Project, code: str) -> str:
    """A new catalog for ``code`` from the template (Plural-Forms from Babel's CLDR data)."""
    path = project.catalog(code)
    if path.exists():
        raise SystemExit(f"{project.rel(path)} exists already: bash tools/i18n.sh update")
    write_template(project)
    template = _read_babel(project.template)
    catalog = Catalog(locale=code, domain=DOMAIN, project=NAME, version=__version__,
                      header_comment=CATALOG_COMMENT.format(code=code), msgid_bugs_address="",
                      last_translator="", language_team=code, fuzzy=False, charset="utf-8")
    catalog.update(template, update_creation_date=False)
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(_po_text(catalog, template=False), encoding="utf-8")
    return (f"wrote {project.rel(path)}; translate it, add {code!r} to LANGUAGES "
            "(rail_app/core/i18n/choose.py) and CONVENTIONS (numbers.py), then run check")


# -- check ------------------------------------------------------------------------------------

@dataclass
class Report:
    problems: list[str] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)

    def add(self, where: str, line: int | None, text: str) -> None:
        self.problems.append(f"{where}:{line}: {text}" if line else f"{where}: {text}")


def _fields(text: str) -> tuple[set[str], list[str]] | None:
    """The named ``{fields}`` of a message and its printf conversions; None when the text is
    not a valid format string (a lone brace)."""
    names: set[str] = set()
    try:
        for _literal, name, _spec, _conv in string.Formatter().parse(text):
            if name is not None:
                names.add(name)
    except ValueError:
        return None
    printf = re.findall(r"%(?:\([^)]*\))?[-#0 +]*\d*(?:\.\d+)?[a-zA-Z]", text.replace("%%", ""))
    return names, sorted(printf)


def _placeholder_problem(message: po.Message) -> str | None:
    ids = [message.id] + ([message.id_plural] if message.id_plural is not None else [])
    known = [_fields(t) for t in ids]
    if any(k is None for k in known):
        return None  # the English text is no format string: nothing to keep
    allowed_names = set().union(*(k[0] for k in known if k is not None))
    last = known[-1]
    assert last is not None
    for i, text in enumerate(message.strings):
        got = _fields(text)
        form = f"msgstr[{i}]" if message.id_plural is not None else "msgstr"
        if got is None:
            return f"{form} has a lone {{ or }} (write {{{{ or }}}} for a brace)"
        names, printf = got
        unknown = names - allowed_names
        if unknown:
            return f"{form} has placeholders the English has not: {sorted(unknown)}"
        singular_form = message.id_plural is not None and i == 0 and len(message.strings) > 1
        if not singular_form and names != last[0]:
            return f"{form} must keep the placeholders {sorted(last[0])}, has {sorted(names)}"
        if not singular_form and printf != last[1]:
            return f"{form} must keep the conversions {last[1]}, has {printf}"
    return None


def _has_letters(text: str) -> bool:
    stripped = re.sub(r"\{[^{}]*\}|%(?:\([^)]*\))?[a-zA-Z]", "", text)
    return any(ch.isalpha() for ch in stripped)


def allow_list(project: Project, code: str) -> set[str]:
    path = project.locale / code / ALLOW_LIST
    if not path.is_file():
        return set()
    lines = path.read_text(encoding="utf-8").splitlines()
    return {ln.strip() for ln in lines if ln.strip() and not ln.lstrip().startswith("#")}


def _literal_problems(project: Project, report: Report) -> None:
    """A message must be a string literal: Babel skips ``_(f"...")`` and ``_("a" + b)``
    silently, and their words would never reach the catalog."""
    arguments = {"_": (0,), "N_": (0,), "ngettext": (0, 1), "pgettext": (0, 1),
                 "npgettext": (0, 1, 2)}
    for path in project.python_files():
        tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
        for node in ast.walk(tree):
            if not (isinstance(node, ast.Call) and isinstance(node.func, ast.Name)
                    and node.func.id in arguments):
                continue
            for index in arguments[node.func.id]:
                if index >= len(node.args):
                    continue
                arg = node.args[index]
                if isinstance(arg, (ast.JoinedStr, ast.BinOp)) or (
                        isinstance(arg, ast.Call) and isinstance(arg.func, ast.Attribute)
                        and isinstance(arg.func.value, ast.Constant)):
                    report.add(project.rel(path), node.lineno,
                               f"{node.func.id}() needs a plain string literal (fill in "
                               "fields after the lookup: _(\"... {x}\").format(x=...))")


def _template_problems(project: Project, report: Report) -> po.Catalog | None:
    if not project.template.is_file():
        report.add(project.rel(project.template), None,
                   "missing: bash tools/i18n.sh extract")
        return None
    try:
        committed = po.read_po(project.template, project.rel(project.template))
    except po.CatalogError as exc:
        report.problems.append(str(exc))
        return None
    fresh = po.parse_po(_po_text(extract(project), template=True), "the code")

    def shape(c: po.Catalog) -> dict[tuple[str | None, str], tuple[str | None, tuple[str, ...]]]:
        return {m.key: (m.id_plural, m.comments) for m in c.messages}

    now, then = shape(fresh), shape(committed)
    if now != then:
        added = [k for k in now if k not in then]
        gone = [k for k in then if k not in now]
        changed = [k for k in now if k in then and now[k] != then[k]]
        detail = "; ".join(
            part for part in (
                f"new in the code: {', '.join(repr(k[1]) for k in added[:5])}" if added else "",
                f"gone from the code: {', '.join(repr(k[1]) for k in gone[:5])}" if gone else "",
                f"plural or comment changed: {', '.join(repr(k[1]) for k in changed[:5])}"
                if changed else "") if part)
        report.add(project.rel(project.template), None,
                   f"not what the code says now ({detail}): bash tools/i18n.sh update")
    return committed


def _catalog_problems(project: Project, code: str, template: po.Catalog,
                      report: Report) -> None:
    path = project.catalog(code)
    where = project.rel(path)
    if not path.is_file():
        report.add(where, None, f"missing: bash tools/i18n.sh init {code}")
        return
    try:
        catalog = po.read_po(path, where)
        po.translations(catalog)
    except po.CatalogError as exc:
        report.problems.append(str(exc))
        return
    head = catalog.header_line
    if catalog.header_fuzzy:
        report.add(where, head, "the header is marked fuzzy: remove the flag once it is right")
    content_type = catalog.headers.get("content-type", "")
    if "charset=utf-8" not in content_type.lower().replace(" ", ""):
        report.add(where, head, f"the header must say charset=UTF-8, not {content_type!r}")
    if catalog.headers.get("language", "").replace("-", "_").split("_")[0] != code:
        report.add(where, head, f"the header's Language must be {code!r}")
    nplurals_m = re.search(r"nplurals\s*=\s*(\d+)", catalog.plural_forms or "")
    if nplurals_m is None:
        report.add(where, head, "the header has no Plural-Forms with nplurals")
        return
    nplurals = int(nplurals_m.group(1))
    same_ok = allow_list(project, code)
    ours = catalog.by_key()
    for key, wanted in template.by_key().items():
        message = ours.get(key)
        name = repr(key[1]) + (f" (context {key[0]!r})" if key[0] else "")
        if message is None:
            report.add(where, None, f"missing {name}: bash tools/i18n.sh update")
            continue
        if message.id_plural != wanted.id_plural:
            report.add(where, message.line, f"{name}: its plural is not the template's")
        if message.fuzzy:
            report.add(where, message.line, f"fuzzy {name}: check the translation, then "
                       "remove the fuzzy flag")
        if not message.translated:
            report.add(where, message.line, f"untranslated {name}")
            continue
        if message.id_plural is not None and len(message.strings) != nplurals:
            report.add(where, message.line, f"{name} has {len(message.strings)} plural forms, "
                       f"the header says {nplurals}")
        english = {message.id, message.id_plural}
        copied = [s for s in message.strings if s in english]
        if copied and _has_letters(copied[0]) and message.id not in same_ok:
            report.add(where, message.line, f"{name} is only copied from the English: "
                       f"translate it, or list it in locale/{code}/{ALLOW_LIST} if it is "
                       "the same in both languages (a name, a rule id)")
        problem = _placeholder_problem(message)
        if problem:
            report.add(where, message.line, f"{name}: {problem}")
    wanted_keys = template.by_key()
    for message in catalog.messages:
        if message.key not in wanted_keys:
            report.add(where, message.line, f"{message.id!r} is not in the template (no "
                       "longer in the code): bash tools/i18n.sh update")
    listed = [ln for ln in allow_list(project, code) if ln not in {k[1] for k in wanted_keys}]
    for line in listed:
        report.add(project.rel(project.locale / code / ALLOW_LIST), None,
                   f"{line!r} is no message of the template")
    translated = sum(1 for m in catalog.messages if m.translated and not m.fuzzy)
    report.notes.append(f"{code}: {translated} of {len(template.messages)} messages translated")


def _language_problems(project: Project, report: Report) -> None:
    folders = {p.parent.parent.name for p in project.locale.glob(f"*/LC_MESSAGES/{DOMAIN}.po")}
    for code in sorted(folders - set(project.languages)):
        report.add(project.rel(project.locale / code), None,
                   f"a catalog for {code!r}, which LANGUAGES (rail_app/core/i18n/choose.py) "
                   "does not list")
    for code in project.languages:
        if code not in CONVENTIONS:
            report.add("rail_app/core/i18n/numbers.py", None,
                       f"CONVENTIONS has no row for {code!r} (how it writes numbers)")


def check(project: Project) -> Report:
    """Every problem of the catalogs, as ``file:line: text`` lines."""
    report = Report()
    _literal_problems(project, report)
    template = _template_problems(project, report)
    if template is not None:
        report.notes.append(f"template: {len(template.messages)} messages")
        for code in project.languages:
            _catalog_problems(project, code, template, report)
    _language_problems(project, report)
    return report


# -- command line ----------------------------------------------------------------------------

def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="bash tools/i18n.sh", description=__doc__.split(
        "\n\n")[0], formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--root", type=Path, default=ROOT,
                        help="the project's folder (default: this repository)")
    sub = parser.add_subparsers(dest="command", required=True)
    sub.add_parser("extract", help="the code's messages -> locale/rail_app.pot")
    sub.add_parser("update", help="extract, then merge the template into every catalog")
    new = sub.add_parser("init", help="a new catalog for a language")
    new.add_argument("code", help="the language's code, e.g. it")
    sub.add_parser("check", help="exit 1 on any problem of the catalogs")
    bench = sub.add_parser("bench", help="what compiling a catalog at start costs")
    bench.add_argument("--messages", type=int, default=2000)
    bench.add_argument("--repeat", type=int, default=20)
    args = parser.parse_args(argv)
    project = Project(args.root.resolve())
    if args.command == "extract":
        text = write_template(project)
        print(f"wrote {project.rel(project.template)} ({text.count(chr(10) + 'msgid ') - 1} "
              "messages)")
    elif args.command == "update":
        print("\n".join(update(project)))
    elif args.command == "init":
        print(init(project, args.code))
    elif args.command == "check":
        report = check(project)
        for note in report.notes:
            print(note)
        if report.problems:
            print("\n".join(report.problems), file=sys.stderr)
            print(f"{len(report.problems)} problem(s) in the catalogs", file=sys.stderr)
            return 1
        print("the catalogs are complete")
    elif args.command == "bench":
        from rail_app.devtools.i18nbench import run

        print(run(args.messages, args.repeat))
    return 0


if __name__ == "__main__":
    sys.exit(main())
