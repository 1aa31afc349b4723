"""Claiming routes (T-C1-T-C10), ferries (T-F1-T-F3) and tunnels (T-T1-T-T8).

A claim names the route and the cards paid (D-39). (The seed's two pictured examples of
payments are missing, D-2: worked examples EX-02 and EX-03 stand in for them.) An ordinary route or a ferry is claimed
at once: the cards go to the discard (T-C5), a wagon goes on every space (T-C4) and the
route scores by its length (T-C6, T-M9). A tunnel's cards are only shown (T-T1): three cards
of the deck are turned up (T-T2, T-T7, D-17) and, when they require extra cards (T-T3,
T-T4), the game waits for the same player to pay them or give up (T-T5, the kit's pending
choice); with none required the tunnel is claimed at once (D-16).
"""

from __future__ import annotations

from collections.abc import Sequence

from rail_app.core.cache import BoundedCache
from rail_app.core.i18n import _, ngettext
from rail_app.games.ttr.rules import draw, turns, words
from rail_app.games.ttr.rules.actions import ClaimRoute, GiveUpTunnel, PayTunnel
from rail_app.games.ttr.rules.board import Colour, Route
from rail_app.games.ttr.rules.cards import (
    CARDS,
    KINDS,
    LOCO,
    OF_COLOUR,
    Card,
    Paid,
    as_payment,
    can_pay,
    spread,
    take,
    ways_to_pay,
)
from rail_app.games.ttr.rules.events import RouteClaimed, TunnelGivenUp, TunnelRevealed
from rail_app.games.ttr.rules.quotes import ClaimDetails, Quote, Violation
from rail_app.games.ttr.rules.state import OPEN, GameState, Step, Tunnel

#: The tunnel's reveal: three cards (T-T2).
REVEALED = 3

_PAID: BoundedCache[tuple[Card, ...], Paid] = BoundedCache(20_000)


def paid(cards: tuple[Card, ...]) -> Paid:
    """What a payment is made of (kept: the same payments are asked about again and
    again)."""
    found = _PAID.peek(cards)
    if found is None:
        found = Paid(cards)
        _PAID.put(cards, found)
    return found


def route_card(route: Route) -> int | None:
    """The card that pays a coloured route (T-C2), None for a grey route or a ferry (any one
    colour, T-C3, T-F2)."""
    return None if route.colour is Colour.GREY else OF_COLOUR[route.colour]


# -- what may be claimed ------------------------------------------------------------------------


def open_problem(state: GameState, seat: int, r: int) -> Violation | None:
    """Why ``seat`` may not claim route ``r`` whatever it pays: claimed (T-C7), closed
    (T-C9), the other lane its own (T-C8)."""
    board = state.board
    holder = state.owner[r]
    if holder != OPEN:
        who = _("you") if holder == seat else state.name(holder)
        return Violation("T-C7", _("{route} is already claimed, by {who}: a claimed route "
                                   "stays its claimer's").format(
            route=words.route_name(board, r), who=who))
    partner = board.partner_of[r]
    if partner >= 0:
        if state.owner[partner] == seat:
            return Violation("T-C8", _("You already own the other lane of this double "
                                       "route: a player never claims both"))
        if state.closed(r):
            return Violation("T-C9", _("With two or three players only one lane of a double "
                                       "route is used: this lane closed when {who} claimed "
                                       "the other").format(who=state.name(state.owner[partner])))
    return None


