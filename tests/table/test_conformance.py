"""The conformance suite: what every game on the table promises (rail_app/table/gamedef.py),
checked for every registered game, and for Relay, a game of the tests with 3-6 seats and
hidden cards (tests/fakegame.py), so that the suite itself is shown to work beyond two
seats.

For each game, on its smallest map, from fixed seeds: the same seed and the same actions
give the same game; a record written and read back replays to the same game; every action
``legal_actions`` offers quotes legal and applies, and every refused action is refused by
``apply`` with the reasons its quote gave; what a seat sees (``seen_by``) does not change
when everything hidden from it is drawn anew; the invariants hold after every action; and
random play reaches an end (at a turn cap, by the game's own rule for a stopped game).
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from rail_app.core.paths import resource_path
from rail_app.table import records, registry
from rail_app.table.quotes import IllegalAction
from tests.fakegame import RELAY, write_map

STEPS = 140  # actions played in each check (a few seconds per game)
SEEDS = (3, 11)


def _case_iter() -> Iterator[Any]:
    for game in registry.GAMES:
        yield pytest.param(game, id=game.id)
    yield pytest.param(RELAY, id="relay-test (tests only)")


def _cases() -> list[Any]:
    return list(_case_iter())


@pytest.fixture
def map_of(tmp_path: Path) -> Any:
    def find(game: Any) -> str:
        if game is RELAY:
            return write_map(tmp_path)
        return str(resource_path(*game.small_map.split("/")))
    return find


def _names(game: Any) -> list[str]:
    return [f"P{i}" for i in range(game.seats.default)]


def _new(game: Any, path: str, seed: int, seats: int | None = None,
         options: dict[str, object] | None = None) -> tuple[Any, Any]:
    board = game.rules.load_board(path)
    names = _names(game) if seats is None else [f"P{i}" for i in range(seats)]
    return board, game.rules.new_game(board, names, options or {}, seed)


def _busy_choice(game: Any, rng: random.Random, legal: list[Any]) -> Any:
    """A random legal action, preferring one that does something over ending a turn (so
    that games get somewhere in few steps)."""
    busy = [a for a in legal
            if not str(game.rules.action_to_dict(a).get("kind", "")).startswith("end")]
    return rng.choice(busy if busy and rng.random() < 0.8 else legal)


def _play(game: Any, state: Any, seed: int, steps: int = STEPS) -> tuple[Any, list[Any]]:
    rng = random.Random(seed)
    done = []
    for _ in range(steps):
        if game.rules.outcome(state) is not None:
            break
        legal = game.rules.legal_actions(state)
        assert legal, "the game awaits a player who has no legal action"
        action = _busy_choice(game, rng, legal)
        done.append((game.rules.to_act(state), action))
        state = game.rules.apply(state, action)
    return state, done


@pytest.mark.parametrize("game", _cases())
def test_the_same_seed_and_actions_give_the_same_game(game: Any, map_of: Any) -> None:
    for seed in SEEDS:
        _, a = _new(game, map_of(game), seed)
        _, b = _new(game, map_of(game), seed)
        assert game.rules.fingerprint(a) == game.rules.fingerprint(b)
        end_a, done_a = _play(game, a, seed)
        end_b, done_b = _play(game, b, seed)
        assert [(p, game.rules.action_to_dict(x)) for p, x in done_a] == \
            [(p, game.rules.action_to_dict(x)) for p, x in done_b]
        assert game.rules.fingerprint(end_a) == game.rules.fingerprint(end_b)


@pytest.mark.parametrize("game", _cases())
def test_a_record_written_and_read_back_replays_to_the_same_game(
        game: Any, map_of: Any, tmp_path: Path) -> None:
    path = map_of(game)
    board, state = _new(game, path, SEEDS[0])
    state, _ = _play(game, state, SEEDS[0])
    rec = records.record_of(game, state, path, SEEDS[0])
    file = tmp_path / "game.json"
    records.save_record(file, rec, game)
    back = records.record_from_dict(records.read_json(file), game, str(file))
    assert (back.game, back.rules_version) == (game.id, game.rules_version)
    assert [(p, game.rules.action_to_dict(a)) for p, a in back.actions] == \
        [(p, game.rules.action_to_dict(a)) for p, a in rec.actions]
    replayed, results = records.replay(game, back, game.rules.load_board(path, needs=back.options))
    assert all(r.ok for r in results)
    assert game.rules.fingerprint(replayed) == game.rules.fingerprint(state)


@pytest.mark.parametrize("game", _cases())
def test_quotes_and_apply_agree_and_every_offered_action_is_legal(
        game: Any, map_of: Any) -> None:
    _, state = _new(game, map_of(game), SEEDS[1])
    rng = random.Random(SEEDS[1])
    seen: list[Any] = []  # actions of other moments, to try where they may be refused
    refused = 0
    for _ in range(STEPS // 2):
        if game.rules.outcome(state) is not None:
            break
        legal = game.rules.legal_actions(state)
        for action in legal:
            q = game.rules.quote(state, action)
            assert q.ok, f"{game.rules.action_repr(action)} is offered but refused: {q.violations}"
        for action in rng.sample(legal, min(3, len(legal))):
            game.rules.apply(state, action)  # a legal quote applies
        printed = game.rules.fingerprint(state)
        for action in rng.sample(seen, min(6, len(seen))):
            q = game.rules.quote(state, action)
            if q.ok:
                continue
            refused += 1
            with pytest.raises(IllegalAction) as err:
                game.rules.apply(state, action)
            assert [(v.code, v.message) for v in err.value.quote.violations] == \
                [(v.code, v.message) for v in q.violations]
            assert game.rules.fingerprint(state) == printed, "a refused action changed the game"
        who = game.rules.to_act(state)
        other = (who + 1) % len(game.rules.seat_names(state))
        if legal:
            q = game.rules.quote(state, legal[0], other)
            assert not q.ok and q.violations[0].code, "another seat's action is not refused"
            assert len(q.violations) == 1, "a wrong moment comes first and alone"
        seen.extend(legal)
        state = game.rules.apply(state, _busy_choice(game, rng, legal))
    assert refused, "no refusal was tried"


@pytest.mark.parametrize("game", _cases())
def test_what_a_seat_sees_does_not_change_with_what_is_hidden_from_it(
        game: Any, map_of: Any) -> None:
    _, state = _new(game, map_of(game), SEEDS[0])
    rng = random.Random(5)
    checked = 0
    for step in range(STEPS):
        if game.rules.outcome(state) is not None:
            break
        if step % 7 == 0:
            for seat in range(len(game.rules.seat_names(state))):
                other = game.rules.indistinguishable(state, seat, rng.randrange(1 << 20))
                assert game.rules.fingerprint(game.rules.seen_by(state, seat)) == \
                    game.rules.fingerprint(game.rules.seen_by(other, seat)), \
                    f"seat {seat} sees something hidden from it"
                checked += 1
        state = game.rules.apply(state, _busy_choice(game, rng, game.rules.legal_actions(state)))
    assert checked


@pytest.mark.parametrize("game", _cases())
def test_the_invariants_hold_and_random_play_reaches_an_end(game: Any, map_of: Any) -> None:
    _, state = _new(game, map_of(game), SEEDS[1])
    checker = game.rules.checker(state)
    rng = random.Random(SEEDS[1])
    for _ in range(STEPS * 2):
        if game.rules.outcome(state) is not None:
            break
        assert game.rules.invariants(state) == []
        action = _busy_choice(game, rng, game.rules.legal_actions(state))
        state = checker.step(state, action, game.rules.apply)
    capped = game.rules.outcome(state) is None
    if capped:
        state = game.rules.end_early(state)
    checker.end(state, capped)
    assert checker.violations == []
    out = game.rules.outcome(state)
    assert out is not None and game.rules.to_act(state) is None
    n = len(game.rules.seat_names(state))
    assert len(out.ranks) == len(out.scores) == n and min(out.ranks) == 1


@pytest.mark.parametrize("seats", [3, 4, 5, 6])
def test_the_suite_sees_every_size_of_table_of_a_game_for_three_to_six(
        seats: int, tmp_path: Path) -> None:
    path = write_map(tmp_path)
    options: dict[str, object] = {"six_players": True} if seats == 6 else {}
    board, state = _new(RELAY, path, 7, seats, options)
    state, _ = _play(RELAY, state, 7, 400)
    out = RELAY.rules.outcome(state) or RELAY.rules.outcome(RELAY.rules.end_early(state))
    assert out is not None and len(out.ranks) == seats
    with pytest.raises(ValueError):
        RELAY.rules.new_game(board, [f"P{i}" for i in range(6)], {}, 1)  # six need the option
