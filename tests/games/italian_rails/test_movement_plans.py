"""Read-only movement queries the screen plans with (M1, M5, M6): where the train stops at
the end of each turn along a long route, and why it moves at half speed."""

from __future__ import annotations

from rail_app.games.italian_rails.rules import movement
from rail_app.games.italian_rails.rules.actions import BoardFerry, EndTurn, MoveTrain
from rail_app.games.italian_rails.rules.engine import apply
from rail_app.games.italian_rails.rules.state import ActiveEvent, GameState
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


# -- journeys across the player's own ferries (M5) --------------------------------------------

ISLAND = ["13,4", "14,4", "15,4", "16,4", "16,3", "16,2", "15,2", "14,2"]


def ferry_journey_game(at: str) -> GameState:
    """Anna owns the Beta - Delta ferry, track to its mainland port and on the island."""
    s = game()
    s.players[0].ferries.add(0)
    s.players[0].position = d(at)
    lay(s, 0, ["8,5", "9,5", "10,4"])
    lay(s, 0, ISLAND)
    return s


def test_M5_a_journey_boards_at_the_start_of_a_turn_and_lands_at_half_speed() -> None:
    from rail_app.games.italian_rails.rules import journeys

    s = ferry_journey_game("10,4")  # at the port, not moved yet: boards now
    assert movement.route(s, 0, d("14,2")) is None  # no track crosses the water
    j = journeys.plan(s, 0, d("14,2"))
    assert j is not None and len(j.crossings) == 1
    assert [len(t.dots) for t in j.turns] == [0, 5, 2]  # board; land and 5 (9 halved); 2
    assert j.turns[0].boards == j.crossings[0] and j.turns[1].lands == j.crossings[0]
    assert j.turns[1].half_speed and BOARD.key(j.crossings[0].to) == "13,4"
    # the engine agrees turn by turn: board now, land next turn, then 5 moves at most
    s = apply(s, BoardFerry(FERRY))
    apply(s, EndTurn(), inplace=True)
    apply(s, EndTurn(), inplace=True)
    assert s.players[0].position == d("13,4")
    keys = tuple(BOARD.key(x) for x in j.turns[1].dots)
    assert movement.quote_move(s, MoveTrain(keys)).ok
    assert movement.quote_move(s, MoveTrain((*keys, "15,2"))).rules == ["M1"]


def test_M5_a_train_that_moves_to_the_port_boards_on_its_next_turn() -> None:
    from rail_app.games.italian_rails.rules import journeys

    s = ferry_journey_game("8,5")
    j = journeys.plan(s, 0, d("14,2"))
    assert j is not None
    # two moves to the port end this turn's movement; the next turn is on the ferry
    assert [(len(t.dots), t.boards is not None, t.lands is not None) for t in j.turns] == [
        (2, False, False), (0, True, False), (5, False, True), (2, False, False)]


def test_M5_a_journey_uses_only_ferries_the_player_has_drawn_and_names_a_storm() -> None:
    from rail_app.games.italian_rails.rules import journeys

    s = ferry_journey_game("10,4")
    s.players[0].ferries.clear()
    assert journeys.plan(s, 0, d("14,2")) is None
    s.players[0].ferries.add(0)
    s.events.append(ActiveEvent(99, "storm", 1, 10, ferries=frozenset({0})))
    j = journeys.plan(s, 0, d("14,2"))
    assert j is not None and j.closed_now(s) == j.crossings[0]


def test_M1_a_journey_over_track_only_is_the_routes_way() -> None:
    from rail_app.games.italian_rails.rules import journeys

    s = game()
    path = long_route(s)
    s.moves_left = 4
    j = journeys.plan(s, 0, path[-1])
    assert j is not None and j.crossings == () and list(j.legs[0]) == path
    assert [len(t.dots) for t in j.turns] == [4, 5]  # as turn_stops says: 4, then 9
