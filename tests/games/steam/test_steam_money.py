"""Money (S-M1-S-M8), the Standard game's capital, upkeep and shortfall (S-S4, S-S9-S-S12,
S-L4) and the final score (S-W2), with the rulebook's examples EX-01, EX-17, EX-19, EX-20,
EX-23 and EX-28."""

from __future__ import annotations

from steamhelp import at_build, chain, game, h, key, links_of, put_paths

from rail_app.games.steam.rules import engine, money
from rail_app.games.steam.rules.actions import LayTile, TakeCapital
from rail_app.games.steam.rules.events import Bankrupt, Money, Reason
from rail_app.games.steam.rules.links import NOBODY
from rail_app.games.steam.rules.state import GameState, Phase, Step
from rail_app.games.steam.rules.tiles import with_paths
from rail_app.games.steam.rules.turns import income_vp, score

A, B, C = 0, 1, 2


def tracks(s: GameState, seat: int, cash: int = 0, income: int = 0, vp: int = 0,
           loco: int = 1) -> None:
    """Set a player's tracks, writing the change in the ledger as the game would."""
    p = s.players[seat]
    s.log.append(Money(seat, Reason.CAPITAL, cash - p.cash, income - p.income, vp - p.vp))
    p.cash, p.income, p.vp, p.loco = cash, income, vp, loco


def lay(s: GameState, where: str, a: int, b: int) -> LayTile:
    o = with_paths([(a, b)])
    assert o is not None
    return LayTile(key(s, where), o.face, o.rotation)


def test_EX_01_borrowing_for_track() -> None:
    """EX-01 (S-M3): with $0 and income 0 a player lays $8 of track in one build phase: two
    $5 steps in all, income -2, $10 received, $8 paid, $2 left."""
    s = at_build(game("row", 3), A)
    tracks(s, A)
    s = engine.apply(s, lay(s, "1,0", 0, 3))  # $3, river
    s = engine.apply(s, lay(s, "3,0", 0, 3))  # $3, river, from New York
    s = engine.apply(s, lay(s, "1,-1", 2, 5))  # $2
    p = s.players[A]
    assert (p.income, p.cash) == (-2, 2)
    borrowed = sum(e.cash for e in s.log if isinstance(e, Money) and e.reason is Reason.BORROW)
    paid = -sum(e.cash for e in s.log if isinstance(e, Money) and e.reason is Reason.TRACK)
    assert (borrowed, paid) == (10, 8)


def test_EX_17_income_phase() -> None:
    """EX-17 (S-M6): Manolo, income +2, receives $2. Marta, income -1 and $0, borrows one step
    (income -2), receives $5, pays $1 and keeps $4."""
    s = game("row", 3)
    tracks(s, A, cash=0, income=2)
    tracks(s, B, cash=0, income=-1)
    tracks(s, C)
    money.income_phase_basic(s)
    assert s.players[A].cash == 2
    assert (s.players[B].income, s.players[B].cash) == (-2, 4)


def test_EX_19_income_at_the_end() -> None:
    """EX-19 (S-W2): income 5 -> +2 VP; income -2 -> -4 VP; income 0 -> 0."""
    assert [income_vp(5), income_vp(-2), income_vp(0)] == [2, -4, 0]


def test_EX_20_final_score() -> None:
    """EX-20 (S-W2): Pedro has 37 VP from deliveries, income -1 and 10 complete links:
    37 - 2 + 10 = 45."""
    s = game("delivery", 3)
    for stops in (["S", "1,0", "B"], ["B", "3,0", "R1"], ["R1", "5,0", "R2"],
                  ["R2", "7,0", "P"], ["P", "9,0", "Y"], ["S", "1,-1", "Boston"],
                  ["R1", "4,-1", "3,-1", "2,-1", "Boston"], ["N", "2,-3", "Boston"],
                  ["B", "2,1", "3,1", "R1"], ["R2", "6,1", "7,1", "P"]):
        chain(s, A, stops)
    put_paths(s, "0,1", [(4, 0)], A)  # an incomplete link: its marker is removed, no VP
    tracks(s, A, vp=37, income=-1)
    sc = score(s, A)
    assert (sc.vp, sc.income_vp, sc.links, sc.total) == (37, -2, 10, 45)


def test_EX_23_S_L4_maintenance() -> None:
    """EX-23 (S-S10, S-L4): in the Standard game level 3 pays $3 and level 6 pays $6 each
    turn, on top of other expenses."""
    s = game("row", 3, options={"game": "standard"})
    tracks(s, A, cash=10, loco=3)
    tracks(s, B, cash=10, loco=6)
    tracks(s, C, cash=10, income=-2, loco=1)
    money.income_phase_standard(s)
    assert [p.cash for p in s.players] == [7, 4, 7]


def test_EX_28_cost_summary() -> None:
    """EX-28 (S-K7, S-K15, S-K16, S-A2): $1 per exit, +$1 town, +$1 river, +$2 hill; river and
    hill not charged for redirects and upgrades; Urban Growth $2, Locomotive $4 + the new
    level, Urbanization $6, in the Basic game only."""
    from rail_app.games.steam.rules.turns import (
        URBAN_GROWTH_COST,
        URBANIZATION_COST,
        locomotive_cost,
    )

    s = at_build(game("row", 3), A)
    assert engine.quote(s, lay(s, "0,1", 4, 0)).cost == 2 + 2  # hill
    assert engine.quote(s, lay(s, "1,0", 3, 0)).cost == 2 + 1  # river
    assert (URBAN_GROWTH_COST, URBANIZATION_COST) == (2, 6)
    s.players[A].loco = 2
    assert locomotive_cost(s, A) == 4 + 3
    std = game("row", 3, options={"game": "standard"})
    assert locomotive_cost(std, A) == 0


