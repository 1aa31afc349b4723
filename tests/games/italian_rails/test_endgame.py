"""The end of the game (W1, W2) on the mini map, whose major cities are Alfa and Beta."""

from __future__ import annotations

import random
from pathlib import Path

import networkx as nx

from rail_app.games.italian_rails.rules import cards
from rail_app.games.italian_rails.rules.actions import PickUp
from rail_app.games.italian_rails.rules.board import edge_key, load_board
from rail_app.games.italian_rails.rules.deck import load_deck
from rail_app.games.italian_rails.rules.engine import quote
from rail_app.games.italian_rails.rules.state import GameState, Phase, PlayerState
from rail_app.games.italian_rails.rules.words import outcome_sentence

ROOT = Path(__file__).resolve().parents[3]
BOARD = load_board(ROOT / "maps" / "test" / "mini.yaml")
assert BOARD.deck_file is not None
DECK = load_deck(BOARD.deck_file, BOARD)


def game(first: int = 0) -> GameState:
    rules = BOARD.rules
    players = [PlayerState("Anna", rules.starting_cash, rules.start_locomotive),
               PlayerState("Bruno", rules.starting_cash, rules.start_locomotive)]
    state = GameState(BOARD, DECK, players, 9, rng=random.Random(9))
    cards.setup(state)
    state.phase = Phase.BUILD
    state.first_player = first
    state.current = first
    return state


def track_between(a: str, b: str) -> set[tuple[int, int]]:
    """A buildable path of segments from an outer dot of ``a`` to one of ``b``."""
    g = nx.Graph()
    for e in BOARD.edges.values():
        if e.forbidden is None and not e.free:
            g.add_edge(e.a, e.b)
    path = nx.shortest_path(g, BOARD.cities[a].outer[0], BOARD.cities[b].outer[0])
    return {edge_key(x, y) for x, y in zip(path, path[1:], strict=False)}


def network(state: GameState, player: int) -> None:
    p = state.players[player]
    p.track = track_between("Alfa", "Beta")
    p.segments_drawn = len(p.track)


def test_W1_connects_all_majors() -> None:
    state = game()
    assert not cards.connects_all_majors(state, 0)
    network(state, 0)
    assert cards.connects_all_majors(state, 0)
    assert not cards.connects_all_majors(state, 1)
    # a gap in the track breaks the network
    state.players[0].track.pop()
    assert not cards.connects_all_majors(state, 0)


def test_W1_cash_alone_or_network_alone_does_not_end_the_game() -> None:
    state = game()
    state.players[0].cash = 400
    cards.check_end_of_game(state, 0)
    assert state.end_triggered_by is None
    network(state, 1)
    state.players[1].cash = 249
    cards.check_end_of_game(state, 1)
    assert state.end_triggered_by is None and state.outcome is None


def test_W1_play_continues_until_both_have_had_the_same_number_of_turns() -> None:
    state = game(first=0)
    network(state, 0)
    state.players[0].cash = 250
    cards.check_end_of_game(state, 0)  # the start player qualifies: Bruno still plays
    assert state.end_triggered_by == 0
    assert state.outcome is None and state.phase == Phase.BUILD
    cards.check_end_of_game(state, 1)
    assert state.outcome is not None and state.phase == Phase.OVER
    assert state.outcome.winner == 0
    assert quote(state, PickUp("marble")).rules == ["game-over"]


def test_W1_second_player_qualifying_ends_the_game_at_once() -> None:
    state = game(first=0)
    network(state, 1)
    state.players[1].cash = 260
    cards.check_end_of_game(state, 1)
    assert state.end_triggered_by == 1 and state.phase == Phase.OVER
    assert state.outcome is not None and state.outcome.winner == 1


def test_W1_the_round_ends_with_the_player_before_the_start_player() -> None:
    state = game(first=1)
    network(state, 0)
    state.players[0].cash = 300
    cards.check_end_of_game(state, 0)  # Anna plays second: the round is complete
    assert state.phase == Phase.OVER


def test_W2_most_cash_wins_even_against_the_player_who_triggered() -> None:
    state = game(first=0)
    network(state, 0)
    state.players[0].cash = 255
    cards.check_end_of_game(state, 0)
    state.players[1].cash = 270  # Bruno's last turn
    cards.check_end_of_game(state, 1)
    assert state.outcome is not None
    assert state.outcome.winner == 1 and state.outcome.cash == (255, 270)
    assert "Bruno" in outcome_sentence(state)


def test_W2_tie_goes_to_fewer_segments_drawn() -> None:
    state = game(first=0)
    network(state, 0)
    state.players[0].cash = 260
    state.players[1].cash = 260
    state.players[1].segments_drawn = state.players[0].segments_drawn + 5
    cards.check_end_of_game(state, 0)
    cards.check_end_of_game(state, 1)
    assert state.outcome is not None and state.outcome.winner == 0
    assert "fewer segments" in outcome_sentence(state)


def test_W2_full_tie_is_a_draw() -> None:
    state = game(first=0)
    network(state, 0)
    network(state, 1)
    for p in state.players:
        p.cash = 260
    outcome = cards.finish_game(state)
    assert outcome.winner is None and "draw" in outcome_sentence(state)
    assert state.phase == Phase.OVER


def test_summary_shows_hands_pool_and_outcome() -> None:
    state = game()
    state.players[0].private = [1, 2]
    state.pool = [3, 4, 5, 6]
    state.players[0].loads.append(cards.Load("marble", 3, 2))
    summary = cards.cards_summary(state)
    assert summary["players"][0]["private"] == [1, 2]
    assert summary["players"][0]["loads"] == [{"commodity": "marble", "card": 3, "demand": 2}]
    assert summary["pool"][0] == {"card": 3, "locked_demand": 2}
    assert summary["outcome"] is None
    cards.finish_game(state)
    assert cards.cards_summary(state)["outcome"]["cash"] == [60, 60]


def test_W1_ferries_drawn_count_in_the_network() -> None:
    """On Italy: track Milano-Roma-Napoli and the Napoli-Palermo ferry join all four."""
    board = load_board(ROOT / "maps" / "italy.yaml")
    rules = board.rules
    players = [PlayerState("Anna", rules.starting_cash, rules.start_locomotive),
               PlayerState("Bruno", rules.starting_cash, rules.start_locomotive)]
    state = GameState(board, DECK, players, 1)
    g = nx.Graph()
    for e in board.edges.values():
        if e.forbidden is None and not e.free:
            g.add_edge(e.a, e.b)
    # keep the track on the mainland: no bridge over the strait
    strait = [k for k, e in board.edges.items() if e.crosses("strait")]
    g.remove_edges_from(strait)
    track: set[tuple[int, int]] = set()
    for a, b in (("Milano", "Roma"), ("Roma", "Napoli")):
        path = nx.shortest_path(g, board.cities[a].outer[0], board.cities[b].outer[0])
        track |= {edge_key(x, y) for x, y in zip(path, path[1:], strict=False)}
    state.players[0].track = track
    assert not cards.connects_all_majors(state, 0)
    ferry = next(f for f in board.ferries if f.name == "Napoli - Palermo")
    state.players[0].ferries = {ferry.index}
    assert cards.connects_all_majors(state, 0)
