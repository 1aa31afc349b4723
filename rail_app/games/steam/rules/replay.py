"""A game of Steam as plain data: what ``replay`` prints of its final state (``--json`` and in
words), the save screen's summary of a game and its lines, and the fingerprint that the
determinism checks compare (everything in a state that may change, as stable text).
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from typing import Any

from rail_app.games.steam.rules import turns
from rail_app.games.steam.rules.state import GameState, Phase


def snapshot(state: GameState, full: bool = True) -> dict[str, Any]:
    """Everything in a game state that may change, as JSON-ready data (the generator is
    left out: after set-up nothing draws from it, S-I1). Without ``full``, the log and the
    history by their lengths and last entries (the soak's check, after every action, that
    applying one left the state it was given as it was)."""
    a = state.auction
    b = state.build
    board = state.board
    return {
        "players": [[p.name, p.cash, p.income, p.vp, p.loco, p.out, p.built, p.novice]
                    for p in state.players],
        "turn": [state.turn, state.last_turn, str(state.phase), str(state.step)],
        "order": [list(state.order), list(state.queue), state.cursor, state.round],
        "tiles_of": sorted(state.tile_of.items()),
        "number_only": sorted(state.number_only),
        "last_tiles": sorted(state.last_tiles.items()),
        "special": sorted((s, str(v)) for s, v in state.special.items()),
        "track": sorted([board.key(h), t.face, t.rotation, list(t.owners)]
                        for h, t in state.tiles.items()),
        "faces": sorted((k, v) for k, v in state.face_counts.items() if v),
        "cities": sorted(board.key(h) for h in state.city_hexes),
        "new_cities": sorted((board.key(h), str(c)) for h, c in state.new_cities.items()),
        "cubes": sorted((board.key(h), list(c)) for h, c in state.cubes.items()),
        "growth": sorted(board.key(h) for h in state.growth),
        "reserve": [list(c) for c in state.reserve],
        "bag": list(state.bag),
        "counters": [list(state.new_city_supply), state.growth_supply],
        "auction": None if a is None else [
            a.standard, list(a.active), a.current, a.high, a.high_bidder,
            sorted(a.best.items()), a.place, list(a.placed), list(a.seats), a.free_pass,
            sorted(a.passed_to.items())],
        "build": None if b is None else [b.seat, b.used, b.spent,
                                         sorted([board.key(h), p] for h, p in b.touched)],
        "points": [list(p) for p in state.points],
        "loco_upgraded": sorted(state.loco_upgraded),
        "log": [e.to_dict() for e in (state.log if full else state.log[-2:])],
        "history": [[seat, action.to_dict()]
                    for seat, action in (state.history if full else state.history[-2:])],
        "lengths": [len(state.log), len(state.history)],
        "outcome": None if state.outcome is None else [
            str(state.outcome.reason), list(state.outcome.scores), list(state.outcome.ranks),
            state.outcome.winner],
    }


def fingerprint(state: GameState, full: bool = True) -> str:
    return json.dumps(snapshot(state, full), sort_keys=True, default=repr)


def state_summary(state: GameState) -> dict[str, Any]:
    """The final state for ``replay --json``: the turn and phase, each player's tracks,
    links and score (S-W2), and the outcome (S-W3)."""
    links = state.links().links
    out = state.outcome
    players = []
    for seat, p in enumerate(state.players):
        score = None if p.out else turns.score(state, seat)
        players.append({
            "name": p.name, "cash": p.cash, "income": p.income, "vp": p.vp,
            "locomotive": p.loco, "bankrupt": p.out,
            "links": sum(1 for link in links if link.owner == seat and link.complete),
            "tiles": sum(1 for t in state.tiles.values() if seat in t.owners),
            "score": None if score is None else score.total,
        })
    summary: dict[str, Any] = {
        "game": str(state.options.game),
        "turn": state.turn,
        "last_turn": state.last_turn,
        "phase": str(state.phase),
        "players": players,
        "winner": (state.players[out.winner].name
                   if out is not None and out.winner is not None else None),
    }
    if out is not None:
        summary["outcome"] = {"reason": str(out.reason), "scores": list(out.scores),
                              "order": [state.players[s].name for s in out.ranks]}
    return summary


def summary_lines(summary: Mapping[str, Any]) -> list[str]:
    """The final state in words, for ``replay`` without ``--json``."""
    head = (f"Steam ({summary['game']} game), turn {summary['turn']} of "
            f"{summary['last_turn']}, {summary['phase']} phase")
    if summary.get("winner"):
        head += f"; winner: {summary['winner']}"
    lines = [head]
    for p in summary["players"]:
        score = "bankrupt" if p["bankrupt"] else f"score {p['score']}"
        lines.append(f"  {p['name']}: ${p['cash']}, income {p['income']}, {p['vp']} VP, "
                     f"locomotive {p['locomotive']}, {p['links']} links, {score}")
    return lines


# -- the save screen ---------------------------------------------------------------------------


def save_summary(state: GameState) -> dict[str, Any]:
    """What a save tells of the game without replaying it: each seat's score now (None:
    bankrupt), VP and income, the turn and the last turn, and the track each seat has on the
    map (hex keys, for the save list's small map)."""
    board = state.board
    return {
        "turn": state.turn,
        "last_turn": state.last_turn,
        "over": state.phase is Phase.OVER,
        "scores": [None if p.out else turns.score(state, s).total
                   for s, p in enumerate(state.players)],
        "vp": [p.vp for p in state.players],
        "income": [p.income for p in state.players],
        "track": [sorted(board.key(h) for h, t in state.tiles.items() if s in t.owners)
                  for s in range(state.seats)],
    }


def _ints(raw: Mapping[str, Any], key: str, seats: int, nullable: bool = False
          ) -> list[int | None]:
    value = raw.get(key)
    if not isinstance(value, list) or len(value) != seats:
        raise ValueError(f"summary: {key} must list one value per seat ({seats})")
    for v in value:
        if v is None and nullable:
            continue
        if not isinstance(v, int) or isinstance(v, bool) or abs(v) > 10**9:
            raise ValueError(f"summary: {key}: {str(v)[:20]!r} is not a whole number")
    return list(value)


def save_summary_from_json(raw: Mapping[str, Any], seats: int) -> dict[str, Any]:
    """A save's summary read back; ValueError names the fault."""
    out: dict[str, Any] = {}
    for key in ("turn", "last_turn"):
        # the table keeps a save's turn and end in its own keys (saves.GAME_KEYS) and hands
        # the game the rest: a summary read back from a save has neither
        v = raw.get(key, 0 if key == "turn" else None)
        if not isinstance(v, int) or isinstance(v, bool) or not 0 <= v <= 1000:
            raise ValueError(f"summary: {key} must be a turn number")
        out[key] = v
    over = raw.get("over", False)
    if not isinstance(over, bool):
        raise ValueError("summary: over must be true or false")
    out["over"] = over
    out["scores"] = _ints(raw, "scores", seats, nullable=True)
    out["vp"] = _ints(raw, "vp", seats)
    out["income"] = _ints(raw, "income", seats)
    track = raw.get("track")
    if not isinstance(track, list) or len(track) != seats or not all(
            isinstance(t, list) and len(t) <= 10_000 and all(isinstance(k, str) and len(k) < 20
                                                          for k in t) for t in track):
        raise ValueError("summary: track must list each seat's hexes")
    out["track"] = [list(t) for t in track]
    return out


def save_lines(summary: Mapping[str, Any], seat_names: Sequence[str], people: Sequence[int],
               over: bool) -> list[str]:
    """What the save screen says of a saved game of Steam beyond its seats, map and turn."""
    parts = []
    for name, score in zip(seat_names, summary["scores"], strict=False):
        parts.append(f"{name} {'bankrupt' if score is None else score}")
    when = "final" if over or summary.get("over") else (
        f"turn {summary['turn']} of {summary['last_turn']}" if summary.get("turn")
        else f"{summary['last_turn']} turns")
    return [f"Scores ({when}): " + ", ".join(parts)]
