"""The turn flow: the end of a turn, the last round (T-W1, D-23), passes (T-A3, D-26), the end
of the game and its scoring (T-W2, T-W3), and a game stopped early.

Seats play in seat order from the first player (T-S6); a *turn* in the game's counting is a
round in which every seat plays once. When a player ends a turn with two wagons or fewer the
last round begins (once, D-23): every seat plays one more turn, that player last. When every
seat has passed, one after another, the game ends at once (D-26).
"""

from __future__ import annotations

from rail_app.games.ttr.rules import scoring
from rail_app.games.ttr.rules.cards import add
from rail_app.games.ttr.rules.events import (
    ExpressAwarded,
    GameEnded,
    LastRound,
    TicketScored,
    TurnBegan,
)
from rail_app.games.ttr.rules.state import LAST_ROUND_WAGONS, EndReason, GameState, Step


def begin_turn(state: GameState, seat: int) -> None:
    state.current = seat
    state.step = Step.TURN
    state.log.append(TurnBegan(state.turn, seat))


def end_turn(state: GameState, passed: bool = False) -> None:
    """The turn of the current seat is over: the passes counted (D-26), the last round begun
    or counted down (T-W1, D-23), the next seat's turn begun, or the game ended."""
    seat = state.current
    player = state.players[seat]
    player.turns += 1
    state.passes = state.passes + 1 if passed else 0
    if state.passes >= state.seats:  # D-26: a whole round of passes
        finish(state, EndReason.PASSES)
        return
    if state.last_round_by >= 0:
        state.turns_left -= 1
        if state.turns_left <= 0:
            finish(state, EndReason.LAST_ROUND)
            return
    elif player.wagons <= LAST_ROUND_WAGONS:  # T-W1
        state.last_round_by = seat
        state.turns_left = state.seats
        state.log.append(LastRound(seat, player.wagons))
    following = (seat + 1) % state.seats
    if following == state.first:
        state.turn += 1
    begin_turn(state, following)


def finish(state: GameState, reason: EndReason) -> None:
    """T-W2, T-W3: the final scoring; the tickets are revealed (T-A5)."""
    final = scoring.final_scores(state, reason)
    state.final = final
    state.step = Step.OVER
    board = state.board
    for score in final.scores:
        for t in state.players[score.seat].tickets:
            state.log.append(TicketScored(score.seat, t, t in score.completed,
                                          board.tickets[t].value))
    express = tuple(s.seat for s in final.scores if s.express)
    state.log.append(ExpressAwarded(express, max(s.longest for s in final.scores)))
    state.log.append(GameEnded(str(reason), tuple(s.total for s in final.scores),
                               final.ranks))


def end_early(state: GameState) -> GameState:
    """A game stopped before its end (a harness's turn cap) is scored as it stands (T-W2):
    a tunnel being claimed is given up (its cards back, T-T5), tickets drawn and not chosen
    go under the ticket deck (D-25), tickets of a first deal not chosen go to the box."""
    if state.step is Step.OVER:
        return state
    if state.tunnel is not None:
        t = state.tunnel
        add(state.players[state.current].hand, t.shown)
        state.discard.extend(t.revealed)
        state.tunnel = None
    if state.offer:
        state.ticket_deck.extend(state.offer)
        state.offer = []
    for seat, dealt in enumerate(state.first_offer):
        if dealt:
            state.box.extend(dealt)
            state.first_offer[seat] = []
    finish(state, EndReason.TURN_CAP)
    return state

