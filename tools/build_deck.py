"""Generate the deck of a map (``maps/italy-deck.yaml``) from its board (C1, E9).

Usage::

    python tools/build_deck.py [--map maps/italy.yaml] [--out maps/italy-deck.yaml] [--seed 1]

The published cards are not available, so the deck is computed (RULES.md §9):

- A demand's payoff grows with the cheapest way to bring the goods: the cost of building
  along the cheapest path from the nearest city offering the commodity to the demanding city
  (terrain and crossings, B1-B2; ferries at their higher price; the free major-city track
  costs nothing) plus half a million per dot travelled (a ferry counts four dots). The scale
  is ``payoff = BASE + k * route`` with ``k`` chosen so that the published sample card,
  Gela asking for marble, pays exactly 41M.
- No demand asks a city for the commodity it offers; demands below MIN_PAYOFF are left out.
- The three demands of a card go to three parts of the map (north, centre, south and the
  islands: the cities split in thirds from north to south), ask for three different
  commodities, and are listed highest payoff first. Commodities and cities are used as evenly
  as possible, and a (city, commodity) pair repeats only when it must.
- Event cards (E1-E9) are listed in EVENTS below; their parameters are checked against the
  map like everything else.
- Card numbers 1..108 are dealt out to demand and event cards by a seeded shuffle.

The output is deterministic: the same map and seed give the same bytes. The file is checked
with the game's own loader before it is written, and a report is printed.
"""

from __future__ import annotations

import argparse
import random
import re
import statistics
import sys
from collections import Counter
from pathlib import Path
from typing import Any

import networkx as nx

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from rail_app.core.board import Board, load_board  # noqa: E402
from rail_app.core.mapfile import MapError  # noqa: E402
from rail_app.rules.deck import load_deck  # noqa: E402

DECK_SIZE = 108  # C1
ANCHOR = ("Gela", "marble", 41)  # the published sample card (RULES.md §9)
BASE = 4  # M: the smallest part of any payoff
STEP_WEIGHT = 0.5  # M per dot travelled, added to the build cost
FERRY_STEPS = 4  # a ferry crossing counts as this many dots of travel
MIN_PAYOFF = 9

# Event cards (E9). Parameters name rivers, seas, volcanoes and cities of the map.
EVENTS: list[dict[str, Any]] = [
    {"event": "tax", "title": "Excess Profits Tax",
     "text": "Each player pays by cash on hand: 0-49: 0, 50-99: 10, 100-149: 15, "
             "150-199: 20, 200+: 30. From now on cash is public."},
    {"event": "flood", "title": "The Po floods",
     "text": "Every bridge over the Po and its tributaries is washed out; no building or "
             "moving across them until the end of your next turn.",
     "params": {"systems": ["Po"]}},
    {"event": "flood", "title": "Arno and Tevere flood",
     "text": "Every bridge over the Arno and the Tevere is washed out; no building or moving "
             "across them until the end of your next turn.",
     "params": {"rivers": ["Arno", "Tevere"]}},
    {"event": "flood", "title": "Adige and Piave flood",
     "text": "Every bridge over the Adige and the Piave is washed out; no building or moving "
             "across them until the end of your next turn.",
     "params": {"systems": ["Adige", "Piave"]}},
    {"event": "storm", "title": "Storms at sea",
     "text": "No ferry may be boarded or left until the end of your next turn.",
     "params": {}},
    {"event": "storm", "title": "Storm on the Tyrrhenian Sea",
     "text": "No ferry may be boarded or left, and trains on the Tyrrhenian coast move at "
             "half speed, until the end of your next turn.",
     "params": {"sea": "Tyrrhenian Sea"}},
    {"event": "storm", "title": "Bora on the Adriatic",
     "text": "No ferry may be boarded or left, and trains on the Adriatic coast move at half "
             "speed, until the end of your next turn.",
     "params": {"sea": "Adriatic Sea"}},
    {"event": "volcano", "title": "Vesuvio erupts",
     "text": "Track within 2 dots of Vesuvio is destroyed and nobody builds there until the "
             "end of your next turn; a train there loses its next turn.",
     "params": {"volcano": "Vesuvio", "radius": 2}},
    {"event": "volcano", "title": "Etna erupts",
     "text": "Track within 2 dots of Etna is destroyed and nobody builds there until the end "
             "of your next turn; a train there loses its next turn.",
     "params": {"volcano": "Etna", "radius": 2}},
    {"event": "derailment", "title": "Derailment in the north",
     "text": "A train within 3 dots of Torino, Milano or Venezia loses one load and its next "
             "turn.",
     "params": {"cities": ["Torino", "Milano", "Venezia"], "radius": 3}},
    {"event": "derailment", "title": "Derailment on the Apennine line",
     "text": "A train within 3 dots of Bologna, Firenze or Ancona loses one load and its next "
             "turn.",
     "params": {"cities": ["Bologna", "Firenze", "Ancona"], "radius": 3}},
    {"event": "derailment", "title": "Derailment in the south",
     "text": "A train within 3 dots of Roma, Napoli or Bari loses one load and its next turn.",
     "params": {"cities": ["Roma", "Napoli", "Bari"], "radius": 3}},
    {"event": "derailment", "title": "Derailment in Sicily and Calabria",
     "text": "A train within 3 dots of Palermo, Catania or Cosenza loses one load and its "
             "next turn.",
     "params": {"cities": ["Palermo", "Catania", "Cosenza"], "radius": 3}},
    {"event": "bad_weather", "title": "Fog in the Po valley",
     "text": "Trains within 2 dots of Milano, Parma or Verona move at half speed until the "
             "end of your next turn.",
     "params": {"cities": ["Milano", "Parma", "Verona"], "radius": 2}},
    {"event": "bad_weather", "title": "Snow in the Abruzzo",
     "text": "Trains within 3 dots of L'Aquila move at half speed until the end of your next "
             "turn.",
     "params": {"cities": ["L'Aquila"], "radius": 3}},
]


