"""Clocks for the fake Bot API: wall time by default, a manual clock or a sped-up one for tests."""

from __future__ import annotations

import time
from collections.abc import Callable

Clock = Callable[[], float]
"""A clock returns Unix time in seconds (float); message dates and all limits read it."""


class FakeClock:
    """A clock that only moves when the test calls `advance`."""

    def __init__(self, start: float = 1_700_000_000.0) -> None:
        self.now = start

    def __call__(self) -> float:
        return self.now

    def advance(self, seconds: float) -> None:
        """Move the clock forward by `seconds`."""
        if seconds < 0:
            raise ValueError("a clock cannot go backwards")
        self.now += seconds


class ScaledClock:
    """Wall time running `factor` times faster than real time, starting now."""

    def __init__(self, factor: float) -> None:
        if factor <= 0:
            raise ValueError("factor must be positive")
        self.factor = factor
        self._start_wall = time.time()
        self._start_mono = time.monotonic()

    def __call__(self) -> float:
        return self._start_wall + (time.monotonic() - self._start_mono) * self.factor
