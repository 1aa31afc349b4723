"""Choosing the language (the setting, else LANGUAGE, LC_ALL, LC_MESSAGES, LANG, never the
system's installed locales) and switching it while the game runs."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from rail_app.core import i18n
from rail_app.core.i18n import _, choose_language, language_of, ngettext, pgettext

FIXTURE = Path(__file__).resolve().parents[1] / "i18n_fixture" / "locale"


@pytest.fixture(autouse=True)
def _english_after() -> Iterator[None]:
    """Each test starts and ends in English (the module is process-wide)."""
    i18n.set_language("en")
    yield
    i18n.set_language("en")


# -- the setting and the variables --------------------------------------------------------

def test_the_setting_wins_over_every_variable() -> None:
    env = {"LANGUAGE": "en", "LC_ALL": "en_US.UTF-8", "LC_MESSAGES": "en", "LANG": "en_GB"}
    assert choose_language("es", env) == "es"
    assert choose_language("en", {"LANG": "es_ES.UTF-8"}) == "en"
    assert choose_language("qps", {}) == "qps"


@pytest.mark.parametrize("setting", [None, "", "  ", "fr", "klingon"])
def test_no_setting_or_one_the_game_lacks_falls_back_to_the_variables(setting: str | None,
                                                                       ) -> None:
    assert choose_language(setting, {"LANG": "es_ES.UTF-8"}) == "es"
    assert choose_language(setting, {}) == "en"


@pytest.mark.parametrize("variable", ["LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"])
def test_each_variable_alone_chooses(variable: str) -> None:
    assert choose_language(None, {variable: "es_ES.UTF-8"}) == "es"
    assert choose_language(None, {variable: "en_US.UTF-8"}) == "en"


@pytest.mark.parametrize(("first", "later"), [("LANGUAGE", "LC_ALL"), ("LC_ALL", "LC_MESSAGES"),
                                              ("LC_MESSAGES", "LANG"), ("LANGUAGE", "LANG")])
def test_the_variables_count_in_gettexts_order(first: str, later: str) -> None:
    assert choose_language(None, {first: "es", later: "en_US.UTF-8"}) == "es"
    assert choose_language(None, {first: "en_US.UTF-8", later: "es"}) == "en"


def test_an_empty_variable_is_as_if_unset() -> None:
    assert choose_language(None, {"LANGUAGE": "", "LC_ALL": " ", "LANG": "es_AR.UTF-8"}) == "es"


@pytest.mark.parametrize(("value", "expected"), [
    ("es", "es"), ("es_ES", "es"), ("es_ES.UTF-8", "es"), ("es-MX", "es"), ("es_ES@euro", "es"),
    ("es_ES.ISO-8859-15@euro", "es"), ("C", "en"), ("POSIX", "en"), ("C.UTF-8", "en"),
    ("en_GB.UTF-8", "en"), ("fr_FR.UTF-8", "fr"), ("", None), ("es ES", None), ("/etc", None),
])
def test_locale_names_are_read_as_the_variables_write_them(value: str,
                                                           expected: str | None) -> None:
    assert language_of(value) == expected


def test_language_lists_the_first_language_the_game_has() -> None:
    assert choose_language(None, {"LANGUAGE": "es:en"}) == "es"
    assert choose_language(None, {"LANGUAGE": "fr:de:es", "LANG": "en_US.UTF-8"}) == "es"
    assert choose_language(None, {"LANGUAGE": "fr:en:es"}) == "en"


def test_c_and_posix_mean_english_and_end_the_list() -> None:
    assert choose_language(None, {"LC_ALL": "C", "LANG": "es_ES.UTF-8"}) == "en"
    assert choose_language(None, {"LANG": "POSIX"}) == "en"
    assert choose_language(None, {"LANGUAGE": "C:es"}) == "en"


def test_a_variable_naming_only_other_languages_means_english() -> None:
    """As gettext reads them: the first variable that is set decides, even when it names
    no language the game has."""
    assert choose_language(None, {"LANGUAGE": "fr:de", "LANG": "es_ES.UTF-8"}) == "en"


def test_the_environment_defaults_to_the_process_environment(
        monkeypatch: pytest.MonkeyPatch) -> None:
    for name in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("LC_MESSAGES", "es_CL.UTF-8")
    assert choose_language() == "es"


def test_no_system_locale_is_needed(monkeypatch: pytest.MonkeyPatch) -> None:
    """Spanish on a machine that has no Spanish locale: the choice and the catalog never
    ask the C library (``locale.setlocale`` would raise for a missing locale)."""
    import locale

    def refuse(*args: object) -> str:
        raise AssertionError("the game must not call locale.setlocale")

    monkeypatch.setattr(locale, "setlocale", refuse)
    code = choose_language(None, {"LANG": "es_UY.UTF-8"})
    i18n.set_language(code)
    assert i18n.language() == "es"
    assert _("System language") == "Idioma del sistema"


# -- switching while the game runs -----------------------------------------------------------

def test_english_until_a_language_is_set_whatever_the_environment() -> None:
    """Importing the module reads no variable: a test speaks the language it sets."""
    import importlib
    import os
    import subprocess
    import sys

    code = ("from rail_app.core import i18n; "
            "print(i18n.language(), i18n._('System language'))")
    root = Path(__file__).resolve().parents[2]
    done = subprocess.run([sys.executable, "-c", code], cwd=root, capture_output=True,
                          text=True, env={**os.environ, "LANGUAGE": "es", "LANG": "es_ES.UTF-8",
                                          "PYTHONPATH": str(root)}, check=True)
    assert done.stdout.strip() == "en System language"
    assert importlib.import_module("rail_app.core.i18n").language() == "en"


def test_switching_changes_the_next_lookup_without_a_restart() -> None:
    label = i18n.N_("System language")  # kept untranslated, translated where shown
    assert _(label) == "System language"
    i18n.set_language("es")
    assert _(label) == "Idioma del sistema"
    i18n.set_language("en")
    assert _(label) == "System language"


def test_the_version_goes_up_and_listeners_are_told() -> None:
    heard: list[str] = []
    stop = i18n.on_change(heard.append)
    before = i18n.version()
    i18n.set_language("es")
    i18n.set_language("qps")
    assert i18n.version() == before + 2
    assert heard == ["es", "qps"]
    stop()
    i18n.set_language("en")
    assert heard == ["es", "qps"]
    stop()  # twice is harmless


def test_using_language_puts_the_language_back() -> None:
    i18n.set_language("es")
    with i18n.using_language("en"):
        assert _("System language") == "System language"
    assert i18n.language() == "es"
    assert _("System language") == "Idioma del sistema"


def test_an_unknown_language_is_refused_with_the_ones_the_game_has() -> None:
    with pytest.raises(ValueError, match="unknown language 'fr': the game has en, es"):
        i18n.set_language("fr")
    assert i18n.language() == "en"


def test_the_settings_list_names_each_language_in_itself() -> None:
    i18n.set_language("es")
    choices = i18n.language_choices()
    assert choices[0] == (i18n.AUTOMATIC, "Idioma del sistema")
    assert ("en", "English") in choices and ("es", "Español") in choices


# -- plural forms and contexts from a real catalog (tests/i18n/locale) ------------------------

def test_a_fixture_catalog_is_compiled_in_memory_and_read_by_gettext() -> None:
    i18n.set_language("es", folder=FIXTURE)
    assert _("New game") == "Nueva partida"
    assert _("Turn {turn} · {player}").format(turn=3, player="Anna") == "Turno 3 · Anna"
    assert _("A line that goes on\nover two \"quoted\" lines") == (
        "Una línea que sigue\nen dos líneas «entre comillas»")


@pytest.mark.parametrize(("n", "expected"), [(0, "0 vías"), (1, "1 vía"), (2, "2 vías"),
                                             (21, "21 vías")])
def test_plural_forms_come_from_the_catalogs_header(n: int, expected: str) -> None:
    i18n.set_language("es", folder=FIXTURE)
    assert ngettext("{n} segment", "{n} segments", n).format(n=n) == expected


def test_english_plurals_are_the_ids() -> None:
    assert ngettext("{n} segment", "{n} segments", 1).format(n=1) == "1 segment"
    assert ngettext("{n} segment", "{n} segments", 5).format(n=5) == "5 segments"


def test_contexts_tell_apart_the_same_english_word() -> None:
    i18n.set_language("es", folder=FIXTURE)
    assert pgettext("locomotive", "Freight") == "Tren de mercancías"
    assert pgettext("goods", "Freight") == "Mercancías"
    assert _("Freight") == "Freight"  # no message without a context


def test_untranslated_fuzzy_and_obsolete_messages_stay_english() -> None:
    """As GNU msgfmt compiles: the game never shows a translation a translator has not
    confirmed (the check refuses such a catalog before a release)."""
    i18n.set_language("es", folder=FIXTURE)
    assert _("Not translated yet") == "Not translated yet"
    assert _("Still fuzzy") == "Still fuzzy"
    assert _("Gone from the code") == "Gone from the code"
    assert _("A message no catalog has") == "A message no catalog has"


def test_the_games_spanish_catalog_loads() -> None:
    i18n.set_language("es")
    assert i18n.money_millions(1, words=True) == "1 millón"
    assert i18n.money_millions(250, words=True) == "250 millones"
    # the maps' commodities, in the Spanish rulebook's word: "La mercancía (marble [mármol])"
    assert pgettext("commodity", "marble") == "mármol"
    assert pgettext("commodity", "olive oil") == "aceite de oliva"
