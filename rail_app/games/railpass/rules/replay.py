"""A round of Rail Pass as plain data: its settings in records (the options), what ``replay``
prints of its final state (``--json`` and in words), the final-state hash (DG-D4), the save
screen's summary and its lines, and the fingerprint the determinism checks compare."""

from __future__ import annotations

import hashlib
import json
from collections.abc import Mapping, Sequence
from typing import Any

from rail_app.core.i18n import _
from rail_app.games.railpass.rules.identity import LETTERS
from rail_app.games.railpass.rules.names import city_name, clock_words
from rail_app.games.railpass.rules.presets import DEFAULT_TEMPO
from rail_app.games.railpass.rules.scoring import score
from rail_app.games.railpass.rules.state import (
    Clocking,
    Mode,
    RoundState,
    SeatKind,
    Settings,
    engineer_name,
    train_name,
)
from rail_app.games.railpass.rules.words import final_words


def settings_to_dict(settings: Settings) -> dict[str, Any]:
    """The settings as a record writes them (``docs/railpass.md``)."""
    return {"mode": str(settings.mode), "seats": [str(k) for k in settings.kinds],
            "clock": str(settings.clocking), "tempo": settings.tempo,
            "reactions": list(settings.reactions), "table_rules": settings.table_rules,
            "expert": settings.expert, "minutes": settings.minutes,
            "round": settings.round_no}


def settings_from_dict(data: Mapping[str, Any]) -> Settings:
    """The settings of a record (ValueError names the fault)."""
    known = {"mode", "seats", "clock", "tempo", "reactions", "table_rules", "expert",
             "minutes", "round"}
    extra = sorted(str(k)[:30] for k in data if k not in known)
    if extra:
        raise ValueError(f"unknown setting(s) {extra}; the settings are {sorted(known)}")

    def whole(key: str, default: int, low: int, high: int) -> int:
        v = data.get(key, default)
        if not isinstance(v, int) or isinstance(v, bool) or not low <= v <= high:
            raise ValueError(f"{key}: a whole number from {low} to {high}")
        return v

    def flag(key: str) -> bool:
        v = data.get(key, False)
        if not isinstance(v, bool):
            raise ValueError(f"{key}: true or false")
        return v

    def choice(key: str, kind: type[Any], default: Any) -> Any:
        v = data.get(key, str(default))
        try:
            return kind(v)
        except ValueError:
            raise ValueError(f"{key}: one of {', '.join(str(k) for k in kind)}") from None

    seats = data.get("seats", [])
    if not isinstance(seats, list) or len(seats) > 6:
        raise ValueError("seats: a list of at most 6 seat kinds")
    kinds = tuple(_kind(s) for s in seats)
    reactions = data.get("reactions", [])
    if not isinstance(reactions, list) or len(reactions) > 6 or not all(
            isinstance(r, int) and not isinstance(r, bool) and 0 <= r <= 600
            for r in reactions):
        raise ValueError("reactions: a list of at most 6 whole numbers from 0 to 600")
    minutes = data.get("minutes")
    if minutes is not None and (not isinstance(minutes, int) or isinstance(minutes, bool)
                                or not 1 <= minutes <= 60):
        raise ValueError("minutes: a whole number from 1 to 60, or null")
    clocking = Clocking.TICKS if SeatKind.PERSON in kinds else Clocking.SEATS
    return Settings(mode=choice("mode", Mode, Mode.CREW), kinds=kinds,
                    clocking=choice("clock", Clocking, clocking),
                    tempo=whole("tempo", DEFAULT_TEMPO, 10, 1000), reactions=tuple(reactions),
                    table_rules=flag("table_rules"), expert=flag("expert"), minutes=minutes,
                    round_no=whole("round", 0, 0, 15))


def _kind(value: object) -> SeatKind:
    try:
        return SeatKind(str(value))
    except ValueError:
        raise ValueError(f"seats: each one of {', '.join(str(k) for k in SeatKind)}") from None


# -- the state as data ------------------------------------------------------------------------


