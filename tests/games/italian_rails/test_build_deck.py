"""``build-deck`` and ``new-map``: decks made from any valid map (C1, E9), a starter map
that validates and plays."""

from __future__ import annotations

import shutil
from pathlib import Path
from typing import Any

import pytest
from buildhelp import ITALY, MINI

from rail_app.cli import main
from rail_app.games.italian_rails.authoring.deckbuild import (
    SCALE,
    build_cards,
    choose_events,
    route_costs,
)
from rail_app.games.italian_rails.authoring.deckstats import deck_stats
from rail_app.games.italian_rails.rules.board import load_board
from rail_app.games.italian_rails.rules.deck import load_deck
from rail_app.ui import screens


def _mini_copy(tmp_path: Path) -> Path:
    for p in MINI.parent.glob("mini*.yaml"):
        shutil.copy(p, tmp_path / p.name)
    return tmp_path / "mini.yaml"


def test_C1_build_deck_makes_a_deck_the_game_loads(tmp_path: Path,
                                                   capsys: pytest.CaptureFixture[str]) -> None:
    path = _mini_copy(tmp_path)
    out = tmp_path / "new-deck.yaml"
    assert main(["build-deck", str(path), "-o", str(out), "--cards", "60", "--seed", "3"]) == 0
    assert f"wrote {out}" in capsys.readouterr().out
    board = load_board(path)
    deck = load_deck(out, board, use_cache=False)
    assert sorted(deck.cards) == list(range(1, 61))
    demand = [c for c in deck.cards.values() if not c.is_event]
    for card in demand:  # C1: three demands, three commodities, highest payoff first
        assert len(card.demands) == 3
        assert len({d.commodity for d in card.demands}) == 3
        assert [d.payoff for d in card.demands] == sorted((d.payoff for d in card.demands),
                                                          reverse=True)
        assert all(d.payoff > SCALE.base for d in card.demands)  # no delivery next door
    # the same seed gives the same bytes; another seed another deck
    again = tmp_path / "again.yaml"
    assert main(["build-deck", str(path), "-o", str(again), "--cards", "60", "--seed", "3"]) == 0
    assert again.read_bytes() == out.read_bytes()
    other = tmp_path / "other.yaml"
    assert main(["build-deck", str(path), "-o", str(other), "--cards", "60", "--seed", "4"]) == 0
    assert other.read_bytes() != out.read_bytes()


