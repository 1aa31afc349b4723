"""Making a map's deck (C1, E9): ``python -m rail_app build-deck MAP.yaml``.

The published cards are not available, so a deck is computed from its map (RULES.md §9):

- A demand's payoff grows with the cheapest way to bring the goods: the cost of building
  along the cheapest path from the nearest city offering the commodity to the demanding city
  (terrain and crossings, B1-B2; ferries at their higher price; the free major-city track
  costs nothing) plus a little per dot travelled (a ferry counts several dots). The scale,
  ``payoff = base + k * route``, is :data:`SCALE`: ``k`` is chosen so that the published
  sample card, Gela asking for marble, pays exactly 41M; a map without that pair uses the
  scale's own ``k``. Everything about payoffs is tuned there, in one place.
- No demand asks a city for the commodity it offers; a pair whose route is shorter than the
  scale's ``min_route`` (a delivery next door) is left out. The choice of demands depends only
  on the routes, so a new ``base`` or ``k`` changes the payoffs and nothing else.
- The three demands of a card go to three parts of the map (the cities split in thirds along
  the map's longer side: north to south, or west to east), ask for three different
  commodities, and are listed highest payoff first. Commodities and cities are used as evenly
  as possible, and a (city, commodity) pair repeats only when it must.
- The event cards are chosen from what the map has (:func:`choose_events`): the tax; floods
  of its river systems; storms on its seas (and one that only stops the ferries); an eruption
  per volcano; derailments around its main cities, part by part; snow where it is most
  mountainous and fog where it is flattest.
- Card numbers 1..N are dealt out to demand and event cards by a seeded shuffle.

The output is deterministic: the same map, seed and size give the same bytes. The deck is
checked with the game's own loader before it is written.
"""

from __future__ import annotations

import argparse
import os
import random
import re
import sys
import tempfile
from collections import Counter
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

import networkx as nx

from rail_app.core.mapfile import MapError
from rail_app.games.italian_rails.rules.board import Board, City

DECK_SIZE = 108  # C1


@dataclass(frozen=True)
class PayoffScale:
    """How payoffs follow the cheapest route (RULES.md §9): ``base + k * route``, where the
    route is the build cost plus ``step_weight`` per dot travelled (a ferry counts
    ``ferry_steps`` dots). ``k`` makes the ``anchor`` demand pay its payoff; a map without
    the anchor's city and commodity uses ``k_without_anchor`` (about the map of Italy's k).
    Rescale every deck here."""

    base: int = 14
    anchor: tuple[str, str, int] = ("Gela", "marble", 41)  # the published sample card
    k_without_anchor: float = 0.5
    step_weight: float = 0.5
    ferry_steps: int = 4
    min_route: float = 9.5  # a pair whose route is shorter is a delivery next door: left out


SCALE = PayoffScale()


def route_costs(board: Board, scale: PayoffScale = SCALE) -> dict[tuple[str, str], float]:
    """(city, commodity) -> cost of the cheapest route from the nearest supplier."""
    g = nx.Graph()
    for e in board.edges.values():
        if e.forbidden is not None:
            continue
        build = 0.0 if e.free else (board.dot_cost[e.a] + board.dot_cost[e.b]) / 2.0 \
            + e.crossing_cost
        g.add_edge(e.a, e.b, w=build + scale.step_weight)
    for f in board.ferries:
        g.add_edge(*f.ports, w=f.high + scale.step_weight * scale.ferry_steps)
    out: dict[tuple[str, str], float] = {}
    for commodity in sorted(board.suppliers):
        sources = [d for c in board.suppliers[commodity] for d in c.dots if d in g]
        if not sources:
            continue
        dist = nx.multi_source_dijkstra_path_length(g, sources, weight="w")
        for city in board.city_list:
            if city.commodity == commodity:
                continue
            reach = [dist[d] for d in city.dots if d in dist]
            if reach:
                out[(city.name, commodity)] = min(reach)
    return out


def payoff_factor(costs: dict[tuple[str, str], float], scale: PayoffScale) -> float:
    """``k`` of the scale for this map: from the anchor demand if the map has it."""
    city, commodity, pay = scale.anchor
    route = costs.get((city, commodity))
    if route:
        return (pay - scale.base) / route
    return scale.k_without_anchor


def wide(board: Board) -> bool:
    """Is the map wider than tall (its cities spread more west to east)?"""
    xs = [c.x for c in board.city_list]
    ys = [c.y for c in board.city_list]
    return (max(xs) - min(xs)) > (max(ys) - min(ys))


