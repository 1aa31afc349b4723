"""The words of Steam's advice: what the Hard advisor's plan does, as Suggest shows it and as
the review weighs a decision against it ("Turn 3, the second goods move: ..."). Each is a
whole message for the translation catalog."""

from __future__ import annotations

from typing import TYPE_CHECKING

from rail_app.core.i18n import N_, _, dollars, ngettext, number
from rail_app.games.steam.rules.actions import Bid, Declare, PlaceNewCity, TakeCapital, UrbanGrowth
from rail_app.games.steam.rules.state import GameState, Step
from rail_app.games.steam.ui.words import colour_name, nearest_city, place, tile_name

if TYPE_CHECKING:
    from rail_app.games.steam.ai.advisor import Advice


def review_plan(state: GameState, plan: Advice) -> str:
    """What the advisor's ``plan`` does, as a phrase that can open a sentence ("taking Urban
    Growth", "building 3 tiles towards Napoli for $9", "delivering blue from Roma to
    Napoli")."""
    if plan.step == str(Step.CHOOSE) and plan.tile is not None:
        return _("taking {tile}").format(tile=tile_name(plan.tile))
    if plan.step == str(Step.BUILD):
        special = plan.special
        if isinstance(special, UrbanGrowth):
            return _("Urban Growth on {city}").format(city=place(state, special.city))
        if isinstance(special, PlaceNewCity):
            return _("a New City at {town}").format(town=place(state, special.hex))
        if plan.builds:
            n = len(plan.builds)
            # where the track heads: the last city or town its lines reach, else the city
            # nearest its last tile
            ends = [k for line in plan.lines for k in line] + [b.hex for b in plan.builds]
            named = [state.board.hexes[h].name for h in map(state.board.hex_index, ends)
                     if h is not None and state.board.hexes[h].name]
            if named:
                return ngettext("building {n} tile towards {place} for {cost}",
                                "building {n} tiles towards {place} for {cost}", n).format(
                    n=number(n), place=named[-1], cost=dollars(plan.cost))
            h = state.board.hex_index(plan.builds[-1].hex)
            near = nearest_city(state, h) if h is not None else None
            return ngettext("building {n} tile near {city} for {cost}",
                            "building {n} tiles near {city} for {cost}", n).format(
                n=number(n), city=near[1] if near is not None else plan.builds[-1].hex,
                cost=dollars(plan.cost))
        return _("building nothing")
    if plan.step == str(Step.MOVE):
        if plan.route is not None:
            return _("delivering {colour} from {source} to {city}").format(
                colour=colour_name(plan.route.colour), source=place(state, plan.route.source),
                city=place(state, plan.route.stops[-1]))
        if plan.upgrade_locomotive:
            return _("upgrading your locomotive")
        return _("moving no goods")
    act = plan.action
    if plan.step == str(Step.BID):
        if isinstance(act, Bid):
            return _("bidding {amount}").format(amount=dollars(act.amount))
        return _("passing in the auction")
    if plan.step == str(Step.CAPITAL):
        steps = act.steps if isinstance(act, TakeCapital) else 0
        if not steps:
            return _("taking no capital")
        return _("taking {amount} of capital").format(amount=dollars(5 * steps))
    if plan.step == str(Step.DECLARE):
        if isinstance(act, Declare) and act.perform:
            return _("carrying out your action tile")
        return _("passing on your action tile")
    if plan.step == str(Step.POINTS):
        if plan.as_income:
            return _("taking the points as income")
        return _("taking the points as VP")
    return _("the computer player's choice")


#: Each decision the review weighs, as its mark names it.
DECISION_NAMES: dict[str, str] = {
    str(Step.BID): N_("the auction"),
    str(Step.CAPITAL): N_("capital"),
    str(Step.CHOOSE): N_("the action tile"),
    str(Step.DECLARE): N_("Urban Growth or Urbanization"),
    str(Step.BUILD): N_("the build"),
    str(Step.POINTS): N_("the points"),
}


def decision_name(state: GameState, plan: Advice) -> str:
    """The decision a review's mark is about: the auction, capital, the action tile, the
    build, the first or second goods move, the points."""
    if plan.step == str(Step.MOVE):
        if state.round == 2:
            return _("the second goods move")
        return _("the first goods move")
    return _(DECISION_NAMES.get(plan.step, N_("the computer player's choice")))


def suggestion(state: GameState, plan: Advice) -> str:
    """Suggest's sentence: what the Hard computer player would do now, whatever the step
    (the tiles and the delivery are drawn on the map besides)."""
    act = plan.action
    step = plan.step
    if step == str(Step.BID):
        if not isinstance(act, Bid):
            return _("Suggested: pass")
        return _("Suggested: bid {amount}").format(amount=dollars(act.amount))
    if step == str(Step.CAPITAL):
        steps = act.steps if isinstance(act, TakeCapital) else 0
        return ngettext("Suggested: take {amount} of capital ({n} step)",
                        "Suggested: take {amount} of capital ({n} steps)", steps).format(
            amount=dollars(5 * steps), n=number(steps))
    if step == str(Step.DECLARE):
        if isinstance(act, Declare) and act.perform:
            return _("Suggested: carry it out")
        return _("Suggested: pass (the tile counts as a number only)")
    if step == str(Step.POINTS):
        if plan.as_income:
            return _("Suggested: take the points as income")
        return _("Suggested: take the points as VP")
    return _("Suggested: {plan}").format(plan=review_plan(state, plan))


def review_sentence(state: GameState, plan: Advice, gap: float) -> str:
    """The post-game review's one sentence on a turn it marks: what the advisor would have
    done at the decision that lost most, and what the turn lost, in VP."""
    return _("Turn {turn}, {decision}: {plan} would have been worth {vp} VP more than what "
             "you did.").format(turn=number(state.turn), decision=decision_name(state, plan),
                                plan=review_plan(state, plan), vp=number(max(0.1, gap), 1))


def review_heading(gap: float) -> str:
    """The heading over that sentence."""
    return _("Review: {vp} VP lost this turn").format(vp=number(gap, 1))


class ReviewWords:
    """Steam's words for the post-game review's marks (the replay's side panel)."""

    def explain(self, board: object, state: GameState, plan: Advice, gap: float) -> str:
        return review_sentence(state, plan, gap)

    def heading(self, gap: float) -> str:
        return review_heading(gap)


REVIEW_WORDS = ReviewWords()
