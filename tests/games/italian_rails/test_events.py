"""Events on the mini map (RULES.md section 6, E1-E9)."""

from __future__ import annotations

from typing import Any

import pytest

from rail_app.games.italian_rails.rules import cards, events, movement
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
from rail_app.games.italian_rails.rules.engine import (
    IllegalAction,
    apply,
    legal_actions,
    new_game,
    quote,
)
from rail_app.games.italian_rails.rules.state import GameState, Load, Phase
from rail_app.games.italian_rails.rules.words import log_line
from tests.minihelp import FERRY, d, e, lay, moving_game

TAX = Card(90, event="tax", title="Excess Profits Tax", text="Pay by cash on hand")
FLOOD_GRANDE = Card(91, event="flood", title="Flood of the Grande",
                    params={"systems": ["Grande"]})
FLOOD_RIO = Card(92, event="flood", title="Flood of the Rio", params={"rivers": ["Rio"]})
STORM_EAST = Card(93, event="storm", title="Storm", params={"sea": "East Sea"})
STORM = Card(94, event="storm", title="Storm anywhere")
VOLCANO = Card(95, event="volcano", title="Monte erupts",
               params={"volcano": "Monte", "radius": 2})
DERAIL_GAMMA = Card(96, event="derailment", title="Derailment near Gamma",
                    params={"cities": ["Gamma"], "radius": 3})
DERAIL_BETA = Card(97, event="derailment", title="Derailment near Beta",
                   params={"cities": ["Beta"], "radius": 1})
FOG_BETA = Card(98, event="bad_weather", title="Fog around Beta",
                params={"cities": ["Beta"], "radius": 1})
EVENTS = [TAX, FLOOD_GRANDE, FLOOD_RIO, STORM_EAST, STORM, VOLCANO, DERAIL_GAMMA, DERAIL_BETA,
          FOG_BETA]


def demand_card(n: int, commodity: str = "marble", city: str = "Zeta") -> Card:
    return Card(n, (Demand(city, commodity, 20 + n), Demand("Delta", "wine", 10),
                    Demand("Alfa", "fish", 12)))


DEMANDS = [demand_card(n) for n in range(1, 13)]


def game() -> GameState:
    """Past the build-only turns; Anna (0) to move; a small deck with every event."""
    return moving_game(1, [*DEMANDS, *EVENTS])


def end_turn(s: GameState) -> None:
    apply(s, EndTurn(), inplace=True)


def texts(s: GameState) -> str:
    return "\n".join(log_line(s, x) for x in s.log)


# -- E1, E2 ------------------------------------------------------------------------------------


def test_E1_an_event_drawn_is_resolved_at_once_and_replaced() -> None:
    s = game()
    s.draw_pile = [3, TAX.number]  # the tax is on top
    s.players[0].cash = 120
    n = cards.draw_card(s, 0)
    assert n == 3  # the replacement
    assert s.players[0].cash == 105  # resolved at once
    assert TAX.number in s.discard and TAX.number not in s.draw_pile
    assert "Excess Profits Tax" in texts(s)


def test_E1_resolve_event_refuses_a_demand_card() -> None:
    s = game()
    with pytest.raises(ValueError):
        events.resolve_event(s, 1, 0)


def test_E2_lasting_event_binds_both_until_the_end_of_the_drawers_next_turn() -> None:
    s = game()
    events.resolve_event(s, STORM.number, 0)  # drawn during Anna's turn
    assert [ev.kind for ev in s.events] == ["storm"]
    assert s.events[0].expires_after_turn == s.players[0].turns_taken + 2
    end_turn(s)  # Anna's turn ends: still in force for Bruno
    assert s.current == 1 and s.events
    s.players[1].ferries.add(0)
    s.players[1].position = d("10,4")
    assert quote(s, BoardFerry(FERRY)).rules == ["E5"]  # binds Bruno too
    end_turn(s)
    assert s.current == 0 and s.events  # Anna's next turn: still in force
    summary = events.events_in_force_summary(s)
    assert summary[0]["kind"] == "storm" and "Anna's turn" in summary[0]["expires"]
    end_turn(s)  # the end of Anna's next turn
    assert s.events == []
    assert "the event is over" in texts(s)


