"""Shared helpers for the movement and event tests on the mini map."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from rail_app.games.italian_rails.rules.board import Board, edge_key, load_board
from rail_app.games.italian_rails.rules.deckmodel import Card, Deck
from rail_app.games.italian_rails.rules.engine import new_game
from rail_app.games.italian_rails.rules.state import GameState, Phase

MINI = Path(__file__).resolve().parent.parent / "maps" / "test" / "mini.yaml"
BOARD: Board = load_board(MINI)
FERRY = "Beta - Delta"


def d(key: str) -> int:
    return BOARD.dot(key)


def e(a: str, b: str) -> tuple[int, int]:
    return edge_key(d(a), d(b))


def moving_game(seed: int, cards: list[Card] | None = None, **kw: Any) -> GameState:
    """A game past the first two build-only turns, Anna (0) to move; ``cards``, if given,
    become its deck."""
    s = new_game(BOARD, None, seed=seed, **kw)
    if cards is not None:
        s.deck = Deck({c.number: c for c in cards}, "test")
    for p in s.players:
        p.turns_taken = 2
    s.phase = Phase.MOVE
    s.current = 0
    return s


def lay(s: GameState, player: int, keys: list[str]) -> None:
    """Give ``player`` the segments along a path of dots (free major-city track is skipped)."""
    for a, b in zip(keys, keys[1:], strict=False):
        k = e(a, b)
        assert BOARD.edges[k].forbidden is None
        if BOARD.edges[k].free:
            continue
        s.owner[k] = player
        s.players[player].track.add(k)
