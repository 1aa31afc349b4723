"""Questions the screen asks of a round that are rules, not pictures (the screen itself is a
later part): the train a click on a yard cube loads (DG-G2), and what parking a train would
do (DG-S7, through ``trains.park_details``)."""

from __future__ import annotations

from rail_app.games.railpass.rules.events import Loaded
from rail_app.games.railpass.rules.state import EMPTY, Place, RoundState, capacity


def default_train(state: RoundState, city: int) -> int:
    """DG-G2: the train a click on a yard end loads: the last train loaded at this city if it
    is still parked there and has room; otherwise the only one with room; EMPTY when both
    have room and neither is the default (both pulse and nothing happens), or none has."""
    room = [t for t in state.tracks[city]
            if t != EMPTY and len(state.cubes[t]) < capacity(t)]
    for e in reversed(state.log):
        if isinstance(e, Loaded) and e.city == city:
            t = e.train
            if state.place[t] is Place.PARKED and state.at[t] == city and t in room:
                return t
            break
    return room[0] if len(room) == 1 else EMPTY
