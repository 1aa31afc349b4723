"""The rulebook: every action of Ticket to Ride, the step it answers, how it is quoted and
carried out (the kit's :class:`~rail_app.table.engine.Rule` rows), and the candidate
actions of each step. One explicit table the engine reads; nothing registers itself when a
module is imported.

The candidates of each step are exactly the legal actions (each payment a hand can make,
D-39), so every row is ``listed`` and the engine takes them without checking each (its
quote and apply still judge every action; the tests compare the two); a pass is a candidate
only when nothing else is (T-A3, D-26).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any, Final

from rail_app.core.i18n import N_, _
from rail_app.games.ttr.rules import claims, draw, stations, tickets, turns
from rail_app.games.ttr.rules.actions import (
    Action,
    BuildStation,
    ClaimRoute,
    DrawBlind,
    DrawTickets,
    GiveUpTunnel,
    KeepTickets,
    Pass,
    PayTunnel,
    TakeCard,
)
from rail_app.games.ttr.rules.cards import LOCO
from rail_app.games.ttr.rules.quotes import Quote, Violation
from rail_app.games.ttr.rules.state import EMPTY, ROW, GameState, Step
from rail_app.table.engine import Rule

#: One action's row (the kit's Rule): the steps it answers, its quote and apply, how a
#: refusal for the wrong moment names it, and a quicker check of a quote's ``ok``.
ActionRule = Rule[GameState, Any]

# -- passing (T-A3, D-26) -------------------------------------------------------------------------


def can_act(state: GameState) -> bool:
    """Whether the current seat can do anything but pass: draw a card (T-D8), claim a route,
    draw tickets (D-24) or build a station."""
    seat = state.current
    return (draw.can_draw_blind(state) or any(c != EMPTY for c in state.row)
            or bool(state.ticket_deck) or claims.can_claim_any(state, seat)
            or stations.can_build_any(state, seat))


def quote_pass(state: GameState, action: Pass) -> Quote:
    if can_act(state):
        return Quote(action, 0, (Violation("T-A3", _(
            "You can still draw cards, claim a route, draw tickets or build a station: a "
            "player passes only when none of these is possible")),))
    return Quote(action, 0)


def check_pass(state: GameState, action: Pass) -> bool:
    return not can_act(state)


def apply_pass(state: GameState, action: Pass, quote: Quote) -> object:
    from rail_app.games.ttr.rules.events import Passed

    state.log.append(Passed(state.current))
    turns.end_turn(state, passed=True)
    return None


TURN = frozenset({Step.TURN})
CARD = frozenset({Step.TURN, Step.SECOND_CARD})

#: Every row is ``listed``: the candidates below are exactly the legal actions.
ACTIONS: Final[Mapping[type[Action], ActionRule]] = {
    # the first choice of tickets (T-S5) and tickets in a turn (T-K1)
    KeepTickets: Rule(frozenset({Step.FIRST_TICKETS, Step.KEEP_TICKETS}), tickets.quote_keep,
                      tickets.apply_keep, N_("keeping tickets"), tickets.check_keep, listed=True),
    DrawTickets: Rule(TURN, tickets.quote_draw, tickets.apply_draw,
                      N_("drawing destination tickets"), tickets.check_draw, listed=True),
    # train cards (T-D)
    TakeCard: Rule(CARD, draw.quote_take, draw.apply_take, N_("taking a face-up card"),
                   draw.check_take, listed=True),
    DrawBlind: Rule(CARD, draw.quote_blind, draw.apply_blind, N_("drawing a card from the deck"),
                    draw.check_blind, listed=True),
    # routes, ferries and tunnels (T-C, T-F, T-T)
    ClaimRoute: Rule(TURN, claims.quote_claim, claims.apply_claim, N_("claiming a route"),
                     claims.check_claim, listed=True),
    PayTunnel: Rule(frozenset({Step.TUNNEL}), claims.quote_pay_tunnel,
                    claims.apply_pay_tunnel, N_("paying a tunnel's extra cards"),
                    claims.check_pay_tunnel, listed=True),
    GiveUpTunnel: Rule(frozenset({Step.TUNNEL}), claims.quote_give_up, claims.apply_give_up,
                       N_("giving up a tunnel"), listed=True),
    # stations (T-E) and passing (T-A3)
    BuildStation: Rule(TURN, stations.quote_station, stations.apply_station,
                       N_("building a station"), stations.check_station, listed=True),
    Pass: Rule(TURN, quote_pass, apply_pass, N_("passing"), check_pass, listed=True),
}

#: The actions that take no field, made once (actions are values).
DRAW_BLIND: Final = DrawBlind()
DRAW_TICKETS: Final = DrawTickets()
PASS: Final = Pass()
TAKE: Final = tuple(TakeCard(slot) for slot in range(ROW))


def _turn(state: GameState) -> list[Action]:
    out: list[Action] = []
    if state.deck or state.discard:
        out.append(DRAW_BLIND)
    out.extend(TAKE[slot] for slot in range(ROW) if state.row[slot] != EMPTY)
    if state.ticket_deck:
        out.append(DRAW_TICKETS)
    out.extend(claims.claim_candidates(state))
    out.extend(stations.station_candidates(state))
    if not out:
        out.append(PASS)
    return out


def _second(state: GameState) -> list[Action]:
    out: list[Action] = []
    if state.deck or state.discard:
        out.append(DRAW_BLIND)
    out.extend(TAKE[slot] for slot in range(ROW)
               if state.row[slot] != EMPTY and state.row[slot] != LOCO)
    return out


def _tunnel(state: GameState) -> list[Action]:
    return list(claims.tunnel_candidates(state))


def _keep(state: GameState) -> list[Action]:
    return list(tickets.keep_candidates(state))


#: Candidate actions by step: exactly the legal ones (see the module docstring).
CANDIDATES: Final[Mapping[Step, Callable[[GameState], list[Action]]]] = {
    Step.FIRST_TICKETS: _keep,
    Step.TURN: _turn,
    Step.SECOND_CARD: _second,
    Step.KEEP_TICKETS: _keep,
    Step.TUNNEL: _tunnel,
    Step.OVER: lambda state: [],
}
