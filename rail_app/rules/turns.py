"""The turn flow (T1-T4) and the payment at the end of the build phase (K10).

- T1 players alternate turns (the first player is chosen at setup, C2/T1).
- T2 a turn is phase A (move) then phase B (build); on each player's first two turns the
  turn starts directly in phase B. :class:`EndPhase` goes from A to B; :class:`EndTurn`
  ends the turn from either phase (ending in phase A simply builds nothing).
- T3 swapping demands replaces phases A and B; the cards rules carry it out and then end
  the turn with :func:`end_turn`.
- T4 a player with ``lose_turns`` above zero does nothing in that turn: it is logged,
  counted as a turn taken (so lasting events expire and the end of the game counts it) and
  play passes on at once. Turn-start hooks do not run for a lost turn; turn-end hooks do.
  A rule that makes a player lose a turn *during* their own turn calls :func:`end_turn`
  and sets ``lose_turns = 1`` for the skipped next turn.

Bookkeeping: ``state.turn`` counts turns started (the first is 1); a player's
``turns_taken`` counts their turns that have ended, and is increased before the turn-end
hooks run; ``cash_history`` gets the player's cash after those hooks.
"""

from __future__ import annotations

from rail_app.rules.actions import Action, EndPhase, EndTurn
from rail_app.rules.engine import (
    MOMENT_WRONG_PHASE,
    Quote,
    Violation,
    legal_source,
    log,
    rule_applier,
    rule_handler,
    run_turn_end,
    run_turn_start,
)
from rail_app.rules.state import PHASE_BUILD, PHASE_MOVE, PHASE_OVER, GameState

#: T2: how many turns each player starts directly in the build phase.
BUILD_ONLY_TURNS = 2


def _over(state: GameState) -> bool:
    return state.phase == PHASE_OVER or state.outcome is not None


def _reset_turn_fields(state: GameState) -> None:
    state.moves_left = None
    state.rental_paid = False
    state.turn_started = False
    _clear_phase(state)


def _clear_phase(state: GameState) -> None:
    state.phase_spent = 0
    state.phase_built = []
    state.phase_ferries = []
    state.phase_upgrade = None
    state.phase_major_starts = set()


def _first_phase(state: GameState, player: int) -> str:
    """T2: the first two turns of each player skip phase A."""
    return PHASE_BUILD if state.players[player].turns_taken < BUILD_ONLY_TURNS else PHASE_MOVE


def begin_first_turn(state: GameState, first_player: int) -> None:
    """Start the game's first turn (turn 1) for ``first_player`` once setup is done (T1)."""
    state.first_player = first_player
    state.current = first_player
    state.turn = 1
    _reset_turn_fields(state)
    state.phase = _first_phase(state, first_player)
    p = state.players[first_player]
    log(state, f"Turn 1: {p.name} begins", kind="info", player=first_player)
    run_turn_start(state, first_player)


def begin_turn(state: GameState, player: int) -> None:
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
            log(state, f"Turn {state.turn}: {p.name} loses this turn", kind="event",
                player=player, rule="T4")
            _close_turn(state, player)
            player = 1 - player
            continue
        state.phase = _first_phase(state, player)
        log(state, f"Turn {state.turn}: {p.name} begins", kind="info", player=player)
        run_turn_start(state, player)
        return


def _close_turn(state: GameState, player: int) -> None:
    p = state.players[player]
    p.turns_taken += 1
    run_turn_end(state, player)
    p.cash_history.append(p.cash)


def end_turn(state: GameState) -> None:
    """K10 then T1: pay for the phase, close the turn, and begin the opponent's turn."""
    me = state.current
    p = state.players[me]
    spent = state.phase_spent
    if spent:
        p.cash -= spent
        log(state, f"{p.name} pays {spent}M for this phase's building", kind="payment",
            player=me, cost=spent)
    p.segments_drawn += len(state.phase_built)
    _clear_phase(state)
    _close_turn(state, me)
    if _over(state):
        return
    begin_turn(state, 1 - me)


@rule_handler(EndPhase, {PHASE_MOVE})
def quote_end_phase(state: GameState, action: EndPhase) -> Quote:
    """T2: phase A ends, phase B begins. Not after swapping demands (C6/T3): the swap
    replaces both phases, so the turn can only end."""
    if state.swapped_this_turn:
        return Quote(action, 0, (Violation(
            MOMENT_WRONG_PHASE, "Not now: after swapping demands there is no building this "
            "turn; lock loads on the train, then end the turn (C6)", True),))
    return Quote(action, 0)


@rule_applier(EndPhase)
def apply_end_phase(state: GameState, action: EndPhase, q: Quote) -> None:
    state.phase = PHASE_BUILD
    state.turn_started = True
    log(state, f"{state.player.name} starts building", kind="info")


@rule_handler(EndTurn, {PHASE_MOVE, PHASE_BUILD})
def quote_end_turn(state: GameState, action: EndTurn) -> Quote:
    """K10: the cost is what the phase's drawing, ferries and upgrade add up to."""
    return Quote(action, state.phase_spent, (), {
        "segments": len(state.phase_built), "ferries": len(state.phase_ferries),
        "upgrade": state.phase_upgrade is not None})


@rule_applier(EndTurn)
def apply_end_turn(state: GameState, action: EndTurn, q: Quote) -> None:
    end_turn(state)


@legal_source
def _legal_turn_actions(state: GameState) -> list[Action]:
    if state.phase == PHASE_MOVE:
        return [EndTurn()] if state.swapped_this_turn else [EndPhase(), EndTurn()]
    if state.phase == PHASE_BUILD:
        return [EndTurn()]
    return []
