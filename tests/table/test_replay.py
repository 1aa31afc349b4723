"""The replay's timeline and the post-game review, for every game on the table: a position
reached by a jump is the position reached by playing the game from its start; a jump applies
at most a keyframe's worth of actions; the review and the replay of an unfinished game show
nothing the seat could not see (the same ``seen_by`` check the computer players pass)."""

from __future__ import annotations

import json
import random
import subprocess
import sys
from pathlib import Path
from typing import Any

import pygame
import pytest

from rail_app.core.paths import resource_path
from rail_app.devtools.replaybench import computer_game
from rail_app.table import records, registry
from rail_app.table.review import MARKS_MAX, MARKS_MIN, largest_gaps, own_turns, review
from rail_app.table.timeline import KEYFRAME_EVERY, Timeline
from rail_app.ui.gamescreens import replay_parts_of
from rail_app.ui.palette import INKS
from tests.fakegame import RELAY, write_map

MINI = str(resource_path("maps", "test", "mini.yaml"))
IR = registry.game("italian-rails")


@pytest.fixture(scope="module")
def mini_game() -> tuple[Any, Any, list[str], list[tuple[int, Any]]]:
    """Twelve turns a seat of Hard against Easy on the small map, with its cards (not over)."""
    return computer_game("italian-rails", MINI, 12)


def _timeline(game: Any, played: tuple[Any, Any, list[str], list[tuple[int, Any]]]
              ) -> Timeline:
    board, final, names, actions = played
    return Timeline(game, board, names, game.rules.options_of(final), 5, actions)


class Counting:
    """A game whose rules count the actions they apply (everything else is the game's)."""

    def __init__(self, game: Any) -> None:
        self.game = game
        self.applied = 0

    @property
    def rules(self) -> Any:
        return self

    def apply(self, *args: Any, **kw: Any) -> Any:
        self.applied += 1
        return self.game.rules.apply(*args, **kw)

    def apply_quoted(self, *args: Any, **kw: Any) -> Any:
        self.applied += 1
        return self.game.rules.apply_quoted(*args, **kw)

    def __getattr__(self, name: str) -> Any:
        rules = self.game.rules
        return getattr(rules, name) if hasattr(rules, name) else getattr(self.game, name)


def test_a_jump_reaches_the_position_played_from_the_start(mini_game: Any) -> None:
    board, final, names, actions = mini_game
    tl = _timeline(IR, mini_game)
    assert tl.last == len(actions) and not tl.over
    states = [IR.rules.new_game(board, names, IR.rules.options_of(final), 5)]
    for seat, action in actions:
        states.append(IR.rules.apply(states[-1], action, seat))
    rng = random.Random(3)
    for k in [tl.last, 0, 1, tl.last - 1] + [rng.randint(0, tl.last) for _ in range(40)]:
        assert IR.rules.fingerprint(tl.state_at(k)) == IR.rules.fingerprint(states[k]), k
        assert tl.turn_at(k) == IR.rules.turn(states[k])


def test_a_jump_applies_at_most_a_keyframes_worth_of_actions(mini_game: Any) -> None:
    game = Counting(IR)
    tl = _timeline(game, mini_game)
    rng = random.Random(4)
    for _ in range(60):
        game.applied = 0
        tl.state_at(rng.randint(0, tl.last))
        assert game.applied < KEYFRAME_EVERY
    game.applied = 0
    tl.state_at(10)
    tl.state_at(11)  # one step forward: one action
    assert game.applied <= KEYFRAME_EVERY


def test_turns_go_forward_and_back_by_their_first_position(mini_game: Any) -> None:
    tl = _timeline(IR, mini_game)
    starts = tl.turn_starts
    assert starts[0] == 0 and len(starts) > 20
    assert all(tl.turns[k] != tl.turns[k - 1] for k in starts[1:])
    assert tl.next_turn(0) == starts[1]
    assert tl.next_turn(starts[5] + 1) == starts[6]
    assert tl.previous_turn(starts[5] + 1) == starts[5]
    assert tl.previous_turn(starts[5]) == starts[4]
    assert tl.previous_turn(0) == 0 and tl.next_turn(tl.last) == tl.last


