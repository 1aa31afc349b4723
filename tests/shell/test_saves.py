"""Saved games: one file holding the record, the seats and the world (map, GeoJSON, deck)
the game was played on, written atomically; hostile saves refused with one clear line;
older two-file saves still loading; temporary files of interrupted saves cleaned up."""

from __future__ import annotations

import json
import os
import shutil
from pathlib import Path
from typing import Any

import pytest

from rail_app.games.italian_rails.rules.record import record_from_game, record_text
from rail_app.ui import screens
from rail_app.ui.session import (
    COMPUTER,
    HUMAN,
    GameSetup,
    LoadError,
    Seat,
    Session,
    saves_dir,
)
from tests.waiting import apart

ROOT = Path(__file__).resolve().parents[2]
MINI = str(ROOT / "maps" / "test" / "mini.yaml")


def _game(map_path: str = MINI, seed: int = 5, steps: int = 40) -> Session:
    from rail_app.devtools.games import played_session

    return played_session(map_path, seed=seed, steps=steps)


def _older_save(session: Session, folder: Path, seats: Any = None) -> Path:
    """The game saved as older versions saved it: a record, and a .seats file beside it."""
    path = folder / "old.json"
    rec = record_from_game(session.state, session.setup.map_path)
    path.write_text(record_text(rec), encoding="utf-8")
    side = {"seats": seats if seats is not None else [
        {"name": s.name, "kind": s.kind, "level": s.level, "ink": s.ink}
        for s in session.setup.seats], "map": session.setup.map_path, "saved": "2025-01-01"}
    (folder / "old.json.seats").write_text(json.dumps(side), encoding="utf-8")
    return path


def _load_error(path: Path) -> str:
    with pytest.raises(LoadError) as err:
        Session.load(path)
    text = str(err.value)
    assert "\n" not in text and len(text) < 300, text[:400]
    return text


def _edit_save(path: Path, edit: Any) -> None:
    data = json.loads(path.read_text(encoding="utf-8"))
    edit(data)
    path.write_text(json.dumps(data), encoding="utf-8")


# -- one file, with its world --------------------------------------------------------------------


def test_a_save_is_one_file_with_the_seats_and_the_world(tmp_path: Path) -> None:
    session = _game()
    path = tmp_path / "g.json"
    session.save(path)
    assert sorted(p.name for p in tmp_path.iterdir()) == ["g.json"]  # no .seats, no temp
    data = json.loads(path.read_text(encoding="utf-8"))
    assert data["format"] == "rail-table-save" and data["version"] == 4
    assert [s["kind"] for s in data["seats"]] == ["human", "computer"]
    assert set(data["world"]) == {"map", "deck"}  # the Mini map has its geometry inline
    assert data["world"]["map"]["sha256"] == data["record"]["map_sha256"]
    back = Session.load(path)
    assert back.state.history == session.state.history
    assert [(s.name, s.kind, s.level, s.ink) for s in back.setup.seats] == \
        [(s.name, s.kind, s.level, s.ink) for s in session.setup.seats]


def test_a_save_replays_the_same_after_its_map_files_change(tmp_path: Path) -> None:
    """The save carries its map, GeoJSON and deck: editing (here: ruining) the map files
    after saving changes nothing for the saved game."""
    from rail_app.games.italian_rails.rules.replay import state_summary

    maps = tmp_path / "maps"
    maps.mkdir()
    for name in ("italy.yaml", "italy.geojson", "italy-deck.yaml"):
        shutil.copyfile(ROOT / "maps" / name, maps / name)
    session = _game(str(maps / "italy.yaml"), seed=2, steps=60)
    before = json.dumps(state_summary(session.state), sort_keys=True, default=str)
    path = tmp_path / "italy-game.json"
    session.save(path)
    # The map changes: other terrain costs, a city moved, a river gone, another deck.
    text = (maps / "italy.yaml").read_text(encoding="utf-8")
    text = text.replace("terrain_costs: {plain: 1,", "terrain_costs: {plain: 2,")
    text = text.replace("at: [7.6868, 45.0705]", "at: [7.9, 44.9]")
    (maps / "italy.yaml").write_text(text, encoding="utf-8")
    geo = json.loads((maps / "italy.geojson").read_text(encoding="utf-8"))
    geo["features"] = [f for f in geo["features"] if f["properties"].get("layer") != "river"]
    (maps / "italy.geojson").write_text(json.dumps(geo), encoding="utf-8")
    deck = (maps / "italy-deck.yaml").read_text(encoding="utf-8")
    (maps / "italy-deck.yaml").write_text(deck.replace("payoff: 1", "payoff: 2"),
                                          encoding="utf-8")
    back = Session.load(path)
    assert back.state.history == session.state.history
    assert json.dumps(state_summary(back.state), sort_keys=True, default=str) == before
    assert back.notes == []
    # ...and it goes on saving the world it was played on
    back.save(tmp_path / "again.json")
    again = json.loads((tmp_path / "again.json").read_text(encoding="utf-8"))
    assert again["world"] == json.loads(path.read_text(encoding="utf-8"))["world"]


