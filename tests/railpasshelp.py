"""Helpers of Rail Pass's tests: the configurations, a scenario (DG-D1's hook), applying
actions and ticks, and reading the log."""

from __future__ import annotations

from functools import cache
from typing import Any

from rail_app.games.railpass.rules import engine
from rail_app.games.railpass.rules.configfile import PUBLISHED, published
from rail_app.games.railpass.rules.network import Configuration
from rail_app.games.railpass.rules.scenario import Scenario
from rail_app.games.railpass.rules.state import RoundState, engineer_name, train_name
from rail_app.table.actions import Action

CONFIGS = PUBLISHED
L = "KRGBYW"


@cache
def config(cid: str) -> Configuration:
    return published(cid)


def scenario(cid: str = "6CI", **kw: Any) -> Scenario:
    return Scenario(config(cid), **kw)


def do(state: RoundState, action: Action) -> RoundState:
    """Apply a legal action in place (the test fails with the refusal otherwise)."""
    q = engine.quote(state, action)
    assert q.ok, f"{action!r} refused: {q.headline}"
    return engine.apply_quoted(state, q, inplace=True)


def refused(state: RoundState, action: Action) -> list[str]:
    """The rule ids (or moment codes) that refuse ``action``; the state is left as it was."""
    q = engine.quote(state, action)
    assert not q.ok, f"{action!r} was not refused"
    return q.rules


def run_to(state: RoundState, tick: int) -> RoundState:
    """The clock runs on to ``tick`` (a round on the screen's clock)."""
    from rail_app.games.railpass.rules.actions import Tick

    if tick > state.tick:
        do(state, Tick(tick - state.tick))
    assert state.tick == tick or state.over
    return state


def cubes(state: RoundState, train: str) -> str:
    from rail_app.games.railpass.rules.state import train_of

    return "".join(L[c] for c in state.cubes[train_of(train)])


def driver(state: RoundState, train: str) -> str:
    from rail_app.games.railpass.rules.state import train_of

    e = state.driver[train_of(train)]
    return engineer_name(e) if e >= 0 else ""


def where(state: RoundState, train: str) -> tuple[str, str]:
    from rail_app.games.railpass.rules.state import train_of

    t = train_of(train)
    return state.place[t].name.lower(), L[state.at[t]]


def hotel(state: RoundState, city: str) -> list[str]:
    return [engineer_name(e) for e in state.hotel[L.index(city)] if e >= 0]


def kinds(state: RoundState, since: int = 0) -> list[str]:
    return [str(e.kind) for e in state.log[since:]]


__all__ = ["CONFIGS", "L", "config", "cubes", "do", "driver", "engineer_name", "hotel",
           "kinds", "refused", "run_to", "scenario", "train_name", "where"]


def people(cid: str = "6CI", **kw: Any) -> Scenario:
    """A scenario where every seat is a person (no busy time, no reaction delay): the
    physical rules alone."""
    from rail_app.games.railpass.rules.state import SeatKind

    n = config(cid).seat_count
    return Scenario(config(cid), kinds=(SeatKind.PERSON,) * n, **kw)
