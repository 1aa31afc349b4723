"""The map author's tools for Steam maps: check and sum up (``validate-map``), draw to a PNG
(``render-map``) and write a small valid starter (``new-map --game steam``).

Each tool is a plain function; mistakes in a map come as :class:`MapError`, whose problems
read ``file:line: key: value: message`` (the game's own loader finds them), and a starter
that cannot be written as :class:`NewMapError` with a sentence. The shared command line
prints them and turns them into its exit codes.
"""

from __future__ import annotations

import re
import shutil
from pathlib import Path
from typing import Any

from rail_app.core.paths import resource_path
from rail_app.games.steam.rules.mapfile import PRINTED, MapError, MapProblem, load_board, summary

SCHEMA_NAME = "steam-schema.json"
NAME_RE = re.compile(r"^[A-Za-z0-9][A-Za-z0-9_-]{0,39}$")


# -- validate-map --------------------------------------------------------------------------------


def summary_line(shown: str, info: dict[str, Any]) -> str:
    """``maps/x.yaml: OK: name: 146 hexes, 24 cities (6 red, ...), 26 towns, ...``."""
    colours = ", ".join(f"{info[str(c)]} {c}" for c in PRINTED)
    return (f"{shown}: OK: {info['name']}: {info['hexes']} hexes, {info['cities']} cities "
            f"({colours}; {info['printed_cubes']} cubes at set-up), {info['towns']} towns, "
            f"{info['hills']} hills, {info['rivers']} rivers, {info['sea_hexes']} sea hexes, "
            f"{info['impassable_sides']} impassable sides between hexes "
            f"(+{info['edge_sides']} at the edge and the sea), "
            f"{info['reserve_spaces']} reserve spaces")


def validate(path: str | Path) -> dict[str, Any]:
    """Load a Steam map as the game does, and its background if it has one; the summary, or
    :class:`MapError` with every problem."""
    from rail_app.games.steam.ui.maprender import load_background

    board = load_board(path)
    load_background(board, path)
    return summary(board)


def problem_dict(problem: MapProblem) -> dict[str, Any]:
    """A problem for ``--json``: file, line and message."""
    return {"file": problem.file, "line": problem.line, "message": problem.message}


# -- render-map ----------------------------------------------------------------------------------


def render(path: str | Path, out: str | Path, width: int = 1600) -> tuple[int, int]:
    """Draw the map at ``path`` (with its background) to the PNG ``out``, ``width`` pixels
    wide; its size. MapError for a broken map, OSError when the picture cannot be written,
    ValueError for a width outside 200-12000."""
    if not 200 <= width <= 12000:
        raise ValueError("the width must be between 200 and 12000 pixels")
    from rail_app.games.steam.ui import mappicture, maprender

    board = load_board(path)
    background = maprender.load_background(board, path)
    return mappicture.render_png(board, out, width, background)


# -- new-map --------------------------------------------------------------------------------------


class NewMapError(Exception):
    """A starter map that cannot be written: the sentence says why."""


