"""Ticket to Ride's rules beyond the worked examples: each test cites the rule ids
(docs/ttr-rules.md) and decisions it pins, and fails when the engine breaks them."""

from __future__ import annotations

import random

import pytest

from rail_app.games.ttr.rules import engine, scoring, views
from rail_app.games.ttr.rules.actions import (
    BuildStation,
    ClaimRoute,
    DrawBlind,
    DrawTickets,
    GiveUpTunnel,
    KeepTickets,
    Pass,
    PayTunnel,
    TakeCard,
)
from rail_app.games.ttr.rules.boundary import outcome
from rail_app.games.ttr.rules.cards import IN_BOX, TOTAL, Card, new_box
from rail_app.games.ttr.rules.events import RowDealt, RowKept, SlotFilled
from rail_app.games.ttr.rules.invariants import invariants
from rail_app.games.ttr.rules.network import longest_path
from rail_app.games.ttr.rules.replay import fingerprint
from rail_app.games.ttr.rules.state import (
    EXPRESS_POINTS,
    OPEN,
    STATIONS,
    WAGONS,
    EndReason,
    Options,
    Step,
)
from rail_app.games.ttr.rules.turns import end_early
from rail_app.table.quotes import Moment
from tests.ttrhelp import (
    apply,
    board,
    card_list,
    cards,
    europe,
    hand,
    position,
    quote,
    rules,
    shown,
)

LINE = board(["A-B red 2", "B-C blue 3", "C-D grey 4", "D-E green 1"],
             tickets=[("A", "C", 5), ("B", "D", 7), ("A", "E", 10), ("C", "E", 5)])

# -- components and set-up (T-M, T-S) --------------------------------------------------------------


def test_T_M4_the_box_holds_110_train_cards() -> None:
    """T-M4: 12 cards of each of the eight colours and 14 locomotives, 110 in all; a new game
    deals them all (hands, face-up row, deck) and the invariants count them."""
    box = new_box()
    assert TOTAL == len(box) == 110
    assert [box.count(i) for i in range(9)] == [12] * 8 + [14] == list(IN_BOX)
    s = engine.new_game(europe(), ["A", "B", "C"], None, 4)
    assert invariants(s) == []
    s.players[0].hand[0] += 1  # a card from nowhere
    assert any("T-M4" in p for p in invariants(s))


def test_T_M5_a_locomotive_pays_any_colour() -> None:
    """T-M5: a locomotive counts as a card of any colour in any payment."""
    b = board(["X-Y red 2", "X-Z blue 2", "Y-Z grey 2"])
    s = position(b, 2, ["1L 1R 1B 1G"])
    for r, pay in ((0, "1R 1L"), (1, "1B 1L"), (2, "1G 1L")):
        assert quote(s, ClaimRoute(r, cards(pay))).ok, pay


def test_T_M7_T_S1_pieces_and_scores_at_the_start() -> None:
    """T-M7, T-S1: each player starts with 45 wagons, 3 stations and a score of 0."""
    s = engine.new_game(europe(), ["A", "B", "C", "D"], None, 2)
    for p in s.players:
        assert (p.wagons, p.stations, p.points) == (WAGONS, STATIONS, 0) == (45, 3, 0)
    s.players[1].wagons -= 1
    assert any("T-M7" in p for p in invariants(s))


def test_T_M8_the_european_express_is_worth_ten() -> None:
    """T-M8: the European Express card is worth 10 points."""
    s = position(LINE, 2, owner={0: 0})
    final = scoring.final_scores(s, EndReason.LAST_ROUND)
    assert EXPRESS_POINTS == 10 and final.scores[0].express_points == 10
    assert final.scores[0].total == 2 + 10 + 3 * 4


def test_T_S3_one_long_ticket_each_and_the_rest_boxed_unseen() -> None:
    """T-S3: each player is dealt one long ticket; the others go to the box, which no seat
    sees (T-A5)."""
    s = engine.new_game(europe(), ["A", "B", "C"], None, 8)
    longs = {t.index for t in s.board.long_tickets}
    assert [sum(t in longs for t in o) for o in s.first_offer] == [1, 1, 1]
    assert sorted(s.box) == sorted(longs - {t for o in s.first_offer for t in o})
    assert not set(s.ticket_deck) & longs
    assert views.seen_by(s, 0).box == []


