"""Ticket to Ride's computer players for the harnesses (layer ai: pure; a player is handed its
seat's view, never changes it and draws only from its own generator, D-30):

- ``random``: the kit's random player (a kind of legal action at random, then one of it);
- ``greedy``: the kit's greedy player, one action ahead: the legal action after which its
  score as if the game ended now (route points, tickets completed less tickets failed) is
  highest;
- ``planner``: a simple, sound player that claims routes toward its tickets: it keeps its
  long ticket and the regular tickets it can join most cheaply, claims the routes of the
  cheapest remaining way to each (the longest it can pay first; a tunnel only with a card
  to spare for the extra ones), draws the cards those routes need, draws new tickets when
  its own are done and it has 15 wagons or more, builds no station, and near the end
  claims what scores most. (The planner of the balance check, ``devtools/balance.py``.)
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence

from rail_app.games.ttr.rules import engine, queries
from rail_app.games.ttr.rules.actions import (
    Action,
    ClaimRoute,
    DrawBlind,
    DrawTickets,
    GiveUpTunnel,
    KeepTickets,
    PayTunnel,
    TakeCard,
)
from rail_app.games.ttr.rules.board import RouteKind
from rail_app.games.ttr.rules.cards import LOCO, Paid
from rail_app.games.ttr.rules.claims import route_card
from rail_app.games.ttr.rules.rulebook import DRAW_BLIND, DRAW_TICKETS, TAKE
from rail_app.games.ttr.rules.state import EMPTY, ROW, GameState, Step
from rail_app.table.players import GreedyPlayer, RandomPlayer

#: Wagons below which the planner stops drawing tickets and claims what scores most.
ENDGAME_WAGONS = 8
#: Wagons a planner keeps spare beyond the cheapest ways to the tickets it keeps.
SPARE_WAGONS = 12
#: Wagons a planner needs to draw new tickets once its own are done.
TICKET_WAGONS = 15


def score_now(state: GameState, seat: int) -> float:
    """A seat's score as if the game ended now, from its view: route points, its tickets
    completed less those failed (T-W2, stations and the Express left out)."""
    player = state.players[seat]
    done = queries.completed(state, seat)
    values = [state.board.tickets[t].value for t in player.tickets]
    return player.points + sum(v if d else -v for v, d in zip(values, done, strict=True))


def spare(hand: Sequence[int], pay: Paid) -> bool:
    """Whether ``hand`` keeps a card for a tunnel's extra cards after ``pay``: a locomotive,
    or a card of the payment's colour (T-T3)."""
    if hand[LOCO] > pay.locomotives:
        return True
    return pay.colour is not None and not pay.mixed and hand[pay.colour] > pay.counts[pay.colour]


def lanes_of(ways: Iterable[queries.Way]) -> list[int]:
    """The routes of ``ways`` in order, each once (both lanes of an open double pair)."""
    out: list[int] = []
    for way in ways:
        for lanes in way.pairs:
            out.extend(r for r in lanes if r not in out)
    return out


def random_player(seat: int, seed: int) -> RandomPlayer[GameState, Action]:
    return RandomPlayer(engine.ENGINE, seat, seed)


def greedy_player(seat: int, seed: int) -> GreedyPlayer[GameState, Action]:
    return GreedyPlayer(engine.ENGINE, seat, score_now, seed)


