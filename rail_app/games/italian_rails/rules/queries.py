"""Questions the screen asks the rules about moments other than now ("what would this
ferry cost on my turn"), answered by the rules on their own copy of the game: the state
given is never changed, and nothing outside the rules fakes a state to ask."""

from __future__ import annotations

from rail_app.games.italian_rails.rules import build, engine
from rail_app.games.italian_rails.rules.actions import BuildFerry
from rail_app.games.italian_rails.rules.board import Ferry
from rail_app.games.italian_rails.rules.quotes import Quote
from rail_app.games.italian_rails.rules.state import GameState, Phase


def ferry_on_turn(state: GameState, player: int, ferry: Ferry) -> Quote:
    """K7/K8: what taking ``ferry`` costs ``player`` and what forbids it: now, when it is
    that player's build phase; else as at the start of a build phase of theirs (nothing
    spent or drawn yet)."""
    action = BuildFerry(ferry.name)
    if state.phase is Phase.BUILD and state.current == player:
        return engine.quote(state, action)
    trial = state.copy()
    trial.current = player
    trial.phase = Phase.BUILD
    trial.phase_spent = 0
    trial.phase_built = []
    trial.phase_ferries = []
    return build.quote_ferry(trial, action)
