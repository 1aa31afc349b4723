"""Drawing train cards (T-D1-T-D8) and keeping the deck and the face-up row (T-S2, T-D6,
T-D7, D-7-D-11).

The deck's top is the end of its list; the discard keeps its cards in the order they were
discarded (D-35), so that a reshuffle is the same for the same game. As soon as the deck is
empty and the discard holds cards, the discard is shuffled into a new deck (D-9); after
every action empty face-up slots are filled from the deck, left to right (D-10), and the
row is checked for three locomotives (T-D6), with D-8's limits on resets in a row.
"""

from __future__ import annotations

from rail_app.core.i18n import _
from rail_app.games.ttr.rules import turns
from rail_app.games.ttr.rules.actions import DrawBlind, TakeCard
from rail_app.games.ttr.rules.cards import CARDS, LOCO
from rail_app.games.ttr.rules.events import (
    CardDrawn,
    CardTaken,
    Reshuffled,
    RowDealt,
    RowKept,
    SlotFilled,
)
from rail_app.games.ttr.rules.quotes import Quote, Violation
from rail_app.games.ttr.rules.state import EMPTY, MAX_RESETS, ROW, GameState, Step

# -- the deck ---------------------------------------------------------------------------------


def reshuffle_if_empty(state: GameState) -> None:
    """T-D7, D-9: an empty deck takes the discard, shuffled, at once."""
    if not state.deck and state.discard:
        cards = state.discard
        state.discard = []
        state.chance().shuffle(cards)
        state.deck = cards
        state.log.append(Reshuffled(len(cards)))


def top(state: GameState) -> int:
    """The top card of the deck, taken off (the discard shuffled in first when the deck is
    empty, D-9); EMPTY when both are empty (T-D8)."""
    if not state.deck:
        reshuffle_if_empty(state)
        if not state.deck:
            return EMPTY
    card = state.deck.pop()
    reshuffle_if_empty(state)
    return card


def can_draw_blind(state: GameState) -> bool:
    """T-D8: a card can come from the deck (or from the discard, shuffled in, D-9)."""
    return bool(state.deck or state.discard)


# -- the face-up row ----------------------------------------------------------------------------


def _shown(row: list[int]) -> tuple[object, ...]:
    return tuple(CARDS[c] if c != EMPTY else None for c in row)


def deal_row(state: GameState) -> None:
    """T-S2: the five face-up cards of the set-up, checked for locomotives (D-7)."""
    state.row = [top(state) for _ in range(ROW)]
    state.log.append(RowDealt(_shown(state.row)))  # type: ignore[arg-type]
    check_row(state, changed=True)


def _other_cards(state: GameState) -> int:
    """Cards that are not locomotives in the deck and the discard (D-8 (a))."""
    return (len(state.deck) - state.deck.count(LOCO)
            + len(state.discard) - state.discard.count(LOCO))


def check_row(state: GameState, changed: bool) -> None:
    """T-D6: three or more face-up locomotives: the five cards are discarded and five new
    ones turned up, again while three show, but (D-8) (a) not while the deck and the discard
    hold fewer than three other cards, and (b) after three resets in a row the cards stay
    until the row next changes (``changed``)."""
    if changed:
        state.row_hold = ""
    if state.row_hold == "resets":
        return
    resets = 0
    while state.row.count(LOCO) >= 3:
        if resets >= MAX_RESETS:
            state.row_hold = "resets"
            state.log.append(RowKept(few=False))
            return
        if _other_cards(state) < 3:
            if state.row_hold != "few":
                state.row_hold = "few"
                state.log.append(RowKept(few=True))
            return
        discarded = [c for c in state.row if c != EMPTY]
        state.discard.extend(discarded)
        state.row = [EMPTY] * ROW
        reshuffle_if_empty(state)
        state.row = [top(state) for _ in range(ROW)]
        state.log.append(RowDealt(_shown(state.row), True,  # type: ignore[arg-type]
                                  tuple(CARDS[c] for c in discarded)))
        resets += 1
    state.row_hold = ""


def maintain(state: GameState) -> None:
    """After every action: the discard shuffled into an empty deck (D-9), empty slots
    filled left to right (D-10), the row checked (T-D6, D-8)."""
    reshuffle_if_empty(state)
    filled = False
    for slot in range(ROW):
        if state.row[slot] == EMPTY and state.deck:
            card = top(state)
            state.row[slot] = card
            state.log.append(SlotFilled(slot, CARDS[card]))
            filled = True
    if filled or state.row_hold == "few":
        check_row(state, changed=filled)


# -- the actions --------------------------------------------------------------------------------


def second_card_exists(state: GameState) -> bool:
    """D-11: a legal second card exists: one can come from the deck, or a face-up card that
    is not a locomotive (T-D4) lies on the table."""
    return can_draw_blind(state) or any(c != EMPTY and c != LOCO for c in state.row)


def quote_take(state: GameState, action: TakeCard) -> Quote:
    slot = action.slot
    if not 0 <= slot < ROW:
        return Quote(action, 0, (Violation("T-D1", _(
            "There are five face-up cards, in slots 0 to 4: there is no slot {slot}").format(
            slot=slot)),))
    card = state.row[slot]
    if card == EMPTY:
        return Quote(action, 0, (Violation("D-10", _(
            "That face-up slot is empty: the deck and the discard have no card to fill "
            "it")),))
    if card == LOCO and state.step is Step.SECOND_CARD:
        return Quote(action, 0, (Violation("T-D4", _(
            "A face-up locomotive can only be your first card, and then your only one: take "
            "another card or draw from the deck")),))
    return Quote(action, 0)


def check_take(state: GameState, action: TakeCard) -> bool:
    slot = action.slot
    if not 0 <= slot < ROW:
        return False
    card = state.row[slot]
    return card != EMPTY and not (card == LOCO and state.step is Step.SECOND_CARD)


def apply_take(state: GameState, action: TakeCard, quote: Quote) -> object:
    """T-D1, T-D2 (the card replaced at once), T-D3 (a face-up locomotive first is the turn's
    only card), T-D6 (the row checked after the replacement); a hand has no limit (T-A4)."""
    seat = state.current
    slot = action.slot
    card = state.row[slot]
    state.players[seat].hand[card] += 1
    replacement = top(state)
    state.row[slot] = replacement
    state.log.append(CardTaken(seat, slot, CARDS[card],
                               CARDS[replacement] if replacement != EMPTY else None))
    check_row(state, changed=True)
    first = state.step is Step.TURN
    if first and card != LOCO and second_card_exists(state):
        state.step = Step.SECOND_CARD
    else:
        turns.end_turn(state)
    return None


def quote_blind(state: GameState, action: DrawBlind) -> Quote:
    if not can_draw_blind(state):
        return Quote(action, 0, (Violation("T-D8", _(
            "The deck and the discard are empty: no card can be drawn from the deck")),))
    return Quote(action, 0)


def check_blind(state: GameState, action: DrawBlind) -> bool:
    return bool(state.deck or state.discard)


def apply_blind(state: GameState, action: DrawBlind, quote: Quote) -> object:
    """T-D1, T-D5: a blind card, a locomotive or not, is one card of two."""
    seat = state.current
    card = top(state)
    state.players[seat].hand[card] += 1
    state.log.append(CardDrawn(seat, CARDS[card]))
    if state.step is Step.TURN and second_card_exists(state):
        state.step = Step.SECOND_CARD
    else:
        turns.end_turn(state)
    return None
