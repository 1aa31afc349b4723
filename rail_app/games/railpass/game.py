"""Rail Pass on the table: :data:`RAILPASS`, what the game is (identity as data) and where its
parts are, each loaded when first used (its rules, its computer crew, its tools, its map
tools). Importing it loads nothing of the rules and no pygame. It has no screen yet: the
harnesses and the map commands take it, the menu does not offer it."""

from __future__ import annotations

from typing import TYPE_CHECKING

from rail_app.core.lazy import Lazy
from rail_app.games.railpass.rules.identity import (
    DEFAULT_SEATS,
    GAME_ID,
    MAX_SEATS,
    MIN_SEATS,
    RULES_VERSION,
    TITLE,
)
from rail_app.table.gamedef import GameDef, GameOption, Score, ScoreUnit
from rail_app.table.seats import Level, SeatRange

if TYPE_CHECKING:
    from rail_app.games.railpass.rules.network import Configuration
    from rail_app.games.railpass.rules.state import RoundState
    from rail_app.table.actions import Action

PACKAGE = "rail_app.games.railpass"
#: The table's options (New game's check boxes), as the records' settings name them.
TABLE_RULES = "table_rules"  # DG-X
EXPERT = "expert"  # R-V1

RAILPASS: GameDef[Configuration, RoundState, Action] = GameDef(
    id=GAME_ID,
    title=TITLE,
    blurb="A real-time co-op: hand trains from city to city, Toot! Toot!, before time is up.",
    seats=SeatRange(MIN_SEATS, MAX_SEATS, DEFAULT_SEATS),
    rules_version=RULES_VERSION,
    levels=(Level.EASY, Level.NORMAL, Level.HARD),
    players=("easy", "normal", "hard", "trainee", "conductor", "chief", "proxy", "absent",
             "random"),
    options=(
        GameOption(TABLE_RULES, "Table rules: trains and cubes can fall", rule="DG-X2"),
        GameOption(EXPERT, "Expert version: stickers", rule="R-V1"),
    ),
    default_map="maps/railpass-6ci.yaml",
    small_map="maps/railpass-6ci.yaml",
    score=Score("scores", ScoreUnit.POINTS),
    turn_cap_rule="R-W1: the clock runs to its end (time is up)",
    load=Lazy(f"{PACKAGE}.rules.boundary:RULES"),
    rounds=True,
    hidden=True,  # a computer seat does not see the offers and calls it has not noticed
    ai=Lazy(f"{PACKAGE}.ai.boundary:COMPUTER"),
    tools=Lazy(f"{PACKAGE}.devtools.tools:TOOLS"),
    authoring=Lazy(f"{PACKAGE}.authoring.tools:TOOLS"),
)

__all__ = ["EXPERT", "RAILPASS", "TABLE_RULES"]
