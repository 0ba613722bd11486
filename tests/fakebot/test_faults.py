"""Faults Telegram produces, injected into the fake and seen through PTB's real HTTP stack."""

from __future__ import annotations

from collections.abc import Awaitable
from typing import Any

import httpx
import pytest
import telegram
from telegram import InlineKeyboardButton, InlineKeyboardMarkup
from telegram.error import (
    BadRequest,
    ChatMigrated,
    Forbidden,
    NetworkError,
    RetryAfter,
    TelegramError,
    TimedOut,
)

from tests.fakebot import FakeBotApi, FakeGroup, FakeUser, RateLimits
from tests.fakebot import errors as E
from tests.support.clock import HandClock
from tgbot.botapi.rate_limit import retry_seconds


@pytest.fixture
def alice(api: FakeBotApi) -> FakeUser:
    return api.add_user(101, "Alice", username="alice")


@pytest.fixture
def bob(api: FakeBotApi) -> FakeUser:
    return api.add_user(102, "Bob")


@pytest.fixture
def basic(api: FakeBotApi, alice: FakeUser, bob: FakeUser) -> FakeGroup:
    """A basic group (not a supergroup) Alice owns, Bob is in, with the bot as a member."""
    chat = api.add_group(-42, "Mesa", admins=[alice], members=[bob])
    api.add_bot_to_group(chat, by=alice)
    return chat


async def failure(call: Awaitable[Any], expected: type[TelegramError]) -> TelegramError:
    """Await a PTB call that must raise exactly `expected` (not a subclass); return it."""
    with pytest.raises(TelegramError) as caught:
        await call
    assert type(caught.value) is expected, repr(caught.value)
    return caught.value


async def updates_after(bot: telegram.Bot, update: dict[str, Any]) -> tuple[telegram.Update, ...]:
    """The updates queued after `update` (confirming everything up to it)."""
    return await bot.get_updates(offset=update["update_id"] + 1)


# -- injected faults ------------------------------------------------------------------------------
@pytest.mark.parametrize(
    ("kind", "status", "expected"),
    [
        ("bad_gateway", 502, NetworkError),
        ("internal_error", 500, NetworkError),
        ("flood", 429, RetryAfter),
        ("disconnect", 0, NetworkError),
    ],
)
async def test_a_fault_fails_one_call_before_it_has_any_effect(
    api: FakeBotApi,
    bot: telegram.Bot,
    basic: FakeGroup,
    kind: str,
    status: int,
    expected: type[TelegramError],
) -> None:
    fault = api.fail("sendMessage", kind=kind, retry_after=7)  # type: ignore[arg-type]
    await failure(bot.send_message(basic.id, "lost"), expected)
    assert api.chat_log(basic) == []
    assert fault.remaining == 0
    [record] = api.failures()
    assert (record.method, record.status, record.params["text"]) == ("sendMessage", status, "lost")
    assert record in api.requests
    sent = await bot.send_message(basic.id, "delivered")
    assert [m.text for m in api.chat_log(basic)] == [sent.text]


async def test_fault_bodies_are_telegrams_envelopes(api: FakeBotApi) -> None:
    api.fail("getMe", kind="bad_gateway")
    api.fail("getMe", kind="internal_error")
    api.fail("getMe", kind="flood", retry_after=9)
    async with httpx.AsyncClient() as client:
        answers = [await client.post(f"{api.base_url}{api.token}/getMe") for _ in range(3)]
    assert [(a.status_code, a.json()) for a in answers] == [
        (502, {"ok": False, "error_code": 502, "description": "Bad Gateway"}),
        (500, {"ok": False, "error_code": 500, "description": "Internal Server Error"}),
        (
            429,
            {
                "ok": False,
                "error_code": 429,
                "description": "Too Many Requests: retry after 9",
                "parameters": {"retry_after": 9},
            },
        ),
    ]
    assert api.errors == api.failures()