def test_E2_drawn_by_the_other_player_ends_with_their_next_turn() -> None:
    s = game()
    events.resolve_event(s, STORM.number, 1)  # Bruno drew it (not his turn)
    assert "Bruno's next turn" in events.events_in_force_summary(s)[0]["expires"]
    end_turn(s)  # Anna
    assert s.events
    end_turn(s)  # Bruno's next turn ends
    assert s.events == []


def test_E2_a_lost_next_turn_still_ends_the_event() -> None:
    s = game()
    events.resolve_event(s, STORM.number, 0)
    s.players[0].lose_turns = 1  # Anna will lose her next turn
    end_turn(s)  # Anna ends; Bruno plays
    end_turn(s)  # Bruno ends; Anna's turn is lost and passes; Bruno again
    assert s.current == 1 and s.events == []


# -- E3 ----------------------------------------------------------------------------------------


@pytest.mark.parametrize("cash,tax", [(0, 0), (49, 0), (50, 10), (99, 10), (100, 15),
                                      (150, 20), (199, 20), (200, 30), (400, 30)])
def test_E3_tax_by_cash_on_hand(cash: int, tax: int) -> None:
    s = game()
    s.players[0].cash = cash
    s.players[1].cash = 120
    events.resolve_event(s, TAX.number, 0)
    assert s.players[0].cash == cash - tax
    assert s.players[1].cash == 105
    assert s.cash_public
    assert s.events == []  # resolved once, nothing lasts


# -- E4 ----------------------------------------------------------------------------------------


def test_E4_flood_erases_every_bridge_over_the_river_system() -> None:
    s = game()
    lay(s, 0, ["0,8", "1,8", "2,8"])  # 1,8-2,8 crosses the Fiume
    lay(s, 1, ["2,7", "3,7", "4,7"])  # 2,7-3,7 crosses the Fiume
    lay(s, 0, ["-3,7", "-2,7"])  # crosses the Rio: another river
    events.resolve_event(s, FLOOD_GRANDE.number, 0)
    assert e("1,8", "2,8") not in s.owner and e("1,8", "2,8") not in s.players[0].track
    assert e("2,7", "3,7") not in s.owner and e("2,7", "3,7") not in s.players[1].track
    assert s.owner[e("0,8", "1,8")] == 0 and s.owner[e("3,7", "4,7")] == 1
    assert s.owner[e("-3,7", "-2,7")] == 0
    assert {(w.edge, w.owner) for w in s.washed_out} == {
        (e("1,8", "2,8"), 0), (e("2,7", "3,7"), 1)}
    assert "2 segments destroyed" in texts(s)


def test_E4_no_building_or_moving_across_a_flooded_river() -> None:
    s = game()
    lay(s, 0, ["0,8", "1,8"])
    s.players[0].position = d("1,8")
    s.players[0].previous = d("0,8")
    events.resolve_event(s, FLOOD_GRANDE.number, 0)
    q = quote(s, MoveTrain(("2,8",)))
    assert q.rules == ["E4"] and "Fiume" in q.headline
    v = events.build_violations(s, 0, e("1,8", "2,8"))
    assert [x.rule for x in v] == ["E4"] and "Fiume is in flood" in v[0].message
    s.phase = Phase.BUILD
    q = quote(s, BuildSegment("1,8", "2,8"))
    assert "E4" in q.rules
    assert "E4" not in quote(s, BuildSegment("1,8", "1,7")).rules  # no river there


def test_E4_a_flood_card_names_rivers_as_data_E9() -> None:
    s = game()
    lay(s, 0, ["-3,7", "-2,7"])
    lay(s, 0, ["1,8", "2,8"])
    events.resolve_event(s, FLOOD_RIO.number, 0)
    assert e("-3,7", "-2,7") not in s.owner
    assert s.owner[e("1,8", "2,8")] == 0
    assert events.flooded_river(s, e("-3,7", "-2,7")) == "Rio"
    assert events.flooded_river(s, e("1,8", "2,8")) is None


