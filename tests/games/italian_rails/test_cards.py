"""Cards and loads (RULES.md C2-C7) on the mini map with its hand-made deck.

States are set up directly: the train is put on a city dot and the phase set to "move",
so these tests need neither the movement nor the turn code.
"""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from rail_app.games.italian_rails.rules import build, cards
from rail_app.games.italian_rails.rules.actions import (
    BuildSegment,
    Deliver,
    Drop,
    EndPhase,
    EndTurn,
    KeepCards,
    Lock,
    PickUp,
    SwapDemands,
    TakeLoan,
)
from rail_app.games.italian_rails.rules.board import load_board
from rail_app.games.italian_rails.rules.deck import load_deck
from rail_app.games.italian_rails.rules.engine import IllegalAction, apply, legal_actions, quote
from rail_app.games.italian_rails.rules.quotes import DeliverDetails
from rail_app.games.italian_rails.rules.state import GameState, Phase, PlayerState
from rail_app.games.italian_rails.rules.words import log_line

ROOT = Path(__file__).resolve().parents[3]
MINI = ROOT / "maps" / "test" / "mini.yaml"
BOARD = load_board(MINI)
assert BOARD.deck_file is not None
DECK = load_deck(BOARD.deck_file, BOARD)
EVENTS = [n for n, c in DECK.cards.items() if c.is_event]


def new_state(seed: int = 1) -> GameState:
    rules = BOARD.rules
    players = [PlayerState("Anna", rules.starting_cash, rules.start_locomotive),
               PlayerState("Bruno", rules.starting_cash, rules.start_locomotive)]
    state = GameState(BOARD, DECK, players, seed, rng=random.Random(seed))
    cards.setup(state)
    return state


def arranged(pool: list[int], private: tuple[list[int], list[int]] = ([2, 3], [4, 5]),
             *, at: str | None = "Gamma", player: int = 0, seed: int = 3) -> GameState:
    """A game in phase A (move) with a known pool and private cards; the rest is the deck."""
    state = new_state(seed)
    for p, mine in zip(state.players, private, strict=True):
        p.dealt = []
        p.private = list(mine)
    state.pool = list(pool)
    used = set(pool) | set(private[0]) | set(private[1])
    state.draw_pile = [n for n in sorted(DECK.cards, reverse=True) if n not in used]
    state.discard = []
    state.phase = Phase.MOVE
    state.current = player
    state.first_player = 0
    state.turn_started = False
    for p in state.players:
        p.turns_taken = 3
    if at is not None:
        for p in state.players:
            p.position = BOARD.cities[at].centre
    return state


def put(state: GameState, player: int, city: str, *, outer: bool = False) -> None:
    c = BOARD.cities[city]
    state.players[player].position = c.outer[0] if outer else c.centre


def rules_of(state: GameState, action: object, player: int | None = None) -> list[str]:
    return quote(state, action, player).rules  # type: ignore[arg-type]


# -- C2 setup --------------------------------------------------------------------------------


def test_C2_deal_five_demand_cards_each_and_60M() -> None:
    state = new_state(1)
    assert state.phase == Phase.SETUP and state.current == 0
    for p in state.players:
        assert p.cash == 60 == BOARD.rules.starting_cash
        assert len(p.dealt) == 5
        assert all(not DECK.card(n).is_event for n in p.dealt)
    everything = state.draw_pile + state.players[0].dealt + state.players[1].dealt
    assert sorted(everything) == DECK.numbers


def test_C2_events_in_the_deal_are_revealed_replaced_and_shuffled_back() -> None:
    for seed in range(200):
        state = new_state(seed)
        revealed = [e for e in state.log if e.kind == "event"]
        if revealed:
            break
    else:  # pragma: no cover - the deck has 6 events in 30 cards
        pytest.fail("no seed dealt an event")
    for entry in revealed:
        n = entry.event.card
        assert DECK.card(n).is_event
        assert n in state.draw_pile
    assert set(EVENTS) <= set(state.draw_pile)
    assert state.discard == []


