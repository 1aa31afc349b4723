"""The game records that tests replay (tests/records), made again from the current maps.

``python -m rail_app make-records`` rewrites ``tests/records/italy-build.json``: a game of
building only on Italy in which both players draw seeded random legal segments for a few
turns, with one refused attempt of each kind a player meets while building (B3 the Swiss
border, B4 inside a major city, K1 track that joins nothing, K2 the opponent's segment, a
move out of turn). The record carries the map's digest, so a test can tell when the map has
changed since and ask for this command to be run again.
"""

from __future__ import annotations

import random
from pathlib import Path

from rail_app.games.italian_rails.rules import build, engine
from rail_app.games.italian_rails.rules.actions import Action, BuildSegment, EndPhase, EndTurn
from rail_app.games.italian_rails.rules.board import Board, load_board
from rail_app.games.italian_rails.rules.record import italian_record, map_digest, save_record
from rail_app.games.italian_rails.rules.state import GameState, Phase
from rail_app.table.records import Record

ITALY_MAP = "maps/italy.yaml"
ITALY_RECORD = Path("tests") / "records" / "italy-build.json"
#: the refusals the Italy record holds, in order, by the rule code each one must get
ITALY_REFUSALS = ("B3", "B4", "K1", "K2", "not-your-turn")


def _refused(state: GameState, board: Board, code: str) -> tuple[int, Action]:
    """An action the player to act would have refused for ``code`` now (and who acts)."""
    me = state.current
    if code == "not-your-turn":
        return 1 - me, EndTurn()
    edges = sorted(board.edges.values(), key=lambda e: e.key)
    for e in edges:
        a, b = e.key
        if code == "B3" and not (e.forbidden and "border" in e.forbidden):
            continue
        if code == "B4" and not e.free:
            continue
        if code == "K1" and (e.free or e.forbidden or e.key in state.owner
                             or build.in_network(state, me, a) or board.is_major_outer(a)
                             or build.in_network(state, me, b) or board.is_major_outer(b)):
            continue
        if code == "K2" and state.owner.get(e.key) != 1 - me:
            continue
        act = BuildSegment(board.key(a), board.key(b))
        if engine.quote(state, act).rules[:1] == [code]:
            return me, act
    raise ValueError(f"no segment on this map is refused for {code} now")


def italy_build_record(root: Path, seed: int = 5, turns_each: int = 4) -> Record:
    """The record of tests/records/italy-build.json (see the module docstring); ``root`` is
    the project folder (the record names its map relative to it)."""
    map_file = root / ITALY_MAP
    board = load_board(map_file)
    state = engine.new_game(board, seed=seed)
    rng = random.Random(seed)
    actions: list[tuple[int, Action]] = []
    refusals = list(ITALY_REFUSALS)
    for turn in range(2 * turns_each):
        if state.phase is Phase.MOVE:  # no train in a game of building only
            actions.append((state.current, EndPhase()))
            state = engine.apply(state, EndPhase())
        budget = rng.choice((8, 12, 16, 20))
        while True:
            options = [a for a in build.legal_builds(state)
                       if state.phase_spent + engine.quote(state, a).cost <= budget]
            if not options:
                break
            act = rng.choice(options)
            actions.append((state.current, act))
            state = engine.apply(state, act)
        if turn >= 2 and refusals:  # once both players have track of their own
            who, bad = _refused(state, board, refusals.pop(0))
            assert not engine.quote(state, bad, who).ok
            actions.append((who, bad))
        actions.append((state.current, EndTurn()))
        state = engine.apply(state, EndTurn())
    assert not refusals, f"turns_each={turns_each} leaves no room for {refusals}"
    return italian_record(ITALY_MAP, seed, [p.name for p in state.players], actions,
                          map_sha256=map_digest(map_file), deck=False)


def write_records(root: Path) -> list[Path]:
    """Write every generated record under ``root`` (the project folder)."""
    out = root / ITALY_RECORD
    save_record(out, italy_build_record(root))
    return [out]
