"""What ``python -m rail_app replay RECORD [--json]`` prints of an Italian Rails game's final
state (the actions and their outcomes are the table's, :mod:`rail_app.table.records`).

The summary (:func:`state_summary`) is plain data, also used by golden tests: the players,
then the cards' side (hands, pool, loads, the outcome) and the events in force.
"""

from __future__ import annotations

from typing import Any

from rail_app.games.italian_rails.rules import cards, events
from rail_app.games.italian_rails.rules.state import GameState
from rail_app.games.italian_rails.rules.words import outcome_sentence


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
        summary["outcome"] = outcome_sentence(state)
    cards.add_to_summary(state, summary)  # C1-C7, W1-W2
    summary["events_in_force"] = events.events_in_force_summary(state)  # E2
    summary["cash_public"] = state.cash_public  # E3
    return summary


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
