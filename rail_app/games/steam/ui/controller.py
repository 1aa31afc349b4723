"""Steam's screen's controller: the only code that changes the table model, and through its
core the only caller of the session's ``apply``.

It is made of parts, each with its own state and called through its own methods (DESIGN.md
habit 18): the core (the door to the game, the notices), :attr:`Controller.view` (pointer,
map, history), :attr:`~Controller.building` (pen, take back, Urban Growth and New Cities),
:attr:`~Controller.moving` (a city's deliveries), :attr:`~Controller.hints` (the screen
kit's first-game hints) and :attr:`~Controller.computer` (the screen kit's pacer). Widgets
and keys give it :mod:`commands <rail_app.games.steam.ui.commands>`, carried out through
two tables (:meth:`Controller.perform`); the input module gives gestures to the parts;
:meth:`Controller.tick` moves time on (notices, the computer's moves, what changed in the
game).
"""

from __future__ import annotations

from rail_app.games.steam.rules.actions import Bid, TakeCapital
from rail_app.games.steam.rules.auction import max_bid, min_bid
from rail_app.games.steam.rules.money import steps_available
from rail_app.games.steam.rules.state import GameState, Step
from rail_app.games.steam.ui.building import Building
from rail_app.games.steam.ui.commands import (
    ChooseColour,
    ChooseSpace,
    Command,
    Deliver,
    DismissHint,
    Intent,
    Play,
)
from rail_app.games.steam.ui.computer import ComputerTurns
from rail_app.games.steam.ui.core import Core
from rail_app.games.steam.ui.mapview import MapView
from rail_app.games.steam.ui.moving import Moving
from rail_app.games.steam.ui.table import Mode, Page, Table
from rail_app.games.steam.ui.viewing import Viewing
from rail_app.ui.kit import notices as said
from rail_app.ui.kit.commands import CommandTable
from rail_app.ui.kit.hints import Hints
from rail_app.ui.scene import Host
from rail_app.ui.session import Session