async def test_retry_after_reaches_ptb(
    api: FakeBotApi, bot: telegram.Bot, basic: FakeGroup
) -> None:
    api.fail("sendMessage", kind="flood", retry_after=12)
    error = await failure(bot.send_message(basic.id, "x"), RetryAfter)
    assert isinstance(error, RetryAfter)
    assert retry_seconds(error) == 12


async def test_a_dropped_connection_is_reopened_by_the_next_call(
    api: FakeBotApi, bot: telegram.Bot, basic: FakeGroup
) -> None:
    opened = api.connections_opened
    api.fail("sendMessage", kind="disconnect")
    await failure(bot.send_message(basic.id, "x"), NetworkError)
    assert api.failures()[0].response == {}
    await bot.send_message(basic.id, "y")
    assert api.connections_opened == opened + 1


async def test_a_silent_server_times_out(
    api: FakeBotApi, bot: telegram.Bot, basic: FakeGroup
) -> None:
    api.fail("sendMessage", kind="timeout")
    await failure(bot.send_message(basic.id, "x", read_timeout=0.3), TimedOut)
    await api.wait_for(api.failures)  # recorded once the client has given up
    assert api.failures()[0].status == 0
    assert api.chat_log(basic) == []


async def test_faults_match_method_case_insensitively_chat_and_count(
    api: FakeBotApi, bot: telegram.Bot, basic: FakeGroup, alice: FakeUser
) -> None:
    alice.start()
    fault = api.fail("SENDMESSAGE", times=2, chat_id=basic.id)
    assert (await bot.send_message(alice.id, "private is fine")).text == "private is fine"
    for _ in range(2):
        await failure(bot.send_message(str(basic.id), "x"), NetworkError)  # type: ignore[arg-type]
    assert fault.remaining == 0
    await bot.send_message(basic.id, "third works")
    assert [r.status for r in api.failures()] == [502, 502]
    with pytest.raises(ValueError, match="unknown Bot API method"):
        api.fail("sendTelepathy")
    with pytest.raises(ValueError, match="unknown fault kind"):
        api.fail("sendMessage", kind="gremlins")  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="at least 1"):
        api.fail("sendMessage", times=0)


async def test_a_failed_poll_loses_no_updates(
    api: FakeBotApi, bot: telegram.Bot, alice: FakeUser
) -> None:
    alice.start()
    api.fail("getUpdates", kind="bad_gateway")
    await failure(bot.get_updates(), NetworkError)
    assert [u.message.text for u in await bot.get_updates()] == ["/start"]


# -- a group upgraded to a supergroup ------------------------------------------------------------
async def test_migrating_a_group_moves_everyone_and_answers_the_old_id_with_chat_migrated(
    api: FakeBotApi, bot: telegram.Bot, basic: FakeGroup, alice: FakeUser, bob: FakeUser
) -> None:
    board = InlineKeyboardMarkup([[InlineKeyboardButton("Jogar", callback_data="play")]])
    old_message = await bot.send_message(basic.id, "Mesa aberta", reply_markup=board)
    joined = (await bot.get_updates())[-1]
    supergroup = api.migrate_group(basic)
    assert (supergroup.id, supergroup.type, supergroup.title) == (
        -1000000000042,
        "supergroup",
        "Mesa",
    )
    assert (supergroup.admins, supergroup.members) == ([alice.id], {alice.id, bob.id})
    assert supergroup.bot_status == "member"
    to_new, from_old = await updates_after(bot, joined.to_dict())
    assert (to_new.message.chat.id, to_new.message.migrate_to_chat_id) == (basic.id, supergroup.id)
    assert from_old.message.chat.id == supergroup.id
    assert from_old.message.migrate_from_chat_id == basic.id
    assert from_old.message.from_user.id == alice.id

    moved = await failure(bot.send_message(basic.id, "x"), ChatMigrated)
    assert isinstance(moved, ChatMigrated)
    assert moved.new_chat_id == supergroup.id
    await failure(bot.edit_message_text("y", basic.id, old_message.message_id), ChatMigrated)
    await failure(bot.get_chat(basic.id), ChatMigrated)
    assert api.errors[-1].response == {
        "ok": False,
        "error_code": 400,
        "description": "Bad Request: group chat was upgraded to a supergroup chat",
        "parameters": {"migrate_to_chat_id": supergroup.id},
    }

    with pytest.raises(RuntimeError, match="supergroup"):
        bob.send(basic, "/help")
    assert bob.send(supergroup, "/help") is not None
    await bot.send_message(supergroup.id, "Mesa nova", reply_markup=board)
    message = api.last_message(supergroup)
    assert message is not None
    press = bob.press(message, "play")
    assert press["callback_query"]["message"]["chat"]["id"] == supergroup.id
    with pytest.raises(ValueError, match="not a basic group"):
        api.migrate_group(supergroup)
    with pytest.raises(ValueError, match="not a basic group"):
        api.migrate_group(basic)


