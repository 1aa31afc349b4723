"""The replay's drawing (:mod:`rail_app.ui.replay`): the side panel and the scrubber (of a
:class:`~rail_app.ui.replay.ReplayScene`, handed in), and the replay parts of a game
without its own (:class:`GenericReplay`)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pygame

from rail_app.core.i18n import _, ngettext, number
from rail_app.table.timeline import Mark
from rail_app.ui import hud
from rail_app.ui.gamescreens import review_words_of, screens_of
from rail_app.ui.palette import CREAM, INK, MUTED, PANEL_EDGE, PAPER, RED, SCROLL_BAR, SELECTED


class GenericReplay:
    """The replay parts of a game without its own: its save list's small map of the
    position (from the game's summary) and its actions as records write them."""

    def __init__(self, game: Any, map_path: str) -> None:
        self.game = game
        self.screens = screens_of(game.id)
        self.review_words = review_words_of(game.id)
        try:
            self.picture: Any = self.screens.picture_board(Path(map_path))
        except Exception:  # noqa: BLE001 - a map that will not draw leaves the map blank
            self.picture = None

    def lines(self, board: Any, before: Any, after: Any, seat: int | None) -> list[str]:
        done = self.game.rules.history(after)
        return [self.game.rules.action_repr(done[-1][1])] if done else []

    def figures(self, board: Any, state: Any, viewer: int | None) -> list[str]:
        return [_("{score}: {value}").format(score=self.game.score.said(),
                                            value=self.game.score.format(v))
                for v in self.game.rules.scores(state)]

    def draw(self, surface: pygame.Surface, board: Any, before: Any | None, state: Any,
             inks: Any, plan: Any = None) -> None:
        surface.fill(PAPER)
        if self.picture is not None:
            pic = self.screens.thumbnail(self.picture, self.game.rules.summary(state), inks,
                                         surface.get_size())
            surface.blit(pic, (0, 0))

    def explain(self, board: Any, state: Any, plan: Any, gap: float) -> str:
        if self.review_words is not None:
            return self.review_words.explain(board, state, plan, gap)
        return _("Here the best plan earned {gap} a turn more than what was played.").format(
            gap=number(gap, 1))


def draw_side(self: Any, surface: pygame.Surface, state: Any, lines: list[str],
              m: Mark | None) -> None:
    """The side panel: the turn and action, who sees the game, each seat's figures, what
    the action did, and the review's sentence at a mark."""
    px = self.app.px
    side = self.side
    pygame.draw.rect(surface, CREAM, side)
    x = side.x + px(20)
    width = side.w - px(40)
    y = side.y + px(18)
    tl = self.timeline
    setup = self.session.setup
    hud.label(surface, _("Replay"), (x, y), px(30), INK, bold=True)
    y += px(44)
    hud.label(surface, _("Turn {turn} · action {k} of {n}").format(
        turn=number(tl.turn_at(self.pos)), k=number(self.pos), n=number(tl.last)),
        (x, y), px(17), INK, bold=True)
    y += px(28)
    if self.viewer is not None:
        note = _("A game not yet over: shown as {name} saw it.").format(
            name=setup.seats[self.viewer].name)
    else:
        note = _("The game is over: everything is shown.")
    for line in hud.wrap(note, px(14), width):
        hud.label(surface, line, (x, y), px(14), MUTED)
        y += px(20)
    y += px(8)
    inks = self.inks()
    for i, (seat, figures) in enumerate(zip(setup.seats,
                                           self.parts.figures(self.session.board, state,
                                                              self.viewer),
                                           strict=False)):
        pygame.draw.rect(surface, inks[i], (x, y + px(4), px(22), px(12)),
                         border_radius=px(5))
        hud.label(surface, seat.name, (x + px(30), y), px(16), INK, bold=True)
        y += px(22)
        hud.label(surface, figures, (x + px(30), y), px(14), INK)
        y += px(26)
    y += px(6)
    pygame.draw.line(surface, PANEL_EDGE, (x, y), (x + width, y))
    y += px(12)
    who = tl.seat_at(self.pos)
    if who is None:
        head = _("The game as dealt")
    else:
        head = _("{name} plays").format(name=setup.seats[who].name)
    hud.label(surface, head, (x, y), px(16), INK, bold=True)
    y += px(26)
    bottom = side.bottom - px(12)
    for text in lines:
        for line in hud.wrap(text, px(15), width):
            if y + px(22) > bottom:
                break
            hud.label(surface, line, (x, y), px(15), INK)
            y += px(22)
    if m is not None:
        y += px(10)
        t = m.detail
        words = getattr(self.parts, "review_words", None)
        if words is not None:
            head = words.heading(t.gap)
        else:
            head = _("Review: {gap} a turn left on the table").format(
                gap=self.game.score.format(round(t.gap)))
        hud.label(surface, head, (x, y), px(16), RED, bold=True)
        y += px(26)
        for line in hud.wrap(m.text, px(15), width):
            if y + px(22) > bottom:
                break
            hud.label(surface, line, (x, y), px(15), INK)
            y += px(22)
    elif self.reviews:
        y += px(10)
        text = ngettext("The review marks {n} turn on the scrubber.",
                        "The review marks {n} turns on the scrubber.",
                        len(self.marks)).format(n=number(len(self.marks)))
        for line in hud.wrap(text, px(14), width):
            hud.label(surface, line, (x, y), px(14), MUTED)
            y += px(20)

def draw_scrubber(self: Any, surface: pygame.Surface) -> None:
    """The scrubber: what is played so far, a tick at each turn, the review's marks, the
    cursor."""
    px = self.app.px
    r = self.scrub
    pygame.draw.rect(surface, CREAM, r, border_radius=px(6))
    done = pygame.Rect(r.x, r.y, self.x_of(self.pos) - r.x, r.h)
    pygame.draw.rect(surface, SELECTED, done, border_radius=px(6))
    for k in self.timeline.turn_starts[1:]:
        x = self.x_of(k)
        pygame.draw.line(surface, SCROLL_BAR, (x, r.y + px(6)), (x, r.bottom - px(6)))
    pygame.draw.rect(surface, PANEL_EDGE, r, 1, border_radius=px(6))
    for m in self.marks:
        x = self.x_of(m.position)
        tip = [(x, r.top - px(1)), (x - px(8), r.top - px(15)), (x + px(8), r.top - px(15))]
        pygame.draw.polygon(surface, RED, tip)
    x = self.x_of(self.pos)
    pygame.draw.rect(surface, INK, (x - px(3), r.y - px(4), px(6), r.h + px(8)),
                     border_radius=px(3))


def scrub_mark_at(self: Any, pos: tuple[int, int]) -> Mark | None:
    """The review's mark (drawn above the scrubber by :func:`draw_scrubber`) under ``pos``."""
    px = self.app.px
    marks: list[Mark] = self.marks
    for m in marks:
        box = pygame.Rect(0, 0, px(18), px(18))
        box.midbottom = (self.x_of(m.position), self.scrub.top)
        if box.inflate(px(6), px(6)).collidepoint(pos):
            return m
    return None
