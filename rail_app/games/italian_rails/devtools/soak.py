"""Soak test of the rules engine: whole games of random legal play, checked after every action.

``python -m rail_app soak --games 200`` plays games between two
:class:`~rail_app.games.italian_rails.devtools.goalplayer.GoalDirectedPlayer` seats (seeds 0..N-1; every fourth game
without variants, the others with Loans, Fast Trains or Small City Access) to the end or to
a turn cap, and after *every* action checks the invariants below with :class:`Checker`.
It prints one line per game and a summary (``--json``: one JSON document); the exit status
is 1 if any game raised an exception or broke an invariant.

Invariants (each message names its rule id):

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
- copies (``GameState.copy``) are independent: applying an action to a copy leaves the
  original exactly as it was;
- a game over by the rules (W1) has both players at the same number of turns and one of
  them qualifying.
"""

from __future__ import annotations

import argparse
import json
import time
import traceback
from collections import Counter
from dataclasses import dataclass, field
from typing import Any

from rail_app.games.italian_rails.devtools.goalplayer import GoalDirectedPlayer
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
from rail_app.games.italian_rails.rules.board import Board, load_board
from rail_app.games.italian_rails.rules.deck import load_board_deck
from rail_app.games.italian_rails.rules.deckmodel import Deck
from rail_app.games.italian_rails.rules.quotes import MoveDetails, Quote
from rail_app.games.italian_rails.rules.state import (
    VARIANT_FAST_TRAINS,
    VARIANT_LOANS,
    VARIANT_SMALL_CITY_ACCESS,
    GameState,
    Phase,
)

#: E3 as printed in RULES.md (cash held -> tax), kept apart from the map's table on purpose.
E3_TAX = ((200, 30), (150, 20), (100, 15), (50, 10), (0, 0))
VARIANT_CYCLE: tuple[tuple[str, ...], ...] = (
    (), (VARIANT_LOANS,), (VARIANT_FAST_TRAINS,), (VARIANT_SMALL_CITY_ACCESS,))


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
class Checker:
    """Checks one game's invariants after every action; collects violation messages."""

    board: Board
    deck: Deck
    violations: list[str] = field(default_factory=list)
    grandfathered: dict[int, set[int]] = field(default_factory=lambda: {0: set(), 1: set()})
    actions: int = 0

    def fail(self, state: GameState, action: Action | None, message: str) -> None:
        where = f"turn {state.turn}, {state.players[state.current].name}"
        self.violations.append(f"{where}, after {action!r}: {message}")

    # -- one step ----------------------------------------------------------------------------

    def step(self, before: GameState, action: Action, quote: Quote,
             print_before: tuple[Any, ...], after: GameState) -> None:
        """``before`` is the state the action was applied to (not in place), ``print_before``
        its fingerprint taken before applying, ``after`` the result."""
        self.actions += 1
        if fingerprint(before) != print_before:
            self.fail(after, action, "applying to a copy changed the original state")
        if len(after.history) != len(before.history) + 1:
            self.fail(after, action, "the game record did not grow by one action")
        self.check_money(before, action, quote, after)
        self.check_state(after, action)
        self.check_pool(before, action, after)
        self.check_track(before, action, after)

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


@dataclass
class GameReport:
    seed: int
    variants: tuple[str, ...]
    finished: bool = False
    capped: bool = False
    turns: int = 0
    actions: int = 0
    cash: tuple[int, ...] = ()
    deliveries: int = 0
    events: int = 0
    kinds: dict[str, int] = field(default_factory=dict)
    violations: list[str] = field(default_factory=list)
    error: str | None = None
    seconds: float = 0.0

    def as_dict(self) -> dict[str, Any]:
        return {"seed": self.seed, "variants": list(self.variants), "finished": self.finished,
                "capped": self.capped, "turns": self.turns, "actions": self.actions,
                "cash": list(self.cash), "deliveries": self.deliveries, "events": self.events,
                "kinds": self.kinds, "violations": self.violations[:20],
                "violation_count": len(self.violations), "error": self.error,
                "seconds": round(self.seconds, 2)}