def test_a_record_with_a_refused_action_replays_the_rest(mini_game: Any) -> None:
    board, final, names, actions = mini_game
    bad = [*actions[:5], actions[7], *actions[5:]]  # out of turn somewhere: refused
    tl = Timeline(IR, board, names, IR.rules.options_of(final), 5, bad)
    assert tl.skipped >= 1
    assert IR.rules.fingerprint(tl.state_at(tl.last)) == IR.rules.fingerprint(final)


def _what_is_shown(parts: Any, board: Any, before: Any, state: Any, viewer: int) -> Any:
    pygame.font.init()
    pic = pygame.Surface((480, 360))
    parts.draw(pic, board, before, state, list(INKS.values()))
    lines = parts.lines(board, before, state, None) if before is not None else []
    return (lines, parts.figures(board, state, viewer),
            pygame.image.tobytes(pic, "RGB"))


def test_a_replay_of_an_unfinished_game_shows_nothing_the_seat_could_not_see(
        mini_game: Any) -> None:
    """The replay shows ``seen_by`` of the viewer's seat: what it draws, says and counts is
    the same when everything hidden from that seat is drawn anew; another seat's cash is
    not told before the tax makes it public (E3)."""
    board = mini_game[0]
    tl = _timeline(IR, mini_game)
    parts = replay_parts_of(IR.id)
    assert parts is not None
    rng = random.Random(5)
    hidden_cash = 0
    for k in range(1, tl.last + 1, 3):
        for viewer in (0, 1):
            shown = _what_is_shown(parts, board, tl.shown(k - 1, viewer), tl.shown(k, viewer),
                                   viewer)
            seed = rng.randrange(1 << 20)
            other_before = IR.rules.seen_by(IR.rules.indistinguishable(tl.state_at(k - 1), viewer, seed),
                                      viewer)
            other = IR.rules.seen_by(IR.rules.indistinguishable(tl.state_at(k), viewer, seed), viewer)
            assert shown == _what_is_shown(parts, board, other_before, other, viewer), k
            assert IR.rules.fingerprint(tl.shown(k, viewer)) == IR.rules.fingerprint(other)
            if not tl.state_at(k).cash_public:
                hidden_cash += 1
                assert "cash hidden" in shown[1][1 - viewer]
    assert hidden_cash


def test_a_finished_game_is_shown_whole() -> None:
    played = computer_game("italian-rails", str(resource_path("maps", "test",
                                                              "mini-short.yaml")), 12)
    tl = _timeline(IR, played)
    assert tl.over
    k = tl.last // 2
    assert IR.rules.fingerprint(tl.shown(k, 0)) == IR.rules.fingerprint(tl.state_at(k))


def test_the_review_sees_what_the_seat_saw(mini_game: Any) -> None:
    """Every position the advisor is handed is ``seen_by`` of the reviewed seat (at the start
    of one of its turns, or where the record ends), and the same when what is hidden from it
    is drawn anew: the review's plans and figures do not change."""
    tl = _timeline(IR, mini_game)
    handed: list[Any] = []

    class Watching:
        def __init__(self) -> None:
            self.inner = IR.advisor()

        def suggest(self, view: Any, seat: int) -> Any:
            handed.append(view)
            return self.inner.suggest(view, seat)

        def earned(self, before: Any, after: Any, seat: int, ahead: Any = None,
                   end: Any = None) -> int:
            return int(self.inner.earned(before, after, seat, ahead, end))

    turns = review(tl, 1, Watching)
    assert turns and len(turns) <= len(handed)
    asked = {IR.rules.fingerprint(v) for v in handed}
    seen = {k: IR.rules.fingerprint(IR.rules.seen_by(tl.state_at(k), 1))
            for k in [*own_turns(tl, 1), tl.last]}
    assert asked <= set(seen.values())
    rng = random.Random(6)
    for t in turns:
        real = tl.state_at(t.position)
        assert seen[t.position] in asked
        other = IR.rules.seen_by(IR.rules.indistinguishable(real, 1, rng.randrange(1 << 20)), 1)
        plan = IR.advisor().suggest(other, 1)
        assert plan is not None and plan.per_turn == t.plan.per_turn
        assert plan.route == t.plan.route


