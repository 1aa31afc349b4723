"""What an Italian Rails save tells of its game without replaying it (the save's ``game``
block, beside the table's keys of :mod:`rail_app.table.saves`): each player's cash, whether
cash is public (E3), and each player's track as pairs of ``"q,r"`` keys (the save's small
map)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from rail_app.core import guarded

MAX_TRACK = 20_000  # segments of one player in a save's summary


def summary_from_json(raw: Mapping[str, Any], seats: int) -> dict[str, Any]:
    """The game's part of a save's ``game`` block, every field checked (ValueError names
    the fault); missing keys take their defaults (saves of version 1 had none)."""
    extra = set(raw) - {"cash", "cash_public", "track"}
    if extra:
        raise ValueError(f"unknown key {guarded.shorten(sorted(extra)[0])}")
    public = raw.get("cash_public", False)
    if not isinstance(public, bool):
        raise ValueError(f"'cash_public' must be true or false, not {guarded.shorten(public)}")
    cash = raw.get("cash", [0] * seats)
    if not (isinstance(cash, list) and len(cash) == seats and all(
            isinstance(c, int) and not isinstance(c, bool) and abs(c) <= 10**9 for c in cash)):
        raise ValueError(f"'cash' must be {'two' if seats == 2 else seats} whole numbers, "
                         f"not {guarded.shorten(cash)}")
    return {"cash": list(cash), "cash_public": public,
            "track": _track_from_json(raw.get("track", [[] for _ in range(seats)]), seats)}


def _track_from_json(raw: Any, seats: int) -> list[list[list[str]]]:
    if not isinstance(raw, list) or len(raw) != seats:
        raise ValueError("track: expected the track of two players" if seats == 2 else
                         f"track: expected the track of {seats} players")
    out: list[list[list[str]]] = []
    for track in raw:
        if not isinstance(track, list) or len(track) > MAX_TRACK:
            raise ValueError(f"track: expected at most {MAX_TRACK} segments per player")
        segs: list[list[str]] = []
        for seg in track:
            if not (isinstance(seg, list) and len(seg) == 2 and all(
                    isinstance(k, str) and len(k) <= 24 for k in seg)):
                raise ValueError(f"track: a segment is two dots, not {guarded.shorten(seg)}")
            segs.append([seg[0], seg[1]])
        out.append(segs)
    return out
