"""The game over chart is every game's: each seat's own figure after each of its turns, in
the game's own format (Italian Rails' cash in millions, Steam's victory points), a line of
its own pattern for each of up to six seats, and no Italian Rails money unless the game
asks for it."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pygame
import pytest

from rail_app.core.i18n import money_millions, number
from rail_app.table.seats import Level, Seat, SeatKind
from rail_app.ui import chart, hud, screens
from rail_app.ui.session import GameSetup, Session

ROOT = Path(__file__).resolve().parents[2]
INKS = ((0, 114, 178), (230, 159, 0), (213, 94, 0), (86, 180, 233), (0, 158, 115),
        (204, 121, 167))


def _labels(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    said: list[str] = []
    real = hud.label

    def label(surface: pygame.Surface, text: str, *args: Any, **kwargs: Any) -> Any:
        said.append(text)
        return real(surface, text, *args, **kwargs)

    monkeypatch.setattr(hud, "label", label)
    return said


def _drawn(rect: pygame.Rect, series: list[tuple[str, Any, list[int]]], **kw: Any
           ) -> pygame.Surface:
    pygame.init()
    surface = pygame.Surface((rect.right + 10, rect.bottom + 10))
    surface.fill((255, 255, 255))
    chart.draw_chart(surface, rect, series, 14, **kw)
    return surface


def test_six_seats_each_have_a_pattern_of_their_own() -> None:
    assert len({chart.pattern(k) for k in range(6)}) == 6
    assert len({mark for _dashes, mark in chart.PATTERNS}) == 6
    rect = pygame.Rect(0, 0, 1100, 420)
    series = [(f"Seat {k + 1}", INKS[k], [k, 2 * k + 1, 3 * k + 2]) for k in range(6)]
    pic = _drawn(rect, series, heading="Points", value=number)
    for ink in INKS:  # every seat's line is on the chart, in its ink
        assert any(pic.get_at((x, y))[:3] == ink for x in range(0, rect.w, 2)
                   for y in range(0, rect.h, 2)), ink


def test_the_chart_writes_the_games_own_figures(monkeypatch: pytest.MonkeyPatch) -> None:
    said = _labels(monkeypatch)
    series = [("Ana", INKS[0], [0, 5, 12]), ("Berta", INKS[1], [0, 3, 9]),
              ("Carlos", INKS[2], [0, 4, 8]), ("Dani", INKS[3], [0, 1, 2])]
    _drawn(pygame.Rect(0, 0, 900, 400), series, heading="Victory points after each turn",
           value=number)
    assert "Victory points after each turn" in said
    assert {"Ana 12", "Berta 9", "Carlos 8", "Dani 2"} <= set(said)
    assert not any("M" in s for s in said if s[:1].isdigit())  # no money on a VP chart
    said.clear()
    _drawn(pygame.Rect(0, 0, 900, 400), [("Anna", INKS[0], [60, 180, 304]),
                                         ("Bruno", INKS[1], [60, 90, 120])],
           heading="Cash after each turn", value=money_millions, goal=250)
    assert {"Anna 304M", "Bruno 120M", "goal 250M"} <= set(said)


def test_a_steam_game_over_charts_victory_points_for_every_seat(
        app: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    seats = [Seat(n, SeatKind.COMPUTER, Level.EASY, ink) for n, ink in
             zip(("Ana", "Berta", "Carlos", "Dani"),
                 ("blue", "orange", "vermillion", "sky blue"), strict=True)]
    session = Session.new(GameSetup(str(ROOT / "maps" / "test" / "steam-small.yaml"), seats, 1,
                                    {}, "steam"))
    game = session.game
    players = [game.player("greedy", s, 1) for s in range(4)]
    while game.rules.outcome(session.state) is None:
        seat = game.rules.to_act(session.state)
        assert seat is not None
        assert session.apply(players[seat].choose(game.rules.seen_by(session.state, seat))).ok
    said = _labels(monkeypatch)
    over = app.reset(screens.game_over(app, session))
    app.step(1 / 60, [])
    series, _end = over.series()
    assert [name for name, _ink, _v in series] == ["Ana", "Berta", "Carlos", "Dani"]
    final = [values[-1] for _name, _ink, values in series]
    assert "Victory points after each turn" in said
    for (name, _ink, _v), vp in zip(series, final, strict=True):
        assert f"{name} {number(vp)}" in said
    assert "Cash after each turn" not in said
