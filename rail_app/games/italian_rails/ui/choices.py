"""The card, load and ferry actions the side panel offers, and their words.

Which actions are offered is the engine's answer (its candidate actions, kept when their
quote is legal); the panel keeps their places while the train stands at a city
(:class:`~rail_app.games.italian_rails.ui.table.Slots`).
"""

from __future__ import annotations

from rail_app.core.i18n import _, money_millions, pgettext
from rail_app.games.italian_rails.rules import cards as rc
from rail_app.games.italian_rails.rules.actions import (
    Action,
    BoardFerry,
    Deliver,
    Drop,
    Lock,
    PickUp,
)
from rail_app.games.italian_rails.rules.state import GameState, Phase
from rail_app.ui.session import Session

ORDER: dict[type[Action], int] = {Deliver: 0, PickUp: 1, Lock: 2, BoardFerry: 3, Drop: 4}


def action_label(state: GameState, action: Action) -> str:
    """A button's words for a card or load action."""
    deck = state.deck

    def dem(card: int, demand: int) -> str:
        d = deck.card(card).demands[demand]
        return _("{city} {payoff} (card {card})").format(city=d.city, payoff=money_millions(d.payoff), card=card)

    if isinstance(action, PickUp):
        if action.card is not None and action.demand is not None:
            return _("Pick up {commodity} for {dem}").format(commodity=pgettext("commodity", action.commodity), dem=dem(action.card, action.demand))
        return _("Pick up {commodity} (unlocked)").format(commodity=pgettext("commodity", action.commodity))
    if isinstance(action, Lock):
        d = deck.card(action.card).demands[action.demand]
        return _("Lock {commodity} to {dem}").format(commodity=pgettext("commodity", d.commodity), dem=dem(action.card, action.demand))
    if isinstance(action, Deliver):
        d = deck.card(action.card).demands[action.demand]
        return _("Deliver {commodity} to {city}: {payoff}").format(commodity=pgettext("commodity", d.commodity), city=d.city, payoff=money_millions(d.payoff, sign=True))
    if isinstance(action, Drop):
        return _("Drop {commodity}").format(commodity=pgettext("commodity", action.commodity))
    if isinstance(action, BoardFerry):
        return _("Board the {ferry} ferry").format(ferry=action.ferry)
    return type(action).__name__


def done_label(state: GameState, action: Action) -> str:
    """A button's words once its action is done (the button stays in its place, disabled:
    "Delivered: wine to Roma, +20M")."""
    deck = state.deck
    if isinstance(action, Deliver):
        d = deck.card(action.card).demands[action.demand]
        return _("Delivered: {commodity} to {city}, {payoff}").format(
            commodity=pgettext("commodity", d.commodity), city=d.city,
            payoff=money_millions(d.payoff, sign=True))
    if isinstance(action, PickUp):
        return _("Picked up: {commodity}").format(
            commodity=pgettext("commodity", action.commodity))
    if isinstance(action, Lock):
        d = deck.card(action.card).demands[action.demand]
        return _("Locked: {commodity} to {city}").format(
            commodity=pgettext("commodity", d.commodity), city=d.city)
    if isinstance(action, Drop):
        return _("Dropped: {commodity}").format(commodity=pgettext("commodity", action.commodity))
    if isinstance(action, BoardFerry):
        return _("Boarded the {ferry} ferry").format(ferry=action.ferry)
    return action_label(state, action)


def ferries_here(state: GameState) -> list[BoardFerry]:
    """M5: the player's own ferries (K8) the train could board from where it stands: those
    with a port at its dot or in its city (a major city has one port dot among its
    seven)."""
    pl = state.player
    if state.phase is not Phase.MOVE or pl.position is None or pl.aboard is not None:
        return []
    board = state.board
    city = board.city_of_dot.get(pl.position)
    return [BoardFerry(f.name) for f in board.ferries if f.index in pl.ferries and (
            pl.position in f.ports or (city is not None and any(
                board.city_of_dot.get(p) is city for p in f.ports)))]


def legal_city_actions(session: Session[GameState]) -> list[Action]:
    """The card, load and ferry actions legal now for the player to move, best first:
    deliveries, pickups, locks, ferries, drops; private cards before public ones, higher
    payoffs first. A ferry sailing from the train's city is offered even when it cannot
    be boarded now (the button, disabled, says why: not the port's dot, moved already, a
    storm)."""
    st = session.state
    if not st.phase.in_turn or st.pending is not None or st.outcome is not None:
        return []
    cands: list[Action] = list(rc.card_actions(st))
    out = [a for a in cands if type(a) in ORDER and session.quote(a).ok]
    out += ferries_here(st)
    private = set(st.player.private)

    def rank(a: Action) -> tuple[int, int, int]:
        card = a.card if isinstance(a, PickUp | Lock | Deliver) else None
        demand = a.demand if isinstance(a, PickUp | Lock | Deliver) else None
        pay = st.deck.card(card).demands[demand].payoff \
            if card is not None and demand is not None else 0
        return ORDER.get(type(a), 9), 0 if card in private else 1, -pay

    out.sort(key=rank)
    return out
