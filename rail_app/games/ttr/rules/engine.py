"""Quote, then apply: the one door through which a game of Ticket to Ride changes.

``new_game`` sets a game up (T-S1-T-S6); the kit's engine over :data:`ACTIONS` and
:class:`TtrFlow` quotes every action with every violation, each naming a rule id of
``docs/ttr-rules.md`` in a player's words (wrong-moment refusals first and alone), applies a
legal one to a copy, and lists the legal actions. A choice in the middle of a turn is the
kit's pending choice, answered by the same seat before anything else: the second train card
(D-11), the tickets to keep (T-K1) and a tunnel's extra cards (T-T5).
"""

from __future__ import annotations

from collections.abc import Collection, Hashable, Iterable, Sequence
from typing import Any

from rail_app.core.i18n import _
from rail_app.games.ttr.rules import draw
from rail_app.games.ttr.rules.actions import (
    Action,
    DrawBlind,
    GiveUpTunnel,
    KeepTickets,
    PayTunnel,
    TakeCard,
)
from rail_app.games.ttr.rules.board import Board
from rail_app.games.ttr.rules.cards import CARDS, counts, new_box
from rail_app.games.ttr.rules.events import CardsDealt, SetUp, TicketsDealt
from rail_app.games.ttr.rules.identity import MAX_SEATS, MIN_SEATS
from rail_app.games.ttr.rules.quotes import Moment, Violation
from rail_app.games.ttr.rules.rulebook import ACTIONS, CANDIDATES
from rail_app.games.ttr.rules.state import (
    HAND,
    LONG_DEALT,
    OPEN,
    REGULAR_DEALT,
    GameState,
    Options,
    PlayerState,
    Step,
)
from rail_app.table.engine import Engine, Pending, Rule


def new_game(board: Board, seats: Sequence[str], options: Options | None = None,
             seed: int = 0) -> GameState:
    """A new game on ``board`` for the players named in ``seats`` (seat order, T-S6), laid out
    by T-S1-T-S4; every random draw from ``seed``. ValueError names a bad number of seats, a
    first player out of range or a map with too few tickets for the table."""
    n = len(seats)
    opts = options or Options()
    if not MIN_SEATS <= n <= MAX_SEATS:
        raise ValueError(f"Ticket to Ride is played by {MIN_SEATS} to {MAX_SEATS} players, "
                         f"not {n}")
    if opts.first_player is not None and not 0 <= opts.first_player < n:
        raise ValueError(f"option first_player: a seat from 0 to {n - 1}")
    longs = [t.index for t in board.long_tickets]
    regulars = [t.index for t in board.regular_tickets]
    if len(longs) < n * LONG_DEALT or len(regulars) < n * REGULAR_DEALT:
        raise ValueError(f"{board.name} has too few tickets for {n} players")
    state = GameState(board=board, options=opts, seed=seed,
                      players=[PlayerState(str(name), [0] * len(CARDS)) for name in seats],
                      owner=[OPEN] * len(board.routes), station_of=[-1] * len(board.cities))
    # T-S6, D-5: the first player, chosen or drawn
    if opts.first_player is None:
        first, drawn = state.chance().randrange(n), True
    else:
        first, drawn = opts.first_player, False
    state.first = state.current = first
    state.log.append(SetUp(n, first, drawn))
    # T-S2: 4 cards to each player, the rest face down, five turned up (checked, D-7)
    deck = new_box()
    state.chance().shuffle(deck)
    state.deck = deck
    for seat in range(n):
        dealt = [deck.pop() for _ in range(HAND)]
        state.players[seat].hand = counts(dealt)
        state.log.append(CardsDealt(seat, HAND, tuple(CARDS[c] for c in dealt)))
    draw.deal_row(state)
    # T-S3: one long ticket each, the rest to the box unseen; T-S4: three regular ones each,
    # the rest the ticket deck
    state.chance().shuffle(longs)
    state.chance().shuffle(regulars)
    for seat in range(n):
        dealt = [longs.pop() for _ in range(LONG_DEALT)] + [
            regulars.pop() for _ in range(REGULAR_DEALT)]
        state.first_offer.append(dealt)
        state.log.append(TicketsDealt(seat, len(dealt), tuple(dealt)))
    state.box = longs
    state.ticket_deck = regulars
    state.step = Step.FIRST_TICKETS  # T-S5, D-6: from the first player, in seat order
    return state


