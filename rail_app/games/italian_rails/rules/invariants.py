"""What must hold after every action of every game of Italian Rails (the soak, the
tournament and the conformance suite check it through the kit's one checker,
:class:`rail_app.table.invariants.Checker`); each message names its rule id.

- money (K7, K10, M3, C5, E3, V2): each player's cash changes by exactly what the action
  explains: the build payment at the end of the turn (the phase's spending, recomputed from
  the segments, ferries and upgrade drawn: B1, B2, K6, K8, K9), rent moved between players,
  delivery payoffs from the deck, the tax of the E3 table on the cash held when the tax card
  is drawn, loans and their repayment. Any other payment line in the log is reported;
- no negative cash; the phase's spending within 20M and the cash held (K7);
- cubes and capacity (C3); locks refer to held cards, the right commodity, one demand per
  card (C4);
- every card of the deck is in exactly one place (C1);
- the pool (C7): 4 to 6 cards, at most 4 unlocked, and never a pool short of unlocked cards
  that should have drawn; above 6 cards or above 4 unlocked only as the initial pool left
  it or after a derailment loss (E7);
- track (K2): ``state.owner`` matches the players' track sets, which are disjoint, never on
  forbidden or free segments; (K1) every piece of a player's network touches a major city,
  unless an event (E4, E6) cut it off;
- the train stands on the map, aboard only at a port of a ferry its owner drew (M5);
- a game over by the rules (W1) has both players at the same number of turns and one of
  them qualifying.

:func:`fingerprint` is everything that may change in a game, as plain data: the kit's checker
compares it before and after an action to see that applying to a copy leaves the original
as it was.
"""

from __future__ import annotations

import json
from collections import Counter
from dataclasses import dataclass, field
from typing import Any

from rail_app.games.italian_rails.rules import cards, engine, log
from rail_app.games.italian_rails.rules.actions import (
    Action,
    Deliver,
    Drop,
    EndTurn,
    EraseSegment,
    MoveTrain,
    PickUp,
)
from rail_app.games.italian_rails.rules.quotes import MoveDetails, Quote
from rail_app.games.italian_rails.rules.state import GameState, Phase
from rail_app.table.invariants import Checker

#: E3 as printed in RULES.md (cash held -> tax), kept apart from the map's table on purpose.
E3_TAX = ((200, 30), (150, 20), (100, 15), (50, 10), (0, 0))


def e3_tax(cash: int) -> int:
    for threshold, tax in E3_TAX:
        if cash >= threshold:
            return min(tax, cash)
    return 0


def fingerprint(state: GameState) -> tuple[Any, ...]:
    """Everything that may change in a game, as plain immutable data (for the copy check)."""
    players = tuple(
        (p.name, p.cash, p.loco, tuple(sorted(p.track)), tuple(sorted(p.ferries)),
         p.segments_drawn, tuple(p.dealt), tuple(p.private), p.position, p.previous, p.aboard,
         p.half_speed_next, tuple((x.commodity, x.card, x.demand) for x in p.loads),
         p.turns_taken, p.lose_turns, p.deliveries, p.loan_due, tuple(p.cash_history))
        for p in state.players)
    events = tuple((e.card, e.kind, e.drawn_by, e.expires_after_turn, tuple(sorted(e.dots)),
                    tuple(sorted(e.edges)), tuple(sorted(e.ferries)),
                    json.dumps(e.params, sort_keys=True, default=str))
                   for e in state.events)
    pending = None if state.pending is None else (
        state.pending.player, state.pending.kind, state.pending.card,
        json.dumps(state.pending.params, sort_keys=True, default=str))
    return (
        players, state.current, state.phase, state.turn, state.first_player,
        state.turn_started, state.phase_spent, tuple(state.phase_built),
        tuple(state.phase_ferries), state.phase_upgrade, tuple(sorted(state.phase_major_starts)),
        state.moves_left, state.rental_paid, state.half_speed_now,
        tuple(sorted(state.owner.items())),
        tuple(sorted((k, tuple(v)) for k, v in state.ferry_takers.items())),
        tuple(state.draw_pile), tuple(state.discard), tuple(state.pool),
        events,
        tuple((w.edge, w.owner, w.protected_until_turn) for w in state.washed_out), pending,
        state.cash_public, state.end_turn_now, state.end_triggered_by,
        None if state.outcome is None else (state.outcome.winner, state.outcome.cash,
                                            state.outcome.segments, state.outcome.settled),
        len(state.log), tuple((e.turn, e.player, e.event) for e in state.log[-3:]),
        len(state.history), state.rng.getstate(),
    )


