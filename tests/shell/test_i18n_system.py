"""The system language on every desktop: Windows' display languages, macOS' preferred
languages, Linux's environment. Each platform's answer is simulated: a stand-in for kernel32
and for Core Foundation that answers as the real ones do (the same calls, the same buffers),
so the code that talks to them runs here as it runs there."""

from __future__ import annotations

import argparse
import ctypes
import shutil
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import pytest

from rail_app.core import i18n
from rail_app.core.i18n import choose_language, system
from rail_app.core.i18n.system import language_of_tag, macos_languages, windows_languages

NO_VARIABLES: dict[str, str] = {}


# -- stand-ins for the systems' libraries -----------------------------------------------------

class Function:
    """A library's function: callable, and takes ``argtypes`` and ``restype`` as ctypes'
    functions do."""

    def __init__(self, call: Any) -> None:
        self.call = call
        self.argtypes: list[Any] | None = None
        self.restype: Any = None

    def __call__(self, *args: Any) -> Any:
        assert self.argtypes is not None and len(args) == len(self.argtypes), \
            "called before its argument types were set, or with others"
        return self.call(*args)


class FakeKernel32:
    """``GetUserPreferredUILanguages`` as Windows answers it: with no buffer it gives the size
    of the list (in characters, the final NULs counted); with one, it fills it."""

    def __init__(self, languages: Sequence[str], fail: bool = False) -> None:
        self.text = "".join(f"{name}\0" for name in languages) + "\0"
        self.languages = languages
        self.fail = fail
        self.calls: list[tuple[int, bool]] = []
        self.GetUserPreferredUILanguages = Function(self._call)

    def _call(self, flags: int, count: Any, buffer: Any, size: Any) -> int:
        self.calls.append((flags, buffer is not None))
        if self.fail:
            return 0
        count.contents.value = len(self.languages)
        if buffer is None:
            size.contents.value = len(self.text)
            return 1
        if size.contents.value < len(self.text):
            return 0  # ERROR_INSUFFICIENT_BUFFER
        ctypes.memmove(buffer, ctypes.create_unicode_buffer(self.text, len(self.text)),
                       len(self.text) * ctypes.sizeof(ctypes.c_wchar))
        size.contents.value = len(self.text)
        return 1


class FakeCoreFoundation:
    """``CFLocaleCopyPreferredLanguages`` and the CFArray and CFString calls that read it,
    as macOS answers them; counts what is released."""

    ARRAY = 0x1000

    def __init__(self, languages: Sequence[str] | None) -> None:
        self.languages = languages
        self.released: list[int] = []
        self.CFLocaleCopyPreferredLanguages = Function(
            lambda: None if languages is None else self.ARRAY)
        self.CFArrayGetCount = Function(self._count)
        self.CFArrayGetValueAtIndex = Function(self._value)
        self.CFStringGetCString = Function(self._c_string)
        self.CFRelease = Function(self.released.append)

    def _count(self, array: int) -> int:
        assert array == self.ARRAY
        return len(self.languages or ())

    def _value(self, array: int, index: int) -> int:
        assert array == self.ARRAY
        return 0x2000 + index

    def _c_string(self, string: int, buffer: Any, size: int, encoding: int) -> bool:
        assert encoding == system.CF_STRING_ENCODING_UTF8
        data = (self.languages or ())[string - 0x2000].encode("utf-8")
        if len(data) + 1 > size:
            return False
        buffer.value = data
        return True


@pytest.fixture
def on(monkeypatch: pytest.MonkeyPatch) -> Any:
    """``on("win32", kernel32=...)`` or ``on("darwin", core_foundation=...)``: the process
    believes it runs there, with that stand-in for the system's library; the other system's
    library is never asked for."""

    def never() -> Any:
        raise AssertionError("asked the library of another system")

    def setup(platform: str, kernel32: Any = None, core_foundation: Any = None) -> None:
        monkeypatch.setattr(system.sys, "platform", platform)
        monkeypatch.setattr(system, "_kernel32", (lambda: kernel32) if kernel32 else never)
        monkeypatch.setattr(system, "_core_foundation",
                            (lambda: core_foundation) if core_foundation else never)

    return setup


# -- Windows --------------------------------------------------------------------------------

def test_windows_gives_the_users_display_languages_in_order() -> None:
    kernel32 = FakeKernel32(["es-ES", "en-US"])
    assert windows_languages(kernel32) == ["es-ES", "en-US"]
    assert kernel32.calls == [(system.MUI_LANGUAGE_NAME, False),
                              (system.MUI_LANGUAGE_NAME, True)]


def test_a_spanish_windows_speaks_spanish(on: Any) -> None:
    on("win32", kernel32=FakeKernel32(["es-MX", "en-US"]))
    assert choose_language(None, NO_VARIABLES) == "es"
    on("win32", kernel32=FakeKernel32(["en-GB", "es-ES"]))
    assert choose_language(None, NO_VARIABLES) == "en"


def test_the_first_display_language_the_game_has_wins(on: Any) -> None:
    on("win32", kernel32=FakeKernel32(["fr-FR", "de-DE", "es-ES", "en-US"]))
    assert choose_language(None, NO_VARIABLES) == "es"
    on("win32", kernel32=FakeKernel32(["fr-FR", "de-DE"]))
    assert choose_language(None, NO_VARIABLES) == "en"


def test_a_failing_windows_call_means_english(on: Any) -> None:
    on("win32", kernel32=FakeKernel32(["es-ES"], fail=True))
    assert choose_language(None, NO_VARIABLES) == "en"


