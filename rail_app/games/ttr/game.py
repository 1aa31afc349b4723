"""Ticket to Ride on the table: :data:`TTR`, what the game is (identity as data) and where its
parts are, each loaded when first used (its rules, its computer players, its tools, its map
tools). Importing it loads nothing of the rules and no pygame. It has no screen yet: it is on
the table for the harnesses and the map commands, not offered by the menu."""

from __future__ import annotations

from typing import TYPE_CHECKING

from rail_app.core import guarded
from rail_app.core.lazy import Lazy
from rail_app.core.world import MapPart
from rail_app.games.ttr.rules.identity import (
    DEFAULT_SEATS,
    GAME_ID,
    MAX_SEATS,
    MIN_SEATS,
    RULES_VERSION,
    TITLE,
)
from rail_app.table.gamedef import GameDef, Score, ScoreUnit
from rail_app.table.seats import SeatRange

if TYPE_CHECKING:
    from rail_app.games.ttr.rules.actions import Action
    from rail_app.games.ttr.rules.board import Board
    from rail_app.games.ttr.rules.state import GameState

PACKAGE = "rail_app.games.ttr"

TTR: GameDef[Board, GameState, Action] = GameDef(
    id=GAME_ID,
    title=TITLE,
    blurb="Collect train cards, claim routes across Europe, join your tickets' cities: 2 to 5 "
          "railways.",
    seats=SeatRange(MIN_SEATS, MAX_SEATS, DEFAULT_SEATS),
    rules_version=RULES_VERSION,
    levels=(),
    players=("planner", "greedy", "random"),
    options=(),  # D-38: no variant; who plays first (D-5) is asked when the game starts
    default_map="maps/ttr-europe.yaml",
    small_map="maps/ttr-europe.yaml",  # the one map: the conformance suite plays on it
    score=Score("scores", ScoreUnit.POINTS),
    turn_cap_rule="T-W2: the game is scored as it stands at the cap (ties: T-W3)",
    load=Lazy(f"{PACKAGE}.rules.boundary:RULES"),
    rounds=True,
    hidden=True,
    map_parts=(MapPart("geometry", "background", guarded.GEOJSON),),
    ai=Lazy(f"{PACKAGE}.ai.boundary:COMPUTER"),
    tools=Lazy(f"{PACKAGE}.devtools.tools:TOOLS"),
    authoring=Lazy(f"{PACKAGE}.authoring.tools:TOOLS"),
)

__all__ = ["TTR"]
