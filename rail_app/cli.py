"""The one command line: ``python main.py`` (the table) and ``python -m rail_app COMMAND``.

Installed with pip, ``italian-rails`` is both: the table, or ``italian-rails COMMAND``.

Every command is listed in :data:`COMMANDS` with its arguments; its work is imported only
when it runs, so that starting the game or asking for ``--help`` loads nothing it does not
need. A game brings commands of its own with its development tools (Italian Rails'
``autoplay``, ``make-records``, ``screenshots``, ``lesson-seed``, ``lesson-xvfb``:
:class:`rail_app.devtools.toolkit.GameCommand`), run by their names as these are.
Commands print clear messages and exit 0 on success, 1 when a check fails, 2 on bad input,
never with a traceback for a mistake in a file the user gave; Ctrl-C ends any of them with
one line and exit status 130.
"""

from __future__ import annotations

import argparse
import importlib.util
import json
import os
import re
import sys
import textwrap
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from rail_app import EXIT_BAD_INPUT, EXIT_FAILED, EXIT_INTERRUPTED, EXIT_OK, __version__
from rail_app.authoring.games import authoring_of, game_of_map
from rail_app.authoring.problems import in_file_order, problem_lines
from rail_app.core import i18n, identity
from rail_app.core.cliargs import MAX_GAMES, MAX_TURN_CAP, parse_size
from rail_app.core.cliargs import count as _count
from rail_app.core.i18n import _
from rail_app.core.lazy import Lazy
from rail_app.core.mapfile import MapError
from rail_app.core.world import World, unpack_world
from rail_app.table import registry
from rail_app.table.library import load_record, read_save
from rail_app.table.records import RecordError, describe_result, map_digest, replay, resolve_map
from rail_app.table.registry import game
from rail_app.table.registry import game as game_by_id
from rail_app.table.review import Standings, largest_gaps, review
from rail_app.table.saves import SaveError, is_save_file
from rail_app.table.timeline import Timeline

if TYPE_CHECKING:
    from rail_app.devtools.toolkit import GameCommand, GameTools
    from rail_app.table.records import Record
    from rail_app.table.registry import AnyGame
    from rail_app.ui.app import App
    from rail_app.ui.gameparts import GameScreens


#: A command's work: what it runs with its arguments, and its exit status.
Runner = Callable[[argparse.Namespace], int]


@dataclass(frozen=True)
class Command:
    help: str
    arguments: Callable[[argparse.ArgumentParser], None]
    run: Runner | Lazy[Runner]
    #: Who it is for: "play" (players), "maps" (map authors) or "dev" (the development
    #: tools, listed apart: ``dev --help``; left out of the standalone executable)
    audience: str = "play"
    #: Its arguments as the help's listing shows them after its name
    shape: str = ""

    def runner(self) -> Runner:
        return self.run.get() if isinstance(self.run, Lazy) else self.run


# What the commands use of the interface and the development tools, imported when a command
# runs (the executable leaves the development tools out; the tools never start pygame).
_APP: Lazy[type[App]] = Lazy("rail_app.ui.app:App")
_END: Lazy[Callable[[App, int], int]] = Lazy("rail_app.ui.ending:end")
_DISPLAY_PROBLEM: Lazy[Callable[[], str | None]] = Lazy("rail_app.ui.headless:display_problem")
_USE_DUMMY_DRIVERS: Lazy[Callable[[], None]] = Lazy("rail_app.ui.headless:use_dummy_drivers")
_OPEN_AT: Lazy[Callable[[App, str], object]] = Lazy("rail_app.ui.screens:open_at")
_SCREENS_OF: Lazy[Callable[[str], GameScreens]] = Lazy("rail_app.ui.gamescreens:screens_of")
_LANGUAGE_SETTING: Lazy[Callable[[], str]] = Lazy("rail_app.ui.settings:language_setting")
_RUN_SELFTEST: Lazy[Callable[[str | None, int, str | None], int]] = Lazy(
    "rail_app.ui.selftest:run_selftest")