def test_C2_two_private_six_public_and_T1_lowest_card_starts() -> None:
    state = new_state(5)
    d0, d1 = list(state.players[0].dealt), list(state.players[1].dealt)
    keep0, keep1 = (d0[3], d0[4]), (d1[0], d1[2])
    state = apply(state, KeepCards(keep0))
    assert state.current == 1 and state.phase == Phase.SETUP and state.pool == []
    assert state.players[0].private == sorted(keep0)
    state = apply(state, KeepCards(keep1))
    assert state.players[0].private == sorted(keep0)
    assert state.players[1].private == sorted(keep1)
    assert sorted(state.pool) == sorted(set(d0 + d1) - set(keep0) - set(keep1))
    assert len(state.pool) == 6 and all(not p.dealt for p in state.players)
    first = 0 if min(keep0) < min(keep1) else 1
    assert state.current == first and state.first_player == first
    assert state.phase != Phase.SETUP


def test_C2_keep_cards_refusals_leave_the_state_unchanged() -> None:
    state = new_state(2)
    dealt = state.players[0].dealt
    assert rules_of(state, KeepCards((dealt[0],))) == ["C2"]
    assert rules_of(state, KeepCards((dealt[0], dealt[0]))) == ["C2"]
    foreign = state.players[1].dealt[0]
    assert "C2" in rules_of(state, KeepCards((dealt[0], foreign)))
    before = cards.cards_summary(state)
    with pytest.raises(IllegalAction):
        apply(state, KeepCards((dealt[0], foreign)))
    assert cards.cards_summary(state) == before
    # not Bruno's turn to choose yet
    assert quote(state, KeepCards(tuple(state.players[1].dealt[:2])), 1).rules == [
        "not-your-turn"]


# -- C3 loads --------------------------------------------------------------------------------


def test_C3_pickup_only_where_the_commodity_is_offered() -> None:
    state = arranged([1, 6, 7, 8, 9, 10])
    assert quote(state, PickUp("marble")).ok  # Gamma offers marble
    assert rules_of(state, PickUp("wine")) == ["C3"]
    put(state, 0, "Delta")
    assert quote(state, PickUp("fish")).ok
    state.players[0].position = None
    assert rules_of(state, PickUp("marble")) == ["M1"]


def test_C3_major_city_any_dot_counts() -> None:
    state = arranged([1, 6, 7, 8, 9, 10], at=None)
    put(state, 0, "Alfa", outer=True)
    assert quote(state, PickUp("wine")).ok


def test_C3_capacity_of_the_locomotive_and_cubes() -> None:
    state = arranged([1, 6, 7, 8, 9, 10])
    state = apply(state, PickUp("marble"))
    state = apply(state, PickUp("marble"))
    q = quote(state, PickUp("marble"))
    assert q.rules == ["C3"] and "at most 2" in q.headline
    state.players[0].loco = "Heavy Freight"
    state = apply(state, PickUp("marble"))
    q = quote(state, PickUp("marble"))
    assert q.rules == ["C3"] and "3 cubes" in q.headline
    assert len(state.players[0].loads) == 3


def test_C3_unlocked_load_may_be_dropped_locked_may_not() -> None:
    state = arranged([1, 6, 7, 8, 9, 10])
    state = apply(state, PickUp("marble", 8, 0))
    q = quote(state, Drop("marble"))
    assert q.rules == ["C3"] and "locked" in q.headline
    state = apply(state, PickUp("marble"))
    state = apply(state, Drop("marble"))
    assert [(x.commodity, x.card) for x in state.players[0].loads] == [("marble", 8)]
    assert rules_of(state, Drop("fish")) == ["C3"]


def test_C3_pickup_may_lock_a_private_card() -> None:
    state = arranged([1, 6, 7, 8, 9, 10])
    state = apply(state, PickUp("marble", 2, 1))  # card 2: marble to Delta
    load = state.players[0].loads[0]
    assert (load.card, load.demand) == (2, 1)
    assert state.turn_started


