"""Whole games of Steam: seeded random and greedy games for 3-6 players, Basic and Standard,
end; the invariants hold after every action; the same seed gives the same record; a record
survives its JSON form and replays to the same game; the bots never change the state they
are given; the greedy player beats the random one."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from steamhelp import MAPS, NAMES, board

from rail_app.games.steam.ai.simple import GreedyBot, RandomBot, make_bot
from rail_app.games.steam.game import STEAM
from rail_app.games.steam.rules import engine
from rail_app.games.steam.rules.invariants import invariants
from rail_app.games.steam.rules.state import GameState, Phase
from rail_app.table import records
from rail_app.table.records import RecordError, map_digest, record_from_dict, record_to_dict


def record_of(state: GameState, map_path: str) -> records.Record:
    """A Steam game's record, in the table's format (the one format of every game)."""
    return records.record_of(STEAM, state, map_path, state.seed)

MAP = MAPS / "steam-small.yaml"


def play(seats: int, game: str, seed: int, players: list[str] | None = None,
         check: bool = True) -> GameState:
    names = players or ["random"] * seats
    opts: dict[str, object] = {"game": game, "six_players": seats == 6,
                               "first_order": "random" if seed % 2 else "auction"}
    s = engine.new_game(board("small"), NAMES[:seats], opts, seed)
    bots = [make_bot(n, seed * 7 + i) for i, n in enumerate(names)]
    steps = 0
    while not s.over:
        seat = engine.to_act(s)
        assert seat is not None
        action = bots[seat].choose(s, seat)
        s = engine.apply(s, action, seat, inplace=True)
        steps += 1
        assert steps < 5000, "the game does not end"
        if check:
            problems = invariants(s)
            assert not problems, (steps, action, problems)
    return s


@pytest.mark.parametrize("game", ["basic", "standard"])
@pytest.mark.parametrize("seats", [3, 4, 5, 6])
def test_random_games_end_and_keep_the_invariants(seats: int, game: str) -> None:
    """Random players (and one greedy, so that some games last): every game ends, with the
    invariants after every action (S-M1, S-M2, S-K3, S-K14, S-I1, S-W2 ...)."""
    for seed in (1, 2):
        players = ["random"] * seats if seed == 1 else ["greedy"] + ["random"] * (seats - 1)
        s = play(seats, game, seed, players)
        assert s.phase is Phase.OVER and s.outcome is not None
        assert engine.legal_actions(s) == []


@pytest.mark.parametrize("game", ["basic", "standard"])
def test_greedy_games_last_the_whole_length(game: str) -> None:
    """S-W1: four greedy players play all 8 turns and deliver goods."""
    s = play(4, game, 3, ["greedy"] * 4)
    assert s.turn == 8 and s.outcome is not None
    assert sum(1 for e in s.log if e.kind.value == "cube-delivered") >= 10


def test_the_same_seed_gives_the_same_game() -> None:
    """One seeded generator, drawn from at set-up only: the same seed and the same players
    give the same record, byte for byte."""
    a = record_of(play(4, "basic", 11, ["greedy", "random", "random", "greedy"], False),
                  "maps/test/steam-small.yaml")
    b = record_of(play(4, "basic", 11, ["greedy", "random", "random", "greedy"], False),
                  "maps/test/steam-small.yaml")
    assert records.record_text(a, STEAM) == records.record_text(b, STEAM)
    c = record_of(play(4, "basic", 12, ["greedy", "random", "random", "greedy"], False),
                  "maps/test/steam-small.yaml")
    assert records.record_text(a, STEAM) != records.record_text(c, STEAM)


@pytest.mark.parametrize("game", ["basic", "standard"])
def test_a_record_round_trips_and_replays(tmp_path: Path, game: str) -> None:
    """A record written to JSON and read back replays to the same game: same actions, same
    log, same tracks, same outcome."""
    s = play(5, game, 21, ["greedy", "random", "greedy", "random", "greedy"], False)
    rec = records.record_of(STEAM, s, MAP, s.seed)
    assert rec.map_sha256 == map_digest(MAP) and len(rec.map_sha256) == 64
    path = tmp_path / "game.json"
    records.save_record(path, rec, STEAM)
    back = record_from_dict(records.read_json(path), STEAM, str(path))
    assert record_to_dict(back, STEAM) == record_to_dict(rec, STEAM)
    again, results = records.replay(STEAM, back, board("small"))
    assert all(r.ok for r in results)
    assert again.history == s.history
    assert [e.to_dict() for e in again.log] == [e.to_dict() for e in s.log]
    assert again.players == s.players and again.outcome == s.outcome
    assert [f.name for f in tmp_path.iterdir()] == ["game.json"]


def test_a_broken_record_is_refused_in_one_line(tmp_path: Path) -> None:
    s = play(3, "basic", 5, ["greedy"] * 3, False)
    rec = record_of(s, "maps/test/steam-small.yaml")
    data = record_to_dict(rec, STEAM)
    first = next(i for i, a in enumerate(data["actions"]) if a["action"]["kind"] == "lay")
    data["actions"][first]["action"]["rotation"] = "lots"
    with pytest.raises(RecordError, match=rf"actions\[{first}\]: action 'lay': rotation "
                                          "cannot be 'lots'"):
        record_from_dict(data, STEAM)
    data = record_to_dict(rec, STEAM)
    data["actions"][first]["action"]["rotation"] = 10**9
    with pytest.raises(RecordError, match="rotation cannot be 1000000000"):
        record_from_dict(data, STEAM)
    data = record_to_dict(rec, STEAM)
    data["game"] = "italian-rails"
    with pytest.raises(RecordError, match="a record of 'italian-rails', not of 'steam'"):
        record_from_dict(data, STEAM)
    data = record_to_dict(rec, STEAM)
    first = next(i for i, a in enumerate(data["actions"]) if a["action"]["kind"] == "lay")
    data["actions"][first]["action"]["hex"] = "99,99"
    _, refused = records.replay_until_refused(STEAM, record_from_dict(data, STEAM),
                                              board("small"))
    assert refused is not None and refused.index == first + 1
    assert "S-K5" in [v.code for v in refused.violations]
    (tmp_path / "x.json").write_text("{", encoding="utf-8")
    with pytest.raises(RecordError, match="not JSON"):
        records.read_json(tmp_path / "x.json")


@pytest.mark.parametrize("bot", [RandomBot(3), GreedyBot(3)], ids=["random", "greedy"])
def test_a_bot_never_changes_the_state_it_is_given(bot: RandomBot | GreedyBot) -> None:
    """A bot reads the state and answers an action; the state, its log and its generator are
    as they were."""
    s = engine.new_game(board("small"), NAMES[:4], {"first_order": "random"}, 8)
    for _ in range(60):
        if s.over:
            break
        seat = engine.to_act(s)
        assert seat is not None
        before = (json.dumps([e.to_dict() for e in s.log]), repr(s.players), dict(s.tiles),
                  dict(s.cubes), list(s.reserve), s.rng.getstate(), s.phase, s.step, s.cursor)
        action = bot.choose(s, seat)
        after = (json.dumps([e.to_dict() for e in s.log]), repr(s.players), dict(s.tiles),
                 dict(s.cubes), list(s.reserve), s.rng.getstate(), s.phase, s.step, s.cursor)
        assert before == after
        s = engine.apply(s, action, seat)


def test_greedy_beats_random() -> None:
    """The greedy player wins clearly against random players (seats not rotated, greedy
    first or second)."""
    wins = 0
    for seed in range(8):
        players = ["greedy", "random", "random"] if seed % 2 else ["random", "greedy", "random"]
        s = play(3, "basic" if seed < 4 else "standard", 100 + seed, players, False)
        assert s.outcome is not None
        if s.outcome.winner is not None and players[s.outcome.winner] == "greedy":
            wins += 1
    assert wins >= 7
