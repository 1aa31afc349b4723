"""Ticket to Ride on the table: its line in the registry (light: no rules on import, no
screen), the shared commands that take it (games, simulate, soak, tournament, fuzz soak,
replay, bench), its players, records that replay byte for byte, saves that carry the whole
game, and the game's sentences in English and Spanish."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from rail_app import cli
from rail_app.core import i18n
from rail_app.games.ttr.game import TTR
from rail_app.games.ttr.rules import engine, words
from rail_app.games.ttr.rules.actions import Action, KeepTickets
from rail_app.games.ttr.rules.events import EventKind
from rail_app.games.ttr.rules.state import GameState, Step
from rail_app.table import records, registry
from rail_app.table.seats import Level, Seat, SeatKind
from rail_app.ui.session import GameSetup, Session
from tests.waiting import HANG_S

ROOT = Path(__file__).resolve().parents[3]
EUROPE = str(ROOT / "maps" / "ttr-europe.yaml")


def _played(seats: int, seed: int, actions: int = 10_000) -> GameState:
    """A game between planners (every seat handed its own view)."""
    board = TTR.rules.load_board(EUROPE)
    state: GameState = TTR.rules.new_game(board, [f"P{i}" for i in range(seats)], {}, seed)
    players = [TTR.player("planner", s, seed) for s in range(seats)]
    for _ in range(actions):
        if state.step is Step.OVER:
            break
        seat = state.current
        state = TTR.rules.apply(state, players[seat].choose(TTR.rules.seen_by(state, seat)))
    return state


def test_games_lists_ttr_for_two_to_five(capsys: pytest.CaptureFixture[str]) -> None:
    assert cli.main(["games", "--json"]) == 0
    ttr = next(g for g in json.loads(capsys.readouterr().out)["games"] if g["id"] == "ttr")
    assert ttr["title"] == "Ticket to Ride – Europe"
    assert ttr["seats"] == {"min": 2, "max": 5, "default": 4, "extended": None}
    assert cli.main(["games"]) == 0
    assert "ttr: Ticket to Ride – Europe, 2-5 players" in capsys.readouterr().out


def test_the_definition_loads_none_of_its_rules() -> None:
    code = ("import sys\nfrom rail_app.table import registry\n"
            "g = registry.game('ttr')\n(g.title, g.seats, g.players, g.options)\n"
            "heavy = [m for m in sys.modules if m.startswith(('pygame', "
            "'rail_app.games.ttr.rules.engine', 'rail_app.games.ttr.rules.state', "
            "'rail_app.games.ttr.ai'))]\n"
            "assert not heavy, heavy\n")
    proc = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True,
                          text=True, timeout=HANG_S)
    assert proc.returncode == 0, proc.stderr[-1500:]


def test_the_table_takes_a_game_without_a_screen(capsys: pytest.CaptureFixture[str]) -> None:
    """No screen yet: the menu does not offer it, and the tools that play through a screen
    refuse it by name."""
    from rail_app.ui.gamescreens import no_screen, playable

    assert TTR.screens is None and no_screen("ttr") is not None
    assert "ttr" not in [g.id for g in playable()]
    assert cli.main(["fuzz", "ui", "--game", "ttr", "--count", "1"]) == 2
    assert "no game screen" in capsys.readouterr().err
    assert cli.main(["selftest", "--game", "ttr"]) == 2


@pytest.mark.slow
def test_the_save_fuzzer_takes_a_game_without_a_screen() -> None:
    """The save fuzzer loads hostile and mutated saves of the game as the game does, and
    judges what loads without a screen to draw it on (the command in a process of its own:
    the fuzzer forks a child for each case)."""
    out = subprocess.run([sys.executable, "-m", "rail_app", "fuzz", "saves", "--game", "ttr",
                          "--count", "2", "--json"], cwd=ROOT, capture_output=True, text=True,
                         timeout=HANG_S)
    assert out.returncode == 0, out.stderr[-2000:]
    summary = json.loads(out.stdout)
    assert summary["failures"] == [] and summary["hostile_cases"] > 20


def test_a_player_of_every_name_chooses_a_legal_action() -> None:
    board = TTR.rules.load_board(EUROPE)
    state = TTR.rules.new_game(board, ["A", "B", "C"], {}, 5)
    for _ in range(8):
        for name in TTR.players:
            seat = TTR.rules.to_act(state)
            assert seat is not None
            action = TTR.player(name, seat, 1).choose(TTR.rules.seen_by(state, seat))
            assert TTR.rules.quote(state, action).ok, name
        state = TTR.rules.apply(state, TTR.player("random", 0, 3).choose(state))
    with pytest.raises(ValueError, match="planner, greedy, random"):
        TTR.player("wizard", 0, 1)


def test_simulate_plays_real_games_and_the_planner_beats_random(
        capsys: pytest.CaptureFixture[str]) -> None:
    assert cli.main(["simulate", "--game", "ttr", "--players", "planner,random", "--games", "3",
                     "--seed", "1", "--jobs", "1", "--json"]) == 0
    doc = json.loads(capsys.readouterr().out)
    assert doc["summary"]["errors"] == 0 and len(doc["games"]) == 3
    assert all(g["winner"] == 0 for g in doc["games"])


def test_soak_checks_every_action_at_every_table_size(capsys: pytest.CaptureFixture[str]
                                                      ) -> None:
    assert cli.main(["soak", "--game", "ttr", "--games", "4", "--jobs", "1", "--json"]) == 0
    doc = json.loads(capsys.readouterr().out)
    summary = doc["summary"]
    assert summary["games"] == 4 and summary["finished"] == 4
    assert summary["exceptions"] == 0 and summary["invariant_violations"] == 0
    assert sorted(g["seats"] for g in doc["games"]) == [2, 3, 4, 5]
    assert summary["actions_checked"] > 500 and summary["tunnels"] > 0


def test_the_soaks_checker_finds_a_broken_invariant() -> None:
    board = TTR.rules.load_board(EUROPE)
    state = TTR.rules.new_game(board, ["A", "B", "C"], {}, 3)
    checker = TTR.rules.checker(state)
    action = TTR.rules.legal_actions(state)[0]

    def cheat(s: GameState, a: Action) -> GameState:
        after: GameState = TTR.rules.apply(s, a)
        after.players[0].wagons -= 1  # a wagon lost (T-M7)
        return after

    checker.step(state, action, cheat)
    assert any("T-M7" in v for v in checker.violations)


def test_an_empty_deck_beside_a_discard_breaks_D_9_only_while_the_game_goes_on() -> None:
    """D-9: the discard goes into an empty deck at once while the game goes on; the claim that
    ends a game is followed by no reshuffle (the long soak's seed 65, three seats: its last
    claim paid two cards into the discard of an empty deck)."""
    from rail_app.devtools.soak import soak_game
    from rail_app.games.ttr.rules.invariants import invariants

    report = soak_game("ttr", EUROPE, 65)
    assert report.finished and report.violations == [] and report.error is None
    board = TTR.rules.load_board(EUROPE)
    state = TTR.rules.new_game(board, ["A", "B", "C"], {}, 3)
    state.discard, state.deck = state.deck, []
    assert any("(D-9)" in p for p in invariants(state))
    state.step = Step.OVER
    assert not any("(D-9)" in p for p in invariants(state))


def test_tournament_and_fuzz_soak_take_it(capsys: pytest.CaptureFixture[str]) -> None:
    assert cli.main(["tournament", "--game", "ttr", "--table", "planner,random", "--seats",
                     "2", "--games", "2", "--jobs", "1", "--quiet", "--json"]) == 0
    doc = json.loads(capsys.readouterr().out)
    assert doc["summary"]["errors"] == 0 and doc["summary"]["levels"]["planner"]["wins"] == 2
    assert cli.main(["fuzz", "soak", "--game", "ttr", "--count", "2"]) == 0
    assert "PASSED" in capsys.readouterr().out


def test_a_record_replays_byte_for_byte(tmp_path: Path,
                                        capsys: pytest.CaptureFixture[str]) -> None:
    state = _played(3, 7)
    assert state.step is Step.OVER
    rec = records.record_of(TTR, state, EUROPE, 7)
    path = tmp_path / "game.json"
    records.save_record(path, rec, TTR)
    back = records.record_from_dict(records.read_json(path), TTR, str(path))
    replayed, results = records.replay(TTR, back, TTR.rules.load_board(EUROPE, needs=back.options))
    assert all(r.ok for r in results)
    assert TTR.rules.fingerprint(replayed) == TTR.rules.fingerprint(state)
    outs = []
    for _ in range(2):
        assert cli.main(["replay", str(path), "--json"]) == 0
        outs.append(capsys.readouterr().out)
    assert outs[0] == outs[1]
    doc = json.loads(outs[0])
    assert state.final is not None
    assert [p["score"] for p in doc["final"]["players"]] == [s.total for s in state.final.scores]
    assert len(doc["actions"]) == len(state.history) and all(a["ok"] for a in doc["actions"])


def test_a_save_carries_the_whole_game(tmp_path: Path) -> None:
    seats = [Seat(f"P{i}", SeatKind.COMPUTER, Level.NORMAL, ink)
             for i, ink in enumerate(("blue", "orange", "vermillion"))]
    session = Session.new(GameSetup(EUROPE, seats, 11, {"first_player": 1}, game="ttr"))
    state = session.state
    players = [TTR.player("planner", s, 11) for s in range(3)]
    for _ in range(60):
        seat = TTR.rules.to_act(session.state)
        session.apply(players[seat].choose(TTR.rules.seen_by(session.state, seat)))
    path = tmp_path / "ttr.json"
    session.save(path)
    loaded = Session.load(path)
    assert TTR.rules.fingerprint(loaded.state) == TTR.rules.fingerprint(session.state)
    assert loaded.state.options.first_player == 1 and state.first == 1
    assert loaded.world is not None and {"map", "geometry"} <= set(loaded.world.to_json())
    assert loaded.notes == []


def test_the_first_choice_is_secret_and_in_seat_order_from_the_first_player() -> None:
    """T-S5, D-6: the players choose one after another from the first player, each seeing
    only their own deal."""
    board = TTR.rules.load_board(EUROPE)
    state = TTR.rules.new_game(board, ["A", "B", "C"], {"first_player": 2}, 4)
    order = []
    while state.step is Step.FIRST_TICKETS:
        seat = state.current
        order.append(seat)
        view = TTR.rules.seen_by(state, seat)
        assert [len(o) for o in view.first_offer] == [4 if s == seat else 0 for s in range(3)]
        state = TTR.rules.apply(state, KeepTickets(tuple(state.first_offer[seat][:2])))
    assert order == [2, 0, 1]


def test_every_event_has_its_sentence_in_english_and_spanish() -> None:
    state = _played(4, 3)
    board = state.board
    names = [p.name for p in state.players]
    kinds = {e.kind for e in state.log}
    assert {EventKind.TURN_BEGAN, EventKind.ROUTE_CLAIMED, EventKind.GAME_ENDED} <= kinds
    for language in ("en", "es"):
        with i18n.using_language(language):
            for e in state.log:
                for seen in (e, e.seen_by(-1)):
                    text = words.sentence(board, names, seen)
                    assert text and not text.startswith(str(seen.kind)), seen
    with i18n.using_language("es"):
        claimed = next(e for e in state.log if e.kind is EventKind.ROUTE_CLAIMED)
        assert "declara" in words.sentence(board, names, claimed)
        assert words.card_name(0) == "lila" and words.card_name(8) == "locomotora"


def test_a_refusal_names_its_rule_in_a_players_words_in_both_languages() -> None:
    board = TTR.rules.load_board(EUROPE)
    state = TTR.rules.new_game(board, ["A", "B"], {}, 1)
    wrong = engine.quote(state, KeepTickets(()))
    assert wrong.rules == ["T-S5"] and "Keep at least 2 tickets" in wrong.violations[0].message
    with i18n.using_language("es"):
        again = engine.quote(state, KeepTickets(()))
        assert again.rules == ["T-S5"] and "billetes" in again.violations[0].message


def test_the_harnesses_name_ttr_among_the_games() -> None:
    assert "ttr" in registry.ids() and registry.game("ttr") is TTR


def test_bench_measures_the_rules(capsys: pytest.CaptureFixture[str]) -> None:
    """bench --game ttr gives every figure (not their values, which are the machine's)."""
    assert cli.main(["bench", "--game", "ttr", "--quick", "--json"]) == 0
    doc = json.loads(capsys.readouterr().out)
    for key in ("legal_median_ms", "legal_p95_ms", "quote_median_ms", "apply_median_ms",
                "scoring_p95_ms", "longest_path_p95_ms", "stations_best_use_p95_ms",
                "baseline_ms", "legal_median_ratio", "quote_median_ratio",
                "scoring_p95_ratio"):
        assert isinstance(doc[key], float) and doc[key] >= 0, key
    assert doc["positions"] > 100 and doc["legal_actions_median"] > 1
