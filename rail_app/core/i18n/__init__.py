"""Words in the player's language: gettext catalogs read by the standard library, chosen and
switched while the game runs. Pure (no pygame); knows no game.

Use (the message ids are the English text)::

    from rail_app.core.i18n import _, ngettext, pgettext, N_, number, money_millions

    _("New game")
    _("Turn {turn} · {player}").format(turn=number(turn), player=name)
    ngettext("{n} segment", "{n} segments", n).format(n=number(n))
    pgettext("locomotive", "Freight")          # a short word that needs its context
    PHASES = {Phase.BUILD: N_("Build")}        # marked at import time, translated at use:
    _(PHASES[phase])

Every lookup happens when it is called, through the translation active at that moment, so
:func:`set_language` changes the game's words at once; a screen that keeps pictures of words
keys them by :func:`version` (or registers :func:`on_change`) and draws them again. Text must
therefore never be translated at import time (a module constant holds ``N_("...")``, and
``_()`` is called where the text is shown).

Placeholders are named ``{fields}`` filled with ``str.format``, so a translator can move
them; numbers are filled in already formatted (:func:`number`, :func:`money_millions`,
:func:`dollars`, :func:`percent`, :func:`ordinal`). Machine output (``--json``, game records,
saves, logs for developers) is never translated: it does not call these functions.

Nothing here reads the environment or asks the system until asked (:func:`choose_language`;
the system's preferred languages on Windows and macOS: :mod:`rail_app.core.i18n.system`): until
:func:`set_language` is called the game speaks English whatever the machine's locale, so a
test speaks the language it sets. Catalogs are ``locale/<code>/LC_MESSAGES/rail_app.po``,
compiled in memory on first use (:mod:`rail_app.core.i18n.po`); docs/i18n.md tells the whole
design, and ``bash tools/i18n.sh`` extracts, updates and checks the catalogs.
"""

from __future__ import annotations

import contextlib
import gettext
import threading
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from pathlib import Path

from rail_app.core.i18n import choose, numbers, po, pseudo
from rail_app.core.i18n.choose import (
    AUTOMATIC,
    LANGUAGES,
    PSEUDO,
    SOURCE,
    Language,
    from_environment,
    from_preferred,
    known,
    language_of,
)
from rail_app.core.i18n.pseudo import TextAudit, residue
from rail_app.core.paths import resource_path

__all__ = [
    "AUTOMATIC", "DOMAIN", "LANGUAGES", "PSEUDO", "SOURCE", "Language", "TextAudit", "N_", "_",
    "audit_drawn_text", "catalog_path", "choose_language", "dollars", "drawn", "locale_dir",
    "from_environment", "from_preferred", "known", "language", "language_choices", "language_of",
    "load_translations", "money_millions", "ngettext", "npgettext", "number", "on_change",
    "ordinal", "percent", "pgettext", "residue", "set_language", "template_path",
    "using_language", "version",
]

#: The gettext domain: the catalogs' file name.
DOMAIN = "rail_app"


def locale_dir() -> Path:
    """The folder of the catalogs, in a checkout, an installed package or the executable."""
    return resource_path("locale")


def catalog_path(code: str, folder: Path | None = None) -> Path:
    """``locale/<code>/LC_MESSAGES/rail_app.po``."""
    return (folder or locale_dir()) / code / "LC_MESSAGES" / f"{DOMAIN}.po"


def template_path(folder: Path | None = None) -> Path:
    """``locale/rail_app.pot``: every message id of the code (``tools/i18n.sh extract``)."""
    return (folder or locale_dir()) / f"{DOMAIN}.pot"


def choose_language(setting: str | None = None,
                    environ: Mapping[str, str] | None = None,
                    preferred: Sequence[str] | None = None) -> str:
    """The language to speak (:func:`rail_app.core.i18n.choose.choose_language`: the
    setting, the gettext variables, the system's preferred languages, English). The
    pseudo-locale only where its template is: the standalone game leaves the template out
    (a translator's tool), and a setting or ``LANGUAGE=qps`` there gives English."""
    code = choose.choose_language(setting, environ, preferred)
    if code == PSEUDO and not template_path().is_file():
        return SOURCE
    return code


