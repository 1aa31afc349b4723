"""Cards and loads (RULES.md §5, C1-C7) and the end of the game (§7, W1-W2).

What lives here:

- the deal (C2, :func:`setup`) and the choice of private cards (:class:`KeepCards`), after
  which the start player (T1) is the holder of the lowest-numbered private card;
- loads (C3-C5): :class:`PickUp`, :class:`Lock`, :class:`Deliver`, :class:`Drop`;
- :class:`SwapDemands` (C6, T3) and pool upkeep (C7, :func:`pool_upkeep`), with drawing
  (:func:`draw_card`), which resolves event cards as they turn up (E1);
- the end of the game (W1-W2) as a turn-end hook, and :func:`connects_all_majors`.

Locks are not stored twice: a load locked to a demand carries ``(card, demand)``, and a card
is "locked" exactly when some player's load is locked to one of its demands.

C5: a delivered card is discarded. A delivered *private* card is not replaced: private cards
exist only at the start ("initially each player holds two demand cards"); afterwards players
work from the public pool.
"""

from __future__ import annotations

from collections.abc import Iterator
from itertools import combinations
from typing import Any

import networkx as nx

from rail_app.core.cache import BoundedCache
from rail_app.core.i18n import _, money_millions
from rail_app.games.italian_rails.rules import events
from rail_app.games.italian_rails.rules.actions import (
    Action,
    Deliver,
    Drop,
    KeepCards,
    Lock,
    PickUp,
    SwapDemands,
)
from rail_app.games.italian_rails.rules.board import Board, City
from rail_app.games.italian_rails.rules.deckmodel import Card
from rail_app.games.italian_rails.rules.log import (
    CardsChosen,
    CardsDealt,
    CardsRevealed,
    CubeTakenBack,
    DeckReshuffled,
    Delivered,
    Dropped,
    EndTriggered,
    EventSetAside,
    EventsShuffledBack,
    GameOver,
    Locked,
    PickedUp,
    PublicCards,
    Settled,
    StartsFirst,
    Swapped,
)
from rail_app.games.italian_rails.rules.quotes import DeliverDetails, Quote, Violation, refused
from rail_app.games.italian_rails.rules.state import (
    GameState,
    Load,
    Outcome,
    Phase,
    PlayerState,
    Step,
    log,
)
from rail_app.games.italian_rails.rules.turns import build_only

# ---------------------------------------------------------------------------------------------
# Queries


def card_of(state: GameState, number: int) -> Card:
    return state.deck.card(number)


def lockers(state: GameState, card: int) -> list[tuple[int, Load]]:
    """Every (player, load) locked to a demand of ``card``."""
    return [(i, load) for i, p in enumerate(state.players) for load in p.loads
            if load.card == card]


def is_locked(state: GameState, card: int) -> bool:
    """C7: a card is locked when any player has a cube on one of its demands."""
    return any(load.card == card for p in state.players for load in p.loads)


def locked_demand(state: GameState, card: int) -> int | None:
    """The demand of ``card`` that is locked (C4: only one demand per card can be), or None."""
    for p in state.players:
        for load in p.loads:
            if load.card == card:
                return load.demand
    return None


def unlocked_pool(state: GameState) -> list[int]:
    """The public cards nobody has locked."""
    return [c for c in state.pool if not is_locked(state, c)]


def capacity(state: GameState, player: int) -> int:
    """C3: how many loads the player's train may carry (locomotive capacity and cubes)."""
    rules = state.rules
    p = state.players[player]
    return min(int(rules.locomotives[p.loco].capacity), int(rules.cubes))


def train_city(state: GameState, player: int) -> City | None:
    """The city the player's train stands in (any dot of a major city counts), or None."""
    p = state.players[player]
    if p.position is None or p.aboard is not None:
        return None
    return state.board.city_of_dot.get(p.position)


def _describe(state: GameState, card: int, demand: int) -> str:
    d = card_of(state, card).demands[demand]
    return _("{commodity} to {city} for {payoff} (card {card})").format(commodity=d.commodity, city=d.city, payoff=money_millions(d.payoff), card=card)


# ---------------------------------------------------------------------------------------------
# Drawing and pool upkeep (C7, E1)


