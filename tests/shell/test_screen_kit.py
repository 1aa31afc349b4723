"""The screen kit (rail_app/ui/kit), on its own and under both games' screens: a computer
player is handed only what its seat may see (the game's ``seen_by``), and a player handed
the whole state is caught; the curtain between people; notices one at a spot; the widgets'
hit test; the camera; the first-game hints; the input driver's gestures."""

from __future__ import annotations

import dataclasses
from pathlib import Path
from typing import Any

import pygame
import pytest

from rail_app.core.paths import user_maps_dir
from rail_app.table import registry
from rail_app.table.seats import Level, Seat, SeatKind
from rail_app.ui.kit import notices
from rail_app.ui.kit.camera import Camera
from rail_app.ui.kit.curtain import Curtain
from rail_app.ui.kit.driver import key, stroke
from rail_app.ui.kit.hints import Hints
from rail_app.ui.kit.notices import Notice, Spot, Tone
from rail_app.ui.kit.pacer import Pacer
from rail_app.ui.kit.widgets import Widget, find, hit
from rail_app.ui.session import GameSetup, Session
from tests.fakegame import GAME_ID, RELAY, write_map

POISON = 7  # a card no deck holds: in a hand only a seat's own player may see it


class Peeked(AssertionError):
    """A computer player was handed what its seat may not see."""


class Spy:
    """Relay's computer player that checks what it is handed: its own hand as it is, every
    other hand hidden (so a poisoned card in another hand is never seen)."""

    def __init__(self, seat: int) -> None:
        self.seat = seat
        self.views = 0

    def choose(self, view: Any) -> Any:
        for i, hand in enumerate(view.hands):
            if i != self.seat and any(hand):
                raise Peeked(f"seat {self.seat + 1} was shown seat {i + 1}'s hand {hand}")
        self.views += 1
        return RELAY.rules.legal_actions(view)[0]


@pytest.fixture
def relay(monkeypatch: pytest.MonkeyPatch, _own_data_dir: Path) -> Session[Any]:
    """A game of Relay (hidden hands) with four computer seats, every hand poisoned."""
    monkeypatch.setattr(registry, "GAMES", (*registry.GAMES, RELAY))
    seats = [Seat(f"C{i}", SeatKind.COMPUTER, Level.NORMAL, ink)
             for i, ink in enumerate(("blue", "orange", "vermillion", "sky blue"))]
    session: Session[Any] = Session.new(GameSetup(write_map(user_maps_dir()), seats, 3,
                                                  game=GAME_ID))
    for hand in session.state.hands:
        hand[0] = POISON
    return session


def _play(session: Session[Any], pacer: Pacer[Any, Any], turns: int) -> None:
    """Space pressed for each of ``turns`` computer turns."""
    for _ in range(turns):
        if session.over:
            break
        pacer.skip_now()
        pacer.tick(0.02)


def test_the_pacer_hands_each_computer_player_only_what_its_seat_sees(
        relay: Session[Any]) -> None:
    """Every decision of every computer seat is asked with ``seen_by`` of its seat: the
    poisoned cards in the other hands are never seen, its own hand is."""
    spies = {s: Spy(s) for s in range(4)}
    pacer: Pacer[Any, Any] = Pacer(relay, relay.apply, spies.__getitem__)
    _play(relay, pacer, 30)
    assert all(spy.views > 0 for spy in spies.values())
    assert len(relay.state.history) >= 8


def test_a_computer_player_handed_the_whole_state_is_caught(relay: Session[Any],
                                                             monkeypatch: pytest.MonkeyPatch
                                                             ) -> None:
    """A host that hands its computer players the whole state (the screens did) is caught
    at the first decision: the other seats' poisoned cards are in what the player sees."""
    pacer: Pacer[Any, Any] = Pacer(relay, relay.apply, Spy)
    monkeypatch.setattr(pacer, "view", lambda seat: relay.state)
    with pytest.raises(Peeked):
        _play(relay, pacer, 5)


def _seats(game_id: str) -> list[Seat]:
    inks = ("blue", "orange", "vermillion")
    n = min(3, registry.game(game_id).seats.default)
    return [Seat(f"C{i}", SeatKind.COMPUTER, Level.EASY, inks[i]) for i in range(n)]


@pytest.mark.parametrize(("game_id", "map_path"), [("italian-rails", "maps/test/mini.yaml"),
                                                   ("steam", "maps/test/steam-small.yaml")])
