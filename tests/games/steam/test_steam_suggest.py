"""Suggest on Steam's screen: the Hard computer player's choice for the person to act, worked
out in a thread and shown until the game moves on: the tiles it would lay as ghosts, the
delivery it would make lit, a sentence for every step; S or the button asks, a second
press hides it."""

from __future__ import annotations

from typing import Any

import pygame

from rail_app.games.steam.ai import make_player
from rail_app.games.steam.ai.advisor import suggest
from rail_app.games.steam.rules import goods
from rail_app.games.steam.rules.state import Step
from rail_app.games.steam.ui import advicewords
from rail_app.games.steam.ui.commands import Intent
from rail_app.table.seats import Level, Seat, SeatKind
from rail_app.ui.kit.driver import click, key
from rail_app.ui.session import GameSetup, Session
from tests.waiting import frames_until

MAP = "maps/test/steam-small.yaml"


def _open(app: Any) -> tuple[Any, Session[Any]]:
    inks = ("blue", "orange", "vermillion")
    seats = [Seat(n, SeatKind.HUMAN, Level.NORMAL, inks[i])
             for i, n in enumerate(("Anna", "Bruno", "Carla"))]
    session = Session.new(GameSetup(MAP, seats, 6, game="steam"))
    app.reset(app.screens.game(session))
    app.step(0.02, [])
    return app.scene, session


def _until(session: Session[Any], app: Any, done: Any) -> None:
    bots = [make_player("greedy", s, 9 + s) for s in range(3)]
    for _ in range(3000):
        if done(session.state):
            break
        seat = session.actor
        assert session.apply(bots[seat].choose(session.state, seat)).ok
    app.step(0.02, [])
    assert done(session.state)


def _asked(app: Any, scene: Any) -> Any:
    frames_until(app, lambda: scene.table.suggestion is not None)
    return scene.table.suggestion.advice


def test_suggest_draws_the_hard_players_build_and_goes_when_the_game_moves_on(app: Any
                                                                              ) -> None:
    scene, session = _open(app)
    _until(session, app, lambda st: st.step is Step.BUILD and st.turn >= 2
           and st.build is not None and st.build.used == 0)
    button = scene.find(Intent.SUGGEST)
    assert button is not None
    click(app, button.center)
    advice = _asked(app, scene)
    st = session.state
    assert advice == suggest(st)  # the Hard player's plan, worked out on a copy
    assert session.quote(advice.action).ok
    sentence = advicewords.suggestion(st, advice)
    assert sentence.startswith("Suggested: ")
    if advice.builds:
        assert "building" in sentence or "Urban Growth" in sentence or "New City" in sentence
    key(app, pygame.K_s)  # a second press hides it
    assert scene.table.suggestion is None
    key(app, pygame.K_s)
    _asked(app, scene)
    assert session.apply(advice.action).ok  # the game moves on: the suggestion goes
    app.step(0.02, [])
    assert scene.table.suggestion is None


def test_suggest_lights_the_delivery_and_speaks_at_every_step(app: Any) -> None:
    scene, session = _open(app)
    _until(session, app, lambda st: st.step is Step.MOVE
           and bool(goods.legal_routes(st, st.actor())))
    key(app, pygame.K_s)
    advice = _asked(app, scene)
    if advice.route is not None:
        assert scene.table.suggestion.links
        assert advicewords.suggestion(session.state, advice).startswith("Suggested: delivering")
    for step in (Step.POINTS, Step.CHOOSE):
        _until(session, app, lambda st, s=step: st.step is s)
        key(app, pygame.K_s)
        advice = _asked(app, scene)
        assert session.quote(advice.action).ok
        assert advicewords.suggestion(session.state, advice).startswith("Suggested: ")
