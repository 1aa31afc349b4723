"""The Chief's ledger (DG-A10): a place kept at a city for every train already on its way
there, so that no train is sent into a city whose places are all spoken for.

A place is kept only for a train it fits: a long train fits only the long-train track, so a
free short-train track is never kept for a long train coming (it could not use it, and
keeping it stalled the trains that could: DG-Q1, no deadlock)."""

from __future__ import annotations

from rail_app.games.railpass.rules.state import EMPTY, Place, RoundState, is_long


def coming(s: RoundState) -> list[list[int]]:
    """The trains on their way to each city: offered to it, inside an obstacle toward it, or
    held by its seat there (the places they will want)."""
    out: list[list[int]] = [[] for _ in s.tracks]
    for o in s.offers.values():
        out[o.to].append(o.train)
    for t in range(len(s.place)):
        if s.place[t] is Place.TRANSIT or (s.place[t] is Place.HELD and not s.offer_of[t]):
            out[s.at[t]].append(t)
    return out


def kept_free(s: RoundState, z: int, t: int, trains: list[int]) -> bool:
    """Whether train ``t`` finds a free track at ``z`` (one that fits it: the caller's) with a
    place still kept for each train of ``trains`` (on its way there): more free tracks than
    trains on their way, or a place left for ``t`` once the long trains coming, which fit
    only the long-train track, are kept at most that one."""
    long_free = s.tracks[z][0] == EMPTY
    free = sum(1 for k in (0, 1) if s.tracks[z][k] == EMPTY)
    others = [u for u in trains if u != t]
    if free > len(others):
        return True  # a place for every train on its way, and one more
    longs = min(sum(1 for u in others if is_long(u)), 1 if long_free else 0)
    shorts = sum(1 for u in others if not is_long(u))
    need_long = longs + (1 if is_long(t) else 0)
    return need_long <= (1 if long_free else 0) and longs + shorts + 1 <= free
