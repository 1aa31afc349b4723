"""Auctions: the Basic game's auction for the first turn order (S-T2) and the Standard game's
auction for turn order every turn (S-S5-S-S7); and the Standard game's capital (S-S4).

Basic (S-T2, D-13): the places 1, 2, 3... are auctioned one at a time, bidding clockwise (in
seat order) from a player drawn at random; a pass leaves only this place's auction; the last
one in wins at their bid (paid by borrowing, everyone having $0) and bids no more; the next
auction is opened clockwise from the winner; the last player takes the last place for free.

Standard (S-S5): one auction in turn order from the current first player; a pass leaves the
auction for the last free place; bids are paid by place (S-S6).
"""

from __future__ import annotations

from rail_app.games.steam.rules import money
from rail_app.games.steam.rules.actions import Action, Bid, PassBid, TakeCapital
from rail_app.games.steam.rules.events import (
    BidMade,
    BidPassed,
    OrderSet,
    PlaceTaken,
    Reason,
)
from rail_app.games.steam.rules.quotes import Moment, Quote, Violation
from rail_app.games.steam.rules.state import ActionTile, Auction, GameState, Phase, Step, Variant


def begin_first_auction(state: GameState, opener: int) -> None:
    """S-T2a: the auction for place 1, opened by ``opener``."""
    seats = list(range(state.seats))
    state.auction = Auction(standard=False, active=list(seats), current=opener, seats=seats)
    state.step = Step.BID


def begin_turn_auction(state: GameState) -> None:
    """S-S5a: the current first player opens; bidding follows the current turn order. The
    holder of Turn Order last turn has one free pass (S-S7; nobody in turn 1, D-36). A
    player left alone by bankruptcies takes place 1 at once (S-S5d)."""
    if len(state.order) == 1:  # S-S5d: the only one in is the last one in: place 1, for $0
        seat = state.order[0]
        state.log.append(PlaceTaken(seat, 1, 0))
        state.log.append(OrderSet((seat,)))
        state.auction = None
        state.queue, state.cursor, state.step = [], 0, Step.NONE
        return
    free = -1
    if state.turn > 1:
        for seat, tile in state.last_tiles.items():
            if tile == ActionTile.TURN_ORDER and seat in state.order:
                free = seat
    state.auction = Auction(standard=True, active=list(state.order), current=state.order[0],
                            seats=list(state.order), free_pass=free)
    state.step = Step.BID


def min_bid(a: Auction) -> int:
    """S-T2b/S-S5b: $0 or more while nobody has bid, then $1 above the high bid."""
    return a.high + 1 if a.high >= 0 else 0


def max_bid(state: GameState, seat: int) -> int:
    """S-T2h: what the bidder could raise (S-M5); Standard: the cash in hand (S-S5b)."""
    a = state.auction
    assert a is not None
    p = state.players[seat]
    return p.cash if a.standard else money.capacity(p)


def quote_bid(state: GameState, action: Bid) -> Quote:
    a = state.auction
    assert a is not None
    seat = a.current
    rule = "S-S5" if a.standard else "S-T2"
    vs: list[Violation] = []
    low = min_bid(a)
    if action.amount < low:
        vs.append(Violation(rule, f"A bid must be at least ${low}" + (
            f" ($1 above the high bid of ${a.high})" if a.high >= 0 else "")))
    top = max_bid(state, seat)
    if action.amount > top:
        vs.append(Violation(rule, f"You can't bid more than ${top}" + (
            " (the cash in hand)" if a.standard else " (what you could raise, S-M5)")))
    return Quote(action, action.amount, tuple(vs))


def apply_bid(state: GameState, action: Bid, quote: Quote) -> None:
    a = state.auction
    assert a is not None
    seat = a.current
    a.high = action.amount
    a.high_bidder = seat
    a.best[seat] = max(a.best.get(seat, 0), action.amount)
    state.log.append(BidMade(seat, action.amount))
    _next_bidder(a)


def quote_pass(state: GameState, action: PassBid) -> Quote:
    return Quote(action)


def apply_pass(state: GameState, action: PassBid, quote: Quote) -> None:
    a = state.auction
    assert a is not None
    seat = a.current
    if a.standard:
        if seat == a.free_pass:  # S-S7: pass once and stay in
            a.free_pass = -1
            state.log.append(BidPassed(seat, free=True))
            _next_bidder(a)
            return
        place = len(a.active)  # S-S5c: the last free place
        a.passed_to[seat] = place
        a.active.remove(seat)
        state.log.append(BidPassed(seat, place=place))
        if len(a.active) == 1:
            _finish_standard(state)
            return
        _next_bidder(a, after=seat)
        return
    a.active.remove(seat)
    state.log.append(BidPassed(seat))
    if len(a.active) == 1:
        _finish_basic_place(state)
        return
    _next_bidder(a, after=seat)


