"""Which language the game speaks: the player's setting, else the usual gettext variables,
else the languages the desktop prefers.

The variables are read as the standard library's :func:`gettext.find` reads them: the first
of ``LANGUAGE``, ``LC_ALL``, ``LC_MESSAGES`` and ``LANG`` that is set and not empty decides;
its value may list several languages (``es:en``, GNU's ``LANGUAGE`` form) and the first the
game has wins; ``C`` and ``POSIX`` (and ``C.UTF-8``) mean English, as do a variable that names
only languages the game does not have. On Linux the desktop sets these variables from its
own language setting. When none is set (a Windows desktop, a macOS application started from
the Finder), the system's list of preferred languages decides
(:mod:`rail_app.core.i18n.system`): the first the game has wins, and English when it has
none of them. Nothing here asks the C library for its locales (no ``locale.setlocale``): the
game speaks Spanish on a machine where no Spanish locale is installed.
"""

from __future__ import annotations

import os
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from rail_app.core.i18n.system import language_of_tag, preferred_languages

#: The language of the message ids (the English text in the code).
SOURCE = "en"
#: The pseudo-locale: every message from the catalog comes back marked and longer
#: (see :mod:`rail_app.core.i18n.pseudo`). Never offered to players; a setting or
#: ``LANGUAGE=qps`` chooses it.
PSEUDO = "qps"
#: The variables that choose a language when the player has not, in the order they count.
ENV_VARIABLES = ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG")
#: The setting that means "as the system says" (a settings file may also leave it out).
AUTOMATIC = ""


@dataclass(frozen=True)
class Language:
    """A language players can choose: its code (the folder under ``locale/``) and its own
    name, which is shown untranslated so that a player who cannot read the current language
    still finds theirs."""

    code: str
    name: str


#: The languages of the settings list, in its order. To add one: its catalog under
#: ``locale/<code>/LC_MESSAGES/rail_app.po``, its row here and in ``numbers.CONVENTIONS``
#: (README, "Languages").
LANGUAGES: tuple[Language, ...] = (
    Language("en", "English"),
    Language("es", "Español"),
)

_LOCALE_NAME = re.compile(r"^([A-Za-z]{2,3})(?:[_-][A-Za-z0-9]+)?(?:\.[A-Za-z0-9_-]+)?"
                          r"(?:@[A-Za-z0-9_-]+)?$")


def codes() -> tuple[str, ...]:
    """The codes of :data:`LANGUAGES`."""
    return tuple(lang.code for lang in LANGUAGES)


def known(code: str) -> bool:
    """A code :func:`rail_app.core.i18n.set_language` accepts: a listed language or the
    pseudo-locale."""
    return code in codes() or code == PSEUDO


def language_of(locale_name: str) -> str | None:
    """The language of a locale name as the variables write it: ``es_ES.UTF-8`` → ``es``,
    ``es-MX`` → ``es``, ``en_GB@euro`` → ``en``, ``C``/``POSIX``/``C.UTF-8`` → ``en``; None for
    text that is not a locale name."""
    name = locale_name.strip()
    base = name.split(".", 1)[0].split("@", 1)[0]
    if base in ("C", "POSIX"):
        return SOURCE
    m = _LOCALE_NAME.match(name)
    if m is None:
        return None
    return m.group(1).lower()


def _environment_choice(environ: Mapping[str, str]) -> str | None:
    """The language the first variable that is set asks for (English when it names none the
    game has); None when no variable is set."""
    for variable in ENV_VARIABLES:
        value = environ.get(variable, "")
        if not value.strip():
            continue
        for item in value.split(":"):
            code = language_of(item)
            if code is not None and known(code):
                return code
        return SOURCE
    return None


def from_environment(environ: Mapping[str, str] | None = None) -> str:
    """The language the gettext variables ask for (English when they ask for none the game
    has). ``environ`` defaults to ``os.environ``."""
    choice = _environment_choice(os.environ if environ is None else environ)
    return SOURCE if choice is None else choice


def from_preferred(preferred: Sequence[str]) -> str:
    """The first language of the system's preferred list (tags such as ``es-ES``) that the
    game has; English when it has none of them."""
    for tag in preferred:
        code = language_of_tag(tag)
        if code is not None and code in codes():
            return code
    return SOURCE


def choose_language(setting: str | None = None,
                    environ: Mapping[str, str] | None = None,
                    preferred: Sequence[str] | None = None) -> str:
    """The language to speak: the player's ``setting`` when it names one the game has
    (a code such as ``"es"``, or the pseudo-locale); else the gettext variables of
    ``environ`` (default ``os.environ``) when one is set (:func:`from_environment`); else the
    system's ``preferred`` languages (default: asked of the system,
    :func:`rail_app.core.i18n.system.preferred_languages`); else English. ``None``,
    :data:`AUTOMATIC` and a code the game does not have (a settings file from a newer
    version) all mean "as the system says"."""
    if setting is not None:
        code = setting.strip()
        if code and known(code):
            return code
    choice = _environment_choice(os.environ if environ is None else environ)
    if choice is not None:
        return choice
    if preferred is None:
        preferred = preferred_languages()
    return from_preferred(preferred)
