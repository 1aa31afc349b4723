"""The steps of the guided first game ("Learn to play"): what each says, what it waits for,
what it lights up on the screen, and what the lesson does not let the player do yet.

A step is done when the game (or the table) shows what it asked for; the lesson's panel then
offers Next. The lesson follows :class:`~rail_app.games.italian_rails.ui.lessonfiles.LessonPlan`: build out of a
major city and across a river, meet a refused segment, join the other city, place the
train, pick up and lock, deliver, the public pool, take a ferry, swap demands, read the
event that the swap draws, end the turn.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from rail_app.core.i18n import N_, _, money_millions, ngettext, pgettext
from rail_app.games.italian_rails.rules.actions import (
    Action,
    BuildFerry,
    Deliver,
    Drop,
    EndPhase,
    EndTurn,
    KeepCards,
    Lock,
    MoveTrain,
    PickUp,
    PlaceTrain,
    SwapDemands,
    TakeLoan,
    UpgradeLoco,
)
from rail_app.games.italian_rails.rules.board import edge_key
from rail_app.games.italian_rails.rules.build import network_dots
from rail_app.games.italian_rails.rules.state import GameState, Phase
from rail_app.games.italian_rails.ui.commands import Command, Demand, Intent, Play, ToggleCard
from rail_app.games.italian_rails.ui.lessonfiles import LessonPlan

Key = Command | Demand


@dataclass
class LessonState:
    """Where the lesson is (kept on the table; see :mod:`rail_app.games.italian_rails.ui.teaching`)."""

    plan: LessonPlan
    step: int = 0
    refused: bool = False  # the player met a refused segment (B3)
    event_seen: bool = False  # an event card was shown after the swap
    focused: int = -1  # the step the camera was brought to
    saved: int = -1  # the step whose progress is on disk
    met: int = -1  # the step whose wish was met (it stays met: a pointer may move on)
    shown: int = -1  # the step whose start is noted below
    #: the player's track when the step ``shown`` began: a step asking for track is done
    #: by a segment drawn after it showed, never by one drawn before
    track: frozenset[tuple[int, int]] = frozenset()


@dataclass(frozen=True)
class Look:
    """What a step reads to know whether it is done."""

    state: GameState
    lesson: LessonState
    hovered: Key | None
    ghost: bool  # the hovered demand's way is shown
    popups: bool = False  # an event card is shown


@dataclass(frozen=True)
class Target:
    """Something a step lights up: a dot of the map, a widget, or a ferry's route."""

    dot: int | None = None
    widget: Key | None = None
    ferry: int | None = None


@dataclass(frozen=True)
class Step:
    title: str
    text: str  # with {fields} of the plan filled in (see :func:`words`)
    done: Callable[[Look], bool]
    targets: Callable[[Look], list[Target]] = lambda look: []
    hold: str = ""  # while not done, why the actions ``holds`` must wait
    holds: tuple[type[Action], ...] = ()
    info: bool = False  # only words to read: Next goes on
    focus: str = ""  # bring the camera to the "line" between the two cities, or the "ferry"
    #: what the panel adds once the step is done, saying what the player did (the step may
    #: be done before it shows, when the player went on ahead)
    ack: Callable[[Look], str] = lambda look: ""


def _owns_near(look: Look, city: str) -> bool:
    st = look.state
    dots = set(st.board.cities[city].dots)
    return bool(network_dots(st, 0) & dots)


def _reaches(look: Look) -> bool:
    """The player's network joins the two cities (B4's free track counts)."""
    import networkx as nx

    st = look.state
    board = st.board
    g = nx.Graph(list(st.players[0].track))
    for c in (board.cities[look.lesson.plan.supplier], board.cities[look.lesson.plan.city]):
        for d in c.dots:
            g.add_edge(("city", c.name), d)
    a, b = ("city", look.lesson.plan.supplier), ("city", look.lesson.plan.city)
    return a in g and b in g and nx.has_path(g, a, b)


