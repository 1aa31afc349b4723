"""``python -m rail_app new-map NAME``: a small valid map to start from, and its deck.

The starter map has one of most things a map can hold, written inline (no GeoJSON file): a
mainland with mountains, a river system, a lake and a volcano, an island reached by ferry,
two major cities and six more, and a few rules' numbers. It validates at once, opens in
``preview`` and in the game (it goes to the player's own maps folder unless told otherwise,
where the New game dialog lists it), and every line of it can be edited from there.
"""

from __future__ import annotations

import argparse
import re
import sys
from pathlib import Path

NAME_RE = re.compile(r"^[A-Za-z0-9][A-Za-z0-9_-]{0,39}$")

STARTER = """\
# yaml-language-server: $schema=schema.json
# {title}: a starter map made by `python -m rail_app new-map {name}`.
# Positions are kilometres on a plane (x east, y south). Edit anything, then:
#   python -m rail_app validate-map {name}.yaml     # a summary, or file:line problems
#   python -m rail_app preview {name}.yaml          # a window that redraws on every save
#   python -m rail_app build-deck {name}.yaml       # remake the deck after changing cities
# The map format is described in maps/README.md of the game's sources; schema.json beside
# this file describes every key for editors that check YAML with JSON Schema.
format: 1
name: {title}
description: A small country to start a map from.
attribution: ["A starter map of Italian Rails"]
deck: {name}-deck.yaml

projection: {{type: plane}}       # positions in km; 'equirectangular' takes [lon, lat]
grid: {{spacing_km: 20, orientation: pointy, origin: [0, 0]}}

rules:                           # only what differs from the standard rules (RULES.md)
  win_cash: 150                  # W1: a small map makes a short game
  starting_cash: 60              # C2

geometry:                        # the layers inline (or the name of a GeoJSON file)
  land:
    - name: Terraferma
      coordinates: [[[0, 0], [150, -20], [310, 0], [330, 100], [300, 210], [150, 230], [0, 210], [-30, 100], [0, 0]]]
    - name: Isola
      coordinates: [[[400, 40], [470, 40], [480, 120], [400, 130], [400, 40]]]
  river:
    - {{name: Fiume Grande, system: Grande, coordinates: [[40, -10], [80, 60], [120, 110], [150, 160], [170, 232]]}}
    - {{name: Torrente, system: Grande, coordinates: [[250, 40], [200, 80], [120, 110]]}}
  lake:
    - name: Lago Chiaro
      coordinates: [[[40, 120], [85, 120], [85, 150], [40, 150], [40, 120]]]
  sea:
    - name: Mare di Levante
      coordinates: [[[320, -100], [520, -100], [520, 300], [320, 300], [320, -100]]]
    - name: Mare di Ponente
      coordinates: [[[-120, -100], [320, -100], [320, -5], [-120, 300], [-120, -100]]]
  terrain:
    - {{terrain: mountain, coordinates: [[[200, 0], [300, 5], [315, 110], [230, 110], [190, 60], [200, 0]]]}}
    - {{terrain: alpine, coordinates: [[[250, 15], [290, 20], [300, 70], [255, 70], [250, 15]]]}}

commodities: [wine, cheese, marble, fish, grain, wool]

cities:                          # B5: size small | medium | major; 'at' snaps to the nearest dot
  - {{name: Capitale, size: major, at: [70, 30], commodity: wine}}
  - {{name: Portogrande, size: major, at: [280, 170], commodity: fish}}
  - {{name: Montalto, size: medium, at: [270, 90], commodity: marble}}
  - {{name: Pianura, size: medium, at: [130, 190], commodity: grain}}
  - {{name: Ponte, size: small, at: [150, 80], commodity: cheese}}
  - {{name: Riva, size: small, at: [10, 180], commodity: wool}}
  - {{name: Collina, size: small, at: [200, 10], commodity: cheese}}
  - {{name: Isolotto, size: small, at: [410, 90], commodity: wool}}

ferries:                         # B6: two ports, [higher, lower] costs, a sea for storms
  - name: Portogrande - Isolotto
    ports: [{{city: Portogrande}}, {{city: Isolotto}}]
    costs: [8, 5]
    sea: Mare di Levante

straits: []                      # B3: water that may be bridged: {{name, from, to}}

volcanoes:                       # E6
  - {{name: Monte Fumo, at: [285, 40]}}

terrain_overrides: {{}}            # per-dot exceptions, e.g. "3,2": mountain
"""


def starter_text(name: str) -> str:
    title = name.replace("-", " ").replace("_", " ").strip().title()
    return STARTER.format(name=name, title=title)


def run(args: argparse.Namespace) -> int:
    """``new-map``: 0 when the map and its deck are written, 2 otherwise."""
    from rail_app.authoring.problems import problem_lines
    from rail_app.core.mapfile import MapError
    from rail_app.core.paths import user_maps_dir
    from rail_app.games.italian_rails.authoring.deckbuild import write_deck
    from rail_app.games.italian_rails.rules.board import load_board

    name = str(args.name)
    if name.endswith(".yaml"):
        name = name[:-5]
    if not NAME_RE.match(name):
        print(f"{args.name!r}: a map's name is 1 to 40 letters, digits, '-' or '_', e.g. "
              "toscana", file=sys.stderr)
        return 2
    folder = Path(args.dir) if args.dir else user_maps_dir()
    path = folder / f"{name}.yaml"
    deck = folder / f"{name}-deck.yaml"
    existing = [p for p in (path, deck) if p.exists()]
    if existing and not args.force:
        print(f"{existing[0]} exists already (--force writes over it)", file=sys.stderr)
        return 2
    from rail_app.core.files import write_atomic
    from rail_app.games.italian_rails.authoring.schemas import DECK_SCHEMA, MAP_SCHEMA, place_schema

    try:
        write_atomic(path, starter_text(name))
        board = load_board(path, use_cache=False)
        write_deck(board, deck)
        # the files' first lines name these schemas beside them, for editors
        schemas = [p for p in (place_schema(folder, MAP_SCHEMA),
                               place_schema(folder, DECK_SCHEMA)) if p is not None]
    except MapError as exc:  # the starter itself is checked by the tests; a clear line anyway
        for line in problem_lines(exc.problems):
            print(line, file=sys.stderr)
        return 2
    except OSError as exc:
        print(f"cannot write {path}: {exc}", file=sys.stderr)
        return 2
    print(f"wrote {path}")
    print(f"wrote {deck}")
    for schema in schemas:
        print(f"wrote {schema} (for editors that check YAML with JSON Schema)")
    print(f"next: python -m rail_app preview {path}")
    return 0
