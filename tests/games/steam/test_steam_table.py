"""Steam on the table: its line in the registry (light: no rules on import), the shared
commands that take it (games, simulate, soak, validate-map, render-map, new-map), its
outcome and options as the table reads them, the executable's list of what it carries, and
the shell offering only the games that have a screen."""

from __future__ import annotations

import ast
import json
import re
import subprocess
import sys
from pathlib import Path

import pytest

from rail_app import cli
from rail_app.games.steam.game import STEAM
from rail_app.table import records, registry
from rail_app.table.outcome import OutcomeReason
from tests.waiting import HANG_S

ROOT = Path(__file__).resolve().parents[3]
ITALIA = ROOT / "maps" / "steam-italia.yaml"
SMALL = str(ROOT / "maps" / "test" / "steam-small.yaml")


def test_games_lists_steam_with_its_seat_range(capsys: pytest.CaptureFixture[str]) -> None:
    assert cli.main(["games", "--json"]) == 0
    steam = next(g for g in json.loads(capsys.readouterr().out)["games"] if g["id"] == "steam")
    assert steam["title"] == "Steam"
    assert steam["seats"] == {"min": 3, "max": 5, "default": 4, "extended": 6}
    assert cli.main(["games"]) == 0
    assert "steam: Steam, 3-5 players (6 with an option)" in capsys.readouterr().out


def test_steams_definition_loads_none_of_its_rules() -> None:
    code = ("import sys\nfrom rail_app.table import registry\n"
            "g = registry.game('steam')\n(g.title, g.seats, g.players, g.options)\n"
            "heavy = [m for m in sys.modules if m.startswith(('pygame', "
            "'rail_app.games.steam.rules.engine', 'rail_app.games.steam.rules.state', "
            "'rail_app.games.steam.ai'))]\n"
            "assert not heavy, heavy\n")
    proc = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True,
                          text=True, timeout=HANG_S)
    assert proc.returncode == 0, proc.stderr[-1500:]


def test_simulate_steam_prints_each_games_winner_scores_and_error(
        capsys: pytest.CaptureFixture[str]) -> None:
    """The winner is the index of its seat in --players: the seats are not rotated."""
    assert cli.main(["simulate", "--game", "steam", "--players", "greedy,random,random",
                     "--games", "3", "--seed", "1", "--jobs", "1", "--json"]) == 0
    doc = json.loads(capsys.readouterr().out)
    assert doc["players"] == ["greedy", "random", "random"]
    assert doc["map"] == "maps/steam-italia.yaml"
    assert len(doc["games"]) == 3
    for g in doc["games"]:
        assert g["error"] is None and len(g["scores"]) == 3
        assert g["winner"] in (0, 1, 2)  # a bankrupt seat scores 0 and ranks last (S-M8)
    assert doc["summary"]["errors"] == 0
    # seat 0 is the first name: the greedy player, who beats two random ones
    assert sum(g["winner"] == 0 for g in doc["games"]) >= 2


def test_simulate_refuses_an_unknown_player_and_names_the_games_players(
        capsys: pytest.CaptureFixture[str]) -> None:
    assert cli.main(["simulate", "--game", "steam", "--players", "greedy,wizard,random"]) == 2
    err = capsys.readouterr().err
    assert "'wizard'" in err
    for name in ("easy", "normal", "hard", "greedy", "random"):
        assert name in err
    assert cli.main(["simulate", "--game", "steam", "--players", "greedy,random"]) == 2
    assert "3-5 players" in capsys.readouterr().err


def test_a_player_of_every_name_chooses_a_legal_action() -> None:
    board = STEAM.rules.load_board(SMALL)
    state = STEAM.rules.new_game(board, ["A", "B", "C"], {}, 5)
    for name in STEAM.players:
        seat = STEAM.rules.to_act(state)
        assert seat is not None
        action = STEAM.player(name, seat, 1).choose(STEAM.rules.seen_by(state, seat))
        assert STEAM.rules.quote(state, action).ok, name
    with pytest.raises(ValueError, match="players: easy, normal, hard, greedy, random"):
        STEAM.player("wizard", 0, 1)


