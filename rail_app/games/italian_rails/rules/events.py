"""Events (RULES.md section 6, E1-E9): what an event card does when drawn, and the limits that
lasting events put on building and moving.

E1: the cards code calls :func:`resolve_event` the moment an event card is drawn (pool upkeep
or a swap); it is resolved at once, then the cards code discards it and draws another card.

E2: lasting events (flood, storm, volcano, bad weather) become an :class:`ActiveEvent` in
``state.events`` and bind both players until the end of the drawing player's *next* turn;
the turn-end hook below removes them.

E9: everything a card does comes from its ``params`` in the deck file (rivers, river systems,
sea, volcano, cities, radius); a new card of an existing kind needs no code change.

E8: zones count dots as movement counts them: one per segment, along the segments of the map
a train could run on (never across open sea or a border; across a ferry only when the card
says ``across_ferries: true``), from a major city's centre dot and from a volcano's dot
(:func:`zone_dots`). A sea's zone is its coastal dots (the dots nearest that coast).

Decisions where the rules are silent:
- E4: the washed-out protection starts when the flood ends and lasts until the owner of the
  track has finished one more turn (their turn to rebuild). A turn the owner loses (T4:
  skipped, or cut short by an event) is not that turn: they may not build in it.
- E6: a segment is "within the radius" when both its ends are; the pre-printed track inside
  a major city is never destroyed.
- E5: a storm closes every ferry; a storm naming a sea also slows trains on its coast.
- E6/E7: a train aboard a ferry is at sea: volcanoes and derailments do not touch it.
- E7: when the loss is forced (one load, and it is not locked to a private card, so there is
  nothing to decide) it is taken at once; otherwise the owner chooses with
  :class:`~rail_app.games.italian_rails.rules.actions.ChooseLoss`. Several derailed players choose one at a time,
  the drawing player first.
- T4: a player who loses a turn during their own turn gets ``state.end_turn_now``; the turn
  flow ends that turn as soon as no choice is pending (``turns.after_action``).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from typing import Any

from rail_app.core.i18n import _, ngettext
from rail_app.games.italian_rails.rules.actions import Action, ChooseLoss
from rail_app.games.italian_rails.rules.board import Board, edge_key
from rail_app.games.italian_rails.rules.deck import event_centres
from rail_app.games.italian_rails.rules.deckmodel import Card
from rail_app.games.italian_rails.rules.eventkinds import EVENT_RULES, EventKind, EventRule, rule_of
from rail_app.games.italian_rails.rules.log import (
    BadWeather,
    Erupted,
    EventDrawn,
    EventOver,
    Flooded,
    LoadLost,
    LossCause,
    NoDerailment,
    SlowedDown,
    StormAtSea,
    TaxPaid,
    TurnLost,
)
from rail_app.games.italian_rails.rules.quotes import LossDetails, Quote, Violation, refused
from rail_app.games.italian_rails.rules.state import (
    ActiveEvent,
    Edge,
    GameState,
    Pending,
    Phase,
    PlayerState,
    WashedOut,
    log,
)

LASTING = tuple(k for k, r in EVENT_RULES.items() if r.lasting)  # E2
SLOW_KINDS = tuple(k for k, r in EVENT_RULES.items() if r.slows)  # E5, M6: half speed
DERAILMENT_LOSS = "derailment_loss"
#: ``protected_until_turn`` of washed-out track whose flood has not ended yet (E4).
PROTECTION_WAITS_FOR_FLOOD = -1


# -- turn counting -------------------------------------------------------------------------


def turns_done(state: GameState, player: int) -> int:
    """How many turns ``player`` has finished. The turn flow increases ``turns_taken`` just
    before the turn-end hooks run, so inside them the turn that is ending counts."""
    return state.players[player].turns_taken


def _expiry(state: GameState, drawn_by: int) -> int:
    """E2: the ``turns_done`` value of the drawing player at which a lasting event ends: the
    end of their *next* turn (the one in progress, if they are playing, does not count)."""
    done = turns_done(state, drawn_by)
    return done + 2 if drawn_by == state.current and state.phase.in_turn else done + 1


# -- queries used by building, movement and the UI -------------------------------------------


def _flood_river(state: GameState, ev: ActiveEvent, edge: Edge) -> str:
    rivers = set(ev.params.get("rivers") or ())
    systems = set(ev.params.get("systems") or ())
    e = state.board.edges.get(edge)
    if e is not None:
        for c in e.crossings:
            if c.kind == "river" and (c.name in rivers or (c.system or c.name) in systems):
                return c.name
    return "river"


def _rule(ev: ActiveEvent) -> EventRule:
    return EVENT_RULES[ev.kind]


def flooded_river(state: GameState, edge: Edge) -> str | None:
    """E4: the name of the flooded river this edge crosses, or None."""
    for ev in state.events:
        if _rule(ev).blocks_edges and edge in ev.edges:
            return _flood_river(state, ev, edge)
    return None


def blocked_edges(state: GameState) -> set[Edge]:
    """E4: edges no train may cross now (flooded rivers)."""
    out: set[Edge] = set()
    for ev in state.events:
        if _rule(ev).blocks_edges:
            out |= ev.edges
    return out


def unbuildable_edges(state: GameState) -> set[Edge]:
    """E6: edges where no one may build now (inside an eruption's zone)."""
    out: set[Edge] = set()
    for ev in state.events:
        if _rule(ev).forbids_building:
            out |= ev.edges
    return out


def closed_ferries(state: GameState) -> set[int]:
    """E5: the ferries that do not sail now."""
    return {f for ev in state.events if _rule(ev).closes_ferries for f in ev.ferries}


def slow_dots(state: GameState) -> frozenset[int]:
    """E5/bad weather: dots where trains move at half speed now."""
    out: set[int] = set()
    for ev in state.events:
        if ev.kind in SLOW_KINDS:
            out |= ev.dots
    return frozenset(out)


def slowed_by(state: GameState, dot: int) -> str:
    """The title of the lasting event that makes ``dot`` a half-speed zone ("" if none)."""
    for ev in state.events:
        if ev.kind in SLOW_KINDS and dot in ev.dots:
            card = state.deck.cards.get(ev.card)
            return card.title if card is not None and card.title else ev.kind.replace("_", " ")
    return ""


def ferry_closed(state: GameState, ferry: int) -> bool:
    """E5: no ferry may be boarded or left during a storm."""
    return any(_rule(ev).closes_ferries and ferry in ev.ferries for ev in state.events)


def storm_over(state: GameState, ferry: int) -> str:
    """E5: the title of the storm that closes ``ferry`` now ("" when it sails)."""
    for ev in state.events:
        if _rule(ev).closes_ferries and ferry in ev.ferries:
            card = state.deck.cards.get(ev.card)
            return card.title if card is not None and card.title else _("the storm")
    return ""


def volcano_dots(state: GameState) -> frozenset[int]:
    """E6: dots of the volcano zones in force (no building there)."""
    out: set[int] = set()
    for ev in state.events:
        if _rule(ev).forbids_building:
            out |= ev.dots
    return frozenset(out)


def build_violations(state: GameState, player: int, edge: Edge) -> list[Violation]:
    """E4 (flooded river, washed-out protection) and E6 (volcano zone) limits on building."""
    out: list[Violation] = []
    river = flooded_river(state, edge)
    if river is not None:
        out.append(Violation("E4", _("Can't build here: the {river} is in flood").format(river=river)))
    for w in state.washed_out:
        if w.edge == edge and w.owner != player:
            who = state.players[w.owner].name
            out.append(Violation(
                "E4", _("Can't build here: {who}'s track was washed out here and {who} may rebuild it first").format(who=who)))
            break
    for ev in state.events:
        if _rule(ev).forbids_building and edge in ev.edges:
            name = str(ev.params.get("volcano") or _("the volcano"))
            out.append(Violation("E6", _("Can't build here: {name} has erupted").format(name=name)))
            break
    return out


def events_in_force_summary(state: GameState) -> list[dict[str, Any]]:
    """The lasting events in force, for the UI's events panel and for replays."""
    out: list[dict[str, Any]] = []
    for ev in state.events:
        card = state.deck.cards.get(ev.card)
        who = state.players[ev.drawn_by].name
        left = ev.expires_after_turn - turns_done(state, ev.drawn_by)
        this_turn = ev.drawn_by == state.current and left <= 1
        when = (_("until the end of {name}'s turn") if this_turn
                else _("until the end of {name}'s next turn")).format(name=who)
        out.append({
            "card": ev.card,
            "kind": ev.kind,
            "title": card.title if card else ev.kind,
            "text": card.text if card else "",
            "drawn_by": ev.drawn_by,
            "expires_after_turn": ev.expires_after_turn,
            "expires": when,
            "dots": len(ev.dots),
            "edges": len(ev.edges),
            "ferries": len(ev.ferries),
        })
    return out


# -- resolving a drawn card (E1) -------------------------------------------------------------


def resolve_event(state: GameState, card_number: int, drawn_by: int) -> None:
    """E1: carry out an event card the moment it is drawn (``state`` is changed in place)."""
    card = state.deck.card(card_number)
    if card.event is None:
        raise ValueError(f"card {card_number} is a demand card, not an event")
    resolver = _RESOLVERS.get(EventKind(card.event))
    if resolver is None:
        raise ValueError(f"card {card_number}: unknown event kind {card.event!r}")
    log(state, EventDrawn(card_number), player=drawn_by)
    resolver(state, card, drawn_by)


def _add_lasting(state: GameState, card: Card, drawn_by: int, **zone: Any) -> ActiveEvent:
    """E2: put a lasting event in force."""
    assert card.event in LASTING
    ev = ActiveEvent(card.number, EventKind(card.event), drawn_by, _expiry(state, drawn_by),
                     params=dict(card.params), **zone)
    state.events = [*state.events, ev]
    return ev


def _erase(state: GameState, edges: Iterator[Edge] | list[Edge]) -> dict[int, list[Edge]]:
    """Erase owned segments (E4, E6); returns the erased edges per former owner."""
    gone: dict[int, list[Edge]] = {}
    for edge in edges:
        owner = state.owner.pop(edge, None)
        if owner is None:
            continue
        state.players[owner].track.discard(edge)
        gone.setdefault(owner, []).append(edge)
    return gone


def _lost(gone: dict[int, list[Edge]]) -> tuple[tuple[int, int], ...]:
    """(seat, segments) of each player who lost track, in seat order."""
    return tuple((p, len(es)) for p, es in sorted(gone.items()))


def _tax(state: GameState, card: Card, drawn_by: int) -> None:
    """E3: each player pays the tax for their cash on hand; cash is public from now on."""
    paid = []
    for pl in state.players:
        tax = max(0, min(state.rules.tax_for(pl.cash), pl.cash))
        pl.cash -= tax
        paid.append(tax)
    state.cash_public = True
    log(state, TaxPaid(tuple(paid)), player=drawn_by)


def _flood(state: GameState, card: Card, drawn_by: int) -> None:
    """E4: erase every segment over the flooded rivers; block them while the flood lasts."""
    rivers = set(card.params.get("rivers") or ())
    systems = set(card.params.get("systems") or ())
    edges = frozenset(
        e.key for e in state.board.edges.values()
        if any(c.kind == "river" and (c.name in rivers or (c.system or c.name) in systems)
               for c in e.crossings))
    gone = _erase(state, sorted(edges))
    washed = [w for w in state.washed_out if not any(w.edge in es for es in gone.values())]
    for owner, es in sorted(gone.items()):
        washed += [WashedOut(e, owner, PROTECTION_WAITS_FOR_FLOOD) for e in es]
    state.washed_out = washed
    _add_lasting(state, card, drawn_by, edges=edges)
    log(state, Flooded(tuple(sorted(rivers)), tuple(sorted(systems)), _lost(gone)),
        player=drawn_by)


def _storm(state: GameState, card: Card, drawn_by: int) -> None:
    """E5: every ferry is closed; trains on the named sea's coast move at half speed."""
    sea = card.params.get("sea")
    dots = state.board.coast.get(str(sea), frozenset()) if sea else frozenset()
    ferries = frozenset(f.index for f in state.board.ferries)
    _add_lasting(state, card, drawn_by, dots=frozenset(dots), ferries=ferries)
    _halve_if_moving(state, dots)
    log(state, StormAtSea(str(sea) if sea else None), player=drawn_by)


def zone_dots(board: Board, centres: Iterable[int], radius: int, *,
              across_ferries: bool = False) -> frozenset[int]:
    """E8: the dots at most ``radius`` segments from any of ``centres``, counted as movement
    counts them: along segments that are not forbidden (B3), ferries only if asked."""
    seen = {c: 0 for c in centres}
    frontier = list(seen)
    for step in range(1, radius + 1):
        nxt: list[int] = []
        for d in frontier:
            links = [n for n in board.adj[d] if board.edges[edge_key(d, n)].forbidden is None]
            if across_ferries:
                links += [f.other_port(d) for f in board.ferries_at.get(d, ())]
            for n in links:
                if n not in seen:
                    seen[n] = step
                    nxt.append(n)
        frontier = nxt
    return frozenset(seen)


def card_zone(board: Board, card: Card) -> frozenset[int]:
    """E8: the dots a zone event (volcano, derailment, bad weather) reaches."""
    rule = rule_of(card.event)
    default = rule.radius if rule is not None and rule.radius is not None else 3
    radius = int(card.params.get("radius", default))
    return zone_dots(board, event_centres(board, card), radius,
                     across_ferries=bool(card.params.get("across_ferries", False)))


def _zone(state: GameState, card: Card) -> frozenset[int]:
    return card_zone(state.board, card)


def _volcano(state: GameState, card: Card, drawn_by: int) -> None:
    """E6: destroy the track within the radius, forbid building there while it lasts; a
    train inside loses its next turn."""
    name = str(card.params.get("volcano", ""))
    b = state.board
    dots = _zone(state, card)
    edges = frozenset(
        e.key for e in b.edges.values()
        if e.a in dots and e.b in dots and not e.free and e.forbidden is None)
    gone = _erase(state, sorted(edges))
    _add_lasting(state, card, drawn_by, dots=dots, edges=edges)
    log(state, Erupted(name, _lost(gone)), player=drawn_by)
    for p in _order(state, drawn_by):
        pl = state.players[p]
        if pl.position is not None and pl.aboard is None and pl.position in dots:
            _lose_turn(state, p, LossCause.ERUPTION)


def _derailment(state: GameState, card: Card, drawn_by: int) -> None:
    """E7: a train within the radius of a listed city loses one load and its next turn."""
    zone = _zone(state, card)
    hit = []
    for p in _order(state, drawn_by):
        pl = state.players[p]
        if pl.position is None or pl.aboard is not None:
            continue
        if pl.position in zone:
            hit.append(p)
    if not hit:
        log(state, NoDerailment(), player=drawn_by)
    for p in hit:
        pl = state.players[p]
        _lose_turn(state, p, LossCause.DERAILMENT)
        if not pl.loads:
            continue
        if len(pl.loads) == 1 and not _private_lock(pl, 0):
            _lose_load(state, p, 0, release=False)
        else:
            _ask_loss(state, p, card.number)


def _bad_weather(state: GameState, card: Card, drawn_by: int) -> None:
    """Bad weather: trains inside the zone move at half speed while it lasts (M6)."""
    dots = _zone(state, card)
    _add_lasting(state, card, drawn_by, dots=dots)
    _halve_if_moving(state, dots)
    log(state, BadWeather(len(dots)), player=drawn_by)


#: What each kind of event does when drawn (E1); its other properties are its row of
#: :data:`~rail_app.games.italian_rails.rules.eventkinds.EVENT_RULES`.
_RESOLVERS: dict[EventKind, Callable[[GameState, Card, int], None]] = {
    EventKind.TAX: _tax,
    EventKind.FLOOD: _flood,
    EventKind.STORM: _storm,
    EventKind.VOLCANO: _volcano,
    EventKind.DERAILMENT: _derailment,
    EventKind.BAD_WEATHER: _bad_weather,
}


def _order(state: GameState, first: int) -> list[int]:
    n = len(state.players)
    return [(first + i) % n for i in range(n)]


def _halve_if_moving(state: GameState, dots: frozenset[int]) -> None:
    """M6: half speed that begins mid-move halves the remaining movement, rounded up."""
    pl = state.player
    if (state.phase is Phase.MOVE and state.moves_left is not None and not state.half_speed_now
            and pl.position in dots and pl.aboard is None):
        state.moves_left = (state.moves_left + 1) // 2
        state.half_speed_now = True
        log(state, SlowedDown(state.moves_left))


def _lose_turn(state: GameState, p: int, cause: LossCause) -> None:
    """T4: skip the player's next turn; during their own turn, that turn also ends now."""
    pl = state.players[p]
    pl.lose_turns += 1
    now = p == state.current and state.phase.in_turn
    if now:
        state.end_turn_now = True
    log(state, TurnLost(cause, now), player=p)


def _private_lock(pl: PlayerState, index: int) -> bool:
    card = pl.loads[index].card
    return card is not None and card in pl.private


def _ask_loss(state: GameState, p: int, card: int) -> None:
    """E7: the owner chooses the lost load; one choice is pending at a time (queued)."""
    if state.pending is None:
        state.pending = Pending(p, DERAILMENT_LOSS, card, {"queue": []})
        return
    queue = [list(x) for x in state.pending.params.get("queue", [])] + [[p, card]]
    old = state.pending
    state.pending = Pending(old.player, old.kind, old.card, {**old.params, "queue": queue})


def _lose_load(state: GameState, p: int, index: int, *, release: bool) -> None:
    """E7: the load leaves the train. A public lock simply ends with it (the card stays in
    the pool, unlocked unless the opponent holds it; the unlocked count may exceed 4). A
    private card stays private, or with ``release`` goes to the public pool (which may then
    hold more than 6 cards)."""
    pl = state.players[p]
    load = pl.loads.pop(index)
    what = load.commodity
    if release and load.card is not None and load.card in pl.private:
        pl.private.remove(load.card)
        state.pool = [*state.pool, load.card]
        log(state, LoadLost(what, load.card), player=p)
    else:
        log(state, LoadLost(what), player=p)


# -- ChooseLoss (E7) -------------------------------------------------------------------------


def quote_choose_loss(state: GameState, action: ChooseLoss) -> Quote:
    """E7: which load the derailed train loses, and whether a private card is released."""
    pend = state.pending
    if pend is None or pend.kind != DERAILMENT_LOSS:
        return refused(action, Violation("E7", _("No derailment is waiting for a choice")))
    pl = state.players[pend.player]
    if not 0 <= action.load < len(pl.loads):
        n = len(pl.loads)
        return refused(action, Violation(
            "E7", ngettext("Choose one of the {n} load on the train",
                           "Choose one of the {n} loads on the train", n).format(n=n)))
    load = pl.loads[action.load]
    if action.release and not _private_lock(pl, action.load):
        return refused(action, Violation(
            "E7", _("Only a load locked to a private card can release its card; the {commodity} is not").format(commodity=load.commodity)))
    return Quote(action, 0, (), LossDetails(pend.player, load.commodity, load.card,
                                            action.release))


def apply_choose_loss(state: GameState, action: ChooseLoss, quote: Quote) -> None:
    pend = state.pending
    assert pend is not None
    _lose_load(state, pend.player, action.load, release=action.release)
    queue = [list(x) for x in pend.params.get("queue", [])]
    state.pending = None
    while queue:
        p, card = queue.pop(0)
        pl = state.players[p]
        if not pl.loads:
            continue
        if len(pl.loads) == 1 and not _private_lock(pl, 0):
            _lose_load(state, p, 0, release=False)
            continue
        state.pending = Pending(p, DERAILMENT_LOSS, card, {"queue": queue})
        break


def loss_actions(state: GameState) -> Iterator[Action]:
    """E7: the choices of a derailed train's owner."""
    pend = state.pending
    if pend is None or pend.kind != DERAILMENT_LOSS:
        return
    pl = state.players[pend.player]
    for i in range(len(pl.loads)):
        yield ChooseLoss(i, False)
        if _private_lock(pl, i):
            yield ChooseLoss(i, True)


# -- turn hooks (E2, E4) ---------------------------------------------------------------------


def events_turn_end(state: GameState, player: int) -> None:
    """E2: lasting events drawn by ``player`` end with their next turn; E4: washed-out
    protection starts when the flood ends and ends after the owner's next turn that was not
    lost (T4)."""
    done = turns_done(state, player)
    ended = [ev for ev in state.events if ev.drawn_by == player and done >= ev.expires_after_turn]
    if ended:
        state.events = [ev for ev in state.events if ev not in ended]
        for ev in ended:
            log(state, EventOver(ev.card), player=player)
    still_flooded = blocked_edges(state)
    washed: list[WashedOut] = []
    for w in state.washed_out:
        if w.protected_until_turn == PROTECTION_WAITS_FOR_FLOOD:
            if w.edge not in still_flooded:
                until = turns_done(state, w.owner) + 1
                w = WashedOut(w.edge, w.owner, until)
        elif w.owner == player and done >= w.protected_until_turn:
            if not state.turn_lost:
                continue
            w = WashedOut(w.edge, w.owner, done + 1)  # a lost turn is no turn to rebuild
        washed.append(w)
    state.washed_out = washed
    if player == state.current:
        state.end_turn_now = False