def test_T_S6_the_first_player_is_chosen_or_drawn() -> None:
    """T-S6, D-5: the player the table names plays first (the option); without it one is
    drawn at random; the first choice and the first turn begin with that player."""
    chosen = engine.new_game(europe(), ["A", "B", "C"], Options(2), 1)
    assert chosen.first == chosen.current == 2
    firsts = {engine.new_game(europe(), ["A", "B", "C"], None, k).first for k in range(12)}
    assert firsts == {0, 1, 2}
    s = chosen
    for _ in range(3):
        s = apply(s, KeepTickets(tuple(s.first_offer[s.current][:2])))
    assert s.step is Step.TURN and s.current == 2 and s.turn == 1
    with pytest.raises(ValueError, match="first_player"):
        engine.new_game(europe(), ["A", "B"], Options(2), 1)


# -- the turn (T-A) -----------------------------------------------------------------------------------


def test_T_A1_T_A2_one_action_one_route_a_turn() -> None:
    """T-A1, T-A2: a turn is one action: after a claim the next seat plays, and a second
    claim (or a draw) by the same seat is refused as not its turn."""
    s = apply(position(LINE, 2, ["2R 3B", "1G"]), ClaimRoute(0, cards("2R")))
    assert s.current == 1
    q = engine.quote(s, ClaimRoute(1, cards("3B")), 0)
    assert not q.ok and q.violations[0].moment is Moment.NOT_YOUR_TURN
    q = engine.quote(s, DrawBlind(), 0)
    assert not q.ok and q.violations[0].moment is Moment.NOT_YOUR_TURN


def test_T_A3_a_player_passes_only_when_nothing_is_possible() -> None:
    """T-A3, D-26: passing is refused while any action is possible; a player who can do
    nothing passes (the only legal action); a whole round of passes ends the game at once
    and it is scored."""
    s = position(LINE, 2, ["1R"], deck="W")
    assert rules(s, Pass()) == ["T-A3"]
    stuck = position(LINE, 2, ["", ""], row="- - - - -", tickets=[[0, 1], [2, 3]])
    for p in stuck.players:
        p.stations = 0
    assert engine.legal_actions(stuck) == [Pass()]
    once = apply(stuck, Pass())
    assert once.current == 1 and once.step is Step.TURN and once.passes == 1
    twice = apply(once, Pass())
    assert twice.step is Step.OVER and twice.final is not None
    assert twice.final.reason is EndReason.PASSES


def test_T_A4_a_hand_has_no_limit() -> None:
    """T-A4: a player may hold any number of cards: a hand of 80 still draws."""
    s = position(LINE, 2, ["80R"], deck="W W W")
    s = apply(apply(s, DrawBlind()), DrawBlind())
    assert s.players[0].cards == 82


def test_T_A5_D_12_what_a_seat_sees() -> None:
    """T-A5, D-12, D-30: a seat's view holds its own hand and tickets, every other seat's
    counts only, the face-up row and the discard; the deck's order, the other hands and
    tickets, and the seed are not in it; the log and the record leave out others' blind
    cards and tickets."""
    s = engine.new_game(europe(), ["A", "B", "C"], None, 5)
    for _ in range(3):
        s = apply(s, KeepTickets(tuple(s.first_offer[s.current][:3])))
    s = apply(s, DrawBlind())
    s = apply(s, DrawBlind())
    seat = s.current  # the seat after the one that drew blind
    v = views.seen_by(s, seat)
    me, other = v.players[seat], v.players[(seat + 2) % 3]
    assert me.hand == s.players[seat].hand and me.tickets == s.players[seat].tickets
    assert other.hand == [0] * 9 and other.tickets == []
    assert other.cards == s.players[(seat + 2) % 3].cards
    assert other.ticket_count == 3
    assert v.row == s.row and v.discard == s.discard and len(v.deck) == len(s.deck)
    assert v.seed == 0 and v.ticket_deck == sorted(v.ticket_deck)  # stand-ins, in order
    drawn = [e for e in v.log if getattr(e, "card", "x") is None]
    assert len(drawn) == 2  # the two blind cards of the other seat, unsaid
    kept = [a for p, a in v.history if isinstance(a, KeepTickets) and p != seat]
    assert kept and all(a.tickets == () for a in kept)
    other = views.indistinguishable(s, seat, 99)
    other_view = views.seen_by(other, seat)
    assert fingerprint(other_view) == fingerprint(v)
    assert other.deck != s.deck
    # the check would catch a view that kept the deck's order or another seat's hand
    leaky, leaky_other = views.seen_by(s, seat), views.seen_by(other, seat)
    leaky.deck, leaky_other.deck = list(s.deck), list(other.deck)
    assert fingerprint(leaky) != fingerprint(leaky_other)
    leaky, leaky_other = views.seen_by(s, seat), views.seen_by(other, seat)
    k = (seat + 1) % 3
    leaky.players[k].hand, leaky_other.players[k].hand = s.players[k].hand, other.players[k].hand
    assert fingerprint(leaky) != fingerprint(leaky_other)


