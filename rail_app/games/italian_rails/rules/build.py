"""Building (phase B): segments, ferries, locomotive upgrades and loans (K1-K10, V2, V3).

Each quote returns the cost and *every* violation, each with its rule id:

- B1 a segment joins two neighbouring dots of the map;
- B3 forbidden segments (border, open sea) and B4 the free track inside a major city;
- K1 new track starts at an outer dot of a major city or extends the player's own network.
  The network is the set of dots touched by the player's own segments (earlier ones and
  those drawn in this phase) plus both ports of every ferry the player has taken. A major
  city's free track connects only at its outer dots, which are starting points for anyone;
- K2 one segment per pair of dots, one owner;
- K3 new track from at most ``major_starts_per_phase`` (2) major cities in one phase; a
  segment *starts from* a major city when its first dot is an outer dot of that city and
  that dot is not already in the player's network (replayed in drawing order, so erasing
  a start gives the city back);
- K4 at most ``city_segment_limit`` (3) of the player's segments end at one small or medium
  city; with the Small City Access variant (V3) only one player may connect to each small
  city (ferries do not count: they are not segments);
- K5 no segment may cut the opponent off from any city (see :mod:`rail_app.games.italian_rails.rules.reach`);
- K6 the cost is the dot drawn *to* plus crossings (``Board.build_cost``);
- K7 the phase's spending stays within ``build_budget`` (20M) and the cash held;
- E4/E6 limits from :func:`rail_app.games.italian_rails.rules.events.build_violations`.

Ferries (K8) are taken with their own action, :class:`BuildFerry`, rather than by reaching a
port: a port is often a city dot that players build to for other reasons, and an explicit
action lets the player see the ferry's price before taking it. The ferry may be drawn when
one of its ports is in the player's network or is a dot of a major city (drawn from the
city like new track, without counting as a K3 start). The first player to take a ferry pays
the higher printed cost, the second the lower one; a player takes each ferry once, and from
then on both ports belong to the player's network.

Payment (K10) happens when the turn ends (:mod:`rail_app.games.italian_rails.rules.turns`): until then the
player may erase any segment or ferry drawn in this phase (:class:`EraseSegment`; a ferry
is erased by naming its two ports). Erasing is refused when a segment or ferry drawn later
in the phase would be left hanging, connected neither to a major city nor to older track
(rule K1 must stay true of the whole network): erase the later pieces first.

Upgrades (K9) follow ``rules.upgrades``, one per phase, counted in the phase's spending;
the new locomotive is in use at once and paid with the rest at the end of the phase.

Loans (V2) exist only with the Loans variant: the player receives ``loan_amount`` and owes
``loan_repay``, at most one loan at a time. The whole debt is repaid *as soon as* the cash
allows (:func:`repay_loans` runs after every action, for both players; the player to act
keeps back what this phase's drawing already costs), so money earned cannot be spent on
track first. A loan the player could repay at once is refused: loans are for a player short
of cash (the published rules: "a player unable to earn"); beyond that, whether the player
"cannot earn" is left to them.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Iterator

from rail_app.core.i18n import _, money_millions
from rail_app.games.italian_rails.rules import events, reach
from rail_app.games.italian_rails.rules.actions import (
    Action,
    BuildFerry,
    BuildSegment,
    EraseSegment,
    TakeLoan,
    UpgradeLoco,
)
from rail_app.games.italian_rails.rules.board import Board, Ferry, edge_key
from rail_app.games.italian_rails.rules.log import (
    Borrowed,
    Erased,
    FerryTaken,
    Repaid,
    SegmentBuilt,
    Upgraded,
)
from rail_app.games.italian_rails.rules.places import Places
from rail_app.games.italian_rails.rules.quotes import (
    BuildDetails,
    EraseDetails,
    FerryDetails,
    LoanDetails,
    Quote,
    UpgradeDetails,
    Violation,
    refused,
    violation_at,
)
from rail_app.games.italian_rails.rules.state import (
    VARIANT_LOANS,
    VARIANT_SMALL_CITY_ACCESS,
    Edge,
    GameState,
    Phase,
    log,
)

__all__ = [
    "cut_off_cities", "ferry_by_name", "ferry_cost", "in_network", "legal_builds",
    "network_dots", "phase_starts",
]

cut_off_cities = reach.cut_off_cities


# -- small queries -------------------------------------------------------------------------


def _dot(board: Board, key: str) -> int | None:
    return board.find_dot(key)


def _segment_ends(state: GameState, action: BuildSegment | EraseSegment
                  ) -> tuple[int, int] | Quote:
    """The two dots of a segment action, or the refusal: both dots must exist (B1)."""
    a = _dot(state.board, action.a)
    b = _dot(state.board, action.b)
    if a is None or b is None:
        missing = action.a if a is None else action.b
        return refused(action, Violation("B1", _("There is no dot {missing} on this map").format(missing=missing)))
    return a, b


def in_network(state: GameState, player: int, d: int) -> bool:
    """K1: is dot ``d`` touched by one of ``player``'s segments or a port of their ferry?"""
    board = state.board
    owner = state.owner
    for n in board.adj[d]:
        if owner.get(edge_key(d, n)) == player:
            return True
    mine = state.players[player].ferries
    return any(f.index in mine for f in board.ferries_at.get(d, ()))


