"""``python -m rail_app balance --game ttr``: the balance check of a Ticket to Ride map by
simulation. Tables of 2, 3, 4 and 5 planners (``ai/players.py``, every seat handed its own
view) play seeded games on the map; who plays first is drawn from each game's seed (D-5),
so the seats take turns at it. Per player count the report gives:

- ticket completion: regular, long, and by value band; tickets held at the end;
- the final score and its parts (routes, tickets won and lost, the Express, stations);
- turns per player; the first player's share of the wins (a shared first place counts as a
  share);
- tunnels tried and given up (T-T5), resets of the face-up row (T-D6) and rows kept by D-8,
  reshuffles (T-D7), passes (D-26), games that did not end (timeouts);
- routes claimed per game, each lane's claim frequency (and how many lanes are claimed in
  fewer than 10 % of the games), each city's desirability (the share of games in which
  some seat claimed a route there, and how many held tickets name it), the longest
  continuous path;
- the per-ticket spread: each regular ticket's completion where it was held in at least 10
  games (the lowest and the 10th percentile), the five hardest tickets, and the share of the
  failed tickets that were blocked (no way left between their cities at the end);
- a heat map picture of the board per player count (``--heatmap PREFIX``): each lane
  coloured by how often it was claimed.

Each figure is set against :data:`REFERENCE`, the published board's figures under a planner
of the same style (the map's brief, section 6: 300 games a count), with the brief's
tolerances (:func:`acceptance`).
"""

from __future__ import annotations

import argparse
import json
import math
import os
import statistics
import sys
import time
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from rail_app import EXIT_BAD_INPUT, EXIT_FAILED, EXIT_OK
from rail_app.core.mapfile import MapError
from rail_app.devtools.pool import worker_pool
from rail_app.devtools.toolkit import resolve
from rail_app.games.ttr.ai.players import Planner
from rail_app.games.ttr.rules import engine, queries
from rail_app.games.ttr.rules import events as ev
from rail_app.games.ttr.rules.board import Board
from rail_app.games.ttr.rules.boundary import load_board
from rail_app.games.ttr.rules.identity import MAX_SEATS, MIN_SEATS
from rail_app.games.ttr.rules.state import GameState, Step
from rail_app.games.ttr.rules.views import seen_by

#: Actions after which a game that has not ended is a timeout.
MAX_ACTIONS = 5000
#: A regular ticket's completion counts in the spread when it was held in this many games.
SPREAD_MIN_HELD = 10
#: The value bands of the completion by value.
BANDS: tuple[tuple[int, int], ...] = ((5, 6), (7, 8), (9, 10), (11, 13), (20, 21))


@dataclass(frozen=True)
class Reference:
    """The published board's figures under a planner (the map's brief, section 6)."""

    regular: float  # regular tickets completed, %
    long: float  # long tickets completed, %
    held: float  # tickets held at the end, per seat
    score: float  # final score, mean
    turns: float  # turns per player
    first_wins: float  # the first player's share of the wins, %
    tunnels: float  # tunnels tried per game
    given_up: float  # of them given up, %
    resets: float  # resets of the face-up row per game
    claimed: float  # lanes claimed per game (of 101)
    rare: int  # lanes claimed in fewer than 10 % of the games
    longest: float  # the longest continuous path, median
    ticket_low: float  # the lowest regular ticket's completion, %
    ticket_p10: float  # the 10th percentile of the regular tickets' completion, %


REFERENCE: Mapping[int, Reference] = {
    2: Reference(91, 94, 3.8, 110, 41.3, 56, 5.2, 18, 0.4, 28, 21, 25, 76, 84),
    3: Reference(87, 87, 3.6, 101, 39.7, 37, 7.7, 17, 1.0, 42, 13, 27, 70, 78),
    4: Reference(87, 94, 3.6, 102, 38.8, 32, 10.0, 19, 1.8, 55, 2, 27, 66, 82),
    5: Reference(82, 89, 3.5, 97, 38.4, 23, 13.3, 23, 3.2, 67, 0, 28, 66, 75),
}


# -- one game ----------------------------------------------------------------------------------


