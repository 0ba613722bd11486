"""The fake Bot API's HTTP surface, getUpdates and the updates users cause, through PTB's real
HTTP stack.
Fixtures (`api`, `bot`, `alice`, `bob`, `group`) are in conftest.py, helpers in api_helpers.py.
"""

from __future__ import annotations

import asyncio
import time

import httpx
import pytest
import telegram
from telegram.error import Conflict

from tests.fakebot import FakeBotApi, FakeGroup, FakeUser
from tests.fakebot import errors as E
from tests.fakebot.api_helpers import raw_url, rejected


# -- HTTP surface ---------------------------------------------------------------------------------
async def test_wrong_token_is_401_and_unknown_method_is_404(api: FakeBotApi) -> None:
    async with httpx.AsyncClient() as client:
        wrong = await client.post(raw_url(api, "getMe", token="1:nope"))
        unknown = await client.post(raw_url(api, "sendTelepathy"))
        stray = await client.get(f"http://127.0.0.1:{api.port}/elsewhere")
    assert wrong.status_code == 401
    assert wrong.json() == {"ok": False, "error_code": 401, "description": "Unauthorized"}
    assert unknown.status_code == 404
    assert unknown.json() == {"ok": False, "error_code": 404, "description": "Not Found"}
    assert stray.status_code == 404


async def test_json_form_and_query_bodies_share_one_keep_alive_connection(
    api: FakeBotApi, alice: FakeUser
) -> None:
    alice.start()
    async with httpx.AsyncClient() as client:
        as_json = await client.post(
            raw_url(api, "sendMessage"), json={"chat_id": alice.id, "text": "json"}
        )
        as_form = await client.post(
            raw_url(api, "sendMessage"), data={"chat_id": str(alice.id), "text": "form"}
        )
        as_query = await client.get(raw_url(api, "getMe"))
    assert [r.status_code for r in (as_json, as_form, as_query)] == [200, 200, 200]
    assert as_query.json()["result"]["username"] == "boardgames_test_bot"
    assert [m.text for m in api.chat_log(alice)] == ["json", "form"]
    assert api.connections_opened == 1


async def test_method_names_are_case_insensitive(api: FakeBotApi) -> None:
    async with httpx.AsyncClient() as client:
        response = await client.post(raw_url(api, "getme"))
    assert response.json()["ok"] is True


async def test_get_me_identity(api: FakeBotApi, bot: telegram.Bot) -> None:
    me = await bot.get_me()
    assert (me.id, me.username, me.is_bot) == (7000000001, "boardgames_test_bot", True)
    assert me.can_join_groups is True
    assert me.can_read_all_group_messages is False
    assert api.calls("getMe")


# -- getUpdates -----------------------------------------------------------------------------------
async def test_updates_are_redelivered_until_an_offset_confirms_them(
    api: FakeBotApi, bot: telegram.Bot, alice: FakeUser
) -> None:
    first = alice.start()
    second = alice.send(alice, "hello")
    assert second is not None
    assert second["update_id"] == first["update_id"] + 1
    again = [u.update_id for u in await bot.get_updates()]
    assert again == [u.update_id for u in await bot.get_updates()]
    assert again == [first["update_id"], second["update_id"]]
    rest = await bot.get_updates(offset=first["update_id"] + 1)
    assert [u.message.text for u in rest] == ["hello"]
    assert await bot.get_updates(offset=second["update_id"] + 1) == ()
    assert api.pending_updates == []


async def test_limit_and_negative_offset(
    api: FakeBotApi, bot: telegram.Bot, alice: FakeUser
) -> None:
    alice.start()
    for n in range(4):
        alice.send(alice, f"m{n}")
    assert [u.message.text for u in await bot.get_updates(limit=2)] == ["/start", "m0"]
    last_two = await bot.get_updates(offset=-2)
    assert [u.message.text for u in last_two] == ["m2", "m3"]
    assert len(api.pending_updates) == 2  # earlier ones are forgotten


async def test_long_poll_answers_as_soon_as_an_update_arrives(
    bot: telegram.Bot, alice: FakeUser
) -> None:
    asyncio.get_running_loop().call_later(0.2, alice.start)
    started = time.monotonic()
    updates = await bot.get_updates(timeout=5)
    assert 0.15 < time.monotonic() - started < 2
    assert updates[0].message.text == "/start"


async def test_long_poll_times_out_with_an_empty_list(bot: telegram.Bot) -> None:
    started = time.monotonic()
    assert await bot.get_updates(timeout=1) == ()
    assert time.monotonic() - started >= 0.95


