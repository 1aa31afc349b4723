"""Short real games for the fuzzers: a session played by seeded random legal actions."""

from __future__ import annotations

import random
from typing import Any

from rail_app.core.paths import resource_path
from rail_app.devtools.toolkit import resolve
from rail_app.table.registry import DEFAULT_GAME
from rail_app.table.registry import game as game_of
from rail_app.table.seats import Level, Seat, SeatKind
from rail_app.ui.session import GameSetup, Session

MINI = str(resource_path("maps", "test", "mini.yaml"))


def played_session(map_path: str = MINI, seed: int = 1, steps: int = 40,
                   names: tuple[str, ...] = ("Anna", "Bruno"),
                   kinds: tuple[str, ...] = ("human", "computer"),
                   inks: tuple[str, ...] = ("blue", "orange"), level: str = "hard",
                   game: str | None = None) -> Any:
    """A game on ``map_path`` (of the default game, or ``game``) after ``steps`` random
    legal actions (the same game for the same arguments)."""
    seats = [Seat(n, SeatKind(k), Level(level if k == "computer" else "normal"), ink)
             for n, k, ink in zip(names, kinds, inks, strict=True)]
    session = Session.new(GameSetup(map_path, seats, seed, game=game or DEFAULT_GAME))
    definition = session.game
    rng = random.Random(seed)
    for _ in range(steps):
        if session.over:
            break
        options = definition.rules.legal_actions(session.state)
        if not options:
            break
        # prefer doing something over ending the turn or the phase, so games get somewhere
        busy = [a for a in options
                if not str(definition.rules.action_to_dict(a).get("kind", "")).startswith("end")]
        session.apply(rng.choice(busy if busy and rng.random() < 0.8 else options))
    return session


INKS = ("blue", "orange", "vermillion", "sky blue", "bluish green", "reddish purple")


def small_map_of(game: str | None = None) -> str:
    """The smallest bundled map of a game (Italian Rails: the Mini map)."""
    return resolve(game_of(game).small_map)


def table_of(game: str | None, names: tuple[str, ...], computer_first: bool = False
             ) -> tuple[tuple[str, ...], tuple[str, ...], tuple[str, ...]]:
    """(names, kinds, inks) for the game's usual table (its default number of seats):
    people and computers in turn."""
    n = game_of(game).seats.default
    first, second = ("computer", "human") if computer_first else ("human", "computer")
    kinds = tuple(first if i % 2 == 0 else second for i in range(n))
    inks = INKS[:n] if not computer_first else (INKS[2:4] + INKS[4:] + INKS[:2])[:n]
    return names[:n], kinds, inks
