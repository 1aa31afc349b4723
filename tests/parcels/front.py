"""Parcels' screen (rules.py), on the screen kit: the towns and roads, each seat's van in its
ink, the points, and the parcels of the person to act (nobody else's). A click on a town next
to the van drives there; a click on a parcel delivers it. Between two people at one screen the
kit's curtain hides the board ("Pass to ..."), and the computer seats play through the kit's
pacer, each handed only what its seat sees."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

import pygame

from rail_app.table.quotes import QuoteLike
from rail_app.ui import hud
from rail_app.ui.gameparts import Colour, FinalTable
from rail_app.ui.kit.curtain import Curtain, paint_curtain
from rail_app.ui.kit.pacer import Pacer, seated
from rail_app.ui.palette import INK, INKS, MUTED, PAPER, TEXT
from rail_app.ui.scene import Host, Scene
from tests.parcels.rules import PARCELS, Board, Deliver, Drive, State

HAND_BAR = 110  # the bottom bar's height, where the parcels of the person to act lie


class ParcelsScene(Scene):
    def __init__(self, app: Host, session: Any) -> None:
        self.session = session
        self.curtain = Curtain(hides=PARCELS.hidden)
        seed = int(session.setup.seed)
        self.pacer: Pacer[State, Any] = Pacer(session, self.play,
                                              seated(session, lambda seat: seed * 7 + seat))
        if self.curtain.between_people(session):
            self.curtain.lower(session.actor)
        super().__init__(app)

    @property
    def state(self) -> State:
        return self.session.state  # type: ignore[no-any-return]

    # -- where things are ------------------------------------------------------------------
    def map_rect(self) -> pygame.Rect:
        w, h = self.app.size
        return pygame.Rect(40, 40, w - 80, h - 80 - HAND_BAR)

    def town_at(self, town: int) -> tuple[int, int]:
        r = self.map_rect()
        t = self.state.board.towns[town]
        return (r.x + int(t.x * r.w / 100), r.y + int(t.y * r.h / 100))

    def card_rects(self) -> list[pygame.Rect]:
        w, h = self.app.size
        hand = self.state.hands[self.session.actor]
        return [pygame.Rect(40 + i * 170, h - HAND_BAR + 10, 150, HAND_BAR - 30)
                for i in range(len(hand))]

    def hit(self, pos: tuple[int, int]) -> Any:
        """The action a click at ``pos`` asks for: a parcel delivered, a town driven to."""
        for i, rect in enumerate(self.card_rects()):
            if rect.collidepoint(pos):
                return Deliver(i)
        for town in range(len(self.state.board.towns)):
            x, y = self.town_at(town)
            if (x - pos[0]) ** 2 + (y - pos[1]) ** 2 <= 18 ** 2:
                return Drive(town)
        return None

    # -- the game --------------------------------------------------------------------------
    def play(self, action: Any) -> QuoteLike:
        """The one door to the game, for a person's clicks and the pacer alike."""
        actor = self.session.actor
        q = self.session.apply(action)
        if q.ok and self.session.actor != actor:
            self.curtain.turn_passed(self.session)
        if self.session.over:
            self.app.reset(self.app.screens.game_over(self.session))
        return q  # type: ignore[no-any-return]

    def handle_event(self, event: pygame.event.Event) -> bool:
        if self.curtain.handle(event):
            return True
        if event.type == pygame.KEYDOWN and event.key == pygame.K_SPACE:
            self.pacer.skip_now()
            return True
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1 \
                and not self.session.seat.computer and not self.session.over:
            action = self.hit(event.pos)
            if action is not None:
                self.play(action)
                return True
        return False

    def update(self, dt: float) -> None:
        self.pacer.tick(dt, held=self.curtain.down)

    def leave(self) -> None:
        self.pacer.leave()

    # -- drawing ---------------------------------------------------------------------------
    def ink(self, seat: int) -> Colour:
        return INKS.get(self.session.setup.seats[seat].ink, self.app.settings.ink(seat))

    def draw(self, surface: pygame.Surface) -> None:
        if self.curtain.down and self.curtain.seat is not None:
            paint_curtain(surface, self.state.names[self.curtain.seat],
                          self.ink(self.curtain.seat), self.app.px)
            return
        surface.fill(PAPER)
        st = self.state
        for a, b in sorted(st.board.roads):
            pygame.draw.line(surface, MUTED, self.town_at(a), self.town_at(b), 3)
        for i, town in enumerate(st.board.towns):
            pos = self.town_at(i)
            pygame.draw.circle(surface, INK, pos, 16, 2)
            hud.label(surface, f"{town.name} ({town.value})", (pos[0] + 20, pos[1] - 10), 16,
                      TEXT)
        for seat, van in enumerate(st.vans):
            x, y = self.town_at(van)
            pygame.draw.circle(surface, self.ink(seat), (x - 12 + 6 * seat, y + 22), 6)
        for seat, (name, points) in enumerate(zip(st.names, st.points, strict=True)):
            hud.label(surface, f"{name}: {points}", (self.app.size[0] - 220, 40 + 24 * seat),
                      18, self.ink(seat), bold=seat == self.session.actor)
        if not self.session.seat.computer:  # the parcels of the person to act, only
            for rect, town in zip(self.card_rects(), st.hands[self.session.actor],
                                  strict=True):
                pygame.draw.rect(surface, INK, rect, 2)
                hud.label(surface, st.board.towns[town].name, (rect.x + 10, rect.y + 10), 18,
                          TEXT)
        self.ui.draw_ui(surface)


class ParcelsScreens:
    def open(self, host: Host, session: Any, lesson: int | None = None) -> Scene:
        return ParcelsScene(host, session)

    def picture_board(self, map_path: Path) -> Any:
        return PARCELS.rules.load_board(map_path)

    def backdrop(self, board: Any, size: tuple[int, int]) -> pygame.Surface:
        pic = pygame.Surface(size)
        pic.fill(PAPER)
        return pic

    def thumbnail(self, board: Board, summary: Mapping[str, Any], inks: Sequence[Colour],
                  size: tuple[int, int]) -> pygame.Surface:
        pic = pygame.Surface(size)
        pic.fill(PAPER)
        for a, b in sorted(board.roads):
            ta, tb = board.towns[a], board.towns[b]
            pygame.draw.line(pic, MUTED, (ta.x * size[0] / 100, ta.y * size[1] / 100),
                             (tb.x * size[0] / 100, tb.y * size[1] / 100))
        return pic

    def final_table(self, session: Any) -> FinalTable:
        """Parcels' own scoring: the points and the parcels each seat delivered."""
        st: State = session.state
        delivered = [sum(1 for seat, a in st.history if seat == s and isinstance(a, Deliver))
                     for s in range(len(st.names))]
        return FinalTable(("Points", "Parcels"),
                          tuple((PARCELS.score.format(p), str(d))
                                for p, d in zip(st.points, delivered, strict=True)),
                          reason="P5: the parcels are delivered and the round played out.")

    def render_map(self, board: Any, path: str, width: int) -> tuple[int, int]:
        pic = self.thumbnail(board, {}, (), (width, width))
        pygame.image.save(pic, path)
        return pic.get_size()

    def selftest(self, app: Any, map_path: str, turns: int, verbose: bool) -> int | None:
        return None  # the shell's self-test plays it

    def has_lesson(self) -> bool:
        return False

    def lesson_resumable(self) -> bool:
        return False

    def lesson(self) -> tuple[Any, int]:
        raise NotImplementedError("Parcels has no lesson")


SCREENS = ParcelsScreens()
