"""Generate the deck of a map (``maps/italy-deck.yaml`` by default) from its board.

Usage::

    python tools/build_deck.py [--map maps/italy.yaml] [--out DECK.yaml] [--seed 1]

A thin wrapper of ``python -m rail_app build-deck MAP.yaml [-o DECK.yaml] [--seed N]``
(rail_app/games/italian_rails/authoring/deckbuild.py), kept for the scripts that call it.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from rail_app.cli import main as rail_app_main  # noqa: E402


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    ap.add_argument("--map", default=str(ROOT / "maps" / "italy.yaml"))
    ap.add_argument("--out", default=None, help="default: the map's deck file")
    ap.add_argument("--seed", type=int, default=1)
    args = ap.parse_args(argv)
    out = ["-o", args.out] if args.out else []
    return rail_app_main(["build-deck", args.map, "--seed", str(args.seed), *out])


if __name__ == "__main__":
    sys.exit(main())
