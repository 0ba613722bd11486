"""The one clock a test moves by hand, for the bot (aware UTC datetimes) and for the fake
Bot API (Unix seconds, through `timestamp`)."""

from __future__ import annotations

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

