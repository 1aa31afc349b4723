"""Short real games for the fuzzers: a session played by seeded random legal actions."""

from __future__ import annotations

import random
from typing import Any

from rail_app.core.paths import resource_path

MINI = str(resource_path("maps", "test", "mini.yaml"))


def played_session(map_path: str = MINI, seed: int = 1, steps: int = 40,
                   names: tuple[str, ...] = ("Anna", "Bruno"),
                   kinds: tuple[str, ...] = ("human", "computer"),
                   inks: tuple[str, ...] = ("blue", "orange"), level: str = "hard",
                   game: str | None = None) -> Any:
    """A game on ``map_path`` (of the default game, or ``game``) after ``steps`` random
    legal actions (the same game for the same arguments)."""
    from rail_app.table.registry import DEFAULT_GAME
    from rail_app.table.seats import Level, Seat, SeatKind
    from rail_app.ui.session import GameSetup, Session

    seats = [Seat(n, SeatKind(k), Level(level if k == "computer" else "normal"), ink)
             for n, k, ink in zip(names, kinds, inks, strict=True)]
    session = Session.new(GameSetup(map_path, seats, seed, game=game or DEFAULT_GAME))
    rules = session.game
    rng = random.Random(seed)
    for _ in range(steps):
        if session.over:
            break
        options = rules.legal_actions(session.state)
        if not options:
            break
        # prefer doing something over ending the turn or the phase, so games get somewhere
        busy = [a for a in options
                if not str(rules.action_to_dict(a).get("kind", "")).startswith("end")]
        session.apply(rng.choice(busy if busy and rng.random() < 0.8 else options))
    return session
