"""The controller's core: the one door to the game and the notices.

:class:`Core` holds the session, the table model and the app; its :meth:`Core.do` is the
only place of the game screen that calls ``Session.apply`` (DESIGN.md habit 8). The
controller's parts (viewing, building, moving, helping, teaching, the computer's turns) are
each given the core and call it; none inherits from it or from another part.
"""

from __future__ import annotations

import math
from collections.abc import Callable

from rail_app.core.i18n import _, money_millions
from rail_app.games.italian_rails.rules.actions import Action, Deliver, PlaceTrain
from rail_app.games.italian_rails.rules.deck import event_centres
from rail_app.games.italian_rails.rules.eventkinds import EVENT_RULES, rule_of
from rail_app.games.italian_rails.rules.log import (
    EventDrawn,
    EventSetAside,
    LoadLost,
    TurnLost,
    TurnSkipped,
)
from rail_app.games.italian_rails.rules.places import Names
from rail_app.games.italian_rails.rules.quotes import DeliverDetails, MoveDetails, Quote, Violation
from rail_app.games.italian_rails.rules.state import GameState, Phase
from rail_app.games.italian_rails.rules.words import refusal, sentence
from rail_app.games.italian_rails.ui.table import Circle, Fade, Notice, Spot, Table, Tone
from rail_app.games.italian_rails.ui.train import TrainRun, TrainTool
from rail_app.table import quotes as kit_quotes
from rail_app.ui.kit import notices as said
from rail_app.ui.scene import Host
from rail_app.ui.session import Session


