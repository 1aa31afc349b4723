"""The four style agents of de Mesentier Silva, Lee, Togelius and Nealen, "AI-based
Playtesting of Contemporary Board Games" (FDG 2017,
https://paperzz.com/doc/6977413/ai-based-playtesting-of-contemporary-board-games), as
outside opponents for measuring Ticket to Ride Europe: ``route-focus``, ``destination-hungry``,
``one-step`` and ``long-route``; and ``balance --game ttr --styles``, the mixed 4-player
table of one of each.

The paper's abstract says: "In this paper, four different game-playing agents that embody
different playing styles are defined and used to analyze Ticket to Ride. Different playing
styles are shown to be effective depending on the map and rule variation, and also depending
on how many players play the game." Smith and Anton, who reuse the four agents ("Artificial
Intelligence Approaches to Build Ticket to Ride Maps", AAAI 2022,
https://ojs.aaai.org/index.php/AAAI/article/view/21564), sum them up: "These agents execute
popular strategies human players use: one-step thinking, long route exploitation, route
focus, and destination hungry strategies."

The paper's own section describing each agent could not be read here: the stored copies of
the paper give its opening (abstract and introduction) only, and no search found the agents'
descriptions. So each agent below is written from its name, the abstract and what is known of
the paper (rule-based agents, each playing one style), not from the paper's rules; no sentence
of that section is quoted, and where a rule is this module's own choice its class says so.
The agents are the planner's kin (``ai/players.py``): the same ways to tickets, payments,
tunnels and card draws, each style changing which tickets it keeps, which routes it wants,
which it claims first and when it draws tickets.

They live here, in the devtools, never among the game's players or levels (``GameDef.players``
is what ``simulate`` and ``tournament`` offer; these are not offered there). Each is handed
its seat's view only (``seen_by``) and draws only from its own seeded generator (D-30).
"""

from __future__ import annotations

import argparse
import json
import math
import statistics
import sys
import time
from collections.abc import Mapping, Sequence
from typing import Any

from rail_app import EXIT_BAD_INPUT, EXIT_FAILED, EXIT_OK
from rail_app.core.mapfile import MapError
from rail_app.devtools.pool import worker_pool
from rail_app.devtools.toolkit import resolve
from rail_app.games.ttr.ai.players import ENDGAME_WAGONS, Planner, lanes_of
from rail_app.games.ttr.devtools.balance import play_with
from rail_app.games.ttr.rules import queries
from rail_app.games.ttr.rules.actions import Action, ClaimRoute, DrawTickets, KeepTickets
from rail_app.games.ttr.rules.board import Board
from rail_app.games.ttr.rules.boundary import load_board
from rail_app.games.ttr.rules.claims import claimable
from rail_app.games.ttr.rules.rulebook import DRAW_TICKETS
from rail_app.games.ttr.rules.state import GameState, Step

#: A route this long or longer is a long one to the Long Route Exploiter (on the Europe map
#: most routes are 2 to 4 long; three are 6 or 8).
LONG_ROUTE = 4
#: Wagons the Destination Hungry agent needs to draw more tickets.
HUNGRY_WAGONS = 10
#: Wagons beyond what its open tickets still ask that make the Destination Hungry agent draw
#: more tickets (about what a regular ticket asks).
HUNGRY_ROOM = 12
#: The seats of the mixed table.
MIXED_SEATS = 4
#: The brief's acceptance: no style agent wins more than this share of mixed 4-player games.
MAX_WIN_SHARE = 40.0
#: z of a 95 % interval.
Z95 = 1.959964


def keep_fewest(agent: Planner, view: GameState) -> KeepTickets:
    """Keep as few of the offered tickets as the rules allow, the cheapest to join for their
    value."""
    offered, least = agent.offered(view)
    kept = set(agent.ranked(view, offered)[:least])
    return KeepTickets(tuple(t for t in offered if t in kept))


class RouteFocus(Planner):
    """Route Focus: its points from the routes it claims. It keeps as few tickets as it may,
    never draws more, builds the ways to those it kept claiming the longest route it can pay
    first, and when they are done (or out of reach) claims the longest routes it can pay
    anywhere. (Written from the agent's name and the paper's abstract, not from its rules:
    see the module docstring.)"""

    name = "route-focus"

    def keep(self, view: GameState) -> KeepTickets:
        return keep_fewest(self, view)

    def turn(self, view: GameState, wanted: Sequence[int]) -> Action:
        claim = self.claim(view, wanted)
        if claim is not None:
            return claim
        if not wanted or view.players[self.seat].wagons <= ENDGAME_WAGONS:
            claim = self.claim(view, queries.open_routes(view))
            if claim is not None:
                return claim
        return self.draw_or_else(view, wanted)