def along(board: Board) -> list[City]:
    """The cities in order along the map's longer side (north to south, or west to east)."""
    if wide(board):
        return sorted(board.city_list, key=lambda c: (c.x, c.y))
    return sorted(board.city_list, key=lambda c: (c.y, c.x))


def part_names(board: Board, n: int) -> list[str]:
    if n == 3:
        return ["west", "centre", "east"] if wide(board) else \
            ["north", "centre", "south and islands"]
    return [f"part {i + 1}" for i in range(n)]


def split(cities: list[City], n: int) -> list[list[City]]:
    """``cities`` cut into ``n`` runs of (nearly) equal length, in order."""
    k = len(cities)
    cuts = [round(i * k / n) for i in range(n + 1)]
    return [cities[cuts[i]:cuts[i + 1]] for i in range(n)]


def regions(board: Board) -> list[list[str]]:
    """The cities in three parts of the map, along its longer side."""
    return [[c.name for c in part] for part in split(along(board), 3)]


# -- events ------------------------------------------------------------------------------------

FLOOD_CARDS = 3  # E4: the biggest river system, then two cards naming two others each
SEA_STORMS = 2
DERAILMENT_CARDS = 4
MIN_FLOOD_SEGMENTS = 3  # a river crossed by fewer segments is not worth a flood card
MIN_COAST_DOTS = 5


def _names(words: list[str], last: str = "and") -> str:
    return words[0] if len(words) == 1 else ", ".join(words[:-1]) + f" {last} {words[-1]}"


def _until() -> str:
    return "until the end of your next turn"


def river_systems(board: Board) -> list[tuple[str, int, set[str]]]:
    """(system, usable segments crossing it, river names), most crossed first."""
    count: Counter[str] = Counter()
    rivers: dict[str, set[str]] = {}
    for e in board.edges.values():
        if e.forbidden is not None or e.free:
            continue
        for system in sorted({c.system or c.name for c in e.crossings if c.kind == "river"}):
            count[system] += 1
        for c in e.crossings:
            if c.kind == "river":
                rivers.setdefault(c.system or c.name, set()).add(c.name)
    return [(s, n, rivers[s]) for s, n in sorted(count.items(), key=lambda t: (-t[1], t[0]))
            if n >= MIN_FLOOD_SEGMENTS]


def main_river(board: Board, system: str) -> str:
    """The river a flood card names for ``system`` (E4): the river of the system's own name,
    else the one most segments cross (the first by name among equals)."""
    count: Counter[str] = Counter()
    for e in board.edges.values():
        if e.forbidden is not None or e.free:
            continue
        for name in sorted({c.name for c in e.crossings
                            if c.kind == "river" and (c.system or c.name) == system}):
            count[name] += 1
    if system in count:
        return system
    return min(count, key=lambda name: (-count[name], name))


def _importance(c: City) -> tuple[int, int]:
    return ({"major": 0, "medium": 1}.get(c.size, 2), c.index)


