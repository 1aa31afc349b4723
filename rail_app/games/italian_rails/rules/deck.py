"""Reading and checking a deck file (C1, E9): the cards of a map.

A deck file is YAML (see ``maps/README.md``, "Deck files"): numbered demand cards with three
demands each, and event cards whose parameters (rivers, seas, volcanoes, cities, radii) are
data. Everything is checked against the map it belongs to, and every mistake is reported as
``file:line: cards[12] #13: unknown city 'Gelaa' (did you mean 'Gela'?)`` through
:class:`~rail_app.core.mapfile.MapError` -- never a traceback.
"""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

from rail_app.core import guarded
from rail_app.core.cache import BoundedCache
from rail_app.core.mapfile import (
    LineIndex,
    MapError,
    MapProblem,
    read_yaml,
    schema_problems,
    suggest,
)
from rail_app.core.paths import resource_path
from rail_app.games.italian_rails.rules.board import Board, load_board
from rail_app.games.italian_rails.rules.deckmodel import Card, Deck, Demand
from rail_app.games.italian_rails.rules.eventkinds import (
    EVENT_KINDS,
    EVENT_RULES,
    EventKind,
    Param,
)

DEMANDS_PER_CARD = 3  # C1
#: The widest event zone a deck may ask for, in dots (a whole map is about 60 dots across).
MAX_RADIUS = 100

#: Which parameters each event kind takes (E9): the table of event kinds.
EVENT_PARAMS: dict[str, frozenset[str]] = {
    str(k): frozenset(str(p) for p in r.params) for k, r in EVENT_RULES.items()}

_SCHEMA: dict[str, Any] | None = None


def deck_schema() -> dict[str, Any]:
    """The JSON Schema of deck files (``maps/deck-schema.json``)."""
    global _SCHEMA
    if _SCHEMA is None:
        text = resource_path("maps", "deck-schema.json").read_text(encoding="utf-8")
        _SCHEMA = json.loads(text)
    return _SCHEMA


_DECKS: BoundedCache[tuple[object, ...], Deck] = BoundedCache(16)


def load_deck(path: str | os.PathLike[str], board: Board, *, use_cache: bool = True) -> Deck:
    """Load a deck file and check it against ``board``; MapError lists every mistake.
    Decks are kept per file version and board (by the board's stamp)."""
    p = Path(path)
    try:
        st = p.stat()
        stamp: tuple[object, ...] = (str(p.resolve()), st.st_mtime_ns, st.st_size, board.stamp)
    except OSError:
        stamp = (str(p), -1, -1, board.stamp)
    found = _DECKS.peek(stamp) if use_cache else None
    if found is not None:
        return found
    deck = _DeckReader(p, str(path), board).read()
    if stamp[1] != -1:
        _DECKS.put(stamp, deck)
    return deck


def load_board_deck(board: Board) -> Deck:
    """The deck named by the map's ``deck:`` key; MapError if the map names none."""
    if board.deck_file is None:
        shown = str(board.path) if board.path else board.name
        raise MapError([MapProblem(shown, None, "this map names no deck file ('deck:' key)")])
    return load_deck(board.deck_file, board)


def load_map(path: str | os.PathLike[str], *, use_cache: bool = True
             ) -> tuple[Board, Deck | None]:
    """A map and the deck it names (None if it names none), each checked in full.

    ``validate-map`` and the game's New game dialog both use this, so a map one accepts the
    other plays: a deck file that is missing or broken is an error in both, even for a
    game of building only, as a map author expects of a map that names a deck.
    """
    board = load_board(path, use_cache=use_cache)
    if board.deck_file is None:
        return board, None
    if not guarded.lexists(board.deck_file):
        raise MapError([MapProblem(str(path), board.deck_line, f"deck: file "
                                   f"{board.deck_file.name!r} not found (beside the map file)")])
    return board, load_deck(board.deck_file, board, use_cache=use_cache)


def river_names(board: Board) -> tuple[set[str], set[str]]:
    """(river names, river system names) known to the board, for flood cards (E4)."""
    names: set[str] = set()
    systems: set[str] = set()
    for f in board.geometry.layer("river"):
        names.add(f.name)
        systems.add(str(f.props.get("system") or f.name))
    for e in board.edges.values():
        for c in e.crossings:
            if c.kind == "river":
                names.add(c.name)
                systems.add(c.system or c.name)
    return names, systems


def event_centres(board: Board, card: Card) -> list[int]:
    """The dots an event's zone is counted from (E8): each listed city's centre dot, the dot
    nearest an ``at`` position, or the volcano's dot. Empty for events without a zone."""
    params = card.params
    out: list[int] = []
    for name in params.get("cities") or []:
        city = board.cities.get(str(name))
        if city is not None:
            out.append(city.centre)
    at = params.get("at")
    if at is not None:
        x, y = board.projection.forward(float(at[0]), float(at[1]))
        d = board.nearest_dot(x, y)
        if d is not None:
            out.append(d)
    vname = params.get("volcano")
    if vname is not None:
        for v in board.volcanoes:
            if v.name == vname:
                d = board.dot_at(v.q, v.r)
                if d is None:
                    d = board.nearest_dot(v.x, v.y)
                if d is not None:
                    out.append(d)
    return out