_TOOLS_OF: Lazy[Callable[[str], GameTools]] = Lazy("rail_app.devtools.gametools:tools_of")
_RUN_FUZZ: Lazy[Callable[..., int]] = Lazy("rail_app.devtools.fuzz:run_fuzz")
_SOAK: Lazy[Runner] = Lazy("rail_app.devtools.soak:run_command")
_BENCH: Lazy[Runner] = Lazy("rail_app.devtools.bench:run_command")
_SAVES_BENCH: Lazy[Runner] = Lazy("rail_app.devtools.savesbench:run_command")


def game_id(text: str) -> str:
    """A game on the table (``--game``), checked against the registry."""
    if text not in registry.ids():
        raise argparse.ArgumentTypeError(
            _("no game {text!r} on the table (games: {join})").format(text=text, join=', '.join(registry.ids())))
    return text


def _game_arg(p: argparse.ArgumentParser) -> None:
    p.add_argument("--game", type=game_id, default=None,
                   help="the game (default: italian-rails; `games` lists them)")


# -- play (the game window) ----------------------------------------------------------------------


def _play_args(p: argparse.ArgumentParser) -> None:
    p.add_argument("--map", metavar="PATH", help="offer this map file in the new game dialog")
    p.add_argument("--selftest", action="store_true",
                   help="play a few turns through the interface without a window and exit")
    p.add_argument("--game", metavar="ID", type=game_id, default=None,
                   help="open the table at this game, its New game dialog open (the menu's "
                        "picker keeps it for the next start); with --selftest, the game to "
                        "test (`games` lists the ids)")
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
        return _RUN_SELFTEST.get()(args.map, 3, args.game)
    if args.game is not None and game_by_id(args.game).screens is None:
        print(_("--game: {title} has no game screen in this program yet").format(
            title=game_by_id(args.game).title), file=sys.stderr)
        return EXIT_BAD_INPUT
    problem = _DISPLAY_PROBLEM.get()()
    if problem is not None:
        print(f"{program_name()}: {problem}", file=sys.stderr)
        return EXIT_FAILED
    app = _APP.get()(map_path=args.map, size=args.size, fullscreen=args.fullscreen)
    if args.game is not None:
        _OPEN_AT.get()(app, args.game)
    if args.first_frame:  # start-up timing: draw the first frame, then leave
        app.step(1 / 60)
        return EXIT_OK
    try:
        code = app.run()
    except KeyboardInterrupt:
        _END.get()(app, EXIT_INTERRUPTED)
        raise
    return _END.get()(app, code)


# -- games -------------------------------------------------------------------------------------


def _games_args(p: argparse.ArgumentParser) -> None:
    p.add_argument("--json", action="store_true", help="print one JSON document")


def _games(args: argparse.Namespace) -> int:
    if args.json:
        print(json.dumps({"games": [{"id": g.id, "title": g.title, "seats": g.seats.to_json(),
                                     "rules_version": g.rules_version} for g in registry.GAMES]},
                         indent=1))
        return EXIT_OK
    for g in registry.GAMES:
        print(f"{g.id}: {g.title}, {g.seats.words()}")
    return EXIT_OK


# -- validate-map and render-map ---------------------------------------------------------------


def _validate_args(p: argparse.ArgumentParser) -> None:
    p.add_argument("path", help="the map's YAML file")
    p.add_argument("--json", action="store_true", help="print one JSON document")
    p.add_argument("--all", action="store_true",
                   help="print every problem (without it: the first 20, then a count)")


def _map_problems(exc: Exception, as_json: bool, show_all: bool) -> int:
    problems = getattr(exc, "problems", [])
    if as_json:
        print(json.dumps({"errors": [p.as_dict() for p in in_file_order(problems)]}, indent=2))
    else:
        for line in problem_lines(problems, show_all=show_all):
            print(line, file=sys.stderr)
    return EXIT_BAD_INPUT