class DestinationHungry(Planner):
    """Destination Hungry: its points from tickets. It keeps every offered ticket its wagons
    can still join beside those it holds (no wagons kept spare), and draws more tickets
    whenever its wagons exceed what its open tickets still ask by :data:`HUNGRY_ROOM` or
    more (and it has :data:`HUNGRY_WAGONS` or more), from its first turn on; otherwise it
    builds like the planner. (Written from the agent's name and the paper's abstract, not from its rules:
    see the module docstring.)"""

    name = "destination-hungry"

    def outstanding(self, view: GameState) -> int:
        """The wagons its open tickets' cheapest ways still ask (a stretch two ways share
        counted once)."""
        pairs = {lanes for _, way in self.ways(view) for lanes in way.pairs}
        return sum(view.board.routes[lanes[0]].length for lanes in pairs)

    def keep(self, view: GameState) -> KeepTickets:
        offered, least = self.offered(view)
        ranked = self.ranked(view, offered, long_first=view.step is Step.FIRST_TICKETS)
        kept = ranked[:least]
        budget = (view.players[self.seat].wagons - self.outstanding(view)
                  - sum(self.ticket_cost(view, t) for t in kept))
        for t in ranked[least:]:
            cost = self.ticket_cost(view, t)
            if cost <= budget:
                kept.append(t)
                budget -= cost
        return KeepTickets(tuple(t for t in offered if t in kept))

    def turn(self, view: GameState, wanted: Sequence[int]) -> Action:
        wagons = view.players[self.seat].wagons
        if (view.ticket_deck and wagons >= HUNGRY_WAGONS
                and self.outstanding(view) + HUNGRY_ROOM <= wagons):
            return DRAW_TICKETS
        return super().turn(view, wanted)


class OneStepThinking(Planner):
    """One Step Thinking: one step at a time. It works at one ticket at a time, the one its
    cheapest remaining way joins soonest, claims the cheapest route of that way it can pay
    now, draws the cards of that way only, and once its tickets are done draws more (as the
    planner does). (Written from the agent's name and the paper's abstract, not from its
    rules: see the module docstring.)"""

    name = "one-step"

    def wanted(self, view: GameState) -> list[int]:
        ways = self.ways(view)
        if not ways:
            return []
        _, nearest = min(ways, key=lambda tw: (tw[1].cost, tw[0]))
        return lanes_of([nearest])

    def turn(self, view: GameState, wanted: Sequence[int]) -> Action:
        claim = self.claim(view, wanted, shortest=True)
        if claim is not None:
            return claim
        return super().turn(view, wanted)


class LongRouteExploiter(Planner):
    """Long Route Exploiter: its points from long routes (a route of 4 scores 7, of 6 scores
    15, of 8 scores 21). It keeps as few tickets as it may; it wants every open route of
    :data:`LONG_ROUTE` spaces or more it may claim, the longest first, draws their cards and
    claims the longest it can pay; only when none is left to it, or near its last wagons,
    does it build toward its tickets as the planner does. (Written from the agent's name and
    the paper's abstract, not from its rules: see the module docstring.)"""

    name = "long-route"

    def keep(self, view: GameState) -> KeepTickets:
        return keep_fewest(self, view)

    def long_routes(self, view: GameState) -> list[int]:
        """The open routes of :data:`LONG_ROUTE` or more the seat may claim, longest first."""
        routes = view.board.routes
        return sorted((r for r in queries.open_routes(view)
                       if routes[r].length >= LONG_ROUTE and claimable(view, self.seat, r)),
                      key=lambda r: (-routes[r].length, r))

    def wanted(self, view: GameState) -> list[int]:
        long = self.long_routes(view)
        return long + [r for r in super().wanted(view) if r not in long]

    def turn(self, view: GameState, wanted: Sequence[int]) -> Action:
        long = self.long_routes(view)
        claim = self.claim(view, long)
        if claim is not None:
            return claim
        if not long or view.players[self.seat].wagons <= ENDGAME_WAGONS:
            return super().turn(view, [r for r in wanted if r not in long])
        return self.draw_or_else(view, wanted)


