"""The kinds of value the command line takes, shared by the command line
(:mod:`rail_app.cli`) and the commands a game brings with its own tools (Italian Rails'
``autoplay``, ``lesson-seed``...): each an argparse type that refuses anything else with a
clean message (exit status 2), never a traceback."""

from __future__ import annotations

import argparse
import os
import re
from collections.abc import Callable

from rail_app.core.i18n import _

#: The largest counts the harnesses take (games, cases, turns).
MAX_GAMES = 1_000_000
MAX_TURN_CAP = 10_000


def count(low: int, high: int) -> Callable[[str], int]:
    """An argparse type: a whole number from ``low`` to ``high`` (else a clean refusal, exit
    2: a count of -1 that would "pass" having done nothing, or one so large that the run
    would eat the machine's memory)."""

    def parse(text: str) -> int:
        t = text.strip()
        digits = t[1:] if t[:1] in "+-" else t
        if not digits.isascii() or not digits.isdigit() or len(digits) > 12:
            raise argparse.ArgumentTypeError(f"{text[:40]!r} is not a whole number from "
                                             f"{low:,} to {high:,}")
        n = int(t)
        if not low <= n <= high:
            raise argparse.ArgumentTypeError(f"must be from {low:,} to {high:,}, not {n:,}")
        return n

    parse.__name__ = "number"  # argparse names the type in its message
    return parse


def project_folder(text: str) -> str:
    """An argparse type: the project's folder (it holds ``maps/``)."""
    if not os.path.isdir(text):
        raise argparse.ArgumentTypeError(f"{text[:200]!r} is not a folder")
    if not os.path.isdir(os.path.join(text, "maps")):
        raise argparse.ArgumentTypeError(f"{text[:200]!r} is not the project's folder "
                                         "(it has no maps/ folder)")
    return text


def parse_size(text: str) -> tuple[int, int]:
    """An argparse type: a window size such as ``1600x900``, at least 1280x720."""
    m = re.fullmatch(r"\s*(\d{3,5})\s*[xX×]\s*(\d{3,5})\s*", text)
    if not m:
        raise argparse.ArgumentTypeError(_("{text!r} is not a size like 1600x900").format(text=text))
    w, h = int(m.group(1)), int(m.group(2))
    if w < 1280 or h < 720:
        raise argparse.ArgumentTypeError(_("{text}: the window is at least 1280x720").format(text=text))
    return w, h