def payment_problems(route: Route, cards: tuple[Card, ...], hand: Sequence[int]
                     ) -> list[Violation]:
    """Why ``cards`` do not pay ``route`` from ``hand`` (T-C2, T-C3, T-F2, D-13, D-14)."""
    out: list[Violation] = []
    pay = paid(cards)
    n = route.length
    if pay.size != n:
        out.append(Violation("D-14", ngettext(
            "A route of {n} space is paid with exactly {n} card, not {k}",
            "A route of {n} spaces is paid with exactly {n} cards, not {k}", n).format(
            n=n, k=pay.size)))
    colour = route_card(route)
    if pay.mixed:
        if route.is_ferry:
            out.append(Violation("T-F2", _("A ferry's other spaces are paid with cards of "
                                           "one colour (and locomotives)")))
        elif colour is None:
            out.append(Violation("T-C3", _("A grey route is paid with cards of one colour "
                                           "(and locomotives)")))
        else:
            out.append(Violation("T-C2", _("This route is {colour}: pay it with {colour} "
                                           "cards or locomotives").format(
                colour=words.card_name(colour))))
    elif colour is not None and pay.colour is not None and pay.colour != colour:
        out.append(Violation("T-C2", _("This route is {colour}: pay it with {colour} cards "
                                       "or locomotives, not {other}").format(
            colour=words.card_name(colour), other=words.card_name(pay.colour))))
    if route.is_ferry and pay.locomotives < route.locomotives:
        out.append(Violation("T-F2", ngettext(
            "This ferry needs {n} locomotive, one for each locomotive symbol",
            "This ferry needs {n} locomotives, one for each locomotive symbol",
            route.locomotives).format(n=route.locomotives)))
    short = pay.short_of(hand)
    if short:
        out.append(Violation("T-C2", _("You do not hold those cards: {missing}").format(
            missing=words.shortfall(pay.counts, hand, short))))
    return out


def quote_claim(state: GameState, action: ClaimRoute) -> Quote:
    board = state.board
    r = action.route
    if not 0 <= r < len(board.routes):
        return Quote(action, 0, (Violation("T-M1", _("There is no route {route} on this "
                                                     "map").format(route=r)),))
    seat = state.current
    route = board.routes[r]
    out: list[Violation] = []
    problem = open_problem(state, seat, r)
    if problem is not None:
        out.append(problem)
    wagons = state.players[seat].wagons
    if wagons < route.length:  # T-C4, D-18
        out.append(Violation("T-C4", _("This route takes {n} wagons: you have {w} left")
                             .format(n=route.length, w=wagons)))
    out += payment_problems(route, action.cards, state.players[seat].hand)
    return Quote(action, 0, tuple(out),
                 ClaimDetails(route.length, route.points, route.is_tunnel))


def check_claim(state: GameState, action: ClaimRoute) -> bool:
    """Whether :func:`quote_claim` would allow the claim (quicker)."""
    board = state.board
    r = action.route
    if not 0 <= r < len(board.routes) or state.owner[r] != OPEN:
        return False
    seat = state.current
    partner = board.partner_of[r]
    if partner >= 0 and (state.owner[partner] == seat or state.closed(r)):
        return False
    route = board.routes[r]
    player = state.players[seat]
    if player.wagons < route.length:
        return False
    pay = paid(action.cards)
    if pay.size != route.length or pay.mixed:
        return False
    colour = route_card(route)
    if colour is not None and pay.colour is not None and pay.colour != colour:
        return False
    if pay.locomotives < route.locomotives:
        return False
    return pay.held_by(player.hand)


# -- claiming -----------------------------------------------------------------------------------


def _claim(state: GameState, seat: int, r: int, cards: tuple[Card, ...]) -> None:
    """T-C4, T-C6: a wagon on every space, the points at once."""
    route = state.board.routes[r]
    player = state.players[seat]
    state.owner[r] = seat
    player.wagons -= route.length
    player.points += route.points
    state.log.append(RouteClaimed(seat, r, cards, route.points))