STARTER = """\
# yaml-language-server: $schema={schema}
# {title}: a starter map for Steam, made by `python -m rail_app new-map --game steam {name}`.
# Hexes are written "q,r": pointy hexes, q grows eastwards and r south-eastwards. Every key
# is described in {schema} beside this file (an editor with YAML support shows it).
# Edit anything, then:
#   python -m rail_app validate-map {name}.yaml     # a summary, or file:line problems
#   python -m rail_app preview {name}.yaml          # a window that redraws on every save
game: steam
format: 1
name: {title}
description: A small land by a bay, to start a Steam map from.
attribution: ["A starter map of Steam"]
grid: {{orientation: pointy, spacing_km: 40, origin: [0, 0]}}
recommended_players: [3, 4]
reserve_spaces: 8                  # S-B9: each space gets 3 cubes at set-up (2 with 3 players)

# Every hex of these ranges ("q1..q2,r") is plain land, unless listed below.
plain: ["0..9,0", "0..9,1", "-1..8,2", "-1..8,3", "-2..7,4", "-2..7,5", "-3..6,6"]

hexes:                             # S-B1-S-B3, S-B6: terrain (plain | hill), river, town
  - {{at: "4,1", terrain: hill}}
  - {{at: "5,1", terrain: hill}}
  - {{at: "4,2", terrain: hill}}
  - {{at: "5,2", terrain: hill, river: true}}
  - {{at: "-2,5", terrain: hill}}
  - {{at: "-1,5", terrain: hill}}
  - {{at: "7,0", river: true}}
  - {{at: "6,1", river: true}}
  - {{at: "5,3", river: true}}
  - {{at: "5,4", river: true}}
  - {{at: "5,5", river: true}}
  - {{at: "3,0", town: true, name: Ponte}}
  - {{at: "1,4", town: true, name: Borgo}}
  - {{at: "6,4", town: true, name: Vico, river: true}}
  - {{at: "2,6", town: true, name: Riva}}

cities:                            # S-B5, S-B7: colour red | blue | yellow | purple; number =
  - {{name: Alba, at: "1,1", colour: red, number: 3}}        # its cubes at set-up (S-I1)
  - {{name: Bora, at: "5,0", colour: blue, number: 2}}
  - {{name: Corte, at: "8,1", colour: yellow, number: 2}}
  - {{name: Dolo, at: "-1,3", colour: purple, number: 3}}
  - {{name: Elmo, at: "3,3", colour: yellow, number: 2}}
  - {{name: Fano, at: "7,3", colour: purple, number: 2}}
  - {{name: Gela, at: "0,6", colour: blue, number: 3}}
  - {{name: Luni, at: "4,5", colour: red, number: 2}}

# Sea and lake hexes: drawn, never played; every side facing one is impassable (S-B4).
sea: ["10,0", "10,1", "9,2", "9,3", "8,4", "8,5", "7,6", "0,2"]

impassable:                        # S-B4: thick black sides between two land hexes
  - ["2,4", "3,4"]                 # a gorge
"""


def starter_text(name: str, schema: str = SCHEMA_NAME) -> str:
    title = name.replace("-", " ").replace("_", " ").strip().title()
    return STARTER.format(name=name, title=title, schema=schema)


def new_map(name: str, folder: str | Path, *, force: bool = False) -> Path:
    """Write the starter map ``NAME.yaml`` into ``folder`` (made if needed), with the Steam
    schema beside it (``steam-schema.json``, copied from the game unless the same file is
    there already) so that the map's ``$schema`` line finds it; the map is loaded back to
    prove it valid. Returns its path; NewMapError says what stopped it."""
    from rail_app.core.files import write_atomic

    stem = name[:-5] if name.endswith(".yaml") else name
    if not NAME_RE.match(stem):
        raise NewMapError(f"{name!r}: a map's name is 1 to 40 letters, digits, '-' or '_', "
                          "e.g. toscana")
    where = Path(folder)
    path = where / f"{stem}.yaml"
    if path.exists() and not force:
        raise NewMapError(f"{path} exists already (--force writes over it)")
    schema_src = resource_path("maps", SCHEMA_NAME)
    schema_dst = where / SCHEMA_NAME
    try:
        where.mkdir(parents=True, exist_ok=True)
        if schema_dst.resolve() != schema_src.resolve() and (
                not schema_dst.is_file() or schema_dst.read_bytes() != schema_src.read_bytes()):
            shutil.copyfile(schema_src, schema_dst)
        write_atomic(path, starter_text(stem))
    except OSError as exc:
        raise NewMapError(f"cannot write {path}: {exc.strerror or exc}") from None
    try:
        load_board(path)
    except MapError as exc:  # the starter is checked by the tests; a clear line anyway
        raise NewMapError(f"the starter map does not load: {exc.problems[0]}") from None
    return path
