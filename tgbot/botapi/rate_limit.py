"""Per-chat Bot API rate limiting: a busy or flood-limited chat slows only itself.

Wire it with ``Application.builder().rate_limiter(ChatRateLimiter())``.

Message calls (``MESSAGE_ENDPOINTS``) to a chat go one at a time in call order and within that
chat's budget: at most 1 a second with a burst of 3, and for a group (negative or ``@name`` id)
at most 20 in any 60 s. Every call but getUpdates shares a global 30 a second. A RetryAfter on a
call naming chat C pauses only C's message calls; a RetryAfter without a chat pauses nothing.
"""

from __future__ import annotations

import asyncio
import warnings
from collections import deque
from collections.abc import Awaitable, Callable, Coroutine
from dataclasses import dataclass, field
from datetime import timedelta
from typing import Any

from telegram.error import RetryAfter
from telegram.ext import BaseRateLimiter
from telegram.warnings import PTBDeprecationWarning

from tgbot.botapi.ephemeral import ENDPOINTS as EPHEMERAL_ENDPOINTS

MESSAGE_ENDPOINTS = frozenset({
    "sendMessage", "sendPhoto", "sendDocument", "sendMediaGroup", "copyMessage", "copyMessages",
    "forwardMessage", "forwardMessages", "editMessageText", "editMessageCaption",
    "editMessageMedia", "editMessageReplyMarkup", "sendAnimation", "sendAudio", "sendVideo",
    "sendVideoNote", "sendVoice", "sendSticker", "sendPoll", "sendDice", "sendLocation",
    "sendVenue", "sendContact",
}) | EPHEMERAL_ENDPOINTS  # counted against the group, as the fake assumes Telegram does
ChatId = int | str
SAFETY = 1.02
"""Chat budgets run 2 % slower than Telegram's figures: our clock and Telegram's differ a
little, and a message that arrives a hair early costs a 429 and a whole second."""
GROUP_BURST = 3
"""A group's messages may come this many at once; then one per 3 s (its 20 a minute)
rather than 20 at once and then a minute of silence."""
Result = bool | dict[str, Any] | list[dict[str, Any]]


class Window:
    """At most ``limit`` events in any ``period`` seconds (sliding log)."""

    def __init__(self, limit: int, period: float) -> None:
        self.limit, self.period, self.times = limit, period, deque[float]()

    def ready_at(self, now: float) -> float:
        """Return the earliest time (>= now) at which one more event fits."""
        while self.times and self.times[0] <= now - self.period:
            self.times.popleft()
        return now if len(self.times) < self.limit else self.times[0] + self.period

    def take(self, now: float) -> None:
        """Record one event at now."""
        self.times.append(now)


class Bucket:
    """Token bucket: ``rate`` events a second on average, ``burst`` at once."""

    def __init__(self, rate: float, burst: int, now: float) -> None:
        self.rate, self.burst, self.tokens, self.last = rate, burst, float(burst), now

    def _refill(self, now: float) -> None:
        self.tokens = min(self.burst, self.tokens + (now - self.last) * self.rate)
        self.last = max(self.last, now)

    def ready_at(self, now: float) -> float:
        """Return the earliest time (>= now) at which one token is there."""
        self._refill(now)
        return now if self.tokens >= 1 else now + (1 - self.tokens) / self.rate

    def take(self, now: float) -> None:
        """Spend one token at now."""
        self._refill(now)
        self.tokens -= 1


@dataclass
class _Chat:
    bucket: Bucket
    window: Window | None  # groups only: the hard limit
    spread: Bucket | None = None  # groups only: the same rate in small bursts
    gate: asyncio.Lock = field(default_factory=asyncio.Lock)
    paused_until: float = 0.0
    queued: int = 0  # message calls waiting for the gate or in flight

    def ready_at(self, now: float) -> float:
        """Return the earliest time (>= now) at which the chat's next message may go."""
        ready = max(now, self.paused_until, self.bucket.ready_at(now))
        if self.spread is not None:
            ready = max(ready, self.spread.ready_at(now))
        return ready if self.window is None else max(ready, self.window.ready_at(now))

    def take(self, now: float) -> None:
        """Spend one message of every budget at now."""
        self.bucket.take(now)
        for budget in (self.window, self.spread):
            if budget is not None:
                budget.take(now)

    def idle(self, now: float) -> bool:
        """True when forgetting this chat changes nothing (budgets full, no pause, no caller)."""
        full = self.bucket.ready_at(now) <= now and self.bucket.tokens >= self.bucket.burst
        empty = self.window is None or (self.window.ready_at(now) <= now and not self.window.times)
        return full and empty and self.paused_until <= now and not self.gate.locked()


def retry_seconds(exc: RetryAfter) -> float:
    """Return the RetryAfter's wait in seconds (without PTB's int/timedelta warning)."""
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", PTBDeprecationWarning)
        value = exc.retry_after
    return value.total_seconds() if isinstance(value, timedelta) else float(value)