def network_dots(state: GameState, player: int) -> set[int]:
    """Every dot of ``player``'s network (K1): segment ends and ports of taken ferries."""
    p = state.players[player]
    out: set[int] = set()
    for a, b in p.track:
        out.add(a)
        out.add(b)
    for f in state.board.ferries:
        if f.index in p.ferries:
            out.update(f.ports)
    return out


def phase_starts(state: GameState, player: int, extra: tuple[Edge, int] | None = None
                 ) -> set[str]:
    """K3: the major cities from which new track started in this phase, replaying the
    phase's segments in drawing order (plus ``extra`` = (edge, from dot) drawn last)."""
    board = state.board
    owner = state.owner
    mine = state.players[player].ferries
    entries = [(e, frm) for e, frm, _ in state.phase_built]
    if extra is not None:
        entries.append(extra)
    phase_edges = {e for e, _ in entries}
    so_far: set[Edge] = set()
    starts: set[str] = set()
    for e, frm in entries:
        if board.is_major_outer(frm):
            touched = any(f.index in mine for f in board.ferries_at.get(frm, ()))
            if not touched:
                for n in board.adj[frm]:
                    k = edge_key(frm, n)
                    if k in so_far or (owner.get(k) == player and k not in phase_edges):
                        touched = True
                        break
            if not touched:
                starts.add(board.major_of_dot[frm].name)
        so_far.add(e)
    return starts


def ferry_by_name(board: Board, name: str) -> Ferry | None:
    for f in board.ferries:
        if f.name == name:
            return f
    return None


def ferry_cost(state: GameState, player: int, ferry: Ferry) -> int:
    """K8: the higher printed cost for the first taker, the lower one for the second."""
    takers = [t for t in state.ferry_takers.get(ferry.index, []) if t != player]
    return ferry.low if takers else ferry.high


def _budget_violations(state: GameState, cost: int) -> list[Violation]:
    """K7: the phase's spending within the budget and within the cash held."""
    out: list[Violation] = []
    total = state.phase_spent + cost
    budget = state.rules.build_budget
    if total > budget:
        out.append(Violation("K7", _("This phase's spending would reach {total}: the limit is {budget} per phase").format(total=money_millions(total), budget=money_millions(budget))))
    cash = state.player.cash
    if total > cash:
        out.append(Violation("K7", _("You have {cash}: this phase's spending would reach {total}").format(cash=money_millions(cash), total=money_millions(total))))
    return out


def _name(state: GameState, player: int) -> str:
    return state.players[player].name


# -- BuildSegment --------------------------------------------------------------------------