def _validate(args: argparse.Namespace) -> int:
    """Check a map of any game (its ``game:`` key; none: Italian Rails)."""
    try:
        game = game_of_map(args.path)
        board = game.rules.load_board(args.path)
    except MapError as exc:
        return _map_problems(exc, args.json, args.all)

    summary = game.rules.map_summary(board)
    tools = authoring_of(game.id)
    check = tools.map_warnings  # e.g. weak spots (K5): the map is valid
    warnings = check(board) if check is not None else []
    report = tools.map_report(board) if tools.map_report is not None else []
    if args.json:
        extra = {"report": report} if tools.map_report is not None else {}
        print(json.dumps({**summary, **extra, "warnings": [w.as_dict() for w in warnings]},
                         indent=2))
    else:
        parts = ", ".join(f"{v} {k.replace('_', ' ')}" for k, v in summary.items())
        print(f"{args.path}: OK: {game.rules.board_name(board)}: {parts}")
        for line in report:
            print(line)
        for line in problem_lines(warnings, show_all=args.all):
            print(line, file=sys.stderr)
    return EXIT_OK


def _render_args(p: argparse.ArgumentParser) -> None:
    p.add_argument("path", help="the map's YAML file")
    p.add_argument("-o", "--output", required=True, help="the PNG file to write")
    p.add_argument("--width", type=int, default=1600, help="picture width in pixels")


def _render(args: argparse.Namespace) -> int:
    try:
        game = game_of_map(args.path)
        board = game.rules.load_board(args.path)
    except MapError as exc:
        for p in exc.problems:
            print(p, file=sys.stderr)
        return EXIT_BAD_INPUT
    if args.width < 200 or args.width > 12000:
        print(_("--width must be between 200 and 12000 pixels"), file=sys.stderr)
        return EXIT_BAD_INPUT
    _USE_DUMMY_DRIVERS.get()()

    out = Path(args.output)
    problem = _output_problem(out)
    if problem:
        print(problem, file=sys.stderr)
        return EXIT_BAD_INPUT
    draw = authoring_of(game.id).render_map
    if draw is None and game.screens is not None:
        draw = _SCREENS_OF.get()(game.id).render_map
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
    with tempfile.TemporaryDirectory(prefix=f"{identity.SCRATCH_PREFIX}replay-") as scratch:
        if world is not None:
            map_file: Path | None = unpack_world(world, Path(scratch))
        else:
            map_file = resolve_map(Path(args.record), record.map)
        if map_file is None:
            print(_("{record}: cannot find the map {map}").format(record=args.record, map=record.map), file=sys.stderr)
            return EXIT_BAD_INPUT
        return then(args, game(record.game), record, map_file)


def _replay_on(args: argparse.Namespace, game: AnyGame, record: Record, map_file: Path) -> int:
    warnings: list[str] = []
    try:
        board = game.rules.load_board(map_file, needs=record.options)
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
    summary = game.rules.replay_summary(state)
    if args.json:
        print(json.dumps({"actions": [r.to_dict(game) for r in results], "final": summary,
                          "warnings": warnings}, indent=1, ensure_ascii=False))
        return EXIT_OK
    for w in warnings:
        print(f"warning: {w}", file=sys.stderr)
    for r in results:
        print(describe_result(r, record.players, game.rules.action_repr(r.action)))
    for line in game.rules.replay_lines(summary):
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
    if game.advisor() is None:
        print(f"{args.record}: {game.title} has no advisor to review a game with",
              file=sys.stderr)
        return EXIT_BAD_INPUT
    if not 0 <= args.seat < len(record.players):
        print(f"{args.record}: no seat {args.seat} (the game has seats 0 to "
              f"{len(record.players) - 1})", file=sys.stderr)
        return EXIT_BAD_INPUT
    try:
        board = game.rules.load_board(map_file, needs=record.options)
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
    return _RUN_FUZZ.get()(args.target, long=args.long, seed=args.seed, count=args.count,
                    as_json=args.json, game=args.game)