class TtrFlow:
    """What the kit's engine asks of Ticket to Ride (:class:`rail_app.table.engine.Flow`)."""

    def over(self, state: GameState) -> bool:
        return state.step is Step.OVER

    def pending(self, state: GameState) -> Pending | None:
        step = state.step
        if step is Step.SECOND_CARD:
            return Pending(state.current, (TakeCard, DrawBlind), _(
                "Waiting for {name} to take a second train card").format(
                name=state.name(state.current)), "D-11")
        if step is Step.KEEP_TICKETS:
            return Pending(state.current, (KeepTickets,), _(
                "Waiting for {name} to choose the tickets to keep").format(
                name=state.name(state.current)), "T-K1")
        if step is Step.TUNNEL:
            return Pending(state.current, (PayTunnel, GiveUpTunnel), _(
                "Waiting for {name} to pay for the tunnel or give up").format(
                name=state.name(state.current)), "T-T5")
        return None

    def may_act(self, state: GameState) -> Collection[int]:
        return () if state.step is Step.OVER else (state.current,)

    def seat_of(self, state: GameState, action: Action) -> int:
        return state.current

    def step(self, state: GameState) -> Hashable:
        return state.step

    def seat_name(self, state: GameState, seat: int) -> str:
        return state.name(seat)

    def wrong_step(self, state: GameState, rule: Rule[GameState, Any]) -> Violation:
        if state.step is Step.FIRST_TICKETS:
            return Violation.not_now(Moment.WRONG_PHASE, _(
                "Not now: before the first turn every player chooses the tickets to keep"),
                "T-S5")
        if Step.KEEP_TICKETS in rule.when:
            return Violation.not_now(Moment.WRONG_PHASE, _(
                "Not now: tickets are kept right after drawing them"), "T-K1")
        if rule.when == frozenset({Step.TUNNEL}):
            return Violation.not_now(Moment.WRONG_PHASE, _(
                "Not now: no tunnel is being claimed"), "T-T5")
        return Violation.not_now(Moment.WRONG_PHASE, _("Not now: {what} is not a turn's "
                                                       "action now").format(what=_(rule.name)))

    def copy(self, state: GameState) -> GameState:
        return state.copy()

    def history(self, state: GameState) -> list[tuple[int, Action]]:
        return state.history

    def candidates(self, state: GameState) -> Iterable[Action]:
        return CANDIDATES[state.step](state)

    def then(self, state: GameState, action: Action, result: object) -> None:
        pass

    def settle(self, state: GameState, action: Action, result: object,
               before: GameState | None) -> None:
        """After every action: an empty deck takes the discard (D-9), empty face-up slots
        are filled (D-10) and the row checked (T-D6, D-8)."""
        if state.step is not Step.OVER:
            draw.maintain(state)


#: Ticket to Ride's engine: the kit's skeleton over the rulebook and :class:`TtrFlow`.
ENGINE: Engine[GameState, Action] = Engine(ACTIONS, TtrFlow(), "Ticket to Ride")

# the engine's work under the names the rules, the players and the tests call
quote, apply, apply_quoted = ENGINE.quote, ENGINE.apply, ENGINE.apply_quoted
legal_actions, candidates, offered = ENGINE.legal_actions, ENGINE.candidates, ENGINE.offered
to_act = ENGINE.to_act

__all__ = ["ENGINE", "TtrFlow", "apply", "apply_quoted", "candidates",
           "legal_actions", "new_game", "offered", "quote", "to_act"]