def test_E4_washed_out_track_is_protected_until_its_owner_had_a_turn() -> None:
    s = game()
    anna_edge, bruno_edge = e("1,8", "2,8"), e("2,7", "3,7")
    lay(s, 0, ["1,8", "2,8"])
    lay(s, 1, ["2,7", "3,7"])
    events.resolve_event(s, FLOOD_GRANDE.number, 0)
    end_turn(s)  # Anna's turn ends
    end_turn(s)  # Bruno's turn ends (flood still in force)
    assert s.events
    end_turn(s)  # Anna's next turn ends: the flood is over
    assert s.events == []
    assert s.current == 1
    # Bruno's turn: he may rebuild his bridge, not Anna's
    assert events.build_violations(s, 1, bruno_edge) == []
    v = events.build_violations(s, 1, anna_edge)
    assert [x.rule for x in v] == ["E4"] and "washed out" in v[0].message
    assert events.build_violations(s, 0, anna_edge) == []
    end_turn(s)  # Bruno had his turn to rebuild
    assert s.current == 0
    assert events.build_violations(s, 0, bruno_edge) == []
    assert events.build_violations(s, 1, anna_edge) != []  # Anna has not had hers yet
    end_turn(s)  # Anna had hers
    assert events.build_violations(s, 1, anna_edge) == []
    assert s.washed_out == []


def test_E4_a_lost_turn_is_not_a_turn_to_rebuild() -> None:
    """The published text: "neither player may build track where the other player's track
    has been washed out until that player has had one turn in which to rebuild it", and "a
    player who loses a turn may not [...] build track [...] during the lost turn" (T4). So
    Bruno's lost turn leaves his washed-out bridge protected until a turn he plays."""
    s = game()
    bruno_edge = e("2,7", "3,7")
    lay(s, 1, ["2,7", "3,7"])
    events.resolve_event(s, FLOOD_GRANDE.number, 0)
    end_turn(s)  # Anna's turn ends
    end_turn(s)  # Bruno's turn ends (the Fiume is still in flood)
    s.players[1].lose_turns = 1  # Bruno will lose his next turn (a derailment, say)
    end_turn(s)  # Anna's next turn ends: the flood is over; Bruno's turn is lost
    assert s.events == [] and s.current == 0
    assert "Bruno loses this turn" in texts(s)
    v = events.build_violations(s, 0, bruno_edge)
    assert [x.rule for x in v] == ["E4"] and "Bruno may rebuild it first" in v[0].message
    s.phase = Phase.BUILD
    assert "E4" in quote(s, BuildSegment("2,7", "3,7")).rules
    end_turn(s)  # Anna's turn ends; Bruno plays a turn of his own
    assert s.current == 1 and events.build_violations(s, 1, bruno_edge) == []
    assert events.build_violations(s, 0, bruno_edge) != []
    end_turn(s)  # Bruno has had his turn to rebuild
    assert s.current == 0 and events.build_violations(s, 0, bruno_edge) == []


def test_E4_a_turn_cut_short_by_an_event_is_not_a_turn_to_rebuild_T4() -> None:
    """T4: a player who loses a turn during their own turn loses the rest of it and the next
    one; neither is a turn to rebuild washed-out track in."""
    s = game()
    bruno_edge = e("2,7", "3,7")
    lay(s, 1, ["2,7", "3,7"])
    events.resolve_event(s, FLOOD_GRANDE.number, 0)
    end_turn(s)  # Anna
    end_turn(s)  # Bruno
    end_turn(s)  # Anna's next turn ends: the flood is over; Bruno to play
    assert s.events == [] and s.current == 1
    events._lose_turn(s, 1, "Bruno's train derails")  # during his own turn, in phase A
    apply(s, EndPhase(), inplace=True)  # the action completes: his turn ends at once
    assert s.current == 0  # and his next turn is lost too: Anna plays on
    assert events.build_violations(s, 0, bruno_edge) != []
    end_turn(s)  # Anna; Bruno's turn is lost, Anna again
    assert s.current == 0 and events.build_violations(s, 0, bruno_edge) != []
    end_turn(s)  # Anna; Bruno plays at last
    assert s.current == 1
    end_turn(s)
    assert events.build_violations(s, 0, bruno_edge) == []


def _italy_flood_game() -> tuple[GameState, dict[str, Card]]:
    from rail_app.games.italian_rails.rules.deck import load_board_deck
    from tests.buildhelp import italy

    board = italy()
    deck = load_board_deck(board)
    s = new_game(board, None, seed=1)
    s.deck = deck
    for p in s.players:
        p.turns_taken = 2
    s.phase = Phase.MOVE
    return s, {c.title: c for c in deck.cards.values() if c.event == "flood"}


