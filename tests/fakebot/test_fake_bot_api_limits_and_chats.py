"""The fake Bot API's flood limits, commands, members, pins and lifecycle, its inspection
helpers, and a real PTB Application polling it.
Fixtures (`api`, `bot`, `alice`, `bob`, `group`) are in conftest.py, helpers in api_helpers.py.
"""

from __future__ import annotations

import asyncio

import pytest
import telegram
from telegram.error import BadRequest, Forbidden, RetryAfter
from telegram.ext import Application, CommandHandler, ContextTypes

from tests.fakebot import FakeBotApi, FakeGroup, FakeUser, RateLimits
from tests.fakebot import errors as E
from tests.fakebot.api_helpers import rejected
from tests.support.clock import HandClock


# -- flood limits ---------------------------------------------------------------------------------
async def test_per_chat_burst_of_three_then_one_per_second(
    api: FakeBotApi, bot: telegram.Bot, alice: FakeUser, clock: HandClock
) -> None:
    alice.start()
    for n in range(3):
        await bot.send_message(alice.id, f"burst {n}")
    with pytest.raises(RetryAfter):
        await bot.send_message(alice.id, "too fast")
    error = api.errors[-1]
    assert error.status == 429
    assert error.response["parameters"] == {"retry_after": 1}
    assert error.response["description"] == "Too Many Requests: retry after 1"
    clock.advance(1)
    await bot.send_message(alice.id, "after a second")
    with pytest.raises(RetryAfter):
        await bot.send_message(alice.id, "too fast again")
    with pytest.raises(RetryAfter):
        await bot.edit_message_text("edits count too", alice.id, 2)
    clock.advance(1)
    await bot.edit_message_text("edits count too", alice.id, 2)
    assert len(api.chat_log(alice)) == 4


async def test_twenty_messages_a_minute_per_group(
    api: FakeBotApi, bot: telegram.Bot, group: FakeGroup, clock: HandClock
) -> None:
    for n in range(20):
        await bot.send_message(group.id, f"m{n}")
        clock.advance(1.5)
    with pytest.raises(RetryAfter):
        await bot.send_message(group.id, "21st")
    assert api.errors[-1].response["parameters"]["retry_after"] == 30  # 60 - 20 * 1.5
    clock.advance(30)
    await bot.send_message(group.id, "allowed again")


async def test_thirty_messages_a_second_overall(
    api: FakeBotApi, bot: telegram.Bot, clock: HandClock
) -> None:
    users = [api.add_user(1000 + n, f"U{n}") for n in range(31)]
    for user in users:
        user.start()
    for user in users[:30]:
        await bot.send_message(user.id, "hi")
    with pytest.raises(RetryAfter):
        await bot.send_message(users[30].id, "hi")
    clock.advance(1)
    await bot.send_message(users[30].id, "hi")


async def test_limits_are_configurable(alice: FakeUser) -> None:
    clock = HandClock()
    async with FakeBotApi(clock=clock.timestamp, limits=RateLimits(per_chat_burst=1)) as strict:
        user = strict.add_user(5, "Eve")
        user.start()
        async with telegram.Bot(strict.token, base_url=strict.base_url) as ptb:
            await ptb.send_message(user.id, "one")
            with pytest.raises(RetryAfter):
                await ptb.send_message(user.id, "two")


# -- commands, members, pins, lifecycle -----------------------------------------------------------
async def test_bot_commands_by_scope_and_language(api: FakeBotApi, bot: telegram.Bot) -> None:
    await bot.set_my_commands([("novo", "Novo jogo"), ("ajuda", "Ajuda")])
    await bot.set_my_commands([("new", "New game")], language_code="en")
    assert [c.command for c in await bot.get_my_commands()] == ["novo", "ajuda"]
    assert api.commands(language_code="en") == [{"command": "new", "description": "New game"}]
    await bot.delete_my_commands()
    assert await bot.get_my_commands() == ()
    call = bot.set_my_commands([("Bad-Name", "x")])
    assert await rejected(api, call) == (400, E.COMMAND_INVALID)