def test_C3_lock_needs_both_card_and_demand_and_the_right_commodity() -> None:
    state = arranged([1, 6, 7, 8, 9, 10])
    assert rules_of(state, PickUp("marble", 8, None)) == ["C3"]
    assert rules_of(state, PickUp("marble", 1, 0)) == ["C4"]  # card 1 demand 0 is wine


# -- C4 locking ------------------------------------------------------------------------------


def test_C4_lock_needs_an_unlocked_load_of_that_commodity() -> None:
    state = arranged([1, 6, 7, 8, 9, 10])
    q = quote(state, Lock(8, 0))
    assert q.rules == ["C4"] and "no unlocked marble" in q.headline
    state = apply(state, PickUp("marble", 1, 2))
    assert rules_of(state, Lock(8, 0)) == ["C4"]  # (b) the only marble locks card 1
    state = apply(state, PickUp("marble"))
    state = apply(state, Lock(8, 0))
    assert sorted((x.card, x.demand) for x in state.players[0].loads) == [(1, 2), (8, 0)]


def test_C4_different_demand_of_a_locked_card_refused_same_demand_allowed() -> None:
    state = arranged([1, 6, 7, 8, 9, 10])
    state = apply(state, PickUp("marble", 1, 2))  # Anna: card 1, marble to Beta
    state.current = 1
    put(state, 1, "Alfa")
    state = apply(state, PickUp("wine"))
    q = quote(state, Lock(1, 0))  # card 1, wine to Delta: a different demand
    assert q.rules == ["C4"] and "Anna has locked another demand" in q.headline
    assert rules_of(state, PickUp("wine", 1, 0)) == ["C4"]
    put(state, 1, "Gamma")
    state = apply(state, PickUp("marble", 1, 2))  # the same demand: allowed
    assert [x.card for x in state.players[1].loads if x.locked] == [1]


def test_C4_no_two_locks_on_one_card_and_not_the_opponents_private_card() -> None:
    state = arranged([1, 6, 7, 8, 9, 10])
    state.players[0].loco = "Heavy Freight"
    state = apply(state, PickUp("marble", 8, 0))
    q = quote(state, PickUp("marble", 8, 0))
    assert q.rules == ["C4"] and "already" in q.headline
    q = quote(state, PickUp("marble", 4, 1))  # card 4 is Bruno's
    assert q.rules == ["C2"] and "Bruno's private card" in q.headline
    assert rules_of(state, PickUp("marble", 11, 1)) == ["C4"]  # card 11 is in the deck
    assert rules_of(state, PickUp("marble", 8, 7)) == ["C4"]


def test_C4_locking_only_while_moving() -> None:
    state = arranged([1, 6, 7, 8, 9, 10])
    state = apply(state, PickUp("marble"))
    state.phase = Phase.BUILD
    assert rules_of(state, Lock(8, 0)) == ["wrong-phase"]
    assert rules_of(state, PickUp("marble")) == ["wrong-phase"]


# -- C5 delivery -----------------------------------------------------------------------------


def test_C5_delivery_pays_discards_the_card_and_refills_the_pool() -> None:
    state = arranged([1, 6, 7, 8, 9, 10])
    state = apply(state, PickUp("marble", 8, 0))  # marble to Alfa for 18
    assert rules_of(state, Deliver(8, 0)) == ["C5"]  # still at Gamma
    put(state, 0, "Alfa", outer=True)
    d = quote(state, Deliver(8, 0)).detail(DeliverDetails)
    assert d is not None and d.payoff == 18
    state = apply(state, Deliver(8, 0))
    anna = state.players[0]
    assert anna.cash == 78 and anna.deliveries == 1 and anna.loads == []
    assert 8 in state.discard and 8 not in state.pool
    assert len(state.pool) == 5  # five unlocked cards left: nothing to draw (C7)