def _crossing(s: GameState, river: str, *, only: bool = True) -> list[tuple[int, int]]:
    """The usable segments of the board crossing ``river`` (and, with ``only``, no other
    river)."""
    out = []
    for k, edge in s.board.edges.items():
        names = {c.name for c in edge.crossings if c.kind == "river"}
        if edge.forbidden is None and not edge.free and river in names and (
                not only or names == {river}):
            out.append(k)
    return out


def test_E4_a_flood_card_floods_only_the_rivers_it_names() -> None:
    """The published text (section 5, "Event Cards"): "There are three flood cards in the deck.
    Each flood card indicates rivers which are flooded by that event. Note that the Po River
    is an extensive river system; all rivers in the Po system are affected when the Po
    floods." So the card naming the Adige and the Tevere leaves their tributaries, the Isarco
    and the Salto, alone; the Po's card floods the Ticino, the Adda and the rest."""
    s, floods = _italy_flood_game()
    assert len(floods) == 3
    card = floods["Adige and Tevere flood"]
    assert card.params == {"rivers": ["Adige", "Tevere"]}
    isarco, salto = _crossing(s, "Isarco")[0], _crossing(s, "Salto")[0]
    adige = _crossing(s, "Adige")[0]
    for edge, owner in ((isarco, 0), (salto, 1), (adige, 0)):
        s.owner[edge] = owner
        s.players[owner].track.add(edge)
    events.resolve_event(s, card.number, 0)
    blocked = events.blocked_edges(s)
    assert set(_crossing(s, "Adige", only=False)) <= blocked
    assert set(_crossing(s, "Tevere", only=False)) <= blocked
    assert not blocked & (set(_crossing(s, "Isarco")) | set(_crossing(s, "Salto")))
    assert adige not in s.owner  # the bridge over the Adige is washed out...
    assert s.owner[isarco] == 0 and s.owner[salto] == 1  # ...those over its tributaries stand
    assert events.flooded_river(s, isarco) is None
    assert "Flood (Adige, Tevere): 1 segment destroyed (Anna 1)" in texts(s)
    # the Po floods with every river of its system
    s, floods = _italy_flood_game()
    po = floods["The Po floods"]
    assert po.params == {"systems": ["Po"]}
    events.resolve_event(s, po.number, 0)
    blocked = events.blocked_edges(s)
    for river in ("Po", "Ticino", "Adda", "Oglio", "Mincio", "Tanaro", "Dora Baltea"):
        assert set(_crossing(s, river, only=False)) <= blocked, river
    assert not blocked & set(_crossing(s, "Adige"))


# -- E5 ----------------------------------------------------------------------------------------


def test_E5_storm_no_ferry_boarded_and_half_speed_on_the_named_coast() -> None:
    s = game()
    s.players[0].ferries.add(0)
    s.players[0].position = d("10,4")  # an East Sea port
    s.players[1].position = d("0,8")  # Gamma, inland
    events.resolve_event(s, STORM_EAST.number, 0)
    assert quote(s, BoardFerry(FERRY)).rules == ["E5"]
    assert movement.speed(s, 0) == 5
    assert movement.speed(s, 1) == 9
    assert events.ferry_closed(s, 0)


def test_E5_storm_without_a_sea_closes_ferries_only() -> None:
    s = game()
    s.players[0].position = d("10,4")
    events.resolve_event(s, STORM.number, 0)
    assert events.ferry_closed(s, 0)
    assert movement.speed(s, 0) == 9


def test_E5_a_train_on_a_ferry_stays_aboard_during_a_storm() -> None:
    s = game()
    s.players[0].ferries.add(0)
    s.players[0].position = d("10,4")
    s = apply(s, BoardFerry(FERRY))
    end_turn(s)  # Anna is at sea
    events.resolve_event(s, STORM.number, 1)  # Bruno draws a storm
    end_turn(s)  # Anna's turn: the storm keeps her aboard
    assert s.current == 0
    assert s.players[0].aboard == 0 and s.players[0].position == d("10,4")
    assert quote(s, MoveTrain(("9,5",))).rules == ["M5"]
    assert "stays on the" in texts(s)
    end_turn(s)  # Anna
    end_turn(s)  # Bruno's next turn ends: the storm is over
    assert s.events == [] and s.current == 0
    assert s.players[0].aboard is None and s.players[0].position == d("13,4")
    assert movement.speed(s, 0) == 5