def quote_build(state: GameState, action: BuildSegment) -> Quote:
    """B1, B3, B4, K1-K7 and event limits for one segment drawn from ``a`` to ``b``."""
    ends = _segment_ends(state, action)
    if not isinstance(ends, tuple):
        return ends
    a, b = ends
    board = state.board
    me = state.current
    edge = board.edge(a, b) if a != b else None
    if edge is None:
        return refused(action, violation_at("B1", board, lambda p: (
            _("Can't build here: {dot} and {dot2} are not neighbouring dots").format(dot=p.dot(a), dot2=p.dot(b)))))
    if edge.free:
        city = board.major_of_dot[a].name
        return refused(action, Violation(
            "B4", _("Can't build here: inside {city}, this track is already free").format(city=city)))
    key = edge.key
    cost = board.build_cost(a, b)
    v: list[Violation] = []
    if edge.forbidden is not None:
        v.append(Violation("B3", _("Can't build here: {forbidden}").format(forbidden=_(edge.forbidden))))
    a_in = in_network(state, me, a)
    if not (a_in or board.is_major_outer(a)):
        hint = ""
        if in_network(state, me, b) or board.is_major_outer(b):
            hint = _(" (draw it from {b} towards {a})").format(b=action.b, a=action.a)
        v.append(Violation("K1", _("New track must start at an outer dot of a major city or extend your own track{hint}").format(hint=hint)))
    holder = state.owner.get(key)
    if holder == me:
        v.append(Violation("K2", _("You already own this segment")))
    elif holder is not None:
        v.append(Violation("K2", _("This segment already belongs to {x}").format(x=_name(state, holder))))
    if board.is_major_outer(a) and not a_in:
        starts = phase_starts(state, me, (key, a))
        limit = state.rules.major_starts_per_phase
        if len(starts) > limit:
            others = sorted(starts - {board.major_of_dot[a].name})
            v.append(Violation("K3", _("In one phase you may start new track from at most {limit} major cities (already: {join})").format(limit=limit, join=', '.join(others))))
    limit = state.rules.city_segment_limit
    small_access = state.variant(VARIANT_SMALL_CITY_ACCESS)
    for d in (a, b):
        town = board.city_of_dot.get(d)
        if town is None or town.major:
            continue
        owners = [state.owner.get(edge_key(d, n)) for n in board.adj[d]]
        if owners.count(me) >= limit:
            v.append(Violation("K4", _("You already have {limit} segments ending at {name}: that is the limit").format(limit=limit, name=town.name)))
        if small_access and town.size == "small" and (1 - me) in owners:
            v.append(Violation("K4", _("Small City Access: only one player may connect to {name}, and {x} already has").format(name=town.name, x=_name(state, 1 - me))))
    if holder is None and edge.forbidden is None:
        lost = reach.cut_off_cities(board, state.player.track, a, b)
        if lost:
            shown = ", ".join(lost[:3]) + (_(" and more") if len(lost) > 3 else "")
            v.append(Violation("K5", _("Can't build here: {x} could no longer reach {shown}").format(x=_name(state, 1 - me), shown=shown)))
    v.extend(_budget_violations(state, cost))
    v.extend(events.build_violations(state, me, key))
    details = BuildDetails(
        frm=action.a, to=action.b, terrain=board.dots[b].terrain, dot_cost=board.dot_cost[b],
        crossings=tuple(f"{c.kind} {c.name}" for c in edge.crossings),
        crossing_cost=edge.crossing_cost, phase_spent_after=state.phase_spent + cost,
        ferry_ports=tuple(f.name for d in (a, b) for f in board.ferries_at.get(d, ())))
    return Quote(action, cost, tuple(v), details)


def apply_build(state: GameState, action: BuildSegment, q: Quote) -> None:
    board = state.board
    a, b = board.dot(action.a), board.dot(action.b)
    key = edge_key(a, b)
    me = state.current
    state.owner[key] = me
    state.player.track.add(key)
    state.phase_built.append((key, a, q.cost))
    state.phase_spent += q.cost
    state.phase_major_starts = phase_starts(state, me)
    state.turn_started = True
    log(state, SegmentBuilt(a, b, q.cost))


# -- BuildFerry ----------------------------------------------------------------------------


