"""Money: cash, the income track, borrowing, the income phase and bankruptcy (S-M; Standard
S-S4, S-S9-S-S12).

There are no shares: borrowing moves the income marker back 1 per $5 (S-M3), or costs 2 VP
per $5 at -10 (S-M4). Every change goes through :func:`change`, which writes one
:class:`~rail_app.games.steam.rules.events.Money` event, so the log adds up to the tracks.
"""

from __future__ import annotations

from typing import Final

from rail_app.games.steam.rules.events import Bankrupt, Money, Reason
from rail_app.games.steam.rules.links import NOBODY
from rail_app.games.steam.rules.quotes import Violation
from rail_app.games.steam.rules.state import GameState, PlayerState, Variant

STEP: Final = 5  # S-M3: dollars per borrowing step
MIN_INCOME: Final = -10  # S-M2
VP_PER_STEP: Final = 2  # S-M4


def steps_available(p: PlayerState) -> int:
    """S-M3/S-M4: how many $5 steps a player can still take (income to -10, then 2 VP each;
    D-12: at -10 with 0 or 1 VP, none)."""
    return max(0, p.income - MIN_INCOME) + max(0, p.vp) // VP_PER_STEP


def capacity(p: PlayerState) -> int:
    """S-M5: what a player can raise for a voluntary payment: cash + $5 per step left."""
    return p.cash + STEP * steps_available(p)


def may_borrow(state: GameState, seat: int) -> bool:
    """Basic game: borrowing to pay (S-M3). Standard: only with novice borrowing (S-S12)."""
    return state.options.game is Variant.BASIC or state.players[seat].novice


def can_pay(state: GameState, seat: int, amount: int) -> bool:
    p = state.players[seat]
    return amount <= (capacity(p) if may_borrow(state, seat) else p.cash)


def afford_violation(state: GameState, seat: int, amount: int, what: str) -> Violation | None:
    """The refusal of a voluntary payment the player cannot raise (S-M5; Standard S-S9)."""
    if can_pay(state, seat, amount):
        return None
    p = state.players[seat]
    if may_borrow(state, seat):
        rule = "S-S12" if state.options.game is Variant.STANDARD else "S-M5"
        return Violation(rule, f"Can't pay ${amount} for {what}: your cash and what you can "
                               f"still borrow come to ${capacity(p)}")
    return Violation("S-S9", f"Can't pay ${amount} for {what}: you have ${p.cash} in hand and "
                             "may borrow only in phase 1")


def change(state: GameState, seat: int, reason: Reason, *, cash: int = 0, income: int = 0,
           vp: int = 0) -> None:
    """Change one player's tracks and write it in the log."""
    if not (cash or income or vp):
        return
    p = state.players[seat]
    p.cash += cash
    p.income += income
    p.vp += vp
    state.log.append(Money(seat, reason, cash, income, vp))


def take_steps(state: GameState, seat: int, steps: int, reason: Reason) -> None:
    """Take ``steps`` $5 steps: income back 1 each while above -10, then 2 VP each (S-M3,
    S-M4; Standard capital S-S4). The caller has checked :func:`steps_available`."""
    p = state.players[seat]
    on_income = min(steps, max(0, p.income - MIN_INCOME))
    on_vp = steps - on_income
    change(state, seat, reason, cash=STEP * steps, income=-on_income, vp=-VP_PER_STEP * on_vp)


