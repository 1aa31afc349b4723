"""A recorded action in a player's words ("Anna builds from Torino to 2 dots east of
Torino"), for the messages that name one: a saved game loaded up to an action the rules now
refuse. Places are named as players name them (``Board.place_name``), never by grid keys.
"""

from __future__ import annotations

from rail_app.games.italian_rails.rules import actions as a
from rail_app.games.italian_rails.rules.state import GameState


def _place(state: GameState, key: str) -> str:
    d = state.board.find_dot(key)
    return state.board.place_name(d) if d is not None else f"dot {key}"


def _places(state: GameState, ka: str, kb: str) -> tuple[str, str]:
    """Two dots told apart (``Board.place_names``)."""
    b = state.board
    da, db = b.find_dot(ka), b.find_dot(kb)
    if da is None or db is None:
        return _place(state, ka), _place(state, kb)
    return b.place_names(da, db)


def _demand(state: GameState, card: int, demand: int) -> str:
    c = state.deck.cards.get(card)
    if c is None or not 0 <= demand < len(c.demands):
        return f"card {card}"
    d = c.demands[demand]
    return f"{d.commodity} for {d.city} (card {card})"


def action_words(state: GameState, player: int, action: a.Action) -> str:
    """What ``player`` does with ``action``, in a few words starting with their name."""
    who = state.players[player].name
    if isinstance(action, a.BuildSegment):
        frm, to = _places(state, action.a, action.b)
        return f"{who} builds from {frm} to {to}"
    if isinstance(action, a.EraseSegment):
        frm, to = _places(state, action.a, action.b)
        return f"{who} erases the segment from {frm} to {to}"
    if isinstance(action, a.BuildFerry):
        return f"{who} takes the ferry {action.ferry}"
    if isinstance(action, a.UpgradeLoco):
        return f"{who} buys a {action.to}"
    if isinstance(action, a.TakeLoan):
        return f"{who} takes a loan"
    if isinstance(action, a.PlaceTrain):
        return f"{who} places the train at {_place(state, action.dot)}"
    if isinstance(action, a.MoveTrain):
        end = _place(state, action.path[-1]) if action.path else "where it stands"
        return f"{who} moves the train to {end}"
    if isinstance(action, a.BoardFerry):
        return f"{who} boards the ferry {action.ferry}"
    if isinstance(action, a.PickUp):
        locked = f" for {_demand(state, action.card, action.demand or 0)}" \
            if action.card is not None else ""
        return f"{who} picks up {action.commodity}{locked}"
    if isinstance(action, a.Lock):
        return f"{who} locks a load to {_demand(state, action.card, action.demand)}"
    if isinstance(action, a.Deliver):
        return f"{who} delivers {_demand(state, action.card, action.demand)}"
    if isinstance(action, a.Drop):
        return f"{who} drops the {action.commodity}"
    if isinstance(action, a.TakeBack):
        return f"{who} takes back a move"
    if isinstance(action, a.SwapDemands):
        return f"{who} swaps demands"
    if isinstance(action, a.ChooseLoss):
        return f"{who} chooses the load lost in a derailment"
    if isinstance(action, a.KeepCards):
        kept = " and ".join(str(n) for n in action.cards) or "no cards"
        return f"{who} keeps cards {kept}"
    if isinstance(action, a.EndPhase):
        return f"{who} ends the move"
    if isinstance(action, a.EndTurn):
        return f"{who} ends the turn"
    return f"{who}: {action.kind.replace('_', ' ')}"
