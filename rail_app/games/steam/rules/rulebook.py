"""The rulebook: every action of Steam, the input step it answers, how it is quoted and carried
out; the phases of each variant in order, and what starts each phase. One explicit table the
engine reads; nothing registers itself when a module is imported.

To add an action: write its quote and apply where its part of the rules lives and add a line
here. Candidate actions for ``legal_actions`` come from :data:`CANDIDATES`, by step.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any, Final

from rail_app.games.steam.rules import auction, build, goods, money, turns
from rail_app.games.steam.rules.actions import (
    Action,
    Bid,
    ChooseTile,
    Declare,
    EndBuild,
    ForgoSpecial,
    LayTile,
    MoveCube,
    PassBid,
    PassMove,
    PlaceNewCity,
    RedirectTile,
    TakeCapital,
    TakePoints,
    UpgradeLocomotive,
    UpgradeTile,
    UrbanGrowth,
)
from rail_app.games.steam.rules.state import GameState, Phase, Step, Variant
from rail_app.games.steam.rules.turns import PhaseRule
from rail_app.table.engine import Rule

#: One action's row (the kit's :class:`~rail_app.table.engine.Rule`): the input step it
#: answers, its quote and apply, how a refusal for the wrong moment names it ("Not now:
#: bidding ..."), and a quicker check of a quote's ``ok`` alone where one is worth having.
ActionRule = Rule[GameState, Any]


BID = frozenset({Step.BID})
BUILD = frozenset({Step.BUILD})
MOVE = frozenset({Step.MOVE})

ACTIONS: Final[Mapping[type[Action], ActionRule]] = {
    # auctions (S-T2, S-S5-S-S7) and capital (S-S4)
    Bid: Rule(BID, auction.quote_bid, auction.apply_bid, "bidding"),
    PassBid: Rule(BID, auction.quote_pass, auction.apply_pass, "passing in the auction"),
    TakeCapital: Rule(frozenset({Step.CAPITAL}), auction.quote_capital,
                            auction.apply_capital, "taking capital"),
    # action tiles (S-A1, S-A2, S-A7, S-A9)
    ChooseTile: Rule(frozenset({Step.CHOOSE}), turns.quote_choose, turns.apply_choose,
                           "choosing an action tile"),
    Declare: Rule(frozenset({Step.DECLARE}), turns.quote_declare, turns.apply_declare,
                        "declaring perform or pass"),
    # building (S-K4-S-K16, S-A7, S-A9, S-A10)
    LayTile: Rule(BUILD, build.quote_tile, build.apply_tile, "laying a tile",
                        build.tile_ok),
    UpgradeTile: Rule(BUILD, build.quote_tile, build.apply_tile, "upgrading a tile",
                            build.tile_ok),
    RedirectTile: Rule(BUILD, build.quote_tile, build.apply_tile, "redirecting a tile",
                             build.tile_ok),
    PlaceNewCity: Rule(BUILD, build.quote_new_city, build.apply_new_city,
                             "placing a New City"),
    UrbanGrowth: Rule(BUILD, build.quote_urban_growth, build.apply_urban_growth,
                            "Urban Growth"),
    ForgoSpecial: Rule(BUILD, build.quote_forgo, build.apply_forgo,
                             "giving up Urban Growth or Urbanization"),
    EndBuild: Rule(BUILD, build.quote_end_build, build.apply_end_build,
                         "ending the build phase"),
    # moving goods (S-G, S-L3)
    MoveCube: Rule(MOVE, goods.quote_move, goods.apply_move, "moving a cube"),
    UpgradeLocomotive: Rule(MOVE, goods.quote_upgrade_loco, goods.apply_upgrade_loco,
                                  "upgrading the locomotive"),
    PassMove: Rule(MOVE, goods.quote_pass_move, goods.apply_pass_move,
                         "passing in the move phase"),
    TakePoints: Rule(frozenset({Step.POINTS}), goods.quote_points, goods.apply_points,
                           "taking points"),
}


def _build_candidates(state: GameState) -> list[Action]:
    seat = build.builder(state)
    tiles: list[Action] = []
    assert state.build is not None
    if state.build.used < build.tile_limit(state, seat) and money.can_pay(
            state, seat, build.CHEAPEST_TILE):
        tiles = build.tile_candidates(state, seat)
    return [*tiles, *build.special_candidates(state, seat), EndBuild()]


#: Candidate actions by step: a superset of what is legal; ``legal_actions`` quotes each.
CANDIDATES: Final[Mapping[Step, Callable[[GameState], list[Action]]]] = {
    Step.BID: auction.auction_actions,
    Step.CAPITAL: auction.capital_actions,
    Step.CHOOSE: turns.choose_actions,
    Step.DECLARE: turns.choose_actions,
    Step.BUILD: _build_candidates,
    Step.MOVE: goods.move_actions,
    Step.POINTS: goods.move_actions,
}

#: The phases of a turn in order: Basic S-T1, Standard S-S3.
FLOW: Final[Mapping[Variant, tuple[Phase, ...]]] = {
    Variant.BASIC: (Phase.SELECT, Phase.BUILD, Phase.MOVE, Phase.INCOME, Phase.ORDER,
                    Phase.NEW_TURN),
    Variant.STANDARD: (Phase.CAPITAL, Phase.AUCTION, Phase.SELECT, Phase.BUILD, Phase.MOVE,
                       Phase.INCOME, Phase.NEW_TURN),
}
#: S-W1/S-S3 (D-29): the game ends when this phase of the last turn is over.
LAST_PHASE: Final = Phase.INCOME

PHASES: Final[Mapping[Phase, PhaseRule]] = {
    Phase.CAPITAL: PhaseRule(turns.begin_capital),
    Phase.AUCTION: PhaseRule(auction.begin_turn_auction),
    Phase.SELECT: PhaseRule(turns.begin_select),
    Phase.BUILD: PhaseRule(build.begin_build_phase),
    Phase.MOVE: PhaseRule(goods.begin_move_phase),
    Phase.INCOME: PhaseRule(turns.run_income, automatic=True),
    Phase.ORDER: PhaseRule(turns.run_order, automatic=True),
    Phase.NEW_TURN: PhaseRule(turns.run_new_turn, automatic=True),
}


def rule_for(action: Action) -> ActionRule | None:
    return ACTIONS.get(type(action))