def test_the_replay_command_plays_a_save_on_the_map_it_carries(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    from rail_app import cli

    session = _game()
    path = tmp_path / "g.json"
    session.save(path)
    assert cli.main(["replay", str(path), "--json"]) == 0
    doc = json.loads(capsys.readouterr().out)
    assert len(doc["actions"]) == len(session.state.history)
    assert all(a["ok"] for a in doc["actions"]) and doc["warnings"] == []


def test_a_save_whose_packed_map_differs_from_its_record_is_refused(tmp_path: Path) -> None:
    session = _game()
    path = tmp_path / "g.json"
    session.save(path)
    _edit_save(path, lambda d: d["record"].update(map_sha256="ab" * 32))
    assert "the map it carries is not the map of its record" in _load_error(path)


# -- older saves ---------------------------------------------------------------------------------


def test_older_two_file_saves_still_load(tmp_path: Path) -> None:
    session = _game()
    path = _older_save(session, tmp_path)
    back = Session.load(path)
    assert back.state.history == session.state.history
    assert [s.kind for s in back.setup.seats] == ["human", "computer"]
    back.save(path)  # saved again: one file, the side file goes
    assert not (tmp_path / "old.json.seats").exists()
    assert Session.load(path).setup.seats[1].kind == "computer"


def test_an_older_save_whose_map_changed_says_so(tmp_path: Path) -> None:
    """map_sha256 is no longer ignored: the game loads with a note, and when its actions no
    longer fit, it loads up to the first that does not, saying that the map changed."""
    mini = tmp_path / "mini.yaml"
    shutil.copyfile(MINI, mini)
    shutil.copyfile(ROOT / "maps" / "test" / "mini-deck.yaml", tmp_path / "mini-deck.yaml")
    session = _game(str(mini))
    path = _older_save(session, tmp_path)
    mini.write_text(mini.read_text(encoding="utf-8") + "\n# edited\n", encoding="utf-8")
    back = Session.load(path)
    assert any("map has changed" in n for n in back.notes)
    assert "rules:" not in mini.read_text(encoding="utf-8")
    mini.write_text(mini.read_text(encoding="utf-8") + "rules: {build_budget: 1}\n",
                    encoding="utf-8")
    back = Session.load(path)
    refused = [n for n in back.notes if "no longer allows its action" in n]
    assert len(refused) == 1 and "its map has changed since it was saved" in refused[0]
    assert "(K7: " in refused[0] and len(back.state.history) < len(session.state.history)
    assert back.state.history == session.state.history[:len(back.state.history)]


def test_a_save_made_before_a_rules_fix_loads_up_to_the_action_now_refused(
        tmp_path: Path) -> None:
    """tests/saves/old-rules-lost-turn.json was saved by the version before the lost-turn
    rule of E4: a flood washed out Bruno's bridge over the Fiume, a derailment cost him the
    turn after the flood, and Anna then built where his bridge had been (action 22), as that
    version let her. Now a lost turn is no turn to rebuild, so that action is refused: the
    game loads up to it, and one sentence says which action and which rule."""
    path = tmp_path / "old.json"
    shutil.copyfile(ROOT / "tests" / "saves" / "old-rules-lost-turn.json", path)
    back = Session.load(path)
    assert len(back.state.history) == 21  # actions 1-21 of 24
    (note,) = back.notes
    assert note.startswith("This game loads up to turn 9: the rules of this version no "
                           "longer allow its action 22, Anna builds from ")
    assert "(E4: Can't build here: Bruno's track was washed out here" in note
    assert note.endswith("so the 3 actions from there on are left out.")
    assert "\n" not in note and ". " not in note  # one sentence
    state = back.state
    assert state.players[0].name == "Anna" and state.current == 0 and state.phase == "build"
    bridge = (state.board.dot("2,7"), state.board.dot("3,7"))
    assert tuple(sorted(bridge)) not in state.owner  # still washed out, Bruno's to rebuild
    # the game goes on from there
    from rail_app.games.italian_rails.rules.actions import EndTurn

    assert back.apply(EndTurn()).ok and back.state.current == 1


def test_the_seats_of_another_game_beside_an_older_save_are_not_used(tmp_path: Path) -> None:
    session = _game()
    path = _older_save(session, tmp_path, seats=[
        {"name": "Carla", "kind": "computer", "level": "hard", "ink": "black"},
        {"name": "Dario", "kind": "human", "level": "normal", "ink": "sky blue"}])
    back = Session.load(path)
    assert [s.name for s in back.setup.seats] == [p.name for p in session.state.players]
    assert any("belong to another game" in n for n in back.notes)


# -- item 1: nesting and huge numbers ----------------------------------------------------------


@pytest.mark.parametrize("where", ["save", "seats"])
def test_deep_nesting_and_5000_digit_numbers_are_refused(tmp_path: Path, where: str) -> None:
    session = _game()
    path = _older_save(session, tmp_path)
    target = path if where == "save" else tmp_path / "old.json.seats"
    head = json.dumps(json.loads(target.read_text(encoding="utf-8")))[:-1]  # without the }
    target.write_text(head + ', "x": ' + "[" * 20_000 + "]" * 20_000 + "}", encoding="utf-8")
    assert "nested too deeply" in _load_error(path)
    target.write_text(head + ', "x": 1' + "0" * 5000 + "}", encoding="utf-8")
    assert "a number of 5001 digits is too long" in _load_error(path)


# -- item 2: seats -------------------------------------------------------------------------------


@pytest.mark.parametrize("key, value, phrase", [
    ("kind", "alien", "kind must be human or computer, not 'alien'"),
    ("level", 5, "level must be easy, normal or hard, not 5"),
    ("ink", {"r": 0, "g": 114, "b": 178}, "unknown ink {"),
    ("ink", "plaid", "unknown ink 'plaid'"),
    ("name", "N" * 5000, "the name must be 1 to 40 printable characters"),
    ("name", "\x1b\u200b\u00ad", "printable characters"),  # nothing a player can see
])
@pytest.mark.parametrize("older", [False, True])
def test_impossible_seats_are_refused(tmp_path: Path, key: str, value: Any, phrase: str,
                                      older: bool) -> None:
    session = _game()
    if older:
        seats = [{"name": s.name, "kind": s.kind, "level": s.level, "ink": s.ink}
                 for s in session.setup.seats]
        seats[1][key] = value
        path = _older_save(session, tmp_path, seats=seats)
    else:
        path = tmp_path / "g.json"
        session.save(path)
        _edit_save(path, lambda d: d["seats"][1].update({key: value}))
    assert phrase in _load_error(path)


def test_a_50_mb_name_is_refused_by_the_size_of_the_file(tmp_path: Path) -> None:
    session = _game()
    path = tmp_path / "g.json"
    session.save(path)
    _edit_save(path, lambda d: d["seats"][0].update(name="N" * (50 << 20)))
    assert "too large for a saved game file" in _load_error(path)  # by its size, unread


def test_a_refused_ink_never_reaches_the_game_screen(tmp_path: Path) -> None:
    """An ink that is a JSON object used to crash the game screen (unhashable dict)."""
    from rail_app.ui.scenes import open_saved_game

    session = _game()
    path = tmp_path / "g.json"
    session.save(path)
    _edit_save(path, lambda d: d["seats"][0].update(ink={"r": 1}))
    from rail_app.ui.app import App
    from rail_app.ui.settings import Settings

    app = App(size=(1280, 720), fullscreen=False, settings=Settings())
    assert not open_saved_game(app, path)
    app.step(1 / 60, [])
    assert type(app.scene).__name__ == "MenuScene"
    assert "unknown ink" in app.scene.error_text  # type: ignore[attr-defined]


# -- item 3: a save whose map is a device, map_sha256 --------------------------------------------


@pytest.mark.parametrize("kind", ["/dev/zero", "fifo", "folder"])
def test_a_save_whose_map_is_not_a_file_is_refused_at_once(tmp_path: Path, kind: str) -> None:
    session = _game()
    path = _older_save(session, tmp_path)
    target = {"/dev/zero": "/dev/zero", "fifo": str(tmp_path / "fifo.yaml"),
              "folder": str(tmp_path)}[kind]
    if kind == "fifo":
        os.mkfifo(target)
    _edit_save(path, lambda d: d.update(map=target))
    said = apart(_load_message, str(path))  # a hang would be the pool's timeout
    assert said.startswith("refused: old.json: its map cannot be loaded:"), said


def _load_message(path: str) -> str:
    try:
        Session.load(Path(path))
    except LoadError as exc:
        return f"refused: {exc}"
    return "loaded"


# -- item 5: atomic, one file; temporary files of interrupted saves --------------------------------


def test_temporary_files_of_interrupted_saves_are_removed_when_the_game_starts() -> None:
    from rail_app.ui.app import App
    from rail_app.ui.settings import Settings

    folder = saves_dir()
    orphans = [folder / ".autosave.json.x1y2z3ab.tmp", folder / ".game-1.json.k9_8q7zz.tmp"]
    for p in orphans:
        p.write_text("{half a save", encoding="utf-8")
    keep = folder / "game-1.json"
    keep.write_text("{}", encoding="utf-8")
    App(size=(1280, 720), fullscreen=False, settings=Settings())
    assert not any(p.exists() for p in orphans)
    assert keep.exists()


@pytest.mark.slow
def test_killing_the_game_while_it_saves_loses_nothing_and_mixes_nothing() -> None:
    """The short run of the kill-during-save fuzzer (``python -m rail_app fuzz kill
    --long`` kills 100 times)."""
    from rail_app.devtools import fuzz_kill

    summary = fuzz_kill.run(seed=2, count=fuzz_kill.SHORT_COUNT)
    assert summary["lost"] == 0 and summary["mismatched"] == 0, summary
    assert summary["children_that_did_not_start"] == 0, summary
    assert summary["temp_files_left_after_next_start"] == 0, summary


# -- item 6: messages stay short ----------------------------------------------------------------


def test_a_huge_version_number_is_refused_in_a_short_message(tmp_path: Path) -> None:
    session = _game()
    path = tmp_path / "g.json"
    session.save(path)
    text = path.read_text(encoding="utf-8").replace('"version": 3', '"version": 3' + "0" * 400,
                                                     1)
    path.write_text(text, encoding="utf-8")
    message = _load_error(path)
    assert "0" * 60 not in message and "too long" in message
    from rail_app.games.italian_rails.rules.record import RecordError, record_from_dict

    with pytest.raises(RecordError) as err:
        record_from_dict({"format": "italian-rails-record", "version": 10**400})
    assert "a number of about 400 digits" in str(err.value) and len(str(err.value)) < 150


def test_the_game_shows_a_note_from_a_loaded_save() -> None:
    from rail_app.ui.app import App
    from rail_app.ui.settings import Settings

    session = _game()
    session.notes = ["The map has changed since this game was saved; it may not play as it did."]
    app = App(size=(1280, 720), fullscreen=False, settings=Settings())
    scene = app.reset(screens.game(app, session))
    app.step(1 / 60, [])
    from rail_app.games.italian_rails.ui.scene import GameScene

    assert isinstance(scene, GameScene)
    assert any("map has changed" in n.reason for n in scene.table.notices)


def test_seats_of_a_new_game_are_kept(tmp_path: Path) -> None:
    seats = [Seat("Anna", COMPUTER, "easy", "vermillion"), Seat("Bruno", HUMAN, "normal", "black")]
    session = Session.new(GameSetup(MINI, seats, 9, {"building_only": True}))
    session.save(tmp_path / "p.json")
    back = Session.load(tmp_path / "p.json")
    assert [(s.kind, s.level, s.ink) for s in back.setup.seats] == [
        ("computer", "easy", "vermillion"), ("human", "normal", "black")]
    assert back.setup.options.get("building_only")
