"""ChatOrderedProcessor: one chat's updates in order, other chats never held up by it."""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable
from datetime import UTC, datetime

import pytest
from telegram import CallbackQuery, Chat, InlineQuery, Message, Update, User

from tgbot.botapi.chat_order import ChatOrderedProcessor, chat_key

WHEN = datetime(2026, 3, 2, 12, 0, tzinfo=UTC)
ALICE = User(id=7, first_name="Alice", is_bot=False)


def message_update(update_id: int, chat_id: int) -> Update:
    chat = Chat(id=chat_id, type=Chat.SUPERGROUP if chat_id < 0 else Chat.PRIVATE)
    return Update(update_id, message=Message(update_id, WHEN, chat, from_user=ALICE, text="hi"))


async def settle() -> None:
    """Let every ready task run until it blocks."""
    for _ in range(20):
        await asyncio.sleep(0)


class Recorder:
    """Handlers that log their start and end; a handler may wait for a gate or raise."""

    def __init__(self) -> None:
        self.log: list[str] = []
        self.done: list[int] = []

    async def handle(self, name: str, gate: asyncio.Event | None = None,
                     fail: bool = False) -> None:
        self.log.append(f"{name} start")
        if gate is not None:
            await gate.wait()
        if fail:
            raise RuntimeError(name)
        self.log.append(f"{name} end")

    async def on_done(self, update: Update) -> None:
        self.done.append(update.update_id)


def submit(processor: ChatOrderedProcessor, update: Update,
           work: Awaitable[None]) -> asyncio.Task[None]:
    """Hand an update over the way Application does: one task per update."""
    return asyncio.create_task(processor.process_update(update, work))


def test_chat_key_follows_chat_then_user() -> None:
    in_group = Message(5, WHEN, Chat(id=-100, type=Chat.SUPERGROUP), from_user=ALICE)
    press = CallbackQuery("1", ALICE, chat_instance="c", message=in_group)
    inline_press = CallbackQuery("2", ALICE, chat_instance="c", inline_message_id="m")
    assert chat_key(Update(1, callback_query=press)) == -100
    assert chat_key(Update(2, callback_query=inline_press)) == ALICE.id
    assert chat_key(Update(3, inline_query=InlineQuery("3", ALICE, "q", ""))) == ALICE.id
    assert chat_key(message_update(4, -5)) == -5
    assert chat_key(Update(5)) is None
    assert chat_key(object()) is None


async def test_same_chat_runs_in_arrival_order_even_when_the_first_is_slow() -> None:
    rec, gate = Recorder(), asyncio.Event()
    processor = ChatOrderedProcessor(256, on_done=rec.on_done)
    tasks = [submit(processor, message_update(1, -1), rec.handle("1", gate)),
             submit(processor, message_update(2, -1), rec.handle("2")),
             submit(processor, message_update(3, -1), rec.handle("3"))]
    await settle()
    assert rec.log == ["1 start"]
    gate.set()
    await asyncio.gather(*tasks)
    assert rec.log == ["1 start", "1 end", "2 start", "2 end", "3 start", "3 end"]
    assert rec.done == [1, 2, 3]
    assert processor.busy_chats == 0


async def test_a_slow_chat_does_not_delay_another_chat() -> None:
    rec, gate = Recorder(), asyncio.Event()
    processor = ChatOrderedProcessor(256)
    slow = submit(processor, message_update(1, -1), rec.handle("A", gate))
    queued = submit(processor, message_update(2, -1), rec.handle("A2"))
    other = submit(processor, message_update(3, -2), rec.handle("B"))
    await asyncio.wait_for(other, timeout=5)
    assert rec.log == ["A start", "B start", "B end"]
    assert not slow.done()
    gate.set()
    await asyncio.gather(slow, queued)
    assert rec.log[-2:] == ["A2 start", "A2 end"]


async def test_an_unordered_update_runs_beside_its_chats_slow_one() -> None:
    rec, gate = Recorder(), asyncio.Event()
    processor = ChatOrderedProcessor(256, on_done=rec.on_done,
                                     unordered=lambda update: getattr(update, "update_id", 0) == 2)
    slow = submit(processor, message_update(1, -1), rec.handle("1", gate))
    beside = submit(processor, message_update(2, -1), rec.handle("2"))
    queued = submit(processor, message_update(3, -1), rec.handle("3"))
    await asyncio.wait_for(beside, timeout=5)
    assert rec.log == ["1 start", "2 start", "2 end"]  # 3 still waits for 1, in order
    gate.set()
    await asyncio.gather(slow, queued)
    assert rec.log[-3:] == ["1 end", "3 start", "3 end"]
    assert sorted(rec.done) == [1, 2, 3]
    assert processor.busy_chats == 0


async def test_updates_waiting_for_their_chat_hold_no_concurrency_slot() -> None:
    rec, gate = Recorder(), asyncio.Event()
    processor = ChatOrderedProcessor(2)
    busy = [submit(processor, message_update(i, -1), rec.handle(f"A{i}", gate if i == 1 else None))
            for i in range(1, 6)]
    await settle()
    assert processor.current_concurrent_updates == 1  # A1 runs, A2..A5 wait without a slot
    await asyncio.wait_for(submit(processor, message_update(9, -2), rec.handle("B")), timeout=5)
    assert "B end" in rec.log
    gate.set()
    await asyncio.gather(*busy)
    assert [line for line in rec.log if line.startswith("A")][1::2] == [
        "A1 end", "A2 end", "A3 end", "A4 end", "A5 end"]


async def test_on_done_runs_for_each_update_even_when_the_handler_raises() -> None:
    rec = Recorder()
    processor = ChatOrderedProcessor(256, on_done=rec.on_done)
    await asyncio.gather(submit(processor, message_update(1, -1), rec.handle("1", fail=True)),
                         submit(processor, message_update(2, -1), rec.handle("2")),
                         submit(processor, message_update(3, 8), rec.handle("3", fail=True)),
                         submit(processor, Update(4), rec.handle("4")))
    assert sorted(rec.done) == [1, 2, 3, 4]
    assert "2 end" in rec.log  # the failure of 1 did not stop its chat
    assert processor.busy_chats == 0


async def test_cancelled_chat_drops_its_backlog_and_its_entry() -> None:
    rec, gate = Recorder(), asyncio.Event()
    processor = ChatOrderedProcessor(256, on_done=rec.on_done)
    first = submit(processor, message_update(1, -1), rec.handle("1", gate))
    await submit(processor, message_update(2, -1), rec.handle("2"))  # returns at once: queued
    assert processor.busy_chats == 1
    first.cancel()
    with pytest.raises(asyncio.CancelledError):
        await first
    assert processor.busy_chats == 0
    assert rec.done == []  # neither update was processed, so the inbox keeps both