def test_S_M1_cash_never_goes_below_zero() -> None:
    """S-M1/S-M5: a payment the player cannot raise is refused, never paid into debt."""
    s = game("row", 3)
    tracks(s, A, cash=3, income=-10, vp=1)
    assert not money.pay(s, A, 4, Reason.TRACK)
    assert s.players[A].cash == 3


def test_S_M2_S_M4_at_minus_ten_steps_cost_vp() -> None:
    """S-M2/S-M4: income never below -10; a step taken there costs 2 VP; with fewer than 2
    VP nothing can be borrowed."""
    s = game("row", 3)
    tracks(s, A, cash=0, income=-9, vp=5)
    assert money.pay(s, A, 12, Reason.TRACK)  # 3 steps: -9 -> -10, then 2 x 2 VP
    p = s.players[A]
    assert (p.income, p.vp, p.cash) == (-10, 1, 3)
    assert money.steps_available(p) == 0


def test_S_M3_borrowing_only_what_is_needed() -> None:
    """S-M3: all the cash first, then the fewest $5 steps; the surplus ($0-$4) is kept."""
    s = game("row", 3)
    tracks(s, A, cash=4)
    assert money.pay(s, A, 10, Reason.TRACK)
    assert (s.players[A].income, s.players[A].cash) == (-2, 4)


def test_S_M5_what_a_player_can_raise() -> None:
    """S-M5 (D-12): a voluntary payment needs cash + $5 x (income + 10 + VP // 2)."""
    s = at_build(game("row", 3), A)
    tracks(s, A, cash=1, income=-10, vp=1)
    assert money.capacity(s.players[A]) == 1
    assert engine.quote(s, lay(s, "1,0", 3, 0)).rules == ["S-M5"]


def test_S_M6_S_M7_S_M8_bankruptcy_in_phase_4() -> None:
    """S-M6/S-M7/S-M8: a player at -10 with no cash and under 2 VP cannot pay phase 4: they
    are bankrupt and out; their complete links become uncontrolled, their tiles stay, the
    length of the game does not change."""
    s = game("row", 3)
    chain(s, B, ["Albany", "1,-1", "2,-2", "Hartford"])
    tracks(s, B, cash=0, income=-10, vp=1)
    tracks(s, A, income=1)
    last = s.last_turn
    money.income_phase_basic(s)
    assert s.players[B].out and B not in s.order
    assert any(isinstance(e, Bankrupt) and e.seat == B for e in s.log)
    assert h(s, "1,-1") in s.tiles
    assert links_of(s, B) == [] and s.links().link_of(h(s, "1,-1"), (2, 5)).owner == NOBODY
    assert s.last_turn == last


def test_S_S4_capital_steps() -> None:
    """S-S4 (D-32): in phase 1 of the Standard game a player takes any number of $5 steps,
    none included, each moving income back 1 (2 VP at -10)."""
    s = game("row", 3, options={"game": "standard"})
    assert s.phase is Phase.CAPITAL and s.step is Step.CAPITAL
    who = engine.to_act(s)
    assert who is not None
    assert engine.quote(s, TakeCapital(11)).rules == ["S-S4"]
    s = engine.apply(s, TakeCapital(3))
    assert (s.players[who].cash, s.players[who].income) == (15, -3)
    s = engine.apply(s, TakeCapital(0))
    assert engine.quote(s, TakeCapital(-1)).rules == ["S-S4"]


def test_S_S9_standard_track_is_paid_from_cash() -> None:
    """S-S9: in the Standard game a tile costs at most the cash in hand; S-S12: a novice may
    borrow as in the Basic game."""
    s = at_build(game("row", 3, options={"game": "standard"}), A)
    tracks(s, A, cash=2)
    assert engine.quote(s, lay(s, "1,0", 3, 0)).rules == ["S-S9"]
    s.players[A].novice = True
    assert engine.quote(s, lay(s, "1,0", 3, 0)).ok


def test_S_S12_novice_borrowing_option() -> None:
    """S-S12/S-V3: novice borrowing is set per seat, in the Standard game only."""
    s = game("row", 3, options={"game": "standard", "novice_borrowing": [1]})
    assert [p.novice for p in s.players] == [False, True, False]
    import pytest

    with pytest.raises(ValueError, match="S-V3"):
        game("row", 3, options={"novice_borrowing": [1]})


def test_S_S10_S_S11_shortfall() -> None:
    """S-S10/S-S11 (D-30, D-31): income first; then negative income plus upkeep in one
    payment; what the cash cannot cover costs 1 VP per $2 or part, then income; an odd rest
    gives $1 back."""
    s = game("row", 3, options={"game": "standard"})
    tracks(s, A, cash=3, income=-4, vp=1, loco=6)  # owes 4 + 6 = 10; rest 7: 4 units
    tracks(s, B, cash=0, income=-10, vp=0, loco=1)  # owes 11 and has nothing: bankrupt
    tracks(s, C, cash=0, income=5, loco=2)  # receives 5, pays 2
    money.income_phase_standard(s)
    a = s.players[A]
    assert (a.cash, a.vp, a.income) == (1, 0, -7)
    assert s.players[B].out
    assert s.players[C].cash == 3
