"""The planning helpers' answers on a late-game board, for ``bench``: "Suggest" (the plan
the Hard computer would choose for the player) and the ghost line of a hovered demand (the
cheapest track still to build to serve it). Each answer is timed from nothing, as after a
change of the game (the screen keeps the seat's cost graph while nothing changes, so a
second demand hovered in the same position answers faster still)."""

from __future__ import annotations

import random
import statistics
import time
from typing import Any

from rail_app.games.italian_rails.ai.advice import Adviser


def with_cards(state: Any, seed: int = 5) -> Any:
    """``state`` (a late-game board) with two private cards each and a pool of six, drawn
    at random from the deck's demand cards."""
    rng = random.Random(seed)
    demands = sorted(n for n, c in state.deck.cards.items() if not c.is_event)
    rng.shuffle(demands)
    for i, p in enumerate(state.players):
        p.private = demands[2 * i:2 * i + 2]
    state.pool = demands[4:10]
    used = set(demands[:10])
    state.draw_pile = [n for n in sorted(state.deck.cards) if n not in used]
    return state


def _p95(values: list[float]) -> float:
    s = sorted(values)
    return s[min(len(s) - 1, round(0.95 * (len(s) - 1)))] if s else 0.0


def bench_advice(state: Any, samples: int) -> dict[str, float]:
    """p95 and median seconds of one Suggest and of one demand's ghost line."""
    state = with_cards(state.copy())
    suggest: list[float] = []
    for i in range(samples):
        t0 = time.perf_counter()
        Adviser().suggest(state, i % 2, key=i)
        suggest.append(time.perf_counter() - t0)
    demands = [(d.commodity, d.city) for n in [*state.pool, *state.players[0].private]
               for d in state.deck.card(n).demands]
    ghost: list[float] = []
    for i in range(max(samples, len(demands))):
        commodity, city = demands[i % len(demands)]
        t0 = time.perf_counter()
        Adviser().demand_route(state, i % 2, commodity, city, key=i)
        ghost.append(time.perf_counter() - t0)
    return {"suggest_p95_s": _p95(suggest), "suggest_median_s": statistics.median(suggest),
            "ghost_line_p95_s": _p95(ghost), "ghost_line_median_s": statistics.median(ghost)}