def _reshuffle(state: GameState) -> None:
    """C7: an empty deck is rebuilt from the discard pile (events still in force stay out)."""
    active = {e.card for e in state.events}
    back = [c for c in state.discard if c not in active]
    if not back:
        return
    state.discard = [c for c in state.discard if c in active]
    state.rng.shuffle(back)
    state.draw_pile = back + state.draw_pile
    log(state, DeckReshuffled(len(back)))


def draw_card(state: GameState, drawn_by: int) -> int | None:
    """Draw the top card; an event is resolved at once, discarded, and another card drawn in
    its place (E1). Returns a demand card's number, or None if no card is left."""
    for _u1 in range(2 * len(state.deck.cards) + 2):
        if not state.draw_pile:
            _reshuffle(state)
        if not state.draw_pile:
            return None
        number = state.draw_pile.pop()
        if not card_of(state, number).is_event:
            return number
        events.resolve_event(state, number, drawn_by)
        state.discard.append(number)
    return None


def pool_upkeep(state: GameState, drawn_by: int | None = None) -> list[int]:
    """C7, checked after every lock, delivery, swap and draw: while fewer than
    ``pool_unlocked_max`` public cards are unlocked (or fewer than ``pool_min`` are in the
    pool) and the pool holds fewer than ``pool_max``, draw a card into it. More than four
    unlocked cards (the initial pool, E7) are left alone. Returns the cards added."""
    rules = state.rules
    who = state.current if drawn_by is None else drawn_by
    added: list[int] = []
    while len(state.pool) < rules.pool_max and (
            len(unlocked_pool(state)) < rules.pool_unlocked_max
            or len(state.pool) < rules.pool_min):
        number = draw_card(state, who)
        if number is None:
            break
        state.pool.append(number)
        added.append(number)
    if added:
        log(state, PublicCards(tuple(added)))
    return added


# ---------------------------------------------------------------------------------------------
# Setup (C2, T1)


def setup(state: GameState) -> None:
    """C2: shuffle the deck, deal five demand cards to each player (events dealt are shown,
    set aside and replaced, then shuffled back into the deck); players then choose their
    private cards with :class:`KeepCards`, player 0 first."""
    rules = state.rules
    pile = list(state.deck.numbers)
    state.rng.shuffle(pile)
    state.draw_pile = pile
    state.discard = []
    state.pool = []
    aside: list[int] = []
    for p in state.players:
        p.dealt = []
        p.private = []
    for _u1 in range(rules.deal):
        for i, p in enumerate(state.players):
            while state.draw_pile:
                number = state.draw_pile.pop()
                card = card_of(state, number)
                if card.is_event:
                    aside.append(number)
                    log(state, EventSetAside(number), player=i)
                    continue
                p.dealt.append(number)
                break
    for p in state.players:
        p.dealt.sort()
    if aside:
        state.draw_pile.extend(aside)
        state.rng.shuffle(state.draw_pile)
        log(state, EventsShuffledBack(len(aside)))
    state.phase = Phase.SETUP
    state.current = 0
    log(state, CardsDealt(rules.deal, rules.keep), player=0)


def _chooser(state: GameState) -> int | None:
    for i, p in enumerate(state.players):
        if p.dealt and not p.private:
            return i
    return None


def quote_keep(state: GameState, action: KeepCards) -> Quote:
    rules = state.rules
    p = state.player
    v: list[Violation] = []
    if p.private or not p.dealt:
        v.append(Violation("C2", _("You have already chosen your private cards")))
        return Quote(action, 0, tuple(v))
    cards = list(action.cards)
    if len(cards) != rules.keep:
        v.append(Violation("C2", _("Keep exactly {keep} of your {n} cards, not {n2}").format(keep=rules.keep, n=len(p.dealt), n2=len(cards))))
    if len(set(cards)) != len(cards):
        v.append(Violation("C2", _("The same card is chosen twice")))
    for n in sorted(set(cards)):
        if n not in p.dealt:
            v.append(Violation("C2", _("Card {n} was not dealt to you").format(n=n)))
    return Quote(action, 0, tuple(v))


def apply_keep(state: GameState, action: KeepCards, quote: Quote) -> Step | None:
    p = state.player
    kept = sorted(action.cards)
    p.private = kept
    p.dealt = [c for c in p.dealt if c not in kept]
    log(state, CardsChosen(len(kept)))
    nxt = _chooser(state)
    if nxt is not None:
        state.current = nxt
        return None
    _finish_setup(state)
    return Step.START_GAME