def test_E5_storm_drawn_mid_move_halves_what_is_left_M6() -> None:
    s = game()
    lay(s, 0, ["7,6", "8,6", "9,5"])
    s.players[0].position = d("7,6")
    s = apply(s, MoveTrain(("8,6",)))
    assert s.moves_left == 8
    s.players[0].position = d("9,5")  # now on the East Sea coast
    events.resolve_event(s, STORM_EAST.number, 0)
    assert s.moves_left == 4 and s.half_speed_now


# -- E6 ----------------------------------------------------------------------------------------


def test_E6_volcano_destroys_track_and_forbids_building_in_its_radius() -> None:
    s = game()
    lay(s, 0, ["-3,13", "-2,12", "-2,11", "-1,11"])  # -1,11 is 3 dots from Monte
    events.resolve_event(s, VOLCANO.number, 0)
    assert e("-3,13", "-2,12") not in s.owner and e("-2,12", "-2,11") not in s.owner
    assert s.owner[e("-2,11", "-1,11")] == 0
    assert s.players[0].track == {e("-2,11", "-1,11")}
    v = events.build_violations(s, 1, e("-3,12", "-3,13"))
    assert [x.rule for x in v] == ["E6"] and "Monte" in v[0].message
    assert events.build_violations(s, 1, e("-2,11", "-1,11")) == []
    assert s.washed_out == []  # only floods protect the owner's rebuilding


def test_E6_a_train_within_the_radius_loses_its_next_turn() -> None:
    s = game()
    s.players[0].position = d("-1,11")  # outside
    s.players[1].position = d("-3,13")  # Epsilon, next to Monte
    events.resolve_event(s, VOLCANO.number, 0)
    assert (s.players[0].lose_turns, s.players[1].lose_turns) == (0, 1)
    assert not s.end_turn_now
    end_turn(s)  # Anna ends; Bruno's turn is lost; Anna again
    assert s.current == 0 and s.players[1].lose_turns == 0


# -- E7, E8 ------------------------------------------------------------------------------------


def derail_game(loads: list[Load], where: str = "2,8", player: int = 1) -> GameState:
    s = game()
    s.players[player].position = d(where)
    s.players[player].loads = loads
    return s


def test_E7_a_train_without_loads_only_loses_its_next_turn() -> None:
    s = derail_game([])
    events.resolve_event(s, DERAIL_GAMMA.number, 0)
    assert s.players[1].lose_turns == 1 and s.pending is None


def test_E7_a_forced_loss_is_taken_at_once() -> None:
    s = derail_game([Load("wine")])
    events.resolve_event(s, DERAIL_GAMMA.number, 0)
    assert s.players[1].loads == [] and s.pending is None
    assert s.players[1].lose_turns == 1


def test_E7_the_owner_chooses_which_load_is_lost() -> None:
    s = derail_game([Load("wine"), Load("fish")])
    events.resolve_event(s, DERAIL_GAMMA.number, 0)
    assert s.pending is not None and s.pending.player == 1
    # nothing else may happen until Bruno has chosen
    assert quote(s, EndPhase()).rules == ["choice-pending"]
    assert quote(s, ChooseLoss(0), player=0).rules == ["not-your-turn"]
    assert quote(s, ChooseLoss(5)).rules == ["E7"]
    assert quote(s, ChooseLoss(0, release=True)).rules == ["E7"]  # not a private card
    assert set(legal_actions(s)) == {ChooseLoss(0), ChooseLoss(1)}
    s = apply(s, ChooseLoss(1), player=1)
    assert [x.commodity for x in s.players[1].loads] == ["wine"]
    assert s.pending is None
    assert s.current == 0 and not s.end_turn_now  # Anna's turn goes on


