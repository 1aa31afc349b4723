"""The one command line: ``python main.py`` (the game) and ``python -m rail_app COMMAND``.

Installed with pip, ``italian-rails`` is both: the game, or ``italian-rails COMMAND``.

Every command is listed in :data:`COMMANDS` with its arguments; its work is imported only
when it runs, so that starting the game or asking for ``--help`` loads nothing it does not
need. Commands print clear messages and exit 0 on success, 1 when a check fails, 2 on bad
input, never with a traceback for a mistake in a file the user gave; Ctrl-C ends any of them
with one line and exit status 130.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import sys
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from rail_app import EXIT_BAD_INPUT, EXIT_FAILED, EXIT_INTERRUPTED, EXIT_OK, __version__
from rail_app.core.i18n import _

if TYPE_CHECKING:
    from rail_app.table.records import Record
    from rail_app.table.registry import AnyGame


@dataclass(frozen=True)
class Command:
    help: str
    arguments: Callable[[argparse.ArgumentParser], None]
    run: Callable[[argparse.Namespace], int]


def game_id(text: str) -> str:
    """A game on the table (``--game``), checked against the registry."""
    from rail_app.table import registry

    if text not in registry.ids():
        raise argparse.ArgumentTypeError(
            _("no game {text!r} on the table (games: {join})").format(text=text, join=', '.join(registry.ids())))
    return text


def _count(low: int, high: int) -> Callable[[str], int]:
    """An argparse type: a whole number from ``low`` to ``high`` (else a clean refusal, exit
    2: a count of -1 that would "pass" having done nothing, or one so large that the run
    would eat the machine's memory)."""

    def parse(text: str) -> int:
        t = text.strip()
        digits = t[1:] if t[:1] in "+-" else t
        if not digits.isascii() or not digits.isdigit() or len(digits) > 12:
            raise argparse.ArgumentTypeError(f"{text[:40]!r} is not a whole number from "
                                             f"{low:,} to {high:,}")
        n = int(t)
        if not low <= n <= high:
            raise argparse.ArgumentTypeError(f"must be from {low:,} to {high:,}, not {n:,}")
        return n

    parse.__name__ = "number"  # argparse names the type in its message
    return parse


def _project_folder(text: str) -> str:
    """An argparse type: the project's folder (it holds ``maps/``)."""
    if not os.path.isdir(text):
        raise argparse.ArgumentTypeError(f"{text[:200]!r} is not a folder")
    if not os.path.isdir(os.path.join(text, "maps")):
        raise argparse.ArgumentTypeError(f"{text[:200]!r} is not the project's folder "
                                         "(it has no maps/ folder)")
    return text


#: The largest counts the harnesses take (games, cases, turns).
MAX_GAMES = 1_000_000
MAX_TURN_CAP = 10_000


def _game_arg(p: argparse.ArgumentParser) -> None:
    p.add_argument("--game", type=game_id, default=None,
                   help="the game (default: italian-rails; `games` lists them)")


# -- play (the game window) ----------------------------------------------------------------------


def parse_size(text: str) -> tuple[int, int]:
    m = re.fullmatch(r"\s*(\d{3,5})\s*[xX×]\s*(\d{3,5})\s*", text)
    if not m:
        raise argparse.ArgumentTypeError(_("{text!r} is not a size like 1600x900").format(text=text))
    w, h = int(m.group(1)), int(m.group(2))
    if w < 1280 or h < 720:
        raise argparse.ArgumentTypeError(_("{text}: the window is at least 1280x720").format(text=text))
    return w, h


def _play_args(p: argparse.ArgumentParser) -> None:
    p.add_argument("--map", metavar="PATH", help="offer this map file in the new game dialog")
    p.add_argument("--selftest", action="store_true",
                   help="play a few turns through the interface without a window and exit")
    p.add_argument("--game", metavar="GAME", type=game_id, default=None,
                   help="with --selftest: the game to test (default: Italian Rails)")
    mode = p.add_mutually_exclusive_group()
    mode.add_argument("--fullscreen", dest="fullscreen", action="store_true", default=None,
                      help="start in full screen (F11 switches)")
    mode.add_argument("--windowed", dest="fullscreen", action="store_false",
                      help="start in a window")
    p.add_argument("--first-frame", action="store_true", help=argparse.SUPPRESS)
    p.add_argument("--size", type=parse_size, metavar="WxH",
                   help="window size, at least 1280x720 (default: the last one used)")


def _play(args: argparse.Namespace) -> int:
    if args.map and not os.path.isfile(args.map):
        print(_("--map: no such file: {map}").format(map=args.map), file=sys.stderr)
        return EXIT_BAD_INPUT
    if args.selftest:
        from rail_app.ui.selftest import run_selftest

        return run_selftest(args.map, game=args.game)
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    from rail_app.ui.headless import display_problem

    problem = display_problem()
    if problem is not None:
        print(f"{program_name()}: {problem}", file=sys.stderr)
        return EXIT_FAILED
    from rail_app.ui.app import App, end

    app = App(map_path=args.map, size=args.size, fullscreen=args.fullscreen)
    if args.first_frame:  # start-up timing: draw the first frame, then leave
        app.step(1 / 60)
        return EXIT_OK
    try:
        code = app.run()
    except KeyboardInterrupt:
        end(app, EXIT_INTERRUPTED)
        raise
    return end(app, code)


# -- games -------------------------------------------------------------------------------------


def _games_args(p: argparse.ArgumentParser) -> None:
    p.add_argument("--json", action="store_true", help="print one JSON document")


def _games(args: argparse.Namespace) -> int:
    from rail_app.table.registry import GAMES

    if args.json:
        print(json.dumps({"games": [{"id": g.id, "title": g.title, "seats": g.seats.to_json(),
                                     "rules_version": g.rules_version} for g in GAMES]},
                         indent=1))
        return EXIT_OK
    for g in GAMES:
        print(f"{g.id}: {g.title}, {g.seats.words()}")
    return EXIT_OK


# -- validate-map and render-map ---------------------------------------------------------------


def _validate_args(p: argparse.ArgumentParser) -> None:
    p.add_argument("path", help="the map's YAML file")
    p.add_argument("--json", action="store_true", help="print one JSON document")
    p.add_argument("--all", action="store_true",
                   help="print every problem (without it: the first 20, then a count)")


def _map_problems(exc: Exception, as_json: bool, show_all: bool) -> int:
    from rail_app.authoring.problems import in_file_order, problem_lines

    problems = getattr(exc, "problems", [])
    if as_json:
        print(json.dumps({"errors": [p.as_dict() for p in in_file_order(problems)]}, indent=2))
    else:
        for line in problem_lines(problems, show_all=show_all):
            print(line, file=sys.stderr)
    return EXIT_BAD_INPUT


def _validate(args: argparse.Namespace) -> int:
    """Check a map of any game (its ``game:`` key; none: Italian Rails)."""
    from rail_app.authoring.games import authoring_of, game_of_map
    from rail_app.core.mapfile import MapError

    try:
        game = game_of_map(args.path)
        board = game.load_board(args.path)
    except MapError as exc:
        return _map_problems(exc, args.json, args.all)
    from rail_app.authoring.problems import problem_lines

    summary = game.map_summary(board)
    check = authoring_of(game.id).map_warnings  # e.g. weak spots (K5): the map is valid
    warnings = check(board) if check is not None else []
    if args.json:
        print(json.dumps({**summary, "warnings": [w.as_dict() for w in warnings]}, indent=2))
    else:
        parts = ", ".join(f"{v} {k.replace('_', ' ')}" for k, v in summary.items())
        print(f"{args.path}: OK: {game.board_name(board)}: {parts}")
        for line in problem_lines(warnings, show_all=args.all):
            print(line, file=sys.stderr)
    return EXIT_OK


def _render_args(p: argparse.ArgumentParser) -> None:
    p.add_argument("path", help="the map's YAML file")
    p.add_argument("-o", "--output", required=True, help="the PNG file to write")
    p.add_argument("--width", type=int, default=1600, help="picture width in pixels")


def _render(args: argparse.Namespace) -> int:
    from rail_app.authoring.games import game_of_map
    from rail_app.core.mapfile import MapError

    try:
        game = game_of_map(args.path)
        board = game.load_board(args.path)
    except MapError as exc:
        for p in exc.problems:
            print(p, file=sys.stderr)
        return EXIT_BAD_INPUT
    if args.width < 200 or args.width > 12000:
        print(_("--width must be between 200 and 12000 pixels"), file=sys.stderr)
        return EXIT_BAD_INPUT
    from rail_app.ui.headless import use_dummy_drivers

    use_dummy_drivers()
    from rail_app.authoring.games import authoring_of
    from rail_app.ui.gamescreens import GAME_SCREENS

    out = Path(args.output)
    problem = _output_problem(out)
    if problem:
        print(problem, file=sys.stderr)
        return EXIT_BAD_INPUT
    draw = authoring_of(game.id).render_map
    if draw is None and game.id in GAME_SCREENS:
        draw = GAME_SCREENS[game.id].render_map
    if draw is None:
        print(f"{game.title} has no render-map tool", file=sys.stderr)
        return EXIT_BAD_INPUT
    import pygame

    try:
        size = draw(board, args.output, args.width)
    except (OSError, pygame.error) as exc:
        print(_("cannot write {output}: {exc}").format(output=args.output, exc=exc), file=sys.stderr)
        return EXIT_BAD_INPUT
    print(_("wrote {output} ({size}x{size2})").format(output=args.output, size=size[0], size2=size[1]))
    return EXIT_OK


def _output_problem(out: Path) -> str:
    """Why no picture can be written at ``out`` ("" when one can be tried): a folder, a
    device or a pipe, a folder that does not exist, a name no file can have."""
    from rail_app.core.files import os_reason

    shown = guarded_shown(str(out))
    try:
        if out.is_dir():
            return _("cannot write {output}: it is a folder (give a file name, e.g. "
                     "{example})").format(output=shown, example=out / "map.png")
        if out.exists() and not out.is_file():
            return _("cannot write {output}: not a regular file (a device or a pipe)"
                     ).format(output=shown)
        if not out.parent.is_dir():
            return _("cannot write {output}: the folder {folder} does not exist").format(
                output=shown, folder=guarded_shown(str(out.parent)))
        os.stat(out.parent / out.name)
    except FileNotFoundError:
        return ""
    except OSError as exc:
        return _("cannot write {output}: {exc}").format(output=shown, exc=_(os_reason(exc)))
    except ValueError:
        return _("cannot write {output}: the name holds a NUL character").format(
            output=shown)
    return ""


def guarded_shown(text: str) -> str:
    """A path in a message: what cannot be printed escaped, the last 80 characters at most
    (where the file's name is)."""
    text = "".join(c if c.isprintable() else repr(c)[1:-1] for c in text)
    return text if len(text) <= 80 else "…" + text[-79:]


# -- map authoring: build-deck, new-map, preview ----------------------------------------------


def _build_deck_args(p: argparse.ArgumentParser) -> None:
    p.add_argument("path", help="the map's YAML file")
    p.add_argument("-o", "--output", help="the deck file to write (default: the map's 'deck:')")
    p.add_argument("--seed", type=int, default=1, help="seed of the shuffle (default 1)")
    p.add_argument("--cards", type=int, default=108, help="how many cards (default 108, C1)")
    p.add_argument("--anchor", metavar="CITY/COMMODITY/PAYOFF",
                   help="the demand that fixes the payoff scale (default Gela/marble/41)")


def _authoring(args: argparse.Namespace, name: str) -> int:
    """A game's own tool for map authors, for the map ``args.path`` (its game) or for
    ``--game``."""
    from rail_app.authoring.games import authoring_of, game_of_map
    from rail_app.core.mapfile import MapError
    from rail_app.table.registry import game as game_by_id

    if getattr(args, "path", None) is not None:
        try:
            game = game_of_map(args.path)
        except MapError as exc:
            return _map_problems(exc, False, False)
    else:
        game = game_by_id(getattr(args, "game", None))
    tool = getattr(authoring_of(game.id), name.replace("-", "_"))
    if tool is None:
        print(_("{title} has no {name} tool").format(title=game.title, name=name), file=sys.stderr)
        return EXIT_BAD_INPUT
    if name == "preview":
        size = parse_window(args.size, (640, 400))
        if size is None:
            print(_("--size: {size!r} is not a size like 1600x900 (at least 640x400)").format(size=args.size),
                  file=sys.stderr)
            return EXIT_BAD_INPUT
        result: int = tool(args, size)
        return result
    result = tool(args)
    return result


def parse_window(text: str, least: tuple[int, int]) -> tuple[int, int] | None:
    """``"1600x900"`` -> (1600, 900); None unless it is a size of at least ``least``."""
    m = re.fullmatch(r"\s*(\d{3,5})\s*[xX\u00d7]\s*(\d{3,5})\s*", text)
    if m is None:
        return None
    w, h = int(m.group(1)), int(m.group(2))
    return (w, h) if w >= least[0] and h >= least[1] else None


def _build_deck(args: argparse.Namespace) -> int:
    return _authoring(args, "build-deck")


def _new_map_args(p: argparse.ArgumentParser) -> None:
    p.add_argument("name", help="the map's name, e.g. toscana (writes NAME.yaml and "
                                "NAME-deck.yaml)")
    p.add_argument("--dir", help="the folder to write into (default: your maps folder, which "
                                 "the game's New game dialog lists)")
    p.add_argument("--force", action="store_true", help="write over existing files")
    _game_arg(p)


def _new_map(args: argparse.Namespace) -> int:
    return _authoring(args, "new-map")


def _preview_args(p: argparse.ArgumentParser) -> None:
    p.add_argument("path", help="the map's YAML file")
    p.add_argument("--size", default="1280x720", help="window size, e.g. 1600x900")
    p.add_argument("--image", metavar="FILE",
                   help="a PNG or JPEG to trace from, drawn under the layers (I hides it)")
    p.add_argument("--corners", metavar="X1,Y1,X2,Y2",
                   help="two opposite corners of the --image, in the map's units (lon,lat "
                        "or x,y km, as 'at:' takes them), e.g. a box west,south,east,north")
    p.add_argument("--opacity", type=int, default=50, metavar="PERCENT",
                   help="the --image's opacity, 1-100 (O steps it; default 50)")


def _preview(args: argparse.Namespace) -> int:
    return _authoring(args, "preview")


# -- replay ----------------------------------------------------------------------------------------


def _replay_args(p: argparse.ArgumentParser) -> None:
    p.add_argument("record", help="the game record (JSON), or a saved game, to replay")
    p.add_argument("--json", action="store_true", help="print one JSON document")


def _replay(args: argparse.Namespace) -> int:
    """Replay a game record, or the record of a saved game on the map the save carries."""
    return _on_record(args, _replay_on)


def _on_record(args: argparse.Namespace,
               then: Callable[[argparse.Namespace, AnyGame, Record, Path], int]) -> int:
    """Open ``args.record`` (a game record, or a saved game: its record on the map the save
    carries) and hand it to ``then`` with its game and its map file."""
    import tempfile

    from rail_app.core.world import World, unpack_world
    from rail_app.table.library import load_record, read_save
    from rail_app.table.records import RecordError, resolve_map
    from rail_app.table.registry import game
    from rail_app.table.saves import SaveError, is_save_file

    world: World | None = None
    try:
        if is_save_file(args.record):  # a saved game: its record, on the map it carries
            saved = read_save(args.record)
            record, world = saved.record, saved.world
        else:
            record = load_record(args.record)[0]
    except (RecordError, SaveError) as exc:
        print(exc, file=sys.stderr)
        return EXIT_BAD_INPUT
    with tempfile.TemporaryDirectory(prefix="italian-rails-replay-") as scratch:
        if world is not None:
            map_file: Path | None = unpack_world(world, Path(scratch))
        else:
            map_file = resolve_map(Path(args.record), record.map)
        if map_file is None:
            print(_("{record}: cannot find the map {map}").format(record=args.record, map=record.map), file=sys.stderr)
            return EXIT_BAD_INPUT
        return then(args, game(record.game), record, map_file)


def _replay_on(args: argparse.Namespace, game: AnyGame, record: Record, map_file: Path) -> int:
    from rail_app.core.mapfile import MapError
    from rail_app.table.records import describe_result, map_digest, replay

    warnings: list[str] = []
    try:
        board = game.load_board(map_file, needs=record.options)
    except MapError as exc:
        first = exc.problems[0] if exc.problems else "unknown problem"
        print(_("{record}: cannot load the map {map}: {first}").format(record=args.record, map=record.map, first=first), file=sys.stderr)
        return EXIT_BAD_INPUT
    if record.map_sha256 and map_digest(map_file) != record.map_sha256:
        warnings.append(_("the map {map} has changed since this game was recorded").format(map=record.map))
    try:
        state, results = replay(game, record, board)
    except ValueError as exc:
        print(f"{args.record}: {exc}", file=sys.stderr)
        return EXIT_BAD_INPUT
    summary = game.replay_summary(state)
    if args.json:
        print(json.dumps({"actions": [r.to_dict(game) for r in results], "final": summary,
                          "warnings": warnings}, indent=1, ensure_ascii=False))
        return EXIT_OK
    for w in warnings:
        print(f"warning: {w}", file=sys.stderr)
    for r in results:
        print(describe_result(r, record.players, game.action_repr(r.action)))
    for line in game.replay_lines(summary):
        print(line)
    return EXIT_OK


# -- review ----------------------------------------------------------------------------------------


def _review_args(p: argparse.ArgumentParser) -> None:
    p.add_argument("record", help="the game record (JSON), or a saved game, to review")
    p.add_argument("--seat", type=int, default=0,
                   help="the seat whose turns are reviewed, 0 first (default 0)")
    p.add_argument("--json", action="store_true", help="print one JSON document")


def _review(args: argparse.Namespace) -> int:
    """Each turn of a seat against the advisor's best plan from the position it saw."""
    return _on_record(args, _review_on)


def _review_on(args: argparse.Namespace, game: AnyGame, record: Record, map_file: Path) -> int:
    from rail_app.core.mapfile import MapError
    from rail_app.table.review import Standings, largest_gaps, review
    from rail_app.table.timeline import Timeline

    if game.advisor() is None:
        print(f"{args.record}: {game.title} has no advisor to review a game with",
              file=sys.stderr)
        return EXIT_BAD_INPUT
    if not 0 <= args.seat < len(record.players):
        print(f"{args.record}: no seat {args.seat} (the game has seats 0 to "
              f"{len(record.players) - 1})", file=sys.stderr)
        return EXIT_BAD_INPUT
    try:
        board = game.load_board(map_file, needs=record.options)
        timeline = Timeline.of_record(game, record, board)
    except MapError as exc:
        first = exc.problems[0] if exc.problems else "unknown problem"
        print(f"{args.record}: cannot load the map {record.map}: {first}", file=sys.stderr)
        return EXIT_BAD_INPUT
    except ValueError as exc:
        print(f"{args.record}: {exc}", file=sys.stderr)
        return EXIT_BAD_INPUT
    turns = review(timeline, args.seat)
    marked = [t.turn for t in largest_gaps(turns)]
    if args.json:
        print(json.dumps({"seat": args.seat, "player": record.players[args.seat],
                          "turns": [t.to_dict() for t in turns], "marked": marked},
                         indent=1, ensure_ascii=False))
        return EXIT_OK
    if isinstance(game.advisor(), Standings):
        print(f"Review of {record.players[args.seat]} ({len(turns)} turns): what the best "
              "choices would have added to the standing (VP-equivalent) against what the "
              "played ones added")
    else:
        print(f"Review of {record.players[args.seat]} ({len(turns)} turns): best plan's "
              "profit a turn against what was made")
    for t in turns:
        star = "  <- marked" if t.turn in marked else ""
        print(f"  turn {t.turn:>3}: best {t.best:6.1f}  played {t.played:6.1f}  "
              f"gap {t.gap:6.1f}{star}")
    return EXIT_OK


# -- development tools (rail_app/devtools) ---------------------------------------------------


def _jobs_option(p: argparse.ArgumentParser, default: int) -> None:
    """``--jobs N``, the one name of the option across commands (``--workers`` is kept as
    a hidden alias for scripts written before)."""
    what = "every core" if default == 0 else str(default)
    p.add_argument("--jobs", type=int, default=default,
                   help=f"processes working at once (default: {what})")
    p.add_argument("--workers", dest="jobs", type=int, default=argparse.SUPPRESS,
                   help=argparse.SUPPRESS)


def _own_tool(name: str) -> Callable[[argparse.Namespace], int]:
    """A command that is a game's own tool (Italian Rails' autoplay, screenshots...)."""

    def run(args: argparse.Namespace) -> int:
        from rail_app.devtools.gametools import tools_of
        from rail_app.table.registry import game

        rules = game(args.game)
        tool = tools_of(rules.id).commands.get(name)
        if tool is None:
            print(_("{title} has no {name} tool").format(title=rules.title, name=name), file=sys.stderr)
            return EXIT_BAD_INPUT
        return tool(args)

    return run


def _simulate_args(p: argparse.ArgumentParser) -> None:
    p.add_argument("--games", type=_count(1, MAX_GAMES), default=10,
                   help="how many games (default 10)")
    p.add_argument("--seed", type=int, default=1, help="seed of the first game (then +1)")
    p.add_argument("--players", default=None,
                   help="the game's computer players, comma separated, seat 0 first "
                        "(Italian Rails: two of easy, normal, hard, random; default hard,easy)")
    p.add_argument("--map", default=None,
                   help="map file (default: the game's map, maps/italy.yaml)")
    p.add_argument("--turn-cap", type=_count(1, MAX_TURN_CAP), default=150,
                   help="turns per player before the game is ended by its rule for a stopped "
                        "game (Italian Rails: W2) (default 150)")
    _jobs_option(p, default=2)
    p.add_argument("--json", action="store_true", help="print one JSON document")
    _game_arg(p)


def _simulate(args: argparse.Namespace) -> int:
    from rail_app.devtools.simulate import run_command

    return run_command(args)


def _fuzz_args(p: argparse.ArgumentParser) -> None:
    p.add_argument("target", choices=("saves", "maps", "kill", "ui", "soak", "names",
                                      "folder"),
                   help="what to try: hostile saves, hostile maps, kills while saving, random "
                        "input on the interface, checked games between computer players, "
                        "names from every Unicode category typed, saved, loaded and "
                        "continued, or a hostile data folder")
    p.add_argument("--long", action="store_true",
                   help="the long run (its figures are in docs/reliability.md)")
    p.add_argument("--seed", type=int, default=1, help="the run's seed (same seed, same run)")
    p.add_argument("--count", type=_count(1, 10 * MAX_GAMES), default=None,
                   help="cases, kills, events or games (default: the short or long run's)")
    p.add_argument("--json", action="store_true", help="print the summary as JSON")
    _game_arg(p)


def _fuzz(args: argparse.Namespace) -> int:
    from rail_app.devtools.fuzz import run_fuzz

    return run_fuzz(args.target, long=args.long, seed=args.seed, count=args.count,
                    as_json=args.json, game=args.game)


def _tournament_args(p: argparse.ArgumentParser) -> None:
    p.add_argument("--games", type=_count(1, MAX_GAMES), default=20,
                   help="games per pairing, an even number: each seed in both seat orders")
    p.add_argument("--seed", type=int, default=1, help="the first seed (then +1)")
    p.add_argument("--levels", default=None,
                   help="levels, comma separated, among the game's players (Italian Rails: "
                        "easy, normal, hard, random; default easy,normal,hard)")
    p.add_argument("--map", default=None,
                   help="map file (default: the game's map, maps/italy.yaml)")
    _jobs_option(p, default=0)
    p.add_argument("--turn-cap", type=_count(1, MAX_TURN_CAP), default=150,
                   help="turns per player before a game is ended by its rule for a stopped "
                        "game (Italian Rails: W2) (default 150)")
    p.add_argument("--json", action="store_true", help="print one JSON document")
    p.add_argument("--quiet", action="store_true", help="no progress bar")
    _game_arg(p)
    p.epilog = ("A game with a tournament of its own takes its own options instead: "
                "tournament --game steam --help (tables of --seats 3 to 6).")


def _tournament(args: argparse.Namespace) -> int:
    from rail_app.devtools.tournament import run_command

    return run_command(args)


#: The long soak's games (``soak --long``; its figures are in docs/reliability.md).
LONG_SOAK_GAMES = 10_000


def _soak_args(p: argparse.ArgumentParser) -> None:
    p.add_argument("--games", type=_count(1, MAX_GAMES), default=20,
                   help="how many games (default 20)")
    p.add_argument("--long", action="store_true",
                   help=f"the long run: {LONG_SOAK_GAMES:,} games (its figures are in "
                        "docs/reliability.md)")
    p.add_argument("--seed", type=int, default=0, help="seed of the first game (then +1)")
    p.add_argument("--first-seed", dest="seed", type=int, default=argparse.SUPPRESS,
                   help=argparse.SUPPRESS)  # the option's earlier name
    p.add_argument("--turn-cap", type=_count(1, MAX_TURN_CAP), default=150,
                   help="turns per player")
    p.add_argument("--map", default=None, help="map file (default: the game's map)")
    _jobs_option(p, default=2)
    p.add_argument("--json", action="store_true", help="print one JSON document")
    _game_arg(p)


def _soak(args: argparse.Namespace) -> int:
    from rail_app.devtools.soak import run_command

    if args.long:
        args.games = LONG_SOAK_GAMES

    return run_command(args)


def _bench_args(p: argparse.ArgumentParser) -> None:
    p.add_argument("--json", action="store_true", help="print one JSON document")
    p.add_argument("--quick", action="store_true", help="fewer samples (for tests)")
    p.add_argument("--map", default=None,
                   help="the map (default: the game's map, maps/italy.yaml)")
    p.add_argument("--saves", type=_count(11, 100_000), default=None, metavar="N",
                   help="instead: the main menu, the Load screen and Continue with N saves "
                        "in the folder against 10 (e.g. 10000)")
    _game_arg(p)


def _bench(args: argparse.Namespace) -> int:
    if args.map is not None:  # a map that cannot be read is refused before any timing
        from rail_app.authoring.games import game_of_map
        from rail_app.core.mapfile import MapError

        try:
            game_of_map(args.map).load_board(args.map)
        except MapError as exc:
            return _map_problems(exc, False, False)
    if args.saves is not None:
        from rail_app.devtools.savesbench import run_command as saves_bench

        return saves_bench(args)
    from rail_app.devtools.bench import run_command

    return run_command(args)


def _selftest_args(p: argparse.ArgumentParser) -> None:
    p.add_argument("--map", help="the map to play on (default: the game's small test map)")
    p.add_argument("--turns", type=_count(1, 1000), default=3, help="human turns to play")
    _game_arg(p)


def _selftest(args: argparse.Namespace) -> int:
    from rail_app.ui.selftest import run_selftest

    return run_selftest(args.map, args.turns, args.game)


def _lesson_seed_args(p: argparse.ArgumentParser) -> None:
    p.add_argument("--start", type=_count(0, 10**12), default=1, help="the first seed to try")
    p.add_argument("--count", type=_count(1, MAX_GAMES), default=5000,
                   help="how many seeds to try")
    _game_arg(p)


def _autoplay_args(p: argparse.ArgumentParser) -> None:
    p.add_argument("--map", default="maps/italy.yaml")
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--opponent", default="normal")
    p.add_argument("--shots", help="save a screenshot every minute of play to SHOTS-nnn.png")
    p.add_argument("--via-main", action="store_true",
                   help="start through python main.py and its menus (needs a display)")
    _game_arg(p)


def _lesson_xvfb_args(p: argparse.ArgumentParser) -> None:
    p.add_argument("--out", default="lesson-steps", help="the folder for the pictures")
    p.add_argument("--size", type=parse_size, default=(1920, 1080), help="window size WxH")
    _game_arg(p)


def _screenshots_args(p: argparse.ArgumentParser) -> None:
    p.add_argument("--out", default="docs/screenshots",
                   help="the folder for the pictures (one folder per size inside)")
    p.add_argument("--size", type=parse_size, action="append",
                   help="a window size WxH (repeat it; default 1920x1080 and 1280x720)")
    p.add_argument("--helpers", action="store_true",
                   help="only the pictures of the newcomer's helpers (saves, ferries, "
                        "Suggest, hints, the lesson)")
    p.add_argument("--newcomer", action="store_true",
                   help="only the pictures of what shows a newcomer the way (the win "
                        "tracker, the cash safety net, the card choice's help, the map "
                        "preview's pointer position)")
    p.add_argument("--language", default="",
                   help="the language of the pictures (en, es; default: the settings' or "
                        "the system's, as the game chooses)")
    _game_arg(p)


def _records_args(p: argparse.ArgumentParser) -> None:
    p.add_argument("--root", type=_project_folder, default=".",
                   help="the project folder (default: here)")
    _game_arg(p)


COMMANDS: dict[str, Command] = {
    "play": Command("start the game (the same as python main.py)", _play_args, _play),
    "games": Command("list the games on the table and their seats", _games_args, _games),
    "validate-map": Command("check a map file and print a summary", _validate_args, _validate),
    "render-map": Command("draw a map to a PNG picture", _render_args, _render),
    "build-deck": Command("make a balanced deck for a map", _build_deck_args, _build_deck),
    "new-map": Command("write a small valid starter map and its deck", _new_map_args,
                       _new_map),
    "preview": Command("show a map as the game draws it, redrawn whenever it is saved",
                       _preview_args, _preview),
    "replay": Command("replay a game record, checking every action", _replay_args, _replay),
    "review": Command("compare each turn of a seat with the advisor's best plan",
                      _review_args, _review),
    "simulate": Command("play computer-only games and print the results", _simulate_args,
                        _simulate),
    "tournament": Command("every level of the computer opponent against every other, both "
                          "seat orders, on all cores, invariants checked", _tournament_args,
                          _tournament),
    "fuzz": Command("run a fuzzer (hostile saves or maps, kills while saving, random input on "
                    "the interface) or the checked games of computer players", _fuzz_args,
                    _fuzz),
    "soak": Command("play random legal games, checking the rules' invariants after every "
                    "action", _soak_args, _soak),
    "bench": Command("measure frame, quote, route, AI and start-up times, and memory", _bench_args,
                     _bench),
    "selftest": Command("play a few turns through the game's interface, headless",
                        _selftest_args, _selftest),
    "autoplay": Command("play a whole game through the game's window with posted mouse and "
                        "key events", _autoplay_args, _own_tool("autoplay")),
    "make-records": Command("write again the game records the tests replay "
                            "(tests/records), from the current maps", _records_args,
                            _own_tool("make-records")),
    "screenshots": Command("draw the README's screenshots of the game's screens",
                           _screenshots_args, _own_tool("screenshots")),
    "lesson-seed": Command("check the seed of the lesson (Learn to play) and find one that "
                           "fits its plan", _lesson_seed_args, _own_tool("lesson-seed")),
    "lesson-xvfb": Command("play the lesson in the game window with X input (xdotool), "
                           "under Xvfb, and take a picture of each step", _lesson_xvfb_args,
                           _own_tool("lesson-xvfb")),
}


# -- entry points ----------------------------------------------------------------------------


def program_name() -> str:
    """How the player started the program, for ``--help`` and messages: the standalone
    executable's own name, ``italian-rails`` (installed with pip) or ``python main.py``."""
    if getattr(sys, "frozen", False):
        return Path(sys.executable).name
    called = Path(sys.argv[0]).name if sys.argv and sys.argv[0] else ""
    if called in ("italian-rails", "italian-rails.exe"):
        return "italian-rails"
    return "python main.py"


def build_parser(prog: str = "python -m rail_app") -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog=prog, description="Italian Rails: tools and the game."
    )
    parser.add_argument("--version", action="version", version=f"Italian Rails {__version__}")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")
    for name, cmd in sorted(COMMANDS.items()):
        p = sub.add_parser(name, help=cmd.help, description=cmd.help)
        cmd.arguments(p)
    return parser


