"""The event kinds (E1-E9) in one table, read by the deck reader (what a card of each kind
takes), the events (what lasts, what slows, how far a zone reaches), the computer opponent
(what an event in force blocks) and the screen (its words, its zone).

A new kind of event is a row here and its resolver in :mod:`.events` (what it does when
drawn); the map takes a colour for its zone from the palette if it wants one of its own.
``docs/architecture.md`` ("Adding an event kind") walks through one.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from rail_app.core.i18n import N_


class EventKind(StrEnum):
    """The kinds of event card (E1). The value is what deck files and records write."""

    TAX = "tax"  # E3
    FLOOD = "flood"  # E4
    STORM = "storm"  # E5
    VOLCANO = "volcano"  # E6
    DERAILMENT = "derailment"  # E7
    BAD_WEATHER = "bad_weather"


class Param(StrEnum):
    """The parameters an event card may give in the deck file (E9); each is checked by its
    type against the map (river and city names, a sea, a volcano, a position, a radius)."""

    RIVERS = "rivers"  # river names
    SYSTEMS = "systems"  # river system names
    SEA = "sea"  # a sea of the map
    VOLCANO = "volcano"  # a volcano of the map
    CITIES = "cities"  # city names (zone centres)
    AT = "at"  # a position [x, y] as in map files (a zone centre)
    RADIUS = "radius"  # dots (E8)
    ACROSS_FERRIES = "across_ferries"  # a zone reaches across ferries (E8)


@dataclass(frozen=True)
class EventRule:
    """One kind of event: the parameters its cards take, the ones it cannot do without
    (one of each group, and the words that say so), its zone's radius (``radius`` when a
    card gives none; ``radius_required``: a card must give it), whether it lasts (E2),
    what it does while it lasts (slows trains in its zone, blocks its edges to trains and
    building, forbids building on its edges, closes every ferry, erases track), whether
    the screen circles its zone when it is drawn, and what players call it."""

    params: frozenset[Param]
    needs: tuple[frozenset[Param], ...] = ()
    needs_words: str = ""
    radius: int | None = None
    radius_required: bool = False
    lasting: bool = False
    slows: bool = False
    blocks_edges: bool = False
    forbids_building: bool = False
    closes_ferries: bool = False
    erases_track: bool = False
    circled_when_drawn: bool = False
    words: str = ""


P = Param
EVENT_RULES: dict[EventKind, EventRule] = {
    EventKind.TAX: EventRule(frozenset(), words=N_("tax")),
    EventKind.FLOOD: EventRule(
        frozenset({P.RIVERS, P.SYSTEMS}), (frozenset({P.RIVERS, P.SYSTEMS}),),
        "params.rivers (river names) or params.systems (river systems) (E4)",
        lasting=True, blocks_edges=True, erases_track=True, words=N_("flood")),
    EventKind.STORM: EventRule(
        frozenset({P.SEA}), lasting=True, slows=True, closes_ferries=True,
        words=N_("storm at sea")),
    EventKind.VOLCANO: EventRule(
        frozenset({P.VOLCANO, P.RADIUS, P.ACROSS_FERRIES}), (frozenset({P.VOLCANO}),),
        "params.volcano (E6)", radius=2, radius_required=True, lasting=True,
        forbids_building=True, erases_track=True, words=N_("eruption")),
    EventKind.DERAILMENT: EventRule(
        frozenset({P.CITIES, P.RADIUS, P.ACROSS_FERRIES}), (frozenset({P.CITIES}),),
        "params.cities (E7)", radius=3, circled_when_drawn=True, words=N_("derailment")),
    EventKind.BAD_WEATHER: EventRule(
        frozenset({P.CITIES, P.AT, P.RADIUS, P.ACROSS_FERRIES}),
        (frozenset({P.CITIES, P.AT}),),
        "params.cities or params.at (a position, as in map files)", radius=3,
        radius_required=True, lasting=True, slows=True, words=N_("bad weather")),
}

EVENT_KINDS: tuple[str, ...] = tuple(str(k) for k in EVENT_RULES)


def rule_of(kind: str | None) -> EventRule | None:
    """The row of an event kind (None for a demand card's None or an unknown kind)."""
    if kind is None:
        return None
    try:
        return EVENT_RULES[EventKind(kind)]
    except ValueError:
        return None
