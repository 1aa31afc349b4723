"""The game screen's controller: the only code that changes the table model, and through
:meth:`~rail_app.games.italian_rails.ui.base.Core.do` the only caller of the session's
``apply``.

It is made of parts, each with its own state and called through its own methods: the core
(the door to the game, the notices), :attr:`Controller.view` (camera, pointer, panels),
:attr:`~Controller.building` (pen, eraser), :attr:`~Controller.moving` (the train),
:attr:`~Controller.helping` (Suggest), :attr:`~Controller.teaching` (lesson, hints) and
:attr:`~Controller.computer` (the computer's turns). Widgets and keys give it
:mod:`commands <rail_app.games.italian_rails.ui.commands>`, carried out through two tables
(:meth:`Controller.perform`); the input module gives gestures to the parts;
:meth:`Controller.tick` moves time on (notices, the train's run, the computer's turn, what
changed in the game).
"""

from __future__ import annotations

from collections.abc import Callable

from rail_app.core.i18n import _, money_millions
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
from rail_app.games.italian_rails.rules.words import locomotive
from rail_app.games.italian_rails.ui.base import Core
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
from rail_app.games.italian_rails.ui.train import TrainTool
from rail_app.games.italian_rails.ui.viewing import Viewing
from rail_app.ui.kit import notices as said
from rail_app.ui.kit.commands import CommandTable
from rail_app.ui.scene import Host
from rail_app.ui.session import Session, new_save_path

GAME_OVER_DELAY = 2.0  # seconds the last move stays on screen before the game over screen


