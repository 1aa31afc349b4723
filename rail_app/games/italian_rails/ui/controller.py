"""The game screen's controller: the only code that changes the table model, and through
:meth:`~rail_app.games.italian_rails.ui.base.ControllerBase.do` the only caller of the session's ``apply``.

Widgets and keys give it :mod:`commands <rail_app.games.italian_rails.ui.commands>`; the input module gives
it gestures (:class:`Building`, :class:`Moving`); :meth:`tick` moves time on (notices, the
train's run, the computer's turn, what changed in the game).
"""

from __future__ import annotations

from collections.abc import Callable

from rail_app.games.italian_rails.ai.advice import Adviser
from rail_app.games.italian_rails.ai.bot import Bot
from rail_app.games.italian_rails.rules.actions import (
    BuildFerry,
    ChooseLoss,
    EndPhase,
    EndTurn,
    KeepCards,
    SwapDemands,
    UpgradeLoco,
)
from rail_app.games.italian_rails.rules.state import GameState, Phase
from rail_app.games.italian_rails.ui.building import Building
from rail_app.games.italian_rails.ui.choices import legal_city_actions
from rail_app.games.italian_rails.ui.commands import (
    BuyLoco,
    Command,
    DismissHint,
    FilterHistory,
    Intent,
    Play,
    ToggleCard,
    ToggleSection,
)
from rail_app.games.italian_rails.ui.helping import Helping
from rail_app.games.italian_rails.ui.moving import Moving
from rail_app.games.italian_rails.ui.pacing import ComputerTurns
from rail_app.games.italian_rails.ui.table import (
    CIRCLE_TIME,
    FADE_TIME,
    POPUP_TIME,
    Modal,
    Question,
    Spot,
    Table,
    Tone,
)
from rail_app.games.italian_rails.ui.teaching import Teaching
from rail_app.games.italian_rails.ui.viewing import Viewing
from rail_app.ui.scene import Host
from rail_app.ui.session import Session, new_save_path

GAME_OVER_DELAY = 2.0  # seconds the last move stays on screen before the game over screen


