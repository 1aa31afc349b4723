"""The replay's figures for ``bench``, for any game on the table: a computer game of 45
turns a seat (or to its end, if sooner) is opened as the replay opens it, and the scrubber
jumps to random actions of it; a jump is the position worked out from the nearest keyframe,
the action's words and the map's picture of the position drawn again (1920x1080 screen:
the replay's map area).
"""

from __future__ import annotations

import random
import time
from typing import Any

import pygame

from rail_app.table import registry
from rail_app.table.timeline import Timeline
from rail_app.ui.fonts import font
from rail_app.ui.gamescreens import replay_parts_of
from rail_app.ui.palette import INKS

#: The replay's map area on a 1920x1080 screen (the side panel and the scrubber aside).
MAP_SIZE = (1480, 956)


def computer_game(game_id: str, map_path: str, turns: int, seed: int = 5,
                  names: list[str] | None = None
                  ) -> tuple[Any, Any, list[str], list[tuple[int, Any]]]:
    """A game of the game's strongest and weakest levels (in turn), ``turns`` turns a seat
    or to its end: its board, final state, players and actions."""
    game = registry.game(game_id)
    board = game.rules.load_board(map_path)
    seats = game.seats.default
    levels = [lv.value for lv in game.levels] or list(game.players)
    names = list(names) if names is not None else [f"P{i}" for i in range(seats)]
    state = game.rules.new_game(board, names, {}, seed)
    bots = [game.player(levels[-1] if i % 2 == 0 else levels[0], i, seed + i)
            for i in range(seats)]
    while game.rules.outcome(state) is None and min(game.rules.turns_taken(state)) < turns:
        seat = game.rules.to_act(state)
        assert seat is not None
        state = game.rules.apply(state, bots[seat].choose(game.rules.seen_by(state, seat)))
    return board, state, names, game.rules.history(state)


def _pct(values: list[float], p: float) -> float:
    s = sorted(values)
    return s[min(len(s) - 1, int(round(p / 100 * (len(s) - 1))))] if s else 0.0


def bench_replay(game_id: str, map_path: str, jumps: int = 200, turns: int = 45
                 ) -> dict[str, float]:
    """``replay_jump_p95_ms`` (and its median, the state alone, opening the replay)."""
    game = registry.game(game_id)
    board, final, names, actions = computer_game(game_id, map_path, turns)
    t0 = time.perf_counter()
    timeline = Timeline(game, board, names, game.rules.options_of(final), 5, actions)
    open_ms = (time.perf_counter() - t0) * 1000
    parts = replay_parts_of(game_id)
    inks = list(INKS.values())
    if not pygame.font.get_init():  # an earlier benchmark may have quit pygame
        pygame.init()
        font.cache_clear()  # its fonts went with it
    pic = pygame.Surface(MAP_SIZE)
    if parts is not None:  # the map's picture without pieces is drawn once, on opening
        parts.draw(pic, board, None, timeline.shown(0, 0), inks)
    rng = random.Random(1)
    whole: list[float] = []
    states: list[float] = []
    for _ in range(jumps):
        k = rng.randint(0, timeline.last)
        t0 = time.perf_counter()
        before = timeline.shown(k - 1, 0) if k > 0 else None
        state = timeline.shown(k, 0)
        t1 = time.perf_counter()
        if parts is not None:
            if before is not None:
                parts.lines(board, before, state, timeline.seat_at(k))
            parts.figures(board, state, 0)
            parts.draw(pic, board, before, state, inks)
        t2 = time.perf_counter()
        states.append((t1 - t0) * 1000)
        whole.append((t2 - t0) * 1000)
    return {"replay_actions": float(timeline.last),
            "replay_turns": float(max(game.rules.turns_taken(final))),
            "replay_open_ms": open_ms,
            "replay_jump_median_ms": _pct(whole, 50),
            "replay_jump_p95_ms": _pct(whole, 95),
            "replay_jump_state_p95_ms": _pct(states, 95)}