def quote_ferry(state: GameState, action: BuildFerry) -> Quote:
    """K8: take a ferry from a port of the network (or a major city's port); K7 budget."""
    board = state.board
    me = state.current
    ferry = ferry_by_name(board, action.ferry)
    if ferry is None:
        names = ", ".join(f.name for f in board.ferries) or "none"
        return refused(action, Violation(
            "K8", _("There is no ferry called {ferry!r} (ferries: {names})").format(ferry=action.ferry, names=names)))
    v: list[Violation] = []
    if ferry.index in state.player.ferries:
        v.append(Violation("K8", _("You have already taken the ferry {name}").format(name=ferry.name)))
    elif not any(in_network(state, me, d) or d in board.major_of_dot for d in ferry.ports):
        x, y = ferry.ports
        v.append(violation_at("K8", board, lambda p: (
            _("Connect your track to a port of {name} ({dot} or {dot2}) before taking the ferry").format(name=ferry.name, dot=p.dot(x), dot2=p.dot(y)))))
    cost = ferry_cost(state, me, ferry)
    v.extend(_budget_violations(state, cost))
    x, y = ferry.ports
    return Quote(action, cost, tuple(v), FerryDetails(
        ferry.name, (board.key(x), board.key(y)), first_taker=cost == ferry.high,
        phase_spent_after=state.phase_spent + cost))


def apply_ferry(state: GameState, action: BuildFerry, q: Quote) -> None:
    ferry = ferry_by_name(state.board, action.ferry)
    assert ferry is not None
    me = state.current
    state.player.ferries.add(ferry.index)
    state.ferry_takers.setdefault(ferry.index, []).append(me)
    state.phase_ferries.append((ferry.index, q.cost))
    state.phase_spent += q.cost
    state.turn_started = True
    log(state, FerryTaken(ferry.index, q.cost))


# -- EraseSegment --------------------------------------------------------------------------


def _hanging_after(state: GameState, player: int, drop_edge: Edge | None,
                   drop_ferry: int | None) -> list[Edge | str]:
    """Pieces drawn in this phase that would connect to nothing (no major city, no older
    track) once ``drop_edge`` or ``drop_ferry`` is erased: segments (their two dots) and
    ferries (their names)."""
    board = state.board
    p = state.players[player]
    phase_edges = {e for e, _, _ in state.phase_built}
    phase_ferry_ids = {f for f, _ in state.phase_ferries}
    links: dict[int, list[int]] = {}
    for e in p.track:
        if e != drop_edge:
            links.setdefault(e[0], []).append(e[1])
            links.setdefault(e[1], []).append(e[0])
    for f in board.ferries:
        if f.index in p.ferries and f.index != drop_ferry:
            x, y = f.ports
            links.setdefault(x, []).append(y)
            links.setdefault(y, []).append(x)
    seen: set[int] = set()
    for d in links:
        anchored = d in board.major_of_dot
        if not anchored:
            anchored = any(edge_key(d, n) in p.track and edge_key(d, n) not in phase_edges
                           for n in board.adj[d])
        if not anchored:
            anchored = any(f.index in p.ferries and f.index not in phase_ferry_ids
                           for f in board.ferries_at.get(d, ()))
        if anchored:
            seen.add(d)
    todo = deque(seen)
    while todo:
        d = todo.popleft()
        for n in links.get(d, ()):
            if n not in seen:
                seen.add(n)
                todo.append(n)
    hanging: list[Edge | str] = []
    for e, _u1, _u2 in state.phase_built:
        if e != drop_edge and e[0] not in seen:
            hanging.append(e)
    for fi, _u1 in state.phase_ferries:
        if fi != drop_ferry and board.ferries[fi].ports[0] not in seen:
            hanging.append(board.ferries[fi].name)
    return hanging


def _piece(p: Places, piece: Edge | str) -> str:
    """A piece of track in a sentence: a segment, or a ferry by its name."""
    return p.segment(*piece) if isinstance(piece, tuple) else _("the ferry {piece}").format(piece=piece)