def _river(look: Look) -> bool:
    """A segment over a river drawn since the step showed."""
    board = look.state.board
    new = look.state.players[0].track - look.lesson.track
    return look.lesson.shown == look.lesson.step and any(
        board.edges[e].crosses("river") for e in new)


def next_river(state: GameState, plan: LessonPlan) -> tuple[int, int, list[str]] | None:
    """The first segment of the lesson's line over a river that the player has not drawn
    yet: its two dots and the rivers it crosses (None: every one is drawn)."""
    board = state.board
    for a, b in zip(plan.line, plan.line[1:], strict=False):
        e = board.edge(a, b)
        if e is None or edge_key(a, b) in state.players[0].track:
            continue
        names = [c.name for c in e.crossings if c.kind == "river"]
        if names:
            return a, b, list(dict.fromkeys(names))
    return None


def _river_targets(look: Look) -> list[Target]:
    nxt = next_river(look.state, look.lesson.plan)
    return [] if nxt is None else [Target(dot=nxt[1])]


def rivers_crossed(state: GameState, before: frozenset[tuple[int, int]] = frozenset()
                   ) -> list[str]:
    """The rivers the player's own track crosses (leaving out the segments ``before``), in
    the order of its segments."""
    board = state.board
    out: list[str] = []
    for e in sorted(state.players[0].track - before):
        for c in board.edges[e].crossings:
            if c.kind == "river" and c.name not in out:
                out.append(c.name)
    return out


def _river_ack(look: Look) -> str:
    names = rivers_crossed(look.state, look.lesson.track)
    return ngettext("Done: your line crosses the {rivers}.",
                    "Done: your line crosses the {rivers}.", len(names)).format(
                        rivers=_(" and the ").join(names))


def _my_move(look: Look) -> bool:
    st = look.state
    return st.current == 0 and st.phase is Phase.MOVE and st.pending is None


def _turns(look: Look) -> int:
    return look.state.players[0].turns_taken


def _locked(look: Look) -> bool:
    p = look.lesson.plan
    return any(x.card == p.card and x.demand == p.demand for x in look.state.players[0].loads)


def _delivered(look: Look) -> bool:
    p = look.lesson.plan
    return p.card not in look.state.players[0].private and not _locked(look)


def _pool_hovered(look: Look) -> bool:
    st = look.state
    h = look.hovered
    return look.ghost and isinstance(h, Demand) and any(
        (d.commodity, d.city) == (h.commodity, h.city)
        for n in st.pool for d in st.deck.card(n).demands)


def _pool_demand(look: Look) -> Demand:
    st = look.state
    d = st.deck.card(st.pool[0]).demands[0] if st.pool else None
    return Demand(d.commodity, d.city) if d is not None else Demand("", "")


def _swapped(look: Look) -> bool:
    return any(isinstance(a, SwapDemands) for who, a in look.state.history if who == 0)


def _end(look: Look) -> list[Target]:
    return [Target(widget=Intent.END_PHASE)]


def _line_ends(look: Look) -> list[Target]:
    line = look.lesson.plan.line
    return [Target(dot=line[0]), Target(dot=line[1])]


def _ferry(look: Look) -> list[Target]:
    if look.state.phase is Phase.MOVE:
        return _end(look)
    return [Target(ferry=look.lesson.plan.ferry)]


