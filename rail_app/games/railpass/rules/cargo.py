"""Cargo (R-L): loading from either end of the yard onto a parked train (R-L1-R-L5), moving and
swapping cubes between the two parked trains of a station (R-L9, D-10), and the compulsory
unloading of a city's own colour when a train is parked there (R-L7, R-L8, D-9). Cubes never
go back into a yard (R-L6): nothing here can put one there; loading is how a yard empties
(R-L10). Any parked train takes cargo, whoever's engineer drives it (R-L3, D-26). A cube's
colour is its destination (R-C6). With the Expert stickers, every
load and exchange keeps each train within D-20 (D-28).
"""

from __future__ import annotations

from rail_app.core.i18n import _, ngettext
from rail_app.games.railpass.rules import common
from rail_app.games.railpass.rules.actions import End, Load, MoveCube, SwapCubes
from rail_app.games.railpass.rules.common import AnyQuote
from rail_app.games.railpass.rules.events import CubeMoved, CubesSwapped, Delivered, Loaded
from rail_app.games.railpass.rules.names import city_name, colour_name, train_words
from rail_app.games.railpass.rules.state import RoundState, capacity
from rail_app.table.quotes import Violation


@common.quoting
def quote_load(state: RoundState, action: Load) -> list[Violation]:
    """R-L1-R-L4, D-28 (and D-31: a hand for the cube)."""
    c = common.city(action.city)
    t = common.train(action.train)
    common.own_city(state, action.seat, c)
    out: list[Violation] = []
    common.free_hand(state, action.seat, out)
    cube = state.yard_end(c, action.end is End.LAST)
    if cube < 0:
        out.append(Violation("R-L2", _("{city}'s shipping yard is empty").format(
            city=city_name(c))))
    if common.parked_at(state, t, c, "R-L1", out):
        if len(state.cubes[t]) >= capacity(t):
            out.append(Violation("R-L4", ngettext(
                "{train} is full: it holds {n} cube", "{train} is full: it holds {n} cubes",
                capacity(t)).format(train=train_words(t), n=capacity(t))))
        elif cube >= 0 and not common.sticker_ok(state, t, [*state.cubes[t], cube]):
            out.append(Violation("D-28", _("{train}'s last place is kept for {colour} cubes "
                                           "(its sticker)").format(
                train=train_words(t), colour=colour_name(common.sticker_of(state, t)))))
    return out


def apply_load(state: RoundState, action: Load, quote: AnyQuote) -> None:
    c = common.city(action.city)
    t = common.train(action.train)
    last = action.end is End.LAST
    if last:
        state.hi[c] -= 1
        cube = state.yard[c][state.hi[c]]
    else:
        cube = state.yard[c][state.lo[c]]
        state.lo[c] += 1
    state.cubes[t].append(cube)
    state.log.append(Loaded(state.tick, action.seat, c, t, cube, last))


def _take_cube(cubes: list[int], colour: int) -> None:
    """Remove the cube of ``colour`` loaded last (a train's cubes are kept in load order)."""
    for i in range(len(cubes) - 1, -1, -1):
        if cubes[i] == colour:
            del cubes[i]
            return
    raise ValueError("no such cube")


@common.quoting
def quote_move_cube(state: RoundState, action: MoveCube) -> list[Violation]:
    """R-L9, R-L4, D-10, D-28."""
    c = common.city(action.city)
    src = common.train(action.source)
    dst = common.train(action.target)
    cube = common.cube_colour(action.cube)
    common.own_city(state, action.seat, c)
    out: list[Violation] = []
    common.free_hand(state, action.seat, out)
    if src == dst:
        out.append(Violation("R-L9", _("Cargo moves between two different trains")))
        return out
    a = common.parked_at(state, src, c, "R-L9", out)
    b = common.parked_at(state, dst, c, "R-L9", out)
    if a and cube not in state.cubes[src]:
        out.append(Violation("R-L9", _("{train} carries no {colour} cube").format(
            train=train_words(src), colour=colour_name(cube))))
    if b and len(state.cubes[dst]) >= capacity(dst):
        out.append(Violation("R-L4", _("{train} is full").format(train=train_words(dst))))
    elif b and not common.sticker_ok(state, dst, [*state.cubes[dst], cube]):
        out.append(Violation("D-28", _("{train}'s last place is kept for {colour} cubes "
                                       "(its sticker)").format(
            train=train_words(dst), colour=colour_name(common.sticker_of(state, dst)))))
    return out


def apply_move_cube(state: RoundState, action: MoveCube, quote: AnyQuote) -> None:
    c = common.city(action.city)
    src = common.train(action.source)
    dst = common.train(action.target)
    cube = common.cube_colour(action.cube)
    _take_cube(state.cubes[src], cube)
    state.cubes[dst].append(cube)
    state.log.append(CubeMoved(state.tick, action.seat, c, src, dst, cube))


@common.quoting
def quote_swap_cubes(state: RoundState, action: SwapCubes) -> list[Violation]:
    """D-10: a one-for-one swap, allowed even between two full trains; both cubes are in the
    player's hands (DG-M8: two free hands). D-28 with the stickers."""
    c = common.city(action.city)
    ta = common.train(action.a)
    tb = common.train(action.b)
    ca = common.cube_colour(action.cube_a)
    cb = common.cube_colour(action.cube_b)
    common.own_city(state, action.seat, c)
    out: list[Violation] = []
    if state.free_hands(action.seat) < 2:
        out.append(Violation("D-10", _("A swap takes both hands: they must be free")))
    if ta == tb:
        out.append(Violation("R-L9", _("Cargo moves between two different trains")))
        return out
    a = common.parked_at(state, ta, c, "R-L9", out)
    b = common.parked_at(state, tb, c, "R-L9", out)
    if a and ca not in state.cubes[ta]:
        out.append(Violation("R-L9", _("{train} carries no {colour} cube").format(
            train=train_words(ta), colour=colour_name(ca))))
    if b and cb not in state.cubes[tb]:
        out.append(Violation("R-L9", _("{train} carries no {colour} cube").format(
            train=train_words(tb), colour=colour_name(cb))))
    if not out and state.settings.expert:
        after_a = list(state.cubes[ta])
        _take_cube(after_a, ca)
        after_b = list(state.cubes[tb])
        _take_cube(after_b, cb)
        for t, after in ((ta, [*after_a, cb]), (tb, [*after_b, ca])):
            if not common.sticker_ok(state, t, after):
                out.append(Violation("D-28", _("{train}'s last place is kept for {colour} "
                                               "cubes (its sticker)").format(
                    train=train_words(t), colour=colour_name(common.sticker_of(state, t)))))
    return out


def apply_swap_cubes(state: RoundState, action: SwapCubes, quote: AnyQuote) -> None:
    c = common.city(action.city)
    ta = common.train(action.a)
    tb = common.train(action.b)
    ca = common.cube_colour(action.cube_a)
    cb = common.cube_colour(action.cube_b)
    _take_cube(state.cubes[ta], ca)
    _take_cube(state.cubes[tb], cb)
    state.cubes[ta].append(cb)
    state.cubes[tb].append(ca)
    state.log.append(CubesSwapped(state.tick, action.seat, c, ta, tb, ca, cb))


def deliver(state: RoundState, t: int, c: int) -> int:
    """R-L7, R-L8, D-9: every cube of the city's colour on a train just parked there goes to
    its storage, at once. Returns how many."""
    cubes = state.cubes[t]
    n = cubes.count(c)
    if n:
        state.cubes[t] = [x for x in cubes if x != c]
        state.storage[c][c] += n
        state.log.append(Delivered(state.tick, c, t, n))
    return n
