"""Set-up (S-I), the turn (S-T), action tiles (S-A), auctions (S-T2, S-S5-S-S7), the Standard
flow (S-S1-S-S3, S-S8), the end (S-W) and the options (S-V), with the rulebook's examples
EX-02-EX-04, EX-18, EX-21, EX-22, EX-24 and EX-25."""

from __future__ import annotations

import pytest
from steamhelp import MAPS, NAMES, at_select, board, game

from rail_app.games.steam.ai.simple import GreedyBot
from rail_app.games.steam.rules import auction, engine, turns
from rail_app.games.steam.rules.actions import Bid, ChooseTile, Declare, PassBid, TakeCapital
from rail_app.games.steam.rules.board import Colour
from rail_app.games.steam.rules.events import GameEnded, PhaseBegan, TurnBegan
from rail_app.games.steam.rules.mapfile import parse_board
from rail_app.games.steam.rules.state import TURNS, ActionTile, GameState, Phase, Special, Step


def play_out(s: GameState, seed: int = 0) -> GameState:
    bots = [GreedyBot(seed + i) for i in range(s.seats)]
    while not s.over:
        seat = engine.to_act(s)
        assert seat is not None
        s = engine.apply(s, bots[seat].choose(s, seat), seat, inplace=True)
    return s


# -- set-up ---------------------------------------------------------------------------------------


def test_EX_25_setup_counts() -> None:
    """EX-25 (S-I1, S-B9, S-B11): each reserve space gets 3 cubes, 2 with 3 players; a map
    that says so gives each city one cube fewer with 3 players (never below 0)."""
    four = game("small", 4)
    assert all(sum(sp) == 3 for sp in four.reserve) and len(four.reserve) == 12
    assert [sum(four.cubes[c.hex]) for c in four.board.cities] == \
        [c.number for c in four.board.cities]
    three = game("small", 3)
    assert all(sum(sp) == 2 for sp in three.reserve)
    text = (MAPS / "steam-small.yaml").read_text(encoding="utf-8")
    fewer = parse_board(text + "cube_changes: [{players: 3, per_city: -1}]\n", "fewer.yaml")
    s = engine.new_game(fewer, NAMES[:3], {}, 1)
    assert [sum(s.cubes[c.hex]) for c in fewer.cities] == [max(0, c.number - 1)
                                                           for c in fewer.cities]
    assert sum(map(sum, s.cubes.values())) + sum(map(sum, s.reserve)) + sum(s.bag) == 96


def test_S_I1_nothing_is_drawn_after_setup() -> None:
    """S-I1: after set-up the game never draws again: a whole game leaves the generator as
    set-up left it."""
    s = game("small", 4, seed=5)
    state = s.rng.getstate()
    s = play_out(s)
    assert s.rng.getstate() == state


def test_S_I2_S_B10_players_start_at_zero() -> None:
    """S-I2/S-B10: $0, income 0, 0 VP, locomotive 1; the supplies full; turn 1."""
    s = engine.new_game(board("small"), NAMES[:4], {}, 3)
    assert all((p.cash, p.income, p.vp, p.loco) == (0, 0, 0, 1) for p in s.players)
    assert s.new_city_supply == (1, 1, 1, 1, 4) and s.growth_supply == 10
    assert s.face_counts == {} and s.tiles == {}


def test_S_I3_S_V2_first_order_auction_or_random() -> None:
    """S-I3/S-V2 (D-14): the Basic game starts with the auction for places; the random draw
    is an option; the Standard game deals its order (S-S2)."""
    assert engine.new_game(board("small"), NAMES[:3], {}, 1).phase is Phase.FIRST_AUCTION
    r = engine.new_game(board("small"), NAMES[:3], {"first_order": "random"}, 1)
    assert r.phase is Phase.SELECT and r.turn == 1
    st = engine.new_game(board("small"), NAMES[:3], {"game": "standard"}, 1)
    assert st.phase is Phase.CAPITAL and all(p.cash == 0 for p in st.players)


def test_EX_02_S_T3_random_first_order_compensation() -> None:
    """EX-02 (S-T3): before turn 1 the 2nd player gets $1, the 3rd $2 ... the 6th $5; the
    first player nothing; the order follows seat order from the lowest tile drawn."""
    s = game("small", 6, seed=4)
    assert [s.players[seat].cash for seat in s.order] == [0, 1, 2, 3, 4, 5]
    first = s.order[0]
    assert s.order == [(first + k) % 6 for k in range(6)]


