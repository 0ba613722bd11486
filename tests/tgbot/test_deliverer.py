"""The delivery loop's memory of what it showed, across a group's move to a supergroup; what
it tells the chat lifecycle of a group's refusals."""

from __future__ import annotations

import asyncio
from typing import Any

from telegram.error import BadRequest

from storage.models import Delivery
from tests.tgbot.fakes import FakeBot
from tgbot.delivery.loop import FLUSH_WAIT_SECONDS, Deliverer


def _table(chat_id: int, revision: int) -> Delivery:
    return Delivery(id=1, game_id=1, key="table", chat_id=chat_id, revision=revision,
                    payload={"text": f"table r{revision}", "buttons": [[["Go", "p:1:1:x"]]]},
                    updated_at=None)  # type: ignore[arg-type]


async def test_a_row_shown_in_the_old_group_is_posted_in_the_supergroup_it_moved_to() -> None:
    """The group became a supergroup before the old send's result was written: the row as
    stored says nothing was shown, and the new chat must get the table (not be skipped as
    shown already)."""
    bot = FakeBot()
    deliverer = Deliverer(bot, None, lambda: None)  # type: ignore[arg-type,return-value]

    async def unwritten() -> None:  # the results never reach the database in this test
        deliverer._results.clear()

    deliverer._flush = unwritten  # type: ignore[method-assign]
    deliverer.push([_table(-1, 1)])
    await deliverer.idle()
    deliverer.push([_table(-1, 1)])  # the same revision again, same chat: shown already
    await deliverer.idle()
    assert [call["text"] for call in bot.to(-1, "send")] == ["table r1"]
    deliverer.push([_table(-100, 1)])  # moved, at the revision shown in the old group
    await deliverer.idle()
    sent: list[dict[str, Any]] = bot.to(-100, "send")
    assert [call["text"] for call in sent] == ["table r1"]
    assert sent[0]["reply_markup"]["inline_keyboard"][0][0]["callback_data"] == "p:1:1:x"


class _Refusing(FakeBot):
    """A bot whose group sends are refused with one 400, for every call."""

    def __init__(self, description: str) -> None:
        super().__init__()
        self.description = description

    async def post_raw(self, endpoint: str, data: dict[str, Any]) -> Any:
        self.calls.append(("refused", dict(data)))
        raise BadRequest(self.description)


class _Lifecycle:
    """Records what the deliverer told it; moves no game out of a topic."""

    def __init__(self) -> None:
        self.told: list[tuple[str, int]] = []

    async def topic_gone(self, chat_id: int, topic_id: int) -> bool:
        self.told.append(("topic_gone", chat_id))
        return False

    async def muted(self, chat_id: int) -> None:
        self.told.append(("muted", chat_id))


async def _deliver_once(bot: FakeBot, row: Delivery) -> tuple[_Lifecycle, list[Any]]:
    deliverer = Deliverer(bot, None, lambda: None)  # type: ignore[arg-type,return-value]
    lifecycle = _Lifecycle()
    deliverer.lifecycle = lifecycle  # type: ignore[assignment]
    results: list[Any] = []

    async def kept() -> None:
        results.extend(deliverer._results)
        deliverer._results.clear()

    deliverer._flush = kept  # type: ignore[method-assign]
    deliverer.push([row])
    await deliverer.idle()
    return lifecycle, results


async def test_a_closed_topic_without_a_game_to_move_parks_the_row_instead_of_looping() -> None:
    """A note of a finished game refused in its closed topic: nothing moves, so the row
    waits (parked) rather than being claimed and refused again and again."""
    row = _table(-100, 1)
    row.topic_id = 7
    bot = _Refusing("Bad Request: TOPIC_CLOSED")
    lifecycle, results = await _deliver_once(bot, row)
    assert lifecycle.told == [("topic_gone", -100)]
    assert len(bot.calls) == 1
    [result] = results
    assert (result.done, result.retry_at) == (False, None)


async def test_writing_refused_in_a_group_mutes_it_once_per_refusal() -> None:
    bot = _Refusing("Bad Request: not enough rights to send text messages to the chat")
    lifecycle, results = await _deliver_once(bot, _table(-100, 1))
    assert lifecycle.told == [("muted", -100)]
    assert [r.done for r in results] == [False]


class _Gated(FakeBot):
    """A bot whose sends to one chat wait until `gate` is set."""

    def __init__(self, chat_id: int) -> None:
        super().__init__()
        self.chat_id, self.gate = chat_id, asyncio.Event()

    async def post_raw(self, endpoint: str, data: dict[str, Any]) -> Any:
        if data.get("chat_id") == self.chat_id:
            await self.gate.wait()
        return await super().post_raw(endpoint, data)


async def test_results_wait_for_the_sends_under_way_and_are_written_together() -> None:
    """One chat's send is slow: the other chat's result waits for it (up to
    FLUSH_WAIT_SECONDS), and both are written in one flush as soon as it ends."""
    bot = _Gated(-2)
    deliverer = Deliverer(bot, None, lambda: None)  # type: ignore[arg-type,return-value]
    flushed: list[list[int]] = []

    async def written() -> None:
        flushed.append(sorted(result.delivery_id for result in deliverer._results))
        deliverer._results.clear()

    deliverer._flush = written  # type: ignore[method-assign]
    slow = _table(-2, 1)
    slow.id = 2
    deliverer.push([_table(-1, 1), slow])
    await asyncio.sleep(0.2)  # the first chat's table is out, the second's still sending
    assert [call["text"] for call in bot.to(-1, "send")] == ["table r1"]
    assert flushed == []
    started = asyncio.get_running_loop().time()
    bot.gate.set()
    await deliverer.idle()
    assert flushed == [[1, 2]]
    assert asyncio.get_running_loop().time() - started < FLUSH_WAIT_SECONDS / 2
