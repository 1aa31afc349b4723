"""Every sentence of Steam's screen, made in one place from the game's typed events and
quotes: the history, the phases and action tiles, refusals in a player's words, the help
page and the first-game hints. Each is a whole message for the translation catalog."""

from __future__ import annotations

import math
from typing import TYPE_CHECKING

from rail_app.core.i18n import N_, _, dollars, language, ngettext, number, pgettext
from rail_app.games.steam.rules import events as ev
from rail_app.games.steam.rules.actions import PlaceNewCity, UrbanGrowth
from rail_app.games.steam.rules.quotes import Violation
from rail_app.games.steam.rules.state import GameState, Phase, Step

if TYPE_CHECKING:
    from rail_app.games.steam.ai.advisor import Advice

#: The action tiles (S-A1): name, and what each does.
TILE_NAMES: dict[int, str] = {
    1: N_("Turn Order"), 2: N_("First Move"), 3: N_("Engineer"), 4: N_("First Build"),
    5: N_("Urban Growth"), 6: N_("Locomotive"), 7: N_("Urbanization"),
}
TILE_TEXT: dict[int, str] = {
    1: N_("First in next turn's order."),
    2: N_("You move goods first in both rounds."),
    3: N_("Four tile actions instead of three."),
    4: N_("You build first."),
    5: N_("Put a reserve set of cubes on a city."),
    6: N_("Your locomotive goes up one level now."),
    7: N_("Turn a town into a New City."),
}
PHASE_NAMES: dict[Phase, str] = {
    Phase.FIRST_AUCTION: N_("Auction for turn order"),
    Phase.CAPITAL: N_("Capital"),
    Phase.AUCTION: N_("Turn-order auction"),
    Phase.SELECT: N_("Action tiles"),
    Phase.BUILD: N_("Build track"),
    Phase.MOVE: N_("Move goods"),
    Phase.INCOME: N_("Income and expenses"),
    Phase.ORDER: N_("Turn order"),
    Phase.NEW_TURN: N_("New turn"),
    Phase.OVER: N_("Game over"),
}
COLOUR_NAMES: dict[str, str] = {
    "red": N_("red"), "blue": N_("blue"), "yellow": N_("yellow"), "purple": N_("purple"),
    "grey": N_("grey"),
}

#: Each rule a refusal can name, said as a player would say it (what a Spanish player
#: reads; an English player reads the engine's own sentence, which names the place).
RULE_WORDS: dict[str, str] = {
    "S-A1": N_("Take one action tile nobody has taken this turn."),
    "S-A2": N_("You can't raise the money this action tile costs."),
    "S-A7": N_("Urban Growth puts one reserve set on a city without the growth symbol."),
    "S-A8": N_("Your locomotive is at the top level already."),
    "S-A9": N_("A New City goes on a town hex, while counters are left."),
    "S-G3": N_("A cube travels over complete links to the first city of its colour, with at "
               "least one link yours and no more of anyone's links than of yours."),
    "S-G4": N_("A cube is delivered only to a city of its colour."),
    "S-K1": N_("Draw from hex to hex: track runs from one side of a hex to another."),
    "S-K4": N_("You have used all your tile actions this turn."),
    "S-K5": N_("No tile goes on a city, off the map, or a plain tile on a town."),
    "S-K8": N_("New track must belong to a link of yours that reaches a city."),
    "S-K9": N_("You can't add to another player's link."),
    "S-K10": N_("Track may not branch, and a link may not return to where it began."),
    "S-K11": N_("A town tile's spoke can't meet abandoned track you may not take over."),
    "S-K12": N_("An abandoned link can be taken over only from its city, or a town of yours."),
    "S-K13": N_("No tile in the box has track that way."),
    "S-K14": N_("No tile of that kind is left in the supply."),
    "S-K15": N_("Only the last tile of an incomplete link can be turned, keeping its entry."),
    "S-K16": N_("An upgrade keeps every path where it is and adds track."),
    "S-L1": N_("Your locomotive level limits how many links a cube may travel."),
    "S-L3": N_("You can upgrade your locomotive once a turn, up to level 6."),
    "S-M5": N_("You can't raise that much money, even by borrowing."),
    "S-S4": N_("Capital is taken in whole $5 steps."),
    "S-S8": N_("Carry out or give up your Urban Growth or Urbanization first."),
    "S-S9": N_("In the Standard game you pay from the cash in hand."),
    "S-S12": N_("You can't raise that much money, even by borrowing."),
}