def test_each_games_screen_hands_its_computer_players_seen_by(
        game_id: str, map_path: str, app: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    """On both games' screens every view a computer player is handed is the very state
    ``seen_by`` made for its seat, never the state the screen plays on."""
    game = registry.game(game_id)
    made: list[tuple[int, Any]] = []
    seen_by = game.rules.seen_by

    def marked(state: Any, seat: int) -> Any:
        view = seen_by(state, seat)
        made.append((seat, view))
        return view

    # the rules are a frozen value: the game's definition hands out a copy with ``marked``
    rules = dataclasses.replace(game.rules, seen_by=marked)
    kind = type(game)
    original = kind.rules
    monkeypatch.setattr(kind, "rules", property(
        lambda self: rules if self is game else original.__get__(self, kind)))
    session = Session.new(GameSetup(map_path, _seats(game_id), 5, game=game_id))
    app.reset(app.screens.game(session))
    pacer = app.scene.controller.computer.pacer
    handed: list[int] = []

    class Checked:
        def __init__(self, seat: int, player: Any) -> None:
            self.seat, self.player = seat, player

        def choose(self, view: Any) -> Any:
            if not any(view is v and s == self.seat for s, v in made):
                raise Peeked(f"seat {self.seat + 1} was handed a state seen_by did not make")
            if game_id == "steam" or view is not session.state:
                handed.append(self.seat)
            return self.player.choose(view)

    make = pacer.make
    monkeypatch.setattr(pacer, "make", lambda seat: Checked(seat, make(seat)))
    for _ in range(3000):  # a generous bound: the loop ends at the twelfth decision
        if len(handed) >= 12 or session.over:
            break
        key(app, pygame.K_SPACE)
    assert len(handed) >= 12 and len(set(handed)) >= 2


# -- the curtain ------------------------------------------------------------------------------
class _Seat:
    def __init__(self, computer: bool) -> None:
        self.computer = computer


class _Setup:
    def __init__(self, people: int, computers: int) -> None:
        self.seats = [_Seat(False)] * people + [_Seat(True)] * computers


class _Session:
    def __init__(self, people: int, computers: int, actor: int) -> None:
        self.setup = _Setup(people, computers)
        self.actor = actor
        self.over = False

    @property
    def seat(self) -> _Seat:
        return self.setup.seats[self.actor]


def test_the_curtain_falls_between_people_in_a_game_that_hides_things() -> None:
    """Down between two people's turns (hidden hands); never for a computer's turn, with
    one person at the table, or in a game that hides nothing."""
    c = Curtain(hides=True)
    c.turn_passed(_Session(2, 1, 1))
    assert c.down and c.seat == 1
    for session, hides in ((_Session(2, 1, 2), True), (_Session(1, 2, 0), True),
                           (_Session(3, 0, 1), False)):
        other = Curtain(hides=hides)
        other.turn_passed(session)
        assert not other.down


def test_the_curtain_lifts_on_a_new_click_or_a_key_not_on_escape() -> None:
    c = Curtain(hides=True)
    c.lower(0)
    up = pygame.event.Event(pygame.MOUSEBUTTONUP, pos=(5, 5), button=1)
    assert c.handle(up) and c.down  # the release of the click that ended the last turn
    c.handle(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(5, 5), button=1))
    assert c.down
    c.handle(up)
    assert not c.down
    c.lower(1)
    c.handle(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0))
    assert c.down
    c.handle(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0))
    assert not c.down
    assert not c.handle(up)  # up: events go to the screen


# -- notices, widgets, camera, hints, driver --------------------------------------------------
def test_one_notice_at_each_spot_gone_after_its_life() -> None:
    said = notices.post([], Notice("Can't build", "K5", Tone.ERROR, Spot.POINTER))
    said = notices.post(said, Notice("Delivered", "", Tone.GOOD, Spot.TOP, life=1.0))
    said = notices.post(said, Notice("Not yet", "K10", Tone.ERROR, Spot.POINTER))
    assert [n.headline for n in said] == ["Delivered", "Not yet"]
    assert notices.shown(said, Spot.POINTER) is said[-1] and said[-1].text == "Not yet\nK10"
    said = notices.age(said, 1.5)
    assert [n.headline for n in said] == ["Not yet"]
    assert notices.hush(said) == []


def test_a_click_goes_to_the_topmost_widget_under_it() -> None:
    under = Widget[str, None](pygame.Rect(0, 0, 100, 100), "map")
    over = Widget[str, None](pygame.Rect(50, 50, 100, 100), "button")
    ws = [under, over]
    assert hit(ws, (60, 60)) is over and hit(ws, (10, 10)) is under and hit(ws, (300, 0)) is None
    assert find(ws, "map") is under and find(ws, "none") is None


def test_the_camera_zooms_about_the_pointer_and_keeps_to_its_sheet() -> None:
    cam = Camera(pygame.Rect(10, 20, 400, 300))
    cam.fit((0.0, 0.0, 800.0, 300.0))
    assert cam.scale == pytest.approx(0.5) and cam.to_screen(400.0, 150.0) == (210.0, 170.0)
    km = cam.to_km(100, 100)
    cam.zoom_by(3.0, (100, 100), 0.1, 1.0)
    assert cam.scale == 1.0  # kept within its limits
    assert cam.to_screen(*km) == pytest.approx((100, 100))
    sheet = Camera(pygame.Rect(0, 0, 100, 100), 1.0, 0.0, 0.0, sheet=(0.0, 0.0, 1000.0, 1000.0))
    sheet.pan_px(500, 500)  # dragged far beyond the sheet's top-left corner
    assert (sheet.ox, sheet.oy) == (-10.0, -10.0)


def test_a_hint_read_is_kept_in_the_settings(app: Any) -> None:
    hints = Hints(app)
    assert hints.unread("steam-bid")
    hints.dismiss("steam-bid")
    assert not hints.unread("steam-bid") and "steam-bid" in app.settings.hints_seen
    assert not Hints(app).unread("steam-bid")  # another screen knows it was read
    hints.off()
    assert not hints.unread("steam-move")


def test_a_stroke_is_a_press_moves_with_the_button_held_and_a_release() -> None:
    events = stroke([(0, 0), (10, 5), (20, 5)])
    assert [e.type for e in events] == [pygame.MOUSEMOTION, pygame.MOUSEBUTTONDOWN,
                                        pygame.MOUSEMOTION, pygame.MOUSEMOTION,
                                        pygame.MOUSEBUTTONUP]
    assert events[2].buttons == (1, 0, 0) and events[3].rel == (10, 0)
    assert stroke([(0, 0), (3, 3)], button=3, let_go=False)[-1].buttons == (0, 0, 1)
