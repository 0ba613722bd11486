"""What the bot may send in a group (rights.py): its own restrictions, the group's default
permissions, promotion, Telegram's refusals and the my_chat_member updates.
Fixtures (`api`, `bot`, `alice`, `bob`, `group`) are in conftest.py.
"""

from __future__ import annotations

import pytest
import telegram
from telegram import ChatMemberRestricted, InputMediaPhoto

from tests.fakebot import FakeBotApi, FakeGroup, FakeUser
from tests.fakebot import errors as E
from tests.fakebot.api_helpers import PNG_1X1, rejected, updates_after
from tests.support.clock import HandClock


async def test_a_bot_restricted_from_photos_may_still_write_and_edit_captions(
    api: FakeBotApi, bot: telegram.Bot, group: FakeGroup, alice: FakeUser, clock: HandClock
) -> None:
    photo = await bot.send_photo(group.id, PNG_1X1, caption="Mesa")
    last = (await bot.get_updates())[-1]
    api.restrict_bot(group, can_send_photos=False)
    [update] = await updates_after(bot, last.to_dict())
    change = update.my_chat_member
    assert change is not None
    assert (change.old_chat_member.status, change.new_chat_member.status) == (
        "member", "restricted")
    restricted = change.new_chat_member
    assert isinstance(restricted, ChatMemberRestricted)
    assert (restricted.is_member, restricted.can_send_photos,
            restricted.can_send_messages) == (True, False, True)
    assert change.from_user.id == alice.id  # the group's owner, unless told
    assert await rejected(api, bot.send_photo(group.id, PNG_1X1)) == (400, E.NO_PHOTO_RIGHTS)
    media = InputMediaPhoto(PNG_1X1, caption="Mesa 2")
    call = bot.edit_message_media(media, group.id, photo.message_id)
    assert await rejected(api, call) == (400, E.NO_PHOTO_RIGHTS)
    clock.advance(60)
    assert (await bot.edit_message_caption(group.id, photo.message_id,
                                           caption="Mesa 3")).caption == "Mesa 3"
    assert (await bot.send_message(group.id, "texto")).text == "texto"
    member = await bot.get_chat_member(group.id, bot.id)
    assert isinstance(member, ChatMemberRestricted)
    assert member.can_send_photos is False


async def test_a_bot_restricted_from_writing_gets_telegrams_refusal(
    api: FakeBotApi, bot: telegram.Bot, group: FakeGroup, bob: FakeUser
) -> None:
    sent = await bot.send_message(group.id, "antes")
    api.restrict_bot(group, by=bob, can_send_messages=False)
    assert await rejected(api, bot.send_message(group.id, "x")) == (400, E.NO_TEXT_RIGHTS)
    assert (await bot.edit_message_text("editado", group.id, sent.message_id)).text == "editado"
    assert (await bot.send_photo(group.id, PNG_1X1)).photo  # photos are another right


async def test_lifting_every_restriction_or_promoting_makes_the_bot_free_again(
    api: FakeBotApi, bot: telegram.Bot, group: FakeGroup
) -> None:
    api.restrict_bot(group, can_send_messages=False, can_send_photos=False)
    lifted = api.restrict_bot(group, can_send_messages=True)
    assert lifted["my_chat_member"]["old_chat_member"]["status"] == "restricted"
    assert lifted["my_chat_member"]["new_chat_member"]["status"] == "member"
    assert (await bot.send_message(group.id, "livre")).text == "livre"
    api.restrict_bot(group, can_send_messages=False)
    promoted = api.promote_bot(group)
    assert promoted["my_chat_member"]["new_chat_member"]["status"] == "administrator"
    assert (await bot.send_message(group.id, "admin")).text == "admin"
    with pytest.raises(ValueError, match="unknown permissions"):
        api.restrict_bot(group, can_fly=False)


async def test_the_groups_defaults_bind_a_member_bot_but_not_an_admin_and_send_no_update(
    api: FakeBotApi, bot: telegram.Bot, group: FakeGroup, alice: FakeUser
) -> None:
    before = len(api.pending_updates)
    api.set_group_permissions(group, can_send_photos=False)
    assert len(api.pending_updates) == before
    assert await rejected(api, bot.send_photo(group.id, PNG_1X1)) == (400, E.NO_PHOTO_RIGHTS)
    assert (await bot.get_chat_member(group.id, bot.id)).status == "member"
    api.promote_bot(group, by=alice)
    assert (await bot.send_photo(group.id, PNG_1X1)).photo