def apply_claim(state: GameState, action: ClaimRoute, quote: Quote) -> object:
    seat = state.current
    route = state.board.routes[action.route]
    pay = paid(action.cards)
    hand = state.players[seat].hand
    take(hand, pay.counts)
    if not route.is_tunnel:
        state.discard.extend(spread(pay.counts))  # T-C5
        _claim(state, seat, action.route, action.cards)
        turns.end_turn(state)  # T-A1, T-A2: the claim is the turn's one action
        return None
    # T-T1: the cards are shown; their colour fixes the tunnel's (D-15, T-T4)
    colour = pay.colour
    revealed: list[int] = []
    for _k in range(REVEALED):  # T-T2, T-T7, D-17: from the deck only (D-34)
        card = draw.top(state)
        if card < 0:
            break
        revealed.append(card)
    extra = sum(1 for c in revealed if c in (LOCO, colour))  # T-T3, T-T4
    state.log.append(TunnelRevealed(seat, action.route, action.cards,
                                    tuple(CARDS[c] for c in revealed), extra))
    tunnel = Tunnel(action.route, tuple(pay.counts), colour, tuple(revealed), extra)
    if extra == 0:  # D-16: claimed at once
        _succeed(state, tunnel, ())
    else:
        state.tunnel = tunnel
        state.step = Step.TUNNEL
    return None


def _succeed(state: GameState, tunnel: Tunnel, extra: tuple[Card, ...]) -> None:
    """T-T5, T-T6, D-35: the cards shown and added are discarded as the tunnel is claimed,
    then the revealed cards at the end of the turn."""
    seat = state.current
    state.discard.extend(spread(tunnel.shown))
    pay = paid(extra)
    take(state.players[seat].hand, pay.counts)
    state.discard.extend(spread(pay.counts))
    shown = tuple(c for i in range(KINDS) for c in (CARDS[i],) * tunnel.shown[i])
    _claim(state, seat, tunnel.route, shown + extra)
    state.discard.extend(tunnel.revealed)
    state.tunnel = None
    turns.end_turn(state)


def quote_pay_tunnel(state: GameState, action: PayTunnel) -> Quote:
    tunnel = state.tunnel
    assert tunnel is not None
    pay = paid(action.cards)
    out: list[Violation] = []
    if pay.size != tunnel.extra:
        out.append(Violation("T-T3", ngettext(
            "The tunnel needs {n} extra card, not {k}", "The tunnel needs {n} extra cards, "
            "not {k}", tunnel.extra).format(n=tunnel.extra, k=pay.size)))
    if tunnel.colour is None:
        if pay.locomotives != pay.size:
            out.append(Violation("T-T4", _("You showed only locomotives: the extra cards "
                                           "must be locomotives too")))
    elif pay.mixed or (pay.colour is not None and pay.colour != tunnel.colour):
        out.append(Violation("D-15", _("The extra cards must be {colour}, the colour of the "
                                       "cards shown, or locomotives").format(
            colour=words.card_name(tunnel.colour))))
    hand = state.players[state.current].hand
    short = pay.short_of(hand)
    if short:
        out.append(Violation("T-T3", _("You do not hold those cards: {missing}").format(
            missing=words.shortfall(pay.counts, hand, short))))
    return Quote(action, 0, tuple(out))


def check_pay_tunnel(state: GameState, action: PayTunnel) -> bool:
    return quote_pay_tunnel(state, action).ok


def apply_pay_tunnel(state: GameState, action: PayTunnel, quote: Quote) -> object:
    tunnel = state.tunnel
    assert tunnel is not None
    _succeed(state, tunnel, action.cards)
    return None


def quote_give_up(state: GameState, action: GiveUpTunnel) -> Quote:
    return Quote(action, 0)


def apply_give_up(state: GameState, action: GiveUpTunnel, quote: Quote) -> object:
    """T-T5, T-T6: the cards shown go back to the hand, the revealed ones to the discard; the
    turn ends with nothing claimed (D-16)."""
    tunnel = state.tunnel
    assert tunnel is not None
    seat = state.current
    hand = state.players[seat].hand
    for i in range(KINDS):
        hand[i] += tunnel.shown[i]
    state.discard.extend(tunnel.revealed)
    state.log.append(TunnelGivenUp(seat, tunnel.route))
    state.tunnel = None
    turns.end_turn(state)
    return None


# -- the claims a hand can make -----------------------------------------------------------------

#: The claims of a route of a length paid with a colour (-1: locomotives only), by the
#: number of locomotives (kept: actions are values, and hands make the same ones again).
_CLAIMS: BoundedCache[tuple[int, int, int], tuple[ClaimRoute, ...]] = BoundedCache(20_000)


