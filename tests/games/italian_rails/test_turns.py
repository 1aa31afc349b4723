"""The turn flow: T1-T4, turn hooks, payment at the end of the turn, and new_game."""

from __future__ import annotations

import pytest
from buildhelp import assert_illegal, do, mini, snapshot

from rail_app.games.italian_rails.rules import engine, turns
from rail_app.games.italian_rails.rules.actions import (
    BuildSegment,
    EndPhase,
    EndTurn,
    MoveTrain,
    PlaceTrain,
    SwapDemands,
)
from rail_app.games.italian_rails.rules.board import Board
from rail_app.games.italian_rails.rules.deck import load_board_deck
from rail_app.games.italian_rails.rules.engine import IllegalAction, apply, new_game, quote
from rail_app.games.italian_rails.rules.log import Settled
from rail_app.games.italian_rails.rules.quotes import Moment
from rail_app.games.italian_rails.rules.rulebook import RULEBOOK
from rail_app.games.italian_rails.rules.state import GameState, Outcome, Phase
from rail_app.games.italian_rails.rules.words import log_line


@pytest.fixture(scope="module")
def board() -> Board:
    return mini()


@pytest.fixture
def state(board: Board) -> GameState:
    return new_game(board, seed=7)


def recording_hooks(calls: list[tuple[str, int]]) -> turns.TurnHooks:
    """The rulebook's turn hooks, each turn's start and end also noted in ``calls``."""

    def start(st: GameState, p: int) -> None:
        calls.append(("start", p))

    def end(st: GameState, p: int) -> None:
        calls.append(("end", p))

    return turns.TurnHooks(start=(*RULEBOOK.hooks.start, start),
                           end=(*RULEBOOK.hooks.end, end))


def test_T1_players_alternate(state: GameState) -> None:
    seen = [state.current]
    for _ in range(5):
        state = do(state, EndTurn())
        seen.append(state.current)
    assert seen == [0, 1, 0, 1, 0, 1]
    assert state.turn == 6


def test_T1_not_your_turn(state: GameState) -> None:
    q = quote(state, BuildSegment("3,1", "4,1"), 1)
    assert q.violations[0].moment is Moment.NOT_YOUR_TURN and q.rules == ["not-your-turn"]
    before = snapshot(state)
    with pytest.raises(IllegalAction):
        apply(state, EndTurn(), 1)
    assert snapshot(state) == before


def test_T2_first_two_turns_skip_the_move_phase(state: GameState) -> None:
    phases = [state.phase]
    for _ in range(5):
        state = do(state, EndTurn())
        phases.append(state.phase)
    assert phases == [Phase.BUILD] * 4 + [Phase.MOVE] * 2
    assert_illegal(state, BuildSegment("3,1", "4,1"), Moment.WRONG_PHASE)
    state = do(state, EndPhase())
    assert state.phase == Phase.BUILD
    assert quote(state, BuildSegment("6,6", "6,5")).ok
    assert_illegal(state, EndPhase(), Moment.WRONG_PHASE)


def test_T2_a_move_in_the_first_two_turns_names_T2(state: GameState) -> None:
    """The refusal of a move in a player's first two turns carries T2 and says why in a
    player's words (not the bare wrong-phase code)."""
    for action in (MoveTrain(("3,1",)), PlaceTrain("3,1")):
        q = quote(state, action)
        assert q.rules == ["T2"] and q.wrong_moment
        assert "third turn" in q.headline
    later = do(state, EndTurn(), EndTurn(), EndTurn(), EndTurn(), EndPhase())
    q = quote(later, MoveTrain(("3,1",)))  # in the build phase of a later turn: no T2
    assert q.rules == ["wrong-phase"]


def test_T2_ending_the_turn_in_the_move_phase_builds_nothing(state: GameState) -> None:
    for _ in range(4):
        state = do(state, EndTurn())
    assert state.phase == Phase.MOVE
    cash = state.player.cash
    state = do(state, EndTurn())
    assert state.players[0].cash == cash and state.current == 1