def tile_name(tile: int) -> str:
    return _(TILE_NAMES.get(tile, ""))


def tile_text(tile: int) -> str:
    return _(TILE_TEXT.get(tile, ""))


def phase_name(phase: Phase) -> str:
    return _(PHASE_NAMES[phase])


def colour_name(colour: str) -> str:
    return _(COLOUR_NAMES.get(str(colour), str(colour)))


def refusal(v: Violation) -> str:
    """A refusal in a player's words, with its rule id."""
    if language() in ("en", "") or v.rule not in RULE_WORDS:
        text = v.message
    else:
        text = _(RULE_WORDS[v.rule])
    return f"{text} ({v.code})" if v.code else text


def place(state: GameState, key: str) -> str:
    """A hex as players name it: its city or town, else "next to" the nearest city or town,
    or how many hexes away it lies and in which direction ("2 hexes north of Firenze")."""
    h = state.board.hex_index(key)
    if h is None:
        return key
    name = state.board.hexes[h].name
    if name:
        return name
    best = _nearest_place(state, h)
    if best is None:
        return key
    d, near, (dx, dy) = best
    if d <= 1:
        return _("next to {place}").format(place=near)
    return ngettext("{n} hex {direction} of {place}", "{n} hexes {direction} of {place}",
                    d).format(n=number(d), direction=compass(dx, dy), place=near)


def where(state: GameState, key: str) -> str:
    """Where on the map something happens, as a phrase: "at Pistoia" (a city or town),
    "next to Livorno", "2 hexes north of Livorno"."""
    h = state.board.hex_index(key)
    if h is not None and state.board.hexes[h].name:
        return _("at {place}").format(place=state.board.hexes[h].name)
    return place(state, key)


#: The eight points of the compass, anticlockwise from east (the map's y grows southward).
COMPASS = ("east", "north-east", "north", "north-west", "west", "south-west", "south",
           "south-east")


def compass(dx: float, dy: float) -> str:
    """The point of the compass of a step (dx, dy) on the map (y southward), in words."""
    sector = round(math.atan2(-dy, dx) / (math.pi / 4)) % 8
    return (pgettext("direction", "east"), pgettext("direction", "north-east"),
            pgettext("direction", "north"), pgettext("direction", "north-west"),
            pgettext("direction", "west"), pgettext("direction", "south-west"),
            pgettext("direction", "south"), pgettext("direction", "south-east"))[sector]


def _nearest_city(state: GameState, h: int) -> tuple[int, str] | None:
    """The distance in hexes from hex ``h`` to the nearest city, and its name."""
    best = None
    info = state.board.hexes[h]
    for c in state.board.cities:
        ci = state.board.hexes[c.hex]
        d = max(abs(info.q - ci.q), abs(info.r - ci.r), abs(info.q + info.r - ci.q - ci.r))
        if best is None or d < best[0]:
            best = (d, c.name)
    return best


def _nearest_place(state: GameState, h: int) -> tuple[int, str, tuple[float, float]] | None:
    """The nearest city or named town to hex ``h`` (a city first when as near): the distance
    in hexes, its name, and the step from it to ``h`` on the map."""
    board = state.board
    info = board.hexes[h]
    layout = board.grid.layout()
    best: tuple[int, int, str, int] | None = None
    places = [(c.hex, c.name, 0) for c in board.cities]
    places += [(t, board.hexes[t].name, 1) for t in board.towns if board.hexes[t].name]
    for at, name, kind in places:
        pi = board.hexes[at]
        d = max(abs(info.q - pi.q), abs(info.r - pi.r), abs(info.q + info.r - pi.q - pi.r))
        if best is None or (d, kind) < (best[0], best[1]):
            best = (d, kind, name, at)
    if best is None:
        return None
    x, y = layout.to_xy(info.q, info.r)
    pi = board.hexes[best[3]]
    px, py = layout.to_xy(pi.q, pi.r)
    return best[0], best[2], (x - px, y - py)


