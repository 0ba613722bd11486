"""Ephemeral messages (Bot API 10.2) through the bot's adapter (tgbot/botapi/ephemeral.py),
PTB's real HTTP stack and the fake's rules (tests/fakebot/ephemeral.py): only the receiver
sees one, it is outside the group's history, a callback query id is good for 15 s and only
for its presser, and chats that take none refuse them.
Fixtures (`api`, `bot`, `alice`, `bob`, `group`) are in conftest.py.
"""

from __future__ import annotations

import pytest
import telegram

from tests.fakebot import FakeBotApi, FakeGroup, FakeUser
from tests.fakebot import errors as E
from tests.support.clock import HandClock
from tgbot.botapi import ephemeral
from tgbot.botapi.ephemeral import EphemeralRefused

BUTTONS = {"inline_keyboard": [[{"text": "🂠 Play", "callback_data": "p:1:0:x"}]]}


async def _pressed(api: FakeBotApi, bot: telegram.Bot, group: FakeGroup,
                   user: FakeUser) -> str:
    """Post a message with a button in the group, have `user` press it; return the query id."""
    sent = await bot.send_message(group.id, "table", reply_markup=telegram.InlineKeyboardMarkup(
        [[telegram.InlineKeyboardButton("🔒", callback_data="m:1")]]))
    message = api.world.chats[group.id].messages[sent.message_id]
    return str(user.press(message, "m:1")["callback_query"]["id"])


async def test_only_the_receiver_sees_it_and_the_history_never_holds_it(
        api: FakeBotApi, bot: telegram.Bot, group: FakeGroup, alice: FakeUser,
        bob: FakeUser) -> None:
    query = await _pressed(api, bot, group, alice)
    shown = await ephemeral.send(bot, chat_id=group.id, user_id=alice.id,
                                 text="<b>Your hand</b>: 🂡", reply_markup=BUTTONS,
                                 callback_query_id=query)
    assert (shown.chat_id, shown.user_id) == (group.id, alice.id)
    [message] = api.ephemeral_log(group)
    assert message.text == "Your hand: 🂡"
    assert message in api.member_view(group, alice)
    assert message not in api.member_view(group, bob)
    assert message not in api.chat_log(group)
    assert [m.text for m in api.member_view(group, bob)] == ["table"]
    with pytest.raises(ValueError, match="only its receiver"):
        bob.press(message, "p:1:0:x")
    update = alice.press(message, "p:1:0:x")["callback_query"]
    assert update["message"]["ephemeral_message_id"] == shown.message_id
    assert update["message"]["chat"]["id"] == group.id


async def test_it_is_edited_in_place_and_deleted(api: FakeBotApi, bot: telegram.Bot,
                                                 group: FakeGroup, alice: FakeUser) -> None:
    shown = await ephemeral.send(bot, chat_id=group.id, user_id=alice.id, text="one")
    await ephemeral.edit_text(bot, shown, text="two", reply_markup=BUTTONS)
    await ephemeral.edit_text(bot, shown, text="two", reply_markup=BUTTONS)  # not modified
    [message] = api.ephemeral_log(group)
    assert [v.text for v in message.history] == ["one", "two"]
    assert message.buttons == BUTTONS["inline_keyboard"][0]
    await ephemeral.delete(bot, shown)
    assert message.deleted
    with pytest.raises(EphemeralRefused, match="not found"):
        await ephemeral.edit_text(bot, shown, text="three")
    assert api.errors[-1].response["description"] == E.EDIT_NOT_FOUND


async def test_another_receivers_message_is_not_found(
        api: FakeBotApi, bot: telegram.Bot, group: FakeGroup, alice: FakeUser,
        bob: FakeUser) -> None:
    shown = await ephemeral.send(bot, chat_id=group.id, user_id=alice.id, text="one")
    forged = ephemeral.Shown(group.id, bob.id, shown.message_id)
    with pytest.raises(EphemeralRefused, match="not found"):
        await ephemeral.delete(bot, forged)


async def test_a_callback_query_is_good_for_fifteen_seconds_and_for_its_presser_only(
        api: FakeBotApi, bot: telegram.Bot, group: FakeGroup, alice: FakeUser,
        bob: FakeUser, clock: HandClock) -> None:
    query = await _pressed(api, bot, group, alice)
    with pytest.raises(EphemeralRefused):
        await ephemeral.send(bot, chat_id=group.id, user_id=bob.id, text="x",
                             callback_query_id=query)
    assert api.errors[-1].response["description"] == E.EPHEMERAL_QUERY
    clock.advance(16)
    with pytest.raises(EphemeralRefused):
        await ephemeral.send(bot, chat_id=group.id, user_id=alice.id, text="x",
                             callback_query_id=query)
    assert api.errors[-1].response["description"] == E.QUERY_TOO_OLD
    assert api.ephemeral_log(group) == []


async def test_private_chats_and_groups_that_take_none_refuse_them(
        api: FakeBotApi, bot: telegram.Bot, group: FakeGroup, alice: FakeUser) -> None:
    alice.start()
    with pytest.raises(EphemeralRefused):
        await ephemeral.send(bot, chat_id=alice.id, user_id=alice.id, text="x")
    assert api.errors[-1].response["description"] == E.EPHEMERAL_UNSUPPORTED
    group.takes_ephemeral = False
    with pytest.raises(EphemeralRefused):
        await ephemeral.send(bot, chat_id=group.id, user_id=alice.id, text="x")
    stranger = api.add_user(999, "Stranger")
    group.takes_ephemeral = True
    with pytest.raises(EphemeralRefused):
        await ephemeral.send(bot, chat_id=group.id, user_id=stranger.id, text="x")
    assert api.errors[-1].response["description"] == E.EPHEMERAL_RECEIVER


@pytest.mark.filterwarnings("ignore:Please use 'Bot")
async def test_the_receiver_goes_inside_the_parameters_object(
        api: FakeBotApi, bot: telegram.Bot, group: FakeGroup, alice: FakeUser,
        bob: FakeUser) -> None:
    """The adapter names the receiver inside `ephemeral_message_parameters`; a receiver
    given beside it is a parameter Telegram does not know, and the message goes to all."""
    await ephemeral.send(bot, chat_id=group.id, user_id=alice.id, text="only Alice")
    [call] = api.calls("sendMessage")
    assert "receiver_user_id" not in call.params
    await bot.do_api_request("sendMessage", api_kwargs={
        "chat_id": group.id, "receiver_user_id": alice.id, "text": "everybody"})
    assert [m.text for m in api.member_view(group, bob)] == ["everybody"]
    assert [m.text for m in api.ephemeral_log(group)] == ["only Alice"]
    with pytest.raises(telegram.error.BadRequest, match="receiver"):
        await bot.do_api_request("sendMessage", api_kwargs={
            "chat_id": group.id, "ephemeral_message_parameters": {}, "text": "nobody"})