def _next_bidder(a: Auction, after: int | None = None) -> None:
    """The next seat in bidding order that is still in and does not hold the high bid."""
    start = a.current if after is None else after
    n = len(a.seats)
    i = a.seats.index(start)
    for k in range(1, n + 1):
        s = a.seats[(i + k) % n]
        if s in a.active and s != a.high_bidder:
            a.current = s
            return
    a.current = a.high_bidder  # unreachable while two or more are in


def _finish_basic_place(state: GameState) -> None:
    """S-T2d-g: the one left takes the place at their bid ($0 if they never bid) and pays it,
    borrowing (S-M3); then the next place, or the last player takes the last place."""
    a = state.auction
    assert a is not None
    winner = a.active[0]
    price = a.high if winner == a.high_bidder else 0
    if price:
        paid = money.pay(state, winner, price, Reason.BID)
        assert paid, "a bid is never above what the bidder can raise (S-T2h)"
    state.log.append(PlaceTaken(winner, a.place, price))
    a.placed.append(winner)
    left = [s for s in range(state.seats) if s not in a.placed]
    if len(left) == 1:
        state.log.append(PlaceTaken(left[0], a.place + 1, 0))
        a.placed.append(left[0])
        state.order = list(a.placed)
        state.log.append(OrderSet(tuple(state.order)))
        state.auction = None
        state.step = Step.NONE
        return
    n = state.seats
    opener = next(s for s in ((winner + k) % n for k in range(1, n + 1)) if s in left)
    state.auction = Auction(standard=False, active=left, current=opener, seats=list(range(n)),
                            place=a.place + 1, placed=list(a.placed))


def _finish_standard(state: GameState) -> None:
    """S-S5d/S-S6: the one left takes place 1; every player pays by place: places 1 and 2
    their highest bid, the last place nothing, the others half of it rounded up."""
    a = state.auction
    assert a is not None
    a.passed_to[a.active[0]] = 1
    n = len(a.seats)
    order = sorted(a.seats, key=lambda s: a.passed_to[s])
    for seat in order:
        place = a.passed_to[seat]
        due = bid_payment(place, n, a.best.get(seat, 0))
        if due:
            money.change(state, seat, Reason.BID, cash=-due)
        state.log.append(PlaceTaken(seat, place, due))
    state.order = order
    state.log.append(OrderSet(tuple(order)))
    state.auction = None
    state.step = Step.NONE


def bid_payment(place: int, places: int, bid: int) -> int:
    """S-S6: what the holder of ``place`` (of ``places``) pays for their highest ``bid``
    (D-33: places count only the players left; with two, the last place pays nothing)."""
    if place == places:
        return 0
    if place <= 2:
        return bid
    return -(-bid // 2)


def auction_actions(state: GameState) -> list[Action]:
    a = state.auction
    assert a is not None
    low, top = min_bid(a), max_bid(state, a.current)
    out: list[Action] = [Bid(x) for x in range(low, top + 1)]
    out.append(PassBid())
    return out


# -- capital (S-S4) -----------------------------------------------------------------------------


def capital_refusal(state: GameState) -> Violation | None:
    """Why a request for money from the bank is refused now, naming its rule, or None when
    it is the Standard game's phase 1. The Basic game lends only as a payment is made
    (S-M3); the Standard game raises money only in phase 1 (S-S4), and its build and move
    phases are paid from cash (S-S9; a novice borrower borrows as they pay, S-S12)."""
    if state.options.game is not Variant.STANDARD:
        return Violation("S-M3", "The bank lends only when you make a payment your cash "
                                 "can't cover, never at another time")
    if state.step is Step.CAPITAL:
        return None
    if state.phase in (Phase.BUILD, Phase.MOVE):
        return Violation.not_now(Moment.WRONG_PHASE, "Track and goods are paid from the cash "
                                 "in hand: money is raised only in phase 1", "S-S9")
    return Violation.not_now(Moment.WRONG_PHASE, "Money is raised only in phase 1, "
                             "acquire capital", "S-S4")


def quote_capital(state: GameState, action: TakeCapital) -> Quote:
    seat = state.queue[state.cursor]
    p = state.players[seat]
    if action.steps < 0:
        return Quote(action, 0, (Violation("S-S4", "Capital is taken in whole $5 steps, "
                                                   "0 or more"),))
    left = money.steps_available(p)
    if action.steps > left:
        return Quote(action, 0, (Violation(
            "S-S4", f"You can take at most {left} step{'s' if left != 1 else ''} of $5 (income "
                    "down to -10, then 2 VP a step, S-M4)"),))
    return Quote(action, -money.STEP * action.steps)


def apply_capital(state: GameState, action: TakeCapital, quote: Quote) -> None:
    seat = state.queue[state.cursor]
    if action.steps:
        money.take_steps(state, seat, action.steps, Reason.CAPITAL)
    state.cursor += 1


def capital_actions(state: GameState) -> list[Action]:
    seat = state.queue[state.cursor]
    return [TakeCapital(k) for k in range(money.steps_available(state.players[seat]) + 1)]
