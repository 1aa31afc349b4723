"""Short real games for the fuzzers: a session played by seeded random legal actions."""

from __future__ import annotations

import random
from typing import Any

from rail_app.core.paths import resource_path

MINI = str(resource_path("maps", "test", "mini.yaml"))


def played_session(map_path: str = MINI, seed: int = 1, steps: int = 40,
                   names: tuple[str, str] = ("Anna", "Bruno"),
                   kinds: tuple[str, str] = ("human", "computer"),
                   inks: tuple[str, str] = ("blue", "orange"), level: str = "hard") -> Any:
    """A game with cards on ``map_path`` after ``steps`` random legal actions (the same
    game for the same arguments)."""
    from rail_app.games.italian_rails.rules.engine import legal_actions
    from rail_app.ui.session import GameSetup, Seat, Session

    seats = [Seat(n, k, level if k == "computer" else "normal", ink)
             for n, k, ink in zip(names, kinds, inks, strict=True)]
    session = Session.new(GameSetup(map_path, seats, seed, cards=True))
    rng = random.Random(seed)
    for _ in range(steps):
        if session.over:
            break
        options = legal_actions(session.state)
        if not options:
            break
        # prefer doing something over ending the turn, so games get somewhere
        busy = [a for a in options if a.kind not in ("end_turn", "end_phase")]
        session.apply(rng.choice(busy if busy and rng.random() < 0.8 else options))
    return session
