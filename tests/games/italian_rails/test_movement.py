"""Moving the train on the mini map (RULES.md section 4, M1-M6)."""

from __future__ import annotations

import pytest

from rail_app.games.italian_rails.rules import engine, movement
from rail_app.games.italian_rails.rules.actions import BoardFerry, EndTurn, MoveTrain, PlaceTrain
from rail_app.games.italian_rails.rules.engine import IllegalAction, apply, quote
from rail_app.games.italian_rails.rules.quotes import BoardDetails, MoveDetails
from rail_app.games.italian_rails.rules.state import (
    VARIANT_FAST_TRAINS,
    ActiveEvent,
    GameState,
    Phase,
)
from rail_app.games.italian_rails.rules.words import log_line
from tests.minihelp import BOARD, FERRY, d, lay, moving_game

# A straight line of dots from the west coast through Gamma (0,8) to Beta (5,8 is an outer dot)
ROW8 = ["-4,8", "-3,8", "-2,8", "-1,8", "0,8", "1,8", "2,8", "3,8", "4,8", "5,8"]


def game(**kw: object) -> GameState:
    """A game past the first two build-only turns, player 0 (Anna) to move."""
    return moving_game(1, **kw)


def at(s: GameState, player: int, key: str, previous: str | None = None) -> None:
    s.players[player].position = d(key)
    s.players[player].previous = d(previous) if previous else None


def move(*keys: str) -> MoveTrain:
    return MoveTrain(tuple(keys))


def next_turn_of(s: GameState, player: int) -> None:
    """End turns (through the engine) until ``player``'s next turn begins."""
    apply(s, EndTurn(), inplace=True)
    while s.current != player:
        apply(s, EndTurn(), inplace=True)


# -- M1 ----------------------------------------------------------------------------------------


def test_M1_place_train_on_any_city_dot_including_major_outer_dots() -> None:
    s = game()
    for key in ["0,8", "9,0", "5,8", "6,7"]:
        q = quote(s, PlaceTrain(key))
        assert q.ok, q.violations
    new = apply(s, PlaceTrain("5,8"))
    assert new.players[0].position == d("5,8")
    assert new.turn_started
    assert new.moves_left is None  # placing uses no movement
    assert movement.moves_left(new, 0) == 9


def test_M1_place_train_refused_off_city_or_twice() -> None:
    s = game()
    q = quote(s, PlaceTrain("1,8"))
    assert q.rules == ["M1"] and "city" in q.headline
    assert quote(s, PlaceTrain("99,99")).rules == ["M1"]
    at(s, 0, "0,8")
    assert quote(s, PlaceTrain("9,0")).rules == ["M1"]


def test_M1_each_segment_counts_one_whatever_the_terrain() -> None:
    s = game()
    lay(s, 0, ROW8)
    at(s, 0, "0,8")
    q = quote(s, move("1,8", "2,8", "3,8", "4,8"))  # 3,8 is a mountain dot, 1,8-2,8 a bridge
    assert q.ok and q.cost == 0
    details = q.detail(MoveDetails)
    assert details is not None and details.moves_left == 5 and details.stop == d("4,8")
    new = apply(s, q.action)
    assert new.players[0].position == d("4,8")
    assert new.players[0].previous == d("3,8")
    assert new.moves_left == 5


def test_M1_movement_may_be_split_but_not_exceed_the_speed() -> None:
    s = game()
    lay(s, 0, ROW8)
    at(s, 0, "-4,8")
    s = apply(s, move("-3,8", "-2,8", "-1,8", "0,8"))  # stop at Gamma
    assert s.moves_left == 5
    q = quote(s, move("1,8", "2,8", "3,8", "4,8", "5,8", "6,7"))  # 6 more: too far
    assert q.rules == ["M1"] and "only 5 of these 6" in q.headline
    s = apply(s, move("1,8", "2,8", "3,8", "4,8", "5,8"))
    assert s.moves_left == 0
    assert quote(s, move("6,7")).rules == ["M1"]


def test_M1_too_far_in_one_move() -> None:
    s = game()
    lay(s, 0, ROW8)
    at(s, 0, "-4,8")
    q = quote(s, move(*ROW8[1:], "6,7"))  # ten segments, speed 9
    assert "M1" in q.rules