STEPS: tuple[Step, ...] = (
    Step(N_("Welcome to Italian Rails"),
         N_("Two railway companies draw track on Italy with marker pens, carry goods that the "
         "demand cards ask for, and race to 250M with all four red hexagons (the major "
         "cities) joined. You are {player}, in blue; {partner} only passes in this lesson, so "
         "take your time. Press Next."), lambda look: True, info=True),
    Step(N_("Keep two cards"),
         N_("Each card asks for three deliveries; at most one of them is paid. Keep the two "
         "lit cards (click each one), then press Keep. The other cards form the public pool "
         "that both players may use (C2)."),
         lambda look: look.state.phase is not Phase.SETUP,
         lambda look: [Target(widget=ToggleCard(c)) for c in look.lesson.plan.keep]
         + [Target(widget=Intent.KEEP_CHOSEN)]),
    Step(N_("Build out of a major city"),
         N_("Track starts at the edge of a red hexagon. Press on the lit dot of {supplier} and "
         "drag to the next lit dot: the pen draws dot to dot and shows what each segment "
         "costs (K1, K6)."),
         lambda look: _owns_near(look, look.lesson.plan.supplier), _line_ends, focus="line",
         ack=lambda look: _("Done: your track leaves {supplier}.").format(
             supplier=look.lesson.plan.supplier)),
    Step(N_("Cross a river"),
         N_("Keep drawing north-west, towards {city}. A segment over a river costs 2M more "
         "(B2): hover a segment to see what it crosses. Draw on to the lit dot: the last "
         "segment to it crosses the {river}."),
         _river, _river_targets, focus="line", ack=_river_ack),
    Step(N_("A refused segment"),
         N_("Not every segment may be drawn. Draw from your line to the lit dot on the coast, "
         "then on across the bay to the other lit dot: the pen stops with a red cross and "
         "says why (B3). Segments before it are kept; Backspace erases the last one."),
         lambda look: look.lesson.refused,
         lambda look: [Target(dot=look.lesson.plan.sea[0]), Target(dot=look.lesson.plan.sea[1])],
         focus="line", ack=lambda look: _("Done: the pen stopped where the rules refuse (B3).")),
    Step(N_("Join {city}"),
         N_("Draw on to {city}'s red hexagon. A turn's building may cost at most 20M (K7): "
         "when you reach it, press End build and go on next turn. You pay when the build "
         "ends (K10)."),
         _reaches, lambda look: [Target(dot=look.state.board.cities[look.lesson.plan.city].centre)],
         focus="line", ack=lambda look: _("Done: your track joins {supplier} and {city}.").format(
             supplier=look.lesson.plan.supplier, city=look.lesson.plan.city)),
    Step(N_("End the build"),
         N_("Press End build (or Enter). Your first two turns are for building only (T2); the "
         "train runs from your third turn on."),
         lambda look: _turns(look) >= 1, _end,
         ack=lambda look: _("Done: you paid for your track (K10) and {partner} passed. This "
                            "is your second turn.").format(
                                partner=look.state.players[1].name)),
    Step(N_("A second turn of building"),
         N_("Your second turn is for building only too (T2). Draw more track if you like, or "
         "press End build again: from your third turn the train runs."),
         lambda look: _turns(look) >= 2 and _my_move(look), _end,
         ack=lambda look: _("Done: your third turn begins with the move (phase A).")),
    Step(N_("Place the train"),
         N_("Now the train. Click {supplier} to place it there (M1), then click again."),
         lambda look: look.state.players[0].position in look.state.board.cities[
             look.lesson.plan.supplier].dots,
         lambda look: [Target(dot=look.state.board.cities[look.lesson.plan.supplier].centre)],
         hold=N_("Place the train at {supplier} first"), holds=(EndPhase,),
         ack=lambda look: _("Done: the train stands at {supplier}.").format(
             supplier=look.lesson.plan.supplier)),
    Step(N_("Pick up and lock"),
         N_("{supplier} offers {commodity}. Your card {card} pays {payoff}M for {commodity} in "
         "{city}. Press the lit button to pick it up locked to that demand: the load is "
         "then for that card only (C3)."),
         _locked, lambda look: [Target(widget=Play(PickUp(
             look.lesson.plan.commodity, look.lesson.plan.card, look.lesson.plan.demand)))],
         hold=N_("Pick up the {commodity} first"), holds=(EndPhase, MoveTrain),
         ack=lambda look: _("Done: the {commodity} is locked to card {card}.").format(
             commodity=pgettext("commodity", look.lesson.plan.commodity),
             card=look.lesson.plan.card)),
    Step(N_("Deliver"),
         N_("Click {city}: the route shows the moves it takes and where the train stops. Click "
         "again to go, then press Deliver: the payoff is paid at once (C5)."),
         _delivered, lambda look: [
             Target(dot=look.state.board.cities[look.lesson.plan.city].centre),
             Target(widget=Play(Deliver(look.lesson.plan.card, look.lesson.plan.demand)))],
         ack=lambda look: _("Done: delivered and paid; you hold {cash} now.").format(
             cash=money_millions(look.state.players[0].cash))),
    Step(N_("The public pool"),
         N_("Card {card} is spent: a delivered private card is not replaced, so more and more "
         "you work from the public pool (C5). Rest the pointer on a demand of a pool card: "
         "its suppliers light up, and a dashed line shows the track still to build to "
         "serve it, with its cost and turns."),
         _pool_hovered, lambda look: [Target(widget=_pool_demand(look))],
         ack=lambda look: _("Done: that is the track a demand needs, and its cost.")),
    Step(N_("Lock a public card"),
         N_("A load you carry can be locked to a demand of a public card too: pick it up "
         "locked, or lock a load on the train in phase A (C4). {partner} may lock the same "
         "demand: the first to deliver is paid, and the other gets the cube back (C5). Once "
         "a demand of a card is locked, its other two are closed to the other player."),
         lambda look: True, info=True),
    Step(N_("Rent"),
         N_("Your train may also run on {partner}'s track: the first time in a turn it does, "
         "you pay {partner} the rent, {rent}M (M3). A short ride on someone's line can be "
         "cheaper than building your own."), lambda look: True, info=True),
    Step(N_("Take a ferry"),
         N_("Ferries cross the sea. Press End move, then click the route of the {ferry} ferry "
         "(the dashed line from {supplier}) and take it. The first player to take a ferry "
         "pays the higher price (K8); then the train may board it at either port (M5)."),
         lambda look: look.lesson.plan.ferry in look.state.players[0].ferries, _ferry,
         hold=N_("Take the {ferry} ferry first"), holds=(EndTurn,), focus="ferry",
         ack=lambda look: _("Done: the ferry is yours; the other player would pay the lower "
                            "price, {low}M (K8).").format(
                                low=look.state.board.ferries[look.lesson.plan.ferry].low)),
    Step(N_("Board a ferry"),
         N_("To cross, bring the train to a port of a ferry you have taken, at the start of a "
         "move, and click the ferry's route: the train boards, and its move ends. The next "
         "turn it lands on the far side and runs at half speed (M5). A storm closes the "
         "ferries (E5)."), lambda look: True, info=True),
    Step(N_("End the turn"),
         N_("Press End build: {partner} passes, and your next turn begins."),
         lambda look: _my_move(look) and not look.state.turn_started and _turns(look) >= 3,
         _end, ack=lambda look: _("Done: a new turn.")),
    Step(N_("Swap demands"),
         N_("No card suits you? At the start of a turn, with no locked loads, you may swap "
         "demands instead of moving and building: three public cards are discarded and "
         "three drawn (C6). Press Swap demands, then Swap."),
         _swapped, lambda look: [Target(widget=Intent.ASK_SWAP), Target(widget=Intent.CONFIRM)],
         hold=N_("Swap demands first: moving would start the turn"), holds=(
             PlaceTrain, MoveTrain, EndPhase),
         ack=lambda look: _("Done: three public cards are new.")),
    Step(N_("An event"),
         N_("A drawn card can be an event: it takes effect at once, and lasting ones stay "
         "until the end of the drawer's next turn (E1, E2). Read it and press OK; events in "
         "force are listed in the side panel and drawn on the map."),
         lambda look: look.lesson.event_seen and not look.popups,
         lambda look: [Target(widget=Intent.DISMISS_EVENT)],
         ack=lambda look: _("Done: its zone stays on the map while it lasts.")),
    Step(N_("End the turn"),
         N_("After a swap only locking remains (C6): press End turn."),
         lambda look: look.state.current != 0 or _turns(look) >= 5, _end,
         ack=lambda look: _("Done: the turn passed.")),
    Step(N_("A faster train"),
         N_("With money to spare, Upgrade buys a faster locomotive, or one that carries three "
         "loads, for {upgrade}M in the build phase (K9). Early on, track pays better; once "
         "your network is good, speed does."),
         lambda look: True, lambda look: [Target(widget=Intent.OPEN_UPGRADE)], info=True),
    Step(N_("How the game ends"),
         N_("The first to hold {win}M with a network of their own joining the four major cities "
         "(ferries they took count) ends the game: the round is played out so that both have "
         "had as many turns, and the most cash wins (W1, W2). The side panel ticks the major "
         "cities your network joins and shows your cash against {win}M."),
         lambda look: True, info=True),
    Step(N_("Well done"),
         N_("You know the game: build, carry, deliver, and watch the events. The first to hold "
         "250M with the four major cities joined ends the game (W1). F1 shows the controls "
         "and the rules at any time; Suggest shows what the Hard computer would do. Press "
         "Finish."), lambda look: True, info=True),
)


