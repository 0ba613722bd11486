"""Whose phone the bot's messages make ring (notify.py): a private message, a mention in a
group of his; never an edit, never a silent message, nothing else.
Fixtures (`api`, `bot`, `alice`, `bob`, `group`) are in conftest.py.
"""

from __future__ import annotations

import telegram
from telegram import MessageEntity, User

from tests.fakebot import FakeBotApi, FakeGroup, FakeUser
from tests.fakebot.api_helpers import PNG_1X1
from tests.support.clock import HandClock


async def test_a_private_message_rings_and_an_edit_does_not(
    api: FakeBotApi, bot: telegram.Bot, alice: FakeUser, bob: FakeUser
) -> None:
    alice.start()
    bob.start()
    sent = await bot.send_message(alice.id, "Sua vez")
    await bot.edit_message_text("Sua vez!", alice.id, sent.message_id)
    assert [m.message_id for m in api.notifications(alice)] == [sent.message_id]
    assert api.notifications(alice)[0].text == "Sua vez!"  # the message, as it reads now
    assert api.notifications(bob) == []


async def test_a_silent_message_rings_for_nobody(
    api: FakeBotApi, bot: telegram.Bot, alice: FakeUser, group: FakeGroup
) -> None:
    alice.start()
    await bot.send_message(alice.id, "psst", disable_notification=True)
    await bot.send_message(group.id, "@alice psst", disable_notification=True)
    assert api.notifications(alice) == []


async def test_a_group_message_rings_only_for_the_members_it_mentions(
    api: FakeBotApi, bot: telegram.Bot, alice: FakeUser, bob: FakeUser, group: FakeGroup,
    clock: HandClock,
) -> None:
    plain = await bot.send_message(group.id, "A mesa espera alice e Bob")
    named = await bot.send_message(group.id, "Vez de @Alice.")
    linked = await bot.send_message(group.id, f'Vez de <a href="tg://user?id={bob.id}">Bob</a>',
                                    parse_mode="HTML")
    clock.advance(60)  # the group's flood limit
    entity = MessageEntity(MessageEntity.TEXT_MENTION, 7, 3, user=User(bob.id, "Bob", False))
    mentioned = await bot.send_message(group.id, "Vez de Bob", entities=[entity])
    other_link = await bot.send_message(group.id, '<a href="https://t.me/x">Bob</a>',
                                        parse_mode="HTML")
    assert [m.message_id for m in api.notifications(alice)] == [named.message_id]
    assert [m.message_id for m in api.notifications(bob)] == [linked.message_id,
                                                              mentioned.message_id]
    assert plain.message_id
    assert other_link.message_id


async def test_a_mention_rings_only_a_member_of_the_group(
    api: FakeBotApi, bot: telegram.Bot, group: FakeGroup, alice: FakeUser
) -> None:
    carol = api.add_user(103, "Carol", username="carol_c")
    await bot.send_message(group.id, "@carol_c, join us")
    assert api.notifications(carol) == []
    api.join_group(carol, group)
    joined = await bot.send_message(group.id, "Welcome, @carol_c")
    api.leave_group(carol, group)
    await bot.send_message(group.id, "@carol_c left")
    assert [m.message_id for m in api.notifications(carol)] == [joined.message_id]


async def test_a_deleted_message_still_rang(
    api: FakeBotApi, bot: telegram.Bot, alice: FakeUser
) -> None:
    alice.start()
    sent = await bot.send_message(alice.id, "Sua vez")
    await bot.delete_message(alice.id, sent.message_id)
    [rang] = api.notifications(alice)
    assert rang.message_id == sent.message_id
    assert rang.deleted


async def test_a_photo_caption_mention_rings(
    api: FakeBotApi, bot: telegram.Bot, group: FakeGroup, alice: FakeUser
) -> None:
    sent = await bot.send_photo(group.id, PNG_1X1, caption="Mesa de @alice")
    assert [m.message_id for m in api.notifications(alice)] == [sent.message_id]