def test_C7_delivery_refills_a_pool_short_of_unlocked_cards() -> None:
    state = arranged([1, 6, 7, 8, 9, 10])
    state = apply(state, PickUp("marble", 8, 0))
    state.current = 1
    state.players[1].loco = "Heavy Freight"
    state = apply(state, PickUp("marble", 1, 2))
    state = apply(state, PickUp("marble", 7, 2))
    assert len(state.pool) == 6 and len(cards.unlocked_pool(state)) == 3
    state.current = 0
    put(state, 0, "Alfa")
    top = state.draw_pile[-1]
    state = apply(state, Deliver(8, 0))
    assert len(state.pool) == 6 and top in state.pool
    assert len(cards.unlocked_pool(state)) == 4


def test_V2_a_loan_is_repaid_as_soon_as_a_delivery_allows() -> None:
    """V2: "repay 40M as soon as their cash allows": the payoff that covers the debt pays it
    at once, so it cannot be spent on track first (K7 then counts what is left)."""
    state = arranged([1, 6, 7, 8, 9, 10])
    state.variants = frozenset({"loans"})
    state.players[0].cash = 10
    state = apply(state, TakeLoan())
    assert state.players[0].cash == 30 and state.players[0].loan_due == 40
    state = apply(state, PickUp("marble", 8, 0))  # marble to Alfa for 18
    put(state, 0, "Alfa", outer=True)
    state = apply(state, Deliver(8, 0))
    anna = state.players[0]
    assert anna.loan_due == 0 and anna.cash == 30 + 18 - 40
    assert any("repays the loan (40M)" in log_line(state, e) for e in state.log)
    state = apply(state, EndPhase())
    while builds := build.legal_builds(state):  # spend all that is left on track
        state = apply(state, min(builds, key=lambda x: quote(state, x).cost))
    assert 0 < state.phase_spent <= 8
    candidates = [BuildSegment(BOARD.key(a), BOARD.key(b)) for c in BOARD.majors
                  for a in c.outer for b in BOARD.adj[a]]
    refused = [quote(state, x) for x in candidates if quote(state, x).rules == ["K7"]]
    assert refused and any(state.phase_spent + q.cost <= 20 for q in refused)


def test_C5_no_delivery_without_a_lock() -> None:
    state = arranged([1, 6, 7, 8, 9, 10])
    state = apply(state, PickUp("marble"))
    put(state, 0, "Alfa")
    q = quote(state, Deliver(8, 0))
    assert q.rules == ["C5"] and "locked" in q.headline


def test_C5_a_delivered_private_card_is_discarded_and_not_replaced() -> None:
    """RULES.md C5: private cards exist only at the start; afterwards the public pool."""
    state = arranged([1, 6, 7, 8, 9, 10])
    state = apply(state, PickUp("marble", 2, 1))  # private card 2: marble to Delta, 28
    put(state, 0, "Delta")
    pile = list(state.draw_pile)
    state = apply(state, Deliver(2, 1))
    anna = state.players[0]
    assert anna.cash == 88
    assert 2 in state.discard and anna.private == [3]  # the other private card stays
    assert state.draw_pile == pile  # nothing drawn for Anna's hand
    assert len(state.pool) == 6


def test_C5_scenario_race_for_the_same_public_demand() -> None:
    """Both lock marble to Alfa (card 8); Anna arrives first; Bruno keeps his marble."""
    state = arranged([1, 6, 7, 8, 9, 10])
    state = apply(state, PickUp("marble", 8, 0))
    state.current = 1
    state.turn_started = False
    state = apply(state, PickUp("marble", 8, 0))
    assert cards.locked_demand(state, 8) == 0
    assert len(cards.unlocked_pool(state)) == 5
    state.current = 0
    put(state, 0, "Alfa")
    state = apply(state, Deliver(8, 0))
    bruno = state.players[1]
    assert [(x.commodity, x.card, x.demand) for x in bruno.loads] == [("marble", None, None)]
    assert bruno.cash == 60 and state.players[0].cash == 78
    assert any("takes back the cube" in log_line(state, e) for e in state.log)
    # Bruno may lock his marble again, to another marble demand, or drop it
    state.current = 1
    assert quote(state, Lock(1, 2)).ok
    assert quote(state, Drop("marble")).ok
    assert rules_of(state, Deliver(8, 0)) == ["C5"]