def test_soak_steam_checks_every_action_and_sums_up(capsys: pytest.CaptureFixture[str]) -> None:
    assert cli.main(["soak", "--game", "steam", "--games", "3", "--jobs", "1", "--json"]) == 0
    summary = json.loads(capsys.readouterr().out)["summary"]
    assert summary["games"] == 3 and summary["finished"] == 3
    assert summary["exceptions"] == 0 and summary["invariant_violations"] == 0
    assert summary["actions_checked"] > 100


def test_the_soaks_checker_finds_a_broken_invariant() -> None:
    board = STEAM.rules.load_board(SMALL)
    state = STEAM.rules.new_game(board, ["A", "B", "C"], {}, 3)
    checker = STEAM.rules.checker(state)
    action = STEAM.rules.legal_actions(state)[0]

    def cheat(s: object, a: object) -> object:
        after = STEAM.rules.apply(s, a)
        after.players[0].cash += 7  # money from nowhere: the ledger disagrees
        return after

    checker.step(state, action, cheat)
    assert any("the log adds up to" in v for v in checker.violations)


def test_the_outcome_ranks_every_seat_and_says_why_it_ended() -> None:
    board = STEAM.rules.load_board(SMALL)
    state = STEAM.rules.new_game(board, ["A", "B", "C", "D"], {}, 2)
    players = [STEAM.player("greedy", s, 2) for s in range(4)]
    while STEAM.rules.outcome(state) is None:
        seat = STEAM.rules.to_act(state)
        assert seat is not None
        state = STEAM.rules.apply(state, players[seat].choose(STEAM.rules.seen_by(state, seat)))
    out = STEAM.rules.outcome(state)
    assert out is not None and sorted(out.ranks) == [1, 2, 3, 4]  # S-W3 breaks every tie
    assert out.reason in (OutcomeReason.LAST_TURN, OutcomeReason.BANKRUPTCY)
    assert out.scores == STEAM.rules.scores(state)
    alive = [s for s in range(4) if not state.players[s].out]
    best = max(alive, key=lambda s: (out.scores[s], -out.ranks[s]))
    assert out.winner == best == state.outcome.winner
    assert all(out.ranks[s] > len(alive) for s in range(4) if s not in alive)
    assert STEAM.rules.turns_taken(state) == (state.turn,) * 4 and STEAM.rules.to_act(state) is None


def test_options_are_check_boxes_and_records_write_steams_own(tmp_path: Path) -> None:
    board = STEAM.rules.load_board(SMALL)
    state = STEAM.rules.new_game(board, [f"P{i}" for i in range(6)],
                           {"standard": True, "six_players": True}, 4)
    assert state.options.game == "standard" and state.options.six_players
    written = STEAM.rules.options_to_record(STEAM.rules.options_of(state))
    assert written == {"options": {"game": "standard", "first_order": "auction",
                                   "novice_borrowing": [], "six_players": True}}
    assert STEAM.rules.options_from_record(written) == STEAM.rules.options_of(state)
    rec = records.record_of(STEAM, state, SMALL, 4)
    records.save_record(tmp_path / "g.json", rec, STEAM)
    data = json.loads((tmp_path / "g.json").read_text(encoding="utf-8"))
    assert data["game"] == "steam" and data["options"]["game"] == "standard"
    with pytest.raises(ValueError, match="six-player option, S-V1"):
        STEAM.rules.new_game(board, [f"P{i}" for i in range(6)], {}, 4)  # S-V1
    with pytest.raises(ValueError, match="unknown option"):
        STEAM.rules.new_game(board, ["A", "B", "C"], {"ferries": True}, 4)