def _finish_setup(state: GameState) -> None:
    """Both have chosen: reveal the private cards, form the pool, find the start player
    (T1), whose first turn the engine then begins."""
    pool: list[int] = []
    for p in state.players:
        pool.extend(p.dealt)
        p.dealt = []
    state.pool = pool
    log(state, CardsRevealed(tuple(tuple(p.private) for p in state.players), tuple(pool)))
    first = min(range(len(state.players)), key=lambda i: min(state.players[i].private))
    log(state, StartsFirst(min(state.players[first].private)), player=first)
    pool_upkeep(state, first)
    state.first_player = first


# ---------------------------------------------------------------------------------------------
# Loads (C3-C5)


def _train_violations(state: GameState, what: str) -> tuple[list[Violation], City | None]:
    p = state.player
    if p.position is None:
        return [Violation("M1", _("Your train is not on the map yet: {what} at a city once it is placed").format(what=what))], None
    if p.aboard is not None:
        return [Violation("M5", _("Your train is on a ferry: {what} at a city").format(what=what))], None
    city = state.board.city_of_dot.get(p.position)
    if city is None:
        return [Violation("C3", _("Your train is not at a city: {what} at a city").format(what=what))], None
    return [], city


def lock_violations(state: GameState, player: int, card: int, demand: int,
                    commodity: str | None = None) -> list[Violation]:
    """Why ``player`` may not lock ``demand`` of ``card`` (C3, C4); empty if they may."""
    p = state.players[player]
    if card not in state.deck.cards or card_of(state, card).is_event:
        return [Violation("C4", _("There is no demand card {card}").format(card=card))]
    public = card in state.pool
    if not public and card not in p.private:
        for j, other in enumerate(state.players):
            if j != player and card in other.private:
                return [Violation("C2", _("Card {card} is {name}'s private card").format(card=card, name=other.name))]
        return [Violation("C4", _("Card {card} is not in the public pool or among your private cards").format(card=card))]
    c = card_of(state, card)
    if not 0 <= demand < len(c.demands):
        return [Violation("C4", _("Card {card} has no demand number {n}").format(card=card, n=demand + 1))]
    d = c.demands[demand]
    v: list[Violation] = []
    if commodity is not None and d.commodity != commodity:
        v.append(Violation("C4", _("That demand of card {card} asks for {commodity}, not {commodity2}").format(card=card, commodity=d.commodity, commodity2=commodity)))
    for j, load in lockers(state, card):
        if j == player:
            v.append(Violation("C4", _("You already have a load locked on card {card}").format(card=card)))
            break
        if load.demand != demand and load.demand is not None:
            taken = c.demands[load.demand]
            v.append(Violation("C4", _("{name} has locked another demand of card {card} ({commodity} to {city}); only that demand may be locked").format(name=state.players[j].name, card=card, commodity=taken.commodity, city=taken.city)))
            break
    return v


def quote_pickup(state: GameState, action: PickUp) -> Quote:
    board = state.board
    p = state.player
    v, city = _train_violations(state, _("loads are picked up"))
    if action.commodity not in board.commodities:
        v.append(Violation("C3", _("There is no commodity called {commodity!r}").format(commodity=action.commodity)))
    elif city is not None and city.commodity != action.commodity:
        v.append(Violation("C3", _("{name} offers {commodity}, not {commodity2}").format(name=city.name, commodity=city.commodity, commodity2=action.commodity)))
    cap = capacity(state, state.current)
    if len(p.loads) >= cap:
        if cap < state.rules.cubes:
            v.append(Violation("C3", _("Your {loco} carries at most {cap} loads").format(loco=p.loco, cap=cap)))
        else:
            v.append(Violation("C3", _("All your {cubes} cubes are in use").format(cubes=state.rules.cubes)))
    if (action.card is None) != (action.demand is None):
        v.append(Violation("C3", _("To lock the load, name both the card and the demand")))
    elif action.card is not None and action.demand is not None:
        v.extend(lock_violations(state, state.current, action.card, action.demand,
                                 action.commodity))
    return Quote(action, 0, tuple(v))