def quote_erase(state: GameState, action: EraseSegment) -> Quote:
    """K10: erase a segment (or a ferry, named by its two ports) drawn in this phase."""
    ends = _segment_ends(state, action)
    if not isinstance(ends, tuple):
        return ends
    a, b = ends
    board = state.board
    me = state.current
    key = edge_key(a, b)
    built = [c for e, _k, c in state.phase_built if e == key]
    ferry = next((f for f in board.ferries if set(f.ports) == {a, b}), None)
    ferry_cost_paid = [c for fi, c in state.phase_ferries if ferry and fi == ferry.index]
    details: EraseDetails
    if built:
        hanging = _hanging_after(state, me, key, None)
        details = EraseDetails(built[0], f"{action.a}-{action.b}", edge=key)
    elif ferry_cost_paid and ferry is not None:
        hanging = _hanging_after(state, me, None, ferry.index)
        details = EraseDetails(ferry_cost_paid[0], _("the ferry {name}").format(name=ferry.name), ferry=ferry.index)
    elif state.owner.get(key) == me or (ferry is not None and ferry.index in state.player.ferries):
        return refused(action, Violation(
            "K10", _("Track from earlier turns is permanent: only this phase's drawing can be "
                   "erased")))
    else:
        return refused(action, violation_at("K10", board, lambda p: (
            _("You drew nothing between {dot} and {dot2} in this phase").format(dot=p.dot(a), dot2=p.dot(b)))))
    if hanging:
        erased: Edge | str = (a, b) if details.edge is not None or ferry is None else ferry.name
        more = _(" and more") if len(hanging) > 3 else ""

        def sentence(p: Places) -> str:
            shown = ", ".join(_piece(p, x) for x in hanging[:3]) + more
            return (_("Can't erase {x}: {shown} drawn from it would connect to nothing; erase that first").format(x=_piece(p, erased), shown=shown))

        return Quote(action, 0, (violation_at("K1", board, sentence),), details)
    return Quote(action, 0, (), details)


def apply_erase(state: GameState, action: EraseSegment, q: Quote) -> None:
    d = q.detail(EraseDetails)
    assert d is not None
    board = state.board
    me = state.current
    if d.edge is not None:
        key = d.edge
        state.owner.pop(key, None)
        state.player.track.discard(key)
        state.phase_built = [x for x in state.phase_built if x[0] != key]
    else:
        assert d.ferry is not None
        ferry = board.ferries[d.ferry]
        state.player.ferries.discard(ferry.index)
        takers = state.ferry_takers.get(ferry.index, [])
        if me in takers:
            takers.remove(me)
        if not takers:
            state.ferry_takers.pop(ferry.index, None)
        state.phase_ferries = [x for x in state.phase_ferries if x[0] != ferry.index]
    state.phase_spent -= d.refund
    state.phase_major_starts = phase_starts(state, me)
    if d.edge is not None:
        a, b = _dot(board, action.a), _dot(board, action.b)  # as the segment was named
        log(state, Erased(a, b))
    else:
        log(state, Erased(ferry=d.ferry))


# -- UpgradeLoco ---------------------------------------------------------------------------


def quote_upgrade(state: GameState, action: UpgradeLoco) -> Quote:
    """K9: an upgrade from the map's table, one per phase, within the K7 budget."""
    rules = state.rules
    p = state.player
    v: list[Violation] = []
    loco = rules.locomotives.get(action.to)
    if loco is None:
        names = ", ".join(rules.locomotives)
        return refused(action, Violation(
            "K9", _("There is no locomotive called {to!r} ({names})").format(to=action.to, names=names)))
    cost = rules.upgrades.get((p.loco, action.to))
    if cost is None:
        options = [f"{to} ({c}M)" for (frm, to), c in rules.upgrades.items() if frm == p.loco]
        can = ", ".join(options) if options else "nothing"
        v.append(Violation("K9", _("{loco} cannot become {to}: it can become {can}").format(loco=p.loco, to=action.to, can=can)))
        cost = 0
    if state.phase_upgrade is not None:
        v.append(Violation("K9", _("One locomotive upgrade per phase")))
    if len(p.loads) > loco.capacity:
        v.append(Violation("K9", _("Your train carries {n} loads and {to} holds {capacity}").format(n=len(p.loads), to=action.to, capacity=loco.capacity)))
    v.extend(_budget_violations(state, cost))
    return Quote(action, cost, tuple(v), UpgradeDetails(p.loco, action.to,
                                                        state.phase_spent + cost))


