"""The turn flow (T1-T4) and the payment at the end of the build phase (K10).

- T1 players alternate turns (the first player is chosen at setup, C2/T1).
- T2 a turn is phase A (move) then phase B (build); on each player's first two turns the
  turn starts directly in phase B. :class:`EndPhase` goes from A to B; :class:`EndTurn`
  ends the turn from either phase (ending in phase A simply builds nothing).
- T3 swapping demands replaces phases A and B; the cards rules carry it out, the phase
  becomes ``Phase.SWAPPED`` (only locking and ending the turn remain), and :class:`EndTurn`
  ends it.
- T4 a player with ``lose_turns`` above zero does nothing in that turn: it is logged,
  counted as a turn taken (so lasting events expire and the end of the game counts it) and
  play passes on at once. Turn-start hooks do not run for a lost turn; turn-end hooks do,
  with ``turn_lost`` set (a lost turn is no turn to rebuild washed-out track in, E4).
  A rule that makes a player lose a turn *during* their own turn sets ``end_turn_now``
  (and ``lose_turns`` for the skipped next turn); :func:`after_action` then ends the turn
  once the action that caused it is complete and no choice is pending.

The parts of the rules that act when a turn starts or ends (events expiring, loans, the end
of the game, ferries landing) are listed, in order, in :mod:`rail_app.games.italian_rails.rules.rulebook`; the
engine hands them to these functions as :class:`TurnHooks`.

Bookkeeping: ``state.turn`` counts turns started (the first is 1); a player's
``turns_taken`` counts their turns that have ended, and is increased before the turn-end
hooks run; ``cash_history`` gets the player's cash after those hooks.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from rail_app.games.italian_rails.rules.actions import Action, EndPhase, EndTurn
from rail_app.games.italian_rails.rules.log import (
    BuildingPaid,
    StartsBuilding,
    TurnBegins,
    TurnSkipped,
)
from rail_app.games.italian_rails.rules.quotes import EndTurnDetails, Quote
from rail_app.games.italian_rails.rules.state import GameState, Phase, Step, log

TurnHook = Callable[[GameState, int], None]


@dataclass(frozen=True)
class TurnHooks:
    """What runs, in order, when a player's turn begins and when it ends."""

    start: tuple[TurnHook, ...] = ()
    end: tuple[TurnHook, ...] = ()


#: T2: how many turns each player starts directly in the build phase.
BUILD_ONLY_TURNS = 2


def _over(state: GameState) -> bool:
    return state.phase is Phase.OVER or state.outcome is not None


def _reset_turn_fields(state: GameState) -> None:
    state.moves_left = None
    state.rental_paid = False
    state.turn_started = False
    state.turn_lost = False
    _clear_phase(state)


def _clear_phase(state: GameState) -> None:
    state.phase_spent = 0
    state.phase_built = []
    state.phase_ferries = []
    state.phase_upgrade = None
    state.phase_major_starts = set()


def build_only(state: GameState, player: int) -> bool:
    """T2: is ``player`` in one of their first two turns, which skip phase A?"""
    return state.players[player].turns_taken < BUILD_ONLY_TURNS


def _first_phase(state: GameState, player: int) -> Phase:
    """T2: the first two turns of each player skip phase A."""
    return Phase.BUILD if build_only(state, player) else Phase.MOVE


def begin_first_turn(state: GameState, first_player: int, hooks: TurnHooks) -> None:
    """Start the game's first turn (turn 1) for ``first_player`` once setup is done (T1)."""
    state.first_player = first_player
    state.current = first_player
    state.turn = 1
    _reset_turn_fields(state)
    state.phase = _first_phase(state, first_player)
    log(state, TurnBegins(1), player=first_player)
    for hook in hooks.start:
        hook(state, first_player)


def begin_turn(state: GameState, player: int, hooks: TurnHooks) -> None:
    """Start ``player``'s next turn, skipping lost turns (T4) and passing on (T1)."""
    for _ in range(10_000):  # lost turns are finite; the bound only guards a broken state
        if _over(state):
            return
        state.current = player
        state.turn += 1
        _reset_turn_fields(state)
        p = state.players[player]
        if p.lose_turns > 0:
            p.lose_turns -= 1
            state.phase = _first_phase(state, player)
            log(state, TurnSkipped(state.turn), player=player)
            state.turn_lost = True
            _close_turn(state, player, hooks)
            player = 1 - player
            continue
        state.phase = _first_phase(state, player)
        log(state, TurnBegins(state.turn), player=player)
        for hook in hooks.start:
            hook(state, player)
        return


def _close_turn(state: GameState, player: int, hooks: TurnHooks) -> None:
    p = state.players[player]
    p.turns_taken += 1
    for hook in hooks.end:
        hook(state, player)
    p.cash_history.append(p.cash)


def end_turn(state: GameState, hooks: TurnHooks) -> None:
    """K10 then T1: pay for the phase, close the turn, and begin the opponent's turn."""
    me = state.current
    p = state.players[me]
    spent = state.phase_spent
    if spent:
        p.cash -= spent
        log(state, BuildingPaid(spent), player=me)
    p.segments_drawn += len(state.phase_built)
    _clear_phase(state)
    _close_turn(state, me, hooks)
    if _over(state):
        return
    begin_turn(state, 1 - me, hooks)


def after_action(state: GameState, hooks: TurnHooks) -> None:
    """T4: a player who loses a turn during their own turn loses the rest of it: once the
    action that drew the event is complete and no loss is left to choose, the turn ends."""
    if (state.end_turn_now and state.pending is None and state.outcome is None
            and state.phase is not Phase.OVER):
        state.end_turn_now = False
        state.turn_lost = True
        end_turn(state, hooks)


def quote_end_phase(state: GameState, action: EndPhase) -> Quote:
    """T2: phase A ends, phase B begins."""
    return Quote(action, 0)


def apply_end_phase(state: GameState, action: EndPhase, q: Quote) -> None:
    state.phase = Phase.BUILD
    state.turn_started = True
    log(state, StartsBuilding())


def quote_end_turn(state: GameState, action: EndTurn) -> Quote:
    """K10: the cost is what the phase's drawing, ferries and upgrade add up to."""
    return Quote(action, state.phase_spent, (), EndTurnDetails(
        len(state.phase_built), len(state.phase_ferries), state.phase_upgrade is not None))


def apply_end_turn(state: GameState, action: EndTurn, q: Quote) -> Step:
    return Step.END_TURN


def turn_actions(state: GameState) -> list[Action]:
    """Ending the phase or the turn (the engine keeps the legal ones)."""
    if state.phase is Phase.MOVE:
        return [EndPhase(), EndTurn()]
    if state.phase in (Phase.BUILD, Phase.SWAPPED):
        return [EndTurn()]
    return []