class _DeckReader:
    def __init__(self, path: Path, shown: str, board: Board) -> None:
        self.path = path
        self.shown = shown
        self.board = board
        self.index = LineIndex()
        self.problems: list[MapProblem] = []

    def problem(self, where: tuple[str | int, ...], message: str, stale: str = "") -> None:
        """One problem; ``stale``: the name the deck gives that the map no longer has."""
        board_file = str(self.board.path) if self.board.path is not None else ""
        self.problems.append(MapProblem(self.shown, self.index.line_of(where), message,
                                        (stale, board_file) if stale else None))

    def read(self) -> Deck:
        data, self.index = read_yaml(self.path, self.shown, guarded.DECK)
        if not isinstance(data, dict):
            raise MapError([MapProblem(self.shown, 1, "a deck file is a mapping with "
                                       "'format' and 'cards', not a list or a value")])
        self.problems.extend(schema_problems(data, deck_schema(), self.index, self.shown))
        if self.problems:
            raise MapError(self.problems)
        cards: dict[int, Card] = {}
        first_at: dict[int, int] = {}
        for i, raw in enumerate(data["cards"]):
            number = int(raw["number"])
            label = f"cards[{i}] #{number}"
            if number in first_at:
                self.problem(("cards", i, "number"), f"{label}: duplicate card number "
                             f"(also cards[{first_at[number]}])")
                continue
            first_at[number] = i
            card = self.card(i, label, raw)
            if card is not None:
                cards[number] = card
        demand_cards = sum(1 for c in cards.values() if not c.is_event)
        rules = self.board.rules
        needed = 2 * rules.deal + rules.pool_max
        if not self.problems and demand_cards < needed:
            self.problem(("cards",), f"cards: the deck has {demand_cards} demand cards; the "
                         f"deal and the pool need at least {needed} (C2)")
        if self.problems:
            raise MapError(self.problems)
        return Deck(cards, self.shown)

    def card(self, i: int, label: str, raw: dict[str, Any]) -> Card | None:
        where: tuple[str | int, ...] = ("cards", i)
        has_demands = "demands" in raw
        has_event = "event" in raw
        if has_demands == has_event:
            self.problem(where, f"{label}: a card has either 'demands' (a demand card) or "
                         "'event' (an event card)")
            return None
        if has_demands:
            for key in ("title", "text", "params"):
                if key in raw:
                    self.problem((*where, key), f"{label}: {key!r} belongs to event cards; "
                                 "a demand card has only 'number' and 'demands'")
            return self.demand_card(i, label, raw)
        return self.event_card(i, label, raw)

    def demand_card(self, i: int, label: str, raw: dict[str, Any]) -> Card | None:
        b = self.board
        demands_raw = raw["demands"]
        ok = True
        if len(demands_raw) != DEMANDS_PER_CARD:
            self.problem(("cards", i, "demands"), f"{label}: a demand card has "
                         f"{DEMANDS_PER_CARD} demands, not {len(demands_raw)} (C1)")
            ok = False
        demands: list[Demand] = []
        for j, d in enumerate(demands_raw):
            where = ("cards", i, "demands", j)
            dl = f"{label}: demands[{j}]"
            city, commodity, payoff = d["city"], d["commodity"], d["payoff"]
            if city not in b.cities:
                self.problem((*where, "city"),
                             f"{dl}: unknown city {city!r}{suggest(city, b.cities)}", city)
                ok = False
            if commodity not in b.commodities:
                self.problem((*where, "commodity"), f"{dl}: unknown commodity "
                             f"{commodity!r}{suggest(commodity, b.commodities)}", commodity)
                ok = False
            elif not b.suppliers.get(commodity):
                self.problem((*where, "commodity"), f"{dl}: no city of the map offers "
                             f"{commodity!r}, so it can never be delivered", commodity)
                ok = False
            elif city in b.cities and b.cities[city].commodity == commodity:
                self.problem((*where, "commodity"), f"{dl}: {city} asks for {commodity}, "
                             "which it offers itself", f"{city}'s {commodity}")
                ok = False
            if payoff <= 0:
                self.problem((*where, "payoff"), f"{dl}: payoff must be positive, "
                             f"not {payoff}")
                ok = False
            demands.append(Demand(city, commodity, int(payoff)))
        commodities = [d.commodity for d in demands]
        if ok and len(set(commodities)) != len(commodities):
            self.problem(("cards", i, "demands"), f"{label}: the same commodity is asked "
                         "for twice on one card")
            ok = False
        if not ok:
            return None
        return Card(int(raw["number"]), tuple(demands))

    def event_card(self, i: int, label: str, raw: dict[str, Any]) -> Card | None:
        b = self.board
        where: tuple[str | int, ...] = ("cards", i)
        kind = raw["event"]
        if kind not in EVENT_KINDS:
            self.problem((*where, "event"), f"{label}: unknown event kind {kind!r}"
                         f"{suggest(kind, EVENT_KINDS)} (one of {', '.join(EVENT_KINDS)})")
            return None
        ok = True
        for key in ("title", "text"):
            if not str(raw.get(key) or "").strip():
                self.problem(where, f"{label}: an event card needs a {key!r}")
                ok = False
        params: dict[str, Any] = dict(raw.get("params") or {})
        pw: tuple[str | int, ...] = (*where, "params")
        for key in params:
            if key not in EVENT_PARAMS[kind]:
                allowed = sorted(EVENT_PARAMS[kind])
                hint = suggest(key, allowed)
                self.problem((*pw, key), f"{label}: a {kind} card has no parameter "
                             f"{guarded.shorten(key)}"
                             f"{hint}" + (f" (it takes {', '.join(allowed)})" if allowed
                                          and not hint else ""))
                ok = False
        if not ok:
            return None  # one line per mistake: a misspelt parameter is not also "missing"

        def name_list(key: str, known: set[str] | dict[str, Any], what: str) -> bool:
            value = params[key]
            if isinstance(value, str):
                value = [value]
                params[key] = value
            if not isinstance(value, list) or not value:
                self.problem((*pw, key), f"{label}: params.{key} must be a list of {what} "
                             "names")
                return False
            good = True
            for k, name in enumerate(value):
                if not isinstance(name, str) or name not in known:
                    self.problem((*pw, key, k), f"{label}: unknown {what} {guarded.shorten(name)}"
                                 f"{suggest(str(name), known)}",
                                 name if isinstance(name, str) else "")
                    good = False
            return good

        def radius(required: bool, default: int | None = None) -> bool:
            if "radius" not in params:
                if default is not None:
                    params["radius"] = default
                    return True
                if required:
                    self.problem(pw if "params" in raw else where,
                                 f"{label}: a {kind} card needs params.radius (in dots)")
                    return False
                return True
            r = params["radius"]
            if isinstance(r, bool) or not isinstance(r, int) or r < 0 or r > MAX_RADIUS:
                self.problem((*pw, "radius"), f"{label}: params.radius must be a whole "
                             f"number of dots from 0 to {MAX_RADIUS}, not {guarded.shorten(r)}")
                return False
            return True

        missing_where = pw if "params" in raw else where
        rule = EVENT_RULES[EventKind(kind)]
        if "across_ferries" in params and not isinstance(params["across_ferries"], bool):
            self.problem((*pw, "across_ferries"), f"{label}: params.across_ferries must be "
                         f"true or false, not {params['across_ferries']!r}")
            ok = False
        for group in rule.needs:
            if not any(str(k) in params for k in group):
                self.problem(missing_where, f"{label}: a {kind} card needs {rule.needs_words}")
                ok = False
        rivers, systems = river_names(b) if Param.RIVERS in rule.params else (set(), set())
        known: dict[Param, tuple[set[str] | dict[str, Any], str]] = {
            Param.RIVERS: (rivers, "river"), Param.CITIES: (b.cities, "city")}
        if Param.SYSTEMS in rule.params:
            known[Param.SYSTEMS] = (systems, "river system")
        for key in (Param.RIVERS, Param.SYSTEMS):
            if key in params:
                ok = name_list(key, *known[key]) and ok
        if Param.SEA in params:
            sea = params["sea"]
            if not isinstance(sea, str) or sea not in b.coast:
                self.problem((*pw, "sea"), f"{label}: unknown sea {guarded.shorten(sea)}"
                             f"{suggest(str(sea), b.coast)}",
                             sea if isinstance(sea, str) else "")
                ok = False
        if Param.VOLCANO in params:
            names = {v.name for v in b.volcanoes}
            if params["volcano"] not in names:
                v = str(params["volcano"])
                self.problem((*pw, "volcano"), f"{label}: unknown volcano {guarded.shorten(v)}"
                             f"{suggest(v, names)}", v)
                ok = False
        if Param.CITIES in params:
            ok = name_list(Param.CITIES, b.cities, "city") and ok
        if Param.AT in params:
            at = params["at"]
            if (not isinstance(at, list) or len(at) != 2
                    or not all(isinstance(x, (int, float)) for x in at)):
                self.problem((*pw, "at"), f"{label}: params.at must be a position "
                             f"[x, y] as in map files, not {guarded.shorten(at)}")
                ok = False
            else:
                x, y = b.projection.forward(float(at[0]), float(at[1]))
                if b.nearest_dot(x, y) is None:
                    self.problem((*pw, "at"), f"{label}: params.at {at} is not near "
                                 "any dot of the map")
                    ok = False
        if Param.RADIUS in rule.params:
            ok = radius(rule.radius_required,
                        None if rule.radius_required else rule.radius) and ok
        if not ok:
            return None
        return Card(int(raw["number"]), (), EventKind(kind), str(raw["title"]).strip(),
                    str(raw["text"]).strip(), params)
