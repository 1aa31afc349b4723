"""Rail Pass's configuration files (``game: railpass``, ``maps/railpass-schema.json``): the nine
of R-K4 load and say what they hold; every mistake is reported as file:line: key: message
(D-30's checks and the schema's); the new-configuration starter writes a valid file with
its schema beside it."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from rail_app import cli
from rail_app.core.mapfile import MapError
from rail_app.core.paths import resource_path
from rail_app.games.railpass.authoring.configtools import (
    NewConfigurationError,
    new_configuration,
)
from rail_app.games.railpass.rules.configfile import (
    configuration_to_yaml,
    load_configuration,
    railpass_schema,
)
from tests.railpasshelp import CONFIGS, config

GOOD = """\
game: railpass
format: 1
id: T1
name: Test circle
minutes: 9
links:
  - {between: [K, R]}
  - {between: [R, G], obstacle: tunnel}
  - {between: [G, B]}
  - {between: [B, Y], obstacle: bridge}
  - {between: [Y, W]}
  - {between: [W, K], obstacle: tunnel}
seats:
  - [K, R]
  - [G, B]
  - [Y, W]
"""


def problems(tmp_path: Path, text: str) -> list[str]:
    path = tmp_path / "c.yaml"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(MapError) as err:
        load_configuration(path)
    return [str(p) for p in err.value.problems]


def test_the_nine_configurations_load_and_validate_map_says_what_they_hold(
        capsys: pytest.CaptureFixture[str]) -> None:
    for cid in CONFIGS:
        path = resource_path("maps", f"railpass-{cid.lower()}.yaml")
        assert cli.main(["validate-map", str(path), "--json"]) == 0
        out = json.loads(capsys.readouterr().out)
        assert out["id"] == cid and out["seats"] == config(cid).seat_count


def test_a_configuration_round_trips_through_its_text(tmp_path: Path) -> None:
    for cid in CONFIGS:
        path = tmp_path / f"{cid}.yaml"
        path.write_text(configuration_to_yaml(config(cid)), encoding="utf-8")
        back = load_configuration(path)
        assert (back.links, back.seats, back.blocked, back.minutes, back.stickers) == (
            config(cid).links, config(cid).seats, config(cid).blocked, config(cid).minutes,
            config(cid).stickers)


def test_a_good_file_loads(tmp_path: Path) -> None:
    path = tmp_path / "c.yaml"
    path.write_text(GOOD, encoding="utf-8")
    assert load_configuration(path).seat_count == 3


def test_an_unknown_key_is_named_with_its_line_and_a_suggestion(tmp_path: Path) -> None:
    found = problems(tmp_path, GOOD.replace("minutes: 9", "minuets: 9"))
    assert any(":5: " in p and "minuets" in p and "minutes" in p for p in found)


def test_a_city_that_is_not_one_of_the_six(tmp_path: Path) -> None:
    found = problems(tmp_path, GOOD.replace("[G, B]\n  - [Y, W]", "[G, B]\n  - [Y, Q]"))
    assert any(":16: seats[2][1]" in p and "'Q'" in p for p in found)


def test_D_30_an_obstacle_between_one_seats_cities(tmp_path: Path) -> None:
    found = problems(tmp_path, GOOD.replace("{between: [K, R]}",
                                            "{between: [K, R], obstacle: tunnel}"))
    assert any(":7: links[0]: K-R tunnel" in p and "different seats" in p for p in found)


def test_D_30_a_blocked_marker_between_linked_cities(tmp_path: Path) -> None:
    found = problems(tmp_path, GOOD + "blocked:\n  - [K, R]\n")
    assert any(":18: blocked[0]" in p and "R-M9" in p for p in found)


def test_D_30_too_many_tunnels_and_a_network_in_two_pieces(tmp_path: Path) -> None:
    links = ("links:\n  - {between: [K, R]}\n  - {between: [R, G]}\n  - {between: [G, K]}\n"
             "  - {between: [B, Y]}\n  - {between: [Y, W]}\n")
    text = GOOD[:GOOD.index("links:")] + links + GOOD[GOOD.index("seats:"):]
    found = problems(tmp_path, text)
    assert any("cannot be reached" in p for p in found)
    four = GOOD.replace("{between: [K, R]}", "{between: [K, W], obstacle: tunnel}").replace(
        "[W, K], obstacle: tunnel", "[W, K], obstacle: tunnel").replace(
        "{between: [G, B]}", "{between: [G, B], obstacle: tunnel}")
    found = problems(tmp_path, four)
    assert any("tunnels" in p for p in found)


def test_R_S8_a_city_without_a_seat_and_a_city_twice(tmp_path: Path) -> None:
    found = problems(tmp_path, GOOD.replace("[Y, W]", "[Y, K]"))
    assert any("seats[2]" in p and "R-S8" in p for p in found)
    assert any("no seat controls W" in p for p in found)


def test_R_K2_a_clock_longer_than_the_published_one(tmp_path: Path) -> None:
    found = problems(tmp_path, GOOD.replace("minutes: 9", "minutes: 10"))
    assert any(":5: minutes" in p and "R-K2" in p for p in found)


def test_a_file_that_is_not_a_configuration(tmp_path: Path) -> None:
    assert any("game: railpass" in p for p in problems(tmp_path, "- a list\n"))
    assert any("missing key 'game'" in p for p in problems(tmp_path, "name: x\n"))


def test_validate_map_prints_file_line_messages_and_exits_2(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "bad.yaml"
    path.write_text(GOOD.replace("minutes: 9", "minutes: 99"), encoding="utf-8")
    assert cli.main(["validate-map", str(path)]) == 2
    err = capsys.readouterr().err
    assert f"{path}:5:" in err and "minutes" in err


def test_the_schema_describes_every_key() -> None:
    schema = railpass_schema()

    def walk(node: object) -> None:
        if isinstance(node, dict):
            for key, sub in node.get("properties", {}).items():
                assert "description" in sub or "$ref" in sub, key
                walk(sub)
            for part in ("items", "definitions"):
                if part in node:
                    walk(node[part] if part == "items" else {"properties": node[part]})

    walk(schema)
    assert schema["$schema"].startswith("http://json-schema.org/draft-07")


def test_the_starter_writes_a_valid_configuration_with_its_schema(tmp_path: Path) -> None:
    path = new_configuration("my-circle", tmp_path)
    assert (tmp_path / "railpass-schema.json").is_file()
    assert path.read_text(encoding="utf-8").startswith(
        "# yaml-language-server: $schema=railpass-schema.json")
    assert load_configuration(path).seat_count == 3
    with pytest.raises(NewConfigurationError, match="exists already"):
        new_configuration("my-circle", tmp_path)
    with pytest.raises(NewConfigurationError, match="a configuration's name"):
        new_configuration("no good", tmp_path)
    assert new_configuration("my-circle", tmp_path, force=True) == path


def test_new_map_for_the_game_writes_the_starter(tmp_path: Path,
                                                capsys: pytest.CaptureFixture[str]) -> None:
    assert cli.main(["new-map", "tri", "--game", "railpass", "--dir", str(tmp_path)]) == 0
    assert "wrote" in capsys.readouterr().out
    assert cli.main(["validate-map", str(tmp_path / "tri.yaml")]) == 0
