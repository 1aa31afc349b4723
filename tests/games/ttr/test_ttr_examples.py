"""The 28 worked examples of docs/ttr-rules.md (section 12), each a test named after it and
played as the example writes it, on a small board of lettered cities (tests/ttrhelp.py)."""

from __future__ import annotations

from rail_app.games.ttr.rules import engine, scoring
from rail_app.games.ttr.rules.actions import (
    BuildStation,
    ClaimRoute,
    DrawBlind,
    DrawTickets,
    GiveUpTunnel,
    KeepTickets,
    PayTunnel,
    TakeCard,
)
from rail_app.games.ttr.rules.board import ROUTE_POINTS
from rail_app.games.ttr.rules.cards import LOCO, Card
from rail_app.games.ttr.rules.events import RowDealt, TunnelRevealed
from rail_app.games.ttr.rules.network import longest_path, ticket_results
from rail_app.games.ttr.rules.state import EndReason, SeatScore, Step
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

# -- claiming routes ---------------------------------------------------------------------------


def test_EX_01_route_scores() -> None:
    """EX-01 (T-M9, T-C6, D-1): routes of 1, 2, 3, 4, 6 and 8 spaces score 1, 2, 4, 7, 15 and
    21 at once; a 3 and then a 4 make 11."""
    assert dict(ROUTE_POINTS) == {1: 1, 2: 2, 3: 4, 4: 7, 5: 10, 6: 15, 8: 21}
    b = board(["A-B grey 1", "B-C grey 2", "C-D grey 3", "D-E grey 4", "E-F grey 6",
               "F-G grey 8"])
    for r, (length, points) in enumerate([(1, 1), (2, 2), (3, 4), (4, 7), (6, 15), (8, 21)]):
        s = position(b, 2, [f"{length}R"])
        after = apply(s, ClaimRoute(r, cards(f"{length}R")))
        assert after.players[0].points == points
    s = position(b, 2, ["3R 4G"])
    s = apply(s, ClaimRoute(2, cards("3R")))
    s.current = 0  # the same player's next turn
    s = apply(s, ClaimRoute(3, cards("4G")))
    assert s.players[0].points == 11


def test_EX_02_a_coloured_route() -> None:
    """EX-02 (T-C2, T-C5, D-14): X-Y red 3 with 2R 1L 1B: 2R 1L claims it (3 wagons, +4, 1B
    left, 3 cards discarded); 2R 1B is refused (T-C2); 3R 1L, four cards, is refused (D-14);
    1R 2L is allowed."""
    b = board(["X-Y red 3"])
    s = position(b, 2, ["2R 1L 1B"], deck="G G G")
    after = apply(s, ClaimRoute(0, cards("2R 1L")))
    p = after.players[0]
    assert (p.wagons, p.points, p.hand, len(after.discard)) == (42, 4, hand("1B"), 3)
    assert after.owner[0] == 0
    assert "T-C2" in rules(s, ClaimRoute(0, cards("2R 1B")))
    assert "D-14" in rules(s, ClaimRoute(0, cards("3R 1L")))
    assert quote(position(b, 2, ["1R 2L"]), ClaimRoute(0, cards("1R 2L"))).ok


def test_EX_03_a_grey_route() -> None:
    """EX-03 (T-C3): X-Y grey 4 with 3G 2B 2L: 3G 1L claims it (+7); 2G 2B is refused (two
    colours); 2B 2L claims it; 4L claims it."""
    b = board(["X-Y grey 4"])
    s = position(b, 2, ["3G 2B 2L"])
    assert apply(s, ClaimRoute(0, cards("3G 1L"))).players[0].points == 7
    assert rules(s, ClaimRoute(0, cards("2G 2B"))) == ["T-C3"]
    assert quote(s, ClaimRoute(0, cards("2B 2L"))).ok
    assert quote(position(b, 2, ["4L"]), ClaimRoute(0, cards("4L"))).ok


