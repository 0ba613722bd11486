"""Clocks for the fake Bot API: wall time by default, or a sped-up one; a test moving time by
hand passes `tests.support.clock.HandClock(...).timestamp`."""

from __future__ import annotations

import time
from collections.abc import Callable

Clock = Callable[[], float]
"""A clock returns Unix time in seconds (float); message dates and all limits read it."""


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