async def test_chat_members_and_chat_info(
    api: FakeBotApi, bot: telegram.Bot, group: FakeGroup, alice: FakeUser, bob: FakeUser
) -> None:
    carol = api.add_user(103, "Carol")
    assert (await bot.get_chat_member(group.id, alice.id)).status == "creator"
    assert (await bot.get_chat_member(group.id, bob.id)).status == "member"
    assert (await bot.get_chat_member(group.id, carol.id)).status == "left"
    assert (await bot.get_chat_member(group.id, bot.id)).status == "member"
    assert await rejected(api, bot.get_chat_member(group.id, 5555)) == (400, E.USER_NOT_FOUND)
    info = await bot.get_chat(group.id)
    assert (info.title, info.type) == ("Mesa de jogo", "supergroup")


async def test_pinning_needs_admin_rights_in_groups(
    api: FakeBotApi, bot: telegram.Bot, alice: FakeUser
) -> None:
    plain = api.add_group(-1005, "Plain", admins=[alice])
    api.add_bot_to_group(plain, by=alice)
    sent = await bot.send_message(plain.id, "rules")
    assert await rejected(api, bot.pin_chat_message(plain.id, sent.message_id)) == (
        400,
        E.PIN_NO_RIGHTS,
    )
    admin_group = api.add_group(-1006, "Admin", admins=[alice])
    api.add_bot_to_group(admin_group, by=alice, as_admin=True)
    assert (await bot.get_chat_member(admin_group.id, bot.id)).status == "administrator"
    pinned = await bot.send_message(admin_group.id, "rules")
    await bot.pin_chat_message(admin_group.id, pinned.message_id)
    assert [m.text for m in api.pinned(admin_group)] == ["rules"]
    await bot.unpin_chat_message(admin_group.id)
    assert api.pinned(admin_group) == []


async def test_close_is_refused_during_the_first_ten_minutes(
    api: FakeBotApi, bot: telegram.Bot, clock: HandClock
) -> None:
    with pytest.raises(RetryAfter):
        await bot.close()
    clock.advance(601)
    assert await bot.close() is True
    assert await bot.log_out() is True


# -- inspection -----------------------------------------------------------------------------------
async def test_wait_for_returns_the_value_or_times_out_with_a_dump(
    api: FakeBotApi, bot: telegram.Bot, group: FakeGroup
) -> None:
    async def later() -> None:
        await asyncio.sleep(0.1)
        await bot.send_message(group.id, "done")

    task = asyncio.create_task(later())
    message = await api.wait_for(lambda: api.last_message(group), timeout=2)
    await task
    assert message.text == "done"
    with pytest.raises(TimeoutError, match="sendMessage 200"):
        await api.wait_for(lambda: False, timeout=0.1)


async def test_errors_and_requests_are_recorded(
    api: FakeBotApi, bot: telegram.Bot, group: FakeGroup
) -> None:
    await bot.send_message(group.id, "fine")
    with pytest.raises(BadRequest):
        await bot.send_message(group.id, "")
    with pytest.raises(Forbidden):
        await bot.send_message(api.add_user(7, "Zed").id, "dm")
    assert [(r.method, r.status) for r in api.requests] == [
        ("getMe", 200),
        ("sendMessage", 200),
        ("sendMessage", 400),
        ("sendMessage", 403),
    ]
    assert [r.status for r in api.errors] == [400, 403]
    assert api.requests[1].params["text"] == "fine"


# -- a real Application polling -------------------------------------------------------------------
async def test_application_polls_and_answers_a_group_command(
    api: FakeBotApi, group: FakeGroup, bob: FakeUser
) -> None:
    async def ping(update: telegram.Update, context: ContextTypes.DEFAULT_TYPE) -> None:
        assert update.effective_message is not None
        await update.effective_message.reply_text("pong")

    application = (
        Application.builder()
        .token(api.token)
        .base_url(api.base_url)
        .base_file_url(api.base_file_url)
        .build()
    )
    application.add_handler(CommandHandler("ping", ping))
    async with application:
        await application.start()
        assert application.updater is not None
        await application.updater.start_polling(poll_interval=0, timeout=1)
        bob.send(group, "/ping@boardgames_test_bot")
        reply = await api.wait_for(lambda: api.last_message(group), timeout=5)
        await application.updater.stop()
        await application.stop()
    assert reply.text == "pong"
    assert api.calls("deleteWebhook")
    assert api.pending_updates == []  # the updater confirmed what it handled
    assert api.errors == []