def test_no_kernel32_means_english(on: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    on("win32")

    def missing() -> Any:
        raise OSError("kernel32 cannot be loaded")

    monkeypatch.setattr(system, "_kernel32", missing)
    assert system.preferred_languages() == []
    assert choose_language(None, NO_VARIABLES) == "en"


# -- macOS ----------------------------------------------------------------------------------

def test_macos_gives_the_preferred_languages_and_releases_the_array() -> None:
    cf = FakeCoreFoundation(["es-419", "en-US", "ca-ES"])
    assert macos_languages(cf) == ["es-419", "en-US", "ca-ES"]
    assert cf.released == [FakeCoreFoundation.ARRAY]


def test_a_mac_in_spanish_started_from_the_finder_speaks_spanish(on: Any) -> None:
    """An application opened from the Finder has no LANG: the preferred languages decide."""
    on("darwin", core_foundation=FakeCoreFoundation(["es-ES", "en"]))
    assert choose_language(None, NO_VARIABLES) == "es"
    on("darwin", core_foundation=FakeCoreFoundation(["en", "es"]))
    assert choose_language(None, NO_VARIABLES) == "en"
    on("darwin", core_foundation=FakeCoreFoundation(["zh-Hans-CN", "es"]))
    assert choose_language(None, NO_VARIABLES) == "es"


def test_no_answer_from_core_foundation_means_english(on: Any,
                                                      monkeypatch: pytest.MonkeyPatch) -> None:
    on("darwin", core_foundation=FakeCoreFoundation(None))
    assert choose_language(None, NO_VARIABLES) == "en"

    def missing() -> Any:
        raise OSError("no Core Foundation")

    monkeypatch.setattr(system, "_core_foundation", missing)
    assert choose_language(None, NO_VARIABLES) == "en"


def test_what_is_not_a_language_tag_is_passed_over() -> None:
    cf = FakeCoreFoundation(["", "/etc/passwd", "x" * 100, "es-ES"])
    assert macos_languages(cf) == ["es-ES"]
    kernel32 = FakeKernel32(["; rm", "es-AR"])
    assert windows_languages(kernel32) == ["es-AR"]


# -- Linux and the order of the sources ---------------------------------------------------------

def test_linux_reads_the_environment_and_asks_no_library(on: Any) -> None:
    on("linux")
    assert system.preferred_languages() == []
    assert choose_language(None, {"LANG": "es_ES.UTF-8"}) == "es"
    assert choose_language(None, {"LANGUAGE": "es:en", "LANG": "en_US.UTF-8"}) == "es"
    assert choose_language(None, NO_VARIABLES) == "en"


def test_a_variable_set_by_hand_wins_over_the_systems_list(on: Any) -> None:
    """``LANGUAGE=en`` in a terminal on a Spanish Windows or Mac is a choice: it wins, as
    the README says; with no variable the system's list decides."""
    for platform, kw in (("win32", {"kernel32": FakeKernel32(["es-ES"])}),
                         ("darwin", {"core_foundation": FakeCoreFoundation(["es-ES"])})):
        on(platform, **kw)
        assert choose_language(None, {"LANGUAGE": "en"}) == "en"
        assert choose_language(None, {"LANG": "en_US.UTF-8"}) == "en"
        assert choose_language(None, NO_VARIABLES) == "es"


def test_the_players_setting_wins_over_the_system(on: Any) -> None:
    on("darwin", core_foundation=FakeCoreFoundation(["es-ES"]))
    assert choose_language("en", NO_VARIABLES) == "en"
    assert choose_language("", NO_VARIABLES) == "es"  # "System language"


@pytest.mark.parametrize(("tag", "expected"), [
    ("es", "es"), ("es-ES", "es"), ("es-419", "es"), ("ES_es", "es"), ("zh-Hans-CN", "zh"),
    ("en-US-u-ca-gregory", "en"), ("", None), ("e", None), ("español", None),
    ("es ES", None), ("es-", None),
])
def test_language_tags_are_read_as_the_systems_write_them(tag: str,
                                                          expected: str | None) -> None:
    assert language_of_tag(tag) == expected


def test_the_game_starts_in_the_systems_language(on: Any,
                                                 monkeypatch: pytest.MonkeyPatch) -> None:
    """The command line's start (the game and every tool) chooses through the same path:
    no setting, no variable, a Mac that prefers Spanish: Spanish words."""
    from rail_app.cli import speak

    for name in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"):
        monkeypatch.delenv(name, raising=False)
    on("darwin", core_foundation=FakeCoreFoundation(["es-ES"]))
    speak(argparse.Namespace(json=False))
    assert i18n.language() == "es"
    assert i18n._("System language") == "Idioma del sistema"


def test_without_the_template_the_pseudo_locale_is_english(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The standalone game carries the catalogs but not their template (a translator's
    tool): the pseudo-locale, made from the template, is then English, never a crash."""
    assert choose_language("qps", NO_VARIABLES) == "qps"  # a checkout has the template
    catalogs = tmp_path / "locale" / "es" / "LC_MESSAGES"
    catalogs.mkdir(parents=True)
    shutil.copy(i18n.catalog_path("es"), catalogs / "rail_app.po")
    monkeypatch.setattr(i18n, "locale_dir", lambda: tmp_path / "locale")
    assert choose_language("qps", NO_VARIABLES) == "en"
    assert choose_language(None, {"LANGUAGE": "qps"}) == "en"
    assert choose_language(None, {"LANGUAGE": "es"}) == "es"
    i18n.set_language(choose_language(None, {"LANGUAGE": "es"}))
    assert i18n._("System language") == "Idioma del sistema"