def test_EX_04_a_ferry() -> None:
    """EX-04 (T-F2): X-Y ferry 4 with 2 locomotive symbols: 2L 2Y claims it (+7); 1L 3Y is
    refused; 3L 1Y and 4L claim it; 2L 1Y 1B is refused (two colours)."""
    b = board(["X-Y grey 4 ferry 2"])
    s = position(b, 2, ["4L 4Y 2B"])
    assert apply(s, ClaimRoute(0, cards("2L 2Y"))).players[0].points == 7
    assert rules(s, ClaimRoute(0, cards("1L 3Y"))) == ["T-F2"]
    assert quote(s, ClaimRoute(0, cards("3L 1Y"))).ok
    assert quote(s, ClaimRoute(0, cards("4L"))).ok
    assert rules(s, ClaimRoute(0, cards("2L 1Y 1B"))) == ["T-F2"]


# -- tunnels -----------------------------------------------------------------------------------


def test_EX_05_a_red_tunnel_of_two_with_two_matches() -> None:
    """EX-05 (T-T1-T-T6): X-Y red tunnel 2, hand 3R 1L, 2R shown, R L B turned up: 2 extra
    cards. (a) 1R 1L added: claimed, 2 wagons, +2, 7 cards into the discard; (b) given up:
    the hand is 3R 1L again, nothing claimed, the turn over, R L B discarded; (c) with 2R 1L
    only one extra card can be added: the player must give up."""
    b = board(["X-Y red 2 tunnel"])
    s = position(b, 2, ["3R 1L"], deck="R L B G G G")
    s = apply(s, ClaimRoute(0, cards("2R")))
    assert s.step is Step.TUNNEL and s.tunnel is not None and s.tunnel.extra == 2
    revealed = [e for e in s.log if isinstance(e, TunnelRevealed)][-1].revealed
    assert revealed == (Card.RED, Card.LOCOMOTIVE, Card.BLUE)
    # (a)
    a = apply(s, PayTunnel(cards("1R 1L")))
    assert a.owner[0] == 0 and a.players[0].wagons == 43 and a.players[0].points == 2
    assert len(a.discard) == 7 and a.current == 1
    # (b)
    gave = apply(s, GiveUpTunnel())
    assert gave.players[0].hand == hand("3R 1L") and gave.owner[0] == -1
    assert gave.current == 1 and sorted(gave.discard) == sorted(card_list("R L B"))
    # (c)
    c = apply(position(b, 2, ["2R 1L"], deck="R L B G G G"), ClaimRoute(0, cards("2R")))
    assert "T-T3" in rules(c, PayTunnel(cards("1R 1L")))
    assert engine.legal_actions(c) == [GiveUpTunnel()]


def test_EX_06_a_grey_tunnel_paid_blue() -> None:
    """EX-06 (T-T1, T-T3): X-Y grey tunnel 3 shown as 2B 1L (blue): L B G turned up need 2
    extra cards, blue or locomotives; shown as 3G the same cards need 2 (G and L)."""
    b = board(["X-Y grey 3 tunnel"])
    blue = apply(position(b, 2, ["3B 2L 3G"], deck="L B G K K K"), ClaimRoute(0, cards("2B 1L")))
    assert blue.tunnel is not None and blue.tunnel.extra == 2
    assert quote(blue, PayTunnel(cards("1B 1L"))).ok
    assert "D-15" in rules(blue, PayTunnel(cards("2G")))
    green = apply(position(b, 2, ["3B 2L 3G"], deck="L B G K K K"), ClaimRoute(0, cards("3G")))
    assert green.tunnel is not None and green.tunnel.extra == 2


def test_EX_07_a_tunnel_with_locomotives_only() -> None:
    """EX-07 (T-T4): X-Y red tunnel 2 shown as 2L: R R L turned up need 1 extra card, a
    locomotive (the reds do not count); R R B need none: claimed at once."""
    b = board(["X-Y red 2 tunnel"])
    s = apply(position(b, 2, ["3L 2R"], deck="R R L K K K"), ClaimRoute(0, cards("2L")))
    assert s.tunnel is not None and s.tunnel.extra == 1
    assert rules(s, PayTunnel(cards("1R"))) == ["T-T4"]
    assert apply(s, PayTunnel(cards("1L"))).owner[0] == 0
    at_once = apply(position(b, 2, ["3L 2R"], deck="R R B K K K"), ClaimRoute(0, cards("2L")))
    assert at_once.owner[0] == 0 and at_once.step is Step.TURN and at_once.current == 1