def test_the_review_compares_each_turn_and_marks_three_to_five_gaps(mini_game: Any) -> None:
    tl = _timeline(IR, mini_game)
    turns = review(tl, 0)
    assert len(turns) >= 8
    for t in turns:
        assert IR.rules.to_act(tl.state_at(t.position)) == 0
        assert t.gap == pytest.approx(t.best - t.played)
    marks = largest_gaps(turns)
    assert MARKS_MIN <= len(marks) <= MARKS_MAX
    worst = sorted((t.gap for t in turns), reverse=True)
    assert max(t.gap for t in marks) == worst[0]
    assert min(t.gap for t in marks) >= worst[len(marks) - 1] - 1e-9 or len(marks) > MARKS_MIN


def test_every_game_on_the_table_and_relay_replays(tmp_path: Path) -> None:
    """A game of hidden hands with five seats (Relay, the tests' game) goes on a timeline
    too, and what an unfinished one shows is its seat's ``seen_by``."""
    path = write_map(tmp_path)
    board = RELAY.rules.load_board(path)
    state = RELAY.rules.new_game(board, [f"P{i}" for i in range(5)], {}, 3)
    rng = random.Random(3)
    for _ in range(12):
        state = RELAY.rules.apply(state, rng.choice(RELAY.rules.legal_actions(state)))
    tl = Timeline(RELAY, board, RELAY.rules.seat_names(state), RELAY.rules.options_of(state), 3,
                  RELAY.rules.history(state))
    assert tl.last == len(RELAY.rules.history(state)) and not tl.over
    for k in range(0, tl.last + 1, 4):
        seen = tl.shown(k, 2)
        assert RELAY.rules.fingerprint(seen) == RELAY.rules.fingerprint(RELAY.rules.seen_by(tl.state_at(k), 2))
        assert RELAY.rules.fingerprint(seen) != RELAY.rules.fingerprint(tl.state_at(k))  # hands hidden


def _record_file(tmp_path: Path, played: Any, name: str) -> Path:
    board, final, names, actions = played
    rec = records.record_of(IR, final, MINI, 5)
    path = tmp_path / name
    records.save_record(path, rec, IR)
    return path


def test_review_on_the_command_line_prints_every_turn_as_json(
        tmp_path: Path, mini_game: Any) -> None:
    path = _record_file(tmp_path, mini_game, "game.json")
    out = subprocess.run([sys.executable, "-m", "rail_app", "review", str(path), "--seat", "1",
                          "--json"], capture_output=True, text=True, check=True,
                         cwd=resource_path())
    data = json.loads(out.stdout)
    assert data["turns"] and data["seat"] == 1
    for t in data["turns"]:
        assert set(t) >= {"turn", "seat", "best", "played", "gap", "plan"}
        assert t["seat"] == 1 and t["gap"] == pytest.approx(t["best"] - t["played"], abs=0.02)
    refused = subprocess.run([sys.executable, "-m", "rail_app", "review", str(path),
                              "--seat", "4"], capture_output=True, text=True,
                             cwd=resource_path())
    assert refused.returncode == 2 and "no seat 4" in refused.stderr


def test_review_reads_saves_and_old_records_too(tmp_path: Path, mini_game: Any) -> None:
    from rail_app.ui.session import GameSetup, Seat, Session

    board, final, names, actions = mini_game
    setup = GameSetup(MINI, [Seat(n, "human", "normal", "blue") for n in names], 5,
                      IR.rules.options_of(final))
    save = tmp_path / "save.json"
    Session(setup, board, final).save(save)
    old = tmp_path / "old.json"  # a record of version 1 (no game named)
    data = json.loads(_record_file(tmp_path, mini_game, "new.json").read_text("utf-8"))
    data["version"] = 1
    del data["game"], data["rules_version"]
    old.write_text(json.dumps(data), encoding="utf-8")
    results = []
    for path in (save, old):
        out = subprocess.run([sys.executable, "-m", "rail_app", "review", str(path), "--json"],
                             capture_output=True, text=True, check=True, cwd=resource_path())
        results.append(json.loads(out.stdout)["turns"])
    assert results[0] == results[1] and results[0]
