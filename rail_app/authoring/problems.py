"""Listing a map's problems the way a person reads them: in file order, and not too many.

Deleting a few cities from a map can make hundreds of deck cards name unknown cities; a
screenful of those hides the one line that matters. So a listing shows the first
:data:`LIMIT` problems in the order of the files and lines, then how many more there are.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from rail_app.core.mapfile import MapProblem

#: How many problems a listing shows before "... and N more".
LIMIT = 20


def in_file_order(problems: Iterable[MapProblem]) -> list[MapProblem]:
    """Problems sorted by file (in the order the files first appear) and line; problems
    without a line (a missing file) come first in their file. The sort is stable."""
    items = list(problems)
    files: dict[str, int] = {}
    for p in items:
        files.setdefault(p.file, len(files))
    return sorted(items, key=lambda p: (files[p.file], p.line if p.line is not None else 0))


def problem_lines(problems: Sequence[MapProblem], *, show_all: bool = False,
                  limit: int = LIMIT) -> list[str]:
    """``file:line: message`` lines in file order: the first ``limit`` of them, then
    "... and N more (run with --all)"; every one with ``show_all``."""
    ordered = in_file_order(problems)
    if show_all or len(ordered) <= limit:
        return [str(p) for p in ordered]
    rest = len(ordered) - limit
    return [str(p) for p in ordered[:limit]] + [f"\u2026 and {rest} more (run with --all)"]