class ChatRateLimiter(BaseRateLimiter[int]):
    """Rate limit per chat; ``rate_limit_args`` is the call's max retries on RetryAfter.

    ``clock`` (default: the running loop's ``time``) and ``sleep`` are injectable for tests;
    ``ready_in`` tells the delivery loop how long a chat's budget lasts on that clock.
    """

    def __init__(self, max_retries: int = 0, *, overall_per_second: int = 30,
                 group_per_minute: int = 20, chat_per_second: float = 1.0, chat_burst: int = 3,
                 clock: Callable[[], float] | None = None,
                 sleep: Callable[[float], Awaitable[None]] = asyncio.sleep) -> None:
        self.max_retries, self._clock, self._sleep = max_retries, clock, sleep
        self._group_limit, self._chat_rate, self._chat_burst = (
            group_per_minute, chat_per_second, chat_burst)
        self._global = Window(overall_per_second, SAFETY)
        self._chats: dict[ChatId, _Chat] = {}
        self._next_sweep = 0.0
        self.on_flood: Callable[[float], None] | None = None  # told each 429's wait (metrics)

    async def initialize(self) -> None:
        """Nothing to allocate: chats' state is made on first use."""

    async def shutdown(self) -> None:
        """Forget every chat's budget and pause."""
        self._chats.clear()

    def now(self) -> float:
        """Return the current time on the limiter's clock."""
        return self._clock() if self._clock else asyncio.get_running_loop().time()

    def paused_until(self, chat_id: ChatId) -> float | None:
        """Return when chat_id's RetryAfter pause ends, or None when it is not paused."""
        chat = self._chats.get(_key(chat_id))
        return chat.paused_until if chat and chat.paused_until > self.now() else None

    def ready_at(self, chat_id: ChatId) -> float:
        """Return when a message to chat_id could go without waiting; 0 if now.

        Calls to the chat already waiting or in flight are not counted.
        """
        now, ready = self._ready(chat_id)
        return ready if ready > now else 0.0

    def ready_in(self, chat_id: ChatId) -> float:
        """Return in how many seconds a message to chat_id could go without waiting; 0 if
        now (counted as ``ready_at`` counts, on the limiter's clock)."""
        now, ready = self._ready(chat_id)
        return max(0.0, ready - now)

    def queued_wait(self, chat_id: ChatId) -> float:
        """Return about how many seconds a message to chat_id made now would wait: its
        budget's wait (`ready_in`) and a turn of the chat's pace for each message call
        already waiting or in flight (0 when none waits and the budget allows it now)."""
        chat = self._chats.get(_key(chat_id))
        if chat is None:
            return self.ready_in(chat_id)
        pace = 1 / self._chat_rate if chat.window is None else 60.0 / self._group_limit
        return self.ready_in(chat_id) + chat.queued * pace * SAFETY

    def _ready(self, chat_id: ChatId) -> tuple[float, float]:
        """Return the time now and when chat_id's budgets allow its next message."""
        now, chat = self.now(), self._chats.get(_key(chat_id))
        return now, max(self._global.ready_at(now), chat.ready_at(now) if chat else now)

    async def process_request(
        self, callback: Callable[..., Coroutine[Any, Any, Result]], args: Any,
        kwargs: dict[str, Any], endpoint: str, data: dict[str, Any], rate_limit_args: int | None,
    ) -> Result:
        """Return the callback's result, after waiting for the budgets that apply.

        Raises the callback's errors; RetryAfter once ``max_retries`` retries are used up.
        """
        if endpoint == "getUpdates":
            return await callback(*args, **kwargs)
        retries = self.max_retries if rate_limit_args is None else rate_limit_args
        raw = data.get("chat_id")
        key = None if raw is None else _key(raw)
        if key is None or endpoint not in MESSAGE_ENDPOINTS:
            return await self._call(None, key, retries, callback, args, kwargs)
        chat = self._chat(key)
        chat.queued += 1
        try:
            async with chat.gate:  # one call at a time per chat, in call order, with retries
                return await self._call(chat, key, retries, callback, args, kwargs)
        finally:
            chat.queued -= 1

    async def _call(self, chat: _Chat | None, key: ChatId | None, retries: int,
                    callback: Callable[..., Coroutine[Any, Any, Result]], args: Any,
                    kwargs: dict[str, Any]) -> Result:
        """Make the call up to 1 + retries times; pause the chat on each RetryAfter."""
        for attempt in range(retries + 1):
            await self._turn(chat)
            try:
                return await callback(*args, **kwargs)
            except RetryAfter as exc:
                wait = retry_seconds(exc)
                if self.on_flood is not None:
                    self.on_flood(wait)
                if key is not None:
                    paused = self._chat(key)
                    paused.paused_until = max(paused.paused_until, self.now() + wait)
                if attempt == retries:
                    raise
                if chat is None:  # a message call waits for the pause in _turn instead
                    await self._sleep(wait)
        raise AssertionError("unreachable")

    async def _turn(self, chat: _Chat | None) -> None:
        """Wait until a message's budgets (the overall one and its chat's) allow it; take
        them. Other calls (a callback answer, an admin check) wait for nothing: Telegram's
        30 a second is about messages, and a press's answer must never queue behind edits."""
        if chat is None:
            return
        while True:
            now = self.now()
            ready = max(self._global.ready_at(now), chat.ready_at(now))
            if ready <= now:
                self._global.take(now)
                chat.take(now)
                return
            await self._sleep(ready - now)

    def _chat(self, key: ChatId) -> _Chat:
        """Return chat key's state, made on first use; forget idle chats once a minute."""
        now = self.now()
        if now >= self._next_sweep:
            self._next_sweep = now + 60.0
            for old in [k for k, c in self._chats.items() if k != key and c.idle(now)]:
                del self._chats[old]
        chat = self._chats.get(key)
        if chat is None:
            bucket = Bucket(self._chat_rate / SAFETY, self._chat_burst, now)
            chat = self._chats[key] = _Chat(bucket, None)
            if isinstance(key, str) or key < 0:  # a group: 20 a minute, spread out evenly
                chat.window = Window(self._group_limit, 60.0 * SAFETY)
                chat.spread = Bucket(self._group_limit / (60.0 * SAFETY), GROUP_BURST, now)
        return chat


def _key(chat_id: ChatId) -> ChatId:
    """Return the chat id as int when it is one written as text (``"-100"``), else as given."""
    try:
        return int(chat_id)
    except (TypeError, ValueError):
        return chat_id