def route_costs(board: Board) -> dict[tuple[str, str], float]:
    """(city, commodity) -> cost of the cheapest route from the nearest supplier."""
    g = nx.Graph()
    for e in board.edges.values():
        if e.forbidden is not None:
            continue
        build = 0.0 if e.free else (board.dot_cost[e.a] + board.dot_cost[e.b]) / 2.0 \
            + e.crossing_cost
        g.add_edge(e.a, e.b, w=build + STEP_WEIGHT)
    for f in board.ferries:
        g.add_edge(*f.ports, w=f.high + STEP_WEIGHT * FERRY_STEPS)
    out: dict[tuple[str, str], float] = {}
    for commodity in sorted(board.suppliers):
        sources = [d for c in board.suppliers[commodity] for d in c.dots]
        dist = nx.multi_source_dijkstra_path_length(g, sources, weight="w")
        for city in board.city_list:
            if city.commodity == commodity:
                continue
            reach = [dist[d] for d in city.dots if d in dist]
            if reach:
                out[(city.name, commodity)] = min(reach)
    return out


def regions(board: Board) -> list[list[str]]:
    """The cities in three parts of the map, north to south (by their y, km southwards)."""
    ordered = sorted(board.city_list, key=lambda c: (c.y, c.x))
    n = len(ordered)
    cuts = [0, round(n / 3), round(2 * n / 3), n]
    return [[c.name for c in ordered[cuts[i]:cuts[i + 1]]] for i in range(3)]


def build_cards(board: Board, seed: int) -> tuple[list[dict[str, Any]], dict[str, Any]]:
    costs = route_costs(board)
    anchor_city, anchor_commodity, anchor_pay = ANCHOR
    k = (anchor_pay - BASE) / costs[(anchor_city, anchor_commodity)]

    def payoff(city: str, commodity: str) -> int:
        return int(round(BASE + k * costs[(city, commodity)]))

    rng = random.Random(seed)
    parts = regions(board)
    candidates: list[list[tuple[str, str]]] = [
        [(c, m) for (c, m) in sorted(costs) if c in part and payoff(c, m) >= MIN_PAYOFF]
        for part in parts
    ]
    n_demand = DECK_SIZE - len(EVENTS)
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
            best = min(options, key=lambda cm: (used_pair[cm], used_commodity[cm[1]],
                                                used_city[cm[0]], rng.random()))
            city, commodity = best
            used_pair[best] += 1
            used_commodity[commodity] += 1
            used_city[city] += 1
            card.append((city, commodity, payoff(city, commodity)))
        card.sort(key=lambda d: (-d[2], d[0], d[1]))
        demand_cards.append(card)
    # the sample card itself is in the deck: its Gela demand is the fixed point of the scale
    anchor = (anchor_city, anchor_commodity)
    if used_pair[anchor] == 0:
        south = next(i for i, part in enumerate(parts) if anchor_city in part)
        for card in demand_cards:
            slot = next(j for j, d in enumerate(card)
                        if (d[0] in parts[south]) and all(x[1] != anchor_commodity
                                                          for x in card))
            card[slot] = (anchor_city, anchor_commodity, payoff(*anchor))
            card.sort(key=lambda d: (-d[2], d[0], d[1]))
            break
    numbers = list(range(1, DECK_SIZE + 1))
    rng.shuffle(numbers)
    out: list[dict[str, Any]] = []
    for number, card in zip(numbers, demand_cards, strict=False):
        out.append({"number": number, "demands": [
            {"city": c, "commodity": m, "payoff": p} for c, m, p in card]})
    for number, event in zip(numbers[len(demand_cards):], EVENTS, strict=True):
        out.append({"number": number, **event})
    out.sort(key=lambda c: int(c["number"]))
    info = {"k": k, "parts": parts, "route": costs[anchor]}
    return out, info


