"""Italian Rails on the table: :data:`ITALIAN_RAILS`, what the game is (identity as data) and
where its parts are, each loaded when first used (its rules, its computer players, its
screen, its tools). Importing it loads nothing of the rules and no pygame: the main menu
lists the games before its first frame."""

from __future__ import annotations

from typing import TYPE_CHECKING

from rail_app.core import guarded
from rail_app.core.i18n import N_
from rail_app.core.lazy import Lazy
from rail_app.core.world import MapPart
from rail_app.games.italian_rails.rules.identity import (
    BUILDING_ONLY,
    GAME_ID,
    RULES_VERSION,
    SEATS,
    VARIANT_LABELS,
)
from rail_app.table.gamedef import GameDef, GameOption, Score, ScoreUnit
from rail_app.table.seats import Level

if TYPE_CHECKING:
    from rail_app.games.italian_rails.rules.actions import Action
    from rail_app.games.italian_rails.rules.boundary import MapDeck
    from rail_app.games.italian_rails.rules.state import GameState

PACKAGE = "rail_app.games.italian_rails"

ITALIAN_RAILS: GameDef[MapDeck, GameState, Action] = GameDef(
    id=GAME_ID,
    title="Italian Rails",
    blurb=N_("Two markers, one laminated map, and a lot of cheese to deliver."),
    seats=SEATS,
    rules_version=RULES_VERSION,
    levels=(Level.EASY, Level.NORMAL, Level.HARD),
    players=("easy", "normal", "hard", "random"),
    options=(
        *(GameOption(key, label, rule=rule) for key, (label, rule) in VARIANT_LABELS.items()),
        GameOption(BUILDING_ONLY, N_("Building only (practice: no cards, no train)")),
    ),
    default_map="maps/italy.yaml",
    small_map="maps/test/mini.yaml",
    score=Score("cash", ScoreUnit.MILLIONS),
    turn_cap_rule="W2: most cash wins at the cap (equal cash: fewer segments drawn)",
    load=Lazy(f"{PACKAGE}.rules.boundary:RULES"),
    hidden=True,
    map_parts=(MapPart("geometry", "geometry", guarded.GEOJSON),
               MapPart("deck", "deck", guarded.DECK)),
    ai=Lazy(f"{PACKAGE}.ai.boundary:COMPUTER"),
    screens=Lazy(f"{PACKAGE}.ui.front:FRONT"),
    replay=Lazy(f"{PACKAGE}.ui.replayview:REPLAY"),
    tools=Lazy(f"{PACKAGE}.devtools.tools:TOOLS"),
    authoring=Lazy(f"{PACKAGE}.authoring.tools:TOOLS"),
)

__all__ = ["ITALIAN_RAILS"]