class Controller:
    def __init__(self, host: Host, session: Session[GameState], table: Table,
                 map_view: MapView) -> None:
        self.core = Core(host, session, table, map_view)
        self.view = Viewing(self.core)
        self.building = Building(self.core)
        self.moving = Moving(self.core)
        self.hints = Hints(host)
        self.computer = ComputerTurns(self.core)
        #: What each command does: the intents by member, the others by their type.
        self.commands = CommandTable({
            Intent.MENU: lambda: self.toggle(Page.MENU),
            Intent.HELP: lambda: self.toggle(Page.HELP),
            Intent.TRACKS: lambda: self.toggle(Page.TRACKS),
            Intent.RESUME: lambda: self.toggle(Page.MENU),
            Intent.MENU_HELP: lambda: self.toggle(Page.HELP),
            Intent.SAVE: self.open_saves,
            Intent.LOAD: self.open_load,
            Intent.SETTINGS: self.open_settings,
            Intent.QUIT: self.quit_to_menu,
            Intent.SKIP: self.computer.skip,
            Intent.BID: lambda: self.core.do(Bid(self.core.table.bid)),
            Intent.BID_DOWN: lambda: self.set_bid(self.core.table.bid - 1),
            Intent.BID_UP: lambda: self.set_bid(self.core.table.bid + 1),
            Intent.TAKE_CAPITAL: lambda: self.core.do(TakeCapital(self.core.table.capital)),
            Intent.CAPITAL_DOWN: lambda: self.set_capital(self.core.table.capital - 1),
            Intent.CAPITAL_UP: lambda: self.set_capital(self.core.table.capital + 1),
            Intent.TAKE_BACK: self.building.take_back,
            Intent.END_BUILD: self.building.end_build,
            Intent.GROWTH: lambda: self.building.toggle_mode(Mode.GROWTH),
            Intent.NEW_CITY: lambda: self.building.toggle_mode(Mode.NEW_CITY),
        }, {
            Play: lambda cmd: self.core.do(cmd.action),
            Deliver: lambda cmd: self.moving.deliver(cmd.index),
            ChooseSpace: lambda cmd: self.building.choose_space(cmd.index),
            ChooseColour: lambda cmd: self.building.choose_colour(cmd.colour),
            DismissHint: lambda cmd: self.hints.dismiss(cmd.hint),
        }, Command)
        for note in session.notes:
            self.core.say(note, bad=False)

    # -- commands ----------------------------------------------------------------------
    def perform(self, cmd: Command) -> None:
        """Carry out what a widget or a key asks for, through the screen's two tables of
        commands (:class:`~rail_app.ui.kit.commands.CommandTable`)."""
        self.commands.perform(cmd)

    def toggle(self, page: Page) -> None:
        t = self.core.table
        t.page = Page.NONE if t.page is page else page

    def close(self) -> bool:
        """Esc: the stroke being drawn goes, else the placing or the picked city, else the
        menu opens (or the page over the map closes). True when something was closed."""
        t = self.core.table
        if t.pen.drawing:
            self.building.cancel()
        elif t.mode is not Mode.DRAW or t.picked is not None:
            t.mode = Mode.DRAW
            self.moving.close()
        else:
            t.page = Page.NONE if t.page is not Page.NONE else Page.MENU
        return True

    def set_bid(self, amount: int) -> None:
        self.core.table.bid = amount

    def set_capital(self, steps: int) -> None:
        self.core.table.capital = steps

    def open_saves(self) -> None:
        self.core.table.page = Page.NONE
        self.core.host.push(self.core.host.screens.saves(self.core.session))

    def open_load(self) -> None:
        self.core.session.autosave()
        self.core.host.reset(self.core.host.screens.menu())
        self.core.host.push(self.core.host.screens.saves())

    def open_settings(self) -> None:
        self.core.table.page = Page.NONE
        self.core.host.push(self.core.host.screens.settings())

    def quit_to_menu(self) -> None:
        self.core.session.autosave()  # Continue picks the game up from here
        self.core.host.reset(self.core.host.screens.menu())

    # -- time ----------------------------------------------------------------------------
    def sync(self) -> None:
        """A new player to act, or a new phase: what the screen held for the last one
        (strokes to take back, a picked city, a bid) is left; the bid and the capital
        chosen are kept within what may be bid or taken."""
        t = self.core.table
        st = self.core.state
        key = (st.turn, self.core.session.actor, int(st.step is Step.BUILD))
        if key != t.moment:
            t.moment = key
            t.strokes = []
            t.mode, t.space, t.picked, t.routes = Mode.DRAW, None, None, []
            t.bid = 0
            t.capital = 0
            if st.step is Step.BID and st.auction is not None:
                t.bid = min_bid(st.auction)
        if not self.core.person_to_act():
            return
        if st.step is Step.BID and st.auction is not None:
            t.bid = max(min_bid(st.auction), min(t.bid, max_bid(st, self.core.session.actor)))
        elif st.step is Step.CAPITAL:
            t.capital = max(0, min(t.capital, steps_available(st.players[self.core.session.actor])))

    def tick(self, dt: float) -> None:
        """``dt`` seconds passed: notices and marks age, the game over screen comes when
        the game ends, a person's new turn is autosaved, the computer plays."""
        t = self.core.table
        t.notices = said.age(t.notices, dt)
        t.flash.left = max(0.0, t.flash.left - dt)
        if self.core.session.over:
            if not t.ended:
                t.ended = True
                self.building.cancel()
                self.core.session.autosave()
                self.core.host.reset(self.core.host.screens.game_over(self.core.session))
            return
        if self.core.person_to_act() and self.core.state.turn != t.autosaved:
            t.autosaved = self.core.state.turn
            self.core.session.autosave()
        self.sync()
        self.computer.tick(dt)
        self.sync()

    def leave(self) -> None:
        self.computer.leave()