def test_EX_08_a_tunnel_with_a_short_deck() -> None:
    """EX-08 (T-T7, D-17): deck G, discard R K: 2R shown for a red tunnel: G is turned up,
    the discard is shuffled into a deck and R and K follow: 1 extra card. With the deck and
    the discard empty nothing is turned up and the tunnel is claimed with the 2R shown."""
    b = board(["X-Y red 2 tunnel"])
    s = apply(position(b, 2, ["3R"], deck="G", discard="R K"), ClaimRoute(0, cards("2R")))
    revealed = [e for e in s.log if isinstance(e, TunnelRevealed)][-1].revealed
    assert revealed[0] == cards("1G")[0] and sorted(revealed[1:]) == sorted(cards("1R 1K"))
    assert s.tunnel is not None and s.tunnel.extra == 1
    empty = apply(position(b, 2, ["2R"], row="- - - - -"), ClaimRoute(0, cards("2R")))
    assert empty.owner[0] == 0 and empty.players[0].hand == hand("")


# -- drawing cards -----------------------------------------------------------------------------


def test_EX_09_a_locomotive_replaces_the_first_card() -> None:
    """EX-09 (T-D2, T-D4): row R B G Y K; R is taken and L replaces it; the second card may be
    B, G, Y, K or blind, not the L."""
    b = board(["X-Y red 2"])
    s = apply(position(b, 2, [""], deck="L W W W W W"), TakeCard(0))
    assert shown(s) == ["L", "B", "G", "Y", "K"] and s.step is Step.SECOND_CARD
    assert rules(s, TakeCard(0)) == ["T-D4"]
    assert set(engine.legal_actions(s)) == {DrawBlind(), TakeCard(1), TakeCard(2),
                                            TakeCard(3), TakeCard(4)}


def test_EX_10_a_blind_locomotive() -> None:
    """EX-10 (T-D5, T-D3): row L B G Y K; a blind L is one card: the second may be B, G, Y, K
    or blind, never the face-up L. Taking the face-up L first takes nothing more."""
    b = board(["X-Y red 2"])
    s = apply(position(b, 2, [""], row="L B G Y K", deck="L W W W"), DrawBlind())
    assert s.players[0].hand[LOCO] == 1 and s.step is Step.SECOND_CARD and s.current == 0
    assert rules(s, TakeCard(0)) == ["T-D4"]
    assert quote(s, TakeCard(1)).ok and quote(s, DrawBlind()).ok
    first = apply(position(b, 2, [""], row="L B G Y K", deck="W W W"), TakeCard(0))
    assert first.players[0].hand[LOCO] == 1 and first.current == 1 and first.step is Step.TURN


def test_EX_11_three_locomotives_mid_turn() -> None:
    """EX-11 (T-D6): row L L R B G; R is taken and L replaces it: three locomotives: the five
    (L L L B G) are discarded and five new cards turned up; the second card comes from the
    new row or blind."""
    b = board(["X-Y red 2"])
    s = apply(position(b, 2, [""], row="L L R B G", deck="L W Y O P K W W W"), TakeCard(2))
    reset = [e for e in s.log if isinstance(e, RowDealt) and e.reset]
    assert len(reset) == 1 and sorted(reset[0].discarded) == sorted(cards("3L 1B 1G"))
    assert shown(s) == ["W", "Y", "O", "P", "K"] and s.step is Step.SECOND_CARD
    assert sorted(s.discard) == sorted(card_list("L L L B G"))
    assert quote(s, TakeCard(0)).ok


def test_EX_12_double_route_at_three_and_at_four_players() -> None:
    """EX-12 (T-C8-T-C10): X-Y red 3 double blue 3. Three players: A claims the red lane; the
    blue lane is closed: B is refused (T-C9), and so is A (T-C8). Four players: B may claim
    the blue lane; A may not (T-C8)."""
    b = board(["X-Y red 3 double xy", "X-Y blue 3 double xy"])
    for seats in (3, 4):
        s = position(b, seats, ["3R 3B", "3B"])
        s = apply(s, ClaimRoute(0, cards("3R")))
        assert s.current == 1
        if seats == 3:
            assert rules(s, ClaimRoute(1, cards("3B"))) == ["T-C9"]
        else:
            assert quote(s, ClaimRoute(1, cards("3B"))).ok
        s.current = 0
        assert "T-C8" in rules(s, ClaimRoute(1, cards("3B")))


# -- stations -------------------------------------------------------------------------------------