class Planner:
    """See the module docstring."""

    def __init__(self, seat: int, seed: int = 0) -> None:
        self.seat = seat
        self.rng = random.Random(seed)

    # -- tickets -----------------------------------------------------------------------------

    def ticket_cost(self, view: GameState, ticket: int) -> int:
        t = view.board.tickets[ticket]
        way = queries.cheapest_way(view, self.seat, t.a, t.b)
        return 1 << 20 if way is None else way.cost

    def ranked(self, view: GameState, offered: Sequence[int],
               long_first: bool = False) -> list[int]:
        """``offered`` tickets, the cheapest to join for their value first (the long ones
        before all when ``long_first``)."""
        tickets = view.board.tickets
        return sorted(offered, key=lambda t: (not (long_first and tickets[t].long),
                                              self.ticket_cost(view, t) - tickets[t].value / 2,
                                              t))

    def offered(self, view: GameState) -> tuple[list[int], int]:
        """The tickets offered to the seat now and how many it must keep (T-S5, T-K1)."""
        first = view.step is Step.FIRST_TICKETS
        offered = view.first_offer[self.seat] if first else view.offer
        return offered, min(2 if first else 1, len(offered))

    def keep(self, view: GameState) -> KeepTickets:
        first = view.step is Step.FIRST_TICKETS
        offered, least = self.offered(view)
        wagons = view.players[self.seat].wagons
        ranked = self.ranked(view, offered, long_first=first)
        kept = list(ranked[:least])  # at the first choice, the long ticket first
        budget = wagons - SPARE_WAGONS - sum(self.ticket_cost(view, t) for t in kept)
        for t in ranked[least:]:
            cost = self.ticket_cost(view, t)
            if cost <= budget and cost <= view.board.tickets[t].value:
                kept.append(t)
                budget -= cost
        return KeepTickets(tuple(t for t in offered if t in kept))

    # -- routes ------------------------------------------------------------------------------

    def ways(self, view: GameState) -> list[tuple[int, queries.Way]]:
        """The seat's tickets not yet completed that its wagons can still join, the most
        valuable first, each with its cheapest remaining way."""
        player = view.players[self.seat]
        done = queries.completed(view, self.seat)
        out: list[tuple[int, queries.Way]] = []
        order = sorted((t for t, d in zip(player.tickets, done, strict=True) if not d),
                       key=lambda t: -view.board.tickets[t].value)
        for t in order:
            ticket = view.board.tickets[t]
            way = queries.cheapest_way(view, self.seat, ticket.a, ticket.b)
            if way is not None and way.cost <= player.wagons:
                out.append((t, way))
        return out

    def wanted(self, view: GameState) -> list[int]:
        """The routes of the cheapest remaining ways to the seat's tickets not yet
        completed, the most valuable tickets first (each pair's lanes)."""
        return lanes_of(way for _, way in self.ways(view))

    def claim(self, view: GameState, routes: Sequence[int],
              shortest: bool = False) -> ClaimRoute | None:
        """The claim of the longest of ``routes`` (the shortest when ``shortest``) the seat
        can pay, with the fewest locomotives; a tunnel only when a card of the payment's
        colour or a locomotive is left to spare for the extra cards (T-T3)."""
        best: ClaimRoute | None = None
        best_key: int | None = None
        hand = view.players[self.seat].hand
        for r in routes:
            route = view.board.routes[r]
            key = -route.length if shortest else route.length
            if best_key is not None and key <= best_key:
                continue
            ways = queries.payments(view, self.seat, r)
            if route.kind is RouteKind.TUNNEL:
                ways = [w for w in ways if spare(hand, Paid(w))]
            if ways:
                best = ClaimRoute(r, min(ways, key=lambda w: Paid(w).locomotives))
                best_key = key
        return best

    def colours(self, view: GameState, routes: Sequence[int]) -> set[int]:
        """The card colours the wanted routes ask for (grey: the colour most held)."""
        hand = view.players[self.seat].hand
        out: set[int] = set()
        for r in routes:
            colour = route_card(view.board.routes[r])
            out.add(colour if colour is not None
                    else max(range(LOCO), key=lambda c: (hand[c], -c)))
        return out

    def draw(self, view: GameState, wanted: Sequence[int]) -> Action | None:
        colours = self.colours(view, wanted[:4])
        second = view.step is Step.SECOND_CARD
        for slot in range(ROW):
            if view.row[slot] in colours:
                return TAKE[slot]
        if view.deck or view.discard:
            return DRAW_BLIND
        for slot in range(ROW):
            card = view.row[slot]
            if card != EMPTY and (card != LOCO or not second):
                return TAKE[slot]
        return None

    # -- a decision --------------------------------------------------------------------------

    def choose(self, view: GameState) -> Action:
        step = view.step
        if step in (Step.FIRST_TICKETS, Step.KEEP_TICKETS):
            return self.keep(view)
        if step is Step.TUNNEL:
            return self.tunnel(view)
        wanted = self.wanted(view) if step is Step.TURN or step is Step.SECOND_CARD else []
        if step is Step.SECOND_CARD:
            action = self.draw(view, wanted)
            return action if action is not None else engine.legal_actions(view)[0]
        return self.turn(view, wanted)

    def tunnel(self, view: GameState) -> Action:
        """At a tunnel: pay its extra cards with the fewest locomotives, or give it up."""
        pays = [a for a in engine.legal_actions(view) if isinstance(a, PayTunnel)]
        if pays:
            return min(pays, key=lambda a: Paid(a.cards).locomotives)
        return GiveUpTunnel()

    def turn(self, view: GameState, wanted: Sequence[int]) -> Action:
        """A turn's first action, given the routes the seat wants (:meth:`wanted`)."""
        player = view.players[self.seat]
        claim = self.claim(view, wanted)
        if claim is not None:
            return claim
        if player.wagons <= ENDGAME_WAGONS or not wanted:
            if (not wanted and player.wagons >= TICKET_WAGONS and view.ticket_deck
                    and all(queries.completed(view, self.seat))):
                return DRAW_TICKETS
            # nothing left to join (or the end near): the longest route it can pay scores most
            claim = self.claim(view, queries.open_routes(view))
            if claim is not None:
                return claim
        return self.draw_or_else(view, wanted)

    def draw_or_else(self, view: GameState, wanted: Sequence[int]) -> Action:
        """The cards ``wanted`` asks for; when no card can be drawn, a claim, else another
        legal action than drawing."""
        action = self.draw(view, wanted)
        if action is not None:
            return action
        legal = engine.legal_actions(view)
        claims = [a for a in legal if isinstance(a, ClaimRoute)]
        if claims:
            return claims[0]
        for a in legal:
            if not isinstance(a, (DrawTickets, DrawBlind, TakeCard)):
                return a
        return legal[0]