def sentence(state: GameState, e: ev.Event) -> str | None:
    """One line of the history for an event (None: the event is shown by others)."""
    name = state.name
    if isinstance(e, ev.TurnBegan):
        return _("Turn {turn} begins").format(turn=number(e.turn))
    if isinstance(e, ev.CubesDrawn):
        if e.city is not None:
            return _("{count} goods cubes drawn for {place}").format(
                count=number(len(e.cubes)), place=place(state, e.city))
        return _("{count} goods cubes drawn for the goods reserve").format(
            count=number(len(e.cubes)))
    if isinstance(e, ev.OpenerDrawn):
        return _("{player} is drawn to open the first auction").format(player=name(e.seat))
    if isinstance(e, ev.OrderDrawn):
        return _("Action tiles drawn: {tiles}").format(tiles=", ".join(
            f"{name(seat)} {tile_name(tile)}" for seat, tile in enumerate(e.tiles)))
    if isinstance(e, ev.TileRemoved):
        return _("The town tile {where} goes back to the supply").format(
            where=where(state, e.hex))
    if isinstance(e, ev.PhaseBegan):
        try:
            return _("Phase: {phase}").format(phase=phase_name(Phase(e.phase)))
        except ValueError:
            return None
    if isinstance(e, ev.BidMade):
        return _("{player} bids {amount}").format(player=name(e.seat), amount=dollars(e.amount))
    if isinstance(e, ev.BidPassed):
        return _("{player} passes").format(player=name(e.seat))
    if isinstance(e, ev.PlaceTaken):
        return _("{player} takes place {place} for {price}").format(
            player=name(e.seat), place=number(e.place), price=dollars(e.price))
    if isinstance(e, ev.OrderSet):
        return _("Turn order: {order}").format(order=", ".join(name(s) for s in e.order))
    if isinstance(e, ev.TileChosen):
        if e.number_only:
            return _("{player} takes {tile} as a number only").format(
                player=name(e.seat), tile=tile_name(e.tile))
        return _("{player} takes {tile}").format(player=name(e.seat), tile=tile_name(e.tile))
    if isinstance(e, ev.Declared):
        if e.perform:
            return _("{player} will carry out {tile}").format(player=name(e.seat),
                                                              tile=tile_name(e.tile))
        return _("{player} passes on {tile}").format(player=name(e.seat), tile=tile_name(e.tile))
    if isinstance(e, ev.LocoRaised):
        return _("{player}'s locomotive rises to level {level}").format(
            player=name(e.seat), level=number(e.level))
    if isinstance(e, ev.TileLaid):
        return _("{player} lays a tile {where} for {cost}").format(
            player=name(e.seat), where=where(state, e.hex), cost=dollars(e.cost))
    if isinstance(e, ev.TileUpgraded):
        return _("{player} upgrades the tile {where} for {cost}").format(
            player=name(e.seat), where=where(state, e.hex), cost=dollars(e.cost))
    if isinstance(e, ev.TileRedirected):
        return _("{player} turns the tile {where} for {cost}").format(
            player=name(e.seat), where=where(state, e.hex), cost=dollars(e.cost))
    if isinstance(e, ev.LinkCompleted):
        who = name(e.owner) if 0 <= e.owner < state.seats else _("nobody")
        return _("Link {a} to {b} completed ({player})").format(
            a=place(state, e.a), b=place(state, e.b), player=who)
    if isinstance(e, ev.LinkClaimed):
        return _("{player} takes over the link {where}").format(
            player=name(e.seat), where=where(state, e.at))
    if isinstance(e, ev.LinkLost):
        return _("{player} loses the unfinished link {where}").format(
            player=name(e.seat), where=where(state, e.at))
    if isinstance(e, ev.NewCityPlaced):
        return _("{player} founds a {colour} New City at {place}").format(
            player=name(e.seat), colour=colour_name(e.colour), place=place(state, e.hex))
    if isinstance(e, ev.UrbanGrowthDone):
        return _("{player}: Urban Growth at {place}").format(player=name(e.seat),
                                                             place=place(state, e.city))
    if isinstance(e, ev.SpecialLapsed):
        return _("{player}'s {tile} lapses").format(player=name(e.seat), tile=tile_name(e.tile))
    if isinstance(e, ev.SpecialForgone):
        return _("{player} gives up {tile}").format(player=name(e.seat), tile=tile_name(e.tile))
    if isinstance(e, ev.BuildEnded):
        return _("{player} ends the build ({count})").format(
            player=name(e.seat), count=ngettext("{n} tile action", "{n} tile actions",
                                                e.tile_actions).format(n=number(e.tile_actions)))
    if isinstance(e, ev.CubeDelivered):
        shares = [f"{name(s)} {number(p)}" for s, p in enumerate(e.points) if p]
        return _("{player} moves a {colour} cube from {source} to {dest} ({links}; points: "
                 "{shares})").format(
            player=name(e.seat), colour=colour_name(e.colour), source=place(state, e.source),
            dest=place(state, e.stops[-1]) if e.stops else "",
            links=ngettext("{n} link", "{n} links", len(e.stops)).format(n=number(len(e.stops))),
            shares=", ".join(shares) or _("none"))
    if isinstance(e, ev.PointsTaken):
        if e.as_income:
            return _("{player} takes {n} as income").format(player=name(e.seat),
                                                            n=number(e.points))
        return _("{player} takes {n} as VP").format(player=name(e.seat), n=number(e.points))
    if isinstance(e, ev.MovePassed):
        return _("{player} passes").format(player=name(e.seat))
    if isinstance(e, ev.Money):
        return money_sentence(state, e)
    if isinstance(e, ev.Bankrupt):
        return _("{player} is bankrupt and leaves the game").format(player=name(e.seat))
    if isinstance(e, ev.GameEnded):
        if e.winner is not None:
            return _("The game is over: {player} wins").format(player=name(e.winner))
        return _("The game is over")
    return None


