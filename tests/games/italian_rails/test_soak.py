"""Whole games of random legal play, checked after every action (rail_app.games.italian_rails.rules.soak), the
recorded short game on the Mini map, and same seed + same actions = same game."""

from __future__ import annotations

import json
import subprocess
import sys
from dataclasses import replace

import pytest
from buildhelp import ROOT, italy

from rail_app.devtools.soak import soak_game
from rail_app.games.italian_rails.devtools.goalplayer import GoalDirectedPlayer, play_game
from rail_app.games.italian_rails.devtools.soak import VARIANT_CYCLE
from rail_app.games.italian_rails.rules import engine, replay
from rail_app.games.italian_rails.rules.actions import Deliver, EndTurn
from rail_app.games.italian_rails.rules.board import load_board
from rail_app.games.italian_rails.rules.deck import load_board_deck
from rail_app.games.italian_rails.rules.invariants import ItalianInvariants, checker
from rail_app.games.italian_rails.rules.log import EventDrawn
from rail_app.games.italian_rails.rules.record import load_record, record_from_game, replay_record
from rail_app.games.italian_rails.rules.state import GameState
from rail_app.games.italian_rails.rules.words import log_line, outcome_sentence

MINI_SHORT = ROOT / "maps" / "test" / "mini-short.yaml"
RECORD = ROOT / "tests" / "records" / "mini-short-game.json"


@pytest.mark.parametrize("seed", range(6))
def test_soak_whole_games_on_italy_break_no_rule(seed: int) -> None:
    report = soak_game("italian-rails", str(ROOT / "maps" / "italy.yaml"), seed, turn_cap=20)
    assert report.variants == VARIANT_CYCLE[seed % len(VARIANT_CYCLE)]
    assert report.error is None
    assert report.violations == []
    assert report.capped or report.finished
    assert report.actions > 100 and report.kinds.get("build", 0) > 5


def _mini_game(seed: int = 0) -> tuple[GameState, list[GameState]]:
    board = load_board(MINI_SHORT)
    states: list[GameState] = []
    state, _ = play_game(board, load_board_deck(board), seed, turn_cap=40,
                         observer=lambda before, a, after: states.append(before))
    return state, states


def test_the_checker_catches_money_from_nowhere() -> None:
    """The soak's money check can fail: a delivery that pays 1M too much is reported."""
    _, states = _mini_game()
    before = next(s for s in states if any(isinstance(a, Deliver) for a in
                                           engine.legal_actions(s)))
    action = next(a for a in engine.legal_actions(before) if isinstance(a, Deliver))
    q = engine.quote(before, action)
    after = engine.apply(before, action)
    invariants = ItalianInvariants()
    assert invariants.step(before, action, q, after) == []
    after.players[before.current].cash += 1
    assert any("explains" in v for v in invariants.step(before, action, q, after))


def test_the_checker_catches_a_segment_owned_twice_and_a_changed_original() -> None:
    _, states = _mini_game()
    before = next(s for s in states if s.players[0].track and s.players[1].track
                  and s.pending is None and s.phase in ("move", "build"))
    action = EndTurn()

    def sloppy(state: GameState, action: EndTurn) -> GameState:
        after = engine.apply(state, action)
        edge = next(iter(after.players[0].track))
        after.players[1].track.add(edge)
        state.players[0].cash += 5  # as if applying to the copy had changed the original
        return after

    checked = checker(before)
    checked.step(before, action, sloppy)
    text = " ".join(checked.violations)
    assert "owned by both players (K2)" in text
    assert "changed the state it was given" in text


def test_the_recorded_short_game_replays_with_moves_loads_a_delivery_an_event_and_an_end(
) -> None:
    rec = load_record(RECORD)
    kinds = {a.kind for _, a in rec.actions}
    assert {"move", "pickup", "deliver", "build", "end_turn"} <= kinds
    board = load_board(MINI_SHORT)
    state, results = replay_record(rec, board, load_board_deck(board))
    assert all(r.ok for r in results)
    assert any(isinstance(e.event, EventDrawn) for e in state.log)
    assert state.outcome is not None and state.outcome.winner is not None
    out = subprocess.run([sys.executable, "-m", "rail_app", "replay", str(RECORD), "--json"],
                         cwd=ROOT, capture_output=True, text=True, check=True)
    data = json.loads(out.stdout)
    final = data["final"]
    for key in ("pool", "events_in_force", "outcome", "winner", "final_cash", "deck"):
        assert key in final, key
    for p in final["players"]:
        for key in ("loads", "private_cards", "locks", "cash", "deliveries"):
            assert key in p, key
    assert final["outcome"] == outcome_sentence(state)
    assert all(a["ok"] for a in data["actions"])


def _fingerprint(state: GameState) -> str:
    return json.dumps({"summary": replay.state_summary(state),
                       "log": [[e.turn, e.player, log_line(state, e), e.kind, repr(e.event)]
                               for e in state.log]},
                      sort_keys=True, default=str)


def test_same_seed_same_actions_same_whole_game_on_italy() -> None:
    board = italy()
    deck = load_board_deck(board)
    live, capped = play_game(board, deck, 7, turn_cap=25, variants=("loans",))
    assert capped or live.outcome is not None
    rec = record_from_game(live, "maps/italy.yaml")
    fresh, results = replay_record(rec, board, deck)
    assert all(r.ok for r in results)
    if capped:  # the cap is not an action: end the replayed game the same way (W2)
        from rail_app.games.italian_rails.rules.cards import finish_game

        finish_game(fresh)
    assert _fingerprint(fresh) == _fingerprint(live)
    assert fresh.rng.getstate() == live.rng.getstate()
    again, _ = play_game(board, deck, 7, turn_cap=25, variants=("loans",))
    assert _fingerprint(again) == _fingerprint(live)
    assert again.history == live.history


def test_random_player_only_plays_legal_actions_and_is_seeded() -> None:
    board = load_board(MINI_SHORT)
    deck = load_board_deck(board)
    a = engine.new_game(board, deck, seed=3)
    pa, pb = GoalDirectedPlayer(3), GoalDirectedPlayer(3)
    b = a.copy()
    for _ in range(150):
        if a.outcome is not None:
            break
        x, y = pa.choose(a), pb.choose(b)
        assert x == y and engine.quote(a, x).ok
        a = engine.apply(a, x)
        b = engine.apply(b, y)
    assert replace(a.players[0]) == replace(b.players[0])
