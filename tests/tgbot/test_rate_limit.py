"""ChatRateLimiter on a virtual clock: a busy or flood-limited chat slows only itself."""

from __future__ import annotations

import asyncio
import heapq
import itertools
import warnings
from typing import Any

import pytest
from telegram.error import RetryAfter
from telegram.warnings import PTBDeprecationWarning

from tgbot.botapi.rate_limit import SAFETY, ChatRateLimiter, Result

GROUP_A, GROUP_B, USER = -100, -200, 42


class VirtualTime:
    """A clock that moves only when the test advances it; sleepers wake in time order."""

    def __init__(self) -> None:
        self.now = 0.0
        self._sleepers: list[tuple[float, int, asyncio.Future[None]]] = []
        self._seq = itertools.count()

    def clock(self) -> float:
        return self.now

    async def sleep(self, delay: float) -> None:
        future = asyncio.get_running_loop().create_future()
        heapq.heappush(self._sleepers, (self.now + delay, next(self._seq), future))
        await future

    async def advance(self, seconds: float) -> None:
        """Move the clock forward, waking each sleeper at its own time."""
        target = self.now + seconds
        await settle()
        while self._sleepers and self._sleepers[0][0] <= target:
            wake, _, future = heapq.heappop(self._sleepers)
            self.now = max(self.now, wake)
            future.set_result(None)
            await settle()
        self.now = target
        await settle()


async def settle() -> None:
    for _ in range(30):
        await asyncio.sleep(0)


class Api:
    """Fake Bot API: records (endpoint, chat, time) per call; may answer with RetryAfter."""

    def __init__(self, time: VirtualTime) -> None:
        self.time, self.calls = time, list[tuple[str, Any, float]]()
        self.floods: dict[tuple[str, Any], list[int]] = {}  # retry_after answers, in order

    async def request(self, endpoint: str, data: dict[str, Any]) -> Result:
        self.calls.append((endpoint, data.get("chat_id"), self.time.now))
        answers = self.floods.get((endpoint, data.get("chat_id")))
        if answers:
            with warnings.catch_warnings():  # PTB 22 warns about int vs timedelta
                warnings.simplefilter("ignore", PTBDeprecationWarning)
                raise RetryAfter(answers.pop(0))
        return True

    def times(self, endpoint: str, chat: Any) -> list[float]:
        return [at for name, to, at in self.calls if (name, to) == (endpoint, chat)]


@pytest.fixture
def time() -> VirtualTime:
    return VirtualTime()


@pytest.fixture
def api(time: VirtualTime) -> Api:
    return Api(time)


@pytest.fixture
def limiter(time: VirtualTime) -> ChatRateLimiter:
    return ChatRateLimiter(clock=time.clock, sleep=time.sleep)


def call(limiter: ChatRateLimiter, api: Api, endpoint: str, chat_id: Any = None,
         retries: int | None = None) -> asyncio.Task[Result]:
    """Start one request through the limiter the way ExtBot does."""
    data = {} if chat_id is None else {"chat_id": chat_id}
    return asyncio.create_task(limiter.process_request(
        api.request, (endpoint, data), {}, endpoint, data, retries))


async def test_retry_after_on_a_group_pauses_only_that_group(
        time: VirtualTime, api: Api, limiter: ChatRateLimiter) -> None:
    api.floods[("sendMessage", GROUP_A)] = [30]
    flooded = call(limiter, api, "sendMessage", GROUP_A, retries=1)
    await settle()
    assert limiter.paused_until(GROUP_A) == 30.0
    assert limiter.ready_at(GROUP_A) == 30.0
    assert limiter.ready_at(GROUP_B) == 0.0
    for other in (call(limiter, api, "sendMessage", GROUP_B),
                  call(limiter, api, "answerCallbackQuery"),
                  call(limiter, api, "getChatMember", GROUP_A)):
        await settle()
        assert other.done()  # went at once, the clock never moved
    later = call(limiter, api, "sendMessage", GROUP_A)
    await time.advance(29.9)
    assert not flooded.done()
    assert not later.done()
    await time.advance(0.1)
    assert await flooded is True
    assert await later is True
    assert api.times("sendMessage", GROUP_A) == [0.0, 30.0, 30.0]  # the retry goes first
    assert api.times("sendMessage", GROUP_B) == [0.0]
    assert limiter.paused_until(GROUP_A) is None


async def test_the_21st_group_message_in_a_minute_waits_but_another_chat_does_not(
        time: VirtualTime, api: Api, limiter: ChatRateLimiter) -> None:
    sent = [call(limiter, api, "sendMessage", GROUP_A) for _ in range(21)]
    minute = 60 * SAFETY  # the limiter keeps a 2 % margin on Telegram's figures
    await time.advance(minute - 1)
    assert sum(task.done() for task in sent) == 20
    # three at once, then one every 3 s (20 a minute spread out), and no 21st in the minute
    times = api.times("sendMessage", GROUP_A)
    assert times[:3] == [0.0] * 3
    assert times[3:] == pytest.approx([step * 3 * SAFETY for step in range(1, 18)])
    assert limiter.ready_at(GROUP_A) == pytest.approx(minute)
    assert limiter.ready_in(GROUP_A) == pytest.approx(1)  # what the delivery loop waits
    assert limiter.ready_in(GROUP_B) == 0.0
    first_to_b = call(limiter, api, "sendMessage", GROUP_B)
    await settle()
    assert first_to_b.done()
    await time.advance(1)
    assert all(task.done() for task in sent)
    assert api.times("sendMessage", GROUP_A)[-1] == pytest.approx(minute)