def money_sentence(state: GameState, e: ev.Money) -> str | None:
    who = state.name(e.seat)
    if e.reason is ev.Reason.BORROW:
        return _("{player} borrows {cash} (income {income})").format(
            player=who, cash=dollars(e.cash), income=number(e.income))
    if e.reason is ev.Reason.CAPITAL:
        return _("{player} takes {cash} of capital").format(player=who, cash=dollars(e.cash))
    if e.reason is ev.Reason.INCOME:
        return _("{player} receives {cash} income").format(player=who, cash=dollars(e.cash))
    if e.reason is ev.Reason.EXPENSES:
        return _("{player} pays {cash} of expenses").format(player=who,
                                                           cash=dollars(-e.cash))
    if e.reason is ev.Reason.COMPENSATION:
        return _("{player} receives {cash} for a late place").format(player=who,
                                                                    cash=dollars(e.cash))
    if e.reason is ev.Reason.SHORTFALL:
        return _("{player} can't pay in full: {vp} VP, income {income}").format(
            player=who, vp=number(e.vp), income=number(e.income))
    return None  # track, tiles, bids, points: said by the event they belong to


def history_lines(state: GameState, start: int = 0) -> list[tuple[int, str]]:
    """(turn, sentence) for every event of the log from ``start``."""
    out: list[tuple[int, str]] = []
    turn = 0
    for e in state.log[start:]:
        if isinstance(e, ev.TurnBegan):
            turn = e.turn
        text = sentence(state, e)
        if text:
            out.append((turn, text))
    return out


def step_prompt(state: GameState, seat: int, person: bool) -> str:
    """What the seat to act is asked to do now."""
    who = state.name(seat)
    if not person:
        return _("{player} (computer) is playing... Space: skip").format(player=who)
    step = state.step
    if step is Step.BID:
        return _("{player}: bid for your place in the turn order, or pass").format(player=who)
    if step is Step.CAPITAL:
        return _("{player}: take capital in $5 steps (each moves income back 1)").format(
            player=who)
    if step is Step.CHOOSE:
        return _("{player}: choose an action tile").format(player=who)
    if step is Step.DECLARE:
        return _("{player}: carry out this tile in your build, or pass?").format(player=who)
    if step is Step.BUILD:
        return _("{player}: draw track from a city, a town or your open end; Enter ends "
                 "the build").format(player=who)
    if step is Step.MOVE:
        return _("{player}: click a city to move one of its cubes, or upgrade your "
                 "locomotive").format(player=who)
    if step is Step.POINTS:
        return _("{player}: take your points as income or as VP").format(player=who)
    return ""


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
            near = _nearest_city(state, h) if h is not None else None
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
    return _("the computer player's choice")


def review_sentence(state: GameState, plan: Advice, gap: float) -> str:
    """The post-game review's one sentence on a turn it marks: what the advisor would have
    done at the decision that lost most, and what the turn lost, in VP."""
    return _("Turn {turn}: {plan} would have been worth {vp} VP more than what you did.").format(
        turn=number(state.turn), plan=review_plan(state, plan), vp=number(max(0.1, gap), 1))


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