def claims_of(route: int, colour: int, length: int) -> tuple[ClaimRoute, ...]:
    """Every claim of ``route`` (of ``length`` spaces) with cards of ``colour`` and 0 to
    length-1 locomotives, by their number; for ``colour`` -1 the one claim paid with
    locomotives only."""
    key = (route, colour, length)
    found = _CLAIMS.peek(key)
    if found is None:
        if colour < 0:
            found = (ClaimRoute(route, as_payment(None, 0, length)),)
        else:
            found = tuple(ClaimRoute(route, as_payment(colour, length - n, n))
                          for n in range(length))
        _CLAIMS.put(key, found)
    return found


def claim_action(route: int, colour: int | None, n_colour: int, locomotives: int
                 ) -> ClaimRoute:
    """The claim of ``route`` with ``n_colour`` cards of ``colour`` and ``locomotives``
    locomotives, written the one way the legal actions write it."""
    if colour is None:
        return claims_of(route, -1, locomotives)[0]
    return claims_of(route, colour, n_colour + locomotives)[locomotives]


def claimable(state: GameState, seat: int, r: int) -> bool:
    """Whether route ``r`` is open to ``seat`` and within its wagons (T-C1, T-C4, T-C7-T-C9),
    whatever the cards."""
    if state.owner[r] != OPEN:
        return False
    board = state.board
    partner = board.partner_of[r]
    if partner >= 0 and state.owner[partner] != OPEN and (
            state.owner[partner] == seat or state.seats <= 3):
        return False
    return board.routes[r].length <= state.players[seat].wagons


def claim_candidates(state: GameState) -> list[ClaimRoute]:
    """Every claim the current seat can make now, each payment its hand can make (exactly
    the legal ones)."""
    seat = state.current
    player = state.players[seat]
    hand, wagons = player.hand, player.wagons
    locos = hand[LOCO]
    owner, partner_of = state.owner, state.board.partner_of
    few = state.seats <= 3
    out: list[ClaimRoute] = []
    for r, route in enumerate(state.board.routes):
        # claimable(state, seat, r), written out: this runs for every route at every turn
        n = route.length
        if owner[r] != OPEN or n > wagons:
            continue
        other = partner_of[r]
        if other >= 0 and owner[other] != OPEN and (owner[other] == seat or few):
            continue
        colour = OF_COLOUR.get(route.colour)  # None: grey (T-C3)
        least = route.locomotives
        if not can_pay(hand, n, colour, least):
            continue
        # as ways_to_pay lists them: each colour with its numbers of locomotives, then
        # locomotives only
        for c in (range(LOCO) if colour is None else (colour,)):
            have = hand[c]
            if have:
                low, high = max(least, n - have), min(locos, n - 1)
                if low <= high:
                    out.extend(claims_of(r, c, n)[low:high + 1])
        if locos >= n:
            out.append(claims_of(r, -1, n)[0])
    return out


def can_claim_any(state: GameState, seat: int) -> bool:
    """Whether ``seat`` can claim some route now (T-A3, D-26)."""
    hand = state.players[seat].hand
    for r, route in enumerate(state.board.routes):
        if claimable(state, seat, r) and can_pay(hand, route.length, route_card(route),
                                                 route.locomotives):
            return True
    return False


def tunnel_candidates(state: GameState) -> list[PayTunnel | GiveUpTunnel]:
    """The tunnel's answers: every way the hand can pay the extra cards, or giving up."""
    tunnel = state.tunnel
    assert tunnel is not None
    hand = state.players[state.current].hand
    out: list[PayTunnel | GiveUpTunnel] = []
    if tunnel.colour is None:
        if hand[LOCO] >= tunnel.extra:
            out.append(PayTunnel(as_payment(None, 0, tunnel.extra)))
    else:
        for c, locos in ways_to_pay(hand, tunnel.extra, tunnel.colour):
            out.append(PayTunnel(as_payment(c, tunnel.extra - locos if c is not None else 0,
                                            locos)))
    out.append(GiveUpTunnel())
    return out
