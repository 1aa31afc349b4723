"""Listing a map's problems the way a person reads them: in file order, and not too many.

Deleting a few cities from a map can make hundreds of deck cards name unknown cities; a
screenful of those hides the one line that matters. So a listing shows the first
:data:`LIMIT` problems in the order of the files and lines, then how many more there are.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from rail_app.core.guarded import shorten
from rail_app.core.mapfile import MapProblem

#: How many problems a listing shows before "... and N more".
LIMIT = 20
#: From this many, the problems of a deck naming what its map lacks are one line: a city
#: deleted from a map is asked for by several cards, a misspelling in the deck by one.
STALE_GROUP = 5


def in_file_order(problems: Iterable[MapProblem]) -> list[MapProblem]:
    """Problems sorted by file (in the order the files first appear) and line; problems
    without a line (a missing file) come first in their file. The sort is stable."""
    items = list(problems)
    files: dict[str, int] = {}
    for p in items:
        files.setdefault(p.file, len(files))
    return sorted(items, key=lambda p: (files[p.file], p.line if p.line is not None else 0))


def problem_lines(problems: Sequence[MapProblem], *, show_all: bool = False,
                  limit: int = LIMIT, all_option: bool = True) -> list[str]:
    """``file:line: message`` lines in file order: the first ``limit`` of them, then
    "... and N more (run with --all)"; every one with ``show_all``. The problems of a deck
    naming what its map no longer has (cities deleted, a commodity renamed), when there are
    :data:`STALE_GROUP` or more, are one line with their count, what they name and the
    command that remakes the deck (:func:`stale_deck_line`); ``show_all`` lists them one by
    one. ``all_option``: whether the reader can ask for --all (a command line can, the
    preview's panel cannot)."""
    ordered = in_file_order(problems)
    if show_all:
        return [str(p) for p in ordered]
    stale = [p for p in ordered if p.stale is not None]
    lines: list[str] = []
    if len(stale) >= STALE_GROUP:
        lines.append(stale_deck_line(stale, all_option=all_option))
        ordered = [p for p in ordered if p.stale is None]
    if len(ordered) <= limit:
        return lines + [str(p) for p in ordered]
    rest = len(ordered) - limit
    more = " (run with --all)" if all_option else ""
    return lines + [str(p) for p in ordered[:limit]] + [f"\u2026 and {rest} more{more}"]


def stale_deck_line(stale: Sequence[MapProblem], *, all_option: bool = True,
                    names: int = 8) -> str:
    """One line for the problems of a deck made for an older state of its map: how many,
    what they name that the map no longer has, and the command that makes the deck again."""
    first = stale[0]
    assert first.stale is not None
    deck, board = first.file, first.stale[1]
    gone = sorted({shorten(p.stale[0], 40) for p in stale if p.stale is not None})
    listed = ", ".join(gone[:names]) + (f" and {len(gone) - names} more"
                                        if len(gone) > names else "")
    n = len(stale)
    tail = " (--all lists them)" if all_option else ""
    return (f"{deck}: {n} problem{'s' if n != 1 else ''}: the deck was made for an older "
            f"version of the map (its cards name {listed}); make it again from the map "
            f"with: python -m rail_app build-deck {board}{tail}")
