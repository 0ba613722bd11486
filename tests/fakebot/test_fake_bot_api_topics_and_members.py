"""Forum topics (topics.py) and members leaving and joining (members.py), as Telegram does
them, through PTB's real HTTP stack.
Fixtures (`api`, `bot`, `alice`, `bob`) are in conftest.py.
"""

from __future__ import annotations

import pytest
import telegram

from tests.fakebot import FakeBotApi, FakeGroup, FakeUser
from tests.fakebot import errors as E
from tests.fakebot.api_helpers import rejected, updates_after
from tests.support.clock import HandClock


@pytest.fixture
def forum(api: FakeBotApi, alice: FakeUser, bob: FakeUser) -> FakeGroup:
    """A forum Alice owns, Bob is in, with the bot as a plain member."""
    chat = api.add_group(-1009876, "Fórum", admins=[alice], members=[bob], is_forum=True)
    api.add_bot_to_group(chat, by=alice)
    return chat


# -- forum topics ---------------------------------------------------------------------------
async def test_a_topic_is_the_thread_of_the_message_that_created_it(
    api: FakeBotApi, bot: telegram.Bot, forum: FakeGroup, bob: FakeUser
) -> None:
    last = (await bot.get_updates())[-1]
    thread = api.create_topic(forum, "Saloon", by=bob)
    [created] = await updates_after(bot, last.to_dict())
    assert created.message is not None
    assert created.message.message_id == thread
    assert (created.message.message_thread_id, created.message.is_topic_message) == (thread, True)
    assert created.message.forum_topic_created.name == "Saloon"
    sent = await bot.send_message(forum.id, "Mesa", message_thread_id=thread)
    assert (sent.message_thread_id, sent.is_topic_message) == (thread, True)
    reply = await bot.send_message(forum.id, "resposta", reply_to_message_id=sent.message_id)
    assert reply.message_thread_id == thread  # a reply stays in its topic
    main = await bot.send_message(forum.id, "geral")
    assert main.message_thread_id is None
    assert not main.is_topic_message


async def test_a_closed_topic_refuses_the_bots_new_messages_until_reopened(
    api: FakeBotApi, bot: telegram.Bot, forum: FakeGroup, alice: FakeUser, bob: FakeUser,
    clock: HandClock,
) -> None:
    thread = api.create_topic(forum, "Saloon", by=bob)
    sent = await bot.send_message(forum.id, "Mesa", message_thread_id=thread)
    api.close_topic(forum, thread, by=bob)  # its creator may
    call = bot.send_message(forum.id, "x", message_thread_id=thread)
    assert await rejected(api, call) == (400, E.TOPIC_CLOSED)
    assert (await bot.edit_message_text("Mesa!", forum.id, sent.message_id)).text == "Mesa!"
    with pytest.raises(ValueError, match="closed"):
        bob.send(forum, "oi", topic=thread)
    assert alice.send(forum, "/status", topic=thread) is not None  # admins still write
    api.reopen_topic(forum, thread, by=alice)
    clock.advance(60)
    assert (await bot.send_message(forum.id, "de novo", message_thread_id=thread)).text


async def test_an_admin_bot_that_manages_topics_writes_in_a_closed_topic(
    api: FakeBotApi, bot: telegram.Bot, forum: FakeGroup, alice: FakeUser
) -> None:
    api.promote_bot(forum)
    thread = api.create_topic(forum, "Saloon", by=alice)
    api.close_topic(forum, thread, by=alice)
    assert (await bot.send_message(forum.id, "ok", message_thread_id=thread)).text == "ok"


async def test_a_deleted_or_unknown_topic_is_not_found(
    api: FakeBotApi, bot: telegram.Bot, forum: FakeGroup, alice: FakeUser
) -> None:
    thread = api.create_topic(forum, "Saloon", by=alice)
    sent = await bot.send_message(forum.id, "Mesa", message_thread_id=thread)
    api.delete_topic(forum, thread)
    in_topic = [m for m in api.chat_log(forum, include_users=True) if m.thread_id == thread]
    assert len(in_topic) == 2
    assert all(m.deleted for m in in_topic)
    call = bot.send_message(forum.id, "x", message_thread_id=thread)
    assert await rejected(api, call) == (400, E.THREAD_NOT_FOUND)
    call = bot.edit_message_text("y", forum.id, sent.message_id)
    assert await rejected(api, call) == (400, E.EDIT_NOT_FOUND)
    call = bot.send_message(forum.id, "x", message_thread_id=4242)
    assert await rejected(api, call) == (400, E.THREAD_NOT_FOUND)


async def test_the_bots_topic_methods_need_its_rights(
    api: FakeBotApi, bot: telegram.Bot, forum: FakeGroup, alice: FakeUser, clock: HandClock
) -> None:
    assert await rejected(api, bot.create_forum_topic(forum.id, "Mesa")) == (
        400, E.NO_TOPIC_CREATE_RIGHTS)
    plain = api.add_group(-1005555, "Plain", admins=[alice])
    api.add_bot_to_group(plain, by=alice, as_admin=True)
    assert await rejected(api, bot.create_forum_topic(plain.id, "Mesa")) == (400, E.NOT_A_FORUM)
    api.promote_bot(forum)
    topic = await bot.create_forum_topic(forum.id, "Mesa")
    assert forum.topics[topic.message_thread_id].name == "Mesa"
    assert await bot.close_forum_topic(forum.id, topic.message_thread_id)
    call = bot.close_forum_topic(forum.id, topic.message_thread_id)
    assert await rejected(api, call) == (400, E.TOPIC_NOT_MODIFIED)
    assert await bot.reopen_forum_topic(forum.id, topic.message_thread_id)
    assert await bot.delete_forum_topic(forum.id, topic.message_thread_id)
    assert forum.topics[topic.message_thread_id].deleted


# -- members leaving and joining --------------------------------------------------------------
async def test_members_leaving_and_joining_post_service_messages_a_member_bot_sees(
    api: FakeBotApi, bot: telegram.Bot, forum: FakeGroup, bob: FakeUser
) -> None:
    last = (await bot.get_updates())[-1]
    carol = api.add_user(103, "Carol")
    api.leave_group(bob, forum)
    api.join_group(carol, forum)
    left, joined = await updates_after(bot, last.to_dict(), ["message", "chat_member"])
    assert left.message is not None
    assert left.message.left_chat_member is not None
    assert left.message.left_chat_member.id == bob.id
    assert joined.message is not None
    assert [u.id for u in joined.message.new_chat_members] == [carol.id]
    assert bob.id not in forum.members
    assert carol.id in forum.members
    assert (await bot.get_chat_member(forum.id, bob.id)).status == "left"
    with pytest.raises(ValueError, match="not in"):
        api.leave_group(bob, forum)


@pytest.mark.parametrize("asked", [True, False], ids=["asked", "default-updates"])
async def test_an_admin_bot_gets_chat_member_updates_only_when_it_asks(
    api: FakeBotApi, bot: telegram.Bot, forum: FakeGroup, bob: FakeUser, asked: bool
) -> None:
    api.promote_bot(forum)
    allowed = ["message", "chat_member"] if asked else None
    last = (await bot.get_updates(allowed_updates=allowed))[-1]
    api.leave_group(bob, forum)
    found = await updates_after(bot, last.to_dict(), allowed)
    changes = [u.chat_member for u in found if u.chat_member is not None]
    if not asked:
        assert changes == []
        return
    [change] = changes
    assert (change.old_chat_member.status, change.new_chat_member.status) == ("member", "left")
    assert change.new_chat_member.user.id == bob.id
