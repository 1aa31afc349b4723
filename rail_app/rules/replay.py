"""``python -m rail_app replay RECORD [--json]``: replay a game record and check every action.

Each action is printed with its outcome (``ok (cost C)`` or the rule ids it breaks), then a
summary of the final state. The summary comes from :func:`state_summary`; other parts of the
rules add their own keys by registering a contributor with :func:`summary_contributor`
(cards: hands, pool and loads; events in force; the outcome), without editing this file.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

from rail_app.cli import EXIT_BAD_INPUT, EXIT_OK, command
from rail_app.rules.record import ActionResult, GameRecord, RecordError, load_record, map_digest
from rail_app.rules.state import GameState

SummaryContributor = Callable[[GameState, dict[str, Any]], None]
_CONTRIBUTORS: list[SummaryContributor] = []


def summary_contributor(fn: SummaryContributor) -> SummaryContributor:
    """Register ``fn(state, summary)``, which adds keys to the summary (players' entries are
    ``summary["players"][i]``)."""
    _CONTRIBUTORS.append(fn)
    return fn


def state_summary(state: GameState) -> dict[str, Any]:
    """A JSON-ready description of a game state, for ``replay`` and golden tests."""
    board = state.board
    players: list[dict[str, Any]] = []
    for p in state.players:
        players.append({
            "name": p.name,
            "cash": p.cash,
            "segments": len(p.track),
            "segments_drawn": p.segments_drawn,
            "ferries": sorted(board.ferries[i].name for i in p.ferries),
            "locomotive": p.loco,
            "position": board.key(p.position) if p.position is not None else None,
            "loads": [ld.commodity if ld.card is None else f"{ld.commodity} (card {ld.card})"
                      for ld in p.loads],
            "turns_taken": p.turns_taken,
            "lose_turns": p.lose_turns,
            "loan_due": p.loan_due,
        })
    outcome = state.outcome
    summary: dict[str, Any] = {
        "turn": state.turn,
        "phase": state.phase,
        "current": state.players[state.current].name,
        "variants": sorted(state.variants),
        "winner": (state.players[outcome.winner].name
                   if outcome is not None and outcome.winner is not None else None),
        "players": players,
    }
    if outcome is not None:
        summary["outcome"] = outcome.reason
    for fn in _CONTRIBUTORS:
        fn(state, summary)
    return summary


def describe_result(r: ActionResult, record: GameRecord) -> str:
    """``N. <player> <action>: ok (cost C)`` or ``N. ...: ILLEGAL K5, K7 — <message>``."""
    head = f"{r.index}. {record.players[r.player]} {r.action!r}"
    if r.ok:
        return f"{head}: ok (cost {r.cost})"
    rules = ", ".join(dict.fromkeys(v.rule for v in r.violations))
    return f"{head}: ILLEGAL {rules} — {r.violations[0].message}"


def summary_lines(summary: dict[str, Any]) -> list[str]:
    lines = [f"Turn {summary['turn']}, {summary['phase']} phase, {summary['current']} to play"
             + (f"; winner: {summary['winner']}" if summary.get("winner") else "")]
    for p in summary["players"]:
        loads = ", ".join(p["loads"]) or "none"
        ferries = ", ".join(p["ferries"]) or "none"
        lines.append(f"  {p['name']}: {p['cash']}M, {p['segments']} segments, "
                     f"{p['locomotive']}, at {p['position'] or '(not placed)'}, "
                     f"loads: {loads}, ferries: {ferries}")
    return lines


def resolve_map(record_path: Path, map_path: str) -> Path | None:
    """The recorded map path as given, else next to the record, else in the game's folder."""
    from rail_app.core.paths import resource_path

    given = Path(map_path)
    for candidate in (given, record_path.parent / given, resource_path(map_path)):
        if candidate.is_file():
            return candidate
    return None


def _replay_args(p: argparse.ArgumentParser) -> None:
    p.add_argument("record", help="the game record (JSON) to replay")
    p.add_argument("--json", action="store_true", help="print one JSON document")


@command("replay", "replay a game record, checking every action")(_replay_args)
def cmd_replay(args: argparse.Namespace) -> int:
    """Replay a game record, or the record of a saved game on the map the save carries."""
    import tempfile

    from rail_app.core.world import World, unpack_world
    from rail_app.rules.savefile import SaveError, is_save_file, read_save

    world: World | None = None
    try:
        if is_save_file(args.record):  # a saved game: its record, on the map it carries
            saved = read_save(args.record)
            record, world = saved.record, saved.world
        else:
            record = load_record(args.record)
    except (RecordError, SaveError) as exc:
        print(exc, file=sys.stderr)
        return EXIT_BAD_INPUT
    with tempfile.TemporaryDirectory(prefix="italian-rails-replay-") as scratch:
        if world is not None:
            map_file: Path | None = unpack_world(world, Path(scratch))
        else:
            map_file = resolve_map(Path(args.record), record.map)
        if map_file is None:
            print(f"{args.record}: cannot find the map {record.map}", file=sys.stderr)
            return EXIT_BAD_INPUT
        return _replay_on(args, record, map_file)


def _replay_on(args: argparse.Namespace, record: GameRecord, map_file: Path) -> int:
    from rail_app.core.board import load_board
    from rail_app.core.mapfile import MapError
    from rail_app.rules.deckmodel import Deck
    from rail_app.rules.record import replay_record

    warnings: list[str] = []
    try:
        board = load_board(map_file)
        deck: Deck | None = None
        if record.deck:
            if board.deck_file is None or not board.deck_file.exists():
                print(f"{args.record}: the game was played with cards but the map "
                      f"{record.map} has no deck file", file=sys.stderr)
                return EXIT_BAD_INPUT
            from rail_app.rules.deck import load_deck

            deck = load_deck(board.deck_file, board)
    except MapError as exc:
        first = exc.problems[0] if exc.problems else "unknown problem"
        print(f"{args.record}: cannot load the map {record.map}: {first}", file=sys.stderr)
        return EXIT_BAD_INPUT
    if record.map_sha256 and map_digest(map_file) != record.map_sha256:
        warnings.append(f"the map {record.map} has changed since this game was recorded")
    state, results = replay_record(record, board, deck)
    summary = state_summary(state)
    if args.json:
        print(json.dumps({"actions": [r.to_dict() for r in results], "final": summary,
                          "warnings": warnings}, indent=1, ensure_ascii=False))
        return EXIT_OK
    for w in warnings:
        print(f"warning: {w}", file=sys.stderr)
    for r in results:
        print(describe_result(r, record))
    for line in summary_lines(summary):
        print(line)
    return EXIT_OK


from rail_app.rules.cards import add_to_summary as _cards_summary  # noqa: E402  (C1-C7, W1-W2)

summary_contributor(_cards_summary)


def _events_summary(state: GameState, summary: dict[str, Any]) -> None:
    """E2: the lasting events in force (and whether cash is public after a tax, E3)."""
    from rail_app.rules.events import events_in_force_summary

    summary["events_in_force"] = events_in_force_summary(state)
    summary["cash_public"] = state.cash_public


summary_contributor(_events_summary)
