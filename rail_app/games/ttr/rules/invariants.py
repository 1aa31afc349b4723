"""What must hold after every action of every game, for the soak, the tournament and the
tests.

:func:`invariants` returns the problems of one state (empty when all is well): the 110 train
cards conserved, 12 of each colour and 14 locomotives, among the hands, the deck, the
discard, the face-up row and a tunnel's cards (T-M4); the 46 tickets conserved, each in one
place, among the players, the ticket deck, the box and the tickets being chosen (T-M6); each
seat's 45 wagons (on its routes or left, T-M7, T-C4) and 3 stations (built or in reserve,
T-E3), one station a city at most (T-E1); no seat owning both lanes of a double route
(T-C8) nor, with 2 or 3 players, both lanes claimed (T-C9); the score track equal to the
points of the routes claimed (D-37); an empty deck only with an empty discard while the game
goes on (D-9); and a finished game's scores equal to the sum of their parts (T-W2) and
recounted the same.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from rail_app.games.ttr.rules import engine
from rail_app.games.ttr.rules.actions import Action
from rail_app.games.ttr.rules.cards import IN_BOX, KINDS
from rail_app.games.ttr.rules.quotes import Quote
from rail_app.games.ttr.rules.replay import quick_print
from rail_app.games.ttr.rules.scoring import final_scores
from rail_app.games.ttr.rules.state import (
    EMPTY,
    OPEN,
    STATIONS,
    WAGONS,
    GameState,
    Step,
)
from rail_app.table.invariants import Checker


def invariants(state: GameState) -> list[str]:
    """What is wrong with one state (empty when nothing is)."""
    problems: list[str] = []
    board = state.board
    if state.viewer is not None:
        return [f"a view of seat {state.viewer} is not a game to check"]
    # cards (T-M4)
    loose = state.deck + state.discard + state.row
    if state.tunnel is not None:
        loose += state.tunnel.revealed
    cards = [loose.count(i) for i in range(KINDS)]
    for p in state.players:
        for i in range(KINDS):
            cards[i] += p.hand[i]
            if p.hand[i] < 0:
                problems.append(f"{p.name} holds {p.hand[i]} cards of kind {i}")
    if state.tunnel is not None:
        for i in range(KINDS):
            cards[i] += state.tunnel.shown[i]
    if any(c < EMPTY or c >= KINDS for c in state.row):
        problems.append(f"a face-up slot holds {state.row}")
    if tuple(cards) != IN_BOX:
        problems.append(f"train cards {cards} are not the box's {list(IN_BOX)} (T-M4)")
    # D-9 while the game goes on: the action that ends the game (its last claim, paid into
    # the discard) is followed by no reshuffle, as nothing is dealt after the end
    if not state.deck and state.discard and state.step is not Step.OVER:
        problems.append(f"an empty deck beside a discard of {len(state.discard)} (D-9)")
    # tickets (T-M6)
    held = state.ticket_deck + state.box + state.offer
    for p in state.players:
        held += p.tickets
    for dealt in state.first_offer:
        held += dealt
    if sorted(held) != list(range(len(board.tickets))):
        places = Counter(held)
        twice = sorted(t for t, n in places.items() if n > 1)
        missing = sorted(set(range(len(board.tickets))) - set(places))
        problems.append(f"tickets not each in one place: twice {twice}, missing {missing} "
                        "(T-M6)")
    # pieces (T-M7, T-C4, T-E3, T-E1) and route points (D-37)
    used = [0] * state.seats
    worth = [0] * state.seats
    for r, holder in enumerate(state.owner):
        if holder != OPEN:
            route = board.routes[r]
            used[holder] += route.length
            worth[holder] += route.points
    for seat, p in enumerate(state.players):
        if p.wagons + used[seat] != WAGONS or p.wagons < 0:
            problems.append(f"{p.name}: {p.wagons} wagons left and {used[seat]} on routes, not "
                            f"{WAGONS} (T-M7)")
        built = state.station_of.count(seat)
        if p.stations + built != STATIONS or p.stations < 0:
            problems.append(f"{p.name}: {p.stations} stations left and {built} built, not "
                            f"{STATIONS} (T-E3)")
        points = worth[seat]
        if points != p.points:
            problems.append(f"{p.name}: score track {p.points}, routes worth {points} (D-37)")
    for r, holder in enumerate(state.owner):
        other = board.partner_of[r]
        if holder == OPEN or other < r:
            continue
        if state.owner[other] == holder:
            problems.append(f"{state.name(holder)} owns both lanes of route {r} (T-C8)")
        elif state.seats <= 3 and state.owner[other] != OPEN:
            problems.append(f"both lanes of route {r} claimed with {state.seats} players "
                            "(T-C9)")
    if (state.tunnel is None) != (state.step is not Step.TUNNEL):
        problems.append(f"a tunnel {state.tunnel} in step {state.step} (T-T5)")
    # the end (T-W2)
    if state.step is Step.OVER:
        final = state.final
        if final is None:
            problems.append("a finished game without its final scores (T-W2)")
        else:
            again = final_scores(state, final.reason)
            if again != final:
                problems.append("the final scores recounted differ from those given (T-W2)")
            for s in final.scores:
                parts = s.routes + s.won - s.lost + s.station_points + s.express_points
                if parts != s.total or s.routes != state.players[s.seat].points:
                    problems.append(f"{state.name(s.seat)}: score {s.total} is not the sum of "
                                    f"its parts {parts} (T-W2)")
    return problems


class TtrInvariants:
    """Ticket to Ride's invariants as the kit's Invariants: every state as :func:`invariants`
    says; a finished game has its final scores."""

    def state(self, state: GameState) -> list[str]:
        return invariants(state)

    def step(self, before: GameState, action: Action, quote: Quote,
             after: GameState) -> list[str]:
        out = []
        if after.step is not Step.OVER and after.step is not Step.FIRST_TICKETS \
                and after.players[after.current].turns < before.players[after.current].turns:
            out.append("a seat's turns went back")
        return out

    def end(self, state: GameState, capped: bool) -> list[str]:
        if state.step is not Step.OVER or state.final is None:
            return ["the game ended without its final scores (T-W1-T-W3)"]
        return []


class _Rules:
    """What the kit's checker needs of the rules."""

    def quote(self, state: GameState, action: Action, player: int | None = None) -> Quote:
        return engine.quote(state, action, player)

    def fingerprint(self, state: GameState) -> Any:
        return quick_print(state)

    def history(self, state: GameState) -> list[tuple[int, Action]]:
        return state.history


def where(state: GameState, action: Action | None) -> str:
    return f"turn {state.turn}, {action!r}" if action is not None else "at the end"


def checker(state: GameState) -> Checker[GameState, Action]:
    """The kit's checker with Ticket to Ride's invariants, for the game starting at
    ``state``."""
    return Checker(_Rules(), TtrInvariants(), where)
