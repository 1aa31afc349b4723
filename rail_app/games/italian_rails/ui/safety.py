"""The cash safety net: whether a player still has a paying delivery within reach of the
money in hand, and what would help when they do not (a loan when the Loans variant is on, a
cheaper demand, a swap, dropping a load). Read by Suggest's box and by the warning at End
build; works on what the seat may know (``seen_by``) through the planner's advice.
"""

from __future__ import annotations

from dataclasses import dataclass

from rail_app.core.i18n import _, money_millions, pgettext
from rail_app.games.italian_rails.ai.advice import Adviser, DemandRoute
from rail_app.games.italian_rails.rules.state import VARIANT_LOANS, GameState


@dataclass(frozen=True)
class Reach:
    """Whether the seat can still earn: the cheapest demand it can serve, and the money."""

    cash: int
    best: DemandRoute | None  # the cheapest demand in reach (None: none can be served)
    affordable: bool  # its building costs no more than the cash in hand

    @property
    def stranded(self) -> bool:
        """No demand of the seat's cards can be served with the money in hand."""
        return not self.affordable


def demands_of(state: GameState, seat: int) -> list[tuple[str, str, int]]:
    """(commodity, city, payoff) of every demand the seat may serve: its private cards and
    the public cards; a locked load's demand alone when the train carries one (C5)."""
    me = state.players[seat]
    locked = [state.deck.card(x.card).demands[x.demand or 0] for x in me.loads
              if x.card is not None]
    if locked:
        return [(d.commodity, d.city, d.payoff) for d in locked]
    out: list[tuple[str, str, int]] = []
    for n in [*me.private, *state.pool]:
        for d in state.deck.card(n).demands:
            if (d.commodity, d.city, d.payoff) not in out:
                out.append((d.commodity, d.city, d.payoff))
    return out


def cash_left(state: GameState, seat: int) -> int:
    """The seat's cash not yet promised to this phase's building (K10)."""
    return state.players[seat].cash - (state.phase_spent if state.current == seat else 0)


def reach(state: GameState, seat: int, adviser: Adviser | None = None,
          key: object = None) -> Reach:
    """The cheapest demand the seat can serve and whether the cash left pays for the track
    it still needs (a demand its network already reaches needs none)."""
    adviser = adviser or Adviser()
    cash = cash_left(state, seat)
    best: DemandRoute | None = None
    for commodity, city, _payoff in demands_of(state, seat):
        r = adviser.demand_route(state, seat, commodity, city, key=key)
        if not r.possible:
            continue
        if best is None or r.build_cost < best.build_cost:
            best = r
    return Reach(cash, best, best is not None and best.build_cost <= cash)


def help_lines(state: GameState, seat: int) -> list[str]:
    """What would help a player whose money no longer reaches a paying delivery."""
    me = state.players[seat]
    rules = state.rules
    out: list[str] = []
    if state.variant(VARIANT_LOANS):
        if me.loan_due == 0:
            out.append(_("Take a loan (V2): {amount} now, {repay} to repay from your next "
                         "payoffs").format(amount=money_millions(rules.loan_amount),
                                           repay=money_millions(rules.loan_repay)))
    else:
        out.append(_("Loans are off in this game (the Loans variant of New game, V2)"))
    if any(x.card is not None for x in me.loads):
        out.append(_("A locked load may not be dropped (C3): it pays only in its own city"))
    else:
        out.append(_("Choose a cheaper demand: hover one to see its track and cost"))
        out.append(_("Swap demands at the start of a turn for new public cards (C6)"))
    return out


def stranded_words(state: GameState, seat: int, adviser: Adviser | None = None,
                   key: object = None) -> list[str]:
    """The End build warning's lines when no demand stays in reach of the cash left (none
    when one does): what is wrong, then what would help."""
    r = reach(state, seat, adviser, key)
    if not r.stranded:
        return []
    cash = money_millions(r.cash)
    if r.best is None:
        first = _("With {cash} left, no demand of your cards can be served from your "
                  "network.").format(cash=cash)
    else:
        first = _("With {cash} left, no demand of your cards can be paid for: the cheapest, "
                  "{commodity} to {city}, still needs {cost} of track.").format(
                      cash=cash, commodity=pgettext("commodity", r.best.commodity), city=r.best.city,
                      cost=money_millions(r.best.build_cost))
    return [first, _("What would help:"), *("\u2022 " + line for line in help_lines(state, seat))]