def play(board: Board, seats: int, seed: int) -> GameState:
    """One game between planners; the state it ends in (not over: a timeout)."""
    return play_with(board, [Planner(i, seed * 31 + i) for i in range(seats)], seed)


def play_with(board: Board, players: Sequence[Any], seed: int) -> GameState:
    """One game between ``players`` (one a seat, each handed its seat's view); the state it
    ends in (not over: a timeout)."""
    state = engine.new_game(board, [f"P{i}" for i in range(len(players))], None, seed)
    for _ in range(MAX_ACTIONS):
        if state.step is Step.OVER:
            break
        seat = state.current
        state = engine.apply(state, players[seat].choose(seen_by(state, seat)))
    return state


def game_record(state: GameState) -> dict[str, Any]:
    """What the report needs of one game (small, so that workers send it back cheaply)."""
    board = state.board
    count = {"tunnels": 0, "given_up": 0, "resets": 0, "kept_rows": 0, "reshuffles": 0,
             "passes": 0, "stations": 0}
    claims: list[int] = []
    for e in state.log:
        if isinstance(e, ev.RouteClaimed):
            claims.append(e.route)
        elif isinstance(e, ev.TunnelRevealed):
            count["tunnels"] += 1
        elif isinstance(e, ev.TunnelGivenUp):
            count["given_up"] += 1
        elif isinstance(e, ev.RowDealt) and e.reset:
            count["resets"] += 1
        elif isinstance(e, ev.RowKept) and not e.few:
            count["kept_rows"] += 1  # D-8: three resets in a row, the row kept
        elif isinstance(e, ev.Reshuffled):
            count["reshuffles"] += 1
        elif isinstance(e, ev.Passed):
            count["passes"] += 1
        elif isinstance(e, ev.StationBuilt):
            count["stations"] += 1
    record: dict[str, Any] = {"seats": state.seats, "seed": state.seed, "first": state.first,
                              "over": state.final is not None, **count, "claims": claims,
                              "turns": [p.turns for p in state.players]}
    if state.final is None:
        return record
    final = state.final
    tickets: list[tuple[int, bool]] = []
    blocked: list[int] = []
    for seat, s in enumerate(final.scores):
        tickets.extend((t, True) for t in s.completed)
        tickets.extend((t, False) for t in s.failed)
        # a failed ticket is blocked when no way is left between its cities (others' routes
        # closing every way), rather than wagons or the game running out
        blocked.extend(t for t in s.failed
                       if queries.cheapest_way(state, seat, board.tickets[t].a,
                                               board.tickets[t].b) is None)
    record.update(
        ranks=list(final.ranks), reason=str(final.reason),
        tickets=tickets, blocked=blocked, held=[len(s.completed) + len(s.failed) for s in final.scores],
        routes=[s.routes for s in final.scores], won=[s.won for s in final.scores],
        lost=[s.lost for s in final.scores],
        express=[s.express_points for s in final.scores],
        station_points=[s.station_points for s in final.scores],
        total=[s.total for s in final.scores], longest=max(s.longest for s in final.scores),
        ticket_cities=[c for t, _ in tickets for c in (board.tickets[t].a, board.tickets[t].b)])
    return record


def _one(job: tuple[str, int, int]) -> dict[str, Any]:
    map_path, seats, seed = job
    return game_record(play(load_board(map_path), seats, seed))


# -- a player count's figures --------------------------------------------------------------------


def _pct(part: float, whole: float) -> float:
    return 100.0 * part / whole if whole else 0.0


def _percentile(values: Sequence[float], p: float) -> float:
    s = sorted(values)
    if not s:
        return 0.0
    k = (len(s) - 1) * p / 100
    lo, hi = math.floor(k), math.ceil(k)
    return s[lo] + (s[hi] - s[lo]) * (k - lo)