class _Pseudo(gettext.NullTranslations):
    """The pseudo-locale: messages of the template come back transformed
    (:func:`rail_app.core.i18n.pseudo.transform`), any other text unchanged."""

    def __init__(self, template: po.Catalog) -> None:
        super().__init__()
        self._ids: set[tuple[str | None, str]] = set()
        for m in template.messages:
            self._ids.add(m.key)
            if m.id_plural is not None:
                self._ids.add((m.context, m.id_plural))

    def _mark(self, context: str | None, message: str) -> str:
        return pseudo.transform(message) if (context, message) in self._ids else message

    def gettext(self, message: str) -> str:
        return self._mark(None, message)

    def ngettext(self, msgid1: str, msgid2: str, n: int) -> str:
        return self._mark(None, msgid1 if n == 1 else msgid2)

    def pgettext(self, context: str, message: str) -> str:
        return self._mark(context, message)

    def npgettext(self, context: str, msgid1: str, msgid2: str, n: int) -> str:
        return self._mark(context, msgid1 if n == 1 else msgid2)


_lock = threading.Lock()
_cache: dict[tuple[str, Path], gettext.NullTranslations] = {}


def load_translations(code: str, folder: Path | None = None) -> gettext.NullTranslations:
    """The translations of one language, compiled from its ``.po`` on first use and kept:
    English is the ids themselves; the pseudo-locale is made from the template. Raises
    :class:`rail_app.core.i18n.po.CatalogError` (``file:line: message``) for a catalog that
    is missing or cannot be read, and ValueError for a language the game does not have."""
    if not known(code):
        names = ", ".join(lang.code for lang in LANGUAGES)
        raise ValueError(f"unknown language {code!r}: the game has {names} (and {PSEUDO}, "
                         "the pseudo-locale)")
    where = (folder or locale_dir()).resolve()
    with _lock:
        cached = _cache.get((code, where))
        if cached is not None:
            return cached
        if code == SOURCE:
            made: gettext.NullTranslations = gettext.NullTranslations()
        elif code == PSEUDO:
            made = _Pseudo(po.read_po(template_path(where)))
        else:
            made = po.translations(po.read_po(catalog_path(code, where)))
        _cache[(code, where)] = made
        return made


class _State:
    """The active language. One per process: the game shows one language at a time."""

    def __init__(self) -> None:
        self.code = SOURCE
        self.folder: Path | None = None
        self.translations: gettext.NullTranslations = gettext.NullTranslations()
        self.conventions = numbers.conventions(SOURCE)
        self.version = 0
        self.listeners: list[Callable[[str], None]] = []
        self.audit: TextAudit | None = None


_state = _State()


def set_language(code: str, *, folder: Path | None = None) -> None:
    """Speak ``code`` from now on (``"en"``, ``"es"``, ``"qps"``), without a restart: the
    next lookup uses it, :func:`version` goes up and every :func:`on_change` listener is told
    (in the order they registered). ``folder`` is another ``locale`` folder (tests)."""
    translations = load_translations(code, folder)
    _state.code = code
    _state.folder = folder
    _state.translations = translations
    _state.conventions = numbers.conventions(code)
    _state.version += 1
    for listener in list(_state.listeners):
        listener(code)


def language() -> str:
    """The code of the language spoken now."""
    return _state.code


def version() -> int:
    """A number that changes whenever the language does: a cached picture of words made at
    one version is stale at another."""
    return _state.version


def on_change(listener: Callable[[str], None]) -> Callable[[], None]:
    """Call ``listener(code)`` after every :func:`set_language`; returns the function that
    stops it (a screen that goes away calls it)."""
    _state.listeners.append(listener)

    def stop() -> None:
        with contextlib.suppress(ValueError):
            _state.listeners.remove(listener)

    return stop


@contextlib.contextmanager
def using_language(code: str, *, folder: Path | None = None) -> Iterator[None]:
    """Speak ``code`` inside the block and the language before it afterwards (tests, and
    the rare tool that must show a player's words in a given language)."""
    before, before_folder = _state.code, _state.folder
    set_language(code, folder=folder)
    try:
        yield
    finally:
        set_language(before, folder=before_folder)


# -- lookups (the keywords tools/i18n.py extracts) -----------------------------------------

def _(message: str) -> str:
    """``message`` (its English text) in the language spoken now."""
    return _state.translations.gettext(message)


def N_(message: str) -> str:  # noqa: N802 (gettext's own name for it)
    """Marks ``message`` for the catalog and returns it untranslated: for text kept in a
    constant and translated with ``_()`` where it is shown."""
    return message


def ngettext(singular: str, plural: str, n: int) -> str:
    """The form for ``n`` (the catalog's ``Plural-Forms`` chooses); fill in ``{n}`` after."""
    return _state.translations.ngettext(singular, plural, n)