#: Every style agent by name.
STYLES: Mapping[str, type[Planner]] = {
    RouteFocus.name: RouteFocus,
    DestinationHungry.name: DestinationHungry,
    OneStepThinking.name: OneStepThinking,
    LongRouteExploiter.name: LongRouteExploiter,
}
NAMES: tuple[str, ...] = tuple(STYLES)


def style_player(name: str, seat: int, seed: int) -> Planner:
    """The style agent ``name`` for ``seat``, seeded by the game's seed and the seat (as the
    game's own players are)."""
    try:
        kind = STYLES[name]
    except KeyError:
        raise ValueError(f"unknown style agent {name!r}; the style agents are "
                         f"{', '.join(NAMES)}") from None
    return kind(seat, seed * 31 + seat)


def play_styles(board: Board, names: Sequence[str], seed: int) -> GameState:
    """One game between the style agents ``names`` (one a seat, each handed its seat's
    view); the state it ends in (not over: a timeout)."""
    return play_with(board, [style_player(n, s, seed) for s, n in enumerate(names)], seed)


# -- the mixed table -----------------------------------------------------------------------------


def seating(game: int) -> list[str]:
    """The styles in the seats of the mixed table's ``game``-th game: rotated a seat each
    game, so that over every 4 games each style sits in each seat once."""
    return [NAMES[(seat + game) % MIXED_SEATS] for seat in range(MIXED_SEATS)]


def mixed_record(state: GameState, names: Sequence[str]) -> dict[str, Any]:
    """What the mixed table's report needs of one game."""
    board = state.board
    drawn = [0] * len(names)
    lengths: list[list[int]] = [[] for _ in names]
    for seat, action in state.history:
        if isinstance(action, DrawTickets):
            drawn[seat] += 1
        elif isinstance(action, ClaimRoute) and state.owner[action.route] == seat:
            lengths[seat].append(board.routes[action.route].length)
    record: dict[str, Any] = {"seed": state.seed, "styles": list(names),
                              "over": state.final is not None, "drawn": drawn,
                              "lengths": lengths}
    if state.final is not None:
        final = state.final
        record.update(ranks=list(final.ranks), total=[s.total for s in final.scores],
                      completed=[len(s.completed) for s in final.scores],
                      failed=[len(s.failed) for s in final.scores])
    return record


def _mixed_one(job: tuple[str, int, int]) -> dict[str, Any]:
    map_path, game, seed = job
    names = seating(game)
    return mixed_record(play_styles(load_board(map_path), names, seed), names)


def run_mixed(map_path: str, games: int, seed: int, jobs: int = 1) -> list[dict[str, Any]]:
    """Every game's record of the mixed table (seeds ``seed`` .. ``seed + games - 1``)."""
    todo = [(map_path, i, seed + i) for i in range(games)]
    if jobs <= 1:
        board = load_board(map_path)
        return [mixed_record(play_styles(board, seating(i), s), seating(i)) for _, i, s in todo]
    with worker_pool(jobs) as pool:
        return list(pool.imap(_mixed_one, todo, chunksize=4))