class Core:
    """The game, the table model and the app, as every part of the controller reaches them
    (see the module docstring)."""

    def __init__(self, host: Host, session: Session[GameState], table: Table) -> None:
        self.host = host
        self.session = session
        self.table = table
        self.trains = TrainTool(session)
        #: Why the screen does not let the player do an action now ("": it may); the
        #: lesson's part sets it (see :mod:`rail_app.games.italian_rails.ui.teaching`).
        self.guard: Callable[[Action], str] = _allowed

    @property
    def state(self) -> GameState:
        return self.session.state

    # -- who may do what now ---------------------------------------------------------------
    def human_turn(self) -> bool:
        """A person acts now (not a computer seat, the game not over)."""
        return not self.session.seat.computer and not self.session.over

    def free(self) -> bool:
        """A person may act on the game now: nothing runs, nothing waits to be read."""
        t = self.table
        return (self.human_turn() and self.state.pending is None and t.run is None
                and not t.popups and not t.curtain.down)

    def my_move(self) -> bool:
        """The person to act may move the train now (their move phase, nothing pending)."""
        return self.free() and self.state.phase is Phase.MOVE

    def dot_at(self, pos: tuple[float, float], reach: float = 0.5) -> int | None:
        """The dot under a screen point (within ``reach`` of the dot spacing), if any."""
        cam = self.table.camera
        if not cam.rect.collidepoint(pos):
            return None
        d = self.session.state.board.nearest_dot(*cam.to_km(*pos))
        if d is None:
            return None
        sx, sy = cam.dot_screen(d)
        if math.hypot(sx - pos[0], sy - pos[1]) > max(8.0, cam.dot_px * reach):
            return None
        return d

    def viewer(self) -> int:
        """Whose private things the screen shows: the person to act, or the only person."""
        seats = self.session.setup.seats
        actor = self.session.actor
        if not seats[actor].computer:
            return actor
        humans = [i for i, s in enumerate(seats) if not s.computer]
        return humans[0] if len(humans) == 1 else actor

    # -- the one door to the game --------------------------------------------------------
    def do(self, action: Action, quoted: tuple[Quote, int] | None = None) -> Quote:
        """Quote and apply ``action`` through the session; the screen follows: the train
        runs along its route, a delivery is announced at its city, sounds play. ``quoted``:
        the quote the screen has just made of it and the game's version it was made at (a
        stroke's segment), applied as it is while the game stands there."""
        st = self.state
        actor = self.session.actor
        start = st.players[actor].position
        why = self.guard(action)
        if why:  # the lesson does not let the player do it yet
            return Quote(action, 0, (Violation("", why),))
        if quoted is not None and quoted[0].action == action:
            q = self.session.apply_quoted(*quoted)
        else:
            q = self.session.apply(action)
        assert isinstance(q, kit_quotes.Quote)
        if not q.ok:
            return q
        sounds = self.host.sounds
        computer = self.session.setup.seats[actor].computer
        move = q.detail(MoveDetails)
        if move is not None and start is not None:
            if not (computer and self.table.pacing.skip):
                self.table.run = TrainRun(actor, [start, *move.path[:move.steps]])
            if move.rental:
                sounds.play("coins")
                if not computer:
                    owner = self.state.players[move.rent_to if move.rent_to is not None
                                               else 1 - actor].name
                    self.say(_("Rent paid"), _("{cost} to {owner} for using their track (M3)").format(cost=money_millions(q.cost), owner=owner),
                             Tone.WARN, Spot.TOP)
        elif isinstance(action, PlaceTrain):
            sounds.play("whistle")
        elif isinstance(action, Deliver):
            sounds.play("coins")
            done = q.detail(DeliverDetails)
            city = self.session.state.board.cities.get(done.city) if done is not None else None
            if done is not None and city is not None:
                who = self.state.players[actor].name
                self.say(_("Delivered {payoff}").format(payoff=money_millions(done.payoff, sign=True)), _("{who} in {city}").format(who=who, city=done.city), Tone.GOOD,
                         Spot.MAP, (city.x, city.y))
        return q

    def refuse(self, headline: str, q: Quote, at: tuple[float, float] | None = None,
               line: tuple[tuple[int, int], ...] = ()) -> None:
        """Say why the engine refused an action, in a player's words, where it happened
        (clear of ``line``, the stroke it was part of)."""
        self.say(headline, refusal(self.session.state.board, q), Tone.ERROR, Spot.POINTER, at,
                 line)

    # -- what changed --------------------------------------------------------------------
    def watch(self) -> None:
        """Notice what the last actions changed: event cards to show, washed-out track to
        fade away, derailment circles, lost turns and loads to tell (all in the history)."""
        st = self.state
        w = self.table.watch
        if w.version == self.session.version:
            return
        if w.version >= 0:
            washed = {x.edge for x in st.washed_out}
            volcano = any(EVENT_RULES[ev.kind].erases_track and not EVENT_RULES[ev.kind]
                          .blocks_edges for ev in st.events)  # E6: track erased in its zone
            for e, who in w.owners.items():
                if e not in st.owner and (e in washed or volcano):
                    self.table.fades.append(Fade(e, who))
        w.owners = dict(st.owner)
        w.version = self.session.version
        new = st.log[w.log_seen:]
        w.log_seen = len(st.log)
        for entry in new:
            happened = entry.event
            if isinstance(happened, (EventDrawn, EventSetAside)) \
                    and happened.card in st.deck.cards:
                self.table.popups.append(happened.card)
                c = st.deck.card(happened.card)
                rule = rule_of(c.event)
                if rule is not None and rule.circled_when_drawn:  # E7
                    radius = int(c.params.get("radius", 3))
                    centres = tuple(event_centres(st.board, c))
                    self.table.circles.append(Circle(centres, radius))
            elif isinstance(happened, (TurnLost, TurnSkipped, LoadLost)):  # a loss (T4, E7)
                self.say(_("Event"), sentence(st, entry, Names(st.board)), Tone.ERROR, Spot.TOP)

    # -- notices -------------------------------------------------------------------------
    def say(self, headline: str, reason: str = "", tone: Tone = Tone.ERROR,
            spot: Spot = Spot.POINTER, at: tuple[float, float] | None = None,
            line: tuple[tuple[int, int], ...] = ()) -> None:
        """Show a notice; it replaces the one shown at the same spot (they never pile up).
        ``line``: the stroke it is about, which its box keeps clear of."""
        t = self.table
        where = at if at is not None else (float(t.pointer[0]), float(t.pointer[1]))
        t.notices = said.post(t.notices, Notice(headline, reason, tone, spot, where, line=line))
        if tone is Tone.ERROR:
            self.host.sounds.play("error")

    def autosave(self) -> None:
        """Autosave the game (a failure is said by the shell over the screen, with its
        cause, until an autosave succeeds: the session knows why the last one failed)."""
        self.session.autosave()

    def hush(self) -> None:
        """The next gesture begins: the refusal near the pointer has been read."""
        self.table.notices = said.hush(self.table.notices)


def _allowed(action: Action) -> str:
    return ""