def test_M1_fast_trains_variant_uses_fast_speed() -> None:
    s = game(variants=[VARIANT_FAST_TRAINS])
    assert movement.speed(s, 0) == 12
    s.players[0].loco = "Fast Freight"
    assert movement.speed(s, 0) == 16
    assert movement.speed(game(), 0) == 9


def test_M1_train_must_be_placed_and_path_must_be_track() -> None:
    s = game()
    assert quote(s, move("1,8")).rules == ["M1"]
    at(s, 0, "0,8")
    q = quote(s, move("1,8"))
    assert q.rules == ["M3"] and "no track" in q.headline
    q = quote(s, move("3,8"))
    assert q.rules == ["M1"] and "not joined" in q.headline


# -- M2 ----------------------------------------------------------------------------------------


def test_M2_no_reversing_between_cities() -> None:
    s = game()
    lay(s, 0, ROW8)
    at(s, 0, "2,8", previous="1,8")
    q = quote(s, move("1,8"))
    assert q.rules == ["M2"]
    assert not movement.usable_edge(s, 0, d("2,8"), d("9,0"))
    # going on is fine
    assert quote(s, move("3,8")).ok
    # reversing inside one path is refused too
    q = quote(s, move("3,8", "2,8"))
    assert q.rules == ["M2"]


def test_M2_reversing_at_a_city_dot_is_allowed() -> None:
    s = game()
    lay(s, 0, ROW8)
    at(s, 0, "1,8", previous="2,8")
    q = quote(s, move("0,8", "1,8", "2,8"))  # reverses at Gamma
    assert q.ok, q.violations
    # also at an outer dot of a major city
    at(s, 0, "4,8", previous="3,8")
    assert quote(s, move("5,8", "4,8")).ok


def test_M2_direction_is_remembered_across_turns() -> None:
    s = game()
    lay(s, 0, ROW8)
    at(s, 0, "0,8")
    s = apply(s, move("1,8", "2,8"))
    next_turn_of(s, 0)
    assert s.moves_left is None
    q = quote(s, move("1,8"))
    assert q.rules == ["M2"]


# -- M3, M4 ------------------------------------------------------------------------------------


def test_M3_rent_is_paid_once_per_turn_to_the_opponent() -> None:
    s = game()
    lay(s, 0, ROW8[:7])  # to 2,8
    lay(s, 1, ROW8[6:])  # 2,8 to 5,8 is Bruno's
    at(s, 0, "0,8")
    q = quote(s, move("1,8", "2,8", "3,8"))
    assert q.ok and q.cost == 4 and q.detail(MoveDetails).rental is True
    s = apply(s, q.action)
    assert (s.players[0].cash, s.players[1].cash) == (56, 64)
    assert s.rental_paid
    q = quote(s, move("4,8"))
    assert q.ok and q.cost == 0 and q.detail(MoveDetails).rental is False
    s = apply(s, q.action)
    assert (s.players[0].cash, s.players[1].cash) == (56, 64)
    assert any("rent" in log_line(s, e) and e.kind == "payment" for e in s.log)


def test_M3_rent_is_due_again_next_turn() -> None:
    s = game()
    lay(s, 1, ROW8)
    at(s, 0, "0,8")
    s = apply(s, move("1,8"))
    next_turn_of(s, 0)
    q = quote(s, move("2,8"))
    assert q.ok and q.cost == 4


def test_M3_a_player_who_cannot_pay_may_not_enter() -> None:
    s = game()
    lay(s, 1, ROW8)
    at(s, 0, "0,8")
    s.players[0].cash = 3
    q = quote(s, move("1,8"))
    assert q.rules == ["M3"] and "rent" in q.headline
    with pytest.raises(IllegalAction):
        apply(s, q.action)
    assert not movement.usable_edge(s, 0, d("0,8"), d("1,8"))
    assert movement.reachable(s, 0) == {d("0,8"): 0}