def wilson(wins: float, games: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval of a share ``wins`` of ``games`` (0-1 each end)."""
    if games <= 0:
        return 0.0, 1.0
    p = wins / games
    denominator = 1 + z * z / games
    centre = (p + z * z / (2 * games)) / denominator
    half = z * math.sqrt(p * (1 - p) / games + z * z / (4 * games * games)) / denominator
    return max(0.0, centre - half), min(1.0, centre + half)


def mixed_figures(records: Sequence[dict[str, Any]]) -> dict[str, Any]:
    """Each style's figures over the mixed table's games: its win share (a shared first
    place split), with a Wilson 95 % interval, mean score, tickets drawn a game, the mean
    length of the routes it claimed, tickets held at the end and the share of them
    completed; and the seats it sat in."""
    ended = [r for r in records if r["over"]]
    out: dict[str, Any] = {}
    for name in NAMES:
        wins = 0.0
        scores: list[int] = []
        drawn: list[int] = []
        lengths: list[int] = []
        done = failed = 0
        seats = [0] * MIXED_SEATS
        for r in records:
            seat = r["styles"].index(name)
            seats[seat] += 1
            drawn.append(r["drawn"][seat])
            lengths.extend(r["lengths"][seat])
            if not r["over"]:
                continue
            winners = [s for s, rank in enumerate(r["ranks"]) if rank == 1]
            if seat in winners:
                wins += 1 / len(winners)
            scores.append(r["total"][seat])
            done += r["completed"][seat]
            failed += r["failed"][seat]
        low, high = wilson(wins, len(ended))
        out[name] = {
            "wins": round(wins, 2), "share": 100 * wins / len(ended) if ended else 0.0,
            "low": 100 * low, "high": 100 * high,
            "score": statistics.fmean(scores) if scores else 0.0,
            "tickets_drawn": statistics.fmean(drawn) if drawn else 0.0,
            "route_length": statistics.fmean(lengths) if lengths else 0.0,
            "tickets_held": (done + failed) / len(scores) if scores else 0.0,
            "tickets_completed": 100 * done / (done + failed) if done + failed else 0.0,
            "seats": seats,
        }
    return out


def mixed_acceptance(styles: Mapping[str, Mapping[str, Any]],
                     timeouts: int) -> list[dict[str, Any]]:
    """The brief's acceptance of the mixed table: no style agent wins more than 40 % of
    mixed 4-player games; and no game left unfinished."""
    top = max(styles, key=lambda n: styles[n]["share"])
    share = float(styles[top]["share"])
    return [{"figure": "no style agent wins more than 40 % of mixed 4-player games",
             "ours": round(share, 1), "style": top, "ok": share <= MAX_WIN_SHARE},
            {"figure": "timeouts", "ours": timeouts, "ok": timeouts == 0}]


def mixed_lines(games: int, styles: Mapping[str, Mapping[str, Any]],
                checks: Sequence[Mapping[str, Any]]) -> list[str]:
    """The mixed table's report as text."""
    lines = [f"mixed {MIXED_SEATS}-player table of the style agents, {games} games, seats "
             "rotated a seat each game",
             "| style | wins % (95 % interval) | mean score | tickets drawn a game "
             "| claimed route length | tickets held | tickets completed % | games per seat |",
             "|---|---|---|---|---|---|---|---|"]
    for name, f in styles.items():
        lines.append(f"| {name} | {f['share']:.1f} ({f['low']:.1f}-{f['high']:.1f}) "
                     f"| {f['score']:.1f} | {f['tickets_drawn']:.2f} | {f['route_length']:.2f} "
                     f"| {f['tickets_held']:.1f} | {f['tickets_completed']:.0f} | {'/'.join(map(str, f['seats']))} |")
    for c in checks:
        who = f" ({c['style']})" if "style" in c else ""
        lines.append(f"{'ok  ' if c['ok'] else 'MISS'} {c['figure']}: {c['ours']}{who}")
    return lines


def run_command(args: argparse.Namespace) -> int:
    """``balance --game ttr --styles``: 0 when no style wins more than 40 % (and every game
    ended), 1 when one does, 2 for bad input."""
    if args.games < 1:
        print(f"balance: --games {args.games}: at least one game", file=sys.stderr)
        return EXIT_BAD_INPUT
    map_path = resolve(args.map or "maps/ttr-europe.yaml")
    try:
        load_board(map_path)
    except (MapError, OSError) as exc:
        print(f"balance: {exc}", file=sys.stderr)
        return EXIT_BAD_INPUT
    t0 = time.perf_counter()
    records = run_mixed(map_path, args.games, args.seed, args.jobs)
    styles = mixed_figures(records)
    timeouts = sum(not r["over"] for r in records)
    checks = mixed_acceptance(styles, timeouts)
    ok = all(c["ok"] for c in checks)
    if args.json:
        print(json.dumps({"game": "ttr", "mode": "styles", "map": map_path, "seed": args.seed,
                          "games": args.games, "seats": MIXED_SEATS, "timeouts": timeouts,
                          "seconds": round(time.perf_counter() - t0, 1), "met": ok,
                          "styles": styles, "acceptance": checks}, indent=1))
    else:
        for line in mixed_lines(args.games, styles, checks):
            print(line)
        print(f"{time.perf_counter() - t0:.0f} s")
    return EXIT_OK if ok else EXIT_FAILED