@dataclass
class ItalianInvariants:
    """Italian Rails' invariants (the kit's :class:`~rail_app.table.invariants.Invariants`),
    for one game: it remembers the track that events cut off (K1 excepts it)."""

    grandfathered: dict[int, set[int]] = field(default_factory=lambda: {0: set(), 1: set()})
    found: list[str] = field(default_factory=list)

    def fail(self, state: GameState, action: Action | None, message: str) -> None:
        self.found.append(message)

    # -- the kit's three questions ------------------------------------------------------------

    def state(self, state: GameState) -> list[str]:
        self.found = []
        self.check_state(state, None)
        return self.found

    def step(self, before: GameState, action: Action, quote: Quote,
             after: GameState) -> list[str]:
        """What ``action`` (applied to ``before``, giving ``after``) changed wrongly: money
        the action does not explain, the pool and the track."""
        self.found = []
        self.check_money(before, action, quote, after)
        self.check_pool(before, action, after)
        self.check_track(before, action, after)
        return self.found

    def end(self, state: GameState, capped: bool) -> list[str]:
        self.found = []
        self.check_end(state, capped)
        return self.found

    # -- money ---------------------------------------------------------------------------------

    def check_money(self, before: GameState, action: Action, quote: Quote,
                    after: GameState) -> None:
        rules = before.rules
        sim = [p.cash for p in before.players]
        new_entries = after.log[len(before.log):]
        if isinstance(action, MoveTrain):
            move = quote.detail(MoveDetails)
            if move is not None and move.rental and move.rent_to is not None:
                fee = rules.rental_fee
                if quote.cost != fee:
                    self.fail(after, action, f"rent quoted {quote.cost}M, not {fee}M (M3)")
                sim[before.current] -= fee
                sim[move.rent_to] += fee
            elif quote.cost != 0:
                self.fail(after, action, f"a move without rent quoted {quote.cost}M (M3)")
        if isinstance(action, EndTurn):
            expected = self.phase_cost(before)
            if expected != before.phase_spent:
                self.fail(after, action, f"phase spending {before.phase_spent}M, but the "
                          f"segments, ferries and upgrade drawn cost {expected}M (K6-K10)")
            if quote.cost != before.phase_spent:
                self.fail(after, action, f"EndTurn quoted {quote.cost}M, the phase spent "
                          f"{before.phase_spent}M (K10)")
        paid_building = 0
        delivered = 0
        for e in new_entries:
            event = e.event
            who = e.player if e.player is not None else before.current
            if isinstance(event, log.EventDrawn) and \
                    before.deck.card(event.card).event == "tax":
                for i in range(len(sim)):
                    sim[i] -= e3_tax(sim[i])
            if e.kind is not log.LogKind.PAYMENT:
                continue
            if isinstance(event, log.Delivered):
                sim[who] += event.payoff
                delivered += event.payoff
            elif isinstance(event, log.BuildingPaid):
                sim[who] -= event.cost
                paid_building += event.cost
            elif isinstance(event, log.Borrowed):
                sim[who] += rules.loan_amount
            elif isinstance(event, log.Repaid):
                sim[who] -= before.players[who].loan_due
            elif isinstance(event, (log.RentPaid, log.TaxPaid)):
                pass  # rent: from the quote above; tax: from the event drawn
            else:
                self.fail(after, action, f"unexplained payment in the log: {event!r}")
        if isinstance(action, EndTurn) and paid_building != before.phase_spent:
            self.fail(after, action, f"the turn ended with {before.phase_spent}M spent but "
                      f"{paid_building}M was paid (K10)")
        if isinstance(action, Deliver):
            payoff = before.deck.card(action.card).demands[action.demand].payoff
            if delivered < payoff or quote.cost != -payoff:
                self.fail(after, action, f"delivery worth {payoff}M paid {delivered}M "
                          f"(quoted {quote.cost}M) (C5)")
        actual = [p.cash for p in after.players]
        if actual != sim:
            self.fail(after, action, f"cash {actual} but the action explains {sim} (from "
                      f"{[p.cash for p in before.players]})")

    def phase_cost(self, state: GameState) -> int:
        """K6/K8/K9: the phase's spending recomputed from what was drawn."""
        board = state.board
        total = 0
        for (a, b), frm, cost in state.phase_built:
            to = b if frm == a else a
            if cost != board.build_cost(frm, to):
                total += 10_000  # a wrong recorded cost shows up as a mismatch
            total += board.build_cost(frm, to)
        for index, cost in state.phase_ferries:
            f = board.ferries[index]
            if cost not in (f.high, f.low):
                total += 10_000
            total += cost
        if state.phase_upgrade is not None:
            old, new, price = state.phase_upgrade
            if state.rules.upgrades.get((old, new)) != price:
                total += 10_000
            total += price
        return total

    # -- players, loads, cards --------------------------------------------------------------

    def check_state(self, s: GameState, action: Action | None) -> None:
        rules = s.rules
        board = s.board
        for i, p in enumerate(s.players):
            if p.cash < 0:
                self.fail(s, action, f"{p.name} has negative cash {p.cash}M (K7)")
            cap = min(rules.locomotives[p.loco].capacity, rules.cubes)
            if len(p.loads) > cap:
                self.fail(s, action, f"{p.name} carries {len(p.loads)} loads; the {p.loco} "
                          f"and {rules.cubes} cubes allow {cap} (C3)")
            seen_cards: set[int] = set()
            for load in p.loads:
                if (load.card is None) != (load.demand is None):
                    self.fail(s, action, f"{p.name} has a half-locked load {load} (C3)")
                if load.card is None or load.demand is None:
                    continue
                if load.card in seen_cards:
                    self.fail(s, action, f"{p.name} has two loads on card {load.card} (C4)")
                seen_cards.add(load.card)
                if load.card not in s.pool and load.card not in p.private:
                    self.fail(s, action, f"{p.name}'s load is locked to card {load.card}, "
                              "which is neither public nor theirs (C4)")
                d = s.deck.card(load.card).demands[load.demand]
                if d.commodity != load.commodity:
                    self.fail(s, action, f"{p.name}'s {load.commodity} is locked to a demand "
                              f"for {d.commodity} (C4)")
            if p.aboard is not None:
                f = board.ferries[p.aboard]
                if p.position not in f.ports or p.aboard not in p.ferries:
                    self.fail(s, action, f"{p.name}'s train is aboard {f.name} from "
                              f"{p.position} without the right ferry (M5)")
            if p.position is not None and not 0 <= p.position < len(board.dots):
                self.fail(s, action, f"{p.name}'s train is off the map (M1)")
            if (i == s.current and s.phase not in (Phase.OVER, Phase.SETUP)
                    and (s.phase_spent > rules.build_budget or s.phase_spent > p.cash)):
                self.fail(s, action, f"phase spending {s.phase_spent}M breaks the "
                              f"{rules.build_budget}M limit or the {p.cash}M held (K7)")
        for c in s.pool:
            demands = {load.demand for p in s.players for load in p.loads if load.card == c}
            if len(demands) > 1:
                self.fail(s, action, f"two different demands of card {c} are locked (C4)")
        places: Counter[int] = Counter()
        places.update(s.draw_pile)
        places.update(s.discard)
        places.update(s.pool)
        for p in s.players:
            places.update(p.private)
            places.update(p.dealt)
        if set(places) != set(s.deck.numbers) or any(n != 1 for n in places.values()):
            dup = sorted(k for k, n in places.items() if n > 1)
            missing = sorted(set(s.deck.numbers) - set(places))
            self.fail(s, action, f"cards lost or doubled (C1): twice {dup}, missing {missing}")
        if s.outcome is not None and s.phase != Phase.OVER:
            self.fail(s, action, "the game has an outcome but is not over")

    def check_pool(self, before: GameState, action: Action, after: GameState) -> None:
        if after.phase == Phase.SETUP:
            return
        rules = after.rules
        loads_before = sum(len(p.loads) for p in before.players)
        loads_after = sum(len(p.loads) for p in after.players)
        change = -1 if isinstance(action, (Deliver, Drop)) else 0
        if isinstance(action, PickUp):
            change = 1
        derailed = loads_after < loads_before + change  # E7 took a load
        unlocked_b = len(cards.unlocked_pool(before)) if before.phase != Phase.SETUP else 0
        unlocked_a = len(cards.unlocked_pool(after))
        if not derailed and before.phase != Phase.SETUP:  # the initial pool is excepted
            if len(after.pool) > max(rules.pool_max, len(before.pool)):
                self.fail(after, action, f"the pool holds {len(after.pool)} cards (C7)")
            if unlocked_a > max(rules.pool_unlocked_max, unlocked_b):
                self.fail(after, action, f"{unlocked_a} public cards are unlocked (C7)")
        exhausted = not after.draw_pile and all(
            c in {e.card for e in after.events} for c in after.discard)
        if not exhausted:
            if len(after.pool) < rules.pool_min:
                self.fail(after, action, f"the pool holds only {len(after.pool)} cards (C7)")
            if unlocked_a < rules.pool_unlocked_max and len(after.pool) < rules.pool_max:
                self.fail(after, action, f"the pool ({len(after.pool)} cards, {unlocked_a} "
                          "unlocked) should have drawn a card (C7)")

    # -- track ----------------------------------------------------------------------------------

    def check_track(self, before: GameState, action: Action, after: GameState) -> None:
        board = after.board
        owner_from_players: dict[tuple[int, int], int] = {}
        for i, p in enumerate(after.players):
            for e in p.track:
                if e in owner_from_players:
                    self.fail(after, action, f"segment {e} is owned by both players (K2)")
                owner_from_players[e] = i
                edge = board.edges.get(e)
                if edge is None or edge.forbidden is not None or edge.free:
                    self.fail(after, action, f"{p.name} owns {e}, which nobody may build "
                              "(B1, B3, B4)")
        if owner_from_players != after.owner:
            self.fail(after, action, "state.owner does not match the players' track (K2)")
        eroded = [i for i in range(len(after.players))
                  if not before.players[i].track <= after.players[i].track
                  and not isinstance(action, EraseSegment)]
        for i, p in enumerate(after.players):
            loose = self.unanchored(after, i)
            if i in eroded:
                self.grandfathered[i].update(d for comp in loose for d in comp)
                continue
            for comp in loose:
                if not comp & self.grandfathered[i]:
                    shown = sorted(board.key(d) for d in comp)[:4]
                    self.fail(after, action, f"{p.name}'s track at {shown} is connected "
                              "neither to a major city nor to their network (K1)")

    @staticmethod
    def unanchored(state: GameState, player: int) -> list[set[int]]:
        """Pieces of the player's network (segments and ferries) touching no major city."""
        board = state.board
        p = state.players[player]
        links: dict[int, list[int]] = {}
        for a, b in p.track:
            links.setdefault(a, []).append(b)
            links.setdefault(b, []).append(a)
        for fi in p.ferries:
            a, b = board.ferries[fi].ports
            links.setdefault(a, []).append(b)
            links.setdefault(b, []).append(a)
        seen: set[int] = set()
        out: list[set[int]] = []
        for start in sorted(links):
            if start in seen:
                continue
            comp = {start}
            todo = [start]
            while todo:
                d = todo.pop()
                for n in links[d]:
                    if n not in comp:
                        comp.add(n)
                        todo.append(n)
            seen |= comp
            if not any(d in board.major_of_dot for d in comp):
                out.append(comp)
        return out

    def check_end(self, state: GameState, capped: bool) -> None:
        if state.outcome is None:
            self.fail(state, None, "the game ended without an outcome")
            return
        if capped:
            return
        turns = {p.turns_taken for p in state.players}
        if len(turns) != 1:
            self.fail(state, None, f"the game ended with unequal turns {sorted(turns)} (W1)")
        if not any(cards.qualifies_for_end(state, i) or state.end_triggered_by == i
                   for i in range(len(state.players))):
            self.fail(state, None, "the game ended but nobody reached W1")




class _Rules:
    """What the kit's checker needs of the rules."""

    def quote(self, state: GameState, action: Action, player: int | None = None) -> Quote:
        return engine.quote(state, action, player)

    def fingerprint(self, state: GameState) -> tuple[Any, ...]:
        return fingerprint(state)

    def history(self, state: GameState) -> list[tuple[int, Action]]:
        return state.history


def where(state: GameState, action: Action | None) -> str:
    """Where a problem was found: the turn, the player to act, the action."""
    return f"turn {state.turn}, {state.players[state.current].name}, after {action!r}"


def checker(state: GameState) -> Checker[GameState, Action]:
    """The kit's checker with Italian Rails' invariants, for the game starting at ``state``."""
    return Checker(_Rules(), ItalianInvariants(), where)


def problems(state: GameState) -> list[str]:
    """What is wrong with one state (empty when nothing is)."""
    return ItalianInvariants().state(state)