def figures(board: Board, records: Sequence[dict[str, Any]]) -> dict[str, Any]:
    """A player count's figures from its games' records."""
    games = len(records)
    ended = [r for r in records if r["over"]]
    seats = records[0]["seats"] if records else 0
    regular = [0, 0]
    long = [0, 0]
    band = {f"{lo}-{hi}": [0, 0] for lo, hi in BANDS}
    per_ticket: dict[int, list[int]] = {}
    first_wins = 0.0
    for r in ended:
        for t, done in r["tickets"]:
            ticket = board.tickets[t]
            tally = long if ticket.long else regular
            tally[0] += done
            tally[1] += 1
            for lo, hi in BANDS:
                if lo <= ticket.value <= hi:
                    band[f"{lo}-{hi}"][0] += done
                    band[f"{lo}-{hi}"][1] += 1
            if not ticket.long:
                per_ticket.setdefault(t, [0, 0])
                per_ticket[t][0] += done
                per_ticket[t][1] += 1
        winners = [s for s, rank in enumerate(r["ranks"]) if rank == 1]
        if r["first"] in winners:
            first_wins += 1 / len(winners)
    lanes = [0] * len(board.routes)
    city_claimed = [0] * len(board.cities)
    for r in records:
        at: set[int] = set()
        for route in r["claims"]:
            lanes[route] += 1
            at.update((board.routes[route].a, board.routes[route].b))
        for c in at:
            city_claimed[c] += 1
    city_tickets = [0] * len(board.cities)
    for r in ended:
        for c in r["ticket_cities"]:
            city_tickets[c] += 1
    spread = [_pct(d, n) for d, n in per_ticket.values() if n >= SPREAD_MIN_HELD]
    failed = sum(1 for r in ended for _, done in r["tickets"] if not done)
    blocked = sum(len(r["blocked"]) for r in ended)
    hardest = sorted((_pct(d, n), t) for t, (d, n) in per_ticket.items()
                     if n >= SPREAD_MIN_HELD)[:5]
    tries = sum(r["tunnels"] for r in records)

    def mean(key: str) -> float:
        values = [v for r in ended for v in r[key]]
        return statistics.fmean(values) if values else 0.0

    frequency = [_pct(n, games) for n in lanes]
    return {
        "seats": seats, "games": games, "timeouts": games - len(ended),
        "regular": _pct(*regular), "long": _pct(*long),
        "by_value": {k: round(_pct(*v), 1) for k, v in band.items() if v[1]},
        "held": mean("held"), "score": mean("total"),
        "score_parts": {"routes": mean("routes"), "tickets_won": mean("won"),
                        "tickets_lost": mean("lost"), "express": mean("express"),
                        "stations": mean("station_points")},
        "turns": statistics.fmean(t for r in records for t in r["turns"]) if records else 0.0,
        "first_wins": _pct(first_wins, len(ended)),
        "tunnels": tries / games if games else 0.0,
        "given_up": _pct(sum(r["given_up"] for r in records), tries),
        "resets": sum(r["resets"] for r in records) / games if games else 0.0,
        "kept_rows": sum(r["kept_rows"] for r in records),
        "reshuffles": sum(r["reshuffles"] for r in records) / games if games else 0.0,
        "passes_per_100": _pct(sum(r["passes"] for r in records), games),
        "stations_per_game": sum(r["stations"] for r in records) / games if games else 0.0,
        "claimed": statistics.fmean(len(r["claims"]) for r in records) if records else 0.0,
        "rare": sum(1 for f in frequency if f < 10),
        "longest": statistics.median(r["longest"] for r in ended) if ended else 0,
        "ticket_low": min(spread, default=0.0), "ticket_p10": _percentile(spread, 10),
        "tickets_in_spread": len(spread),
        "failed_blocked": _pct(blocked, failed),
        "hardest": [{"ticket": t, "cities": [board.cities[board.tickets[t].a].name,
                                             board.cities[board.tickets[t].b].name],
                     "value": board.tickets[t].value, "held": per_ticket[t][1],
                     "completed": round(share, 1)} for share, t in hardest],
        "ticket_completion": {f"{board.cities[board.tickets[t].a].name}-"
                              f"{board.cities[board.tickets[t].b].name}": round(_pct(d, n), 1)
                              for t, (d, n) in sorted(per_ticket.items())},
        "lane_frequency": [round(f, 1) for f in frequency],
        "city_claimed": {board.cities[c].name: round(_pct(n, games), 1)
                         for c, n in enumerate(city_claimed)},
        "city_tickets": {board.cities[c].name: n for c, n in enumerate(city_tickets)},
    }