def step_done(look: Look) -> bool:
    """The current step is done (now, or it was once)."""
    ls = look.lesson
    return ls.met == ls.step or STEPS[min(ls.step, len(STEPS) - 1)].done(look)


def words(text: str, state: GameState, plan: LessonPlan) -> str:
    """A step's words with the plan's names filled in."""
    board = state.board
    dem = state.deck.card(plan.card).demands[plan.demand]
    nxt = next_river(state, plan)
    rivers = nxt[2] if nxt is not None else []
    me = state.players[0]
    upgrade = min((c for (frm, _to), c in state.rules.upgrades.items() if frm == me.loco),
                  default=20)
    return _(text).format(player=state.players[0].name, partner=state.players[1].name,
                          supplier=plan.supplier, city=plan.city,
                          commodity=pgettext("commodity", plan.commodity),
                          card=plan.card, payoff=dem.payoff,
                          river=_(" and the ").join(dict.fromkeys(rivers)) or _("river"),
                          ferry=board.ferries[plan.ferry].name, rent=state.rules.rental_fee,
                          upgrade=upgrade, win=state.rules.win_cash)


def refusal(action: Action, state: GameState, lesson: LessonState) -> str:
    """Why the lesson does not let the player do ``action`` now ("" when it may)."""
    plan = lesson.plan
    step = STEPS[min(lesson.step, len(STEPS) - 1)]
    if isinstance(action, KeepCards) and tuple(sorted(action.cards)) != plan.keep:
        return _("In this lesson, keep the two lit cards")
    if isinstance(action, PickUp | Lock | Deliver) and (action.card, action.demand) != (
            plan.card, plan.demand):
        return (_("In this lesson, pick up {commodity} for {city} (card {card})").format(commodity=pgettext("commodity", plan.commodity), city=plan.city, card=plan.card))
    if isinstance(action, Drop):
        return _("Keep your load in this lesson")
    if isinstance(action, PlaceTrain):
        d = state.board.find_dot(action.dot)
        if d not in state.board.cities[plan.supplier].dots:
            return _("Place the train at {supplier} in this lesson").format(supplier=plan.supplier)
    if isinstance(action, SwapDemands) and step.title != "Swap demands":
        return _("The lesson comes to swapping demands later")
    if isinstance(action, UpgradeLoco | TakeLoan):
        return _("Not in this lesson: keep your money for track")
    if isinstance(action, BuildFerry) and state.board.ferries[plan.ferry].name != action.ferry:
        return _("In this lesson, take the {name} ferry").format(name=state.board.ferries[plan.ferry].name)
    if isinstance(action, step.holds) and state.current == 0:
        look = Look(state, lesson, None, False)
        if not step.done(look):
            return words(step.hold, state, plan) + _(" (the lesson waits)")
    return ""
