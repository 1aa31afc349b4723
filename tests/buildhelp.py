"""Shared helpers for the building, turn and record tests."""

from __future__ import annotations

import copy
from dataclasses import fields
from pathlib import Path
from typing import Any

import pytest

from rail_app.games.italian_rails.rules.actions import Action
from rail_app.games.italian_rails.rules.board import Board, edge_key, load_board
from rail_app.games.italian_rails.rules.engine import IllegalAction, Quote, apply, quote
from rail_app.games.italian_rails.rules.state import GameState

ROOT = Path(__file__).resolve().parent.parent
MINI = ROOT / "maps" / "test" / "mini.yaml"
ITALY = ROOT / "maps" / "italy.yaml"


def mini() -> Board:
    return load_board(MINI)


def italy() -> Board:
    return load_board(ITALY)


def snapshot(state: GameState) -> dict[str, Any]:
    """Everything that may change in a game, deep-copied, for before/after comparisons."""
    out = {f.name: copy.deepcopy(getattr(state, f.name)) for f in fields(state)
           if f.name not in ("board", "deck", "rng")}
    out["rng"] = state.rng.getstate()
    return out


def assert_illegal(state: GameState, action: Action, *rules: str) -> Quote:
    """The action is refused for (at least) ``rules`` and applying it changes nothing."""
    q = quote(state, action)
    assert not q.ok
    for r in rules:
        assert r in q.rules, (r, q.violations)
    before = snapshot(state)
    with pytest.raises(IllegalAction):
        apply(state, action)
    with pytest.raises(IllegalAction):
        apply(state, action, inplace=True)
    assert snapshot(state) == before
    return q


def own(state: GameState, player: int, *pairs: tuple[str, str]) -> None:
    """Give ``player`` segments from earlier turns directly (for setting up positions)."""
    board = state.board
    for a, b in pairs:
        k = edge_key(board.dot(a), board.dot(b))
        assert board.edges[k].forbidden is None
        state.owner[k] = player
        state.players[player].track.add(k)


def do(state: GameState, *actions: Action) -> GameState:
    for a in actions:
        state = apply(state, a)
    return state
