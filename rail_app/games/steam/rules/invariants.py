"""What must hold after every action of every game, for soak runs and tests.

:func:`invariants` returns a list of problems (empty when all is well): cash never below 0
(S-M1), income never below -10 (S-M2), locomotives 1-6 (S-L1), one controller per link and
none for an eliminated player (S-K3, S-M8), the tile supply never overdrawn (S-K14), tiles only
where they may lie (S-K5), goods conserved (cubes on the map + in the reserve + in the bag =
the box, S-I1, D-37), counters conserved, the ledger of the log equal to every player's
tracks, and the final score consistent with the log (S-W2).
"""

from __future__ import annotations

from typing import Any

from rail_app.games.steam.rules import engine
from rail_app.games.steam.rules import links as links_mod
from rail_app.games.steam.rules.actions import Action
from rail_app.games.steam.rules.board import COLOURS, NO_CUBES, add_cubes
from rail_app.games.steam.rules.events import GameEnded, Money
from rail_app.games.steam.rules.money import MIN_INCOME
from rail_app.games.steam.rules.quotes import Quote
from rail_app.games.steam.rules.replay import fingerprint
from rail_app.games.steam.rules.state import MAX_LOCO, GameState, Phase
from rail_app.games.steam.rules.tiles import supply_ok
from rail_app.games.steam.rules.turns import final_scores
from rail_app.table.invariants import Checker


def invariants(state: GameState) -> list[str]:
    """What is wrong with one state (empty when nothing is)."""
    problems: list[str] = []
    board = state.board
    for p in state.players:
        if p.cash < 0:
            problems.append(f"{p.name}: cash ${p.cash} below 0 (S-M1)")
        if p.income < MIN_INCOME:
            problems.append(f"{p.name}: income {p.income} below -10 (S-M2)")
        if not 1 <= p.loco <= MAX_LOCO:
            problems.append(f"{p.name}: locomotive {p.loco} outside 1-6 (S-L1)")
    # the ledger: every change to the tracks is a Money event
    totals = [[0, 0, 0] for _ in state.players]
    for e in state.log:
        if isinstance(e, Money):
            totals[e.seat][0] += e.cash
            totals[e.seat][1] += e.income
            totals[e.seat][2] += e.vp
    for seat, p in enumerate(state.players):
        if totals[seat] != [p.cash, p.income, p.vp]:
            problems.append(f"{p.name}: tracks (cash, income, VP) = {(p.cash, p.income, p.vp)} "
                            f"but the log adds up to {tuple(totals[seat])}")
    # tiles
    counts: dict[str, int] = {}
    for h, tile in state.tiles.items():
        counts[tile.face] = counts.get(tile.face, 0) + 1
        if h in state.city_hexes:
            problems.append(f"a tile on the city {board.name_of(h)} (S-K5)")
        if tile.orient.town != board.hexes[h].town:
            problems.append(f"{tile.face} at {board.hexes[h].key}: town tile and town hex "
                            "disagree (S-K5)")
        for s in tile.orient.sides:
            if board.blocked[h][s]:
                problems.append(f"{tile.face} at {board.hexes[h].key} uses impassable side "
                                f"{s} (S-B4)")
        for o in tile.owners:
            if o >= 0 and state.players[o].out:
                problems.append(f"{board.hexes[h].key}: a path of the eliminated "
                                f"{state.players[o].name} (S-M8)")
    if {k: v for k, v in counts.items() if v} != {k: v for k, v in state.face_counts.items()
                                                   if v}:
        problems.append(f"face counts {state.face_counts} disagree with the map {counts}")
    if any(v < 0 for v in state.face_counts.values()) or not supply_ok(counts):
        problems.append(f"the tile supply is overdrawn: {counts} (S-K14)")
    # links: one controller each
    fresh = links_mod.compute(board, state.tiles, state.city_hexes)
    for link in fresh.links:
        owners = {state.tiles[h].owner_of(p) for h, p in link.paths}
        if len(owners) != 1:
            problems.append(f"a link through {board.hexes[link.paths[0][0]].key} has "
                            f"controllers {sorted(owners)} (S-K3)")
        if link.cycle:
            problems.append(f"a ring of track with no end through "
                            f"{board.hexes[link.paths[0][0]].key} (S-K10)")
    # goods
    total = NO_CUBES
    for h, cubes in state.cubes.items():
        if min(cubes) < 0:
            problems.append(f"{board.name_of(h)}: negative cubes {cubes}")
        if h not in state.city_hexes:
            problems.append(f"cubes on {board.hexes[h].key}, which is not a city")
        total = add_cubes(total, cubes)
    for i, sp in enumerate(state.reserve):
        if min(sp) < 0:
            problems.append(f"reserve space {i + 1}: negative cubes {sp}")
        total = add_cubes(total, sp)
    total = add_cubes(total, state.bag)
    if total != board.components.cubes:
        problems.append(f"cubes on the map, in the reserve and in the bag {dict(zip(COLOURS, total, strict=True))} "
                        f"differ from the box {board.components.cubes} (S-I1, D-37)")
    placed = [0, 0, 0, 0, 0]
    for colour in state.new_cities.values():
        placed[COLOURS.index(colour)] += 1
    if tuple(a + b for a, b in zip(placed, state.new_city_supply, strict=True)) \
            != board.components.new_cities:
        problems.append("New City counters are not conserved (S-A9)")
    grown = len(state.growth) - len(state.new_cities)
    if grown + state.growth_supply != board.components.urban_growth:
        problems.append("Urban Growth counters are not conserved (S-A7)")
    if state.turn > state.last_turn:
        problems.append(f"turn {state.turn} past the last turn {state.last_turn} (S-W1)")
    # the end
    if state.phase is Phase.OVER:
        ends = [e for e in state.log if isinstance(e, GameEnded)]
        if len(ends) != 1 or state.outcome is None:
            problems.append("a finished game must log its end once")
        else:
            again = final_scores(state)
            if ends[0].scores != again.scores or ends[0].winner != again.winner \
                    or state.outcome.scores != again.scores:
                problems.append(f"final scores {ends[0].scores} (winner {ends[0].winner}) "
                                f"disagree with the tracks and links: {again.scores} (S-W2)")
    return problems


class SteamInvariants:
    """Steam's invariants as the kit's :class:`~rail_app.table.invariants.Invariants`: every
    state as :func:`invariants` says; a finished game has its outcome (S-W1-S-W3)."""

    def state(self, state: GameState) -> list[str]:
        return invariants(state)

    def step(self, before: GameState, action: Action, quote: Quote,
             after: GameState) -> list[str]:
        return []

    def end(self, state: GameState, capped: bool) -> list[str]:
        if state.phase is not Phase.OVER or state.outcome is None:
            return ["the game ended without its outcome (S-W1-S-W3)"]
        return []


class _Rules:
    """What the kit's checker needs of the rules."""

    def quote(self, state: GameState, action: Action, player: int | None = None) -> Quote:
        return engine.quote(state, action, player)

    def fingerprint(self, state: GameState) -> Any:
        return fingerprint(state, full=False)

    def history(self, state: GameState) -> list[tuple[int, Action]]:
        return state.history


def where(state: GameState, action: Action | None) -> str:
    return f"turn {state.turn}, {action!r}" if action is not None else "at the end"


def checker(state: GameState) -> Checker[GameState, Action]:
    """The kit's checker with Steam's invariants, for the game starting at ``state``."""
    return Checker(_Rules(), SteamInvariants(), where)
