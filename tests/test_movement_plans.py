"""Read-only movement queries the screen plans with (M1, M5, M6): where the train stops at
the end of each turn along a long route, and why it moves at half speed."""

from __future__ import annotations

from rail_app.rules import movement
from rail_app.rules.actions import BoardFerry, EndTurn, MoveTrain
from rail_app.rules.engine import apply
from rail_app.rules.state import ActiveEvent, GameState
from tests.minihelp import BOARD, FERRY, d, lay, moving_game

ROW8 = ["-4,8", "-3,8", "-2,8", "-1,8", "0,8", "1,8", "2,8", "3,8", "4,8", "5,8"]


def game() -> GameState:
    return moving_game(1)


def long_route(s: GameState) -> list[int]:
    """A loop of own track long enough for three turns: west along row 8 and back."""
    lay(s, 0, ROW8)
    s.players[0].position = d("5,8")
    path = [d(k) for k in reversed(ROW8[:-1])]  # 4,8 ... -4,8: nine segments
    return path


def test_M1_turn_stops_cut_a_long_route_by_the_speed_of_each_turn() -> None:
    s = game()
    path = long_route(s)
    assert movement.turn_stops(s, 0, path) == [9]  # speed 9: all of it this turn
    s.moves_left = 4  # some movement already used this turn
    assert movement.turn_stops(s, 0, path) == [4, 9]
    assert movement.turn_stops(s, 0, []) == [0]


def test_M1_turn_stops_with_no_movement_left_this_turn_start_next_turn() -> None:
    s = game()
    path = long_route(s)
    s.moves_left = 0
    assert movement.turn_stops(s, 0, path) == [0, 9]


def test_M6_a_half_speed_zone_on_the_way_shortens_that_turn() -> None:
    s = game()
    path = long_route(s)
    gamma = frozenset(BOARD.cities["Gamma"].dots)  # bad weather over Gamma (0,8)
    s.events.append(ActiveEvent(99, "bad_weather", 1, 10, dots=gamma))
    # 5 segments reach Gamma with 4 left: halved to 2, so the turn ends 2 dots further on
    assert movement.turn_stops(s, 0, path) == [7, 9]
    q = movement.quote_move(s, MoveTrain(tuple(BOARD.key(x) for x in path[:7])))
    assert q.ok  # the first stop is exactly where the engine lets the train go


def test_M6_slow_cause_names_the_event_behind_the_zone() -> None:
    s = game()
    s.players[0].position = d("0,8")
    assert movement.slow_cause(s, 0) == ""
    s.events.append(ActiveEvent(27, "storm", 1, 10, dots=frozenset({d("0,8")})))
    cause = movement.slow_cause(s, 0)
    assert cause.endswith("(M6)") and cause != "half speed (M6)"
    assert movement.events.slowed_by(s, d("0,8")) in cause


def test_M5_slow_cause_after_a_ferry_landing_is_the_ferry_not_an_event() -> None:
    s = game()
    s.players[0].ferries.add(0)
    s.players[0].position = d("10,4")
    lay(s, 0, ["9,5", "10,4"])
    s = apply(s, BoardFerry(FERRY))
    apply(s, EndTurn(), inplace=True)
    apply(s, EndTurn(), inplace=True)  # Anna lands at the other port
    assert s.current == 0 and s.events == []
    assert movement.slow_cause(s, 0) == "landed from a ferry this turn (M5)"