def test_EX_13_station_costs() -> None:
    """EX-13 (T-E2, T-E1, T-E3): the first station costs 1 card of any colour (or 1L), the
    second 2 of one colour (1R 1L or 2L; not 1R 1B), the third 3 (2G 1L). A city with a
    station is refused; a fourth station is refused."""
    b = board(["A-B red 2", "B-C red 2", "C-D red 2", "D-E red 2"])
    s = position(b, 2, ["1R 1B 3L 2G"])
    assert quote(s, BuildStation("A", cards("1R"))).ok
    assert quote(s, BuildStation("A", cards("1L"))).ok
    s = apply(s, BuildStation("A", cards("1B")))
    s.current = 0
    assert "T-E1" in rules(s, BuildStation("A", cards("1R 1L")))
    assert quote(s, BuildStation("B", cards("1R 1L"))).ok
    assert quote(s, BuildStation("B", cards("2L"))).ok
    s.players[0].hand = hand("1R 1B 3L 2G")
    assert "T-E2" in rules(s, BuildStation("B", cards("1R 1B")))
    s = apply(s, BuildStation("B", cards("1R 1L")))
    s.current = 0
    assert "T-E2" in rules(s, BuildStation("C", cards("1G 1L")))
    s = apply(s, BuildStation("C", cards("2G 1L")))
    s.current = 0
    assert "T-E3" in rules(s, BuildStation("D", cards("1L")))


def test_EX_14_a_station_borrows_a_neighbours_route() -> None:
    """EX-14 (T-E4, T-K3): A-B 2, B-C 3, C-D 2; P1 owns A-B and C-D, P2 owns B-C; P1 holds
    A-D (7). Without a station A-D fails (-7); with a station on C (or B) it is complete
    (+7), and P1's two stations left score 8."""
    b = board(["A-B red 2", "B-C red 3", "C-D red 2"], tickets=[("A", "D", 7)])
    for station in (None, "C", "B"):
        s = position(b, 2, ["1R"], owner={0: 0, 2: 0, 1: 1}, tickets=[[0]])
        if station is not None:
            s = apply(s, BuildStation(station, cards("1R")))
        final = scoring.final_scores(s, EndReason.LAST_ROUND).scores[0]
        if station is None:
            assert final.completed == () and final.lost == 7
        else:
            assert final.completed == (0,) and final.won == 7 and final.station_points == 8


def test_EX_15_one_station_two_tickets() -> None:
    """EX-15 (T-E5, D-21): P1 owns A-B and D-E, P2 B-C, P3 B-D; P1's station is on B; tickets
    A-C (5) and A-E (9). The station uses B-C or B-D, not both: best B-D, +9 -5 = +4."""
    b = board(["A-B red 2", "D-E red 2", "B-C red 2", "B-D red 2"],
              tickets=[("A", "C", 5), ("A", "E", 9)])
    result = ticket_results(b, [0, 0, 1, 2], 0, [b.city_index["B"]], [0, 1])
    assert result.completed == (1,) and result.failed == (0,)
    assert result.won - result.lost == 4
    assert result.borrowed == ((b.city_index["B"], 3),)


# -- the longest path --------------------------------------------------------------------------


def test_EX_16_longest_path_with_a_loop() -> None:
    """EX-16 (T-X1): A-B 2, B-C 3, C-A 4 and C-D 2: 11 (D-C-A-B-C, through C twice); E-F 6
    elsewhere changes nothing."""
    b = board(["A-B red 2", "B-C red 3", "C-A red 4", "C-D red 2", "E-F red 6"])
    assert longest_path(b, [0, 1, 2, 3]) == 11
    assert longest_path(b, [0, 1, 2, 3, 4]) == 11


def test_EX_17_longest_path_at_a_fork() -> None:
    """EX-17 (T-X1): a star X-A 3, X-B 4, X-C 2: 7 (A-X-B)."""
    b = board(["X-A red 3", "X-B red 4", "X-C red 2"])
    assert longest_path(b, [0, 1, 2]) == 7


def test_EX_18_a_figure_of_eight() -> None:
    """EX-18 (T-X1): two triangles A-B-C (1 each) and C-D-E (2 each) joined at C: 9, all six
    routes through C twice."""
    b = board(["A-B red 1", "B-C red 1", "C-A red 1", "C-D red 2", "D-E red 2", "E-C red 2"])
    assert longest_path(b, list(range(6))) == 9


