"""Wakes the deadline sweep for the next due deadline, not only on its regular interval.

Every command tells the waker the deadlines it stored (`wake_at`); the waker keeps one
one-shot job for the earliest of them, so a 60-second turn timer fires within a second of
its deadline rather than up to one sweep interval late.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from datetime import datetime
from typing import Any

from storage.clock import Clock

SLACK_SECONDS = 0.2  # fire just after the deadline, so it is due when the sweep looks


class Waker:
    """One pending wake-up at the earliest deadline asked for."""

    def __init__(self, job_queue: Any, callback: Callable[[Any], Awaitable[None]],
                 now: Clock) -> None:
        self.job_queue = job_queue
        self.callback = callback
        self.now = now
        self._next: datetime | None = None
        self._job: Any = None

    def wake_at(self, moment: datetime) -> None:
        """Make sure the sweep runs at `moment` (or earlier)."""
        if self._next is not None and self._next <= moment:
            return
        if self._job is not None:
            self._job.schedule_removal()
        delay = max(0.0, (moment - self.now()).total_seconds()) + SLACK_SECONDS
        self._next = moment
        self._job = self.job_queue.run_once(self._fire, delay, name="deadline-wake")

    async def _fire(self, context: Any) -> None:
        self._next, self._job = None, None
        await self.callback(context)