class Controller(Viewing, Helping, Teaching, Building, Moving, ComputerTurns):
    def __init__(self, host: Host, session: Session[GameState], table: Table,
                 open_settings: Callable[[], None], open_saves: Callable[[], None]) -> None:
        super().__init__(host, session, table)
        self.open_settings = open_settings
        self.open_saves = open_saves
        self.adviser = Adviser()
        self.bots = {i: Bot(s.level, i, session.setup.seed)
                     for i, s in enumerate(session.setup.seats) if s.computer}
        w = table.watch
        w.log_seen = len(self.state.log)
        w.version = session.version
        w.owners = dict(self.state.owner)
        w.turn = self.turn_key()
        self.check_curtain(initial=True)
        self.update_slots()

    def turn_key(self) -> tuple[int, int]:
        return self.state.turn, self.session.actor

    # -- commands ----------------------------------------------------------------------
    def perform(self, cmd: Command) -> None:
        """Carry out what a widget or a key asks for."""
        t = self.table
        if isinstance(cmd, Play):
            if self.human_turn() or isinstance(cmd.action, ChooseLoss):
                q = self.do(cmd.action)
                if not q.ok:
                    self.refuse("Not allowed", q)
                elif isinstance(cmd.action, BuildFerry):
                    t.modal, t.offer = Modal.NONE, None
                    self.host.sounds.play("coins")
                    self.say("Ferry taken", f"{cmd.action.ferry} for {q.cost}M: your train "
                             "may board it at either port (M5)", Tone.GOOD, Spot.TOP)
        elif isinstance(cmd, ToggleCard):
            if cmd.card in t.keep_choice:
                t.keep_choice.discard(cmd.card)
            elif len(t.keep_choice) < self.state.rules.keep:
                t.keep_choice.add(cmd.card)
        elif isinstance(cmd, BuyLoco):
            t.modal = Modal.NONE
            self.upgrade(cmd.to)
        elif isinstance(cmd, FilterHistory):
            t.history_filter = cmd.player
            t.history_scroll = 0
        elif isinstance(cmd, ToggleSection):
            t.folded ^= {cmd.section}
        elif isinstance(cmd, DismissHint):
            self.dismiss_hint(cmd)
        else:
            self.intent(cmd)

    def intent(self, cmd: Intent) -> None:
        t = self.table
        if cmd is Intent.END_PHASE:
            self.end_phase()
        elif cmd is Intent.ERASE_LAST:
            self.erase_last()
        elif cmd is Intent.TAKE_BACK:
            self.take_back()
        elif cmd is Intent.SUGGEST:
            self.toggle_suggest()
        elif cmd is Intent.LESSON_NEXT:
            self.lesson_next()
        elif cmd is Intent.LESSON_LEAVE:
            self.lesson_leave()
        elif cmd is Intent.LESSON_RESTART:
            self.lesson_restart()
        elif cmd is Intent.HINTS_OFF:
            self.hints_off()
        elif cmd is Intent.CONTINUE_TRIP:
            pv = t.preview
            if pv is not None and pv.ok and pv.target == t.destination.get(self.state.current):
                self.confirm_move()
            else:
                t.trip_shown = None
                self.continue_trip()
        elif cmd is Intent.CLEAR_PHASE:
            self.clear_phase()
        elif cmd is Intent.OPEN_UPGRADE:
            t.modal = Modal.NONE if t.modal is Modal.UPGRADE else Modal.UPGRADE
        elif cmd is Intent.ASK_SWAP:
            self.ask(Question.SWAP)
        elif cmd is Intent.OPEN_MENU:
            t.modal = Modal.MENU
        elif cmd is Intent.CLOSE:
            t.modal, t.question, t.offer = Modal.NONE, None, None
        elif cmd is Intent.CONFIRM:
            self.answer()
        elif cmd is Intent.HELP:
            t.modal = Modal.NONE if t.modal is Modal.HELP else Modal.HELP
        elif cmd is Intent.TOGGLE_SIDE:
            t.side_open = not t.side_open
        elif cmd is Intent.TOGGLE_HISTORY:
            t.history_open = not t.history_open
        elif cmd is Intent.KEEP_CHOSEN:
            self.keep_cards()
        elif cmd is Intent.DISMISS_EVENT:
            if t.popups:
                t.popups.pop(0)
                t.popup_age = 0.0
        elif cmd is Intent.SAVE:
            t.modal = Modal.NONE
            self.open_saves()
        elif cmd in (Intent.LOAD, Intent.QUIT):
            question = Question.LOAD if cmd is Intent.LOAD else Question.QUIT
            if t.lesson is not None:  # the lesson is kept: nothing to lose
                t.modal = Modal.NONE
                self.lesson_leave()
            elif self.session.dirty:
                self.ask(question)
            else:
                self.leave(question)
        elif cmd is Intent.SETTINGS:
            t.modal = Modal.NONE
            self.open_settings()

    def ask(self, question: Question) -> None:
        self.table.modal, self.table.question = Modal.CONFIRM, question

    def answer(self) -> None:
        """The confirmation dialog's yes."""
        t = self.table
        question = t.question
        t.modal, t.question = Modal.NONE, None
        if question is Question.SWAP:
            q = self.do(SwapDemands())
            if not q.ok:
                self.refuse("Can't swap", q)
            else:
                self.say("Demands swapped", "You may lock loads you carry, then end the turn "
                         "(C6)", Tone.GOOD, Spot.TOP)
        elif question is not None:
            self.leave(question)

    def leave(self, question: Question) -> None:
        if question is Question.QUIT:
            self.host.switch("menu")
        elif question is Question.LOAD:
            self.host.switch("load")

    # -- the phase's buttons -----------------------------------------------------------
    def end_phase(self) -> bool:
        """Enter / End: end the move phase, or pay for the build and end the turn (K10)."""
        st = self.state
        if not self.free() or not st.phase.in_turn:
            return False
        action = EndPhase() if st.phase is Phase.MOVE else EndTurn()
        paid = st.phase_spent
        self.table.preview = None
        self.table.pen.cancel()
        q = self.do(action)
        if not q.ok:
            self.refuse("Not yet", q)
            return False
        if isinstance(action, EndTurn) and paid:
            self.host.sounds.play("coins")
        return True

    def upgrade(self, to: str) -> bool:
        q = self.do(UpgradeLoco(to))
        if q.ok:
            self.host.sounds.play("coins")
            self.say("New locomotive", f"{to} bought for {q.cost}M", Tone.GOOD, Spot.TOP)
        else:
            self.refuse("Can't upgrade", q)
        return q.ok

    def keep_cards(self) -> bool:
        """C2: keep the chosen cards as private cards."""
        t = self.table
        if len(t.keep_choice) != self.state.rules.keep or not self.human_turn():
            return False
        q = self.do(KeepCards(tuple(sorted(t.keep_choice))))
        if q.ok:
            t.keep_choice = set()
        else:
            self.refuse("Not allowed", q)
        return q.ok

    def save_game(self) -> bool:
        """Save at once under the game's name (the save screen asks for one first)."""
        path = new_save_path()
        try:
            self.session.save(path)
        except OSError as exc:  # a full disk, no permission: say so and play on
            self.say("Could not save", str(exc), Tone.ERROR, Spot.TOP)
            return False
        self.say("Game saved", self.session.name or self.session.default_name(), Tone.GOOD,
                 Spot.TOP)
        return True

    # -- the view ------------------------------------------------------------------------
    def pan_end(self, pos: tuple[float, float], right: bool) -> None:
        t = self.table
        if t.pan_from is None:
            return
        if right and t.pan_moved < 6 and not self.cancel_preview():
            self.erase_at(pos)
        t.pan_from = None

    # -- the curtain between two people ----------------------------------------------------
    def check_curtain(self, initial: bool = False) -> None:
        """Two people at one screen: hide the board between their turns (private cards)."""
        st = self.state
        if self.session.all_people() and not self.session.over and (
                not initial or st.turn > 1 or st.phase is Phase.SETUP):
            self.table.curtain = self.session.actor
            self.table.curtain_armed = False

    def curtain_event(self, pressed: bool, released: bool, key: bool) -> None:
        """A click (a new press, then its release) or a key raises the curtain."""
        t = self.table
        if pressed:
            t.curtain_armed = True
        elif (released and t.curtain_armed) or key:
            t.curtain = None

    # -- time ----------------------------------------------------------------------------
    def tick(self, dt: float) -> None:
        t = self.table
        for n in t.notices:
            n.age += dt
        t.notices = [n for n in t.notices if n.alive]
        t.hover_time += dt
        if t.run is not None:
            t.run.t += dt
            if t.run.done:
                t.run = None
                if not t.pacing.skip:
                    self.host.sounds.play("whistle")
        if t.popups and self.session.seat.computer:
            # while a computer plays, an event card goes away by itself after a while
            t.popup_age += dt
            if t.popup_age > POPUP_TIME or (t.pacing.skip and self.all_computers()):
                t.popups.pop(0)
                t.popup_age = 0.0
        for f in t.fades:
            f.age += dt
        t.fades = [f for f in t.fades if f.age < FADE_TIME]
        for c in t.circles:
            c.age += dt
        t.circles = [c for c in t.circles if c.age < CIRCLE_TIME]
        if t.game_over_in is not None:
            t.game_over_in -= dt
            if t.game_over_in < 0:
                self.host.switch("gameover", session=self.session)
            return
        self.play_computer(dt)
        self.watch()
        self.after_actions()
        self.update_slots()
        self.keep_helpers_fresh()
        self.lesson_tick()
        key = self.turn_key()
        if t.trip_shown != key and self.my_move() and t.preview is None:
            t.trip_shown = key  # once a turn: the route to the destination, shown again
            self.continue_trip()

    def all_computers(self) -> bool:
        return all(s.computer for s in self.session.setup.seats)

    def after_actions(self) -> None:
        """A turn passed: autosave, tidy the table, the curtain between two people; the
        game ended: the game over screen in a moment."""
        t = self.table
        key = self.turn_key()
        if key != t.watch.turn:
            self.session.autosave()
            t.pen.cancel()
            t.preview = None
            t.keep_choice = set()
            if t.modal in (Modal.UPGRADE, Modal.CONFIRM, Modal.FERRY):
                t.modal, t.question, t.offer = Modal.NONE, None, None
            if key[1] != t.watch.turn[1]:
                self.check_curtain()
            t.watch.turn = key
        if self.session.over and t.game_over_in is None:
            self.session.autosave()
            t.game_over_in = GAME_OVER_DELAY

    def update_slots(self) -> None:
        """Keep the side panel's action buttons where they are while the train stands at
        one place; add new ones at the end (see :class:`Slots`)."""
        st = self.state
        slots = self.table.slots
        pl = st.players[st.current]
        key = (st.turn, st.current, st.phase.value, pl.position)
        if key == slots.key and slots.version == self.session.version:
            return
        legal = legal_city_actions(self.session)
        if key != slots.key:
            slots.key = key
            slots.actions = legal
        else:
            slots.actions += [a for a in legal if a not in slots.actions]
        slots.version = self.session.version