def pgettext(context: str, message: str) -> str:
    """``message`` in a ``context`` that tells apart two uses of the same English words
    (``pgettext("locomotive", "Freight")``, ``pgettext("goods", "Freight")``)."""
    return _state.translations.pgettext(context, message)


def npgettext(context: str, singular: str, plural: str, n: int) -> str:
    """:func:`ngettext` with a context."""
    return _state.translations.npgettext(context, singular, plural, n)


def language_choices() -> list[tuple[str, str]]:
    """The settings list of languages: ``(setting, label)`` pairs, the automatic choice
    first (in the language spoken now), then every language by its own name."""
    return [(AUTOMATIC, _("System language"))] + [(lang.code, lang.name)
                                                   for lang in LANGUAGES]


# -- numbers and money in the language spoken now ------------------------------------------

def _pseudo_if_needed(text: str) -> str:
    # In the pseudo-locale, words made here are marked as the catalog's are (the audit
    # reads "250M" as an English word otherwise).
    return pseudo.transform(text) if _state.code == PSEUDO else text


def number(value: int | float, decimals: int = 0) -> str:
    """``1,234`` / ``1234``, ``12,345.5`` / ``12.345,5`` (:mod:`.numbers`)."""
    return numbers.format_number(value, decimals, _state.conventions)


def money_millions(amount: int, *, sign: bool = False, words: bool = False) -> str:
    """Italian Rails money, counted in millions: ``250M`` / ``250 M`` (short, for bars and
    tables); with ``words``, ``250 million`` / ``250 millones`` (for sentences). ``sign``
    writes ``+`` before a gain."""
    if words:
        amount_text = numbers.format_number(abs(amount), 0, _state.conventions)
        text = ngettext("{amount} million", "{amount} million", abs(amount)).format(
            amount=amount_text)
        if amount < 0:
            return "-" + text
        return "+" + text if sign and amount > 0 else text
    return _pseudo_if_needed(numbers.format_millions(amount, _state.conventions, sign))


def dollars(amount: int, *, sign: bool = False) -> str:
    """Steam money: ``$12`` / ``12$``, ``-$3`` / ``-3$``."""
    return _pseudo_if_needed(numbers.format_dollars(amount, _state.conventions, sign))


def percent(fraction: float, decimals: int = 0) -> str:
    """A fraction as a percentage: ``0.45`` → ``45%`` / ``45 %``."""
    return _pseudo_if_needed(numbers.format_percent(fraction, decimals, _state.conventions))


def ordinal(n: int, *, feminine: bool = False) -> str:
    """``1st`` / ``1.º`` (``1.ª`` with ``feminine``, for a feminine noun such as
    *posición*)."""
    return _pseudo_if_needed(numbers.format_ordinal(n, _state.conventions, feminine))


# -- the completeness hook for the font layer ------------------------------------------------

def drawn(text: str) -> str:
    """The font layer's hook: call it with every string about to be rendered for a player
    (``hud.rendered``, the map's labels, pygame_gui's text through its font wrapper); it
    returns ``text`` unchanged. Outside an :func:`audit_drawn_text` block it does nothing
    else (one attribute test), so it stays in the game. Inside one, a string with words that
    did not come through the catalog is recorded: in the pseudo-locale every catalog word is
    in accented look-alike letters, so a plain ASCII word left over (after numbers, rule ids
    and the allowed names) is one that was drawn without ``_()``."""
    audit = _state.audit
    if audit is not None:
        audit.check(text)
    return text


@contextlib.contextmanager
def audit_drawn_text(allowed: Iterable[str] = ()) -> Iterator[TextAudit]:
    """Record, until the block ends, every string passed to :func:`drawn` that did not come
    through the catalog; ``allowed`` are words that stay as they are in every language (the
    names of places, maps and players). Only meaningful in the pseudo-locale, which the
    block requires::

        with using_language(PSEUDO), audit_drawn_text(city_names + ["Anna"]) as audit:
            draw_every_screen()
        audit.assert_clean()
    """
    if _state.code != PSEUDO:
        raise RuntimeError(f"the audit reads the pseudo-locale's marks: speak {PSEUDO!r} "
                           f"first (now {_state.code!r})")
    audit = TextAudit(allowed=frozenset(allowed))
    before = _state.audit
    _state.audit = audit
    try:
        yield audit
    finally:
        _state.audit = before
