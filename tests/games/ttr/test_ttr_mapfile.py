"""Ticket to Ride map files: the schema (draft-07, a description on every key) and every
kind of fault the reader refuses, each named ``file:line: key: value: message`` (T-M1-T-M10,
T-F1, T-T1, D-19, D-33, D-36). Each hostile map is the map of Europe with one fault put in,
written beside a copy of its background."""

from __future__ import annotations

import json
import re
import shutil
from pathlib import Path

import jsonschema
import pytest
import yaml

from rail_app.core.mapfile import MapError
from rail_app.games.ttr.rules.mapfile import load_board

ROOT = Path(__file__).resolve().parents[3]
EUROPE = ROOT / "maps" / "ttr-europe.yaml"
SCHEMA = ROOT / "maps" / "ttr-schema.json"
PROBLEM = re.compile(r"^maps/bad\.yaml:(\d+): (\S+): (.+)$")


@pytest.fixture(scope="module")
def folder(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A folder with the map's background (one copy: its reading is kept per file)."""
    out = tmp_path_factory.mktemp("ttrmaps")
    shutil.copy(ROOT / "maps" / "ttr-europe.geojson", out / "ttr-europe.geojson")
    return out


def text() -> str:
    return EUROPE.read_text(encoding="utf-8")


def route_line(name_from: str, name_to: str) -> str:
    """The first line of a route item (from, to as written in the map)."""
    for line in text().splitlines():
        if line.startswith(f"  - {{from: {name_from}, to: {name_to},"):
            return line
    raise AssertionError(f"no route {name_from}-{name_to}")


def problems(folder: Path, content: str) -> list[tuple[int, str, str]]:
    """The problems of a map: (line, key, rest) each, every one file:line: key: ..."""
    path = folder / "bad.yaml"
    path.write_text(content, encoding="utf-8")
    with pytest.raises(MapError) as err:
        load_board(path, shown="maps/bad.yaml")
    out = []
    for p in err.value.problems:
        m = PROBLEM.match(str(p))
        assert m is not None, f"not file:line: key: message: {p}"
        out.append((int(m.group(1)), m.group(2), m.group(3)))
    return out


def line_of(content: str, needle: str) -> int:
    return next(i for i, ln in enumerate(content.splitlines(), 1) if needle in ln)


def one(found: list[tuple[int, str, str]]) -> tuple[int, str, str]:
    assert len(found) == 1, found
    return found[0]


# -- the schema --------------------------------------------------------------------------------


def test_the_schema_is_draft_07_and_describes_every_key() -> None:
    schema = json.loads(SCHEMA.read_text(encoding="utf-8"))
    assert schema["$schema"] == "http://json-schema.org/draft-07/schema#"
    jsonschema.Draft7Validator.check_schema(schema)

    def walk(node: object) -> int:
        count = 0
        if isinstance(node, dict):
            for key, sub in node.get("properties", {}).items():
                assert "description" in sub or "$ref" in sub, key
                count += 1
            count += sum(walk(v) for v in node.values())
        elif isinstance(node, list):
            count += sum(walk(v) for v in node)
        return count

    assert walk(schema) >= 30
    refs = re.findall(r'"\$ref": "([^"]+)"', SCHEMA.read_text(encoding="utf-8"))
    assert refs and all(r.startswith("#/definitions/") for r in refs)


def test_the_map_of_europe_is_valid_against_the_schema() -> None:
    data = yaml.safe_load(text())
    schema = json.loads(SCHEMA.read_text(encoding="utf-8"))
    jsonschema.Draft7Validator(schema).validate(data)
    assert text().startswith("# yaml-language-server: $schema=ttr-schema.json\n")


# -- schema faults ------------------------------------------------------------------------------


def test_a_misspelt_key(folder: Path) -> None:
    old = route_line("Amsterdam", "Bruxelles")
    bad = text().replace(old, old.replace("colour:", "color:"), 1)
    line, key, rest = one(problems(folder, bad))
    assert line == line_of(bad, "Amsterdam, to: Bruxelles")
    assert key.startswith("routes[") and key.endswith("].color")
    assert "unknown key (did you mean 'colour'?)" in rest


def test_a_bad_colour_and_a_length_not_in_the_table(folder: Path) -> None:
    """D-3: the nine colours; T-M9: no length 7."""
    old = route_line("Amsterdam", "Bruxelles")
    new = re.sub(r"colour: \w+", "colour: gren", old)
    new = re.sub(r"length: \d", "length: 7", new)
    found = problems(folder, text().replace(old, new, 1))
    assert len(found) == 2
    messages = " / ".join(f"{k}: {r}" for _, k, r in found)
    assert ".colour: 'gren': not one of purple, blue" in messages
    assert "(did you mean 'green'?)" in messages
    assert ".length: 7: not one of 1, 2, 3, 4, 5, 6, 8 (T-M9)" in messages


def test_a_missing_name_for_players(folder: Path) -> None:
    bad = text().replace("es: Colonia, ", "", 1)
    line, key, rest = one(problems(folder, bad))
    assert line == line_of(bad, "{name: Köln,") and key.startswith("cities[")
    assert rest == "missing key 'es'"


# -- cities and routes --------------------------------------------------------------------------


def test_a_route_to_an_unknown_city(folder: Path) -> None:
    old = route_line("Bruxelles", "Paris")
    bad = text().replace(old, old.replace("to: Paris", "to: Pariss"), 1)
    line, key, rest = one(problems(folder, bad))
    assert line == line_of(bad, "to: Pariss") and key.endswith(".to")
    assert rest == "'Pariss': unknown city (did you mean 'Paris'?)"


def test_T_M2_a_coloured_ferry(folder: Path) -> None:
    """T-M2: a ferry is always grey: a coloured one is refused."""
    old = route_line("Hamburg", "København")
    bad = text().replace(old, old.replace("colour: grey", "colour: red"), 1)
    _, key, rest = one(problems(folder, bad))
    assert key.endswith(".colour") and rest == "'red': a ferry is always grey (T-M2)"


def test_T_F1_ferry_symbols(folder: Path) -> None:
    """T-F1: a ferry has 1 to its length of locomotive symbols; only a ferry has them."""
    old = route_line("Hamburg", "København")
    too_many = text().replace(old, old.replace("locomotives: 1", "locomotives: 3"), 1)
    _, key, rest = one(problems(folder, too_many))
    assert key.endswith(".locomotives") and "more locomotive symbols than spaces (2)" in rest
    ordinary = route_line("Amsterdam", "Bruxelles")
    with_symbols = text().replace(ordinary, ordinary.replace("kind: ordinary",
                                                             "kind: ordinary, locomotives: 1"), 1)
    _, key, rest = one(problems(folder, with_symbols))
    assert "only a ferry has locomotive symbols (T-F1)" in rest


def test_D_36_a_ferry_that_is_also_a_tunnel(folder: Path) -> None:
    old = route_line("Milano", "Zürich")
    bad = text().replace(old, old.replace("kind: tunnel", "kind: tunnel, locomotives: 1"), 1)
    _, key, rest = one(problems(folder, bad))
    assert key.endswith(".locomotives") and "a route is never both (D-36)" in rest


def test_T_M3_D_19_double_routes(folder: Path) -> None:
    """T-M3, D-19: a double route is two lanes of the same cities and length, both naming it; two
    lanes of one pair always name one."""
    first = route_line("Amsterdam", "Hamburg")
    lengths = text().replace(first, first.replace("length: 3", "length: 4"), 1)
    _, key, rest = one(problems(folder, lengths))
    assert key.endswith(".double") and "differ in length (4 and 3)" in rest and "T-M3" in rest
    alone = text().replace(first, first.replace(", double: Amsterdam-Hamburg", ""), 1)
    found = problems(folder, alone)
    assert any("a double route is two lanes; 1 name this one (T-M3)" in r for _, _, r in found)
    assert any("name them as one double route" in r and "D-19" in r for _, _, r in found)


def test_every_city_has_two_neighbours(folder: Path) -> None:
    """A city one route from the rest: Sevilla loses its route to Lisboa."""
    content = text()
    lines = content.splitlines(keepends=True)
    start = next(i for i, ln in enumerate(lines) if ln.startswith("  - {from: Lisboa, to: Sevilla,"))
    del lines[start:start + 2]
    found = problems(folder, "".join(lines))
    assert any(k.startswith("cities[") and r.startswith("'Sevilla': 1 neighbour: every city "
                                                        "needs at least two")
               for _, k, r in found)


# -- the drawing and the terrain ----------------------------------------------------------------


def test_crossing_lines(folder: Path) -> None:
    """Paris-Lyon bent out to the middle of Frankfurt-Zürich: it crosses the routes of
    Zürich on its way."""
    b = load_board(EUROPE)
    paris, lyon = b.city("Paris").at, b.city("Lyon").at
    other = b.routes[b.routes_between(b.city("Frankfurt").index, b.city("Zürich").index)[0]]
    (ax, ay), (bx, by) = other.line[0], other.line[-1]
    mid = ((ax + bx) / 2, (ay + by) / 2)
    old = route_line("Lyon", "Paris")
    lines = text().splitlines()
    i = lines.index(old)
    lines[i + 1] = (f"     line: [[{lyon[0]}, {lyon[1]}], [{mid[0]:.1f}, {mid[1]:.1f}], "
                    f"[{paris[0]}, {paris[1]}]]}}")
    found = problems(folder, "\n".join(lines) + "\n")
    assert found and all(k.endswith("].line") and "crosses routes[" in r and "Lyon-Paris" in r
                         and "no two routes cross on the board" in r for _, k, r in found)


def test_a_line_over_a_third_city_and_a_line_off_its_city(folder: Path) -> None:
    b = load_board(EUROPE)
    paris, brussels = b.city("Paris").at, b.city("Bruxelles").at
    old = route_line("Bruxelles", "Le Havre")
    lines = text().splitlines()
    i = lines.index(old)
    le_havre = b.city("Le Havre").at
    lines[i + 1] = (f"     line: [[{brussels[0]}, {brussels[1]}], [{paris[0] + 2}, {paris[1]}], "
                    f"[{le_havre[0]}, {le_havre[1]}]]}}")
    found = problems(folder, "\n".join(lines) + "\n")
    assert any("passes over Paris" in r for _, _, r in found)
    lines[i + 1] = (f"     line: [[{brussels[0] + 5}, {brussels[1]}], "
                    f"[{le_havre[0]}, {le_havre[1]}]]}}")
    found = problems(folder, "\n".join(lines) + "\n")
    assert any("the line must start at Bruxelles" in r for _, _, r in found)


def test_T_T1_a_tunnel_crosses_mountains(folder: Path) -> None:
    """T-T1: a tunnel's line crosses a mountain range."""
    old = route_line("Bruxelles", "Paris")
    bad = text().replace(old, old.replace("kind: ordinary", "kind: tunnel"), 1)
    line, key, rest = one(problems(folder, bad))
    assert line == line_of(bad, "Bruxelles, to: Paris") and key.endswith(".kind")
    assert "crosses no mountain range" in rest and "(T-T1)" in rest


def test_T_F1_ferries_cross_water_and_other_routes_do_not(folder: Path) -> None:
    """T-F1: a ferry crosses a stretch of water; no other route runs over the sea."""
    inland = route_line("Bruxelles", "Paris")
    ferry = re.sub(r"colour: \w+", "colour: grey", inland).replace(
        "kind: ordinary", "kind: ferry, locomotives: 1")
    _, key, rest = one(problems(folder, text().replace(inland, ferry, 1)))
    assert "crosses water for 0% of its line" in rest and "(T-F1" in rest
    sea = route_line("Napoli", "Palermo")
    by_land = sea.replace("kind: ferry, locomotives: 2", "kind: ordinary")
    _, key, rest = one(problems(folder, text().replace(sea, by_land, 1)))
    assert "runs over open water" in rest and "make it a ferry" in rest


# -- tickets -------------------------------------------------------------------------------------


def test_D_33_a_ticket_worth_other_than_its_shortest_path(folder: Path) -> None:
    content = text()
    m = re.search(r"    - \{from: (\S+), to: (\S+), value: (\d+)\}\n", content.split("regular:")[1])
    assert m is not None
    wrong = m.group(0).replace(f"value: {m.group(3)}", f"value: {int(m.group(3)) + 1}")
    bad = content.replace(m.group(0), wrong, 1)
    line, key, rest = one(problems(folder, bad))
    assert line == line_of(bad, wrong.strip()) and key.startswith("tickets.regular[")
    assert rest == (f"{int(m.group(3)) + 1}: the shortest path between {m.group(1)} and "
                    f"{m.group(2)} is {m.group(3)} spaces: a ticket is worth its shortest "
                    "path (D-33)")


def test_T_M6_decks_and_twice_the_same_ticket(folder: Path) -> None:
    """T-M6: 6 long and 40 regular tickets, none given twice."""
    content = text()
    regular = content.split("  regular:\n")[1].splitlines(keepends=True)
    short = content.replace(regular[0], "", 1)
    _, key, rest = one(problems(folder, short))
    assert key == "tickets.regular" and "the regular deck holds 40 tickets (T-M6)" in rest
    m = re.match(r"    - \{from: (\S+), to: (\S+), value: (\d+)\}", regular[0])
    assert m is not None
    turned = f"    - {{from: {m.group(2)}, to: {m.group(1)}, value: {m.group(3)}}}\n"
    twice = content.replace(regular[1], turned, 1)
    _, key, rest = one(problems(folder, twice))
    assert rest.startswith(f"'{m.group(2)}-{m.group(1)}': the same two cities as "
                           "tickets.regular[0]")


def test_hostile_yaml_is_refused_by_the_guarded_reader(folder: Path) -> None:
    bad = text().replace("name: Europa 1900", "name: &n Europa 1900\ndescription: *n", 1)
    path = folder / "alias.yaml"
    path.write_text(bad, encoding="utf-8")
    with pytest.raises(MapError) as err:
        load_board(path)
    assert "alias" in str(err.value).lower() or "anchor" in str(err.value).lower()


def test_a_map_of_another_game_is_named_as_such(folder: Path) -> None:
    path = folder / "italy.yaml"
    path.write_text("name: Italia\nformat: 1\n", encoding="utf-8")
    with pytest.raises(MapError) as err:
        load_board(path)
    assert "this looks like an Italian Rails map" in str(err.value)


def test_every_rule_id_the_map_code_cites_is_in_ttr_rules_md() -> None:
    """The rule ids (T-M9) and decisions (D-33) the map's code and tests cite are those of
    docs/ttr-rules.md."""
    doc = (ROOT / "docs" / "ttr-rules.md").read_text(encoding="utf-8")
    defined = set(re.findall(r"\*\*((?:T-[A-Z]+\d+[a-z]?)|(?:D-\d+)) ", doc))
    assert {"T-M9", "T-F1", "D-33", "D-36"} <= defined
    files = [*sorted((ROOT / "rail_app" / "games" / "ttr").rglob("*.py")),
             *sorted((ROOT / "tests" / "games" / "ttr").glob("test_ttr_*.py")),
             ROOT / "maps" / "ttr-schema.json"]
    cited = {m: f.name for f in files
             for m in re.findall(r"\b((?:T-[A-Z]+\d+[a-z]?)|(?:D-\d+))\b",
                                 f.read_text(encoding="utf-8"))}
    assert len(cited) >= 15
    assert {k: v for k, v in cited.items() if k not in defined} == {}


def test_T_M10_a_map_holds_cities_routes_and_tickets_and_nothing_of_the_rules() -> None:
    """T-M10: a map file holds the cities, the routes (two cities, colour, length, kind, a
    ferry's locomotives, the double pair, the drawn line) and the two ticket decks (two
    cities, value; long or regular); the rest (pieces, cards, scores) is rule, the same on
    every map: the format has no key for it."""
    schema = json.loads(SCHEMA.read_text(encoding="utf-8"))
    route = schema["properties"]["routes"]["items"]["properties"]
    assert set(route) == {"from", "to", "colour", "length", "kind", "locomotives", "double",
                          "line"}
    assert set(schema["properties"]["tickets"]["properties"]) == {"long", "regular"}
    assert set(schema["definitions"]["ticket"]["properties"]) == {"from", "to", "value"}
    rules_words = {"wagons", "stations", "cards", "deck", "points", "score", "scores",
                   "express", "locomotive_cards"}
    keys: set[str] = set()

    def walk(node: object) -> None:
        if isinstance(node, dict):
            keys.update(str(k) for k in node.get("properties", {}))
            for v in node.values():
                walk(v)
        elif isinstance(node, list):
            for v in node:
                walk(v)

    walk(schema)
    assert not keys & rules_words
    board = load_board(EUROPE)
    r = board.routes[0]
    assert (r.a, r.b, r.colour, r.length, r.kind, r.locomotives, r.double) is not None
    assert len(r.line) >= 2 and len(board.cities) == 47
    assert sum(t.long for t in board.tickets) == 6 and len(board.tickets) == 46