@dataclass(frozen=True)
class Check:
    """One acceptance figure of a player count: ours, the reference, the tolerance."""

    figure: str
    ours: float
    reference: float | None
    target: str
    ok: bool


def acceptance(f: Mapping[str, Any]) -> list[Check]:
    """The brief's acceptance at one player count (the mixed table of style agents is the
    computer players' check, not this one's: ``--styles``, ``styles.py``)."""
    ref = REFERENCE.get(int(f["seats"]))
    out: list[Check] = []
    if ref is not None:
        def near(figure: str, ours: float, theirs: float, points: float) -> None:
            out.append(Check(figure, ours, theirs, f"±{points:g} points",
                             abs(ours - theirs) <= points))

        def relative(figure: str, ours: float, theirs: float, share: float) -> None:
            out.append(Check(figure, ours, theirs, f"±{share:.0%}",
                             abs(ours - theirs) <= share * theirs))

        near("regular tickets completed %", f["regular"], ref.regular, 5)
        near("long tickets completed %", f["long"], ref.long, 8)
        relative("turns per player", f["turns"], ref.turns, 0.10)
        out.append(Check("lowest regular ticket %", f["ticket_low"], ref.ticket_low,
                         "at most 10 points below", f["ticket_low"] >= ref.ticket_low - 10))
        out.append(Check("regular tickets' 10th percentile %", f["ticket_p10"], ref.ticket_p10,
                         "at most 5 points below", f["ticket_p10"] >= ref.ticket_p10 - 5))
        limit = max(2 * ref.rare, 0)
        out.append(Check("lanes claimed in < 10 % of games", f["rare"], ref.rare,
                         f"at most {limit}", f["rare"] <= limit))
        relative("tunnels tried per game", f["tunnels"], ref.tunnels, 0.25)
        relative("tunnels given up %", f["given_up"], ref.given_up, 0.25)
        near("first player wins %", f["first_wins"], ref.first_wins, 5)
    out.append(Check("timeouts", f["timeouts"], None, "0", f["timeouts"] == 0))
    out.append(Check("rows kept after three resets (D-8)", f["kept_rows"], None,
                     "reported; never endless", True))
    out.append(Check("passes per 100 games", f["passes_per_100"], None, "< 1",
                     f["passes_per_100"] < 1))
    return out


# -- the heat map --------------------------------------------------------------------------------


def heat_colour(share: float) -> tuple[int, int, int]:
    """A lane's colour for the share of games (0-1) that claimed it: pale yellow through
    orange to dark red."""
    stops = ((0.0, (255, 247, 188)), (0.33, (254, 196, 79)), (0.66, (236, 112, 20)),
             (1.0, (153, 52, 4)))
    share = min(1.0, max(0.0, share))
    for (a, ca), (b, cb) in zip(stops, stops[1:], strict=False):
        if share <= b:
            t = (share - a) / (b - a)
            return (round(ca[0] + (cb[0] - ca[0]) * t), round(ca[1] + (cb[1] - ca[1]) * t),
                    round(ca[2] + (cb[2] - ca[2]) * t))
    return stops[-1][1]