# -- drawing cards (T-D) ------------------------------------------------------------------------------


def test_T_D1_two_cards_each_face_up_or_blind() -> None:
    """T-D1: two cards, each a face-up one or the deck's top; then the turn is over. There
    are five slots, 0 to 4."""
    s = position(LINE, 2, [""], deck="W W W W W")
    s = apply(s, TakeCard(1))
    assert s.current == 0 and s.step is Step.SECOND_CARD
    s = apply(s, DrawBlind())
    assert s.current == 1 and s.players[0].hand == hand("1B 1W")
    assert rules(position(LINE, 2), TakeCard(5)) == ["T-D1"]


def test_T_D8_D_9_nothing_to_draw() -> None:
    """T-D8, D-9, D-11: with the deck and the discard empty no card comes from the deck; the
    face-up cards may still be taken and are not replaced; a first card with no legal second
    ends the turn."""
    s = position(LINE, 2, [""], row="R - - - L")
    assert rules(s, DrawBlind()) == ["T-D8"]
    s = apply(s, TakeCard(0))
    assert shown(s) == ["-", "-", "-", "-", "L"]
    assert s.current == 1  # only a locomotive is left: no second card (D-11)
    assert rules(position(LINE, 2, row="- R - - -"), TakeCard(0)) == ["D-10"]


def test_D_8_resets_stop_with_too_few_cards_and_after_three() -> None:
    """D-8: three face-up locomotives are not reset while the deck and the discard hold
    fewer than three other cards; a row that comes up with three again is reset again, but
    after three resets in a row the cards stay until the row changes."""
    few = position(LINE, 2, [""], row="L L R B G", deck="L W W")
    few = apply(few, TakeCard(2))
    assert shown(few)[:3] == ["L", "L", "L"]
    assert [e for e in few.log if isinstance(e, RowKept)] == [RowKept(few=True)]
    loop = position(LINE, 2, [""], row="L L R B G",
                    deck="L " + "L L L W W " * 3 + "W W W W W")
    loop = apply(loop, TakeCard(2))
    resets = [e for e in loop.log if isinstance(e, RowDealt) and e.reset]
    assert len(resets) == 3 and shown(loop).count("L") == 3
    assert loop.log[-1] == RowKept(few=False)


def test_D_10_an_empty_slot_is_filled_once_cards_come() -> None:
    """D-10: a slot left empty is filled, left to right, after an action once the deck can
    supply cards (here from a discard a claim fed)."""
    s = position(LINE, 2, ["2R", ""], row="- B - Y K")
    s = apply(s, ClaimRoute(0, cards("2R")))
    filled = [e for e in s.log if isinstance(e, SlotFilled)]
    assert [e.slot for e in filled] == [0, 2] and shown(s).count("R") == 2


# -- claiming (T-C, T-F, T-T) ---------------------------------------------------------------


def test_T_C1_any_open_route_joined_to_nothing() -> None:
    """T-C1: a player may claim any open route, joined to none of their routes."""
    s = position(LINE, 2, ["1G 2R"], owner={0: 0})
    assert quote(s, ClaimRoute(3, cards("1G"))).ok


def test_T_C7_a_claimed_route_is_not_claimed_again() -> None:
    """T-C7: a claimed route stays its claimer's: nobody claims it again."""
    s = position(LINE, 2, ["2R", "2R"], owner={0: 0}, current=1)
    assert rules(s, ClaimRoute(0, cards("2R"))) == ["T-C7"]
    assert not any(isinstance(a, ClaimRoute) and a.route == 0 for a in engine.legal_actions(s))


def test_T_C4_T_C5_T_C6_wagons_discard_and_points() -> None:
    """T-C4, T-C5, T-C6: a claim puts a wagon on every space, discards the cards paid and
    scores at once."""
    s = apply(position(LINE, 2, ["4G"], deck="W W"), ClaimRoute(2, cards("4G")))
    assert s.players[0].wagons == 41 and s.discard == card_list("G G G G")
    assert s.players[0].points == 7 and s.owner[2] == 0