def apply_pickup(state: GameState, action: PickUp, quote: Quote) -> None:
    p = state.player
    p.loads.append(Load(action.commodity, action.card, action.demand))
    state.turn_started = True
    city = train_city(state, state.current)
    log(state, PickedUp(action.commodity, city.name if city else None, action.card,
                        action.demand))
    if action.card is not None and action.demand is not None:
        pool_upkeep(state)


def quote_lock(state: GameState, action: Lock) -> Quote:
    p = state.player
    v = lock_violations(state, state.current, action.card, action.demand)
    if not v:
        commodity = card_of(state, action.card).demands[action.demand].commodity
        if not any(x.commodity == commodity and not x.locked for x in p.loads):
            v.append(Violation("C4", _("Your train carries no unlocked {commodity} to lock").format(commodity=commodity)))
    return Quote(action, 0, tuple(v))


def apply_lock(state: GameState, action: Lock, quote: Quote) -> None:
    p = state.player
    commodity = card_of(state, action.card).demands[action.demand].commodity
    for load in p.loads:
        if load.commodity == commodity and not load.locked:
            load.card = action.card
            load.demand = action.demand
            break
    state.turn_started = True
    log(state, Locked(action.card, action.demand))
    pool_upkeep(state)


def quote_deliver(state: GameState, action: Deliver) -> Quote:
    p = state.player
    load = next((x for x in p.loads if x.card == action.card and x.demand == action.demand),
                None)
    if load is None:
        return refused(action, Violation(
            "C5", _("No load on your train is locked to that demand: a load is locked before "
            "it is delivered")))
    v, city = _train_violations(state, _("loads are delivered"))
    d = card_of(state, action.card).demands[action.demand]
    if city is not None and city.name != d.city:
        v.append(Violation("C5", _("This {commodity} goes to {city}; your train is at {name}").format(commodity=d.commodity, city=d.city, name=city.name)))
    return Quote(action, -d.payoff, tuple(v), DeliverDetails(d.payoff, d.city))


def apply_deliver(state: GameState, action: Deliver, quote: Quote) -> None:
    me = state.current
    p = state.player
    d = card_of(state, action.card).demands[action.demand]
    for i, load in enumerate(p.loads):
        if load.card == action.card and load.demand == action.demand:
            del p.loads[i]
            break
    p.cash += d.payoff
    p.deliveries += 1
    state.turn_started = True
    log(state, Delivered(action.card, action.demand, d.payoff))
    was_private = action.card in p.private
    if action.card in state.pool:
        state.pool.remove(action.card)
    if was_private:
        p.private.remove(action.card)
    for j, other in enumerate(state.players):
        if j == me:
            continue
        for load in other.loads:
            if load.card == action.card:
                load.card = None
                load.demand = None
                log(state, CubeTakenBack(action.card, load.commodity), player=j)
    state.discard.append(action.card)
    pool_upkeep(state)


def quote_drop(state: GameState, action: Drop) -> Quote:
    p = state.player
    v, _city = _train_violations(state, _("loads are dropped"))
    mine = [x for x in p.loads if x.commodity == action.commodity]
    if not mine:
        v.append(Violation("C3", _("Your train carries no {commodity}").format(commodity=action.commodity)))
    elif all(x.locked for x in mine):
        v.append(Violation("C3", _("Your {commodity} is locked to card {card}: a locked load cannot be dropped").format(commodity=action.commodity, card=mine[0].card)))
    return Quote(action, 0, tuple(v))


def apply_drop(state: GameState, action: Drop, quote: Quote) -> None:
    p = state.player
    for i, load in enumerate(p.loads):
        if load.commodity == action.commodity and not load.locked:
            del p.loads[i]
            break
    state.turn_started = True
    city = train_city(state, state.current)
    log(state, Dropped(action.commodity, city.name if city else None))


# ---------------------------------------------------------------------------------------------
# Swap demands (C6, T3)


def quote_swap(state: GameState, action: SwapDemands) -> Quote:
    p = state.player
    v: list[Violation] = []
    if state.turn_started:
        v.append(Violation("T3", _("Swapping demands replaces the whole turn: it is only "
                           "allowed before doing anything else this turn")))
    elif state.phase is Phase.BUILD and not build_only(state, state.current):
        v.append(Violation("T3", _("Swapping demands replaces the whole turn: swap at its "
                           "start, instead of moving")))
    if any(x.locked for x in p.loads):
        v.append(Violation("C6", _("You have locked loads: only a player with no locked loads "
                           "may swap demands")))
    if not unlocked_pool(state):
        v.append(Violation("C6", _("There are no unlocked public cards to swap")))
    return Quote(action, 0, tuple(v))