def heat_map(board: Board, frequency: Sequence[float], out: str | Path, title: str,
             width: int = 1600) -> tuple[int, int]:
    """Write a picture of the board with each lane coloured by its claim frequency (% of
    games) and a key; a PNG written whole or not at all."""
    import pygame  # the picture's modules are loaded when a picture is drawn

    from rail_app.games.ttr.rules.background import load_background
    from rail_app.games.ttr.ui import maprender as mr
    from rail_app.games.ttr.ui.palette import INK
    from rail_app.ui.fonts import font

    background = None
    if board.background is not None:
        background = load_background(board.background, board.shown, board.shown,
                                     board.projection)
    pygame.font.init()  # the fonts alone: a picture needs no display and no sound
    font.cache_clear()  # a picture made after an earlier pygame.quit(): its fonts are dead
    view, height = mr.View.fit(board, width)
    surface = pygame.Surface((width, height))
    mr.draw_background(surface, view, background)
    for route in board.routes:
        mr.draw_route(surface, view, route, fill=heat_colour(frequency[route.index] / 100))
    size = max(10, round(view.scale * 4.4))
    mr.draw_cities(surface, view, board, "en", size)
    heading = max(14, round(view.scale * 7))
    mr.text(surface, title, (heading * 0.8, heading * 0.5), heading, bold=True,
            anchor="topleft")
    # the key: a bar from 0 % to 100 % of the games
    key = max(10, round(view.scale * 4.2))
    bar_w, bar_h = key * 14, key
    x0, y0 = width - bar_w - 2 * key, height - 3 * key
    for i in range(bar_w):
        pygame.draw.line(surface, heat_colour(i / (bar_w - 1)), (x0 + i, y0),
                         (x0 + i, y0 + bar_h))
    pygame.draw.rect(surface, INK, (x0, y0, bar_w, bar_h), 1)
    for share in (0, 50, 100):
        mr.text(surface, f"{share}%", (x0 + bar_w * share / 100, y0 + bar_h * 1.7), key,
                anchor="center")
    mr.text(surface, "games that claimed the lane", (x0 + bar_w / 2, y0 - key * 0.9), key,
            anchor="center")
    path = Path(out)
    tmp = path.with_name(f".{path.name}.tmp.png")
    try:
        pygame.image.save(surface, str(tmp))
        os.replace(tmp, path)
    finally:
        if tmp.exists():
            tmp.unlink()
    return surface.get_size()


# -- the command -----------------------------------------------------------------------------


def run(map_path: str, counts: Iterable[int], games: int, seed: int, jobs: int = 1,
        progress: Any = None) -> dict[int, list[dict[str, Any]]]:
    """Every game's record by player count (seeds ``seed`` .. ``seed + games - 1`` at each)."""
    out: dict[int, list[dict[str, Any]]] = {}
    for seats in counts:
        todo = [(map_path, seats, seed + i) for i in range(games)]
        if jobs <= 1:
            board = load_board(map_path)
            out[seats] = []
            for _, s, g in todo:
                out[seats].append(game_record(play(board, s, g)))
        else:
            with worker_pool(jobs) as pool:
                out[seats] = list(pool.imap(_one, todo, chunksize=8))
        if progress is not None:
            progress(f"{seats} players: {games} games")
    return out


def _fmt(v: float | None) -> str:
    if v is None:
        return "-"
    return f"{v:.0f}" if float(v).is_integer() else f"{v:.1f}"


def report_lines(results: Mapping[int, Mapping[str, Any]]) -> list[str]:
    """The report as text: a table of the figures by player count, then each count's
    acceptance, each value band's completion and the least claimed lanes' count."""
    keys = (("regular", "regular tickets completed %"), ("long", "long tickets completed %"),
            ("held", "tickets held at the end"), ("score", "final score"),
            ("turns", "turns per player"), ("first_wins", "first player wins %"),
            ("tunnels", "tunnels tried per game"), ("given_up", "tunnels given up %"),
            ("resets", "face-up resets per game"), ("passes_per_100", "passes per 100 games"),
            ("claimed", "lanes claimed per game"), ("rare", "lanes claimed in < 10 %"),
            ("longest", "longest path (median)"), ("ticket_low", "lowest regular ticket %"),
            ("ticket_p10", "regular tickets' 10th percentile %"), ("timeouts", "timeouts"))
    counts = sorted(results)
    lines = ["| figure | " + " | ".join(f"{n} players" for n in counts) + " |",
             "|---|" + "---|" * len(counts)]
    for key, name in keys:
        cells = []
        for n in counts:
            ref = REFERENCE.get(n)
            theirs = getattr(ref, key, None) if ref is not None else None
            ours = _fmt(results[n][key])
            cells.append(ours if theirs is None else f"{ours} ({_fmt(theirs)})")
        lines.append(f"| {name} | " + " | ".join(cells) + " |")
    lines.append("(the published board's figure under the same kind of planner in brackets)")
    for n in counts:
        f = results[n]
        checks = acceptance(f)
        met = sum(c.ok for c in checks)
        lines.append(f"{n} players, {f['games']} games: acceptance {met} of {len(checks)} met")
        for c in checks:
            against = "" if c.reference is None else f" (reference {_fmt(c.reference)})"
            lines.append(f"  {'ok  ' if c.ok else 'MISS'} {c.figure}: {_fmt(c.ours)}{against}, "
                         f"target {c.target}")
        bands = ", ".join(f"{k}: {v:.0f}%" for k, v in f["by_value"].items())
        parts = ", ".join(f"{k} {v:.1f}" for k, v in f["score_parts"].items())
        lines.append(f"  completion by value: {bands}")
        lines.append(f"  failed tickets blocked (no way left between their cities): "
                     f"{f['failed_blocked']:.0f}%")
        lines.append("  hardest regular tickets: " + ", ".join(
            f"{'-'.join(h['cities'])} ({h['value']}) {h['completed']:.0f}% of {h['held']}"
            for h in f["hardest"]))
        lines.append(f"  score parts (mean a seat): {parts}")
        top = sorted(f["city_claimed"].items(), key=lambda kv: -kv[1])[:5]
        lines.append("  most desirable cities (games with a claim there): "
                     + ", ".join(f"{c} {v:.0f}%" for c, v in top))
    return lines