def test_T_C10_four_players_use_both_lanes() -> None:
    """T-C10, D-19: with four or five players both lanes of a double route may be claimed,
    by two players; the seats counted are those at the start."""
    b = board(["X-Y red 2 double xy", "X-Y blue 2 double xy"])
    for seats in (4, 5):
        s = position(b, seats, ["", "2B"], owner={0: 0}, current=1)
        assert not s.closed(1) and quote(s, ClaimRoute(1, cards("2B"))).ok
    assert position(b, 3, owner={0: 0}).closed(1)


def test_T_F1_T_F3_a_ferry_is_otherwise_a_route() -> None:
    """T-F1, T-F3: a ferry (grey, with locomotive symbols) scores by its length, symbols
    included, and counts for tickets and the longest path."""
    b = board(["X-Y grey 4 ferry 1", "Y-Z red 2"], tickets=[("X", "Z", 6)])
    s = apply(position(b, 2, ["1L 3K"]), ClaimRoute(0, cards("3K 1L")))
    assert s.players[0].points == 7 and s.players[0].wagons == 41
    s.owner[1] = 0
    assert longest_path(b, [0, 1]) == 6
    s.players[0].tickets = [0]
    s.players[0].points += 2
    assert scoring.final_scores(s, EndReason.LAST_ROUND).scores[0].completed == (0,)


def test_T_T2_D_34_three_cards_from_the_deck_and_never_the_row() -> None:
    """T-T2, D-34: a tunnel turns up the deck's top three cards; the face-up row is not
    touched and not checked."""
    b = board(["X-Y red 2 tunnel"])
    s = apply(position(b, 2, ["3R"], row="L L W W W", deck="W R W L"),
              ClaimRoute(0, cards("2R")))
    assert shown(s) == ["L", "L", "W", "W", "W"] and s.deck == card_list("L")
    assert s.tunnel is not None and s.tunnel.revealed == tuple(card_list("W R W"))


def test_T_T5_D_16_pay_or_give_up_and_nothing_else() -> None:
    """T-T5, D-16: while extra cards are required the same player pays them or gives up;
    any other action waits; giving up takes the turn and changes nothing else."""
    b = board(["X-Y red 2 tunnel", "Y-Z blue 1"])
    s = apply(position(b, 2, ["3R 1B"], deck="R W W W"), ClaimRoute(0, cards("2R")))
    q = quote(s, ClaimRoute(1, cards("1B")))
    assert q.violations[0].moment is Moment.PENDING and q.violations[0].rule == "T-T5"
    assert set(engine.legal_actions(s)) == {PayTunnel(cards("1R")), GiveUpTunnel()}
    gave = apply(s, GiveUpTunnel())
    assert gave.owner == [OPEN, OPEN] and gave.players[0].wagons == 45
    assert gave.players[0].hand == hand("3R 1B") and gave.current == 1


def test_T_T6_D_35_paid_cards_then_revealed_ones() -> None:
    """T-T6, D-35: the cards paid enter the discard as the tunnel is claimed, the three
    revealed at the end of the turn."""
    b = board(["X-Y red 2 tunnel"])
    s = apply(position(b, 2, ["3R"], deck="R W K O"), ClaimRoute(0, cards("2R")))
    s = apply(s, PayTunnel(cards("1R")))
    assert s.discard == card_list("R R R R W K")


def test_T_T8_extra_cards_never_add_wagons() -> None:
    """T-T8: a tunnel of 2 that cost 4 cards takes 2 wagons and scores 2."""
    b = board(["X-Y red 2 tunnel"])
    s = apply(position(b, 2, ["2R 2L"], deck="L L W W"), ClaimRoute(0, cards("2R")))
    s = apply(s, PayTunnel(cards("2L")))
    assert s.players[0].wagons == 43 and s.players[0].points == 2


# -- tickets (T-K) -----------------------------------------------------------------------------------


def test_T_K1_D_25_draw_three_keep_one_the_rest_under_the_deck() -> None:
    """T-K1, D-25: three tickets drawn; at least one kept; the others under the ticket deck
    in the order drawn."""
    s = position(LINE, 2)
    s = apply(s, DrawTickets())
    assert s.offer == [0, 1, 2] and s.ticket_deck == [3]
    assert rules(s, KeepTickets(())) == ["T-K1"]
    s = apply(s, KeepTickets((1,)))
    assert s.players[0].tickets == [1] and s.ticket_deck == [3, 0, 2]


