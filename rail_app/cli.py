"""The command line: ``python -m rail_app COMMAND``.

Commands: validate-map, render-map, replay, simulate, bench, selftest, play. Each prints
clear messages and exits 0 on success, 2 on bad input, never with a traceback for a
mistake in a file the user gave.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Callable, Sequence

from rail_app import __version__

EXIT_OK = 0
EXIT_BAD_INPUT = 2

Handler = Callable[[argparse.Namespace], int]
_COMMANDS: dict[str, tuple[Handler, Callable[[argparse.ArgumentParser], None], str]] = {}


def command(
    name: str, help_text: str
) -> Callable[[Callable[[argparse.ArgumentParser], None]], Callable[[Handler], Handler]]:
    """Register a sub-command: ``@command(name, help)(configure)(handler)``."""

    def with_args(configure: Callable[[argparse.ArgumentParser], None]) -> Callable[
        [Handler], Handler
    ]:
        def register(handler: Handler) -> Handler:
            _COMMANDS[name] = (handler, configure, help_text)
            return handler

        return register

    return with_args


# -- validate-map ------------------------------------------------------------------------------


def _validate_args(p: argparse.ArgumentParser) -> None:
    p.add_argument("path", help="the map's YAML file")
    p.add_argument("--json", action="store_true", help="print one JSON document")


@command("validate-map", "check a map file and print a summary")(_validate_args)
def cmd_validate(args: argparse.Namespace) -> int:
    from rail_app.core.mapfile import MapError
    from rail_app.rules.deck import load_map

    try:
        board, _deck = load_map(args.path, use_cache=False)
    except MapError as exc:
        if args.json:
            print(json.dumps({"errors": [p.as_dict() for p in exc.problems]}, indent=2))
        else:
            for p in exc.problems:
                print(p, file=sys.stderr)
        return EXIT_BAD_INPUT
    summary = board.summary()
    if args.json:
        print(json.dumps(summary, indent=2))
    else:
        parts = ", ".join(f"{v} {k.replace('_', ' ')}" for k, v in summary.items())
        print(f"{args.path}: OK: {board.name}: {parts}")
    return EXIT_OK


# -- render-map --------------------------------------------------------------------------------


def _render_args(p: argparse.ArgumentParser) -> None:
    p.add_argument("path", help="the map's YAML file")
    p.add_argument("-o", "--output", required=True, help="the PNG file to write")
    p.add_argument("--width", type=int, default=1600, help="picture width in pixels")


@command("render-map", "draw a map to a PNG picture")(_render_args)
def cmd_render(args: argparse.Namespace) -> int:
    from rail_app.core.board import load_board
    from rail_app.core.mapfile import MapError

    try:
        board = load_board(args.path)
    except MapError as exc:
        for p in exc.problems:
            print(p, file=sys.stderr)
        return EXIT_BAD_INPUT
    if args.width < 200 or args.width > 12000:
        print("--width must be between 200 and 12000 pixels", file=sys.stderr)
        return EXIT_BAD_INPUT
    from rail_app.ui.headless import use_dummy_drivers

    use_dummy_drivers()
    from rail_app.ui.maprender import render_board_png

    try:
        size = render_board_png(board, args.output, args.width)
    except OSError as exc:
        print(f"cannot write {args.output}: {exc}", file=sys.stderr)
        return EXIT_BAD_INPUT
    print(f"wrote {args.output} ({size[0]}x{size[1]})")
    return EXIT_OK


# -- fuzz --------------------------------------------------------------------------------------


def _fuzz_args(p: argparse.ArgumentParser) -> None:
    p.add_argument("target", choices=("saves", "maps", "kill", "ui", "soak"),
                   help="what to try: hostile saves, hostile maps, kills while saving, random "
                        "input on the interface, or checked games between computer players")
    p.add_argument("--long", action="store_true",
                   help="the long run (its figures are in docs/reliability.md)")
    p.add_argument("--seed", type=int, default=1, help="the run's seed (same seed, same run)")
    p.add_argument("--count", type=int, default=None,
                   help="cases, kills, events or games (default: the short or long run's)")
    p.add_argument("--json", action="store_true", help="print the summary as JSON")


@command("fuzz", "development tool: run a fuzzer or the computer players' soak")(_fuzz_args)
def cmd_fuzz(args: argparse.Namespace) -> int:
    from rail_app.devtools.fuzz import run_fuzz

    return run_fuzz(args.target, long=args.long, seed=args.seed, count=args.count,
                    as_json=args.json)


# -- entry -------------------------------------------------------------------------------------


def _load_optional_commands() -> None:
    """Commands living in other modules register themselves on import."""
    import importlib

    for mod in ("rail_app.rules.replay", "rail_app.bench", "rail_app.ai.simulate",
                "rail_app.ui.selftest"):
        try:
            importlib.import_module(mod)
        except ModuleNotFoundError as exc:
            if exc.name is None or not mod.startswith(exc.name):
                raise


def build_parser() -> argparse.ArgumentParser:
    _load_optional_commands()
    parser = argparse.ArgumentParser(
        prog="python -m rail_app", description="Italian Rails: tools and the game."
    )
    parser.add_argument("--version", action="version", version=f"Italian Rails {__version__}")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")
    for name, (_handler, configure, help_text) in sorted(_COMMANDS.items()):
        p = sub.add_parser(name, help=help_text, description=help_text)
        configure(p)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    if not args.command:
        parser.print_help()
        return EXIT_OK
    handler = _COMMANDS[args.command][0]
    return handler(args)
