"""Set-up, the turn and its phases, action tiles, and the end of the game.

Set-up (S-I1-S-I3) draws every random thing the game will ever have: the cubes on the
cities and the reserve, and the first turn order (the auction's opener, S-T2a; the random
draw, S-T3; the Standard deal, S-S2).

Phases follow the flow of the variant (a table in :mod:`rulebook`): Basic S-T1, Standard
S-S3. Interactive phases keep a queue of seats; automatic ones (income, turn order, new turn)
run at once. The game ends after the income phase of the last turn (S-W1, S-S3/D-29), even
when bankruptcies have left one player alone (S-M8, D-33: the rulebook eliminates a bankrupt
player and says no more), or as soon as nobody is left to play.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Final

from rail_app.games.steam.rules import money
from rail_app.games.steam.rules.actions import Action, ChooseTile, Declare
from rail_app.games.steam.rules.auction import begin_first_auction
from rail_app.games.steam.rules.board import COLOURS, Cubes
from rail_app.games.steam.rules.build import urbanization_possible
from rail_app.games.steam.rules.events import (
    Bankrupt,
    CubesDrawn,
    Declared,
    GameEnded,
    LocoRaised,
    OpenerDrawn,
    OrderDrawn,
    OrderSet,
    PhaseBegan,
    Reason,
    TileChosen,
    TurnBegan,
)
from rail_app.games.steam.rules.quotes import Quote, Violation
from rail_app.games.steam.rules.state import (
    MAX_LOCO,
    TURNS,
    ActionTile,
    EndReason,
    FirstOrder,
    GameState,
    Outcome,
    Phase,
    Score,
    Special,
    Step,
    Variant,
)

#: S-A2: Basic costs of the action tiles.
URBAN_GROWTH_COST: Final = 2
URBANIZATION_COST: Final = 6
LOCOMOTIVE_BASE_COST: Final = 4
#: S-I1: cubes on each reserve space, and with 3 players.
RESERVE_CUBES: Final = 3
RESERVE_CUBES_THREE: Final = 2


# -- set-up --------------------------------------------------------------------------------------


def _draw(state: GameState, bag: list[int], n: int) -> Cubes:
    counts = [0, 0, 0, 0, 0]
    for _ in range(min(n, len(bag))):
        counts[bag.pop(state.rng.randrange(len(bag)))] += 1
    return (counts[0], counts[1], counts[2], counts[3], counts[4])


def setup(state: GameState) -> None:
    """S-I1: cubes from the bag onto the cities and the reserve spaces; S-I2: the supplies;
    S-I3: the first turn order. After this nothing is drawn again."""
    board = state.board
    n = state.seats
    comp = board.components
    bag = [i for i, c in enumerate(COLOURS) for _ in range(comp.cubes[i])]
    change = board.cube_change(n)
    for city in board.cities:
        cubes = _draw(state, bag, max(0, city.number + change))
        state.cubes[city.hex] = cubes
        state.log.append(CubesDrawn(board.key(city.hex), None, cubes))
    per_space = RESERVE_CUBES_THREE if n == 3 else RESERVE_CUBES
    for i in range(board.reserve_spaces):
        cubes = _draw(state, bag, per_space)
        state.reserve.append(cubes)
        state.log.append(CubesDrawn(None, i, cubes))
    left = [0, 0, 0, 0, 0]
    for c in bag:
        left[c] += 1
    state.bag = (left[0], left[1], left[2], left[3], left[4])
    state.city_hexes = {c.hex for c in board.cities}
    state.new_city_supply = comp.new_cities
    state.growth_supply = comp.urban_growth
    state.last_turn = TURNS[n]
    for seat in state.options.novice:
        state.players[seat].novice = True
    if state.options.game is Variant.STANDARD:
        tiles = state.rng.sample(range(1, 8), n)  # S-S2: one action tile dealt per player
        state.log.append(OrderDrawn(tuple(tiles)))
        state.order = sorted(range(n), key=lambda s: tiles[s])
        state.log.append(OrderSet(tuple(state.order)))
    elif state.options.first_order is FirstOrder.RANDOM:
        tiles = state.rng.sample(range(1, 8), n)  # S-T3
        state.log.append(OrderDrawn(tuple(tiles)))
        first = min(range(n), key=lambda s: tiles[s])
        state.order = [(first + k) % n for k in range(n)]
        state.log.append(OrderSet(tuple(state.order)))
        for place, seat in enumerate(state.order):
            money.change(state, seat, Reason.COMPENSATION, cash=place)  # $1 to the 2nd...
    else:
        opener = state.rng.randrange(n)  # S-T2a
        state.log.append(OpenerDrawn(opener))
        state.phase = Phase.FIRST_AUCTION
        state.log.append(PhaseBegan(str(Phase.FIRST_AUCTION)))
        begin_first_auction(state, opener)


# -- action tiles (S-A1, S-A2, S-A7-S-A9) --------------------------------------------------------


def locomotive_cost(state: GameState, seat: int) -> int:
    """S-A8: $4 + the new level (Basic); free in the Standard game (S-S8)."""
    if state.options.game is Variant.STANDARD:
        return 0
    return LOCOMOTIVE_BASE_COST + state.players[seat].loco + 1


def barred(state: GameState, seat: int, tile: int) -> Violation | None:
    """Why ``seat`` may not take ``tile`` now (S-A8, S-A9, S-A2 with S-M5), or None."""
    if tile == ActionTile.LOCOMOTIVE:
        if state.players[seat].loco >= MAX_LOCO:
            return Violation("S-A8", "Your locomotive is at level 6: you can't take "
                                     "Locomotive")
        cost = locomotive_cost(state, seat)
        v = money.afford_violation(state, seat, cost, "Locomotive")
        if v is not None:
            return Violation("S-A2", v.message)
    if tile == ActionTile.URBANIZATION and not urbanization_possible(state):
        return Violation("S-A9", "Urbanization can't be taken: no town hex or no New City "
                                 "counter is left")
    return None


def remaining_tiles(state: GameState) -> list[int]:
    taken = set(state.tile_of.values())
    return [t for t in ActionTile if t not in taken]


def quote_choose(state: GameState, action: ChooseTile) -> Quote:
    seat = state.queue[state.cursor]
    if action.tile not in ActionTile._value2member_map_:
        return Quote(action, 0, (Violation("S-A1", "The action tiles are numbered 1 to 7"),))
    left = remaining_tiles(state)
    if action.tile not in left:
        holder = next(s for s, t in state.tile_of.items() if t == action.tile)
        return Quote(action, 0, (Violation(
            "S-A1", f"{ActionTile(action.tile).name.replace('_', ' ').title()} is taken "
                    f"already (by {state.name(holder)})"),))
    if all(barred(state, seat, t) is not None for t in left):
        if action.tile != min(left):  # D-26
            return Quote(action, 0, (Violation(
                "S-A1", f"Every tile left is barred for you: take the lowest, {min(left)}, as "
                        "a number only"),))
        return Quote(action)
    v = barred(state, seat, action.tile)
    if v is not None:
        return Quote(action, 0, (v,))
    cost = locomotive_cost(state, seat) if action.tile == ActionTile.LOCOMOTIVE else 0
    return Quote(action, cost)


def apply_choose(state: GameState, action: ChooseTile, quote: Quote) -> None:
    seat = state.queue[state.cursor]
    tile = action.tile
    state.tile_of[seat] = tile
    left = remaining_tiles(state) + [tile]
    if all(barred(state, seat, t) is not None for t in left):
        state.number_only.add(seat)  # D-26: no effect, no cost
        state.log.append(TileChosen(seat, tile, True))
        state.cursor += 1
        return
    state.log.append(TileChosen(seat, tile))
    if tile == ActionTile.LOCOMOTIVE:  # S-A8/S-L2: at once
        cost = locomotive_cost(state, seat)
        if cost:
            paid = money.pay(state, seat, cost, Reason.ACTION_TILE)
            assert paid
        state.players[seat].loco += 1
        state.log.append(LocoRaised(seat, state.players[seat].loco, True))
    if tile in (ActionTile.URBAN_GROWTH, ActionTile.URBANIZATION):
        if state.options.game is Variant.BASIC:
            state.step = Step.DECLARE  # S-A7: perform or pass, right now
            return
        state.special[seat] = Special.PENDING  # S-S8: free; may be passed later (D-34)
    state.cursor += 1


def special_cost(tile: int) -> int:
    return URBAN_GROWTH_COST if tile == ActionTile.URBAN_GROWTH else URBANIZATION_COST


def quote_declare(state: GameState, action: Declare) -> Quote:
    seat = state.queue[state.cursor]
    if not action.perform:
        return Quote(action)
    tile = state.tile_of[seat]
    cost = special_cost(tile)
    name = "Urban Growth" if tile == ActionTile.URBAN_GROWTH else "Urbanization"
    v = money.afford_violation(state, seat, cost, name)
    if v is not None:
        return Quote(action, cost, (Violation("S-A2", v.message),))
    return Quote(action, cost)


def apply_declare(state: GameState, action: Declare, quote: Quote) -> None:
    """S-A7/S-A9: perform (pay now, carry it out in the build phase) or pass (the tile is
    turned blank side up; its number still counts)."""
    seat = state.queue[state.cursor]
    tile = state.tile_of[seat]
    if action.perform:
        paid = money.pay(state, seat, special_cost(tile), Reason.ACTION_TILE)
        assert paid
        state.special[seat] = Special.PENDING
    else:
        state.special[seat] = Special.PASSED
    state.log.append(Declared(seat, tile, action.perform))
    state.step = Step.CHOOSE
    state.cursor += 1


def choose_actions(state: GameState) -> list[Action]:
    if state.step is Step.DECLARE:
        return [Declare(True), Declare(False)]
    return [ChooseTile(t) for t in remaining_tiles(state)]


# -- phases --------------------------------------------------------------------------------------


def begin_queue(state: GameState, step: Step) -> None:
    state.queue = list(state.order)
    state.cursor = 0
    state.step = step


def begin_capital(state: GameState) -> None:
    """S-S4: in turn order, each player takes capital."""
    begin_queue(state, Step.CAPITAL)


def begin_select(state: GameState) -> None:
    """S-A1: in turn order, each player takes an action tile."""
    begin_queue(state, Step.CHOOSE)


def run_income(state: GameState) -> None:
    """S-M6 (Basic phase 4) or S-S10/S-S11 (Standard phase 6)."""
    state.queue, state.cursor, state.step = [], 0, Step.NONE
    if state.options.game is Variant.BASIC:
        money.income_phase_basic(state)
    else:
        money.income_phase_standard(state)


def run_order(state: GameState) -> None:
    """S-T4: the new turn order is the ascending order of the tiles' numbers (so Turn Order,
    tile 1, goes first: its only effect in the Basic game, S-A3)."""
    state.queue, state.cursor, state.step = [], 0, Step.NONE
    state.order = sorted(state.order, key=lambda s: state.tile_of.get(s, 99))
    state.log.append(OrderSet(tuple(state.order)))


def run_new_turn(state: GameState) -> None:
    """S-T6: the action tiles go back; the turn marker advances."""
    state.queue, state.cursor, state.step = [], 0, Step.NONE
    state.last_tiles = dict(state.tile_of)
    state.tile_of = {}
    state.number_only = set()
    state.special = {}
    state.turn += 1
    state.log.append(TurnBegan(state.turn))


@dataclass(frozen=True)
class PhaseRule:
    """A phase: what starts it (and, for an automatic phase, does all of it)."""

    begin: Callable[[GameState], None]
    automatic: bool = False


Flow = Mapping[Variant, tuple[Phase, ...]]


def phase_done(state: GameState) -> bool:
    if state.phase is Phase.OVER:
        return False
    if state.step is Step.BID:
        return state.auction is None
    if state.step in (Step.POINTS, Step.DECLARE):
        return False
    return state.cursor >= len(state.queue)


def advance(state: GameState, flow: Flow, phases: Mapping[Phase, PhaseRule],
            last: Phase) -> None:
    """Move on through the phases while the current one is finished."""
    while phase_done(state):
        seq = flow[state.options.game]
        if state.phase is Phase.FIRST_AUCTION:
            nxt = seq[0]
            state.turn = 1
            state.log.append(TurnBegan(1))
        else:
            if state.phase is last and (state.turn >= state.last_turn or not state.order):
                finish(state)
                return
            i = seq.index(state.phase)
            nxt = seq[(i + 1) % len(seq)]
        state.phase = nxt
        state.log.append(PhaseBegan(str(nxt)))
        phases[nxt].begin(state)
        if not state.order and not phases[nxt].automatic:
            finish(state)
            return


def start(state: GameState, flow: Flow, phases: Mapping[Phase, PhaseRule], last: Phase) -> None:
    """After set-up: the first auction is under way, or turn 1 begins."""
    if state.phase is Phase.FIRST_AUCTION:
        return
    state.turn = 1
    state.log.append(TurnBegan(1))
    first = flow[state.options.game][0]
    state.phase = first
    state.log.append(PhaseBegan(str(first)))
    phases[first].begin(state)


# -- the end (S-W1-S-W3) -------------------------------------------------------------------------


def income_vp(income: int) -> int:
    """S-W2(1): positive income adds floor(income / 2) VP, negative takes 2 x |income|."""
    return income // 2 if income > 0 else 2 * income


def score(state: GameState, seat: int) -> Score:
    """S-W2: VP + income VP + 1 per complete link controlled (markers on incomplete links are
    removed first: they score nothing)."""
    p = state.players[seat]
    links = sum(1 for link in state.links().links if link.owner == seat and link.complete)
    return Score(seat, p.vp, income_vp(p.income), links)


def final_scores(state: GameState) -> Outcome:
    """S-W2/S-W3: scores of the players still in; ties go to the lowest action tile of the
    last turn (D-28 in the Standard game). Eliminated players rank last, the later
    eliminated first; they cannot win."""
    alive = [s for s in range(state.seats) if not state.players[s].out]
    breakdown: list[Score | None] = [None] * state.seats
    for s in alive:
        breakdown[s] = score(state, s)
    scores = tuple(b.total if b is not None else None for b in breakdown)
    ranked = sorted(alive, key=lambda s: (-(scores[s] or 0), state.tile_of.get(s, 99), s))
    gone = [e.seat for e in state.log if isinstance(e, Bankrupt)]
    ranks = tuple(ranked + list(reversed(gone)))
    reason = EndReason.FINISHED if ranked else EndReason.ALL_BANKRUPT
    return Outcome(reason, scores, ranks, ranked[0] if ranked else None, tuple(breakdown))


def finish(state: GameState) -> None:
    outcome = final_scores(state)
    state.outcome = outcome
    state.phase = Phase.OVER
    state.step = Step.NONE
    state.queue, state.cursor = [], 0
    state.auction = None
    state.build = None
    state.log.append(GameEnded(str(outcome.reason), outcome.scores, outcome.winner))