def test_T3_swap_is_not_a_turn_flow_action(state: GameState) -> None:
    """T3 (swap demands instead of A and B) belongs to the cards rules; the turn flow itself
    only offers EndPhase and EndTurn."""
    kinds = {type(a) for a in engine.legal_actions(state)}
    assert EndTurn in kinds and EndPhase not in kinds
    assert SwapDemands not in {type(a) for a in turns.turn_actions(state)}


def test_T4_a_lost_turn_is_skipped(state: GameState) -> None:
    hook_calls: list[tuple[str, int]] = []
    state.players[1].lose_turns = 1
    turn = state.turn
    s = state.copy()
    turns.end_turn(s, recording_hooks(hook_calls))
    assert s.current == 0 and s.turn == turn + 2
    assert s.players[1].lose_turns == 0 and s.players[1].turns_taken == 1
    assert any("Bruno loses this turn" in log_line(s, e) and e.kind == "event" for e in s.log)
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


def test_turn_hooks_run_in_order(state: GameState) -> None:
    hook_calls: list[tuple[str, int]] = []
    hooks = recording_hooks(hook_calls)
    turns.end_turn(state, hooks)
    turns.end_turn(state, hooks)
    assert hook_calls == [("end", 0), ("start", 1), ("end", 1), ("start", 0)]
    assert state.current == 0


def test_the_rulebook_lists_every_action_and_the_hooks_in_order() -> None:
    """The engine reads one table (rules/rulebook.py): every action type of the game has its
    phases, quote and apply there, and the turn hooks run in a fixed order."""
    from rail_app.games.italian_rails.rules.actions import ACTION_TYPES

    assert set(RULEBOOK.actions) == set(ACTION_TYPES.values())
    assert [h.__name__ for h in RULEBOOK.hooks.end] == [
        "events_turn_end", "check_end_of_game", "movement_turn_end"]


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
        st.outcome = Outcome(0, (0, 0), (0, 0), Settled.MOST_CASH)
        st.phase = Phase.OVER

    s = state.copy()
    turns.end_turn(s, turns.TurnHooks(end=(finish,)))
    assert s.phase == Phase.OVER and s.current == 0
    q = quote(s, EndTurn())
    assert q.violations[0].moment is Moment.GAME_OVER


def test_new_game_checks_its_arguments(board: Board) -> None:
    with pytest.raises(ValueError, match="unknown variant"):
        new_game(board, seed=1, variants=["rocket_trains"])
    with pytest.raises(ValueError):
        new_game(board, seed=1, names=("Solo",))
    s = new_game(board, seed=1, names=("Ada", "Bo"), variants=["loans"])
    assert [p.name for p in s.players] == ["Ada", "Bo"] and s.variants == {"loans"}


def test_new_game_with_a_deck_starts_with_the_choice_of_cards(board: Board) -> None:
    """C2/T1: with cards, the game starts with the deal; the first turn begins once both
    players have kept their cards, with the holder of the lowest private card."""
    s = new_game(board, load_board_deck(board), seed=3)
    assert s.phase is Phase.SETUP and s.current == 0 and len(s.players[0].dealt) == 5
    from rail_app.games.italian_rails.rules.actions import KeepCards

    for _ in range(2):
        s = apply(s, KeepCards(tuple(s.player.dealt[:2])))
    first = min((0, 1), key=lambda i: min(s.players[i].private))
    assert s.current == first == s.first_player and s.phase is Phase.BUILD and s.turn == 1


def test_same_seed_same_deal_and_the_seed_matters(board: Board) -> None:
    """DESIGN habit 6: the game's one random generator comes from its seed, so the same seed
    deals the same hands and deck, and another seed (almost always) does not."""
    deck = load_board_deck(board)
    a, b = new_game(board, deck, seed=11), new_game(board, deck, seed=11)
    assert [p.dealt for p in a.players] == [p.dealt for p in b.players]
    assert a.draw_pile == b.draw_pile
    others = [new_game(board, deck, seed=s) for s in (12, 13, 14)]
    assert any(o.draw_pile != a.draw_pile for o in others)