def _tournament_args(p: argparse.ArgumentParser) -> None:
    p.add_argument("--games", type=_count(1, MAX_GAMES), default=None,
                   help="games per table (default 20; for pairings of two, an even number: "
                        "each deal in both seat orders)")
    p.add_argument("--seed", type=int, default=1, help="the first seed (then +1)")
    p.add_argument("--levels", default=None,
                   help="levels, comma separated, among the game's players (default: the "
                        "game's levels): every pairing of them for a game of two seats (and "
                        "Relay's), else one table with the levels dealt round the seats")
    p.add_argument("--table", action="append", default=[],
                   help="the players of one table, e.g. hard,normal,normal (repeatable)")
    p.add_argument("--seats", type=_count(1, 6), default=None,
                   help="seats at each table (default: the game's usual number)")
    p.add_argument("--variant", default="basic",
                   help="the game's variant: basic (none), or one of its options by key "
                        "(Steam: standard; Italian Rails: loans, fast_trains...)")
    p.add_argument("--level", action="append", default=[], metavar="NAME=BASE[:KEY=VALUE,...]",
                   help="a level made for this run from another with other settings, for "
                        "tuning (Steam: hard2=hard:candidates=30,params.discount=0.9)")
    p.add_argument("--map", default=None,
                   help="map file (default: the game's map for tournaments)")
    _jobs_option(p, default=0)
    p.add_argument("--turn-cap", type=_count(1, MAX_TURN_CAP), default=150,
                   help="turns per player before a game is ended by its rule for a stopped "
                        "game (Italian Rails: W2) (default 150)")
    p.add_argument("--json", action="store_true", help="print one JSON document")
    p.add_argument("--quiet", action="store_true", help="no progress bar")
    _game_arg(p)


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
    if args.long:
        args.games = LONG_SOAK_GAMES
    return _SOAK.get()(args)


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
        try:
            game_of_map(args.map).rules.load_board(args.map)
        except MapError as exc:
            return _map_problems(exc, False, False)
    if args.saves is not None:
        return _SAVES_BENCH.get()(args)
    return _BENCH.get()(args)


def _selftest_args(p: argparse.ArgumentParser) -> None:
    p.add_argument("--map", help="the map to play on (default: the game's small test map)")
    p.add_argument("--turns", type=_count(1, 1000), default=3, help="human turns to play")
    _game_arg(p)


def _selftest(args: argparse.Namespace) -> int:
    return _RUN_SELFTEST.get()(args.map, args.turns, args.game)


COMMANDS: dict[str, Command] = {
    "play": Command("open the table (--game ID: straight to that game's New game)",
                    _play_args, _play, shape="[--game ID]"),
    "games": Command("list the games on the table and their seats", _games_args, _games),
    "replay": Command("replay a game record, checking every action", _replay_args, _replay,
                      shape="RECORD"),
    "review": Command("compare each turn of a seat with the advisor's best plan",
                      _review_args, _review, shape="RECORD"),
    "validate-map": Command("check a map file and print a summary", _validate_args, _validate,
                            audience="maps", shape="MAP"),
    "preview": Command("show a map as the game draws it, redrawn whenever it is saved",
                       _preview_args, _preview, audience="maps", shape="MAP"),
    "render-map": Command("draw a map to a PNG picture", _render_args, _render,
                          audience="maps", shape="MAP -o PNG"),
    "new-map": Command("write a small valid starter map and its deck", _new_map_args,
                       _new_map, audience="maps", shape="NAME"),
    "build-deck": Command("make a balanced deck for a map", _build_deck_args, _build_deck,
                          audience="maps", shape="MAP"),
    "simulate": Command("play computer-only games and print the results", _simulate_args,
                        Lazy("rail_app.devtools.simulate:run_command"), audience="dev"),
    "tournament": Command("the computer players at tables of N seats (every pairing, or "
                          "--table), seats rotated, on all cores, invariants checked",
                          _tournament_args, Lazy("rail_app.devtools.tournament:run_command"),
                          audience="dev"),
    "fuzz": Command("run a fuzzer (hostile saves or maps, kills while saving, random input on "
                    "the interface) or the checked games of computer players", _fuzz_args,
                    _fuzz, audience="dev"),
    "soak": Command("play random legal games, checking the rules' invariants after every "
                    "action", _soak_args, _soak, audience="dev"),
    "bench": Command("measure frame, quote, route, AI and start-up times, and memory", _bench_args,
                     _bench, audience="dev"),
    "selftest": Command("play a few turns through the game's interface, headless",
                        _selftest_args, _selftest, audience="dev"),
}

