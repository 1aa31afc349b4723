"""The guided first game ("Learn to play"): its fixed deal, its plan and its place on disk.

The lesson is a real game on the map of Italy with a fixed seed (:data:`SEED`): the cards
dealt are always the same, and since the partner only passes and the lesson lets the player
use only the lesson's cards, every card drawn is the same too, down to the event that the
swap of demands draws. :class:`LessonPlan` works out from the deal what the lesson teaches
with (the demand to serve, the cards to keep, the line out of Napoli towards Roma, the
segment over the sea that the rules refuse, the ferry from Napoli); ``python -m rail_app
lesson-seed`` finds another seed if the map or its deck ever change (a test says so).

Leaving the lesson keeps it: the game (``lesson/game.json``, written after every step and
every turn) and the step reached (``lesson/progress.json``), both in the user data folder
and apart from the saved games. "Learn to play" resumes it at that step; the lesson's panel
can start it over.
"""

from __future__ import annotations

import contextlib
import json
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from rail_app.core import guarded
from rail_app.core.files import write_atomic
from rail_app.core.i18n import _
from rail_app.core.paths import resource_path, user_data_dir
from rail_app.games.italian_rails.rules.eventkinds import EventKind

if TYPE_CHECKING:  # the rules are imported when a lesson begins, not by the main menu
    from rail_app.games.italian_rails.rules.actions import Action
    from rail_app.games.italian_rails.rules.state import GameState
    from rail_app.ui.session import Session

SEED = 57
MAP = ("maps", "italy.yaml")
PLAYER, PARTNER = "Anna", "Bruno"
#: The deliveries the lesson can teach with (commodity, city): a supplier one major city,
#: the city wanting it the other, a line between them that crosses a river beyond its first
#: segment (the river step comes after the first segment is drawn).
DELIVERIES = (("pasta", "Roma"), ("wine", "Napoli"))
#: The events the lesson's deal may draw: they leave the lesson's track whole and its train
#: running (no erasure, no derailment).
ACCEPTED_EVENTS = (EventKind.TAX, EventKind.STORM, EventKind.BAD_WEATHER)


@dataclass(frozen=True)
class LessonPlan:
    """What the lesson teaches with, worked out from the game (see the module docstring)."""

    card: int
    demand: int
    commodity: str
    supplier: str  # the major city offering the commodity, where the line starts
    city: str  # the major city that wants it
    keep: tuple[int, int]  # the private cards to keep (C2)
    line: tuple[int, ...]  # the cheapest line from the supplier's outer dot to the city
    sea: tuple[int, int]  # (a dot near the line, the dot across the sea): refused (B3)
    ferry: int  # the ferry from the supplier's port (K8)


def plan_for(state: GameState) -> LessonPlan | None:
    """The lesson's plan for a game whose cards are dealt (None: this deal cannot teach the
    lesson). The deal is read from the player's dealt cards, or from the kept ones."""
    import networkx as nx

    board = state.board
    me = state.players[0]
    cards = sorted(me.dealt or me.private + me.dealt)
    found = None
    for n in cards:
        for j, dem in enumerate(state.deck.card(n).demands):
            if (dem.commodity, dem.city) in DELIVERIES:
                found = (n, j, dem.commodity, dem.city)
    if found is None:
        return None
    card, demand, commodity, city = found
    supplier = next((c for c in board.suppliers.get(commodity, []) if c.major), None)
    if supplier is None:
        return None
    keep = me.private if me.private else [card, min(x for x in cards if x != card)]
    g = nx.DiGraph()
    for e in board.edges.values():
        if e.forbidden is None and not e.free:
            g.add_edge(e.a, e.b, weight=board.build_cost(e.a, e.b))
            g.add_edge(e.b, e.a, weight=board.build_cost(e.b, e.a))
    best: tuple[float, list[int]] | None = None
    for o in supplier.outer:
        for t in board.cities[city].dots:
            try:
                cost, path = nx.single_source_dijkstra(g, o, t)
            except (nx.NetworkXNoPath, nx.NodeNotFound):
                continue
            if best is None or cost < best[0]:
                best = (cost, path)
    if best is None:
        return None
    line = best[1]
    # the river step comes after the first segment is drawn: a river must lie beyond it
    beyond = [board.edge(a, b) for a, b in zip(line[1:], line[2:], strict=False)]
    if not any(c.kind == "river" for e in beyond if e is not None for c in e.crossings):
        return None
    sea = _sea_edge(state, line)
    ferry = next((f.index for f in board.ferries if any(
        board.city_of_dot.get(p) is supplier for p in f.ports)), None)
    if sea is None or ferry is None:
        return None
    return LessonPlan(card, demand, commodity, supplier.name, city,
                      (min(keep), max(keep)), tuple(line), sea, ferry)


