"""What a seat may see (DG-A3, DG-A5, DG-M13): the whole table is public, as at a real
table, but a computer seat notices another seat's offer or call only after its reaction
delay; until then its view has neither. A person's seat, and a computer with nothing fresh
for it, sees the state itself (no copy)."""

from __future__ import annotations

from rail_app.games.railpass.rules.state import RoundState, reaction


def seen_by(state: RoundState, seat: int) -> RoundState:
    if not 0 <= seat < state.seats or not state.computer(seat):
        return state
    wait = reaction(state, seat)
    fresh_offers = [n for n, o in state.offers.items()
                    if o.receiver == seat and o.sender != seat and state.tick < o.tick + wait]
    fresh_calls = [c for c in state.calls if seat in c.to and c.seat != seat
                   and state.tick < c.tick + wait]
    if not fresh_offers and not fresh_calls:
        return state
    # a view is only read: it shares everything with the state but what it hides
    view = RoundState.__new__(RoundState)
    view.__dict__.update(state.__dict__)
    view.offers = dict(state.offers)
    view.offer_of = state.offer_of[:]
    for n in fresh_offers:  # the sender is seen holding the train, not yet offering it
        view.offer_of[view.offers.pop(n).train] = 0
    view.calls = [c for c in state.calls if c not in fresh_calls]
    return view