def pay(state: GameState, seat: int, amount: int, reason: Reason) -> bool:
    """Pay ``amount``, borrowing the smallest number of $5 steps for what the cash cannot
    cover when the player may borrow (S-M3: all the cash first; the surplus of $0-$4 stays).
    False, with nothing changed, when it cannot be paid."""
    if amount <= 0:
        return True
    p = state.players[seat]
    if p.cash < amount:
        if not may_borrow(state, seat) or capacity(p) < amount:
            return False
        short = amount - p.cash
        take_steps(state, seat, -(-short // STEP), Reason.BORROW)
    change(state, seat, reason, cash=-amount)
    return True


def go_bankrupt(state: GameState, seat: int, due: int) -> None:
    """S-M7 (Basic, phase 4): a player who cannot pay puts all their cash towards the debt
    and borrows every step they still can (income down to -10, then 2 VP a step, S-M4),
    spending it too; the step that cannot be taken makes them bankrupt (S-M8)."""
    p = state.players[seat]
    steps = steps_available(p)
    if steps:
        take_steps(state, seat, steps, Reason.BORROW)
    change(state, seat, Reason.EXPENSES, cash=-p.cash)
    eliminate(state, seat, due)


def eliminate(state: GameState, seat: int, owed: int) -> None:
    """S-M7/S-M8: a bankrupt player leaves the game, having spent what they had (the callers:
    :func:`go_bankrupt`, :func:`shortfall`); ``owed`` is the payment they could not make. Their markers
    leave the board: every link they controlled becomes uncontrolled (complete ones for
    good, as no one may claim a complete link; incomplete ones claimable as usual, S-K12).
    Their tiles stay; the game keeps its length (S-W1, D-33)."""
    p = state.players[seat]
    p.out = True
    state.log.append(Bankrupt(seat, owed))
    for h, tile in list(state.tiles.items()):
        if seat in tile.owners:
            state.tiles[h] = tile.with_owners({path: NOBODY for path, o in
                                               zip(tile.paths, tile.owners, strict=True)
                                               if o == seat})
    state.track_changed()
    state.order = [s for s in state.order if s != seat]


def income_phase_basic(state: GameState) -> None:
    """S-M6: in turn order each player receives a positive income or pays a negative one,
    borrowing as needed (S-M3/S-M4); one who cannot is bankrupt (S-M7)."""
    for seat in list(state.order):
        p = state.players[seat]
        due = p.income  # as it stands now: steps borrowed below do not change it (S-M6)
        if due > 0:
            change(state, seat, Reason.INCOME, cash=due)
        elif due < 0 and not pay(state, seat, -due, Reason.EXPENSES):
            go_bankrupt(state, seat, -due)


def maintenance(p: PlayerState) -> int:
    """S-S10: $1 per locomotive level (Standard)."""
    return p.loco


def income_phase_standard(state: GameState) -> None:
    """S-S10: in turn order each player receives a positive income, then pays negative
    income and maintenance as one payment (D-30) from cash (S-S9; S-S12 novices may
    borrow); a shortfall costs VP, then income (S-S11)."""
    for seat in list(state.order):
        p = state.players[seat]
        if p.income > 0:
            change(state, seat, Reason.INCOME, cash=p.income)
        due = max(0, -p.income) + maintenance(p)
        if p.cash >= due or (p.novice and capacity(p) >= due):
            pay(state, seat, due, Reason.EXPENSES)
            continue
        shortfall(state, seat, due)


def shortfall(state: GameState, seat: int, due: int) -> None:
    """S-S11/D-31: pay all the cash; for the unpaid rest lose 1 VP per $2 or part, then
    (VP at 0) 1 income per $2 or part; $1 back when the rest is odd. Bankrupt when the rest
    cannot be covered even at income -10 with no VP: all of it is spent first, and the
    player leaves with no cash, no VP and income -10 (S-M7)."""
    p = state.players[seat]
    rest = due - p.cash
    units = -(-rest // 2)
    on_vp = min(max(0, p.vp), units)
    on_income = min(units - on_vp, max(0, p.income - MIN_INCOME))
    change(state, seat, Reason.EXPENSES, cash=-p.cash)
    change(state, seat, Reason.SHORTFALL, vp=-on_vp, income=-on_income)
    unpaid = units - on_vp - on_income
    if unpaid > 0:
        eliminate(state, seat, due)
        return
    if rest % 2:
        change(state, seat, Reason.CHANGE, cash=1)