#: The development tools that the standalone executable carries all the same: the self-test
#: is the game's own (``--selftest``), the check that a build works.
IN_EVERY_BUILD = frozenset({"selftest"})

#: The exit status when the reader of the output went away (``| head``): what a shell
#: reports for a program that SIGPIPE ended, 128 + 13.
EXIT_PIPE_CLOSED = 141


# -- entry points ----------------------------------------------------------------------------


def program_name() -> str:
    """How the player started the program, for ``--help`` and messages: the standalone
    executable's own name, ``italian-rails`` (installed with pip) or ``python main.py``."""
    if getattr(sys, "frozen", False):
        return Path(sys.executable).name
    called = Path(sys.argv[0]).name if sys.argv and sys.argv[0] else ""
    if called in (identity.COMMAND, f"{identity.COMMAND}.exe"):
        return identity.COMMAND
    return "python main.py"


def devtools_here() -> bool:
    """Whether the development tools are installed with the game (the standalone
    executable leaves them out)."""
    return importlib.util.find_spec("rail_app.devtools") is not None


_HEADINGS = {"play": "To play:", "maps": "For map authors:", "dev": "Development tools:"}


#: The help's width, and where a listed command's words begin
HELP_WIDTH, HELP_INDENT = 79, 26


def _line(head: str, words: str) -> str:
    """One command of a listing: its name and arguments, then its words beside them."""
    lines = textwrap.wrap(words, HELP_WIDTH - HELP_INDENT)
    first = head + " " * (HELP_INDENT - len(head)) if len(head) <= HELP_INDENT - 2 else \
        head + "\n" + " " * HELP_INDENT
    return first + ("\n" + " " * HELP_INDENT).join(lines)


def _listing(names: Sequence[str]) -> list[str]:
    return [_line(f"  {name} {COMMANDS[name].shape}".rstrip(), COMMANDS[name].help)
            for name in names]


def _prose(text: str) -> str:
    return textwrap.fill(text, HELP_WIDTH)


def players_commands(prog: str) -> str:
    """The help's list of commands for players and map authors, with where the
    development tools are listed."""
    lines: list[str] = []
    for audience in ("play", "maps"):
        lines.append(_HEADINGS[audience])
        lines.extend(_listing([n for n, c in COMMANDS.items() if c.audience == audience]))
        lines.append("")
    lines.append(_line("  help [COMMAND]", "this help, or one command's options"))
    lines.append("")
    lines.append(_prose(f"{prog} help COMMAND (or {prog} COMMAND --help) says more of one."))
    if devtools_here():
        lines.append(_prose(f"The development tools are listed apart: {prog} dev --help."))
    return "\n".join(lines)


def developers_commands(prog: str) -> str:
    """The help's list of the development tools: the table's and the games' own."""
    lines = [_HEADINGS["dev"]]
    lines.extend(_listing([n for n, c in COMMANDS.items() if c.audience == "dev"]))
    own = game_commands()
    if own:
        lines.append("")
        lines.append("The games' own tools:")
        for name, (game, command) in sorted(own.items()):
            lines.append(_line(f"  {name}", f"{game.title}: {command.help}"))
    lines.append("")
    lines.append(_prose(f"Each runs as {prog} dev NAME or as {prog} NAME; {prog} NAME --help "
                        "says more. The standalone executable leaves them out (but for "
                        "selftest, the game's own check)."))
    return "\n".join(lines)