async def test_allowed_updates_drops_later_updates_of_other_types(
    api: FakeBotApi, bot: telegram.Bot, alice: FakeUser
) -> None:
    start = alice.start()
    assert len(await bot.get_updates(allowed_updates=["callback_query"])) == 1  # created before
    assert alice.send(alice, "ignored") is not None
    assert await bot.get_updates(offset=start["update_id"] + 1) == ()
    assert api.pending_updates == []
    assert await bot.get_updates(allowed_updates=[]) == ()
    alice.send(alice, "seen")
    assert [u.message.text for u in await bot.get_updates()] == ["seen"]


async def test_a_second_poller_terminates_the_first_with_409(api: FakeBotApi) -> None:
    async with httpx.AsyncClient(timeout=10) as one, httpx.AsyncClient(timeout=10) as two:
        first = asyncio.create_task(one.post(raw_url(api, "getUpdates"), data={"timeout": "5"}))
        await asyncio.sleep(0.1)
        second = await two.post(raw_url(api, "getUpdates"), data={"timeout": "0"})
        answer = await first
    assert second.status_code == 200
    assert answer.status_code == 409
    assert answer.json()["description"] == E.POLL_CONFLICT


async def test_webhook_blocks_polling_and_delete_can_drop_pending(
    api: FakeBotApi, bot: telegram.Bot, alice: FakeUser
) -> None:
    alice.start()
    await bot.set_webhook("https://example.org/hook")
    with pytest.raises(Conflict):
        await bot.get_updates()
    assert (await bot.get_webhook_info()).pending_update_count == 1
    await bot.delete_webhook(drop_pending_updates=True)
    assert await bot.get_updates() == ()


# -- users and the updates they cause -------------------------------------------------------------
async def test_commands_carry_a_bot_command_entity(
    bot: telegram.Bot, group: FakeGroup, alice: FakeUser
) -> None:
    alice.send(group, "/roll@boardgames_test_bot 3")
    message = (await bot.get_updates())[-1].message
    assert message.entities[0].type == "bot_command"
    assert message.entities[0].length == len("/roll@boardgames_test_bot")
    assert message.chat.type == "supergroup"
    assert message.from_user.id == alice.id


async def test_bot_joins_a_group_with_my_chat_member_and_service_message(
    bot: telegram.Bot, group: FakeGroup
) -> None:
    joined, service = await bot.get_updates()
    assert joined.my_chat_member.old_chat_member.status == "left"
    assert joined.my_chat_member.new_chat_member.status == "member"
    assert service.message.new_chat_members[0].username == "boardgames_test_bot"


async def test_privacy_mode_hides_plain_group_chatter(
    api: FakeBotApi, bot: telegram.Bot, group: FakeGroup, alice: FakeUser, bob: FakeUser
) -> None:
    assert alice.send(group, "just chatting") is None
    assert alice.send(group, "/help@other_bot") is None
    assert bob.send(group, "/help") is not None
    posted = await bot.send_message(group.id, "question?")
    assert api.last_message(group) is not None
    assert bob.send(group, "answer", reply_to=api.last_message(group)) is not None
    texts = [u.message.text for u in await bot.get_updates() if u.message]
    assert texts[-2:] == ["/help", "answer"]
    assert posted.message_id in group.messages
    assert len(api.chat_log(group, include_users=True)) > len(api.chat_log(group))


async def test_admin_bot_sees_every_group_message(api: FakeBotApi, alice: FakeUser) -> None:
    chat = api.add_group(-42, "Small group", admins=[alice])
    api.add_bot_to_group(chat, by=alice, as_admin=True)
    assert chat.type == "group"
    assert alice.send(chat, "just chatting") is not None


async def test_direct_messages_need_the_user_to_start_the_bot(
    api: FakeBotApi, bot: telegram.Bot, alice: FakeUser
) -> None:
    status, description = await rejected(api, bot.send_message(alice.id, "hi"))
    assert (status, description) == (403, E.CANT_INITIATE)
    with pytest.raises(RuntimeError):
        alice.send(alice, "hi")
    start = alice.start("game_42")
    assert start["message"]["text"] == "/start game_42"
    assert (await bot.send_message(alice.id, "hi")).chat.type == "private"
    alice.block()
    assert await rejected(api, bot.send_message(alice.id, "hi")) == (403, E.BLOCKED)
    with pytest.raises(ValueError, match="payload"):
        alice.start("has spaces")


async def test_unknown_chats_and_groups_without_the_bot(
    api: FakeBotApi, bot: telegram.Bot, alice: FakeUser
) -> None:
    assert await rejected(api, bot.send_message(999, "x")) == (400, E.CHAT_NOT_FOUND)
    lonely = api.add_group(-1009, "No bot here", admins=[alice])
    status, description = await rejected(api, bot.send_message(lonely.id, "x"))
    assert (status, description) == (403, "Forbidden: bot is not a member of the supergroup chat")
    with pytest.raises(RuntimeError):
        alice.send(lonely, "/start")