def _sea_edge(state: GameState, line: list[int]) -> tuple[int, int] | None:
    """A segment the rules refuse (B3: over open sea) from a dot next to the line."""
    board = state.board
    on = set(line)
    best: tuple[int, int, int] | None = None
    for e in board.edges.values():
        if not e.forbidden or "sea" not in e.forbidden:
            continue
        for inside, outside in ((e.a, e.b), (e.b, e.a)):
            near = min(board.distance(inside, x) for x in on)
            if near <= 1 and inside not in board.city_of_dot and (
                    best is None or near < best[0]):
                best = (near, inside, outside)
    return (best[1], best[2]) if best is not None else None


class Partner:
    """The lesson's other player: keeps the first two cards dealt and passes every turn,
    so the player learns at their own pace and every card drawn is the lesson's. It is
    handed what its seat may see, as every computer player is."""

    def choose(self, view: GameState) -> Action:
        return self.next_action(view)

    def next_action(self, state: GameState) -> Action:
        from rail_app.games.italian_rails.rules.actions import (
            ChooseLoss,
            EndPhase,
            EndTurn,
            KeepCards,
        )
        from rail_app.games.italian_rails.rules.state import Phase

        if state.pending is not None:
            return ChooseLoss(0)
        if state.phase is Phase.SETUP:
            return KeepCards(tuple(sorted(state.player.dealt)[:2]))
        return EndPhase() if state.phase is Phase.MOVE else EndTurn()


# -- the lesson on disk ------------------------------------------------------------------------


def lesson_dir() -> Path:
    """The lesson's folder, made when the disk allows (else writing into it says why)."""
    p = user_data_dir() / "lesson"
    with contextlib.suppress(OSError):
        p.mkdir(parents=True, exist_ok=True)
    return p


def game_path() -> Path:
    return lesson_dir() / "game.json"


def progress_path() -> Path:
    return lesson_dir() / "progress.json"


def saved_step() -> int | None:
    """The step a lesson left unfinished reached (None: no lesson to resume)."""
    p = progress_path()
    if not p.exists() or not game_path().exists():
        return None
    try:  # the guarded reader: a folder, a pipe, a device or a hostile file is no lesson
        data = guarded.read_json(p, guarded.SETTINGS)
    except guarded.GuardError:
        return None
    step = data.get("step") if isinstance(data, dict) else None
    return step if isinstance(step, int) and not isinstance(step, bool) and step >= 0 \
        else None


def write_progress(step: int) -> None:
    write_atomic(progress_path(), json.dumps({"step": step}))


def forget() -> None:
    """The lesson is finished or started over: nothing to resume."""
    for p in (progress_path(), game_path()):
        with contextlib.suppress(OSError):  # a read-only disk: the next start asks again
            p.unlink(missing_ok=True)


def map_path() -> str:
    return str(resource_path(*MAP))


def new_session() -> Session[GameState]:
    """A new lesson: the fixed deal, the player and the partner who passes."""
    from rail_app.table.seats import Level
    from rail_app.ui.session import COMPUTER, HUMAN, GameSetup, Seat, Session

    seats = [Seat(PLAYER, HUMAN, Level.NORMAL, "blue"),
             Seat(PARTNER, COMPUTER, Level.EASY, "orange")]
    session = Session.new(GameSetup(map_path(), seats, SEED))
    session.name = _("Learn to play")
    session.autosave_file = game_path()
    return session


def resumed_session() -> Session[GameState] | None:
    """The lesson left unfinished, as it was saved (None: none, or it cannot be loaded)."""
    from rail_app.ui.session import LoadError, Session

    if saved_step() is None:
        return None
    try:
        session = Session.load(game_path())
    except LoadError:
        return None
    if (session.setup.game != "italian-rails" or session.setup.seed != SEED
            or [s.name for s in session.setup.seats] != [PLAYER, PARTNER]
            or session.setup.options or Path(session.setup.map_path).name != MAP[-1]):
        return None  # another game's file where the lesson's should be: a new lesson
    session.autosave_file = game_path()
    return session
