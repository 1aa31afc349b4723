"""The turn flow: T1-T4, turn hooks, payment at the end of the turn, and new_game."""

from __future__ import annotations

import sys
import types
from collections.abc import Iterator

import pytest
from buildhelp import assert_illegal, do, mini, snapshot

from rail_app.core.board import Board
from rail_app.rules import engine, turns
from rail_app.rules.actions import BuildSegment, EndPhase, EndTurn, SwapDemands
from rail_app.rules.deckmodel import Deck
from rail_app.rules.engine import IllegalAction, apply, quote
from rail_app.rules.game import new_game
from rail_app.rules.state import PHASE_BUILD, PHASE_MOVE, PHASE_OVER, GameState, Outcome


@pytest.fixture(scope="module")
def board() -> Board:
    return mini()


@pytest.fixture
def state(board: Board) -> GameState:
    return new_game(board, seed=7)


@pytest.fixture
def hook_calls() -> Iterator[list[tuple[str, int]]]:
    calls: list[tuple[str, int]] = []

    def start(st: GameState, p: int) -> None:
        calls.append(("start", p))

    def end(st: GameState, p: int) -> None:
        calls.append(("end", p))

    engine.on_turn_start(start)
    engine.on_turn_end(end)
    yield calls
    engine._TURN_START_HOOKS.remove(start)
    engine._TURN_END_HOOKS.remove(end)


def test_T1_players_alternate(state: GameState) -> None:
    seen = [state.current]
    for _ in range(5):
        state = do(state, EndTurn())
        seen.append(state.current)
    assert seen == [0, 1, 0, 1, 0, 1]
    assert state.turn == 6


def test_T1_not_your_turn(state: GameState) -> None:
    q = quote(state, BuildSegment("3,1", "4,1"), 1)
    assert q.violations[0].rule == engine.MOMENT_NOT_YOUR_TURN and q.violations[0].moment
    before = snapshot(state)
    with pytest.raises(IllegalAction):
        apply(state, EndTurn(), 1)
    assert snapshot(state) == before


def test_T2_first_two_turns_skip_the_move_phase(state: GameState) -> None:
    phases = [state.phase]
    for _ in range(5):
        state = do(state, EndTurn())
        phases.append(state.phase)
    assert phases == [PHASE_BUILD] * 4 + [PHASE_MOVE] * 2
    assert_illegal(state, BuildSegment("3,1", "4,1"), engine.MOMENT_WRONG_PHASE)
    state = do(state, EndPhase())
    assert state.phase == PHASE_BUILD
    assert quote(state, BuildSegment("6,6", "6,5")).ok
    assert_illegal(state, EndPhase(), engine.MOMENT_WRONG_PHASE)


def test_T2_ending_the_turn_in_the_move_phase_builds_nothing(state: GameState) -> None:
    for _ in range(4):
        state = do(state, EndTurn())
    assert state.phase == PHASE_MOVE
    cash = state.player.cash
    state = do(state, EndTurn())
    assert state.players[0].cash == cash and state.current == 1


def test_T3_swap_is_not_a_turn_flow_action(state: GameState) -> None:
    """T3 (swap demands instead of A and B) belongs to the cards rules, which end the turn
    with turns.end_turn; the turn flow itself only offers EndPhase and EndTurn."""
    kinds = {type(a) for a in engine.legal_actions(state)}
    assert EndTurn in kinds and EndPhase not in kinds
    assert SwapDemands not in {type(a) for a in turns._legal_turn_actions(state)}


def test_T4_a_lost_turn_is_skipped(state: GameState,
                                   hook_calls: list[tuple[str, int]]) -> None:
    state.players[1].lose_turns = 1
    turn = state.turn
    s = do(state, EndTurn())
    assert s.current == 0 and s.turn == turn + 2
    assert s.players[1].lose_turns == 0 and s.players[1].turns_taken == 1
    assert any("Bruno loses this turn" in e.text and e.kind == "event" for e in s.log)
    # a lost turn ends (turn-end hooks run) but does not start
    assert hook_calls == [("end", 0), ("end", 1), ("start", 0)]
    s = do(s, EndTurn())
    assert s.current == 1


def test_T4_several_lost_turns(state: GameState) -> None:
    state.players[1].lose_turns = 2
    s = do(state, EndTurn())
    assert s.current == 0 and s.players[1].lose_turns == 1
    s = do(s, EndTurn())
    assert s.current == 0 and s.players[1].lose_turns == 0
    s = do(s, EndTurn())
    assert s.current == 1


def test_turn_hooks_run_in_order(state: GameState, hook_calls: list[tuple[str, int]]) -> None:
    s = do(state, EndTurn(), EndTurn())
    assert hook_calls == [("end", 0), ("start", 1), ("end", 1), ("start", 0)]
    assert s.current == 0


def test_end_of_turn_bookkeeping(state: GameState) -> None:
    s = do(state, BuildSegment("3,1", "4,1"))
    s.moves_left = 3
    s.rental_paid = True
    s = do(s, EndTurn())
    p = s.players[0]
    assert p.cash_history == [59] and p.turns_taken == 1 and p.segments_drawn == 1
    assert s.moves_left is None and not s.rental_paid and not s.turn_started
    assert s.phase_built == [] and s.phase_spent == 0 and s.phase_major_starts == set()
    assert [e.kind for e in s.log[-2:]] == ["payment", "info"]


def test_game_over_stops_the_turn_flow(state: GameState) -> None:
    def finish(st: GameState, p: int) -> None:
        st.outcome = Outcome(0, "test", (0, 0))
        st.phase = PHASE_OVER

    engine.on_turn_end(finish)
    try:
        s = do(state, EndTurn())
    finally:
        engine._TURN_END_HOOKS.remove(finish)
    assert s.phase == PHASE_OVER and s.current == 0
    q = quote(s, EndTurn())
    assert q.violations[0].rule == engine.MOMENT_GAME_OVER


def test_new_game_checks_its_arguments(board: Board) -> None:
    with pytest.raises(ValueError, match="unknown variant"):
        new_game(board, seed=1, variants=["rocket_trains"])
    with pytest.raises(ValueError):
        new_game(board, seed=1, names=("Solo",))
    s = new_game(board, seed=1, names=("Ada", "Bo"), variants=["loans"])
    assert [p.name for p in s.players] == ["Ada", "Bo"] and s.variants == {"loans"}


def test_new_game_with_a_deck_hands_over_to_the_cards_setup(
        board: Board, monkeypatch: pytest.MonkeyPatch) -> None:
    calls: list[GameState] = []

    def setup(st: GameState) -> None:
        calls.append(st)
        turns.begin_first_turn(st, 1)

    fake = types.ModuleType("rail_app.rules.cards")
    fake.setup = setup  # type: ignore[attr-defined]
    monkeypatch.setitem(sys.modules, "rail_app.rules.cards", fake)
    import rail_app.rules as pkg

    monkeypatch.setattr(pkg, "cards", fake, raising=False)
    s = new_game(board, Deck({}, "test"), seed=3)
    assert calls == [s]
    assert s.current == 1 and s.first_player == 1 and s.phase == PHASE_BUILD and s.turn == 1


def test_same_seed_same_random_numbers(board: Board) -> None:
    a = new_game(board, seed=11)
    b = new_game(board, seed=11)
    assert a.rng.random() == b.rng.random()