def test_EX_03_winning_a_basic_auction() -> None:
    """EX-03 (S-T2): with 5 players Manolo (cash $0, income 0) wins place 1 with $7: income
    -2, $3 change; the auction for place 2 is opened by the player on his left."""
    s = engine.new_game(board("small"), NAMES[:5], {}, 1)
    auction.begin_first_auction(s, 0)
    s = engine.apply(s, Bid(7), 0)
    for seat in (1, 2, 3, 4):
        s = engine.apply(s, PassBid(), seat)
    assert (s.players[0].income, s.players[0].cash) == (-2, 3)
    assert s.auction is not None and s.auction.place == 2 and s.auction.current == 1


def test_S_T2_basic_auction_rules() -> None:
    """S-T2 (D-13): $0 opening bid, then at least $1 more; no more than one could raise
    ($50 at set-up); a pass leaves only this place's auction; the last player takes the last
    place free."""
    s = engine.new_game(board("small"), NAMES[:3], {}, 1)
    auction.begin_first_auction(s, 0)
    assert engine.quote(s, Bid(51)).rules == ["S-T2"]
    s = engine.apply(s, Bid(0))
    assert engine.quote(s, Bid(0)).rules == ["S-T2"]
    s = engine.apply(s, Bid(1))  # seat 1
    s = engine.apply(s, PassBid())  # seat 2 out of place 1
    s = engine.apply(s, PassBid())  # seat 0 out: seat 1 wins place 1 for $1
    assert s.auction is not None and s.auction.current == 2  # next after the winner
    s = engine.apply(s, PassBid())  # seat 2 passes: seat 0 wins place 2 for $0
    assert s.order == [1, 0, 2] and s.phase is Phase.SELECT
    assert s.players[1].income == -1 and s.players[1].cash == 4


def test_EX_04_S_L2_locomotive_action() -> None:
    """EX-04 (S-A8, S-L2): Marta at level 4 takes Locomotive: $4 + $5 = $9, level 5."""
    s = at_select(game("small", 3), 1)
    p = s.players[1]
    p.loco, p.cash, p.income = 4, 9, 0
    q = engine.quote(s, ChooseTile(ActionTile.LOCOMOTIVE))
    assert q.ok and q.cost == 9
    s = engine.apply(s, ChooseTile(ActionTile.LOCOMOTIVE))
    assert (s.players[1].loco, s.players[1].cash, s.players[1].income) == (5, 0, 0)


def test_S_A8_no_locomotive_at_level_6() -> None:
    """S-A8: the Locomotive tile can't be taken at level 6."""
    s = at_select(game("small", 3), 0)
    s.players[0].loco = 6
    assert engine.quote(s, ChooseTile(ActionTile.LOCOMOTIVE)).rules == ["S-A8"]


def test_S_A2_costs_and_what_a_player_can_raise() -> None:
    """S-A2: a tile with a cost needs the money (S-M5); Urban Growth may always be taken and
    passed: its $2 is paid only when performed."""
    s = at_select(game("small", 3), 0)
    p = s.players[0]
    p.cash, p.income, p.vp = 0, -10, 0
    assert engine.quote(s, ChooseTile(ActionTile.LOCOMOTIVE)).rules == ["S-A2"]
    s = engine.apply(s, ChooseTile(ActionTile.URBAN_GROWTH))
    assert s.step is Step.DECLARE
    assert engine.quote(s, Declare(True)).rules == ["S-A2"]
    s = engine.apply(s, Declare(False))
    assert s.special[0] is Special.PASSED and s.tile_of[0] == 5


def test_S_A7_declare_pays_at_once() -> None:
    """S-A7: performing Urban Growth costs $2 at once (Basic)."""
    s = at_select(game("small", 3), 0)
    s.players[0].cash = 2
    s = engine.apply(s, ChooseTile(ActionTile.URBAN_GROWTH))
    s = engine.apply(s, Declare(True))
    assert s.players[0].cash == 0 and s.special[0] is Special.PENDING


def test_S_A1_tiles_once_a_turn_and_the_number_only() -> None:
    """S-A1 (D-26): a taken tile can't be taken again; a player for whom every tile left is
    barred takes the lowest left, as a number only."""
    s = at_select(game("small", 3), 0)
    s = engine.apply(s, ChooseTile(ActionTile.ENGINEER))
    assert engine.quote(s, ChooseTile(ActionTile.ENGINEER)).rules == ["S-A1"]
    s2 = at_select(game("small", 3), 0)
    s2.tile_of = {1: 1, 2: 2}
    for t in (3, 4, 5):
        s2.tile_of[10 + t] = t  # taken by nobody real: only 6 and 7 remain
    s2.players[0].loco = 6
    s2.new_city_supply = (0, 0, 0, 0, 0)
    assert engine.quote(s2, ChooseTile(7)).rules == ["S-A1"]
    s2 = engine.apply(s2, ChooseTile(6))
    assert 0 in s2.number_only and s2.players[0].loco == 6