def test_EX_19_express_tie() -> None:
    """EX-19 (T-X3): P1's and P3's longest paths are 14, P2's 12: P1 and P3 each +10."""
    b = board(["A-B red 8", "B-C red 6", "D-E red 8", "E-F red 4", "G-H red 8", "H-I red 6"])
    s = position(b, 3, owner={0: 0, 1: 0, 2: 1, 3: 1, 4: 2, 5: 2})
    final = scoring.final_scores(s, EndReason.LAST_ROUND)
    assert [x.longest for x in final.scores] == [14, 12, 14]
    assert [x.express_points for x in final.scores] == [10, 0, 10]


# -- the end -----------------------------------------------------------------------------------


def test_EX_20_the_last_round() -> None:
    """EX-20 (T-W1): four players; P2 claims a route and has 2 wagons left: P3, P4, P1 and
    P2 each play one more turn and the game ends after P2's, which may claim a 1 or a 2."""
    b = board(["A-B red 3", "B-C green 2", "C-D red 1"])
    s = position(b, 4, ["", "3R 2G", "", ""], current=1, wagons=[20, 5, 20, 20],
                 deck="W " * 40)
    s = apply(s, ClaimRoute(0, cards("3R")))
    assert s.players[1].wagons == 2 and s.last_round_by == 1
    for seat in (2, 3, 0):
        assert s.current == seat
        s = apply(s, DrawBlind())
        s = apply(s, DrawBlind())
    assert s.current == 1 and s.step is Step.TURN
    assert quote(s, ClaimRoute(1, cards("2G"))).ok
    s = apply(s, ClaimRoute(1, cards("2G")))
    assert s.step is Step.OVER and s.final is not None


def test_EX_21_exactly_at_the_threshold() -> None:
    """EX-21 (T-W1, T-C4): P1 with 5 wagons claims a 3: 2 left, the last round begins; a 2
    instead (3 left) begins nothing; with 2 wagons a 3 is refused."""
    b = board(["A-B red 3", "B-C red 2"])
    s = position(b, 2, ["3R 2R"], wagons=[5, 20])
    assert apply(s, ClaimRoute(0, cards("3R"))).last_round_by == 0
    assert apply(s, ClaimRoute(1, cards("2R"))).last_round_by == -1
    two = position(b, 2, ["3R"], wagons=[2, 20])
    assert rules(two, ClaimRoute(0, cards("3R"))) == ["T-C4"]


def test_EX_22_a_final_score() -> None:
    """EX-22 (T-W2): route points 61, tickets 8 and 12 completed and 7 failed, one station
    built (two in reserve), the European Express: 61 + 20 - 7 + 8 + 10 = 92."""
    b = board(["A-B red 8", "B-C red 8", "C-D red 6", "D-E red 3", "F-G red 1"],
              tickets=[("A", "C", 8), ("B", "E", 12), ("A", "G", 7)])
    s = position(b, 2, owner={0: 0, 1: 0, 2: 0, 3: 0, 4: 1}, tickets=[[0, 1, 2]])
    s.station_of[b.city_index["A"]] = 0
    s.players[0].stations = 2
    score = scoring.final_scores(s, EndReason.LAST_ROUND).scores[0]
    assert (score.routes, score.won, score.lost, score.station_points,
            score.express_points) == (61, 20, 7, 8, 10)
    assert score.total == 92


def _score(seat: int, total: int, completed: int, express: bool) -> SeatScore:
    return SeatScore(seat, total, tuple(range(completed)), (), 0, 0, 0, 0, express, ())


def test_EX_23_tie_breaks() -> None:
    """EX-23 (T-W3, D-27): P1 and P2 both 100: more tickets completed wins (5 to 4); then
    fewer stations built (1 to 2); then the Express; both holding it, or neither: a shared
    win."""
    assert scoring.ranks_of([_score(0, 100, 5, False), _score(1, 100, 4, False)],
                            [0, 0]) == (1, 2)
    assert scoring.ranks_of([_score(0, 100, 5, False), _score(1, 100, 5, False)],
                            [2, 1]) == (2, 1)
    assert scoring.ranks_of([_score(0, 100, 5, True), _score(1, 100, 5, False)],
                            [1, 1]) == (1, 2)
    assert scoring.ranks_of([_score(0, 100, 5, True), _score(1, 100, 5, True)],
                            [1, 1]) == (1, 1)
    assert scoring.ranks_of([_score(0, 100, 5, False), _score(1, 100, 5, False)],
                            [1, 1]) == (1, 1)