def test_M3_free_major_city_track_costs_nothing() -> None:
    s = game()
    at(s, 0, "5,8")
    q = quote(s, move("6,7", "7,7", "7,6"))
    assert q.ok and q.cost == 0
    assert q.detail(MoveDetails).moves_left == 6


def test_M4_trains_share_dots_and_segments() -> None:
    """Nothing in movement looks at the other train: Anna's train runs over the segment into
    the dot where Bruno's stands and out of it, or stops on that very dot."""
    s = game()
    lay(s, 0, ROW8)
    at(s, 0, "0,8")
    at(s, 1, "2,8", previous="3,8")
    through = quote(s, move("1,8", "2,8", "3,8"))
    assert through.ok and through.detail(MoveDetails).steps == 3
    stop = quote(s, move("1,8", "2,8"))
    assert stop.ok and stop.detail(MoveDetails).stop == s.players[1].position
    s = apply(s, stop.action)
    assert s.players[0].position == s.players[1].position == d("2,8")


# -- M5, M6 ------------------------------------------------------------------------------------


def ferry_game() -> GameState:
    s = game()
    s.players[0].ferries.add(0)
    at(s, 0, "10,4")
    lay(s, 0, ["9,5", "10,4"])
    lay(s, 0, ["13,4", "14,4", "15,4", "16,4", "16,3", "16,2", "15,2", "14,2"])
    return s


def test_M5_board_a_ferry_and_land_next_turn_at_half_speed() -> None:
    s = ferry_game()
    q = quote(s, BoardFerry(FERRY))
    assert q.ok, q.violations
    assert s.board.key(q.detail(BoardDetails).to) == "13,4"
    s = apply(s, q.action)
    assert s.players[0].aboard == 0 and s.moves_left == 0
    assert quote(s, move("9,5")).rules == ["M5"]
    next_turn_of(s, 0)
    pl = s.players[0]
    assert pl.aboard is None and pl.position == d("13,4")
    assert movement.speed(s, 0) == 5  # M6: 9 halved, rounded up
    q = quote(s, move("14,4", "15,4", "16,4", "16,3", "16,2", "15,2"))
    assert q.rules == ["M1"]
    s = apply(s, move("14,4", "15,4", "16,4", "16,3", "16,2"))
    assert s.moves_left == 0
    next_turn_of(s, 0)
    assert movement.speed(s, 0) == 9  # half speed lasts one turn


def test_M5_only_ferries_the_player_has_drawn() -> None:
    s = ferry_game()
    s.players[0].ferries.clear()
    q = quote(s, BoardFerry(FERRY))
    assert q.rules == ["M5"] and "drawn" in q.headline
    assert quote(s, BoardFerry("Nowhere")).rules == ["M5"]


def test_M5_board_only_at_the_start_of_the_move_and_at_a_port() -> None:
    s = ferry_game()
    at(s, 0, "9,5")
    assert quote(s, BoardFerry(FERRY)).rules == ["M5"]
    s = apply(s, move("10,4"))
    q = quote(s, BoardFerry(FERRY))
    assert q.rules == ["M5"] and "start" in q.headline


def test_M5_the_ferry_is_offered_among_legal_actions() -> None:
    s = ferry_game()
    acts = engine.legal_actions(s)
    assert BoardFerry(FERRY) in acts
    assert all(quote(s, a).ok for a in acts)


def test_M6_half_speed_beginning_mid_move_halves_what_is_left() -> None:
    s = game()
    lay(s, 0, ROW8)
    at(s, 0, "0,8")
    zone = frozenset(BOARD.cities["Beta"].dots)  # bad weather over Beta
    s.events.append(ActiveEvent(99, "bad_weather", 1, 10, dots=zone))
    q = quote(s, move("1,8", "2,8", "3,8", "4,8", "5,8"))
    # 4 left after entering 5,8 (9 - 5): halved to 2
    details = q.detail(MoveDetails)
    assert q.ok and details is not None and details.moves_left == 2 and details.half_speed
    s = apply(s, q.action)
    assert s.half_speed_now
    s = apply(s, move("6,7"))  # free track in Beta: no second halving
    assert s.moves_left == 1


