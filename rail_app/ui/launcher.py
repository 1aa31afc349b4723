"""Command-line entry of the game window (``python main.py``)."""

from __future__ import annotations

import argparse
import os
import re
import sys
from collections.abc import Sequence

from rail_app import __version__


def parse_size(text: str) -> tuple[int, int]:
    m = re.fullmatch(r"\s*(\d{3,5})\s*[xX×]\s*(\d{3,5})\s*", text)
    if not m:
        raise argparse.ArgumentTypeError(f"{text!r} is not a size like 1600x900")
    w, h = int(m.group(1)), int(m.group(2))
    if w < 1280 or h < 720:
        raise argparse.ArgumentTypeError(f"{text}: the window is at least 1280x720")
    return w, h


def build_parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(prog="python main.py",
                                description="Italian Rails: a two-player crayon-rails game.")
    p.add_argument("--version", action="version", version=f"Italian Rails {__version__}")
    p.add_argument("--map", metavar="PATH", help="offer this map file in the new game dialog")
    p.add_argument("--selftest", action="store_true",
                   help="play a few turns through the interface without a window and exit")
    mode = p.add_mutually_exclusive_group()
    mode.add_argument("--fullscreen", dest="fullscreen", action="store_true", default=None,
                      help="start in full screen (F11 switches)")
    mode.add_argument("--windowed", dest="fullscreen", action="store_false",
                      help="start in a window")
    p.add_argument("--first-frame", action="store_true", help=argparse.SUPPRESS)
    p.add_argument("--size", type=parse_size, metavar="WxH",
                   help="window size, at least 1280x720 (default: the last one used)")
    return p


def main(argv: Sequence[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    if args.map and not os.path.isfile(args.map):
        print(f"--map: no such file: {args.map}", file=sys.stderr)
        return 2
    if args.selftest:
        from rail_app.ui.selftest import run_selftest

        return run_selftest(args.map)
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    from rail_app.ui.app import App

    app = App(map_path=args.map, size=args.size, fullscreen=args.fullscreen)
    if args.first_frame:  # start-up timing: draw the first frame, then leave
        app.step(1 / 60)
        return 0
    return app.run()
