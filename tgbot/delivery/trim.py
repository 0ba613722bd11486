"""Gives the memory that drawing freed back to the system now and then.

Each band a picture redraws is compressed with a fresh zlib-ng stream (~110 KB, freed at
once); glibc's allocator keeps such freed memory in the drawing thread's heap, holes
between the bands and pictures kept, and the process's RSS grew by ~7 MB over 10,000
open games (docs/benchmarks.md, "A press with pictures, third pass"). `malloc_trim(0)`
returns the free pages; without glibc (musl) there is nothing to call and nothing is done.
"""

from __future__ import annotations

import ctypes
from collections.abc import Callable

TRIM_EVERY = 200
"""Drawings between two trims: a trim costs ~1-3 ms, so ~10 µs a drawing."""


def _malloc_trim() -> Callable[[int], int] | None:
    try:
        return ctypes.CDLL(None).malloc_trim
    except (OSError, AttributeError):
        return None


class Trimmer:
    """Counts drawings; every `every`-th one, asks the allocator to return free pages."""

    def __init__(self, every: int = TRIM_EVERY,
                 trim: Callable[[int], int] | None = None) -> None:
        self.every = every
        self.trims = 0
        self._since = 0
        self._trim = trim or _malloc_trim()

    def drawn(self) -> None:
        """Count one drawing; trim when `every` have been counted since the last trim."""
        self._since += 1
        if self._since >= self.every:
            self._since = 0
            self.trims += 1
            if self._trim is not None:
                self._trim(0)