async def test_non_message_calls_never_wait_on_a_chat_budget(
        time: VirtualTime, api: Api, limiter: ChatRateLimiter) -> None:
    for _ in range(20):  # uses up the group's minute ...
        await time.advance(1)
        call(limiter, api, "sendMessage", GROUP_A)
    await settle()
    member = call(limiter, api, "getChatMember", GROUP_A)  # ... but not for this
    await settle()
    assert member.done()
    assert api.times("getChatMember", GROUP_A) == [time.now]


async def test_private_chat_allows_a_burst_of_three_then_one_a_second(
        time: VirtualTime, api: Api, limiter: ChatRateLimiter) -> None:
    sent = [call(limiter, api, "sendMessage", USER) for _ in range(5)]
    await time.advance(10)
    assert all(task.done() for task in sent)
    assert api.times("sendMessage", USER) == pytest.approx([0.0, 0.0, 0.0, SAFETY, 2 * SAFETY])


async def test_messages_share_thirty_a_second_and_answers_never_wait(
        time: VirtualTime, api: Api, limiter: ChatRateLimiter) -> None:
    users = range(1000, 1031)  # 31 private chats: no chat budget is in the way
    sent = [call(limiter, api, "sendMessage", user) for user in users]
    answers = [call(limiter, api, "answerCallbackQuery") for _ in range(40)]
    polls = [call(limiter, api, "getUpdates") for _ in range(3)]
    await settle()
    assert sum(task.done() for task in sent) == 30  # the 31st message waits for the second
    assert all(task.done() for task in answers)  # a press's answer never queues
    assert all(task.done() for task in polls)
    await time.advance(SAFETY)
    assert sent[-1].done()


async def test_a_retry_after_without_chat_pauses_nothing_else(
        time: VirtualTime, api: Api, limiter: ChatRateLimiter) -> None:
    api.floods[("answerCallbackQuery", None)] = [5]
    flooded = call(limiter, api, "answerCallbackQuery", retries=2)
    await settle()
    other = call(limiter, api, "sendMessage", USER)
    await settle()
    assert other.done()
    assert not flooded.done()
    await time.advance(5)
    assert await flooded is True
    assert api.times("answerCallbackQuery", None) == [0.0, 5.0]


async def test_retries_honour_retry_after_then_give_up(
        time: VirtualTime, api: Api, limiter: ChatRateLimiter) -> None:
    api.floods[("sendMessage", GROUP_A)] = [3, 4, 5]
    flooded = call(limiter, api, "sendMessage", GROUP_A, retries=2)
    await time.advance(20)
    with pytest.raises(RetryAfter):
        await flooded
    assert api.times("sendMessage", GROUP_A) == [0.0, 3.0, 7.0]
    assert limiter.paused_until(GROUP_A) is None  # the last pause (to 12) is over too


async def test_zero_retries_re_raises_at_once_after_recording_the_pause(
        time: VirtualTime, api: Api, limiter: ChatRateLimiter) -> None:
    api.floods[("sendMessage", "-100")] = [30]  # a chat id given as text is the same chat
    flooded = call(limiter, api, "sendMessage", "-100")
    await settle()
    assert flooded.done()
    with pytest.raises(RetryAfter):
        await flooded
    assert limiter.paused_until(GROUP_A) == 30.0
    assert time.now == 0.0


async def test_idle_chats_are_forgotten(
        time: VirtualTime, api: Api, limiter: ChatRateLimiter) -> None:
    await asyncio.gather(*(call(limiter, api, "sendMessage", chat) for chat in range(1, 21)))
    await time.advance(120)
    await call(limiter, api, "sendMessage", USER)
    assert limiter.ready_at(1) == 0.0
    assert len(limiter._chats) == 1


async def test_queued_wait_counts_the_calls_waiting_for_the_group(
        time: VirtualTime, api: Api, limiter: ChatRateLimiter) -> None:
    assert limiter.queued_wait(GROUP_A) == 0.0  # a group never seen: nothing waits
    calls = [call(limiter, api, "sendMessage", GROUP_A) for _ in range(6)]
    await settle()
    assert len(api.times("sendMessage", GROUP_A)) == 3  # the burst went at once
    waiting = limiter.queued_wait(GROUP_A)
    assert waiting >= 3 * 3.0  # three still queued, one every ~3 s, and the budget's wait
    assert limiter.queued_wait(GROUP_B) == 0.0
    await time.advance(60)
    await asyncio.gather(*calls)
    assert limiter.queued_wait(GROUP_A) == 0.0  # all out, the budget refilled