def test_C1_payoffs_grow_with_the_route_and_gela_marble_pays_41() -> None:
    """RULES.md §9: payoffs follow the cheapest route; Gela asking for marble is the fixed
    point of the scale and is in the deck."""
    board = load_board(ITALY)
    plan = build_cards(board)
    costs = route_costs(board)
    pays = {(d["city"], d["commodity"]): d["payoff"] for c in plan.cards if "demands" in c
            for d in c["demands"]}
    assert pays[("Gela", "marble")] == 41
    ordered = sorted(pays, key=lambda cm: costs[cm])
    assert pays[ordered[0]] <= pays[ordered[len(ordered) // 2]] <= pays[ordered[-1]]
    for cm, pay in pays.items():
        assert pay == round(SCALE.base + plan.k * costs[cm])


def test_E9_events_come_from_what_the_map_has() -> None:
    board = load_board(MINI)
    events = choose_events(board)
    kinds = [e["event"] for e in events]
    assert kinds.count("tax") == 1
    floods = [e for e in events if e["event"] == "flood"]
    assert floods and floods[0]["params"] == {"systems": ["Grande"]}  # the most crossed
    seas = {e["params"].get("sea") for e in events if e["event"] == "storm"}
    assert None in seas and "East Sea" in seas  # the ferry storm, and its sea
    assert [e["params"]["volcano"] for e in events if e["event"] == "volcano"] == ["Monte"]
    for e in events:
        for city in e.get("params", {}).get("cities", []):
            assert city in board.cities


def test_build_deck_refuses_bad_input(tmp_path: Path,
                                      capsys: pytest.CaptureFixture[str]) -> None:
    path = _mini_copy(tmp_path)
    assert main(["build-deck", str(path), "--anchor", "Gela-marble"]) == 2
    assert "CITY/COMMODITY/PAYOFF" in capsys.readouterr().err
    assert main(["build-deck", str(path), "--anchor", "Gela/marble/41"]) == 2
    assert "has no demand of marble at Gela" in capsys.readouterr().err
    text = path.read_text(encoding="utf-8").replace("deck: mini-deck.yaml\n", "")
    nodeck = tmp_path / "nodeck.yaml"
    nodeck.write_text(text, encoding="utf-8")
    assert main(["build-deck", str(nodeck)]) == 2
    assert "names no deck file" in capsys.readouterr().err
    assert main(["build-deck", str(tmp_path / "missing.yaml")]) == 2
    assert "file not found" in capsys.readouterr().err


def test_new_map_validates_and_its_deck_loads(tmp_path: Path,
                                              capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["new-map", "toscana", "--dir", str(tmp_path)]) == 0
    capsys.readouterr()
    path = tmp_path / "toscana.yaml"
    assert main(["validate-map", str(path)]) == 0
    out = capsys.readouterr()
    assert out.out.startswith(f"{path}: OK: Toscana:") and out.err == ""  # no weak spot
    board = load_board(path)
    assert board.deck_file == tmp_path / "toscana-deck.yaml"
    stats = deck_stats(load_deck(board.deck_file, board), board)
    assert stats.cards == 108 and not stats.never_asked_cities
    assert main(["new-map", "toscana", "--dir", str(tmp_path)]) == 2
    assert "exists already" in capsys.readouterr().err
    assert main(["new-map", "../etc", "--dir", str(tmp_path)]) == 2


def test_new_map_opens_in_the_game(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The starter map, written to the player's maps folder (a temporary one here), is
    listed by the New game dialog and a game with cards starts on it."""
    monkeypatch.setenv("ITALIAN_RAILS_DATA_DIR", str(tmp_path / "data"))
    from rail_app.core.paths import user_maps_dir
    from rail_app.ui.app import App
    from rail_app.ui.maplist import available_maps
    from rail_app.ui.session import COMPUTER, HUMAN, GameSetup, Seat, Session
    from rail_app.ui.settings import Settings

    assert main(["new-map", "lago"]) == 0
    path = user_maps_dir() / "lago.yaml"
    listed = available_maps()
    assert path in listed and user_maps_dir() / "lago-deck.yaml" not in listed
    app = App(size=(1280, 720), fullscreen=False, settings=Settings())
    seats = [Seat("Anna", HUMAN, "normal", "blue"), Seat("Bruno", COMPUTER, "normal", "orange")]
    scene: Any = app.reset(screens.game(app, Session.new(GameSetup(str(path), seats, 3))))
    app.step(1 / 60)
    assert scene.board.name == "Lago"
    assert len(scene.session.state.deck.cards) == 108


def test_new_map_points_its_editor_at_schemas_that_exist_beside_it(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """The first line of the new map and of its deck names a schema by a path relative to
    the file (as the YAML editor support reads it): that file exists there, is the game's
    own schema, and validates the file it is named by."""
    import json

    import jsonschema
    import yaml

    folder = tmp_path / "my maps"
    assert main(["new-map", "toscana", "--dir", str(folder)]) == 0
    out = capsys.readouterr().out
    for name, schema_name in (("toscana.yaml", "schema.json"),
                              ("toscana-deck.yaml", "deck-schema.json")):
        text = (folder / name).read_text(encoding="utf-8")
        first = text.splitlines()[0]
        assert first == f"# yaml-language-server: $schema={schema_name}", first
        schema_path = folder / first.split("$schema=", 1)[1]
        assert schema_path.is_file(), f"{name} names {schema_path}, which is not there"
        assert f"wrote {schema_path}" in out
        assert schema_path.read_bytes() == (ITALY.parent / schema_name).read_bytes()
        schema = json.loads(schema_path.read_text(encoding="utf-8"))
        assert schema["$schema"] == "http://json-schema.org/draft-07/schema#"
        assert list(jsonschema.Draft7Validator(schema).iter_errors(yaml.safe_load(text))) == []
    # a second map in the same folder finds the schemas already there
    assert main(["new-map", "umbria", "--dir", str(folder)]) == 0
    assert "schema.json" not in capsys.readouterr().out
    # build-deck writing a deck elsewhere puts the deck's schema beside it
    other = tmp_path / "elsewhere"
    assert main(["build-deck", str(folder / "toscana.yaml"), "-o",
                 str(other / "deck.yaml")]) == 0
    assert (other / "deck-schema.json").is_file()
