"""Destination tickets: the first choice (T-S5, D-6) and drawing tickets (T-K1, T-K2, D-24,
D-25).

At the start every player keeps at least two of the four tickets dealt, the rest going to
the box unseen (T-S5); the players choose one after another in seat order from the first
player, each seeing only their own (D-6). In a turn a player may take the top three tickets
(fewer if fewer are left, none: not allowed, D-24), keep at least one and put the others
under the ticket deck in the order drawn (D-25). Kept tickets are kept to the end (T-K2).
"""

from __future__ import annotations

import itertools

from rail_app.core.i18n import _, ngettext
from rail_app.games.ttr.rules import turns
from rail_app.games.ttr.rules.actions import DrawTickets, KeepTickets
from rail_app.games.ttr.rules.events import FirstTicketsKept, TicketsDrawn, TicketsKept
from rail_app.games.ttr.rules.quotes import Quote, Violation
from rail_app.games.ttr.rules.state import GameState, Step

#: T-K1: tickets drawn at once; T-S5: the fewest kept of the first deal, T-K1: of a draw.
DRAWN = 3
FIRST_KEEP = 2
KEEP = 1


def choosing(state: GameState) -> list[int]:
    """The tickets the current seat is choosing from (its first deal, or those drawn)."""
    if state.step is Step.FIRST_TICKETS:
        return state.first_offer[state.current]
    return state.offer


def quote_keep(state: GameState, action: KeepTickets) -> Quote:
    offered = choosing(state)
    first = state.step is Step.FIRST_TICKETS
    rule, least = ("T-S5", FIRST_KEEP) if first else ("T-K1", KEEP)
    out: list[Violation] = []
    kept = action.tickets
    if len(set(kept)) != len(kept):
        out.append(Violation(rule, _("A ticket is kept once")))
    if any(t not in offered for t in kept):
        out.append(Violation(rule, _("Keep tickets from those you were given: {tickets}")
                             .format(tickets=", ".join(str(t) for t in offered))))
    if len(set(kept)) < min(least, len(offered)):
        out.append(Violation(rule, ngettext(
            "Keep at least {n} ticket", "Keep at least {n} tickets", least).format(n=least)))
    return Quote(action, 0, tuple(out))


def check_keep(state: GameState, action: KeepTickets) -> bool:
    offered = choosing(state)
    kept = action.tickets
    least = FIRST_KEEP if state.step is Step.FIRST_TICKETS else KEEP
    return (len(set(kept)) == len(kept) and all(t in offered for t in kept)
            and len(kept) >= min(least, len(offered)))


def apply_keep(state: GameState, action: KeepTickets, quote: Quote) -> object:
    seat = state.current
    player = state.players[seat]
    offered = choosing(state)
    kept = tuple(t for t in offered if t in action.tickets)  # in the order dealt or drawn
    rest = [t for t in offered if t not in action.tickets]
    player.tickets.extend(kept)  # T-K5: any number of tickets
    if state.step is Step.FIRST_TICKETS:
        state.box.extend(rest)  # T-S5: to the box, out of the game
        state.first_offer[seat] = []
        state.log.append(FirstTicketsKept(seat, len(kept), len(rest), kept))
        following = (seat + 1) % state.seats
        if following == state.first:  # everyone has chosen (D-6): the first turn
            state.turn = 1
            turns.begin_turn(state, state.first)
        else:
            state.current = following
        return None
    state.ticket_deck.extend(rest)  # T-K1, D-25: under the deck, in the order drawn
    state.offer = []
    state.log.append(TicketsKept(seat, len(kept), len(rest), kept))
    turns.end_turn(state)
    return None


def quote_draw(state: GameState, action: DrawTickets) -> Quote:
    if not state.ticket_deck:
        return Quote(action, 0, (Violation("D-24", _("The ticket deck is empty")),))
    return Quote(action, 0)


def check_draw(state: GameState, action: DrawTickets) -> bool:
    return bool(state.ticket_deck)


def apply_draw(state: GameState, action: DrawTickets, quote: Quote) -> object:
    """T-K1: the top three (or those left); the same player then keeps one or more."""
    seat = state.current
    drawn = state.ticket_deck[:DRAWN]
    del state.ticket_deck[:DRAWN]
    state.offer = drawn
    state.step = Step.KEEP_TICKETS
    state.log.append(TicketsDrawn(seat, len(drawn), tuple(drawn)))
    return None


def keep_candidates(state: GameState) -> list[KeepTickets]:
    """Every choice of tickets to keep (in the order given)."""
    offered = choosing(state)
    least = min(FIRST_KEEP if state.step is Step.FIRST_TICKETS else KEEP, len(offered))
    return [KeepTickets(kept) for n in range(len(offered), least - 1, -1)
            for kept in itertools.combinations(offered, n)]
