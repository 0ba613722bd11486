"""Flood control for send* and edit* methods, at least as strict as Telegram's published figures.

The rule (all that apply must pass; a refused message is not counted):
- per chat: a token bucket of `per_chat_burst` (3) tokens refilled at one token per
  `per_chat_interval` (1 s): at most 3 + ⌊t⌋ messages in any t seconds, 1/s sustained;
- per group or supergroup: at most `per_group_count` (20) messages in any sliding
  `per_group_window` (60 s);
- overall: at most `global_count` (30) messages in any sliding `global_window` (1 s).
Edits (editMessageText/Caption/ReplyMarkup/Media) count toward the per-chat and per-group
limits like sends, unless `RateLimits(count_edits=False)`; they are not counted overall.
A refusal is 429 with retry_after = the whole seconds (≥ 1) until the message would pass.
"""

from __future__ import annotations

import math
from collections import deque
from dataclasses import dataclass

from tests.fakebot.clock import Clock
from tests.fakebot.errors import too_many_requests


@dataclass(frozen=True)
class RateLimits:
    """Configurable limits; the defaults are Telegram's."""

    per_chat_burst: int = 3
    per_chat_interval: float = 1.0
    per_group_count: int = 20
    per_group_window: float = 60.0
    global_count: int = 30
    global_window: float = 1.0
    count_edits: bool = True


class FloodControl:
    """Tracks sent messages and refuses those over the limits with a 429."""

    def __init__(self, limits: RateLimits, clock: Clock) -> None:
        self.limits = limits
        self.clock = clock
        self._buckets: dict[int, tuple[float, float]] = {}
        self._group_log: dict[int, deque[float]] = {}
        self._global_log: deque[float] = deque()

    def acquire_edit(self, chat_id: int, *, is_group: bool) -> None:
        """Count one edit in `chat_id` (if edits count), or raise 429 over a chat/group limit."""
        if self.limits.count_edits:
            self.acquire(chat_id, is_group=is_group, overall=False)

    def acquire(self, chat_id: int, *, is_group: bool, overall: bool = True) -> None:
        """Count one message to `chat_id`, or raise 429 if any limit would be exceeded.

        `overall=False` leaves the global limit out (neither checked nor counted).
        """
        now = self.clock()
        limits = self.limits
        waits = []
        tokens = self._tokens(chat_id, now)
        if tokens < 1:
            waits.append((1 - tokens) * limits.per_chat_interval)
        group_log = self._group_log.setdefault(chat_id, deque())
        if is_group:
            waits.append(
                _window_wait(group_log, now, limits.per_group_window, limits.per_group_count)
            )
        if overall:
            waits.append(
                _window_wait(self._global_log, now, limits.global_window, limits.global_count)
            )
        wait = max(waits, default=0.0)
        if wait > 0:
            raise too_many_requests(max(1, math.ceil(wait)))
        self._buckets[chat_id] = (tokens - 1, now)
        if is_group:
            group_log.append(now)
        if overall:
            self._global_log.append(now)

    def _tokens(self, chat_id: int, now: float) -> float:
        limits = self.limits
        tokens, last = self._buckets.get(chat_id, (float(limits.per_chat_burst), now))
        refill = (now - last) / limits.per_chat_interval
        return min(float(limits.per_chat_burst), tokens + refill)


def _window_wait(log: deque[float], now: float, window: float, count: int) -> float:
    """Seconds until one more event fits in the sliding window (0 if it fits now)."""
    while log and log[0] <= now - window:
        log.popleft()
    if len(log) < count:
        return 0.0
    return log[len(log) - count] + window - now