def test_S_A9_urbanization_needs_a_town_and_a_counter() -> None:
    """S-A9: Urbanization can't be taken when no New City counter is left."""
    s = at_select(game("small", 3), 0)
    s.new_city_supply = (0, 0, 0, 0, 0)
    assert engine.quote(s, ChooseTile(ActionTile.URBANIZATION)).rules == ["S-A9"]


def test_EX_18_S_T4_turn_order_from_tiles() -> None:
    """EX-18 (S-T4): Cecilia Locomotive (6), Veronica First Build (4), Gregorio Urbanization
    (7), Chema First Move (2) -> next order Chema, Veronica, Cecilia, Gregorio."""
    s = engine.new_game(board("small"), ["Cecilia", "Veronica", "Gregorio", "Chema"],
                        {"first_order": "random"}, 1)
    s.tile_of = {0: 6, 1: 4, 2: 7, 3: 2}
    turns.run_order(s)
    assert [s.name(x) for x in s.order] == ["Chema", "Veronica", "Cecilia", "Gregorio"]


def test_S_A3_turn_order_tile_goes_first_next_turn() -> None:
    """S-A3/S-T4: the Turn Order tile (1) is first next turn."""
    s = game("small", 3)
    s.tile_of = {s.order[2]: 1, s.order[0]: 5, s.order[1]: 3}
    last = s.order[2]
    turns.run_order(s)
    assert s.order[0] == last


def test_S_T1_S_T5_S_T6_S_A6_phases_of_a_basic_turn() -> None:
    """S-T1/S-T6: a Basic turn runs select, build, move, income, order, new turn; S-T5/S-A6:
    the holder of First Build builds first."""
    s = game("small", 3, seed=2)
    first_build = s.order[2]
    for seat in list(s.order):
        tile = ActionTile.FIRST_BUILD if seat == first_build else (
            ActionTile.TURN_ORDER if seat == s.order[0] else ActionTile.ENGINEER)
        s = engine.apply(s, ChooseTile(tile), seat)
    assert s.phase is Phase.BUILD and engine.to_act(s) == first_build
    s = play_out(s)
    phases = []
    for e in s.log:
        if isinstance(e, TurnBegan) and e.turn == 3:
            phases = []
        if isinstance(e, PhaseBegan):
            phases.append(e.phase)
        if isinstance(e, TurnBegan) and e.turn == 4:
            break
    assert phases[:6] == ["select", "build", "move", "income", "order", "new-turn"]


def test_EX_24_S_W1_length_and_the_last_turn() -> None:
    """EX-24 (S-W1, S-S3): 3 players 10 turns, 4 players 8, 5 or 6 players 7; in the last
    turn of the Basic game phases 5 and 6 are not played; the Standard game ends after its
    phase 6 (D-29)."""
    assert TURNS == {3: 10, 4: 8, 5: 7, 6: 7}
    s = play_out(game("small", 4, seed=3))
    assert s.turn == 8
    last_phases = [e.phase for e in s.log[s.log.index(next(e for e in s.log if isinstance(
        e, TurnBegan) and e.turn == 8)):] if isinstance(e, PhaseBegan)]
    assert last_phases == ["select", "build", "move", "income"]
    assert isinstance(s.log[-1], GameEnded)
    st = play_out(game("small", 5, seed=3, options={"game": "standard"}))
    assert st.turn == 7 and st.phase is Phase.OVER


def test_EX_21_standard_auction() -> None:
    """EX-21 (S-S5-S-S7): order Manolo, Pedro, Marta, David; David took Turn Order last turn.
    Manolo bids $0, Pedro $2, Marta passes (place 4), David passes and stays in; Manolo bids
    $3, Pedro passes (place 3), David passes again (place 2), Manolo takes place 1. Manolo
    pays $3, David $0, Pedro $1 (half of $2), Marta $0."""
    names = ["Manolo", "Pedro", "Marta", "David"]
    s = engine.new_game(board("small"), names, {"game": "standard"}, 1)
    s.order = [0, 1, 2, 3]
    for seat in s.order:
        s.players[seat].cash = 10
    s.turn = 2
    s.last_tiles = {3: 1, 0: 4, 1: 5, 2: 6}
    s.phase = Phase.AUCTION
    auction.begin_turn_auction(s)
    for seat, action in [(0, Bid(0)), (1, Bid(2)), (2, PassBid()), (3, PassBid()),
                         (0, Bid(3)), (1, PassBid()), (3, PassBid())]:
        s = engine.apply(s, action, seat)
    assert [s.name(x) for x in s.order] == ["Manolo", "David", "Pedro", "Marta"]
    assert [p.cash for p in s.players] == [7, 9, 10, 10]


