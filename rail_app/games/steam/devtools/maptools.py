"""The Steam map author's tools as an entry point of their own (the shared command line's
``validate-map``, ``render-map``, ``new-map --game steam`` and ``preview`` reach the same
tools by the map's ``game:`` key)::

    python -m rail_app.games.steam.devtools.maptools validate maps/steam-italia.yaml [--json]
    python -m rail_app.games.steam.devtools.maptools render maps/steam-italia.yaml -o map.png
    python -m rail_app.games.steam.devtools.maptools new-map toscana --dir /tmp/maps
    python -m rail_app.games.steam.devtools.maptools preview maps/steam-italia.yaml

Exit codes as the shared command line's: 0 done, 2 refused (a map with problems, bad input).
"""

from __future__ import annotations

import argparse
import json
import os
import sys
from collections.abc import Sequence

from rail_app.games.steam.authoring import maptools, preview
from rail_app.games.steam.rules.mapfile import MapError

EXIT_OK = 0
EXIT_BAD_INPUT = 2


def main(argv: Sequence[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python -m rail_app.games.steam.devtools.maptools",
                                 description="the Steam map author's tools")
    sub = ap.add_subparsers(dest="tool", required=True)
    v = sub.add_parser("validate", help="check a map and print a summary")
    v.add_argument("path")
    v.add_argument("--json", action="store_true")
    r = sub.add_parser("render", help="draw a map to a PNG picture")
    r.add_argument("path")
    r.add_argument("-o", "--output", required=True)
    r.add_argument("--width", type=int, default=1600)
    n = sub.add_parser("new-map", help="write a small valid starter map")
    n.add_argument("name")
    n.add_argument("--dir", required=True)
    n.add_argument("--force", action="store_true")
    p = sub.add_parser("preview", help="a window that redraws the map on every save")
    p.add_argument("path")
    p.add_argument("--size", default="1280x720")
    args = ap.parse_args(argv)

    if args.tool == "validate":
        try:
            info = maptools.validate(args.path)
        except MapError as exc:
            if args.json:
                print(json.dumps({"errors": [maptools.problem_dict(p) for p in exc.problems]},
                                 indent=2))
            else:
                for problem in exc.problems:
                    print(problem, file=sys.stderr)
            return EXIT_BAD_INPUT
        print(json.dumps(info, indent=2) if args.json else maptools.summary_line(args.path, info))
        return EXIT_OK
    if args.tool == "render":
        for name in ("SDL_VIDEODRIVER", "SDL_AUDIODRIVER"):  # no window for a picture
            os.environ.setdefault(name, "dummy")
        try:
            size = maptools.render(args.path, args.output, args.width)
        except MapError as exc:
            for problem in exc.problems:
                print(problem, file=sys.stderr)
            return EXIT_BAD_INPUT
        except (OSError, ValueError) as exc:
            print(f"cannot draw {args.output}: {exc}", file=sys.stderr)
            return EXIT_BAD_INPUT
        print(f"wrote {args.output} ({size[0]}x{size[1]})")
        return EXIT_OK
    if args.tool == "new-map":
        try:
            path = maptools.new_map(args.name, args.dir, force=args.force)
        except maptools.NewMapError as exc:
            print(exc, file=sys.stderr)
            return EXIT_BAD_INPUT
        print(f"wrote {path}")
        print(f"next: python -m rail_app.games.steam.devtools.maptools preview {path}")
        return EXIT_OK

    window = preview.parse_size(args.size)
    if window is None:
        print(f"--size: {args.size!r} is not a size like 1600x900 (at least "
              f"{preview.MIN_SIZE[0]}x{preview.MIN_SIZE[1]})", file=sys.stderr)
        return EXIT_BAD_INPUT
    return preview.run(args.path, window)


if __name__ == "__main__":
    raise SystemExit(main())