def test_illegal_apply_leaves_the_state_unchanged() -> None:
    state = arranged([1, 6, 7, 8, 9, 10])
    before = (cards.cards_summary(state), len(state.log), list(state.draw_pile),
              state.rng.getstate())
    for action in (PickUp("wine"), Deliver(8, 0), Drop("marble"), Lock(8, 0)):
        with pytest.raises(IllegalAction):
            apply(state, action)
    assert (cards.cards_summary(state), len(state.log), list(state.draw_pile),
            state.rng.getstate()) == before
    assert not state.turn_started


# -- C6 swap ---------------------------------------------------------------------------------


def test_C6_swap_discards_three_unlocked_and_draws_three() -> None:
    state = arranged([1, 6, 7, 8, 9, 10])
    new = apply(state, SwapDemands())
    gone = set(state.pool) - set(new.pool)
    assert len(gone) == 3 and gone <= set(new.discard)
    assert len(new.pool) == 6
    assert set(new.pool) - set(state.pool) == set(state.draw_pile[-3:])
    assert new.phase is Phase.SWAPPED and new.turn_started


def test_C6_swap_keeps_locked_cards_and_only_touches_unlocked_ones() -> None:
    state = arranged([1, 6, 7, 8, 9, 10])
    state = apply(state, PickUp("marble", 8, 0))
    state.current = 1  # Bruno, no locked loads, swaps: card 8 (locked by Anna) stays
    state.turn_started = False
    new = apply(state, SwapDemands())
    assert 8 in new.pool and 8 not in new.discard
    assert len(set(state.pool) - set(new.pool)) == 3


def test_C6_no_swap_with_locked_loads_or_after_acting() -> None:
    state = arranged([1, 6, 7, 8, 9, 10])
    state = apply(state, PickUp("marble", 2, 1))  # a private lock counts too
    state.turn_started = False
    assert rules_of(state, SwapDemands()) == ["C6"]
    state = arranged([1, 6, 7, 8, 9, 10])
    state = apply(state, PickUp("marble"))
    assert rules_of(state, SwapDemands()) == ["T3"]


def test_C6_after_a_swap_only_locking_with_loads_on_the_train() -> None:
    state = arranged([1, 6, 7, 8, 9, 10])
    state.players[0].loads.append(cards.Load("marble"))
    state = apply(state, SwapDemands())
    assert rules_of(state, PickUp("marble")) == ["C6"]
    assert rules_of(state, Drop("marble")) == ["C6"]
    assert quote(state, PickUp("marble")).wrong_moment
    marble = [(c, j) for c in state.pool for j, d in enumerate(DECK.card(c).demands)
              if d.commodity == "marble"]
    assert marble
    state = apply(state, Lock(*marble[0]))
    assert state.players[0].loads[0].card == marble[0][0]
    assert state.phase is Phase.SWAPPED
    state = apply(state, EndTurn())
    assert state.phase is not Phase.SWAPPED


def test_C6_T3_swap_in_the_build_phase_of_the_first_two_turns_only() -> None:
    state = arranged([1, 6, 7, 8, 9, 10])
    state.phase = Phase.BUILD
    state.players[0].turns_taken = 1
    assert quote(state, SwapDemands()).ok
    new = apply(state, SwapDemands())
    assert new.phase is Phase.SWAPPED
    assert quote(new, Lock(8, 0)).rules in (["C4"], [])  # locking allowed, if a load fits
    state.players[0].turns_taken = 2
    assert rules_of(state, SwapDemands()) == ["T3"]


# -- C7 pool upkeep --------------------------------------------------------------------------