def interrupted() -> int:
    """Ctrl-C: one line, exit status 130 (what a shell reports for SIGINT)."""
    print("interrupted", file=sys.stderr)
    return EXIT_INTERRUPTED


def speak(args: argparse.Namespace) -> None:
    """The player's language for what follows: the settings' choice, else the usual gettext
    variables (LANGUAGE, LC_ALL, LC_MESSAGES, LANG). Machine output (``--json``) stays
    English."""
    if getattr(args, "json", False):
        return
    from rail_app.core import i18n
    from rail_app.ui.settings import language_setting

    i18n.set_language(i18n.choose_language(language_setting()))


def main(argv: Sequence[str] | None = None, prog: str = "python -m rail_app") -> int:
    """``python -m rail_app COMMAND ...``."""
    own = _game_tournament(list(sys.argv[1:] if argv is None else argv))
    if own is not None:
        return own
    parser = build_parser(prog)
    args = parser.parse_args(argv)
    if not args.command:
        parser.print_help()
        return EXIT_OK
    speak(args)
    try:
        return COMMANDS[args.command].run(args)
    except KeyboardInterrupt:
        return interrupted()


def _game_tournament(argv: list[str]) -> int | None:
    """``tournament --game G ...`` for a game whose tournament has options of its own
    (Steam's ``--seats``, ``--table``, ``--variant``): that tournament reads the arguments and
    its exit status is returned. None for any other command or game."""
    if not argv or argv[0] != "tournament":
        return None
    pre = argparse.ArgumentParser(add_help=False)
    pre.add_argument("--game", default=None)
    known, rest = pre.parse_known_args(argv[1:])
    if known.game is None:
        return None
    from rail_app.devtools.gametools import tools_of

    own = tools_of(known.game).tournament
    if own is None:
        return None
    try:
        return own(rest)
    except KeyboardInterrupt:
        return interrupted()


def play_parser(prog: str | None = None) -> argparse.ArgumentParser:
    prog = prog or program_name()
    p = argparse.ArgumentParser(
        prog=prog, description="Italian Rails: a two-player crayon-rails game.",
        epilog=None if prog != "italian-rails" else
        "The tools: italian-rails COMMAND (italian-rails help lists them).")
    p.add_argument("--version", action="version", version=f"Italian Rails {__version__}")
    _play_args(p)
    return p


def play_main(argv: Sequence[str] | None = None, prog: str | None = None) -> int:
    """``python main.py [options]``: the game window."""
    args = play_parser(prog).parse_args(argv)
    speak(args)
    try:
        return _play(args)
    except KeyboardInterrupt:
        return interrupted()


def entry(argv: Sequence[str] | None = None) -> int:
    """``italian-rails``, the command pip installs: the game, or ``italian-rails COMMAND``
    for a tool (the same commands as ``python -m rail_app``)."""
    args = list(sys.argv[1:] if argv is None else argv)
    if args and args[0] == "help":
        return main(["--help"], prog="italian-rails")
    if args and args[0] in COMMANDS:
        return main(args, prog="italian-rails")
    return play_main(args, prog="italian-rails")
