"""A recorded action of Steam in a player's words ("Anna lays a track tile on Firenze"), for
the messages that name one: a saved game loaded up to an action the rules now refuse. Hexes
are named by their city or town when they have one, else by their key.
"""

from __future__ import annotations

from rail_app.core.i18n import _
from rail_app.games.steam.rules import actions as a
from rail_app.games.steam.rules.state import GameState


def _hex(state: GameState, key: str) -> str:
    h = state.board.hex_index(key)
    return state.board.name_of(h) if h is not None else key


def action_words(state: GameState, seat: int, action: a.Action) -> str:
    """What ``seat`` does with ``action``, in a few words starting with their name."""
    who = state.name(seat)
    if isinstance(action, a.Bid):
        return _("{who} bids {amount} for the turn order").format(who=who, amount=action.amount)
    if isinstance(action, a.PassBid):
        return _("{who} passes in the auction").format(who=who)
    if isinstance(action, a.TakeCapital):
        return _("{who} takes capital").format(who=who)
    if isinstance(action, a.ChooseTile):
        return _("{who} takes an action tile").format(who=who)
    if isinstance(action, a.Declare):
        return _("{who} declares the action tile").format(who=who)
    if isinstance(action, a.LayTile):
        return _("{who} lays a track tile on {place}").format(who=who,
                                                              place=_hex(state, action.hex))
    if isinstance(action, a.UpgradeTile):
        return _("{who} upgrades the track tile on {place}").format(
            who=who, place=_hex(state, action.hex))
    if isinstance(action, a.RedirectTile):
        return _("{who} redirects the track tile on {place}").format(
            who=who, place=_hex(state, action.hex))
    if isinstance(action, a.PlaceNewCity):
        return _("{who} places a new city on {place}").format(who=who,
                                                              place=_hex(state, action.hex))
    if isinstance(action, a.UrbanGrowth):
        return _("{who} adds goods to {place}").format(who=who, place=_hex(state, action.city))
    if isinstance(action, a.ForgoSpecial):
        return _("{who} forgoes the action tile").format(who=who)
    if isinstance(action, a.EndBuild):
        return _("{who} ends the build").format(who=who)
    if isinstance(action, a.MoveCube):
        end = _hex(state, action.stops[-1]) if action.stops else _hex(state, action.source)
        return _("{who} moves goods from {source} to {place}").format(
            who=who, source=_hex(state, action.source), place=end)
    if isinstance(action, a.UpgradeLocomotive):
        return _("{who} upgrades the locomotive").format(who=who)
    if isinstance(action, a.PassMove):
        return _("{who} passes a move").format(who=who)
    if isinstance(action, a.TakePoints):
        return _("{who} takes the move's links as income or points").format(who=who)
    return f"{who}: {action.kind}"