def test_E7_a_lost_private_load_keeps_its_card_or_releases_it() -> None:
    s = derail_game([Load("marble", 5, 0), Load("fish")])
    s.players[1].private = [5, 6]
    s.pool = [1, 2, 3, 4, 7, 8]
    events.resolve_event(s, DERAIL_GAMMA.number, 0)
    keep = apply(s, ChooseLoss(0, release=False))
    assert keep.players[1].private == [5, 6] and 5 not in keep.pool
    assert [x.commodity for x in keep.players[1].loads] == ["fish"]
    release = apply(s, ChooseLoss(0, release=True))
    assert release.players[1].private == [6]
    assert release.pool == [1, 2, 3, 4, 7, 8, 5]  # the pool may hold more than 6
    # the state the choices were made from is untouched
    assert s.players[1].private == [5, 6] and len(s.players[1].loads) == 2


def test_E7_a_lost_public_lock_unlocks_the_card_unless_the_opponent_holds_it() -> None:
    s = derail_game([Load("marble", 3, 0), Load("fish")])
    s.pool = [1, 2, 3, 4]
    events.resolve_event(s, DERAIL_GAMMA.number, 0)
    after = apply(s, ChooseLoss(0))
    assert not cards.is_locked(after, 3)
    assert len(cards.unlocked_pool(after)) == 4
    s.players[0].loads = [Load("marble", 3, 0)]  # Anna also holds that demand
    after = apply(s, ChooseLoss(0))
    assert cards.is_locked(after, 3)


def test_E7_both_trains_derailed_choose_in_turn() -> None:
    s = derail_game([Load("wine"), Load("fish")])
    s.players[0].position = d("1,8")
    s.players[0].loads = [Load("cheese"), Load("marble")]
    events.resolve_event(s, DERAIL_GAMMA.number, 0)
    assert s.pending is not None and s.pending.player == 0  # the drawing player first
    s = apply(s, ChooseLoss(0), player=0)
    assert s.pending is not None and s.pending.player == 1
    assert quote(s, ChooseLoss(0), player=0).rules == ["not-your-turn"]
    s = apply(s, ChooseLoss(0), player=1)
    assert s.pending is None
    assert [x.commodity for x in s.players[0].loads] == ["marble"]
    assert [x.commodity for x in s.players[1].loads] == ["fish"]


def test_E8_distances_count_from_a_major_city_centre() -> None:
    s = game()
    s.players[0].position = d("5,8")  # an outer dot of Beta, 1 from its centre
    s.players[1].position = d("4,8")  # next to 5,8, but 2 from Beta's centre
    events.resolve_event(s, DERAIL_BETA.number, 0)
    assert (s.players[0].lose_turns, s.players[1].lose_turns) == (1, 0)


def test_E8_derailment_radius_counts_dots_like_movement() -> None:
    s = derail_game([], where="3,8")  # 3 dots from Gamma
    events.resolve_event(s, DERAIL_GAMMA.number, 0)
    assert s.players[1].lose_turns == 1
    s = derail_game([], where="4,8")  # 4 dots
    events.resolve_event(s, DERAIL_GAMMA.number, 0)
    assert s.players[1].lose_turns == 0


def test_E8_zones_count_along_segments_never_across_the_sea() -> None:
    """A dot two grid steps from Palermo across the water, whose way to Palermo runs by
    Trapani, is four dots away as movement counts them: a derailment within 3 dots of
    Palermo does not reach it, and the zone the map shows is the same set of dots."""
    from rail_app.games.italian_rails.rules.board import load_board
    from rail_app.games.italian_rails.rules.deckmodel import Deck

    board = load_board("maps/italy.yaml")
    palermo = board.cities["Palermo"].centre
    card = Card(1, (), "derailment", "Derailment near Palermo", "test",
                {"cities": ["Palermo"], "radius": 3})
    zone = events.card_zone(board, card)
    across = [x for x in range(len(board.dots))
              if board.distance(x, palermo) <= 3 and x not in zone]
    assert across, "no dot near Palermo across the water: the map changed"
    for where, hit in ((across[0], 0), (next(iter(sorted(zone - {palermo}))), 1)):
        s = new_game(board, Deck({1: card}), seed=1)
        s.phase, s.current = Phase.BUILD, 0
        s.players[1].position = where
        events.resolve_event(s, 1, 0)
        assert s.players[1].lose_turns == hit, board.key(where)
    ferry = Card(1, (), "derailment", "t", "t",
                 {"cities": ["Palermo"], "radius": 2, "across_ferries": True})
    port = next(p for f in board.ferries for p in f.ports if board.distance(p, palermo) <= 1
                or p == palermo)
    f = board.ferries_at[port][0]
    assert f.other_port(port) in events.card_zone(board, ferry)  # only when the card says so
    assert f.other_port(port) not in events.card_zone(
        board, Card(1, (), "derailment", "t", "t", {"cities": ["Palermo"], "radius": 2}))