def build_parser(prog: str = "python -m rail_app", listing: bool = False
                 ) -> argparse.ArgumentParser:
    """The command line's parser; its help lists the commands for players and map authors
    (the development tools: :func:`dev_parser`). ``listing`` is kept for callers of old."""
    parser = argparse.ArgumentParser(
        prog=prog, usage=f"{prog} COMMAND [options]",
        description=_prose(f"{identity.NAME}: {identity.BLURB}."), epilog=players_commands(prog),
        formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--version", action="version", version=f"{identity.NAME} {__version__}")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND", help=argparse.SUPPRESS,
                                prog=prog)
    for name, cmd in COMMANDS.items():
        p = sub.add_parser(name, description=cmd.help)
        cmd.arguments(p)
    return parser


def dev_parser(prog: str) -> argparse.ArgumentParser:
    """``dev --help``: the development tools, apart from the players' commands."""
    return argparse.ArgumentParser(
        prog=f"{prog} dev", usage=f"{prog} dev NAME [options]",
        description=f"{identity.NAME}'s development tools: not for playing, for those who "
                    "work on the games.",
        epilog=developers_commands(prog), formatter_class=argparse.RawDescriptionHelpFormatter)


def game_commands(game: str | None = None) -> dict[str, tuple[AnyGame, GameCommand]]:
    """The commands the games bring with their development tools, by name, each with its
    game: the commands of ``game``, or of every game on the table (the first game that lists
    a name keeps it). None where the development tools are not installed (the standalone
    executable leaves them out)."""
    if not devtools_here():
        return {}
    found: dict[str, tuple[AnyGame, GameCommand]] = {}
    for g in (registry.game(game),) if game is not None else registry.GAMES:
        for name, command in _TOOLS_OF.get()(g.id).commands.items():
            found.setdefault(name, (g, command))
    return found


def _game_command(argv: list[str], prog: str) -> int | None:
    """``NAME ...`` for a command a game brings (Italian Rails' autoplay, make-records,
    screenshots, lesson-seed, lesson-xvfb): the command of the game ``--game`` names, else
    of the first game on the table that has one of that name, reads the arguments (with
    ``--game``) and runs. None when ``NAME`` is the command line's own or no game's."""
    if not argv or argv[0] in COMMANDS or argv[0].startswith("-"):
        return None
    name = argv[0]
    every = game_commands()
    if name not in every:
        return None
    pre = argparse.ArgumentParser(add_help=False)
    pre.add_argument("--game", default=None)
    known, _rest = pre.parse_known_args(argv[1:])
    game, command = every[name]
    if known.game in registry.ids():
        mine = game_commands(known.game).get(name)
        if mine is None:
            print(_("{title} has no {name} tool").format(
                title=registry.game(known.game).title, name=name), file=sys.stderr)
            return EXIT_BAD_INPUT
        game, command = mine
    parser = argparse.ArgumentParser(prog=f"{prog} {name}", description=command.help)
    command.arguments(parser)
    _game_arg(parser)
    args = parser.parse_args(argv[1:])
    args.command = name
    speak(args)
    try:
        return command.run(args)
    except KeyboardInterrupt:
        return interrupted()


def interrupted() -> int:
    """Ctrl-C: one line, exit status 130 (what a shell reports for SIGINT)."""
    print("interrupted", file=sys.stderr)
    return EXIT_INTERRUPTED


def quiet_pipe(run: Callable[[], int]) -> int:
    """``run()``, ending quietly when the reader of the output has gone away (``| head``):
    no traceback, exit status 141 as for a program that SIGPIPE ended, and nothing more
    written (standard output goes to the null device, so that Python's own flush at exit
    finds no pipe to fail on)."""
    try:
        code = run()
        sys.stdout.flush()
        return code
    except BrokenPipeError:
        try:
            devnull = os.open(os.devnull, os.O_WRONLY)
            os.dup2(devnull, sys.stdout.fileno())
        except (OSError, ValueError):  # a standard output that is no file (a test's)
            pass
        return EXIT_PIPE_CLOSED


def speak(args: argparse.Namespace) -> None:
    """The player's language for what follows: the settings' choice, else the usual gettext
    variables (LANGUAGE, LC_ALL, LC_MESSAGES, LANG). Machine output (``--json``) stays
    English."""
    if getattr(args, "json", False):
        return
    i18n.set_language(i18n.choose_language(_LANGUAGE_SETTING.get()()))


