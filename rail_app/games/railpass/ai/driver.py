"""Driving a round on the screen's clock (``Clocking.TICKS``) with computer seats: DG-M14's
step 4 for one tick (each free computer seat chooses at most one action, in seat order, from
what it may see), then the clock's tick. The screen's pacer and the tests use it; the
person's gestures (step 3) are applied before it."""

from __future__ import annotations

from collections.abc import Mapping

from rail_app.games.railpass.ai.players import Chooser
from rail_app.games.railpass.rules import engine
from rail_app.games.railpass.rules.actions import Tick
from rail_app.games.railpass.rules.clock import free_seats
from rail_app.games.railpass.rules.state import RoundState
from rail_app.games.railpass.rules.view import seen_by


def computers_choose(state: RoundState, crews: Mapping[int, Chooser]) -> RoundState:
    """DG-M14 step 4: the free computer seats choose, in seat order (in place)."""
    for seat in free_seats(state):
        crew = crews.get(seat)
        if crew is None or state.over:
            continue
        action = crew.choose(seen_by(state, seat))
        state = engine.apply(state, action, inplace=True)
    return state


def run_tick(state: RoundState, crews: Mapping[int, Chooser]) -> RoundState:
    """Step 4 of the tick under way, then the clock on to the next tick (in place)."""
    state = computers_choose(state, crews)
    if not state.over:
        state = engine.apply(state, Tick(), inplace=True)
    return state