def test_E7_a_train_on_a_ferry_is_not_derailed() -> None:
    s = derail_game([Load("wine")], where="1,8")
    s.players[1].aboard = 0
    events.resolve_event(s, DERAIL_GAMMA.number, 0)
    assert s.players[1].lose_turns == 0 and s.players[1].loads == [Load("wine")]


# -- T4 with events ------------------------------------------------------------------------------


def test_T4_derailed_during_own_turn_ends_it_after_the_choice() -> None:
    s = derail_game([Load("wine"), Load("fish")], where="0,8", player=0)
    taken = s.players[0].turns_taken
    events.resolve_event(s, DERAIL_GAMMA.number, 0)
    assert s.end_turn_now and s.pending is not None
    s = apply(s, ChooseLoss(0))
    assert s.current == 1 and not s.end_turn_now  # Anna's turn ended at once
    assert s.players[0].turns_taken == taken + 1 and s.players[0].lose_turns == 1
    end_turn(s)  # Bruno ends; Anna's next turn is lost; Bruno again
    assert s.current == 1 and s.players[0].turns_taken == taken + 2


def test_T4_derailed_by_a_card_drawn_in_pool_upkeep() -> None:
    s = game()
    pl = s.players[0]
    pl.position = d("0,8")  # Gamma
    pl.loads = [Load("marble")]
    s.pool = [1]
    s.draw_pile = [2, 3, 4, 5, 6, DERAIL_GAMMA.number]  # the derailment is on top
    s = apply(s, Lock(1, 0))  # the lock draws new public cards (C7)
    assert s.current == 1  # Anna's turn ended once the lock was complete
    assert s.players[0].loads == []  # the only load is lost (the lock with it)
    assert s.players[0].lose_turns == 1
    assert not cards.is_locked(s, 1)
    assert "Derailment" in texts(s)


def test_bad_weather_slows_trains_inside_its_zone() -> None:
    s = game()
    s.players[0].position = d("5,8")
    s.players[1].position = d("3,8")
    events.resolve_event(s, FOG_BETA.number, 0)
    assert movement.speed(s, 0) == 5 and movement.speed(s, 1) == 9
    ev: dict[str, Any] = events.events_in_force_summary(s)[0]
    assert ev["kind"] == "bad_weather" and ev["dots"] == 7 and ev["title"] == "Fog around Beta"


def test_illegal_choice_leaves_the_state_unchanged() -> None:
    s = derail_game([Load("wine"), Load("fish")])
    events.resolve_event(s, DERAIL_GAMMA.number, 0)
    with pytest.raises(IllegalAction):
        apply(s, ChooseLoss(7))
    with pytest.raises(IllegalAction):
        apply(s, MoveTrain(("1,8",)))
    assert len(s.players[1].loads) == 2 and s.pending is not None


def test_E9_every_event_card_of_the_italy_deck_resolves() -> None:
    from rail_app.games.italian_rails.rules.deck import load_board_deck
    from tests.buildhelp import italy

    board = italy()
    deck = load_board_deck(board)
    kinds = set()
    for card in deck.cards.values():
        if not card.is_event:
            continue
        s = new_game(board, None, seed=1)
        s.deck = deck
        for p in s.players:
            p.turns_taken = 2
        s.phase = Phase.MOVE
        s.players[0].position = board.cities["Napoli"].centre
        s.players[1].position = board.cities["Milano"].centre
        events.resolve_event(s, card.number, 0)
        kinds.add(card.event)
        if card.event in events.LASTING:
            ev = s.events[-1]
            assert ev.dots or ev.edges or ev.ferries, card.title  # the card names real places
    assert kinds == {"tax", "flood", "storm", "volcano", "derailment", "bad_weather"}
