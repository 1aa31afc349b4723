"""Scenarios on the mini map: events and movement over several turns, through the engine only
(after the starting position is laid out by hand)."""

from __future__ import annotations

from rail_app.games.italian_rails.rules import events, movement
from rail_app.games.italian_rails.rules.actions import (
    BoardFerry,
    BuildSegment,
    ChooseLoss,
    EndPhase,
    EndTurn,
    Lock,
    MoveTrain,
)
from rail_app.games.italian_rails.rules.deckmodel import Card, Demand
from rail_app.games.italian_rails.rules.engine import apply, legal_actions, quote
from rail_app.games.italian_rails.rules.state import GameState, Load
from rail_app.games.italian_rails.rules.words import log_line
from tests.minihelp import BOARD, FERRY, d, e, lay, moving_game

TAX = Card(90, event="tax", title="Excess Profits Tax")
FLOOD = Card(91, event="flood", title="Flood of the Grande", params={"systems": ["Grande"]})
STORM = Card(93, event="storm", title="Storm on the East Sea", params={"sea": "East Sea"})
DERAIL = Card(96, event="derailment", title="Derailment near Gamma",
              params={"cities": ["Gamma"], "radius": 3})
DEMANDS = [Card(n, (Demand("Zeta", "marble", 20 + n), Demand("Delta", "wine", 10),
                    Demand("Alfa", "fish", 12))) for n in range(1, 16)]


def game() -> GameState:
    return moving_game(7, [*DEMANDS, TAX, FLOOD, STORM, DERAIL])


def act(s: GameState, *actions: object, player: int | None = None) -> GameState:
    for a in actions:
        s = apply(s, a, player)  # type: ignore[arg-type]
    return s


def test_flood_washes_out_both_bridges_and_each_owner_rebuilds_first() -> None:
    s = game()
    lay(s, 0, ["0,8", "1,8", "2,8"])  # Anna's bridge 1,8-2,8 over the Fiume
    lay(s, 1, ["4,7", "3,7", "2,7", "1,7"])  # Bruno's bridge 2,7-3,7 over the Fiume
    lay(s, 1, ["4,8", "3,8", "2,8"])  # Bruno's track also reaches 2,8
    anna_bridge, bruno_bridge = e("1,8", "2,8"), e("2,7", "3,7")
    events.resolve_event(s, FLOOD.number, 0)  # Anna draws the flood in her turn
    assert anna_bridge not in s.owner and bruno_bridge not in s.owner
    assert s.players[0].track == {e("0,8", "1,8")}
    s = act(s, EndPhase())
    assert quote(s, BuildSegment("1,8", "2,8")).rules == ["E4"]  # still in flood
    s = act(s, EndTurn())
    # Bruno's turn, flood in force: nobody builds over the Fiume
    s = act(s, EndPhase())
    assert "E4" in quote(s, BuildSegment("3,7", "2,7")).rules
    s = act(s, EndTurn())
    # Anna's next turn: still in force until its end
    s = act(s, EndPhase())
    assert "E4" in quote(s, BuildSegment("1,8", "2,8")).rules
    s = act(s, EndTurn())
    assert s.events == []
    # Bruno: his own bridge is his to rebuild; Anna's is protected
    s = act(s, EndPhase())
    q = quote(s, BuildSegment("2,8", "1,8"))
    assert q.rules == ["E4"] and "washed out" in q.headline
    cash = s.players[1].cash
    s = act(s, BuildSegment("3,7", "2,7"), EndTurn())
    assert s.owner[bruno_bridge] == 1 and s.players[1].cash == cash - 3  # plain 1 + river 2
    # Anna rebuilds hers
    s = act(s, EndPhase())
    assert quote(s, BuildSegment("1,8", "2,8")).ok
    s = act(s, BuildSegment("1,8", "2,8"), EndTurn())
    assert s.owner[anna_bridge] == 0
    assert s.washed_out == []


def test_flood_protection_ends_if_the_owner_does_not_rebuild() -> None:
    s = game()
    lay(s, 0, ["0,8", "1,8", "2,8"])
    lay(s, 1, ["4,8", "3,8", "2,8"])
    events.resolve_event(s, FLOOD.number, 0)
    for _ in range(3):  # Anna, Bruno, Anna: the flood ends
        s = act(s, EndTurn())
    s = act(s, EndPhase())  # Bruno
    assert "E4" in quote(s, BuildSegment("2,8", "1,8")).rules
    s = act(s, EndTurn(), EndTurn())  # Bruno, then Anna lets her turn pass
    s = act(s, EndPhase())  # Bruno may now build where Anna's bridge was
    q = quote(s, BuildSegment("2,8", "1,8"))
    assert q.ok, q.violations