def soak_game(board: Board, deck: Deck, seed: int, *, turn_cap: int = 150,
              variants: tuple[str, ...] = (), max_actions: int = 200_000) -> GameReport:
    """Play and check one game; exceptions are caught and reported."""
    report = GameReport(seed, variants)
    t0 = time.perf_counter()
    checker = Checker(board, deck)
    player = GoalDirectedPlayer(seed)
    state = engine.new_game(board, deck, seed=seed, variants=variants)
    kinds: Counter[str] = Counter()
    try:
        for _ in range(max_actions):
            if state.outcome is not None:
                report.finished = True
                break
            if state.pending is None and min(p.turns_taken for p in state.players) >= turn_cap:
                cards.finish_game(state)
                report.capped = True
                break
            action = player.choose(state)
            q = engine.quote(state, action)
            if not q.ok:
                checker.fail(state, action, f"the random player chose an illegal action: "
                             f"{q.headline}")
                break
            printed = fingerprint(state)
            after = engine.apply(state, action)
            checker.step(state, action, q, printed, after)
            kinds[action.kind] += 1
            state = after
        else:
            report.error = f"no end after {max_actions} actions"
        checker.check_end(state, report.capped)
    except Exception as exc:  # report, never stop the whole run
        tb = traceback.extract_tb(exc.__traceback__)
        where = f" at {tb[-1].filename.split('/')[-1]}:{tb[-1].lineno}" if tb else ""
        report.error = f"{type(exc).__name__}: {exc}{where}"
    report.turns = max(p.turns_taken for p in state.players)
    report.actions = checker.actions
    report.cash = tuple(p.cash for p in state.players)
    report.deliveries = sum(p.deliveries for p in state.players)
    report.events = sum(1 for e in state.log if isinstance(e.event, log.EventDrawn))
    report.kinds = dict(sorted(kinds.items()))
    report.violations = checker.violations
    report.seconds = time.perf_counter() - t0
    return report


def _run(args: tuple[str, int, int]) -> GameReport:
    map_path, seed, cap = args
    board = load_board(map_path)
    deck = load_board_deck(board)
    return soak_game(board, deck, seed, turn_cap=cap,
                     variants=VARIANT_CYCLE[seed % len(VARIANT_CYCLE)])


def run_command(args: argparse.Namespace) -> int:
    """``python -m rail_app soak``: the games, one line each and a summary; exit 1 if any
    game raised an exception or broke an invariant."""
    jobs = [(args.map, s, args.turn_cap)
            for s in range(args.seed, args.seed + args.games)]
    if args.jobs > 1:
        from rail_app.devtools.pool import worker_pool

        with worker_pool(args.jobs) as pool:
            reports = list(pool.imap(_run, jobs))
    else:
        reports = [_run(j) for j in jobs]
    turns = sorted(r.turns for r in reports)
    summary = {
        "games": len(reports),
        "finished": sum(r.finished for r in reports),
        "capped": sum(r.capped for r in reports),
        "exceptions": sum(1 for r in reports if r.error),
        "invariant_violations": sum(len(r.violations) for r in reports),
        "actions_checked": sum(r.actions for r in reports),
        "turns_min_median_max": [turns[0], turns[len(turns) // 2], turns[-1]] if turns else [],
        "deliveries": sum(r.deliveries for r in reports),
        "events": sum(r.events for r in reports),
        "action_kinds": dict(sorted(sum((Counter(r.kinds) for r in reports),
                                        Counter()).items())),
        "seconds": round(sum(r.seconds for r in reports), 1),
    }
    if args.json:
        print(json.dumps({"summary": summary, "games": [r.as_dict() for r in reports]},
                         indent=1))
    else:
        for r in reports:
            state = "finished" if r.finished else "capped" if r.capped else "STOPPED"
            print(f"seed {r.seed} {'+'.join(r.variants) or 'standard'}: {state}, {r.turns} "
                  f"turns, {r.actions} actions, cash {list(r.cash)}, {r.deliveries} "
                  f"deliveries, {r.events} events, {len(r.violations)} violations"
                  + (f", ERROR {r.error}" if r.error else "") + f" ({r.seconds:.1f}s)")
            for v in r.violations[:5]:
                print(f"    {v}")
        print("summary: " + json.dumps(summary))
    bad = summary["exceptions"] or summary["invariant_violations"]
    return 1 if bad else 0

