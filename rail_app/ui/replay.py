"""The replay of any game on the table: the game watched again from its first action to its
last, on its own map.

A scrubber along the bottom goes by action (a click or a drag anywhere on it; a tick at the
start of every turn); the buttons and the keys step by action (Left/Right), by turn
(Page Up/Page Down), to the start and the end (Home/End), and play or pause (Space) at a
chosen speed. The map shows the position with the action that led to it marked (the game's
replay parts, as its definition names them: ``GameDef.replay``); the side panel says the turn,
each seat's figures, what the action did in the history's words and what came just before.

Positions come from a :class:`~rail_app.table.timeline.Timeline` (keyframes: a jump applies
a few actions, never the whole game). A game not yet over is shown as one seat saw it (its
``seen_by``: the seat of the person who played it; in a game of several people at one
screen, the seat chosen with "Seen by"); a finished game is shown whole.

For a game whose GameDef has an advisor, Review compares each of a seat's turns with the
advisor's best plan from the position as the seat saw it (:mod:`rail_app.table.review`,
worked out in the background) and marks the largest gaps on the scrubber; at a mark the map
draws the better plan and the panel says in one sentence what it would have done.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import pygame
import pygame_gui
from pygame_gui.elements import UIButton

from rail_app.core.i18n import _, ngettext, number
from rail_app.table.review import TurnReview, largest_gaps
from rail_app.table.timeline import Mark, Timeline
from rail_app.ui.gamescreens import replay_parts_of
from rail_app.ui.palette import PANEL_EDGE, PAPER
from rail_app.ui.replaydraw import GenericReplay, draw_scrubber, draw_side, scrub_mark_at
from rail_app.ui.replayreview import ReviewRun
from rail_app.ui.scene import Host, Scene
from rail_app.ui.settings import INKS

if TYPE_CHECKING:
    from rail_app.ui.session import Session

#: Actions a second at each speed Play offers.
SPEEDS: tuple[float, ...] = (1.0, 2.0, 4.0, 8.0, 16.0)
DEFAULT_SPEED = 1  # 2 actions a second


class ReplayScene(Scene):
    """The replay of ``session``'s game (see the module docstring); pushed over the screen
    it was opened from, which Close returns to."""

    def __init__(self, app: Host, session: Session[Any]) -> None:
        self.session = session
        game = session.game
        self.game = game
        setup = session.setup
        self.timeline = Timeline(game, session.board, [s.name for s in setup.seats],
                                 dict(game.rules.options_of(session.state)), setup.seed,
                                 game.rules.history(session.state))
        self.parts: Any = replay_parts_of(game.id) or GenericReplay(game, setup.map_path)
        people = [i for i, s in enumerate(setup.seats) if not s.computer]
        self.people = people
        #: whose eyes an unfinished game is seen through (None: everything is shown)
        self.viewer: int | None = None if self.timeline.over else (people[0] if people else 0)
        #: whose turns the review looks at
        self.reviewed = people[0] if people else 0
        self.pos = 0
        self.playing = False
        self.speed = DEFAULT_SPEED
        self.clock = 0.0
        self.dragging = False
        self.marks: list[Mark] = []
        self.reviews: list[TurnReview] = []
        #: the review being worked out in the background (its turns when done)
        self.reviewing: ReviewRun | None = None
        self._shown: tuple[tuple[int, int | None], Any, Any, list[str]] | None = None
        self._map: tuple[tuple[Any, ...], pygame.Surface] | None = None
        super().__init__(app)

    # -- layout --------------------------------------------------------------------------------
    def build(self) -> None:
        px = self.app.px
        w, h = self.app.size
        side_w = max(px(340), min(px(440), w // 4))
        bar_h = px(124)
        self.map_rect = pygame.Rect(0, 0, w - side_w, h - bar_h)
        self.side = pygame.Rect(w - side_w, 0, side_w, h - bar_h)
        self.scrub = pygame.Rect(px(24), h - bar_h + px(18), w - px(48), px(30))
        y = self.scrub.bottom + px(16)
        bh, gap = px(42), px(8)
        # the row of buttons shrinks to the window: seven steps, speed, review, seat, close
        widths = {"step": 118, "speed": 130, "review": 120, "seat": 210, "close": 110}
        shown = [k for k in widths if k != "step"
                 and not (k == "seat" and len(self.people) < 2)
                 and not (k == "review" and self.game.advisor() is None)]
        need = px(7 * widths["step"] + sum(widths[k] for k in shown) + (7 + len(shown)) * 8)
        f = min(1.0, (w - px(48)) / need)

        def wide(name: str) -> int:
            return round(px(widths[name]) * f)

        names = [("first", _("First"), _("Home: the start of the game")),
                 ("prev_turn", _("Turn back"), _("Page Up: the start of this turn, or the "
                                                 "turn before")),
                 ("prev", _("Back"), _("Left arrow: one action back")),
                 ("play", _("Play"), _("Space: play or pause")),
                 ("next", _("Forward"), _("Right arrow: one action forward")),
                 ("next_turn", _("Next turn"), _("Page Down: the start of the next turn")),
                 ("last", _("Last"), _("End: the end of the game"))]
        self.buttons: dict[str, UIButton] = {}
        x = px(24)
        for key, text, tip in names:
            self.buttons[key] = UIButton(pygame.Rect(x, y, wide("step"), bh), text, self.ui,
                                         tool_tip_text=tip,
                                         object_id="#primary" if key == "play" else None)
            x += wide("step") + gap
        x += gap
        self.buttons["speed"] = UIButton(pygame.Rect(x, y, wide("speed"), bh),
                                         self.speed_words(), self.ui,
                                         tool_tip_text=_("Actions a second while playing"))
        x += wide("speed") + gap
        self.buttons["review"] = UIButton(pygame.Rect(x, y, wide("review"), bh), _("Review"),
                                          self.ui, tool_tip_text=_(
                                              "Compare each turn with the best plan"))
        x += wide("review") + gap
        self.buttons["seat"] = UIButton(pygame.Rect(x, y, wide("seat"), bh), "", self.ui)
        self.buttons["close"] = UIButton(pygame.Rect(w - px(24) - wide("close"), y,
                                                     wide("close"), bh), _("Close"), self.ui)
        if self.game.advisor() is None:
            self.buttons["review"].hide()
        if len(self.people) < 2:
            self.buttons["seat"].hide()
        self.refresh()

    def speed_words(self) -> str:
        n = SPEEDS[self.speed]
        return ngettext("{n} action/s", "{n} actions/s", int(n)).format(n=number(n))

    def refresh(self) -> None:
        """The buttons' words for the state of the replay."""
        self.buttons["play"].set_text(_("Pause") if self.playing else _("Play"))
        self.buttons["speed"].set_text(self.speed_words())
        names = [s.name for s in self.session.setup.seats]
        seat = self.buttons["seat"]
        if self.viewer is not None:
            seat.set_text(_("Seen by {name}").format(name=names[self.viewer]))
        else:
            seat.set_text(_("Review of {name}").format(name=names[self.reviewed]))
        review_button = self.buttons["review"]
        if self.reviewing is not None:
            review_button.set_text(self.reviewing.progress())
            review_button.disable()
        else:
            review_button.set_text(_("Review"))
            review_button.enable()

    # -- moving along the game -----------------------------------------------------------------
    def go(self, k: int) -> None:
        self.pos = self.timeline.clamp(k)
        if self.pos >= self.timeline.last:
            self.pause_play()

    def step(self, by: int) -> None:
        self.go(self.pos + by)

    def toggle_play(self) -> None:
        if self.playing:
            self.pause_play()
            return
        if self.pos >= self.timeline.last:
            self.pos = 0
        self.playing = True
        self.clock = 0.0
        self.refresh()

    def pause_play(self) -> None:
        if self.playing:
            self.playing = False
            self.refresh()

    def faster(self) -> None:
        self.speed = (self.speed + 1) % len(SPEEDS)
        self.refresh()

    def other_seat(self) -> None:
        """The next person's seat: whose eyes an unfinished game is seen through, or
        whose turns the review looks at."""
        if not self.people:
            return
        if self.viewer is not None:
            self.viewer = self.people[(self.people.index(self.viewer) + 1) % len(self.people)]
            self.reviewed = self.viewer
        else:
            i = self.people.index(self.reviewed) if self.reviewed in self.people else -1
            self.reviewed = self.people[(i + 1) % len(self.people)]
        self.marks = []
        self.reviews = []
        self.reviewing = None
        self.refresh()

    # -- the review ----------------------------------------------------------------------------
    def start_review(self) -> None:
        """Work out the review of the seat in the background (a computer player's look at
        every turn of the seat: seconds for a game of Steam), the frames going on; its
        marks come when it is done."""
        if self.reviewing is not None or self.game.advisor() is None:
            return
        # the review replays the game on a timeline of its own (this one serves the frames)
        timeline = Timeline(self.game, self.session.board,
                            [s.name for s in self.session.setup.seats],
                            dict(self.game.rules.options_of(self.session.state)),
                            self.session.setup.seed, self.game.rules.history(self.session.state))
        self.reviewing = ReviewRun(timeline, self.reviewed)
        self.refresh()

    def review_some(self) -> None:
        """The review's marks, once it is done (its error, if it failed, raised here for the
        crash net)."""
        if self.reviewing is None:
            return
        if not self.reviewing.done():
            if self.reviewing.moved_on():
                self.refresh()  # the button says how far the review has come
            return
        done, self.reviewing = self.reviewing, None
        self.set_reviews(done.result())

    def set_reviews(self, reviews: list[TurnReview]) -> None:
        """The review's turns, and marks on the scrubber at the largest gaps."""
        self.reviews = reviews
        self.marks = []
        for t in largest_gaps(reviews):
            state = self.timeline.state_at(t.position)
            text = self.parts.explain(self.session.board, state, t.plan, t.gap)
            # the mark lands on the reviewed seat's own action (the position after it, which
            # the side panel says in words), the better plan from before it drawn over it
            self.marks.append(Mark(min(t.position + 1, self.timeline.last), text, t))
        self.refresh()

    def mark_at(self, k: int) -> Mark | None:
        for m in self.marks:
            if m.position == k:
                return m
        return None

    # -- events --------------------------------------------------------------------------------
    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame_gui.UI_BUTTON_PRESSED:
            return self.pressed(event.ui_element)
        if event.type == pygame.KEYDOWN:
            return self.key(event.key)
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            m = scrub_mark_at(self, event.pos)
            if m is not None:
                self.go(m.position)
                return True
            if self.scrub.inflate(0, self.app.px(16)).collidepoint(event.pos):
                self.dragging = True
                self.go(self.position_at(event.pos[0]))
                return True
            return False
        if event.type == pygame.MOUSEMOTION and self.dragging:
            self.go(self.position_at(event.pos[0]))
            return True
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1 and self.dragging:
            self.dragging = False
            return True
        return False

    def pressed(self, element: Any) -> bool:
        b = self.buttons
        tl = self.timeline
        actions = {
            "first": lambda: self.go(0),
            "prev_turn": lambda: self.go(tl.previous_turn(self.pos)),
            "prev": lambda: self.step(-1),
            "play": self.toggle_play,
            "next": lambda: self.step(1),
            "next_turn": lambda: self.go(tl.next_turn(self.pos)),
            "last": lambda: self.go(tl.last),
            "speed": self.faster,
            "review": self.start_review,
            "seat": self.other_seat,
            "close": self.close,
        }
        for key, button in b.items():
            if element is button:
                actions[key]()
                return True
        return False

    def key(self, k: int) -> bool:
        tl = self.timeline
        if k == pygame.K_LEFT:
            self.step(-1)
        elif k == pygame.K_RIGHT:
            self.step(1)
        elif k == pygame.K_PAGEUP:
            self.go(tl.previous_turn(self.pos))
        elif k == pygame.K_PAGEDOWN:
            self.go(tl.next_turn(self.pos))
        elif k == pygame.K_HOME:
            self.go(0)
        elif k == pygame.K_END:
            self.go(tl.last)
        elif k == pygame.K_SPACE:
            self.toggle_play()
        elif k == pygame.K_ESCAPE:
            self.close()
        else:
            return False
        return True

    def close(self) -> None:
        self.playing = False
        self.app.pop()

    def position_at(self, x: int) -> int:
        """The position under ``x`` on the scrubber."""
        r = self.scrub
        last = self.timeline.last
        if last == 0 or r.w <= 1:
            return 0
        return self.timeline.clamp(round((x - r.x) / (r.w - 1) * last))

    def x_of(self, k: int) -> int:
        r = self.scrub
        last = max(1, self.timeline.last)
        return r.x + round(k / last * (r.w - 1))

    # -- time ----------------------------------------------------------------------------------
    def update(self, dt: float) -> None:
        super().update(dt)
        self.review_some()
        if not self.playing:
            return
        self.clock += dt
        period = 1.0 / SPEEDS[self.speed]
        while self.clock >= period and self.playing:
            self.clock -= period
            self.step(1)

    # -- what is shown -------------------------------------------------------------------------
    def shown(self) -> tuple[Any, Any, list[str]]:
        """The position shown (as the viewer may see it), the one before it and what the
        action between them did."""
        key = (self.pos, self.viewer)
        if self._shown is None or self._shown[0] != key:
            tl = self.timeline
            before = tl.shown(self.pos - 1, self.viewer) if self.pos > 0 else None
            state = tl.shown(self.pos, self.viewer)
            lines = (self.parts.lines(self.session.board, before, state, tl.seat_at(self.pos))
                     if before is not None else [])
            self._shown = (key, state, before, lines)
        return self._shown[1], self._shown[2], self._shown[3]

    def inks(self) -> list[tuple[int, int, int]]:
        return [INKS.get(s.ink, self.app.settings.ink(i))
                for i, s in enumerate(self.session.setup.seats)]

    def words(self) -> list[str]:
        """What the side panel says, as plain lines (the tests read them)."""
        state, _before, lines = self.shown()
        tl = self.timeline
        names = [s.name for s in self.session.setup.seats]
        out = [_("Turn {turn} · action {k} of {n}").format(
            turn=number(tl.turn_at(self.pos)), k=number(self.pos), n=number(tl.last))]
        seat = tl.seat_at(self.pos)
        if seat is not None:
            out.append(names[seat])
        out += lines
        m = self.mark_at(self.pos)
        if m is not None:
            out.append(m.text)
        return out

    # -- drawing -------------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        surface.fill(PAPER)
        state, before, lines = self.shown()
        m = self.mark_at(self.pos)
        plan = m.detail.plan if m is not None else None
        key = (self.pos, self.viewer, self.map_rect.size, plan is not None)
        if self._map is None or self._map[0] != key:
            pic = pygame.Surface(self.map_rect.size)
            self.parts.draw(pic, self.session.board, before, state, self.inks(), plan)
            self._map = (key, pic)
        surface.blit(self._map[1], self.map_rect)
        pygame.draw.line(surface, PANEL_EDGE, self.map_rect.topright,
                         self.map_rect.bottomright)
        draw_side(self, surface, state, lines, m)
        draw_scrubber(self, surface)
        self.ui.draw_ui(surface)
