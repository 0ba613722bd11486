"""Wakes the deadline sweep at each game's next deadline, not only on its regular interval.

Every command tells the waker the moments its game now waits for (`wake_at`: the turn's
deadline, the reminder). The waker keeps each game's latest moments and one one-shot job
for the earliest of all; when it fires, the sweep runs and the job is set again for the
next moment still wanted. A moment a later command replaced (a press before the clock ran
out) is dropped when it comes up, without waking anybody, so a busy process wakes only for
deadlines that still stand. The regular sweep stays as the safety net (deadlines stored by
another process or before a restart).
"""

from __future__ import annotations

import heapq
from collections.abc import Awaitable, Callable, Iterable
from datetime import datetime, timedelta
from typing import Any

from storage.clock import Clock

SLACK = timedelta(seconds=0.2)  # fire just after the deadline, so it is due when the sweep looks


class Waker:
    """The games' pending moments, and one wake-up at the earliest of them."""

    def __init__(self, job_queue: Any, callback: Callable[[Any], Awaitable[None]],
                 now: Clock) -> None:
        self.job_queue = job_queue
        self.callback = callback
        self.now = now
        self._wanted: dict[int, frozenset[datetime]] = {}
        self._queue: list[tuple[datetime, int]] = []
        self._armed: datetime | None = None
        self._job: Any = None

    def wake_at(self, game_id: int, moments: Iterable[datetime | None]) -> None:
        """Make sure the sweep runs just after each of the game's `moments` (its earlier
        ones are forgotten; none: the game waits for nothing)."""
        wanted = frozenset(m for m in moments if m is not None)
        before = self._wanted.get(game_id, frozenset())
        if wanted == before:
            return
        if wanted:
            self._wanted[game_id] = wanted
        else:
            self._wanted.pop(game_id, None)
        for moment in wanted - before:  # every moment wanted before is queued already
            heapq.heappush(self._queue, (moment, game_id))
        if len(self._queue) > 4 * len(self._wanted) + 64:  # replaced moments pile up
            self._queue = [(m, g) for g, ms in self._wanted.items() for m in ms]
            heapq.heapify(self._queue)
        self._arm()

    def pending(self) -> datetime | None:
        """Return the earliest moment still wanted (None: nothing)."""
        self._drop_replaced()
        return self._queue[0][0] if self._queue else None

    def _drop_replaced(self) -> None:
        while self._queue and self._queue[0][0] not in self._wanted.get(self._queue[0][1], ()):
            heapq.heappop(self._queue)

    def _arm(self) -> None:
        first = self.pending()
        if first is None or (self._armed is not None and self._armed <= first):
            return
        if self._job is not None:
            self._job.schedule_removal()
        delay = max(timedelta(0), first - self.now()) + SLACK
        self._armed = first
        self._job = self.job_queue.run_once(self._fire, delay.total_seconds(),
                                            name="deadline-wake")

    async def _fire(self, context: Any) -> None:
        self._armed, self._job = None, None
        now, standing = self.now(), False
        while self._queue and self._queue[0][0] <= now:  # these are the sweep's now
            moment, game_id = heapq.heappop(self._queue)
            wanted = self._wanted.get(game_id, frozenset())
            standing = standing or moment in wanted
            if wanted - {moment}:
                self._wanted[game_id] = wanted - {moment}
            else:
                self._wanted.pop(game_id, None)
        try:
            if standing:  # else every moment it woke for was replaced since
                await self.callback(context)
        finally:
            self._arm()