def test_S_S7_nobody_has_the_free_pass_in_turn_1() -> None:
    """S-S7 (D-36): in turn 1 a pass always puts the player out."""
    s = engine.new_game(board("small"), NAMES[:3], {"game": "standard"}, 1)
    for _ in range(3):
        s = engine.apply(s, TakeCapital(1))
    first = engine.to_act(s)
    s = engine.apply(s, PassBid())
    assert s.auction is not None and first not in s.auction.active


def test_EX_22_S_S6_auction_payment_table() -> None:
    """EX-22 (S-S6): with six places, places 1 and 2 pay their full highest bid, 3 to 5 half
    rounded up, place 6 nothing; with 3 players place 3 pays nothing."""
    assert [auction.bid_payment(p, 6, 5) for p in range(1, 7)] == [5, 5, 3, 3, 3, 0]
    assert [auction.bid_payment(p, 3, 4) for p in (1, 2, 3)] == [4, 4, 0]


def test_S_S5_standard_bids_from_cash() -> None:
    """S-S5: a Standard bid may not exceed the cash in hand."""
    s = engine.new_game(board("small"), NAMES[:3], {"game": "standard"}, 1)
    for _ in range(3):
        s = engine.apply(s, TakeCapital(1))
    assert engine.quote(s, Bid(6)).rules == ["S-S5"]
    assert engine.quote(s, Bid(5)).ok


def test_S_S1_S_S2_S_S3_S_S8_the_standard_turn() -> None:
    """S-S1/S-S2/S-S3/S-S8: capital, auction, free action tiles (Locomotive costs nothing and
    Urban Growth needs no declaration), build, move, income; the dealt order is the order of
    the tiles dealt."""
    s = engine.new_game(board("small"), NAMES[:3], {"game": "standard"}, 7)
    assert s.phase is Phase.CAPITAL
    for _ in range(3):
        s = engine.apply(s, TakeCapital(0))
    assert s.phase is Phase.AUCTION
    for _ in range(2):  # the last one left takes place 1
        s = engine.apply(s, PassBid())
    assert s.phase is Phase.SELECT
    q = engine.quote(s, ChooseTile(ActionTile.LOCOMOTIVE))
    assert q.ok and q.cost == 0
    s = engine.apply(s, ChooseTile(ActionTile.URBAN_GROWTH))
    assert s.step is Step.CHOOSE


def test_S_W2_S_W3_winner_and_ties() -> None:
    """S-W2/S-W3 (D-28): the highest score wins; a tie goes to the lowest action tile of the
    last turn."""
    s = game("small", 3)
    s.tile_of = {0: 5, 1: 2, 2: 7}
    for p in s.players:
        p.vp = 10
    out = turns.final_scores(s)
    assert out.scores == (10, 10, 10) and out.winner == 1 and out.ranks == (1, 0, 2)
    s.players[2].vp = 11
    assert turns.final_scores(s).winner == 2


@pytest.mark.parametrize(("seats", "options", "ok"), [
    (2, {}, False), (3, {}, True), (5, {}, True), (6, {}, False),
    (6, {"six_players": True}, True), (7, {"six_players": True}, False),
])
def test_S_V1_seat_counts(seats: int, options: dict[str, object], ok: bool) -> None:
    """S-V1 (D-1): 3 to 5 players; 6 as an option; never 2."""
    names = [f"P{i}" for i in range(seats)]
    if ok:
        assert engine.new_game(board("small"), names, options, 1).seats == seats
    else:
        with pytest.raises(ValueError, match="S-V1|players"):
            engine.new_game(board("small"), names, options, 1)


def test_S_V3_options_are_checked() -> None:
    """S-V3 and the other options: unknown names and values are refused in one line."""
    with pytest.raises(ValueError, match="unknown option"):
        engine.new_game(board("small"), NAMES[:3], {"variant": "x"}, 1)
    with pytest.raises(ValueError, match="'basic' or 'standard'"):
        engine.new_game(board("small"), NAMES[:3], {"game": "advanced"}, 1)


def test_wrong_moments_come_first_and_alone() -> None:
    """Wrong moments (not your turn, wrong phase, game over) are refused before any rule."""
    s = game("small", 3)
    seat = engine.to_act(s)
    assert seat is not None
    other = (seat + 1) % 3
    q = engine.quote(s, ChooseTile(99), other)
    assert q.wrong_moment and len(q.violations) == 1 and q.violations[0].code == "not-your-turn"
    q = engine.quote(s, Bid(1))
    assert q.wrong_moment and q.violations[0].code == "wrong-phase"
    done = play_out(s)
    assert engine.quote(done, Bid(1)).violations[0].code == "game-over"
    assert engine.legal_actions(done) == [] and engine.to_act(done) is None


def test_summary_for_the_save_screen() -> None:
    s = game("small", 3)
    data = engine.summary(s)
    assert data["turn"] == 1 and data["over"] is False and len(data["players"]) == 3
    assert data["variant"] == "basic" and Colour.RED.value == "red"
