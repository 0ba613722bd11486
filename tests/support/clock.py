"""The one clock a test moves by hand, for the bot (aware UTC datetimes) and for the fake
Bot API (Unix seconds, through `timestamp`); and real time a test may skip ahead in, for the
flood budgets of a bot running in real time."""

from __future__ import annotations

import asyncio
import time
from datetime import UTC, datetime, timedelta

START = datetime(2026, 3, 2, 12, 0, tzinfo=UTC)


class HandClock:
    """A clock that moves only when the test moves it (2 March 2026, noon UTC, unless told).

    `step`, when given, is added at every reading: each reading is a later moment than the
    last (the storage tests' rows then have distinct, ordered times).
    """

    def __init__(self, start: datetime = START, *, step: timedelta | None = None) -> None:
        self.moment = start
        self.step = step

    def __call__(self) -> datetime:
        if self.step is not None:
            self.moment += self.step
        return self.moment

    def timestamp(self) -> float:
        """Return the moment as Unix time (the clock of tests.fakebot's FakeBotApi)."""
        return self.moment.timestamp()

    def advance(self, by: timedelta | float) -> None:
        """Move forward by `by` (a timedelta, or seconds)."""
        delta = by if isinstance(by, timedelta) else timedelta(seconds=by)
        if delta < timedelta(0):
            raise ValueError("a clock cannot go backwards")
        self.moment += delta

    def move_to(self, moment: datetime) -> None:
        """Move forward to `moment` (never back)."""
        self.moment = max(self.moment, moment)


class SkippingClock:
    """Real time, plus the seconds a test skipped: the wait for a flood budget to refill is
    skipped rather than slept, for the bot's rate limiter and the fake Bot API at once.

    It runs at real speed between skips, so a limiter sleeping (in real time) for its budget
    still wakes when the budget is there.
    """

    def __init__(self) -> None:
        self.skipped = 0.0

    def loop_time(self) -> float:
        """Return the running loop's time, skips included (the rate limiter's clock)."""
        return asyncio.get_running_loop().time() + self.skipped

    def timestamp(self) -> float:
        """Return Unix time, skips included (the fake Bot API's clock)."""
        return time.time() + self.skipped

    def skip(self, seconds: float) -> None:
        """Move both clocks forward by `seconds` at once."""
        if seconds < 0:
            raise ValueError("a clock cannot go backwards")
        self.skipped += seconds