def snapshot(state: RoundState) -> dict[str, Any]:
    """Everything in a round that may change, as JSON-ready data (in a fixed order)."""
    return {
        "tick": state.tick, "end": state.end, "over": state.over, "paused": state.paused,
        "yards": ["".join(LETTERS[x] for x in state.yard[c][state.lo[c]:state.hi[c]])
                  for c in range(len(state.yard))],
        "storages": [list(row) for row in state.storage],
        "pile": {"cubes": list(state.pile_cubes),
                 "engineers": [engineer_name(e) for e in state.pile_engineers],
                 "trains": [train_name(t) for t in state.pile_trains]},
        "trains": [[train_name(t), str(state.place[t].name.lower()), state.at[t],
                    state.track[t], state.holder[t], state.hand[t], state.due[t],
                    state.origin[t], state.offer_of[t], state.spilled[t],
                    "".join(LETTERS[x] for x in state.cubes[t]),
                    engineer_name(state.driver[t]) if state.driver[t] >= 0 else ""]
                   for t in range(len(state.place))],
        "hotels": [[engineer_name(e) if e >= 0 else "" for e in row] for row in state.hotel],
        "hands": [list(h) for h in state.hands],
        "busy": list(state.busy), "waiting": list(state.waiting),
        "offers": [[o.id, o.train, o.origin, o.to, o.sender, o.receiver, o.tick]
                   for _, o in sorted(state.offers.items())],
        "next_offer": state.next_offer,
        "calls": [[c.kind, c.seat, list(c.to), c.tick, c.city] for c in state.calls],
        "log": [e.to_dict() for e in state.log],
        "history": [[seat, action.to_dict()] for seat, action in state.history],
    }


def fingerprint(state: RoundState) -> str:
    """Everything that may change, as stable text (the determinism checks)."""
    return json.dumps(snapshot(state), sort_keys=True, separators=(",", ":"))


def state_hash(state: RoundState) -> str:
    """DG-D4: the final-state hash: the SHA-256 of the fingerprint, 16 hexadecimal digits."""
    return hashlib.sha256(fingerprint(state).encode()).hexdigest()[:16]


def state_summary(state: RoundState) -> dict[str, Any]:
    """DG-D6: the totals, the base score, the pile, the final score and the state hash."""
    s = score(state)
    return {
        "configuration": state.config.id, "mode": str(state.settings.mode),
        "tick": state.tick, "ticks": state.end, "over": state.over,
        "totals": dict(zip(LETTERS, s.totals, strict=True)),
        "lowest": [LETTERS[c] for c in s.lowest], "base": s.base,
        "pile": {"cubes": s.pile_cubes, "engineers": s.pile_engineers,
                 "trains": s.pile_trains},
        "wrong_storage": s.wrong_storage, "penalty": s.penalty, "final": s.final,
        "won": s.won, "hash": state_hash(state),
    }


def summary_lines(summary: Mapping[str, Any]) -> list[str]:
    """The final state in words, for ``replay`` without ``--json``."""
    totals = summary["totals"]
    head = (f"Rail Pass, {summary['configuration']} ({summary['mode']}), tick "
            f"{summary['tick']} of {summary['ticks']}"
            + (": time is up" if summary["over"] else ""))
    pile = summary["pile"]
    return [head,
            "  totals: " + ", ".join(f"{k} {v}" for k, v in totals.items()),
            f"  base {summary['base']} (lowest {' x '.join(summary['lowest'])}); pile: "
            f"{pile['cubes']} cubes, {pile['engineers']} engineers, {pile['trains']} trains; "
            f"final {summary['final']} ({'won' if summary['won'] else 'lost'})",
            f"  state hash {summary['hash']}"]


# -- the save screen --------------------------------------------------------------------------


def save_summary(state: RoundState) -> dict[str, Any]:
    s = score(state)
    return {"configuration": state.config.id, "tick": state.tick, "ticks": state.end,
            "paused": state.paused, "totals": list(s.totals), "final": s.final,
            "won": s.won}


def save_summary_from_json(raw: Mapping[str, Any], seats: int) -> dict[str, Any]:
    out = dict(raw)
    for key, kind in (("configuration", str), ("tick", int), ("ticks", int), ("paused", bool),
                      ("final", int)):
        if not isinstance(out.get(key), kind):
            raise ValueError(f"summary: {key} missing or of the wrong kind")
    totals = out.get("totals")
    if not isinstance(totals, list) or len(totals) != 6 or not all(
            isinstance(x, int) for x in totals):
        raise ValueError("summary: totals: six whole numbers")
    return out


def save_lines(summary: Mapping[str, Any], seat_names: Sequence[str], people: Sequence[int],
               over: bool) -> list[str]:
    """What the save list says of a saved round."""
    left = clock_words(max(0, int(summary["ticks"]) - int(summary["tick"])))
    totals = summary["totals"]
    line = " · ".join(f"{city_name(c)} {n}" for c, n in enumerate(totals))
    if over:
        return [final_words(int(summary["final"]), bool(summary.get("won"))), line]
    return [_("{time} left on the clock · score {score}").format(time=left,
                                                                 score=summary["final"]),
            line]
