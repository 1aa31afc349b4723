"""Computer players every game has for free, over its engine's legal actions: a random player
and a greedy one (the harnesses' baselines, and a new game's first opponents).

Both are handed what their seat may see, never change it and draw only from their own
seeded generator, so the same seed and the same views give the same choices.

- :class:`RandomPlayer` picks a kind of legal action at random, then one action of that
  kind: a kind with many actions (every tile of every hex) is no likelier than one with a
  single action (ending the turn), so random games move on. It checks only as many
  candidates as it takes to find a legal one. A game may say how the actions of some kinds
  are picked (small bids likelier than large ones).
- :class:`GreedyPlayer` tries every legal action on a copy of its view and takes the one
  after which the game's ``value`` of its seat is highest (ties: the first in the engine's
  order, or at random among the best).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from typing import Generic, TypeVar

from rail_app.table.actions import Action
from rail_app.table.engine import Engine

S = TypeVar("S")
A = TypeVar("A", bound=Action)

#: How a player picks among the legal actions of one kind (all of them are checked first).
Pick = Callable[[Sequence[A], random.Random], A]


class RandomPlayer(Generic[S, A]):
    """Random legal actions, uniform over kinds first (see the module docstring)."""

    def __init__(self, engine: Engine[S, A], seat: int, seed: int = 0,
                 picks: Mapping[str, Pick[A]] | None = None) -> None:
        self.engine = engine
        self.seat = seat
        self.rng = random.Random(seed)
        self.picks: Mapping[str, Pick[A]] = picks or {}

    def choose(self, view: S) -> A:
        engine = self.engine
        by_kind: dict[str, list[A]] = {}
        for a in engine.candidates(view):
            by_kind.setdefault(a.kind, []).append(a)
        kinds = sorted(by_kind)
        self.rng.shuffle(kinds)
        for kind in kinds:
            group = by_kind[kind]
            pick = self.picks.get(kind)
            if pick is not None:
                legal = [a for a in group if engine.offered(view, a)]
                if legal:
                    return pick(legal, self.rng)
                continue
            order = list(range(len(group)))
            self.rng.shuffle(order)
            for i in order:
                if engine.offered(view, group[i]):
                    return group[i]
        raise RuntimeError(f"no legal action for seat {self.seat}")


def small_first(rate: float = 0.7) -> Pick[A]:
    """A pick that favours the first actions of a kind (the smallest bids): the k-th with
    a probability falling as ``exp(-rate * k)``."""

    def pick(legal: Sequence[A], rng: random.Random) -> A:
        return legal[min(len(legal) - 1, int(rng.expovariate(rate)))]

    return pick


class GreedyPlayer(Generic[S, A]):
    """The legal action after which ``value(state, seat)`` is highest (one action ahead)."""

    def __init__(self, engine: Engine[S, A], seat: int, value: Callable[[S, int], float],
                 seed: int = 0, random_ties: bool = False) -> None:
        self.engine = engine
        self.seat = seat
        self.value = value
        self.rng = random.Random(seed)
        self.random_ties = random_ties

    def choose(self, view: S) -> A:
        engine = self.engine
        best: list[A] = []
        best_value = float("-inf")
        for action in engine.legal_actions(view):
            after = engine.apply(view, action, self.seat)
            v = self.value(after, self.seat)
            if v > best_value:
                best, best_value = [action], v
            elif v == best_value:
                best.append(action)
        if not best:
            raise RuntimeError(f"no legal action for seat {self.seat}")
        return self.rng.choice(best) if self.random_ties else best[0]