class Controller:
    def __init__(self, host: Host, session: Session[GameState], table: Table,
                 open_settings: Callable[[], None], open_saves: Callable[[], None],
                 leave: Callable[[Question | None], None]) -> None:
        self.core = Core(host, session, table)
        self.open_settings = open_settings
        self.open_saves = open_saves
        self.leave_to = leave  # the menu (QUIT), the load screen (LOAD), game over (None)
        self.view = Viewing(self.core)
        self.building = Building(self.core)
        self.moving = Moving(self.core)
        self.helping = Helping(self.core)
        self.computer = ComputerTurns(self.core, self.view.follow)
        self.teaching = Teaching(self.core, self.computer)
        #: What each command does: the intents by member, the others by their type.
        self.commands = CommandTable({
            Intent.END_PHASE: self.end_phase,
            Intent.ERASE_LAST: self.building.erase_last,
            Intent.TAKE_BACK: self.moving.take_back,
            Intent.SUGGEST: self.helping.toggle_suggest,
            Intent.LESSON_NEXT: self.teaching.lesson_next,
            Intent.LESSON_LEAVE: self.teaching.lesson_leave,
            Intent.LESSON_RESTART: self.teaching.lesson_restart,
            Intent.HINTS_OFF: self.teaching.hints_off,
            Intent.CONTINUE_TRIP: self.continue_trip,
            Intent.CLEAR_PHASE: self.building.clear_phase,
            Intent.OPEN_UPGRADE: self.toggle_upgrade,
            Intent.ASK_SWAP: lambda: self.ask(Question.SWAP),
            Intent.OPEN_MENU: lambda: self.show(Modal.MENU),
            Intent.CLOSE: self.close_dialog,
            Intent.CONFIRM: self.answer,
            Intent.HELP: self.toggle_help,
            Intent.TOGGLE_SIDE: self.toggle_side,
            Intent.TOGGLE_HISTORY: self.toggle_history,
            Intent.HISTORY_LATEST: self.view.history_latest,
            Intent.KEEP_CHOSEN: self.keep_cards,
            Intent.DISMISS_EVENT: self.dismiss_event,
            Intent.SAVE: self.save,
            Intent.LOAD: lambda: self.ask_to_leave(Question.LOAD),
            Intent.QUIT: lambda: self.ask_to_leave(Question.QUIT),
            Intent.SETTINGS: self.settings,
        }, {
            Play: self.play,
            ToggleCard: self.toggle_card,
            BuyLoco: self.buy_loco,
            FilterHistory: self.filter_history,
            ToggleSection: self.toggle_section,
            DismissHint: self.teaching.dismiss_hint,
        }, Command)
        w = table.watch
        w.log_seen = len(self.state.log)
        w.version = session.version
        w.owners = dict(self.state.owner)
        w.turn = self.turn_key()
        self.check_curtain(initial=True)
        self.update_slots()

    # -- the core, as the screen reads it --------------------------------------------------
    @property
    def host(self) -> Host:
        return self.core.host

    @property
    def session(self) -> Session[GameState]:
        return self.core.session

    @property
    def table(self) -> Table:
        return self.core.table

    @property
    def state(self) -> GameState:
        return self.core.state

    @property
    def trains(self) -> TrainTool:
        return self.core.trains

    def turn_key(self) -> tuple[int, int]:
        return self.state.turn, self.session.actor

    # -- commands ----------------------------------------------------------------------
    def perform(self, cmd: Command) -> None:
        """Carry out what a widget or a key asks for, through the screen's two tables of
        commands (:class:`~rail_app.ui.kit.commands.CommandTable`)."""
        self.commands.perform(cmd)

    def buy_loco(self, cmd: BuyLoco) -> None:
        self.table.modal = Modal.NONE
        self.upgrade(cmd.to)

    def filter_history(self, cmd: FilterHistory) -> None:
        self.table.history_filter = cmd.player
        self.table.history_end = None

    def toggle_section(self, cmd: ToggleSection) -> None:
        self.table.folded ^= {cmd.section}

    def play(self, cmd: Play) -> None:
        """An engine action from a widget (the side panel's card and load buttons, the
        dialogs)."""
        t = self.table
        if self.core.human_turn() or isinstance(cmd.action, ChooseLoss):
            q = self.core.do(cmd.action)
            if not q.ok:
                self.core.refuse(_("Not allowed"), q)
            elif isinstance(cmd.action, BuildFerry):
                t.modal, t.offer = Modal.NONE, None
                self.host.sounds.play("coins")
                self.core.say(_("Ferry taken"), _("{ferry} for {cost}: your train may board it at either port (M5)").format(ferry=cmd.action.ferry, cost=money_millions(q.cost)), Tone.GOOD, Spot.TOP)

    def toggle_card(self, cmd: ToggleCard) -> None:
        t = self.table
        if cmd.card in t.keep_choice:
            t.keep_choice.discard(cmd.card)
        elif len(t.keep_choice) < self.state.rules.keep:
            t.keep_choice.add(cmd.card)

    def continue_trip(self) -> None:
        t = self.table
        pv = t.preview
        if pv is not None and pv.ok and pv.target == t.destination.get(self.state.current):
            self.moving.confirm_move()
        else:
            t.trip_shown = None
            self.moving.continue_trip()

    def show(self, modal: Modal) -> None:
        self.table.modal = modal

    def toggle_upgrade(self) -> None:
        t = self.table
        t.modal = Modal.NONE if t.modal is Modal.UPGRADE else Modal.UPGRADE

    def toggle_help(self) -> None:
        t = self.table
        t.modal = Modal.NONE if t.modal is Modal.HELP else Modal.HELP

    def close_dialog(self) -> None:
        t = self.table
        t.modal, t.question, t.offer = Modal.NONE, None, None

    def toggle_side(self) -> None:
        self.table.side_open = not self.table.side_open

    def toggle_history(self) -> None:
        self.table.history_open = not self.table.history_open

    def dismiss_event(self) -> None:
        t = self.table
        if t.popups:
            t.popups.pop(0)
            t.popup_age = 0.0

    def save(self) -> None:
        self.table.modal = Modal.NONE
        self.open_saves()

    def settings(self) -> None:
        self.table.modal = Modal.NONE
        self.open_settings()

    def ask_to_leave(self, question: Question) -> None:
        """Load or Quit from the game's menu: the lesson is kept (nothing to lose); an
        unsaved game asks first."""
        if self.table.lesson is not None:
            self.table.modal = Modal.NONE
            self.teaching.lesson_leave()
        elif self.session.dirty:
            self.ask(question)
        else:
            self.leave(question)

    def ask(self, question: Question) -> None:
        self.table.modal, self.table.question = Modal.CONFIRM, question

    def answer(self) -> None:
        """The confirmation dialog's yes."""
        t = self.table
        question = t.question
        t.modal, t.question = Modal.NONE, None
        if question is Question.STRANDED:
            self.end_phase()
        elif question is Question.SWAP:
            q = self.core.do(SwapDemands())
            if not q.ok:
                self.core.refuse(_("Can't swap"), q)
            else:
                self.core.say(_("Demands swapped"), _("You may lock loads you carry, then end the turn "
                         "(C6)"), Tone.GOOD, Spot.TOP)
        elif question is not None:
            self.leave(question)

    def leave(self, question: Question) -> None:
        self.leave_to(question)

    # -- the phase's buttons -----------------------------------------------------------
    def end_phase(self) -> bool:
        """Enter / End: end the move phase, or pay for the build and end the turn (K10)."""
        st = self.state
        if not self.core.free() or not st.phase.in_turn:
            return False
        action = EndPhase() if st.phase is Phase.MOVE else EndTurn()
        if isinstance(action, EndTurn) and self.warn_if_stranded():
            return False
        paid = st.phase_spent
        self.table.preview = None
        self.table.pen.cancel()
        q = self.core.do(action)
        if not q.ok:
            self.core.refuse(_("Not yet"), q)
            return False
        if isinstance(action, EndTurn) and paid:
            self.host.sounds.play("coins")
        return True

    def warn_if_stranded(self) -> bool:
        """At End build, once a turn: when no demand the player may serve stays in reach of
        the cash left (the track it still needs costs more), ask before ending, saying what
        would help. True when the question is asked."""
        from rail_app.games.italian_rails.ui.safety import stranded_words

        st = self.state
        t = self.table
        if (st.phase is not Phase.BUILD or not st.deck.cards or t.stranded_warned == st.turn
                or not self.core.human_turn()):
            return False
        t.stranded_warned = st.turn
        words = stranded_words(st, st.current, self.helping.adviser, self.session.version)
        if not words:
            return False
        t.stranded_words = tuple(words)
        self.ask(Question.STRANDED)
        return True

    def upgrade(self, to: str) -> bool:
        q = self.core.do(UpgradeLoco(to))
        if q.ok:
            self.host.sounds.play("coins")
            self.core.say(_("New locomotive"), _("{to} bought for {cost}").format(to=locomotive(to), cost=money_millions(q.cost)), Tone.GOOD, Spot.TOP)
        else:
            self.core.refuse(_("Can't upgrade"), q)
        return q.ok

    def keep_cards(self) -> bool:
        """C2: keep the chosen cards as private cards."""
        t = self.table
        if len(t.keep_choice) != self.state.rules.keep or not self.core.human_turn():
            return False
        q = self.core.do(KeepCards(tuple(sorted(t.keep_choice))))
        if q.ok:
            t.keep_choice = set()
        else:
            self.core.refuse(_("Not allowed"), q)
        return q.ok

    def save_game(self) -> bool:
        """Save at once under the game's name (the save screen asks for one first)."""
        path = new_save_path()
        try:
            self.session.save(path)
        except OSError as exc:  # a full disk, no permission: say so and play on
            self.core.say(_("Could not save"), str(exc), Tone.ERROR, Spot.TOP)
            return False
        self.core.say(_("Game saved"), self.session.name or self.session.default_name(), Tone.GOOD,
                 Spot.TOP)
        return True

    # -- the view ------------------------------------------------------------------------
    def pan_end(self, pos: tuple[float, float], right: bool) -> None:
        t = self.table
        if t.pan_from is None:
            return
        if right and t.pan_moved < 6 and not self.moving.cancel_preview():
            self.building.erase_at(pos)
        t.pan_from = None

    # -- the curtain between two people ----------------------------------------------------
    def check_curtain(self, initial: bool = False) -> None:
        """Two people at one screen: hide the board between their turns (private cards);
        at the start of a game or a loaded one, only while the cards are chosen or after
        the first turn."""
        st = self.state
        if not initial or st.turn > 1 or st.phase is Phase.SETUP:
            self.table.curtain.turn_passed(self.session)

    # -- time ----------------------------------------------------------------------------
    def tick(self, dt: float) -> None:
        t = self.table
        t.notices = said.age(t.notices, dt)
        t.hover_time += dt
        self.view.glide_on(dt)
        if t.run is not None:
            t.run.t += dt
            if t.run.done:
                t.run = None
                if not t.pacing.skip:
                    self.host.sounds.play("whistle")
        if t.popups and self.session.seat.computer and self.all_computers():
            # while only computers play, an event card goes away by itself after a while;
            # a person reads it and puts it away (the computer waits for OK)
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
                self.leave_to(None)
            return
        self.computer.play_computer(dt)
        self.core.watch()
        self.after_actions()
        self.moving.keep_preview_fresh()
        self.update_slots()
        self.helping.keep_helpers_fresh()
        self.teaching.lesson_tick()
        key = self.turn_key()
        if t.trip_shown != key and self.core.my_move() and t.preview is None:
            t.trip_shown = key  # once a turn: the way on to the destination, offered
            self.moving.continue_trip(show=False)

    def all_computers(self) -> bool:
        return all(s.computer for s in self.session.setup.seats)

    def after_actions(self) -> None:
        """A turn passed: autosave, tidy the table, the curtain between two people; the
        game ended: the game over screen in a moment."""
        t = self.table
        key = self.turn_key()
        if key != t.watch.turn:
            self.core.autosave()
            t.pen.cancel()
            t.preview = None
            t.keep_choice = set()
            if t.modal in (Modal.UPGRADE, Modal.CONFIRM, Modal.FERRY):
                t.modal, t.question, t.offer = Modal.NONE, None, None
            if key[1] != t.watch.turn[1]:
                self.check_curtain()
            t.watch.turn = key
        if self.session.over and t.game_over_in is None:
            self.core.autosave()
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
            slots.since = len(st.history)
        else:
            slots.actions += [a for a in legal if a not in slots.actions]
        slots.version = self.session.version
