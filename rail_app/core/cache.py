"""One small cache for everything worth keeping between calls: bounded, keyed on values or
versions (never on ``id()``, which Python reuses once an object is gone)."""

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Callable, Hashable
from typing import Generic, TypeVar

K = TypeVar("K", bound=Hashable)
V = TypeVar("V")


class BoundedCache(Generic[K, V]):
    """At most ``size`` entries; the least recently used goes first.

    Keys are values: a file's path with its modification time and size, a board's digest
    and a version number, a tuple of the arguments. ``get(key, make)`` returns the kept
    value or makes, keeps and returns it. Work in the background (a map read for a
    picture, a replay's review) shares the caches with the frames: each reading or change
    of the entries holds a lock (a value is made outside it; two threads making the same
    one keep the later).
    """

    def __init__(self, size: int) -> None:
        if size < 1:
            raise ValueError("a cache holds at least one entry")
        self.size = size
        self._items: OrderedDict[K, V] = OrderedDict()
        self._lock = threading.Lock()
        self.hits = 0
        self.misses = 0

    def get(self, key: K, make: Callable[[], V]) -> V:
        with self._lock:
            if key in self._items:
                self._items.move_to_end(key)
                self.hits += 1
                return self._items[key]
            self.misses += 1
        value = make()
        self.put(key, value)
        return value

    def peek(self, key: K) -> V | None:
        """The kept value, or None (nothing is made, nothing moves)."""
        return self._items.get(key)

    def put(self, key: K, value: V) -> None:
        with self._lock:
            self._items[key] = value
            self._items.move_to_end(key)
            while len(self._items) > self.size:
                self._items.popitem(last=False)

    def clear(self) -> None:
        with self._lock:
            self._items.clear()

    def __contains__(self, key: object) -> bool:
        return key in self._items

    def __len__(self) -> int:
        return len(self._items)