def apply_swap(state: GameState, action: SwapDemands, quote: Quote) -> None:
    me = state.current
    gathered = unlocked_pool(state)
    state.rng.shuffle(gathered)
    gone = gathered[:3]
    for n in gone:
        state.pool.remove(n)
        state.discard.append(n)
    drawn: list[int] = []
    for _u1 in gone:
        new = draw_card(state, me)
        if new is None:
            break
        state.pool.append(new)
        drawn.append(new)
    state.turn_started = True
    log(state, Swapped(tuple(sorted(gone)), tuple(drawn)))
    pool_upkeep(state)
    state.phase = Phase.SWAPPED


# ---------------------------------------------------------------------------------------------
# End of the game (W1, W2)

_FREE_EDGES: BoundedCache[tuple[object, ...], list[tuple[int, int]]] = BoundedCache(8)


def _free_edges(board: Board) -> list[tuple[int, int]]:
    """The major cities' free track (W1), kept per board (by its stamp)."""
    return _FREE_EDGES.get(board.stamp,
                           lambda: [e.key for e in board.edges.values() if e.free])


def connects_all_majors(state: GameState, player: int) -> bool:
    """W1: the player's own track, the ferries they have drawn and the free major-city track
    form one network touching every major city."""
    board = state.board
    if not board.majors:
        return False
    p = state.players[player]
    g = nx.Graph()
    g.add_edges_from(p.track)
    g.add_edges_from(_free_edges(board))
    for f in p.ferries:
        g.add_edge(*board.ferries[f].ports)
    centres = [m.centre for m in board.majors]
    if centres[0] not in g:
        return False
    reached = nx.node_connected_component(g, centres[0])
    return all(c in reached for c in centres)


def majors_joined(state: GameState, player: int) -> tuple[str, ...]:
    """W1, for a player to see how near they are: the major cities the largest part of their
    network reaches (their own track, the ferries they have drawn and the free major-city
    track), in the board's order; none until their track reaches one."""
    board = state.board
    p = state.players[player]
    g = nx.Graph()
    g.add_edges_from(p.track)
    g.add_edges_from(_free_edges(board))
    for f in p.ferries:
        g.add_edge(*board.ferries[f].ports)
    own = {d for e in p.track for d in e}
    best: list[str] = []
    for m in board.majors:
        if m.centre not in g:
            continue
        reached = nx.node_connected_component(g, m.centre)
        if not own & reached:
            continue  # only the city's own free track: the player's network is not there
        group = [c.name for c in board.majors if c.centre in reached]
        if len(group) > len(best):
            best = group
    return tuple(best)


def qualifies_for_end(state: GameState, player: int) -> bool:
    """W1: at least the winning cash and a network connecting all the major cities."""
    return (state.players[player].cash >= state.rules.win_cash
            and connects_all_majors(state, player))


def check_end_of_game(state: GameState, player: int) -> None:
    """W1: once a player qualifies, play goes on until both have had as many turns; the
    round ends with the player seated before the start player."""
    if state.outcome is not None:
        return
    n = len(state.players)
    if state.end_triggered_by is None:
        for i in [player] + [j for j in range(n) if j != player]:
            if qualifies_for_end(state, i):
                state.end_triggered_by = i
                p = state.players[i]
                log(state, EndTriggered(p.cash), player=i)
                break
    if state.end_triggered_by is not None and player == (state.first_player - 1) % n:
        finish_game(state)


def finish_game(state: GameState) -> Outcome:
    """W2: most cash wins; equal cash goes to whoever drew fewer segments; else a draw."""
    players = state.players
    cash = tuple(p.cash for p in players)
    segments = tuple(p.segments_drawn for p in players)
    best = max(cash)
    top = [i for i, c in enumerate(cash) if c == best]
    winner: int | None
    if len(top) == 1:
        winner, settled = top[0], Settled.MOST_CASH
    else:
        fewest = min(segments[i] for i in top)
        low = [i for i in top if segments[i] == fewest]
        winner, settled = ((low[0], Settled.FEWER_SEGMENTS) if len(low) == 1
                           else (None, Settled.DRAW))
    state.outcome = Outcome(winner, cash, segments, settled)
    state.phase = Phase.OVER
    log(state, GameOver(winner, cash, segments, settled),
        player=winner if winner is not None else state.current)
    return state.outcome