_PLAIN = re.compile(r"^[A-Za-z][A-Za-z0-9 .\-]*$")


def scalar(value: Any) -> str:
    if isinstance(value, str):
        if _PLAIN.match(value) and value not in ("yes", "no", "true", "false", "null"):
            return value
        return '"' + value.replace("\\", "\\\\").replace('"', '\\"') + '"'
    if isinstance(value, list):
        return "[" + ", ".join(scalar(v) for v in value) + "]"
    if isinstance(value, dict):
        return "{" + ", ".join(f"{k}: {scalar(v)}" for k, v in value.items()) + "}"
    return str(value)


def render(board: Board, map_name: str, cards: list[dict[str, Any]], info: dict[str, Any],
           seed: int) -> str:
    parts = info["parts"]
    lines = [
        "# yaml-language-server: $schema=deck-schema.json",
        f"# The deck of {board.name}: {DECK_SIZE} numbered cards (C1), demand cards and "
        "event cards.",
        f"# Generated by tools/build_deck.py (seed {seed}) from {map_name}; rerunning it "
        "overwrites this file.",
        "# It may be edited by hand; the game checks it against the map when it loads.",
        "#",
        "# Demand card: {number, demands: [{city, commodity, payoff} x 3]}, highest payoff "
        "first.",
        "#   Payoff = 4 + k * (cheapest build cost from the nearest supplier + 0.5 per dot), "
        f"k = {info['k']:.4f},",
        f"#   so that Gela asking for marble pays {ANCHOR[2]}M (the published sample card).",
        "#   The three demands of a card go to three parts of the map:",
        f"#     north: {', '.join(parts[0])}",
        f"#     centre: {', '.join(parts[1])}",
        f"#     south and islands: {', '.join(parts[2])}",
        "# Event card: {number, event, title, text, params}; params are data (E9):",
        "#   tax: none (E3) · flood: rivers and/or systems (E4) · storm: sea, optional (E5)",
        "#   volcano: volcano, radius in dots (E6) · derailment: cities, radius (E7, 3)",
        "#   bad_weather: cities and/or at [lon, lat], radius: half speed inside",
        "format: 1",
        f"name: {scalar(board.name + ' deck')}",
        f"map: {scalar(map_name)}",
        "cards:",
    ]
    for card in cards:
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


def report(cards: list[dict[str, Any]], board: Board) -> str:
    pays = [d["payoff"] for c in cards if "demands" in c for d in c["demands"]]
    kinds = Counter(c["event"] for c in cards if "event" in c)
    per = Counter(d["commodity"] for c in cards if "demands" in c for d in c["demands"])
    lines = [
        f"cards: {len(cards)} ({len(cards) - sum(kinds.values())} demand cards, "
        f"{sum(kinds.values())} events)",
        f"payoffs: min {min(pays)}, median {statistics.median(pays):g}, max {max(pays)}",
        "events: " + ", ".join(f"{k} {n}" for k, n in sorted(kinds.items())),
        "demands per commodity: " + ", ".join(
            f"{m} {per[m]}" for m in sorted(board.suppliers, key=lambda m: (-per[m], m))),
    ]
    gela = [d["payoff"] for c in cards if "demands" in c for d in c["demands"]
            if (d["city"], d["commodity"]) == ANCHOR[:2]]
    lines.append(f"Gela marble: {gela}")
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    ap.add_argument("--map", default=str(ROOT / "maps" / "italy.yaml"))
    ap.add_argument("--out", default=None, help="default: the map's deck file")
    ap.add_argument("--seed", type=int, default=1)
    args = ap.parse_args(argv)
    try:
        board = load_board(args.map)
    except MapError as exc:
        print(exc, file=sys.stderr)
        return 2
    out = Path(args.out) if args.out else board.deck_file
    if out is None:
        print(f"{args.map}: the map names no deck file; give --out", file=sys.stderr)
        return 2
    cards, info = build_cards(board, args.seed)
    text = render(board, Path(args.map).name, cards, info, args.seed)
    tmp = out.with_name(out.name + ".tmp")
    tmp.write_text(text, encoding="utf-8")
    try:
        load_deck(tmp, board, use_cache=False)
    except MapError as exc:
        print(exc, file=sys.stderr)
        tmp.unlink()
        return 2
    tmp.replace(out)
    print(f"wrote {out}")
    print(report(cards, board))
    return 0


if __name__ == "__main__":
    sys.exit(main())