def test_derailment_of_the_opponent_with_a_private_load_released_to_the_pool() -> None:
    s = game()
    # Bruno stands near Gamma with a load for his private card 5 and fish for public card 2
    bruno = s.players[1]
    bruno.position = d("1,8")
    bruno.private = [5, 6]
    bruno.loads = [Load("marble", 5, 0), Load("fish", 2, 2)]
    # Anna locks a public card: the pool upkeep draws the derailment (E1)
    anna = s.players[0]
    anna.position = d("9,0")  # Zeta: far from Gamma
    anna.loads = [Load("marble")]
    s.pool = [1, 2, 3, 4, 7]
    s.draw_pile = [9, 10, 11, DERAIL.number]
    s = act(s, Lock(1, 0))
    assert s.pending is not None and s.pending.player == 1
    assert bruno.lose_turns == 0 and s.players[1].lose_turns == 1
    assert s.current == 0  # Anna's turn is not affected
    assert quote(s, EndPhase()).rules == ["choice-pending"]
    released = act(s, ChooseLoss(0, release=True), player=1)
    assert released.players[1].private == [6]
    assert released.pool == [1, 2, 3, 4, 7, 11, 5]  # the pool may exceed 6
    assert [x.commodity for x in released.players[1].loads] == ["fish"]
    kept = act(s, ChooseLoss(0, release=False), player=1)
    assert kept.players[1].private == [5, 6] and 5 not in kept.pool
    # either way Bruno's next turn is lost
    kept = act(kept, EndTurn())
    assert kept.current == 0 and kept.players[1].lose_turns == 0
    assert "loses this turn" in "\n".join(log_line(kept, x) for x in kept.log)


def test_ferry_crossing_in_a_storm() -> None:
    s = game()
    anna = s.players[0]
    anna.ferries.add(0)
    anna.position = d("10,4")
    lay(s, 0, ["13,4", "14,4", "15,4", "16,4", "16,3", "16,2", "15,2", "14,2"])
    s = act(s, BoardFerry(FERRY), EndTurn())
    # Bruno draws a storm on the East Sea during his turn
    events.resolve_event(s, STORM.number, 1)
    s = act(s, EndTurn())
    assert s.current == 0 and s.players[0].aboard == 0  # kept at sea
    assert not list(movement.movement_actions(s))
    assert quote(s, MoveTrain(("9,5",))).rules == ["M5"]
    s = act(s, EndTurn(), EndTurn())  # Anna waits; Bruno's next turn ends the storm
    assert s.events == [] and s.current == 0
    assert s.players[0].position == d("13,4") and s.players[0].aboard is None
    assert movement.speed(s, 0) == 5
    s = act(s, MoveTrain(("14,4", "15,4", "16,4", "16,3", "16,2")))
    assert s.moves_left == 0


def test_storm_before_boarding_keeps_the_train_ashore() -> None:
    s = game()
    s.players[0].ferries.add(0)
    s.players[0].position = d("10,4")
    events.resolve_event(s, STORM.number, 0)
    q = quote(s, BoardFerry(FERRY))
    assert q.rules == ["E5"]
    assert BoardFerry(FERRY) not in legal_actions(s)


def test_tax_hits_both_players_and_makes_cash_public() -> None:
    s = game()
    s.players[0].cash, s.players[1].cash = 130, 210
    s.players[0].position = d("9,0")
    s.players[0].loads = [Load("marble")]
    s.pool = [1]
    s.draw_pile = [9, 10, 11, 12, 13, TAX.number]
    s = act(s, Lock(1, 0))
    assert (s.players[0].cash, s.players[1].cash) == (115, 180)
    assert s.cash_public and TAX.number in s.discard
    assert s.pool == [1, 13, 12, 11, 10]  # the tax was replaced by another card
    assert s.current == 0


def test_reversing_only_at_cities_over_two_turns() -> None:
    s = game()
    lay(s, 0, ["0,8", "1,8", "2,8", "3,8", "4,8", "5,8"])
    s.players[0].position = d("0,8")
    s = act(s, MoveTrain(("1,8", "2,8")))  # stops between cities
    s = act(s, EndTurn(), EndTurn())
    assert quote(s, MoveTrain(("1,8",))).rules == ["M2"]
    # 1,8 is still in reach: on to Beta (5,8), reverse there, and back (7 segments)
    assert movement.reachable(s, 0)[d("1,8")] == 7
    path = movement.route(s, 0, d("1,8"))
    assert path is not None and [BOARD.key(x) for x in path][:3] == ["3,8", "4,8", "5,8"]
    s = act(s, MoveTrain(tuple(BOARD.key(x) for x in path)))
    assert s.players[0].position == d("1,8")


def test_rent_paid_once_per_turn_over_split_moves() -> None:
    s = game()
    lay(s, 1, ["0,8", "1,8", "2,8", "3,8", "4,8", "5,8"])
    s.players[0].position = d("0,8")
    s = act(s, MoveTrain(("1,8", "2,8")))
    assert (s.players[0].cash, s.players[1].cash) == (56, 64)
    s = act(s, MoveTrain(("3,8",)), MoveTrain(("4,8",)))
    assert (s.players[0].cash, s.players[1].cash) == (56, 64)
    s = act(s, EndTurn())
    s.players[1].position = d("5,8")
    s = act(s, MoveTrain(("4,8", "3,8")))  # Bruno on his own track pays nothing
    s = act(s, EndTurn())
    s = act(s, MoveTrain(("5,8",)))  # a new turn: rent again
    assert (s.players[0].cash, s.players[1].cash) == (52, 68)
    assert sum(1 for x in s.log if x.kind == "payment" and "rent" in log_line(s, x)) == 2


def test_events_panel_summary_lists_what_is_in_force() -> None:
    s = game()
    events.resolve_event(s, FLOOD.number, 0)
    events.resolve_event(s, STORM.number, 0)
    rows = events.events_in_force_summary(s)
    assert [r["kind"] for r in rows] == ["flood", "storm"]
    assert rows[0]["edges"] > 0 and rows[1]["ferries"] == 1 and rows[1]["dots"] > 0
    assert all("Anna's next turn" in r["expires"] for r in rows)
