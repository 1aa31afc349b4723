"""The figures that show whether a Steam map is balanced, made again at will::

    python -m rail_app.games.steam.devtools.mapstats maps/steam-italia.yaml
    python -m rail_app.games.steam.devtools.mapstats maps/steam-italia.yaml --seeds 1000 \\
        --games 100 --markdown

- cities per colour (and their printed numbers);
- the share of hexes by terrain (plain, hill; river and town flags; cities);
- for each colour, the distribution of hex distances from every cube at set-up (over
  ``--seeds`` set-ups, S-I1) to the nearest other city of its colour, counted along land
  hexes over passable sides (S-B4; cities and towns are passed through); grey cubes have no
  printed city (S-B7) and are measured to the nearest town, where a grey New City may go;
- with ``--games N``: N harness games of the simple greedy player in every seat for 3, 4 and
  5 players (Basic game, seeds 0..N-1), the spread of the winning scores and each seat's
  share of the wins.

Distances and games are read from the map file through the game's own loader and engine.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
from collections import Counter, deque
from collections.abc import Sequence
from dataclasses import dataclass, field

from rail_app.games.steam.ai.simple import make_bot
from rail_app.games.steam.rules import engine
from rail_app.games.steam.rules.board import COLOURS, Board, Colour, Terrain
from rail_app.games.steam.rules.mapfile import MapError, load_board

PRINTED = (Colour.RED, Colour.BLUE, Colour.YELLOW, Colour.PURPLE)
#: The distances a cube should mostly find its city within (hexes).
WANTED = (2, 6)


def land_distances(board: Board, start: int) -> dict[int, int]:
    """Hex steps from ``start`` to every hex it reaches over passable sides (S-B4)."""
    dist = {start: 0}
    todo = deque([start])
    while todo:
        h = todo.popleft()
        for side in range(6):
            n = board.nb[h][side]
            if n >= 0 and not board.blocked[h][side] and n not in dist:
                dist[n] = dist[h] + 1
                todo.append(n)
    return dist


def nearest_taker(board: Board) -> dict[tuple[int, Colour], int | None]:
    """For every city hex and cube colour, the steps to the nearest city that would take it:
    another city of that colour, or for grey the nearest town (a grey New City's place)."""
    out: dict[tuple[int, Colour], int | None] = {}
    for city in board.cities:
        dist = land_distances(board, city.hex)
        for colour in COLOURS:
            if colour is Colour.GREY:
                targets = list(board.towns)
            else:
                targets = [c.hex for c in board.cities if c.colour is colour and c.hex != city.hex]
            found = [dist[t] for t in targets if t in dist]
            out[(city.hex, colour)] = min(found) if found else None
    return out


@dataclass
class Figures:
    """Everything the report prints."""

    name: str
    hexes: int
    terrain: dict[str, int]
    cities: dict[str, list[str]]  # per colour: "name printed-number"
    numbers: dict[str, int]
    setup: dict[int, dict[str, Counter[int | None]]] = field(default_factory=dict)
    games: dict[int, dict[str, object]] = field(default_factory=dict)


def board_figures(board: Board) -> Figures:
    """Cities per colour and the share of hexes by terrain."""
    n = len(board.hexes)
    city_hexes = {c.hex for c in board.cities}
    land = [h for h in board.hexes if h.index not in city_hexes]
    terrain = {
        "plain": sum(1 for h in land if h.terrain is Terrain.PLAIN),
        "hill": sum(1 for h in land if h.terrain is Terrain.HILL),
        "city": len(city_hexes),
        "river": sum(1 for h in land if h.river),
        "town": sum(1 for h in land if h.town),
        "sea": len(board.sea),
    }
    cities = {str(c): [f"{x.name} {x.number}" for x in board.cities if x.colour is c]
              for c in PRINTED}
    numbers = {str(c): sum(x.number for x in board.cities if x.colour is c) for c in PRINTED}
    return Figures(board.name, n, terrain, cities, numbers)


def setup_distances(board: Board, players: int, seeds: Sequence[int]
                    ) -> dict[str, Counter[int | None]]:
    """Per cube colour, how many cubes of all the set-ups lay how far from a taker."""
    near = nearest_taker(board)
    names = [f"P{i + 1}" for i in range(players)]
    opts = {"first_order": "random", "six_players": players == 6}
    out: dict[str, Counter[int | None]] = {str(c): Counter() for c in COLOURS}
    for seed in seeds:
        state = engine.new_game(board, names, opts, seed)
        for h, cubes in state.cubes.items():
            for colour, count in zip(COLOURS, cubes, strict=True):
                if count:
                    out[str(colour)][near[(h, colour)]] += count
    return out


def harness(board: Board, players: int, games: int) -> dict[str, object]:
    """``games`` Basic games of the greedy player in every seat (seeds 0..games-1): the
    winning scores, each seat's wins, and the games nobody won (everyone bankrupt)."""
    names = [f"P{i + 1}" for i in range(players)]
    wins = [0] * players
    winning: list[int] = []
    nobody = 0
    for seed in range(games):
        state = engine.new_game(board, names, {"six_players": players == 6}, seed)
        bots = [make_bot("greedy", seed * 10 + i) for i in range(players)]
        while True:
            seat = engine.to_act(state)
            if seat is None:
                break
            state = engine.apply(state, bots[seat].choose(state, seat), inplace=True)
        out = state.outcome
        assert out is not None
        score = out.scores[out.winner] if out.winner is not None else None
        if out.winner is None or score is None:  # every player went bankrupt (S-M7)
            nobody += 1
            continue
        wins[out.winner] += 1
        winning.append(score)
    q = statistics.quantiles(winning, n=4) if len(winning) >= 2 else winning * 3 or [0] * 3
    return {"games": games, "winning_min": min(winning, default=0), "winning_q1": q[0],
            "winning_median": statistics.median(winning) if winning else 0,
            "winning_q3": q[2], "winning_max": max(winning, default=0), "seat_wins": wins,
            "no_winner": nobody}


def summarise(counts: Counter[int | None]) -> dict[str, object]:
    total = sum(counts.values())
    known = [d for d in counts if d is not None]
    lo, hi = WANTED
    inside = sum(v for d, v in counts.items() if d is not None and lo <= d <= hi)
    return {"cubes": total, "unreachable": counts.get(None, 0),
            "within": inside / total if total else 0.0,
            "min": min(known) if known else None, "max": max(known) if known else None,
            "mean": (sum(d * v for d, v in counts.items() if d is not None)
                     / max(1, total - counts.get(None, 0))),
            "histogram": {str(d): counts[d] for d in sorted(known)}}


def markdown(f: Figures) -> str:
    """The figures as the tables of maps/README.md."""
    out: list[str] = []
    w = out.append
    t = f.terrain
    land = t["plain"] + t["hill"]
    w(f"**{f.name}**: {f.hexes} hexes ({t['city']} cities, {land} other land hexes), "
      f"{t['sea']} sea hexes drawn around them.")
    w("")
    w("| terrain | hexes | share of all hexes |")
    w("|---|---|---|")
    for key, label in (("plain", "plain"), ("hill", "hill"), ("city", "city"),
                       ("river", "with a river (plain or hill)"),
                       ("town", "with a town (plain or hill)")):
        w(f"| {label} | {t[key]} | {t[key] / f.hexes:.0%} |")
    w("")
    w("| colour | cities | printed cubes | the cities (printed number) |")
    w("|---|---|---|---|")
    for colour, names in f.cities.items():
        w(f"| {colour} | {len(names)} | {f.numbers[colour]} | {', '.join(names)} |")
    groups: list[tuple[list[int], dict[str, Counter[int | None]]]] = []
    for players, per in f.setup.items():  # the cities' cubes are drawn first: often the same
        same = next((g for g in groups if g[1] == per), None)
        if same is None:
            groups.append(([players], per))
        else:
            same[0].append(players)
    for counts_of, per in groups:
        w("")
        who = ", ".join(str(p) for p in counts_of)
        w(f"Hex distance from each cube at set-up to the nearest city that takes it, "
          f"{who} players (along land hexes; grey: to the nearest town):")
        w("")
        w("| cube colour | cubes | 2-6 hexes | mean | min-max | unreachable | histogram "
          "(distance: cubes) |")
        w("|---|---|---|---|---|---|---|")
        for colour, counts in per.items():
            s = summarise(counts)
            hist = ", ".join(f"{d}: {v}" for d, v in s["histogram"].items())  # type: ignore[attr-defined]
            within = "(to a town)" if colour == str(Colour.GREY) else f"{s['within']:.0%}"
            w(f"| {colour} | {s['cubes']} | {within} | {s['mean']:.1f} | "
              f"{s['min']}-{s['max']} | {s['unreachable']} | {hist} |")
    if f.games:
        w("")
        w("Harness games, the greedy player in every seat (Basic game, seeds 0..N-1):")
        w("")
        w("| players | games | winning score min / q1 / median / q3 / max | wins by seat | "
          "no winner |")
        w("|---|---|---|---|---|")
        for players, g in f.games.items():
            wins = g["seat_wins"]
            assert isinstance(wins, list)
            total = max(1, sum(wins))
            shares = ", ".join(f"{x / total:.0%}" for x in wins)
            w(f"| {players} | {g['games']} | {g['winning_min']} / {g['winning_q1']:g} / "
              f"{g['winning_median']:g} / {g['winning_q3']:g} / {g['winning_max']} | "
              f"{shares} | {g['no_winner']} |")
    return "\n".join(out) + "\n"


def main(argv: Sequence[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python -m rail_app.games.steam.devtools.mapstats",
                                 description="balance figures of a Steam map")
    ap.add_argument("path", help="the Steam map's YAML file")
    ap.add_argument("--seeds", type=int, default=1000, help="set-ups to measure (default 1000)")
    ap.add_argument("--players", default="3,4,5", help="player counts (default 3,4,5)")
    ap.add_argument("--games", type=int, default=0,
                    help="harness games per player count (default 0: none)")
    ap.add_argument("--markdown", action="store_true", help="print the README's tables")
    args = ap.parse_args(argv)
    try:
        board = load_board(args.path)
        players = [int(p) for p in str(args.players).split(",")]
    except MapError as exc:
        print(exc, file=sys.stderr)
        return 2
    except ValueError:
        print("--players: player counts like 3,4,5", file=sys.stderr)
        return 2
    if any(not 3 <= p <= 6 for p in players) or args.seeds < 1 or args.games < 0:
        print("--players from 3 to 6, --seeds at least 1, --games at least 0", file=sys.stderr)
        return 2
    fig = board_figures(board)
    for p in players:
        fig.setup[p] = setup_distances(board, p, range(args.seeds))
    for p in players if args.games else []:
        fig.games[p] = harness(board, p, args.games)
    if args.markdown:
        print(markdown(fig), end="")
    else:
        print(json.dumps({
            "name": fig.name, "hexes": fig.hexes, "terrain": fig.terrain, "cities": fig.cities,
            "printed": fig.numbers,
            "setup": {str(p): {c: summarise(v) for c, v in per.items()}
                      for p, per in fig.setup.items()},
            "games": {str(p): g for p, g in fig.games.items()}}, indent=2))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