def apply_upgrade(state: GameState, action: UpgradeLoco, q: Quote) -> None:
    p = state.player
    state.phase_upgrade = (p.loco, action.to, q.cost)
    state.phase_spent += q.cost
    p.loco = action.to
    state.turn_started = True
    log(state, Upgraded(action.to, q.cost))


# -- TakeLoan (V2) -------------------------------------------------------------------------


def quote_loan(state: GameState, action: TakeLoan) -> Quote:
    """V2: borrow ``loan_amount``, owe ``loan_repay``; one loan at a time."""
    if not state.variant(VARIANT_LOANS):
        return refused(action, Violation("V2", _("Loans are not in this game")))
    rules = state.rules
    v: list[Violation] = []
    if state.player.loan_due > 0:
        v.append(Violation("V2", _("Repay your loan first ({loan_due} still owed)").format(loan_due=money_millions(state.player.loan_due))))
    elif _spendable(state, state.current) + rules.loan_amount >= rules.loan_repay:
        v.append(Violation("V2", _("A loan of {loan_amount} would have to be repaid ({loan_repay}) at once: loans are for a player short of cash").format(loan_amount=money_millions(rules.loan_amount), loan_repay=money_millions(rules.loan_repay))))
    return Quote(action, 0, tuple(v), LoanDetails(rules.loan_amount, rules.loan_repay))


def apply_loan(state: GameState, action: TakeLoan, q: Quote) -> None:
    p = state.player
    p.cash += state.rules.loan_amount
    p.loan_due += state.rules.loan_repay
    log(state, Borrowed(state.rules.loan_amount, state.rules.loan_repay))


def _spendable(state: GameState, player: int) -> int:
    """Cash not yet promised: the player to act owes this phase's drawing (K7, K10)."""
    p = state.players[player]
    return p.cash - (state.phase_spent if player == state.current else 0)


def repay_loans(state: GameState) -> None:
    """V2: a debt is repaid in full as soon as the cash allows (after every action)."""
    for i, p in enumerate(state.players):
        if p.loan_due > 0 and _spendable(state, i) >= p.loan_due:
            p.cash -= p.loan_due
            log(state, Repaid(p.loan_due), player=i)
            p.loan_due = 0


# -- legal moves ---------------------------------------------------------------------------


def _start_dots(state: GameState, player: int) -> set[int]:
    board = state.board
    out = network_dots(state, player)
    for c in board.majors:
        out.update(c.outer)
    return out


def _candidate_builds(state: GameState) -> Iterator[BuildSegment]:
    """Segments worth quoting: unowned, legal-looking, from a dot where track may start."""
    board = state.board
    owner = state.owner
    for a in sorted(_start_dots(state, state.current)):
        for b in sorted(board.adj[a]):
            e = board.edges[edge_key(a, b)]
            if e.forbidden is None and not e.free and e.key not in owner:
                yield BuildSegment(board.key(a), board.key(b))


def legal_builds(state: GameState) -> list[BuildSegment]:
    """Every legal segment now (from major cities' outer dots and the player's network),
    sorted by (from dot, to dot) ids; empty outside the player's build phase."""
    if state.phase is not Phase.BUILD or state.pending is not None or state.outcome is not None:
        return []
    return [c for c in _candidate_builds(state) if quote_build(state, c).ok]


def build_actions(state: GameState) -> list[Action]:
    """Building actions worth quoting now (the engine keeps the legal ones)."""
    if state.phase is not Phase.BUILD:
        return []
    out: list[Action] = list(_candidate_builds(state))
    out.extend(BuildFerry(f.name) for f in state.board.ferries
               if f.index not in state.player.ferries)
    out.extend(UpgradeLoco(to) for (frm, to) in state.rules.upgrades if frm == state.player.loco)
    for e, _u1, _u2 in state.phase_built:
        out.append(EraseSegment(state.board.key(e[0]), state.board.key(e[1])))
    if state.variant(VARIANT_LOANS):
        out.append(TakeLoan())
    return out
