"""Steam on the table: :data:`STEAM`, what the game is (identity as data) and where its parts
are, each loaded when first used (its rules, its computer players, its screen, its tools).
Importing it loads nothing of the rules and no pygame: the main menu lists the games before
its first frame."""

from __future__ import annotations

from typing import TYPE_CHECKING

from rail_app.core import guarded
from rail_app.core.lazy import Lazy
from rail_app.core.world import MapPart
from rail_app.games.steam.rules.identity import (
    DEFAULT_SEATS,
    GAME_ID,
    MAX_SEATS,
    MAX_SEATS_OPTION,
    MIN_SEATS,
    RANDOM_ORDER,
    RULES_VERSION,
    SIX_PLAYERS,
    STANDARD,
    TITLE,
)
from rail_app.table.gamedef import GameDef, GameOption, Score, ScoreUnit
from rail_app.table.seats import Level, SeatRange

if TYPE_CHECKING:
    from rail_app.games.steam.rules.actions import Action
    from rail_app.games.steam.rules.board import Board
    from rail_app.games.steam.rules.state import GameState

PACKAGE = "rail_app.games.steam"

STEAM: GameDef[Board, GameState, Action] = GameDef(
    id=GAME_ID,
    title=TITLE,
    blurb="Lay hex track, link the cities of Italy and carry their goods: 3 to 5 railways.",
    seats=SeatRange(MIN_SEATS, MAX_SEATS, DEFAULT_SEATS, extended=MAX_SEATS_OPTION,
                    extended_by=SIX_PLAYERS),
    rules_version=RULES_VERSION,
    levels=(Level.EASY, Level.NORMAL, Level.HARD),
    players=("easy", "normal", "hard", "greedy", "random"),
    options=(
        GameOption(STANDARD, "Standard game (capital, turn-order auction, locomotive upkeep)",
                   rule="S-S1"),
        GameOption(RANDOM_ORDER, "First turn order drawn at random (no auction)", rule="S-V2",
                   hint="Basic game only"),
        GameOption(SIX_PLAYERS, "Six players", rule="S-V1"),
    ),
    default_map="maps/steam-italia.yaml",
    small_map="maps/test/steam-small.yaml",
    score=Score("scores", ScoreUnit.POINTS),
    turn_cap_rule="S-W2: the game is scored as it stands at the cap (ties: S-W3)",
    load=Lazy(f"{PACKAGE}.rules.boundary:RULES"),
    rounds=True,
    hidden=False,
    map_parts=(MapPart("geometry", "background", guarded.GEOJSON),),
    ai=Lazy(f"{PACKAGE}.ai.boundary:COMPUTER"),
    screens=Lazy(f"{PACKAGE}.ui.front:FRONT"),
    review_words=Lazy(f"{PACKAGE}.ui.words:REVIEW_WORDS"),
    tools=Lazy(f"{PACKAGE}.devtools.tools:TOOLS"),
    authoring=Lazy(f"{PACKAGE}.authoring.tools:TOOLS"),
)

__all__ = ["STEAM"]
