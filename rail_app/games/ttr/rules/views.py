"""What a seat may know (T-A5, D-12, D-30): :func:`seen_by`, the state as that seat sees it,
and :func:`indistinguishable`, another state it cannot tell from this one.

A seat sees its own hand, its own tickets (and those it is choosing from), every other
seat's number of cards and tickets, wagons, stations, routes and score, the face-up row,
the discard (every card in it was shown when discarded, D-12), a tunnel's shown and revealed
cards, and the sizes of the deck and the ticket deck; never the order of either deck,
another seat's cards or tickets, the tickets in the box, or the game's seed (which would
tell the next shuffle). The log and the record are given as the seat sees them: the cards
drawn blind and the tickets dealt, drawn and kept by others are left out
(:meth:`~rail_app.games.ttr.rules.events.Event.seen_by`). D-32: so a computer seat's blind
draws and tickets are never shown to a person at the table, who sees their own seat's view.

A view is a whole state, so that a computer player may try actions on it: the decks hold
stand-ins drawn from what the seat has not seen (the lowest cards and tickets first), the
same whatever is hidden.
"""

from __future__ import annotations

import random

from rail_app.games.ttr.rules import events as ev
from rail_app.games.ttr.rules.actions import KeepTickets
from rail_app.games.ttr.rules.cards import IN_BOX, KINDS, LOCO
from rail_app.games.ttr.rules.state import EMPTY, GameState, PlayerState, Step

#: How another seat's secret choice of tickets reads in a seat's view of the record.
SECRET_KEEP = KeepTickets(())
#: The events that hold a seat's secret (each has its ``seat``).
SECRET = frozenset({ev.CardsDealt, ev.TicketsDealt, ev.FirstTicketsKept, ev.CardDrawn,
                    ev.TicketsDrawn, ev.TicketsKept})


def unseen_cards(state: GameState, seat: int) -> list[int]:
    """The nine counts of the cards ``seat`` cannot see: the deck and the other seats'
    hands (the box less its own hand, the face-up row, the discard and a tunnel's cards)."""
    left = list(IN_BOX)
    for i, n in enumerate(state.players[seat].hand):
        left[i] -= n
    for c in state.row:
        if c != EMPTY:
            left[c] -= 1
    for c in state.discard:
        left[c] -= 1
    tunnel = state.tunnel
    if tunnel is not None:
        for i in range(KINDS):
            left[i] -= tunnel.shown[i]
        for c in tunnel.revealed:
            left[c] -= 1
    return left


def own_tickets(state: GameState, seat: int) -> set[int]:
    """The tickets ``seat`` holds or is choosing from."""
    mine = set(state.players[seat].tickets)
    if state.first_offer and state.first_offer[seat]:
        mine.update(state.first_offer[seat])
    if state.current == seat and state.step is Step.KEEP_TICKETS:
        mine.update(state.offer)
    return mine


def seen_by(state: GameState, seat: int) -> GameState:
    """The state as ``seat`` sees it (see the module docstring)."""
    if state.viewer == seat:
        return state
    if state.viewer is not None:
        raise ValueError(f"a view of seat {state.viewer} cannot be seen by seat {seat}")
    players = []
    for i, p in enumerate(state.players):
        if i == seat:
            players.append(p.copy())
        else:
            players.append(PlayerState(p.name, [0] * KINDS, [], p.wagons, p.stations,
                                       p.points, p.turns, p.hidden_cards + sum(p.hand),
                                       p.hidden_tickets + len(p.tickets)))
    left = unseen_cards(state, seat)
    stand_in = [i for i in range(KINDS) for _ in range(left[i])]
    mine = own_tickets(state, seat)
    regular = [t.index for t in state.board.regular_tickets if t.index not in mine]
    secret = SECRET_KEEP
    return GameState(
        board=state.board, options=state.options, seed=0, players=players,
        deck=stand_in[:len(state.deck)][::-1],  # the lowest cards on top
        discard=list(state.discard), row=list(state.row), row_hold=state.row_hold,
        owner=list(state.owner), station_of=list(state.station_of),
        ticket_deck=regular[:len(state.ticket_deck)], box=[],
        offer=list(state.offer) if state.current == seat else [],
        first_offer=[list(o) if i == seat else [] for i, o in enumerate(state.first_offer)],
        tunnel=state.tunnel, step=state.step, current=state.current, first=state.first,
        turn=state.turn, last_round_by=state.last_round_by, turns_left=state.turns_left,
        passes=state.passes,
        log=[e if type(e) not in SECRET or e.seat == seat  # type: ignore[attr-defined]
             else e.seen_by(seat) for e in state.log],
        history=[(s, secret) if s != seat and type(a) is KeepTickets else (s, a)
                 for s, a in state.history],
        final=state.final, viewer=seat, draws=0)


def indistinguishable(state: GameState, seat: int, seed: int) -> GameState:
    """Another state ``seat`` cannot tell from this one: the deck and the other seats' hands
    dealt anew from the same cards, the hidden tickets (the ticket deck, the box, the other
    seats' tickets and choices) dealt anew among the same places (long for long, regular for
    regular), and another seed."""
    rng = random.Random(seed)
    other = state.copy()
    # cards: the deck and the other hands, as many each
    pool = list(state.deck)
    for i, p in enumerate(state.players):
        if i != seat:
            pool.extend(c for c in range(KINDS) for _ in range(p.hand[c]))
    rng.shuffle(pool)
    for i, p in enumerate(other.players):
        if i != seat:
            n = sum(p.hand)
            dealt, pool = pool[:n], pool[n:]
            p.hand = [dealt.count(c) for c in range(KINDS)]
    other.deck = pool
    # tickets: every hidden place keeps its size, and a long ticket's place a long one
    places: list[list[int]] = [other.ticket_deck, other.box]
    for i, p in enumerate(other.players):
        if i != seat:
            places.append(p.tickets)
            if other.first_offer:
                places.append(other.first_offer[i])
    if state.current != seat:
        places.append(other.offer)
    long = {t.index for t in state.board.long_tickets}
    pools = {True: [t for place in places for t in place if t in long],
             False: [t for place in places for t in place if t not in long]}
    for kind in pools.values():
        rng.shuffle(kind)
    for place in places:
        for k, t in enumerate(place):
            place[k] = pools[t in long].pop()
    other.seed = rng.randrange(1 << 30)
    return other


def locomotives_unseen(state: GameState, seat: int) -> int:
    """How many locomotives ``seat`` cannot see (a query for the computer players)."""
    return unseen_cards(state, seat)[LOCO]
