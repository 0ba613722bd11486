"""A cache bounded by the bytes it holds, not by its entries: the per-game caches of the
process (engine states, pictures, drawn words) each get a budget in bytes, so memory stays
bounded however many games are open (docs/benchmarks.md, "Memory with many open games")."""

from __future__ import annotations

import sys
import threading
from collections import OrderedDict
from collections.abc import Callable, Hashable
from typing import Any, Generic, TypeVar

K = TypeVar("K", bound=Hashable)
V = TypeVar("V")
ENTRY_BYTES = 240
"""What an entry costs beyond its value: the dict slot, the key tuple and its ints."""


def weigh(value: Any) -> int:
    """Return the bytes a kept value holds: its length for bytes, else its own size; the
    entry's overhead (ENTRY_BYTES) included."""
    if isinstance(value, bytes | bytearray):
        return len(value) + ENTRY_BYTES
    if isinstance(value, tuple):
        return sum(weigh(part) for part in value)
    return sys.getsizeof(value) + ENTRY_BYTES


class Lru(Generic[K, V]):
    """Values kept up to `budget` bytes as weighed by `weight` (default `weigh`), the least
    recently used first out; a value heavier than the whole budget is not kept. `drawn`
    counts what was kept (the pictures drawn: cache misses), for tests and metrics.
    Safe to share between threads."""

    def __init__(self, budget: int, weight: Callable[[V], int] = weigh) -> None:
        self.budget = budget
        self.weight = weight
        self.drawn = 0
        self.used = 0
        self._values: OrderedDict[K, tuple[V, int]] = OrderedDict()
        self._lock = threading.Lock()

    def get(self, key: K) -> V | None:
        """Return the value kept under `key` (now the most recently used), or None."""
        with self._lock:
            found = self._values.get(key)
            if found is None:
                return None
            self._values.move_to_end(key)
            return found[0]

    def keep(self, key: K, value: V) -> None:
        """Keep a value just made, dropping the least recently used beyond the budget."""
        cost = self.weight(value)
        with self._lock:
            self.drawn += 1
            old = self._values.pop(key, None)
            if old is not None:
                self.used -= old[1]
            if cost > self.budget:
                return
            self._values[key] = (value, cost)
            self.used += cost
            while self.used > self.budget:
                _, (_, dropped) = self._values.popitem(last=False)
                self.used -= dropped

    def forget(self, key: K) -> None:
        """Forget the value kept under `key`, if any."""
        with self._lock:
            old = self._values.pop(key, None)
            if old is not None:
                self.used -= old[1]

    def clear(self) -> None:
        """Forget every value."""
        with self._lock:
            self._values.clear()
            self.used = 0

    def __len__(self) -> int:
        return len(self._values)
