"""A game of Ticket to Ride as plain data: what ``replay`` prints of its final state
(``--json`` and in words), the save screen's summary of a game, and the fingerprint the
determinism checks compare (everything in a state that may change, as stable text).
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any

from rail_app.games.ttr.rules.network import routes_of
from rail_app.games.ttr.rules.state import GameState, Step


def snapshot(state: GameState, full: bool = True) -> dict[str, Any]:
    """Everything in a state that may change, as JSON-ready data. Without ``full``, the log
    and the record by their lengths and last entries (the checks after every action that
    applying one left the state it was given as it was)."""
    t = state.tunnel
    f = state.final
    return {
        "players": [[p.name, p.hand, p.tickets, p.wagons, p.stations, p.points, p.turns,
                     p.hidden_cards, p.hidden_tickets] for p in state.players],
        "deck": state.deck,
        "discard": state.discard,
        "row": [state.row, state.row_hold],
        "owner": state.owner,
        "stations": state.station_of,
        "tickets": [state.ticket_deck, state.box, state.offer, state.first_offer],
        "tunnel": None if t is None else [t.route, list(t.shown), t.colour, list(t.revealed),
                                          t.extra],
        "turn": [str(state.step), state.current, state.first, state.turn,
                 state.last_round_by, state.turns_left, state.passes],
        "chance": [state.seed, state.draws, state.viewer, str(state.options)],
        "log": [e.to_dict() for e in (state.log if full else state.log[-2:])],
        "history": [[seat, action.to_dict()]
                    for seat, action in (state.history if full else state.history[-2:])],
        "lengths": [len(state.log), len(state.history)],
        "final": None if f is None else [str(f.reason), list(f.ranks),
                                         [repr(s) for s in f.scores]],
    }


def fingerprint(state: GameState, full: bool = True) -> str:
    return json.dumps(snapshot(state, full), sort_keys=True, default=repr)


def quick_print(state: GameState) -> tuple[object, ...]:
    """What :func:`fingerprint` without ``full`` holds, as values to compare (the check after
    every action of the soak that applying one left the state it was given as it was)."""
    return (tuple((p.name, tuple(p.hand), tuple(p.tickets), p.wagons, p.stations, p.points,
                   p.turns, p.hidden_cards, p.hidden_tickets) for p in state.players),
            tuple(state.deck), tuple(state.discard), tuple(state.row), state.row_hold,
            tuple(state.owner), tuple(state.station_of), tuple(state.ticket_deck),
            tuple(state.box), tuple(state.offer), tuple(tuple(o) for o in state.first_offer),
            state.tunnel, state.step, state.current, state.first, state.turn,
            state.last_round_by, state.turns_left, state.passes, state.seed, state.draws,
            state.viewer, state.options, len(state.log), tuple(state.log[-2:]),
            len(state.history), tuple(state.history[-2:]), state.final)


def scores_now(state: GameState) -> tuple[int, ...]:
    """Each seat's score: the final score once the game is over (T-W2), else the score track
    (route points, T-C6)."""
    if state.final is not None:
        return tuple(s.total for s in state.final.scores)
    return tuple(p.points for p in state.players)


def state_summary(state: GameState) -> dict[str, Any]:
    """The final state for ``replay --json``: the turn, each player's pieces and score (part
    by part once the game is over, T-W2) and the outcome (T-W3)."""
    players = []
    final = state.final
    for seat, p in enumerate(state.players):
        entry: dict[str, Any] = {
            "name": p.name, "wagons": p.wagons, "stations_left": p.stations,
            "routes": len(routes_of(state.owner, seat)), "route_points": p.points,
            "cards": p.cards, "tickets": p.ticket_count,
        }
        if final is not None:
            s = final.scores[seat]
            entry.update({"tickets_completed": len(s.completed), "tickets_failed": len(s.failed),
                          "ticket_points": s.won - s.lost, "station_points": s.station_points,
                          "longest_path": s.longest, "express": s.express, "score": s.total,
                          "rank": final.ranks[seat]})
        players.append(entry)
    out: dict[str, Any] = {
        "turn": state.turn, "step": str(state.step), "over": state.step is Step.OVER,
        "players": players,
    }
    if final is not None:
        winners = [state.players[s].name for s, r in enumerate(final.ranks) if r == 1]
        out["outcome"] = {"reason": str(final.reason), "winners": winners,
                          "scores": [s.total for s in final.scores], "ranks": list(final.ranks)}
    return out


def summary_lines(summary: Mapping[str, Any]) -> list[str]:
    """The final state in words, for ``replay`` without ``--json`` (a tool's output: not
    translated)."""
    head = f"Ticket to Ride, turn {summary['turn']}"
    outcome = summary.get("outcome")
    if outcome:
        head += f", over ({outcome['reason']}); winner: {', '.join(outcome['winners'])}"
    lines = [head]
    for p in summary["players"]:
        line = (f"  {p['name']}: {p['routes']} routes, {p['route_points']} route points, "
                f"{p['wagons']} wagons, {p['stations_left']} stations left")
        if "score" in p:
            line += (f"; tickets {p['tickets_completed']} completed, {p['tickets_failed']} "
                     f"failed ({p['ticket_points']:+d}), longest path {p['longest_path']}"
                     f"{' (European Express)' if p['express'] else ''}, score {p['score']}")
        lines.append(line)
    return lines


# -- the save screen ---------------------------------------------------------------------------


def save_summary(state: GameState) -> dict[str, Any]:
    """What a save tells of the game without replaying it: the turn, whether it is over,
    each seat's score (route points; final scores once over), wagons left, and the routes
    each seat holds (for the save list's small map)."""
    return {
        "turn": state.turn,
        "over": state.step is Step.OVER,
        "scores": list(scores_now(state)),
        "wagons": [p.wagons for p in state.players],
        "routes": [routes_of(state.owner, s) for s in range(state.seats)],
    }


def _ints(raw: Mapping[str, Any], key: str, seats: int, low: int, high: int) -> list[int]:
    value = raw.get(key)
    if not isinstance(value, list) or len(value) != seats:
        raise ValueError(f"summary: {key} must list one value per seat ({seats})")
    for v in value:
        if not isinstance(v, int) or isinstance(v, bool) or not low <= v <= high:
            raise ValueError(f"summary: {key}: {str(v)[:20]!r} is not a whole number "
                             f"from {low} to {high}")
    return list(value)


def save_summary_from_json(raw: Mapping[str, Any], seats: int) -> dict[str, Any]:
    """A save's summary read back; ValueError names the fault."""
    turn = raw.get("turn", 0)
    if not isinstance(turn, int) or isinstance(turn, bool) or not 0 <= turn <= 100_000:
        raise ValueError("summary: turn must be a turn number")
    over = raw.get("over", False)
    if not isinstance(over, bool):
        raise ValueError("summary: over must be true or false")
    routes = raw.get("routes")
    if not isinstance(routes, list) or len(routes) != seats or not all(
            isinstance(rs, list) and len(rs) <= 10_000 and all(
                isinstance(r, int) and not isinstance(r, bool) and 0 <= r < 100_000
                for r in rs) for rs in routes):
        raise ValueError("summary: routes must list each seat's route numbers")
    return {"turn": turn, "over": over,
            "scores": _ints(raw, "scores", seats, -100_000, 100_000),
            "wagons": _ints(raw, "wagons", seats, 0, 1000),
            "routes": [list(rs) for rs in routes]}