async def test_migrating_a_group_without_the_bot_queues_nothing(
    api: FakeBotApi, alice: FakeUser
) -> None:
    chat = api.add_group(-77, "Sem bot", admins=[alice])
    supergroup = api.migrate_group(chat, by=alice)
    assert supergroup.bot_status == "left"
    assert api.pending_updates == []


# -- the bot removed from and re-added to a group -------------------------------------------------
@pytest.mark.parametrize(
    ("kicked", "status", "description"),
    [
        (True, "kicked", "Forbidden: bot was kicked from the group chat"),
        (False, "left", "Forbidden: bot is not a member of the group chat"),
    ],
)
async def test_a_removed_bot_gets_403_for_the_chat_until_re_added(
    api: FakeBotApi,
    bot: telegram.Bot,
    basic: FakeGroup,
    alice: FakeUser,
    kicked: bool,
    status: str,
    description: str,
) -> None:
    sent = await bot.send_message(basic.id, "Mesa aberta")
    last = (await bot.get_updates())[-1]
    removal = api.remove_bot_from_group(basic, by=alice, kicked=kicked)
    [update] = await updates_after(bot, last.to_dict())
    change = update.my_chat_member
    assert (change.old_chat_member.status, change.new_chat_member.status) == ("member", status)
    assert (change.chat.id, change.from_user.id) == (basic.id, alice.id)
    for call in (
        bot.send_message(basic.id, "x"),
        bot.edit_message_text("y", basic.id, sent.message_id),
        bot.delete_message(basic.id, sent.message_id),
        bot.get_chat_member(basic.id, alice.id),
    ):
        await failure(call, Forbidden)
        assert (api.errors[-1].status, api.errors[-1].response["description"]) == (
            403,
            description,
        )
    with pytest.raises(ValueError, match="not in"):
        api.remove_bot_from_group(basic, by=alice)

    api.add_bot_to_group(basic, by=alice)
    readded, _service = await updates_after(bot, removal)
    back = readded.my_chat_member
    assert (back.old_chat_member.status, back.new_chat_member.status) == (status, "member")
    assert (await bot.send_message(basic.id, "voltei")).text == "voltei"


async def test_removing_an_admin_bot_from_a_supergroup(
    api: FakeBotApi, bot: telegram.Bot, alice: FakeUser
) -> None:
    chat = api.add_group(-1007, "Grande", admins=[alice])
    api.add_bot_to_group(chat, by=alice, as_admin=True)
    update = api.remove_bot_from_group(chat, by=alice)
    assert update["my_chat_member"]["old_chat_member"]["status"] == "administrator"
    await failure(bot.send_message(chat.id, "x"), Forbidden)
    assert api.errors[-1].response["description"] == (
        "Forbidden: bot was kicked from the supergroup chat"
    )


# -- private chats -------------------------------------------------------------------------------
async def test_private_chat_faults(api: FakeBotApi, bot: telegram.Bot, alice: FakeUser) -> None:
    await failure(bot.send_message(alice.id, "oi"), Forbidden)
    assert api.errors[-1].response["description"] == E.CANT_INITIATE
    alice.start()
    sent = await bot.send_message(alice.id, "oi")
    api.forget_chat(alice)
    await failure(bot.send_message(alice.id, "oi"), BadRequest)
    await failure(bot.edit_message_text("x", alice.id, sent.message_id), BadRequest)
    assert api.errors[-1].response["description"] == E.CHAT_NOT_FOUND
    alice.send(alice, "voltei")
    assert (await bot.send_message(alice.id, "de volta")).text == "de volta"