def test_T_K2_kept_tickets_are_kept() -> None:
    """T-K2: a ticket kept is kept to the end: drawing more never lets one go."""
    s = apply(position(LINE, 2, tickets=[[3]]), DrawTickets())
    assert rules(s, KeepTickets((3, 0))) == ["T-K1"]
    s = apply(s, KeepTickets((0,)))
    assert s.players[0].tickets == [3, 0]


def test_T_K3_T_K4_completed_adds_failed_subtracts() -> None:
    """T-K3, T-K4: a ticket whose cities the owner's routes join adds its value; any other
    subtracts it, long or regular alike."""
    s = position(LINE, 2, owner={0: 0, 1: 0}, tickets=[[0, 1]])
    score = scoring.final_scores(s, EndReason.LAST_ROUND).scores[0]
    assert (score.completed, score.failed, score.won, score.lost) == ((0,), (1,), 5, 7)


def test_T_K5_any_number_of_tickets() -> None:
    """T-K5: a player may hold any number of tickets: all four of the board."""
    s = apply(apply(position(LINE, 2, tickets=[[3]]), DrawTickets()), KeepTickets((0, 1, 2)))
    assert s.players[0].tickets == [3, 0, 1, 2]


# -- stations (T-E) ---------------------------------------------------------------------------------


def test_T_E4_D_20_a_station_borrows_only_a_rivals_route() -> None:
    """T-E4, D-20: a station uses one route of another player ending in its city; an open
    route, or a closed lane (nobody's, D-19), is never used."""
    b = board(["A-B red 2", "B-C red 2"], tickets=[("A", "C", 4)])
    rival = position(b, 2, owner={0: 0, 1: 1}, tickets=[[0]])
    rival.station_of[b.city_index["B"]] = 0
    rival.players[0].stations = 2
    assert scoring.final_scores(rival, EndReason.LAST_ROUND).scores[0].completed == (0,)
    open_ = position(b, 2, owner={0: 0}, tickets=[[0]])
    open_.station_of[b.city_index["B"]] = 0
    assert scoring.final_scores(open_, EndReason.LAST_ROUND).scores[0].completed == ()


def test_T_E6_D_21_the_best_use_is_chosen_at_the_end() -> None:
    """T-E6, D-21: the route each station uses is chosen at final scoring, the best for its
    owner (most ticket points, then most tickets), and said with the score."""
    b = board(["A-B red 2", "B-C red 2", "B-D red 2", "B-E red 2"],
              tickets=[("A", "C", 4), ("A", "D", 9), ("A", "E", 9)])
    s = position(b, 3, owner={0: 0, 1: 1, 2: 2, 3: 1}, tickets=[[0, 1, 2]])
    s.station_of[b.city_index["B"]] = 0
    score = scoring.final_scores(s, EndReason.LAST_ROUND).scores[0]
    assert score.completed == (1,) and score.borrowed == ((b.city_index["B"], 2),)


def test_T_E7_D_22_stations_in_reserve_score_four() -> None:
    """T-E7, D-22: each station still in reserve adds 4; a station built is used, whether
    it helps or not."""
    s = apply(position(LINE, 2, ["1R"]), BuildStation("E", cards("1R")))
    score = scoring.final_scores(s, EndReason.LAST_ROUND).scores[0]
    assert score.stations_left == 2 and score.station_points == 8


# -- the end (T-W, T-X) -------------------------------------------------------------------------


def test_T_W1_D_23_the_last_round_is_begun_once() -> None:
    """T-W1, D-23: the first player to end a turn with two wagons or fewer begins the last
    round; another reaching two during it changes nothing; the game ends after the first's
    last turn."""
    b = board(["A-B red 3", "C-D blue 3", "E-F green 1"])
    s = position(b, 2, ["3R", "3B"], wagons=[5, 5], deck="W " * 20)
    s = apply(s, ClaimRoute(0, cards("3R")))
    assert s.last_round_by == 0 and s.turns_left == 2
    s = apply(s, ClaimRoute(1, cards("3B")))
    assert s.last_round_by == 0 and s.current == 0 and s.step is Step.TURN
    s = apply(apply(s, DrawBlind()), DrawBlind())
    assert s.step is Step.OVER and s.final is not None
    assert s.final.reason is EndReason.LAST_ROUND