def choose_events(board: Board) -> list[dict[str, Any]]:
    """Event cards (E1-E9) for what ``board`` has; every parameter names something of it."""
    events: list[dict[str, Any]] = []
    tax = ", ".join(f"{lo}-{hi - 1}: {t}" for (lo, t), (hi, _) in
                    zip(board.rules.tax_table, board.rules.tax_table[1:], strict=False))
    lo, top = board.rules.tax_table[-1]
    events.append({"event": "tax", "title": "Excess Profits Tax",
                   "text": f"Each player pays by cash on hand: {tax}, {lo}+: {top}. From now "
                           "on cash is public."})
    # E4: floods, the most crossed river system alone and whole (as the Po floods with its
    # tributaries), then the main rivers of the next systems two by two, each card flooding
    # only the rivers it names
    systems = river_systems(board)
    groups: list[list[tuple[str, int, set[str]]]] = []
    if systems:
        groups.append([systems[0]])
        rest = systems[1:]
        while rest and len(groups) < FLOOD_CARDS:
            groups.append(rest[:2])
            rest = rest[2:]
    for i, group in enumerate(groups):
        if i == 0:
            s, _, rivers = group[0]
            over = f"the {s} and its tributaries" if rivers - {s} else f"the {s}"
            title = f"The {s} floods"
            params: dict[str, Any] = {"systems": [s]}
        else:
            names = [main_river(board, s) for s, _, _ in group]
            over = " and ".join(f"the {r}" for r in names)
            title = f"{_names(names)} flood" if len(names) > 1 else f"The {names[0]} floods"
            params = {"rivers": names}
        events.append({"event": "flood", "title": title,
                       "text": f"Every bridge over {over} is washed out; no building or "
                               f"moving across them {_until()}.",
                       "params": params})
    # E5: storms; one for the ferries only, then the longest coasts
    if board.ferries:
        events.append({"event": "storm", "title": "Storms at sea",
                       "text": f"No ferry may be boarded or left {_until()}.", "params": {}})
    seas = sorted(((len(dots), name) for name, dots in board.coast.items()
                   if len(dots) >= MIN_COAST_DOTS), key=lambda t: (-t[0], t[1]))
    for _, sea in seas[:SEA_STORMS]:
        ferry = "No ferry may be boarded or left, and trains" if board.ferries else "Trains"
        events.append({"event": "storm", "title": f"Storm on the {sea}",
                       "text": f"{ferry} on the {sea} coast move at half speed {_until()}.",
                       "params": {"sea": sea}})
    # E6: an eruption per volcano
    for v in board.volcanoes:
        events.append({"event": "volcano", "title": f"{v.name} erupts",
                       "text": f"Track within 2 dots of {v.name} is destroyed and nobody "
                               f"builds there {_until()}; a train there loses its next turn.",
                       "params": {"volcano": v.name, "radius": 2}})
    # E7: derailments around the main cities of each part of the map
    n = max(1, min(DERAILMENT_CARDS, len(board.city_list) // 4))
    for part in split(along(board), n):
        main = [c.name for c in sorted(part, key=_importance)[:3]]
        if not main:
            continue
        events.append({"event": "derailment", "title": f"Derailment near {_names(main)}",
                       "text": f"A train within 3 dots of {_names(main, 'or')} loses one load "
                               "and its next turn.",
                       "params": {"cities": main, "radius": 3}})
    # E5/M6: snow where the land is most mountainous, fog where it is flattest
    def around(c: City, radius: int, kinds: tuple[str, ...]) -> int:
        d = board.dots[c.centre]
        return sum(1 for x in board.dots_within(d.q, d.r, radius)
                   if board.dots[x].terrain in kinds)

    by_index = sorted(board.city_list, key=lambda c: c.index)
    snowy = max(by_index, key=lambda c: (around(c, 3, ("mountain", "alpine")), -c.index))
    if around(snowy, 3, ("mountain", "alpine")):
        events.append({"event": "bad_weather", "title": f"Snow around {snowy.name}",
                       "text": f"Trains within 3 dots of {snowy.name} move at half speed "
                               f"{_until()}.",
                       "params": {"cities": [snowy.name], "radius": 3}})
    flat = max(by_index, key=lambda c: (around(c, 2, ("plain",)), -c.index))
    near = sorted(by_index, key=lambda c: (board.distance(c.centre, flat.centre), c.index))[:3]
    foggy = [c.name for c in near]
    events.append({"event": "bad_weather", "title": f"Fog around {_names(foggy)}",
                   "text": f"Trains within 2 dots of {_names(foggy, 'or')} move at half speed "
                           f"{_until()}.",
                   "params": {"cities": foggy, "radius": 2}})
    return events


# -- demand cards ------------------------------------------------------------------------------


@dataclass(frozen=True)
class DeckPlan:
    cards: list[dict[str, Any]]
    k: float
    parts: list[list[str]]
    anchored: bool


def build_cards(board: Board, seed: int = 1, size: int = DECK_SIZE,
                scale: PayoffScale = SCALE) -> DeckPlan:
    """Every card of the deck, by number; see the module docstring."""
    costs = route_costs(board, scale)
    k = payoff_factor(costs, scale)
    anchor_city, anchor_commodity, _ = scale.anchor
    anchored = (anchor_city, anchor_commodity) in costs

    def payoff(city: str, commodity: str) -> int:
        return int(round(scale.base + k * costs[(city, commodity)]))

    events = choose_events(board)
    n_demand = size - len(events)
    if n_demand < 1:
        raise ValueError(f"a deck of {size} cards has no room for demand cards next to "
                         f"{len(events)} events")
    rng = random.Random(seed)
    parts = regions(board)
    candidates: list[list[tuple[str, str]]] = [
        [(c, m) for (c, m) in sorted(costs) if c in part and costs[(c, m)] >= scale.min_route]
        for part in parts
    ]
    used_commodity: Counter[str] = Counter()
    used_city: Counter[str] = Counter()
    used_pair: Counter[tuple[str, str]] = Counter()
    demand_cards: list[list[tuple[str, str, int]]] = []
    for _ in range(n_demand):
        card: list[tuple[str, str, int]] = []
        order = [0, 1, 2]
        rng.shuffle(order)
        for part in order:
            taken = {m for _, m, _ in card}
            options = [(c, m) for (c, m) in candidates[part] if m not in taken]
            if not options:
                raise ValueError(f"the {part_names(board, 3)[part]} of the map has no city "
                                 "to ask for a third commodity")
            best = min(options, key=lambda cm: (used_pair[cm], used_commodity[cm[1]],
                                                used_city[cm[0]], rng.random()))
            city, commodity = best
            used_pair[best] += 1
            used_commodity[commodity] += 1
            used_city[city] += 1
            card.append((city, commodity, payoff(city, commodity)))
        card.sort(key=lambda d: (-d[2], d[0], d[1]))
        demand_cards.append(card)
    # the sample card itself is in the deck: its demand is the fixed point of the scale
    anchor = (anchor_city, anchor_commodity)
    if anchored and used_pair[anchor] == 0:
        home = next(i for i, part in enumerate(parts) if anchor_city in part)
        for card in demand_cards:
            slot = next((j for j, d in enumerate(card)
                         if d[0] in parts[home] and all(x[1] != anchor_commodity
                                                        for x in card)), None)
            if slot is None:
                continue
            card[slot] = (anchor_city, anchor_commodity, payoff(*anchor))
            card.sort(key=lambda d: (-d[2], d[0], d[1]))
            break
    numbers = list(range(1, size + 1))
    rng.shuffle(numbers)
    out: list[dict[str, Any]] = []
    for number, card in zip(numbers, demand_cards, strict=False):
        out.append({"number": number, "demands": [
            {"city": c, "commodity": m, "payoff": p} for c, m, p in card]})
    for number, event in zip(numbers[len(demand_cards):], events, strict=True):
        out.append({"number": number, **event})
    out.sort(key=lambda c: int(c["number"]))
    return DeckPlan(out, k, parts, anchored)


# -- writing -----------------------------------------------------------------------------------

_PLAIN = re.compile(r"^[A-Za-z][A-Za-z0-9 .\-]*$")


def scalar(value: Any) -> str:
    """A YAML flow value: plain words when safe, double quotes otherwise."""
    if isinstance(value, str):
        if _PLAIN.match(value) and value not in ("yes", "no", "true", "false", "null"):
            return value
        return '"' + value.replace("\\", "\\\\").replace('"', '\\"') + '"'
    if isinstance(value, list):
        return "[" + ", ".join(scalar(v) for v in value) + "]"
    if isinstance(value, dict):
        return "{" + ", ".join(f"{k}: {scalar(v)}" for k, v in value.items()) + "}"
    return str(value)


def render(board: Board, map_name: str, plan: DeckPlan, seed: int,
           scale: PayoffScale = SCALE) -> str:
    """The deck file's text."""
    size = len(plan.cards)
    city, commodity, pay = scale.anchor
    if plan.anchored:
        why = [f"#   so that {city} asking for {commodity} pays {pay}M (the published sample "
               "card)."]
    else:
        why = [f"#   the scale of maps without {city} asking for {commodity} (the published "
               "sample card)."]
    names = part_names(board, 3)
    lines = [
        "# yaml-language-server: $schema=deck-schema.json",
        f"# The deck of {board.name}: {size} numbered cards (C1), demand cards and "
        "event cards.",
        f"# Generated by python -m rail_app build-deck (seed {seed}) from {map_name}; "
        "rerunning it overwrites this file.",
        "# It may be edited by hand; the game checks it against the map when it loads.",
        "#",
        "# Demand card: {number, demands: [{city, commodity, payoff} x 3]}, highest payoff "
        "first.",
        f"#   Payoff = {scale.base} + k * (cheapest build cost from the nearest supplier + "
        f"{scale.step_weight:g} per dot), k = {plan.k:.4f},",
        *why,
        "#   The three demands of a card go to three parts of the map:",
        *[f"#     {name}: {', '.join(part)}" for name, part in zip(names, plan.parts,
                                                                 strict=True)],
        "# Event card: {number, event, title, text, params}; params are data (E9):",
        "#   tax: none (E3) · flood: rivers and/or systems (E4) · storm: sea, optional (E5)",
        "#   volcano: volcano, radius in dots (E6) · derailment: cities, radius (E7, 3)",
        "#   bad_weather: cities and/or at [lon, lat], radius: half speed inside",
        "format: 1",
        f"name: {scalar(board.name + ' deck')}",
        f"map: {scalar(map_name)}",
        "cards:",
    ]
    for card in plan.cards:
        if "demands" in card:
            demands = ", ".join(scalar(d) for d in card["demands"])
            lines.append(f"  - {{number: {card['number']}, demands: [{demands}]}}")
        else:
            lines.append(f"  - number: {card['number']}")
            lines.append(f"    event: {card['event']}")
            lines.append(f"    title: {scalar(card['title'])}")
            lines.append(f"    text: {scalar(card['text'])}")
            if card.get("params"):
                lines.append(f"    params: {scalar(card['params'])}")
    return "\n".join(lines) + "\n"


def write_deck(board: Board, out: Path, *, seed: int = 1, size: int = DECK_SIZE,
               scale: PayoffScale = SCALE, map_name: str | None = None) -> DeckPlan:
    """Build the deck of ``board`` and write it to ``out``, after the game's loader accepted
    it (MapError otherwise: nothing is written)."""
    from rail_app.core.files import write_atomic
    from rail_app.games.italian_rails.rules.deck import load_deck

    plan = build_cards(board, seed, size, scale)
    name = map_name or (board.path.name if board.path is not None else board.name)
    text = render(board, name, plan, seed, scale)
    out.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=f".{out.name}.", suffix=".check", dir=out.parent)
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as fh:
            fh.write(text)
        load_deck(tmp, board, use_cache=False)
    finally:
        os.unlink(tmp)
    write_atomic(out, text)
    return plan


# -- the command -------------------------------------------------------------------------------


def parse_anchor(text: str) -> tuple[str, str, int] | None:
    parts = text.split("/")
    if len(parts) != 3 or not parts[2].strip().isdigit() or int(parts[2]) <= SCALE.base:
        return None
    return parts[0].strip(), parts[1].strip(), int(parts[2])


def run(args: argparse.Namespace) -> int:
    """``build-deck``: 0 when the deck is written, 2 on a bad map or bad arguments."""
    from rail_app.authoring.problems import problem_lines
    from rail_app.games.italian_rails.authoring.deckstats import deck_stats, report_lines
    from rail_app.games.italian_rails.rules.board import load_board
    from rail_app.games.italian_rails.rules.deck import load_deck

    scale = SCALE
    if args.anchor:
        anchor = parse_anchor(args.anchor)
        if anchor is None:
            print(f"--anchor {args.anchor!r}: write CITY/COMMODITY/PAYOFF, e.g. Gela/marble/41 "
                  f"(a payoff above {SCALE.base})", file=sys.stderr)
            return 2
        scale = replace(scale, anchor=anchor)
    if not 30 <= args.cards <= 1000:
        print("--cards must be between 30 and 1000", file=sys.stderr)
        return 2
    try:
        board = load_board(args.path, use_cache=False)
    except MapError as exc:
        for line in problem_lines(exc.problems):
            print(line, file=sys.stderr)
        return 2
    if args.anchor and (scale.anchor[0], scale.anchor[1]) not in route_costs(board, scale):
        print(f"--anchor: {board.name} has no demand of {scale.anchor[1]} at "
              f"{scale.anchor[0]}", file=sys.stderr)
        return 2
    out = Path(args.output) if args.output else board.deck_file
    if out is None:
        print(f"{args.path}: the map names no deck file ('deck:'); give -o DECK.yaml",
              file=sys.stderr)
        return 2
    try:
        write_deck(board, out, seed=args.seed, size=args.cards, scale=scale)
        deck = load_deck(out, board, use_cache=False)
    except MapError as exc:
        for line in problem_lines(exc.problems):
            print(line, file=sys.stderr)
        return 2
    except (ValueError, OSError) as exc:
        print(f"cannot make a deck for {args.path}: {exc}", file=sys.stderr)
        return 2
    print(f"wrote {out}")
    from rail_app.games.italian_rails.authoring.schemas import DECK_SCHEMA, place_schema

    try:  # the deck's first line names this schema beside it, for editors
        schema = place_schema(out.parent, DECK_SCHEMA)
    except OSError as exc:  # the deck is written; only an editor's help is missing
        schema = None
        print(f"note: cannot write {out.parent / DECK_SCHEMA} for editors: {exc}",
              file=sys.stderr)
    if schema is not None:
        print(f"wrote {schema} (for editors that check YAML with JSON Schema)")
    for line in report_lines(deck_stats(deck, board)):
        print(line)
    return 0