def test_M6_starting_inside_a_half_speed_zone() -> None:
    s = game()
    at(s, 0, "5,8")
    s.events.append(ActiveEvent(99, "bad_weather", 1, 10,
                                dots=frozenset(BOARD.cities["Beta"].dots)))
    assert movement.speed(s, 0) == 5
    s.players[0].loco = "Fast Freight"
    assert movement.speed(s, 0) == 6


# -- helpers for the UI and the computer player ------------------------------------------------


def test_reachable_respects_speed_direction_and_track() -> None:
    s = game()
    lay(s, 0, ROW8)
    at(s, 0, "-1,8", previous="-2,8")
    r = movement.reachable(s, 0)
    assert r[d("-1,8")] == 0
    assert r[d("5,8")] == 6
    # M2: it cannot turn back where it stands; it goes on to Gamma and reverses there
    assert r[d("-2,8")] == 3
    assert d("6,6") in r  # free track in Beta: 6,7 then 6,6 = 8 segments
    assert all(v <= 9 for v in r.values())
    paths = movement.reachable_paths(s, 0)
    assert [BOARD.key(x) for x in paths[d("2,8")]] == ["0,8", "1,8", "2,8"]


def test_route_spans_turns_and_prefers_no_rent() -> None:
    s = game()
    lay(s, 0, ROW8)
    at(s, 0, "-4,8")
    path = movement.route(s, 0, d("7,6"))
    assert path is not None and BOARD.key(path[-1]) == "7,6"
    assert len(path) == 11  # longer than one turn: the UI cuts it
    assert movement.route(s, 0, d("-4,8")) == []
    assert movement.route(s, 0, d("13,4")) is None
    # a detour on own track of the same number of turns beats renting
    s2 = game()
    lay(s2, 1, ["0,8", "1,8", "2,8"])
    lay(s2, 0, ["0,8", "1,7", "2,7", "2,8"])
    at(s2, 0, "0,8")
    p2 = movement.route(s2, 0, d("2,8"))
    assert p2 is not None and [BOARD.key(x) for x in p2] == ["1,7", "2,7", "2,8"]


def test_legal_moves_place_the_train_then_reach_cities() -> None:
    s = game()
    acts = engine.legal_actions(s)
    places = [a for a in acts if isinstance(a, PlaceTrain)]
    assert len(places) == len(BOARD.city_list)
    lay(s, 0, ROW8)
    at(s, 0, "0,8")
    acts = engine.legal_actions(s)
    moves = [a for a in acts if isinstance(a, MoveTrain)]
    assert moves and all(quote(s, m).ok for m in moves)
    ends = {m.path[-1] for m in moves}
    assert "5,8" in ends and "6,7" in ends


def test_illegal_apply_leaves_the_state_unchanged() -> None:
    s = game()
    lay(s, 0, ROW8)
    at(s, 0, "2,8", previous="1,8")
    before = (s.players[0].position, s.players[0].previous, s.moves_left, s.players[0].cash,
              len(s.log), len(s.history))
    for bad in (move("1,8"), move("3,8", "4,8", "5,8", "6,7", "7,7", "7,6", "8,6", "8,5",
                                  "9,5", "10,4"), PlaceTrain("0,8"), BoardFerry(FERRY)):
        with pytest.raises(IllegalAction):
            apply(s, bad)
    after = (s.players[0].position, s.players[0].previous, s.moves_left, s.players[0].cash,
             len(s.log), len(s.history))
    assert before == after


def test_moves_are_reset_when_a_turn_begins() -> None:
    s = game()
    lay(s, 0, ROW8)
    at(s, 0, "0,8")
    s = apply(s, move("1,8", "2,8"))
    assert s.moves_left == 7
    s = apply(s, EndTurn())
    assert s.current == 1 and s.moves_left is None and not s.rental_paid


def test_no_movement_after_swapping_demands() -> None:
    s = game()
    lay(s, 0, ROW8)
    at(s, 0, "0,8")
    s.phase = Phase.SWAPPED
    q = quote(s, move("1,8"))
    assert q.rules == ["C6"] and q.wrong_moment
    assert not [a for a in engine.legal_actions(s) if isinstance(a, MoveTrain)]
