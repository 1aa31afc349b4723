"""The computer opponent's reading of races for public demands (C4, C5; ai/races.py): from
what is on the table only (track, train, loads, locks), which public demands the other player
would deliver first."""

from __future__ import annotations

import random
from collections import deque
from pathlib import Path

from rail_app.games.italian_rails.ai.races import (
    UNCOMMITTED_DELAY,
    foreseen_races,
    lost_races,
    opponent_turns_to,
)
from rail_app.games.italian_rails.rules import cards, movement
from rail_app.games.italian_rails.rules.board import edge_key, load_board
from rail_app.games.italian_rails.rules.deck import load_deck
from rail_app.games.italian_rails.rules.state import GameState, Load, Phase, PlayerState

MINI = Path(__file__).resolve().parents[3] / "maps" / "test" / "mini.yaml"
BOARD = load_board(MINI)
assert BOARD.deck_file is not None
DECK = load_deck(BOARD.deck_file, BOARD)
MARBLE_TO_ALFA = (8, 0)  # card 8, demand 0: marble to Alfa (Gamma offers marble)


def table() -> GameState:
    """Anna (0) to move, Bruno's train at Gamma; the pool holds card 8."""
    rules = BOARD.rules
    players = [PlayerState("Anna", rules.starting_cash, rules.start_locomotive),
               PlayerState("Bruno", rules.starting_cash, rules.start_locomotive)]
    state = GameState(BOARD, DECK, players, 3, rng=random.Random(3))
    cards.setup(state)
    for p, mine in zip(state.players, ([2, 3], [4, 5]), strict=True):
        p.dealt, p.private, p.turns_taken = [], mine, 3
    state.pool = [1, 6, 7, 8, 9, 10]
    state.phase, state.current, state.first_player = Phase.MOVE, 0, 0
    state.players[0].position = BOARD.cities["Delta"].centre
    state.players[1].position = BOARD.cities["Gamma"].centre
    return state


def shortest(a: str, b: str) -> list[int]:
    """The fewest usable segments from city ``a``'s centre to city ``b``'s."""
    start, goal = BOARD.cities[a].centre, set(BOARD.cities[b].dots)
    back: dict[int, int | None] = {start: None}
    todo = deque([start])
    while todo:
        here = todo.popleft()
        if here in goal:
            path = [here]
            while back[path[-1]] is not None:
                path.append(back[path[-1]])  # type: ignore[arg-type]
            return path[::-1]
        for n in BOARD.adj[here]:
            if n not in back and BOARD.edges[edge_key(here, n)].forbidden is None:
                back[n] = here
                todo.append(n)
    raise AssertionError(f"no way from {a} to {b}")


def lay(state: GameState, player: int, path: list[int]) -> None:
    for x, y in zip(path, path[1:], strict=False):
        k = edge_key(x, y)
        if not BOARD.edges[k].free:
            state.owner[k] = player
            state.players[player].track.add(k)


def test_a_public_demand_the_other_player_can_serve_on_their_track_is_theirs_to_lose() -> None:
    state = table()
    assert MARBLE_TO_ALFA not in foreseen_races(state, 0)  # no track: they must build first
    path = shortest("Gamma", "Alfa")
    lay(state, 1, path)
    speed = movement.base_speed(state, 1)
    steps = len(path) - 1  # their moves: from Gamma (the supplier) to Alfa
    n = 1 + -(-(steps - speed) // speed) if steps > speed else 1
    n += UNCOMMITTED_DELAY  # a demand they have not chosen yet
    races = foreseen_races(state, 0)
    assert races[MARBLE_TO_ALFA] == n  # Anna is paid only by delivering in a turn before
    # seen from Bruno's own side, Anna has no track: nothing is hers to lose
    assert MARBLE_TO_ALFA not in foreseen_races(state, 1)
    # during Bruno's turn, his n-th turn comes after Anna's turn n - 1
    state.current = 1
    assert foreseen_races(state, 0)[MARBLE_TO_ALFA] == n - 1


def test_a_locked_public_demand_is_a_race_of_its_own() -> None:
    """Once Bruno has locked marble to Alfa, lost_races counts it from his load, and the
    foresight leaves it (it is no longer a guess); a full train foresees nothing."""
    state = table()
    lay(state, 1, shortest("Gamma", "Alfa"))
    state.players[1].loads = [Load("marble", *MARBLE_TO_ALFA)]
    assert MARBLE_TO_ALFA not in foreseen_races(state, 0)
    assert lost_races(state, 0)[MARBLE_TO_ALFA] == opponent_turns_to(state, 1, "Alfa")
    state.players[1].loads = [Load("wine", None, None)] * cards.capacity(state, 1)
    assert MARBLE_TO_ALFA not in foreseen_races(state, 0)