async def test_blocking_and_unblocking_the_bot(
    api: FakeBotApi, bot: telegram.Bot, alice: FakeUser
) -> None:
    start = alice.start()
    blocked = api.block(alice)
    await failure(bot.send_message(alice.id, "oi"), Forbidden)
    assert api.errors[-1].response["description"] == "Forbidden: bot was blocked by the user"
    restart = api.unblock(alice)
    block_update, unblock_update, start_again = await updates_after(bot, start)
    assert block_update.update_id == blocked["update_id"]
    for update, old, new in (
        (block_update, "member", "kicked"),
        (unblock_update, "kicked", "member"),
    ):
        change = update.my_chat_member
        assert (change.chat.type, change.from_user.id) == ("private", alice.id)
        assert (change.old_chat_member.status, change.new_chat_member.status) == (old, new)
    assert (start_again.update_id, start_again.message.text) == (restart["update_id"], "/start")
    assert (await bot.send_message(alice.id, "oi de novo")).text == "oi de novo"
    with pytest.raises(ValueError, match="has not blocked"):
        api.unblock(alice)


# -- flood control counts edits -------------------------------------------------------------------
async def test_edits_share_the_per_chat_budget_with_sends(
    api: FakeBotApi, bot: telegram.Bot, basic: FakeGroup, clock: HandClock
) -> None:
    sent = await bot.send_message(basic.id, "v0")
    await bot.edit_message_text("v1", basic.id, sent.message_id)
    await bot.edit_message_reply_markup(
        basic.id,
        sent.message_id,
        reply_markup=InlineKeyboardMarkup([[InlineKeyboardButton("a", callback_data="a")]]),
    )
    await failure(bot.edit_message_text("v2", basic.id, sent.message_id), RetryAfter)
    await failure(bot.send_message(basic.id, "also refused"), RetryAfter)
    clock.advance(1)
    await bot.edit_message_text("v2", basic.id, sent.message_id)
    message = api.last_message(basic)
    assert message is not None
    assert [v.text for v in message.history] == ["v0", "v1", "v1", "v2"]


async def test_edits_count_toward_the_group_minute_but_not_overall(
    api: FakeBotApi, bot: telegram.Bot, basic: FakeGroup, alice: FakeUser, clock: HandClock
) -> None:
    sent = await bot.send_message(basic.id, "e0")
    for n in range(1, 20):
        clock.advance(1.5)
        await bot.edit_message_text(f"e{n}", basic.id, sent.message_id)
    clock.advance(1.5)
    await failure(bot.edit_message_text("e20", basic.id, sent.message_id), RetryAfter)
    assert api.errors[-1].response["parameters"] == {"retry_after": 30}

    users = [api.add_user(1000 + n, f"U{n}") for n in range(30)]
    for user in users:
        user.start()
    alice.start()
    note = await bot.send_message(alice.id, "n0")
    clock.advance(1)
    for user in users:
        await bot.send_message(user.id, "hi")
    await failure(bot.send_message(alice.id, "31st this second"), RetryAfter)
    assert (await bot.edit_message_text("n1", alice.id, note.message_id)).text == "n1"


async def test_edits_can_be_left_uncounted() -> None:
    async with FakeBotApi(clock=HandClock().timestamp,
                          limits=RateLimits(count_edits=False)) as api:
        user = api.add_user(5, "Eve")
        user.start()
        async with telegram.Bot(api.token, base_url=api.base_url) as ptb:
            sent = await ptb.send_message(user.id, "0")
            for n in range(1, 10):
                await ptb.edit_message_text(str(n), user.id, sent.message_id)
    assert api.errors == []