# -- tickets and the set-up --------------------------------------------------------------------


def test_EX_24_fewer_than_three_tickets_left() -> None:
    """EX-24 (T-K1, D-24): with 2 tickets left the player draws both and keeps 1 or 2; with
    none, drawing tickets is refused."""
    b = board(["A-B red 2", "B-C red 2"], tickets=[("A", "B", 2), ("B", "C", 2)])
    s = apply(position(b, 2), DrawTickets())
    assert s.offer == [0, 1] and s.step is Step.KEEP_TICKETS
    assert {a.tickets for a in engine.legal_actions(s) if isinstance(a, KeepTickets)} == \
        {(0,), (1,), (0, 1)}
    kept = apply(s, KeepTickets((1,)))
    assert kept.players[0].tickets == [1] and kept.ticket_deck == [0]
    empty = position(b, 2, tickets=[[0, 1]])
    assert rules(empty, DrawTickets()) == ["D-24"]


def test_EX_25_the_first_choice() -> None:
    """EX-25 (T-S5): dealt one long and three regular tickets, a player keeps the long one
    and a regular one; the two others go to the box (the ticket deck keeps its size).
    Keeping one ticket only is refused."""
    s = engine.new_game(europe(), ["A", "B"], None, 3)
    dealt = s.first_offer[s.current]
    assert len(dealt) == 4 and s.board.tickets[dealt[0]].long
    deck, box = len(s.ticket_deck), len(s.box)
    assert rules(s, KeepTickets((dealt[0],))) == ["T-S5"]
    after = apply(s, KeepTickets((dealt[0], dealt[1])))
    assert after.players[s.current].tickets == [dealt[0], dealt[1]]
    assert len(after.ticket_deck) == deck and len(after.box) == box + 2


def test_EX_26_set_up_counts() -> None:
    """EX-26 (T-S2-T-S4): five players: 20 cards dealt, 5 face up, 85 in the deck; 5 long
    tickets dealt and 1 boxed; 15 regular dealt, 25 in the ticket deck. Two players: 8
    dealt, 5 face up, 97 in the deck; 4 long tickets boxed; 34 in the ticket deck."""
    for seats, deck, boxed, tickets in ((5, 85, 1, 25), (2, 97, 4, 34)):
        seed = next(k for k in range(50) if not any(
            isinstance(e, RowDealt) and e.reset
            for e in engine.new_game(europe(), ["P"] * seats, None, k).log))
        s = engine.new_game(europe(), [f"P{i}" for i in range(seats)], None, seed)
        assert sum(p.cards for p in s.players) == 4 * seats
        assert len([c for c in s.row if c >= 0]) == 5 and len(s.deck) == deck
        assert len(s.box) == boxed and len(s.ticket_deck) == tickets
        assert [len(o) for o in s.first_offer] == [4] * seats


def test_EX_27_reshuffle_during_a_draw() -> None:
    """EX-27 (T-D7, D-9): deck 1 card, discard 30: a face-up G is taken, the last deck card
    replaces it, the deck is empty and the discard is shuffled into a new deck of 30 at once;
    the second card may be blind."""
    b = board(["X-Y red 2"])
    s = position(b, 2, [""], row="G B R Y K", deck="W", discard="O " * 30)
    s = apply(s, TakeCard(0))
    assert shown(s)[0] == "W" and len(s.deck) == 30 and s.discard == []
    assert quote(s, DrawBlind()).ok


def test_EX_28_not_enough_wagons_for_a_ferry_claim() -> None:
    """EX-28 (T-F2, T-C4): with 3 wagons and 4L 3Y the ferry X-Y 4 (2 symbols) is refused
    (wagons); with 4 wagons and 1L 3Y it is refused (a locomotive short)."""
    b = board(["X-Y grey 4 ferry 2"])
    three = position(b, 2, ["4L 3Y"], wagons=[3, 45])
    assert rules(three, ClaimRoute(0, cards("2L 2Y"))) == ["T-C4"]
    four = position(b, 2, ["1L 3Y"], wagons=[4, 45])
    assert rules(four, ClaimRoute(0, cards("1L 3Y"))) == ["T-F2"]
