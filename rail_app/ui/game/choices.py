"""The card, load and ferry actions the side panel offers, and their words.

Which actions are offered is the engine's answer (its candidate actions, kept when their
quote is legal); the panel keeps their places while the train stands at a city
(:class:`~rail_app.ui.game.table.Slots`).
"""

from __future__ import annotations

from rail_app.rules import cards as rc
from rail_app.rules.actions import Action, BoardFerry, Deliver, Drop, Lock, PickUp
from rail_app.rules.state import GameState, Phase
from rail_app.ui.session import Session

ORDER: dict[type[Action], int] = {Deliver: 0, PickUp: 1, Lock: 2, BoardFerry: 3, Drop: 4}


def action_label(state: GameState, action: Action) -> str:
    """A button's words for a card or load action."""
    deck = state.deck

    def dem(card: int, demand: int) -> str:
        d = deck.card(card).demands[demand]
        return f"{d.city} {d.payoff}M (card {card})"

    if isinstance(action, PickUp):
        if action.card is not None and action.demand is not None:
            return f"Pick up {action.commodity} for {dem(action.card, action.demand)}"
        return f"Pick up {action.commodity} (unlocked)"
    if isinstance(action, Lock):
        d = deck.card(action.card).demands[action.demand]
        return f"Lock {d.commodity} to {dem(action.card, action.demand)}"
    if isinstance(action, Deliver):
        d = deck.card(action.card).demands[action.demand]
        return f"Deliver {d.commodity} to {d.city}: +{d.payoff}M"
    if isinstance(action, Drop):
        return f"Drop {action.commodity}"
    if isinstance(action, BoardFerry):
        return f"Board the {action.ferry} ferry"
    return type(action).__name__


def legal_city_actions(session: Session) -> list[Action]:
    """The card, load and ferry actions legal now for the player to move, best first:
    deliveries, pickups, locks, ferries, drops; private cards before public ones, higher
    payoffs first."""
    st = session.state
    if not st.phase.in_turn or st.pending is not None or st.outcome is not None:
        return []
    cands: list[Action] = list(rc.card_actions(st))
    pl = st.player
    if st.phase is Phase.MOVE and pl.position is not None:
        cands += [BoardFerry(f.name) for f in st.board.ferries_at.get(pl.position, [])]
    out = [a for a in cands if type(a) in ORDER and session.quote(a).ok]
    private = set(pl.private)

    def rank(a: Action) -> tuple[int, int, int]:
        card = a.card if isinstance(a, PickUp | Lock | Deliver) else None
        demand = a.demand if isinstance(a, PickUp | Lock | Deliver) else None
        pay = st.deck.card(card).demands[demand].payoff \
            if card is not None and demand is not None else 0
        return ORDER.get(type(a), 9), 0 if card in private else 1, -pay

    out.sort(key=rank)
    return out