# ---------------------------------------------------------------------------------------------
# Candidate actions for legal_actions()


def card_actions(state: GameState) -> Iterator[Action]:
    """Card and load actions worth quoting now (the engine keeps the legal ones)."""
    if state.outcome is not None or state.pending is not None:
        return
    me = state.current
    p = state.players[me]
    if state.phase is Phase.SETUP:
        if p.dealt and not p.private:
            for combo in combinations(p.dealt, state.rules.keep):
                yield KeepCards(tuple(combo))
        return
    if not state.phase.in_turn:
        return
    if not state.turn_started:
        yield SwapDemands()
    lockable = [*state.pool, *p.private]
    seen: set[tuple[int, int]] = set()
    for load in p.loads:
        if load.locked:
            continue
        for c in lockable:
            for j, d in enumerate(card_of(state, c).demands):
                if d.commodity == load.commodity and (c, j) not in seen:
                    seen.add((c, j))
                    yield Lock(c, j)
    if state.phase is not Phase.MOVE:
        return
    city = train_city(state, me)
    if city is None:
        return
    if len(p.loads) < capacity(state, me):
        yield PickUp(city.commodity)
        for c in lockable:
            for j, d in enumerate(card_of(state, c).demands):
                if d.commodity == city.commodity:
                    yield PickUp(city.commodity, c, j)
    for load in p.loads:
        if (load.card is not None and load.demand is not None
                and card_of(state, load.card).demands[load.demand].city == city.name):
            yield Deliver(load.card, load.demand)
    for commodity in sorted({x.commodity for x in p.loads if not x.locked}):
        yield Drop(commodity)


# ---------------------------------------------------------------------------------------------
# Summary for records and replays


def _player_summary(state: GameState, p: PlayerState) -> dict[str, Any]:
    return {
        "name": p.name,
        "cash": p.cash,
        "private": list(p.private),
        "dealt": list(p.dealt),
        "loads": [{"commodity": x.commodity, "card": x.card, "demand": x.demand}
                  for x in p.loads],
        "deliveries": p.deliveries,
    }


def cards_summary(state: GameState) -> dict[str, Any]:
    """The card side of a game as plain data: hands, loads, the pool, piles, the outcome."""
    from rail_app.games.italian_rails.rules.words import outcome_sentence

    outcome = state.outcome
    return {
        "players": [_player_summary(state, p) for p in state.players],
        "pool": [{"card": c, "locked_demand": locked_demand(state, c)} for c in state.pool],
        "draw_pile": len(state.draw_pile),
        "discard": len(state.discard),
        "end_triggered_by": state.end_triggered_by,
        "outcome": None if outcome is None else {
            "winner": outcome.winner, "reason": outcome_sentence(state),
            "cash": list(outcome.cash)},
    }


def add_to_summary(state: GameState, summary: dict[str, Any]) -> None:
    """Add the cards to a replay summary (``rail_app.games.italian_rails.rules.replay.summary_contributor``):
    each player's private cards and deliveries, locked loads, the pool, the piles and who
    triggered the end of the game."""
    for p, entry in zip(state.players, summary.get("players", []), strict=False):
        entry["private_cards"] = list(p.private)
        if p.dealt:
            entry["dealt_cards"] = list(p.dealt)
        entry["deliveries"] = p.deliveries
        entry["locks"] = [_describe(state, x.card, x.demand) for x in p.loads
                          if x.card is not None and x.demand is not None]
    summary["pool"] = [
        c if (d := locked_demand(state, c)) is None
        else _("{c} (locked: {x})").format(c=c, x=_describe(state, c, d)) for c in state.pool]
    summary["deck"] = {"draw_pile": len(state.draw_pile), "discard": len(state.discard)}
    if state.end_triggered_by is not None:
        summary["end_triggered_by"] = state.players[state.end_triggered_by].name
    if state.outcome is not None:
        summary["final_cash"] = list(state.outcome.cash)