def test_C7_locking_draws_until_four_unlocked_but_never_above_six() -> None:
    state = arranged([1, 6, 7, 8])
    state = apply(state, PickUp("marble", 8, 0))
    assert len(state.pool) == 5 and len(cards.unlocked_pool(state)) == 4
    state = arranged([1, 6, 7, 8, 9, 10])
    state = apply(state, PickUp("marble", 8, 0))
    assert len(state.pool) == 6 and len(cards.unlocked_pool(state)) == 5  # initial pool


def test_C7_pool_holds_four_to_six_after_each_operation() -> None:
    rng = random.Random(11)
    state = arranged([1, 6, 7, 8, 9, 10])
    state.players[0].loco = "Heavy Freight"
    state.players[1].loco = "Heavy Freight"
    for step in range(60):
        state.turn_started = step % 7 == 0
        actions = [a for a in cards.card_actions(state) if quote(state, a).ok]
        if actions:
            state = apply(state, rng.choice(actions))
        assert 4 <= len(state.pool) <= 6
        unlocked = len(cards.unlocked_pool(state))
        assert unlocked >= 4 or len(state.pool) == 6
        # every card is in exactly one place
        places = (state.draw_pile + state.discard + state.pool
                  + [n for p in state.players for n in p.private])
        assert sorted(places) == DECK.numbers
        state.current = rng.randrange(2)
        state.phase = Phase.MOVE  # a swap (C6) leaves the rest of that turn; start afresh
        put(state, state.current, rng.choice(list(BOARD.cities)))


def test_C7_deck_reshuffled_from_the_discard_pile_when_empty() -> None:
    state = arranged([1, 6, 7, 8])
    rest = list(state.draw_pile)
    state.draw_pile = []
    state.discard = rest
    state = apply(state, PickUp("marble", 8, 0))
    assert len(state.pool) == 5
    assert any("shuffled into a new deck" in log_line(state, e) for e in state.log)
    assert len(state.draw_pile) + len(state.discard) == len(rest) - 1


def test_C7_E1_an_event_drawn_is_resolved_discarded_and_replaced() -> None:
    state = arranged([1, 6, 7, 8])
    state.draw_pile.remove(27)
    state.draw_pile.append(27)  # the storm is on top
    state = apply(state, PickUp("marble", 8, 0))
    assert 27 in state.discard and 27 not in state.pool
    assert len(state.pool) == 5 and not DECK.card(state.pool[-1]).is_event


def test_legal_actions_offer_pickups_locks_deliveries() -> None:
    state = arranged([1, 6, 7, 8, 9, 10])
    acts = legal_actions(state)
    assert PickUp("marble") in acts and PickUp("marble", 8, 0) in acts
    assert PickUp("marble", 2, 1) in acts and PickUp("marble", 4, 1) not in acts
    assert SwapDemands() in acts
    state = apply(state, PickUp("marble", 8, 0))
    put(state, 0, "Alfa")
    assert Deliver(8, 0) in legal_actions(state)
    setup = new_state(4)
    keeps = [a for a in legal_actions(setup) if isinstance(a, KeepCards)]
    assert len(keeps) == 10


@pytest.mark.parametrize(("seed", "said"), [
    (20, "The event card set aside is shuffled back into the deck"),
    (23, "The 2 event cards set aside are shuffled back into the deck"),
])
def test_C2_the_history_counts_the_event_cards_shuffled_back(seed: int, said: str) -> None:
    """C2: event cards dealt at the start are set aside and shuffled back; the history says
    how many in the singular or the plural, never "card(s)"."""
    from rail_app.core.paths import resource_path
    from rail_app.games.italian_rails.rules import log as ev
    from rail_app.table.seats import Level
    from rail_app.ui.session import HUMAN, GameSetup, Seat, Session

    seats = [Seat("Anna", HUMAN, Level.NORMAL, "blue"), Seat("Bruno", HUMAN, Level.NORMAL,
                                                              "orange")]
    st = Session.new(GameSetup(str(resource_path("maps", "italy.yaml")), seats, seed)).state
    back = [e for e in st.log if isinstance(e.event, ev.EventsShuffledBack)]
    assert len(back) == 1 and log_line(st, back[0]) == said