def add_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument("--games", type=int, default=100, help="games per player count "
                   "(default 100; the published check plays 1,000)")
    p.add_argument("--seats", default="2,3,4,5", help="player counts, comma separated "
                   "(default 2,3,4,5)")
    p.add_argument("--seed", type=int, default=1, help="seed of each count's first game "
                   "(then +1)")
    p.add_argument("--map", default=None, help="map file (default: the game's map)")
    p.add_argument("--jobs", type=int, default=1, help="processes working at once "
                   "(default 1)")
    p.add_argument("--heatmap", default=None, metavar="PREFIX",
                   help="write a heat map of the lanes claimed per player count to "
                        "PREFIX-N.png")
    p.add_argument("--styles", action="store_true",
                   help="the mixed 4-player table of the four style agents instead "
                        "(styles.py; --seats and --heatmap left out): each style's win share")
    p.add_argument("--json", action="store_true", help="print one JSON document")


def run_command(args: argparse.Namespace) -> int:
    """``balance --game ttr``: 0 when every acceptance figure is met, 1 when one is
    missed, 2 for bad input."""
    try:
        counts = [int(x) for x in str(args.seats).split(",") if x.strip()]
    except ValueError:
        print(f"balance: --seats: not a list of numbers: {args.seats!r}", file=sys.stderr)
        return EXIT_BAD_INPUT
    wrong = [n for n in counts if not MIN_SEATS <= n <= MAX_SEATS]
    if wrong or not counts or args.games < 1:
        print(f"balance: the game takes {MIN_SEATS} to {MAX_SEATS} players and at least one "
              f"game a count (--seats {args.seats}, --games {args.games})", file=sys.stderr)
        return EXIT_BAD_INPUT
    map_path = resolve(args.map or "maps/ttr-europe.yaml")
    try:
        board = load_board(map_path)
    except (MapError, OSError) as exc:
        print(f"balance: {exc}", file=sys.stderr)
        return EXIT_BAD_INPUT
    t0 = time.perf_counter()
    say = None if args.json else (lambda line: print(line, file=sys.stderr))
    games = run(map_path, counts, args.games, args.seed, args.jobs, say)
    results = {n: figures(board, records) for n, records in games.items()}
    pictures: dict[int, str] = {}
    if args.heatmap:
        for n, f in results.items():
            path = f"{args.heatmap}-{n}.png"
            heat_map(board, f["lane_frequency"], path,
                     f"{board.name}: lanes claimed, {n} players, {f['games']} games")
            pictures[n] = path
    ok = all(c.ok for f in results.values() for c in acceptance(f))
    if args.json:
        doc = {"game": "ttr", "map": map_path, "seed": args.seed, "games": args.games,
               "seconds": round(time.perf_counter() - t0, 1), "met": ok,
               "counts": {str(n): {**f, "acceptance": [c.__dict__ for c in acceptance(f)],
                                   "heatmap": pictures.get(n)}
                          for n, f in results.items()}}
        print(json.dumps(doc, indent=1))
    else:
        for line in report_lines(results):
            print(line)
        for n, path in pictures.items():
            print(f"heat map, {n} players: {path}")
        print(f"{time.perf_counter() - t0:.0f} s")
    return EXIT_OK if ok else EXIT_FAILED
