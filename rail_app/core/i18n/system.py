"""The languages the desktop prefers, asked of the system where it keeps them outside the
environment.

- **Windows**: the user's display languages, most preferred first, from
  ``GetUserPreferredUILanguages`` (kernel32; what Settings → Time & language → Language sets),
  e.g. ``es-ES``, ``en-US``.
- **macOS**: the preferred languages of System Settings → Language & Region, from Core
  Foundation's ``CFLocaleCopyPreferredLanguages`` (what ``NSLocale.preferredLanguages`` and
  ``defaults read -g AppleLanguages`` give), e.g. ``es-ES``, ``en``. An application started
  from the Finder has no ``LANG``: this is its only word on the matter.
- **Linux and the other Unix desktops** keep the choice in the session's environment
  (``LANGUAGE``, ``LC_ALL``, ``LC_MESSAGES``, ``LANG``, which the desktop sets from its own
  language setting); :func:`rail_app.core.i18n.choose.from_environment` reads it, and there
  is nothing more to ask here.

These are the calls SDL makes for ``SDL_GetPreferredLocales`` (pygame's
``pygame.system.get_pref_locales``); they are made here, through ctypes, because the language
is chosen before pygame starts and the core does not import pygame (on Linux SDL also reads
``LANG`` before ``LANGUAGE``, against gettext's order). No package on PyPI does this for both
systems without bringing a whole binding of the system's API (pyobjc, winrt).

The system's answer is read, never trusted: a library that cannot be loaded, a call that
fails or text that is not a language tag gives no language (the game then speaks English),
and the caller is never stopped by it.
"""

from __future__ import annotations

import ctypes
import ctypes.util
import re
import sys
from typing import Any

#: ``GetUserPreferredUILanguages``' flag for names such as ``es-ES`` (not numeric ids).
MUI_LANGUAGE_NAME = 0x8
#: Core Foundation's UTF-8 encoding id.
CF_STRING_ENCODING_UTF8 = 0x08000100
#: The framework's own path, where ``ctypes.util.find_library`` finds nothing (a frozen app).
CORE_FOUNDATION = "/System/Library/Frameworks/CoreFoundation.framework/CoreFoundation"
#: More languages than anyone lists (a bound on what is read from the system).
MOST = 64

_TAG = re.compile(r"^([A-Za-z]{2,3})(?:[-_][A-Za-z0-9]{1,8})*$")


def language_of_tag(tag: str) -> str | None:
    """The language of a tag as these systems write it: ``es-ES`` → ``es``, ``es-419`` →
    ``es``, ``zh-Hans-CN`` → ``zh``, ``en`` → ``en``; None for anything else."""
    m = _TAG.match(tag.strip())
    return m.group(1).lower() if m else None


def preferred_languages(platform: str | None = None) -> list[str]:
    """The system's preferred languages as it writes them, most preferred first; empty on a
    system that keeps them in the environment (Linux) or that gives no answer."""
    platform = sys.platform if platform is None else platform
    if platform == "win32":
        return windows_languages()
    if platform == "darwin":
        return macos_languages()
    return []


def _tags(items: list[str]) -> list[str]:
    """The items that are language tags, at most :data:`MOST`, in their order."""
    return [item.strip() for item in items if language_of_tag(item) is not None][:MOST]


# -- Windows ---------------------------------------------------------------------------------

def _kernel32() -> Any:
    return ctypes.WinDLL("kernel32")  # type: ignore[attr-defined, unused-ignore]


def windows_languages(kernel32: Any = None) -> list[str]:
    """``GetUserPreferredUILanguages(MUI_LANGUAGE_NAME, ...)``: asked once for the size of
    its answer (a list of names, each ended by a NUL, the list by another), then for the
    answer. ``kernel32`` stands in for the system's library (tests)."""
    try:
        lib = _kernel32() if kernel32 is None else kernel32
    except (OSError, AttributeError):
        return []
    ulong = ctypes.c_ulong
    call = lib.GetUserPreferredUILanguages
    call.argtypes = [ctypes.c_uint32, ctypes.POINTER(ulong), ctypes.c_wchar_p,
                     ctypes.POINTER(ulong)]
    call.restype = ctypes.c_int
    count, size = ulong(0), ulong(0)
    if not call(MUI_LANGUAGE_NAME, ctypes.pointer(count), None, ctypes.pointer(size)):
        return []
    if not 0 < size.value <= MOST * 90:
        return []
    buffer = ctypes.create_unicode_buffer(size.value)
    if not call(MUI_LANGUAGE_NAME, ctypes.pointer(count), buffer, ctypes.pointer(size)):
        return []
    text = ctypes.wstring_at(buffer, min(size.value, len(buffer)))
    return _tags(text.split("\0"))


# -- macOS -----------------------------------------------------------------------------------

def _core_foundation() -> Any:
    return ctypes.CDLL(ctypes.util.find_library("CoreFoundation") or CORE_FOUNDATION)


def macos_languages(core_foundation: Any = None) -> list[str]:
    """``CFLocaleCopyPreferredLanguages()``: an array of strings, each copied out as UTF-8,
    the array released. ``core_foundation`` stands in for the framework (tests)."""
    try:
        cf = _core_foundation() if core_foundation is None else core_foundation
    except OSError:
        return []
    ref, index = ctypes.c_void_p, ctypes.c_long
    cf.CFLocaleCopyPreferredLanguages.argtypes = []
    cf.CFLocaleCopyPreferredLanguages.restype = ref
    cf.CFArrayGetCount.argtypes = [ref]
    cf.CFArrayGetCount.restype = index
    cf.CFArrayGetValueAtIndex.argtypes = [ref, index]
    cf.CFArrayGetValueAtIndex.restype = ref
    cf.CFStringGetCString.argtypes = [ref, ctypes.c_char_p, index, ctypes.c_uint32]
    cf.CFStringGetCString.restype = ctypes.c_bool
    cf.CFRelease.argtypes = [ref]
    cf.CFRelease.restype = None
    array = cf.CFLocaleCopyPreferredLanguages()
    if not array:
        return []
    names: list[str] = []
    try:
        for i in range(min(int(cf.CFArrayGetCount(array)), MOST)):
            string = cf.CFArrayGetValueAtIndex(array, i)
            buffer = ctypes.create_string_buffer(128)
            if string and cf.CFStringGetCString(string, buffer, len(buffer),
                                                CF_STRING_ENCODING_UTF8):
                names.append(buffer.value.decode("utf-8", "replace"))
    finally:
        cf.CFRelease(array)
    return _tags(names)