def test_T_W2_D_4_D_37_the_final_score_and_its_parts() -> None:
    """T-W2, D-4, D-37: the final score is the route points recounted, plus and minus the
    tickets, the stations in reserve and the Express; it may be negative; the score track
    must agree with the routes claimed."""
    s = position(LINE, 2, owner={3: 1}, tickets=[[2, 1], [0]])
    final = scoring.final_scores(s, EndReason.LAST_ROUND)
    assert final.scores[0].total == 0 - 10 - 7 + 12 + 0 == -5  # no floor
    assert final.scores[1].total == 1 - 5 + 12 + 10
    s.players[1].points += 1
    assert any("D-37" in p for p in invariants(s))


def test_T_X1_T_X2_D_28_D_29_the_longest_path() -> None:
    """T-X1, T-X2, D-28, D-29: the longest path counts spaces of the seat's own routes only
    (not a station's borrowed route); a seat without routes has 0 and never wins it."""
    b = board(["A-B red 1", "B-C red 1", "C-D red 1", "D-E red 8"])
    s = position(b, 2, owner={0: 0, 1: 0, 2: 0, 3: 1})
    s.station_of[b.city_index["D"]] = 0
    final = scoring.final_scores(s, EndReason.LAST_ROUND)
    assert [x.longest for x in final.scores] == [3, 8]
    assert [x.express for x in final.scores] == [False, True]
    nobody = scoring.final_scores(position(b, 2), EndReason.LAST_ROUND)
    assert not any(x.express for x in nobody.scores)


def test_T_X3_ties_share_the_express() -> None:
    """T-X3: players tied for the longest path each score the 10 points."""
    b = board(["A-B red 4", "C-D red 4"])
    final = scoring.final_scores(position(b, 2, owner={0: 0, 1: 1}), EndReason.LAST_ROUND)
    assert [x.express_points for x in final.scores] == [10, 10]


def test_T_W3_the_outcome_ranks_every_seat() -> None:
    """T-W3: the outcome ranks the seats by final score (ties by the tie-breaks)."""
    s = position(LINE, 2, ["2R"], owner={2: 1})
    s = apply(s, ClaimRoute(0, cards("2R")))
    end_early(s)
    out = outcome(s)
    assert out is not None and out.ranks == (2, 1) and out.scores[1] > out.scores[0]


def test_a_random_game_keeps_every_invariant_and_ends() -> None:
    """T-M4, T-M6, T-E3, T-W1: random legal play on the game's map, at every table size,
    keeps the invariants after every action and reaches the end."""
    for seats in (2, 5):
        s = engine.new_game(europe(), [f"P{i}" for i in range(seats)], None, seats)
        rng = random.Random(seats)
        steps = 0
        while s.step is not Step.OVER and steps < 3000:
            s = apply(s, rng.choice(engine.legal_actions(s)))
            steps += 1
            if steps % 25 == 0:
                assert invariants(s) == []
        assert s.step is Step.OVER and invariants(s) == []


def _every_payment(size: int) -> list[tuple[Card, ...]]:
    """Every payment of ``size`` cards of one colour and locomotives (and a few of two)."""
    out = [cards(f"{size}L")]
    for colour in "PBOWGYKR":
        for locos in range(size):
            out.append(cards(f"{size - locos}{colour} {locos}L" if locos else f"{size}{colour}"))
    if size >= 2:
        out.append(cards(f"1R {size - 1}B"))
    return out


def test_D_39_the_legal_actions_are_every_payment_a_hand_can_make() -> None:
    """D-39, T-C2, T-E2: the legal claims and stations are exactly those whose quote allows
    them, every payment the hand can make (the engine takes the rules' list unchecked:
    Rule.listed), along random games at every table size."""
    b = europe()
    for seats in (2, 3, 5):
        s = engine.new_game(b, [f"P{i}" for i in range(seats)], None, 20 + seats)
        rng = random.Random(seats)
        for step in range(400):
            if s.step is Step.OVER:
                break
            legal = engine.legal_actions(s)
            assert all(quote(s, a).ok for a in legal)
            assert len(set(legal)) == len(legal)
            if s.step is Step.TURN and step % 40 == 0:
                claims = {ClaimRoute(r, p) for r, route in enumerate(b.routes)
                          for p in _every_payment(route.length)}
                assert {a for a in claims if quote(s, a).ok} == \
                    {a for a in legal if isinstance(a, ClaimRoute)}
                n = s.players[s.current].built + 1
                built = {BuildStation(c.name, p) for c in b.cities for p in _every_payment(n)}
                assert {a for a in built if quote(s, a).ok} == \
                    {a for a in legal if isinstance(a, BuildStation)}
            s = apply(s, rng.choice(legal))