def test_validate_map_reads_steam_italia_and_a_broken_copy_names_file_and_line(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert cli.main(["validate-map", str(ITALIA)]) == 0
    assert "OK: Steam: Italia: 147 hexes, 24 cities" in capsys.readouterr().out
    text = ITALIA.read_text(encoding="utf-8")
    broken = text.replace("colour: red", "colour: crimson", 1)
    assert broken != text
    copy = tmp_path / "steam-italia.yaml"
    copy.write_text(broken, encoding="utf-8")
    (tmp_path / "steam-italia.geojson").write_bytes(
        (ROOT / "maps" / "steam-italia.geojson").read_bytes())
    line = broken[:broken.index("crimson")].count("\n") + 1
    assert cli.main(["validate-map", str(copy)]) == 2
    err = capsys.readouterr().err
    assert re.search(rf"{re.escape(str(copy))}:{line}: .*crimson", err), err


def test_render_map_draws_steam_italia(tmp_path: Path,
                                       capsys: pytest.CaptureFixture[str]) -> None:
    import pygame

    out = tmp_path / "italia.png"
    for _ in range(2):  # again after pygame was shut down and started (as other tests do)
        assert cli.main(["render-map", str(ITALIA), "-o", str(out), "--width", "400"]) == 0
        assert out.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
        assert "wrote" in capsys.readouterr().out
        pygame.quit()
        pygame.init()


def test_new_map_for_steam_writes_a_starter_that_validates(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert cli.main(["new-map", "--game", "steam", "valle", "--dir", str(tmp_path)]) == 0
    assert cli.main(["validate-map", str(tmp_path / "valle.yaml")]) == 0
    assert ": OK: " in capsys.readouterr().out


def test_the_tools_that_play_through_a_screen_refuse_a_game_without_one(
        capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    import dataclasses

    without = tuple(dataclasses.replace(g, screens=None) if g.id == "steam" else g
                    for g in registry.GAMES)
    monkeypatch.setattr(registry, "GAMES", without)  # as if Steam had no screen (yet)
    assert cli.main(["selftest", "--game", "steam"]) == 2
    assert "no game screen" in capsys.readouterr().err
    assert cli.main(["fuzz", "ui", "--game", "steam", "--count", "1"]) == 2
    assert "no game screen" in capsys.readouterr().err


def test_the_shell_offers_only_the_games_that_have_a_screen() -> None:
    from rail_app.ui.gamescreens import playable

    offered = [g.id for g in playable()]
    assert offered == [g.id for g in registry.GAMES if g.screens is not None]
    assert "italian-rails" in offered
    assert ("steam" in offered) == (registry.game("steam").screens is not None)


def _spec() -> tuple[list[tuple[str, str]], list[str]]:
    tree = ast.parse((ROOT / "ItalianRails.spec").read_text(encoding="utf-8"))
    datas: list[tuple[str, str]] = []
    excludes: list[str] = []
    for node in tree.body:
        if isinstance(node, ast.Assign) and isinstance(node.targets[0], ast.Name):
            if node.targets[0].id == "datas" and isinstance(node.value, ast.List):
                datas = [ast.literal_eval(e) for e in node.value.elts]
            if node.targets[0].id == "EXCLUDES":
                excludes = ast.literal_eval(node.value)
    return datas, excludes


def test_the_executable_carries_steams_maps_and_no_games_devtools() -> None:
    from rail_app.table import bundle

    datas, excludes = _spec()
    spec = (ROOT / "ItalianRails.spec").read_text(encoding="utf-8")
    assert "bundle.small_map_datas(" in spec and "bundle.devtools_packages()" in spec
    bundled = {src for src, _ in datas + bundle.small_map_datas(ROOT)}
    for needed in ("maps/steam-italia.yaml", "maps/steam-italia.geojson",
                   "maps/steam-schema.json", STEAM.small_map):
        assert any(Path(needed).match(pattern) and Path(needed).parent == Path(pattern).parent
                   for pattern in bundled), needed
    excludes += bundle.devtools_packages()
    for pkg in sorted((ROOT / "rail_app" / "games").glob("*/devtools/__init__.py")):
        assert f"rail_app.games.{pkg.parent.parent.name}.devtools" in excludes