def _not_in_this_build(name: str) -> int:
    print(_("{name} is a development tool, not part of the standalone game: run it from the "
            "game's source (python -m rail_app {name})").format(name=name), file=sys.stderr)
    return EXIT_BAD_INPUT


def _help(topic: list[str], prog: str, entry_help: Callable[[], None] | None = None) -> int:
    """``help`` (the players' help) or ``help COMMAND`` (that command's options)."""
    if not topic:
        if entry_help is not None:
            entry_help()
        else:
            build_parser(prog).print_help()
        return EXIT_OK
    name = topic[0]
    if name == "dev":
        return _run(prog, ["dev", "--help"])
    if name == "help":
        return _help([], prog, entry_help)
    if name in COMMANDS or name in game_commands():
        return _run(prog, [name, "--help"])
    print(_("{prog} help: no command {name!r} (the commands: {prog} help)").format(
        prog=prog, name=name), file=sys.stderr)
    return EXIT_BAD_INPUT


def _is_dev(name: str) -> bool:
    command = COMMANDS.get(name)
    return command.audience == "dev" if command is not None else name in game_commands()


def _run(prog: str, given: list[str]) -> int:
    """A command of the command line with its arguments (``given[0]`` its name)."""
    if given and given[0] == "dev":
        if len(given) == 1 or given[1] in ("-h", "--help", "help"):
            if not devtools_here():
                return _not_in_this_build("dev")
            dev_parser(prog).print_help()
            return EXIT_OK
        if not _is_dev(given[1]) and (devtools_here() or given[1] in COMMANDS):
            print(_("{prog} dev: no development tool {name!r} (they are: {prog} dev "
                    "--help)").format(prog=prog, name=given[1]), file=sys.stderr)
            return EXIT_BAD_INPUT
        given = given[1:]
    if given and given[0] == "help":
        return _help(given[1:], prog)
    if given and given[0] in COMMANDS and _is_dev(given[0]) and not devtools_here() \
            and given[0] not in IN_EVERY_BUILD:
        return _not_in_this_build(given[0])
    own = _game_command(given, prog)
    if own is not None:
        return own
    parser = build_parser(prog)
    args = parser.parse_args(given)
    if not args.command:
        parser.print_help()
        return EXIT_OK
    speak(args)
    try:
        return COMMANDS[args.command].runner()(args)
    except KeyboardInterrupt:
        return interrupted()


def main(argv: Sequence[str] | None = None, prog: str = "python -m rail_app") -> int:
    """``python -m rail_app COMMAND ...`` (``help``, ``help COMMAND``, ``dev NAME ...``)."""
    given = list(sys.argv[1:] if argv is None else argv)
    return quiet_pipe(lambda: _run(prog, given))


def play_parser(prog: str | None = None) -> argparse.ArgumentParser:
    """The options of the table itself (no command: ``python main.py``, ``italian-rails``,
    the executable); its help lists the commands too."""
    prog = prog or program_name()
    p = argparse.ArgumentParser(
        prog=prog, description=_prose(f"{identity.NAME}: {identity.BLURB}.") + "\n\n"
        "With no command, the table opens; its options:",
        epilog=players_commands(prog), formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--version", action="version", version=f"{identity.NAME} {__version__}")
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


def entry(argv: Sequence[str] | None = None, prog: str | None = None) -> int:
    """``italian-rails``, the command pip installs, ``python main.py`` and the standalone
    executable: the table (with its options), or ``COMMAND ...`` (the same commands as
    ``python -m rail_app``, a game's own ones too); ``help`` and ``-h`` say both."""
    args = list(sys.argv[1:] if argv is None else argv)
    name = prog or (identity.COMMAND if argv is not None else program_name())

    def run() -> int:
        if args and args[0] == "help":
            return _help(args[1:], name, play_parser(name).print_help)
        if args and (args[0] in COMMANDS or args[0] == "dev" or args[0] in game_commands()):
            return _run(name, args)
        return play_main(args, prog=name)

    return quiet_pipe(run)
