"""The fake Bot API behaves like Telegram where it matters, seen through PTB's real HTTP stack."""

from __future__ import annotations

import asyncio
import json
import time
from collections.abc import Awaitable
from typing import Any

import httpx
import pytest
import telegram
from telegram import InlineKeyboardButton, InlineKeyboardMarkup, InputMediaPhoto
from telegram.error import BadRequest, Conflict, Forbidden, RetryAfter, TelegramError
from telegram.ext import Application, CommandHandler, ContextTypes

from tests.fakebot import FakeBotApi, FakeClock, FakeGroup, FakeUser, RateLimits
from tests.fakebot import errors as E

PNG_1X1 = bytes.fromhex(
    "89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c489"
    "0000000d49444154789c6360000002000154a24f5d0000000049454e44ae426082"
)


def keyboard(*rows: list[tuple[str, str]]) -> InlineKeyboardMarkup:
    """Build an inline keyboard of callback buttons from (text, data) rows."""
    return InlineKeyboardMarkup(
        [[InlineKeyboardButton(text, callback_data=data) for text, data in row] for row in rows]
    )


async def rejected(api: FakeBotApi, call: Awaitable[Any]) -> tuple[int, str]:
    """Await a call that must fail; return the HTTP status and description the fake sent."""
    before = len(api.errors)
    with pytest.raises(TelegramError):
        await call
    assert len(api.errors) == before + 1
    error = api.errors[-1]
    return error.status, error.response["description"]


@pytest.fixture
def alice(api: FakeBotApi) -> FakeUser:
    return api.add_user(101, "Alice", username="alice")


@pytest.fixture
def bob(api: FakeBotApi) -> FakeUser:
    return api.add_user(102, "Bob", language_code="en")


@pytest.fixture
def group(api: FakeBotApi, alice: FakeUser, bob: FakeUser) -> FakeGroup:
    """A supergroup Alice owns, Bob is in, with the bot added (updates left unconfirmed)."""
    chat = api.add_group(-1001234567890, "Mesa de jogo", admins=[alice], members=[bob])
    api.add_bot_to_group(chat, by=alice)
    return chat


def raw_url(api: FakeBotApi, method: str, token: str | None = None) -> str:
    return f"{api.base_url}{token or api.token}/{method}"


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


# -- text, HTML and keyboards ---------------------------------------------------------------------
async def test_text_length_counts_visible_characters(
    api: FakeBotApi, bot: telegram.Bot, group: FakeGroup
) -> None:
    ok = await bot.send_message(group.id, "<b>" + "x" * 4096 + "</b>", parse_mode="HTML")
    assert len(ok.text) == 4096
    assert (await bot.send_message(group.id, "😀" * 4096)).text == "😀" * 4096
    assert await rejected(api, bot.send_message(group.id, "x" * 4097)) == (400, E.TEXT_TOO_LONG)


@pytest.mark.parametrize("text", ["", "   \n ", "<b> </b>"])
async def test_empty_text_is_rejected(
    api: FakeBotApi, bot: telegram.Bot, group: FakeGroup, text: str
) -> None:
    call = bot.send_message(group.id, text, parse_mode="HTML")
    assert await rejected(api, call) == (400, E.TEXT_EMPTY)


@pytest.mark.parametrize(
    ("html", "detail"),
    [
        ("a < b", 'Unsupported start tag "" at byte offset 2'),
        ("<b>bold", 'Can\'t find end tag corresponding to start tag "b"'),
        ("<b>x</i>", 'Unmatched end tag at byte offset 4, expected "</b>", found "</i>"'),
        ("<div>x</div>", 'Unsupported start tag "div" at byte offset 0'),
        ("x</b>", "Unexpected end tag at byte offset 1"),
    ],
)
async def test_malformed_html_is_rejected(
    api: FakeBotApi, bot: telegram.Bot, group: FakeGroup, html: str, detail: str
) -> None:
    call = bot.send_message(group.id, html, parse_mode="HTML")
    assert await rejected(api, call) == (400, f"Bad Request: can't parse entities: {detail}")


async def test_html_entities_and_tags_become_text_and_entities(
    bot: telegram.Bot, group: FakeGroup
) -> None:
    sent = await bot.send_message(
        group.id, "<b>Vez</b> de &lt;Ana&gt; <a href='https://t.me/x'>ver</a>", parse_mode="HTML"
    )
    assert sent.text == "Vez de <Ana> ver"
    assert [(e.type, e.offset, e.length) for e in sent.entities] == [
        ("bold", 0, 3),
        ("text_link", 13, 3),
    ]


async def test_caption_limit(api: FakeBotApi, bot: telegram.Bot, group: FakeGroup) -> None:
    assert (await bot.send_photo(group.id, PNG_1X1, caption="c" * 1024)).caption == "c" * 1024
    call = bot.send_photo(group.id, PNG_1X1, caption="c" * 1025)
    assert await rejected(api, call) == (400, E.CAPTION_TOO_LONG)


async def test_callback_data_is_one_to_64_bytes(
    api: FakeBotApi, bot: telegram.Bot, group: FakeGroup
) -> None:
    await bot.send_message(group.id, "ok", reply_markup=keyboard([("a", "d" * 64)]))
    for data in ("d" * 65, "é" * 33):
        call = bot.send_message(group.id, "x", reply_markup=keyboard([("a", data)]))
        assert await rejected(api, call) == (400, E.BUTTON_DATA_INVALID)
    markup = {"inline_keyboard": [[{"text": "a", "callback_data": ""}]]}
    async with httpx.AsyncClient() as client:
        response = await client.post(
            raw_url(api, "sendMessage"),
            json={"chat_id": group.id, "text": "x", "reply_markup": markup},
        )
    assert (response.status_code, response.json()["description"]) == (400, E.BUTTON_DATA_INVALID)


async def test_keyboard_size_limits(api: FakeBotApi, bot: telegram.Bot, group: FakeGroup) -> None:
    row = [(str(n), str(n)) for n in range(8)]
    full = [row] * 12 + [row[:4]]
    assert (
        len(
            (
                await bot.send_message(group.id, "100", reply_markup=keyboard(*full))
            ).reply_markup.inline_keyboard
        )
        == 13
    )
    too_wide = keyboard([*row, ("9", "9")])
    assert (await rejected(api, bot.send_message(group.id, "x", reply_markup=too_wide)))[0] == 400
    too_many = keyboard(*full, [("101", "101")])
    assert (await rejected(api, bot.send_message(group.id, "x", reply_markup=too_many)))[0] == 400


async def test_buttons_without_an_action_are_rejected(api: FakeBotApi, group: FakeGroup) -> None:
    markup = json.dumps({"inline_keyboard": [[{"text": "plain"}]]})
    async with httpx.AsyncClient() as client:
        response = await client.post(
            raw_url(api, "sendMessage"),
            data={"chat_id": str(group.id), "text": "x", "reply_markup": markup},
        )
    assert response.json()["description"] == E.BUTTON_WITHOUT_ACTION


# -- editing, deleting, media ---------------------------------------------------------------------
async def test_identical_edits_are_not_modified(
    api: FakeBotApi, bot: telegram.Bot, group: FakeGroup
) -> None:
    board = keyboard([("Rolar", "roll")])
    sent = await bot.send_message(group.id, "<b>Vez</b>", parse_mode="HTML", reply_markup=board)
    same = bot.edit_message_text(
        "<strong>Vez</strong>", group.id, sent.message_id, parse_mode="HTML", reply_markup=board
    )
    assert await rejected(api, same) == (400, E.NOT_MODIFIED)
    same_markup = bot.edit_message_reply_markup(group.id, sent.message_id, reply_markup=board)
    assert await rejected(api, same_markup) == (400, E.NOT_MODIFIED)
    plain = await bot.edit_message_text("Vez", group.id, sent.message_id, reply_markup=board)
    assert plain.entities == ()  # bold dropped: a real change
    stripped = await bot.edit_message_text("Vez", group.id, sent.message_id)
    assert stripped.reply_markup is None  # no reply_markup removes the keyboard
    message = api.last_message(group)
    assert message is not None
    assert [v.reply_markup is not None for v in message.history] == [True, True, False]
    assert len(message.edits) == 2
    assert message.edited_at is not None


async def test_edits_of_missing_or_foreign_messages(
    api: FakeBotApi, bot: telegram.Bot, group: FakeGroup, alice: FakeUser
) -> None:
    alice.start()
    sent = await bot.send_message(group.id, "here")
    elsewhere = bot.edit_message_text("x", alice.id, sent.message_id)
    assert await rejected(api, elsewhere) == (400, E.EDIT_NOT_FOUND)
    user_message = group.messages[1]  # Alice's new_chat_members service message
    assert not user_message.from_bot
    call = bot.edit_message_text("x", group.id, user_message.message_id)
    assert await rejected(api, call) == (400, E.CANT_EDIT)
    await bot.delete_message(group.id, sent.message_id)
    call = bot.edit_message_text("x", group.id, sent.message_id)
    assert await rejected(api, call) == (400, E.EDIT_NOT_FOUND)


async def test_delete_only_within_48_hours(
    api: FakeBotApi, bot: telegram.Bot, group: FakeGroup, bob: FakeUser, clock: FakeClock
) -> None:
    young = await bot.send_message(group.id, "young")
    old = await bot.send_message(group.id, "old")
    bob.send(group, "/help")
    clock.advance(47 * 3600)
    assert await bot.delete_message(group.id, young.message_id) is True
    assert api.chat_log(group)[0].deleted is True
    assert api.current_messages(group)[0].text == "old"
    users_message = api.chat_log(group, include_users=True)[-1]
    call = bot.delete_message(group.id, users_message.message_id)
    assert await rejected(api, call) == (400, E.CANT_DELETE)  # the bot is no admin
    clock.advance(3600)
    call = bot.delete_message(group.id, old.message_id)
    assert await rejected(api, call) == (400, E.CANT_DELETE)
    call = bot.delete_message(group.id, young.message_id)
    assert await rejected(api, call) == (400, E.DELETE_NOT_FOUND)


async def test_photos_upload_as_multipart_and_can_be_downloaded_and_edited(
    api: FakeBotApi, bot: telegram.Bot, group: FakeGroup, clock: FakeClock
) -> None:
    sent = await bot.send_photo(group.id, PNG_1X1, caption="Tabuleiro")
    assert (sent.photo[-1].width, sent.photo[-1].height) == (1, 1)
    assert api.calls("sendPhoto")[0].params["photo"].startswith("<upload")
    downloaded = await (await bot.get_file(sent.photo[-1].file_id)).download_as_bytearray()
    assert bytes(downloaded) == PNG_1X1
    again = await bot.send_photo(group.id, sent.photo[-1].file_id)
    assert again.photo[-1].file_id == sent.photo[-1].file_id
    edited = await bot.edit_message_caption(group.id, sent.message_id, caption="Rodada 2")
    assert edited.caption == "Rodada 2"
    same = bot.edit_message_caption(group.id, sent.message_id, caption="Rodada 2")
    assert await rejected(api, same) == (400, E.NOT_MODIFIED)
    clock.advance(1)  # two sends and an edit used the chat's burst of three
    media = InputMediaPhoto(PNG_1X1 + b"\0", caption="Rodada 3")
    replaced = await bot.edit_message_media(media, group.id, sent.message_id)
    assert replaced.photo[-1].file_id != sent.photo[-1].file_id
    assert replaced.caption == "Rodada 3"


async def test_non_images_and_unknown_file_ids_are_rejected(
    api: FakeBotApi, bot: telegram.Bot, group: FakeGroup
) -> None:
    call = bot.send_photo(group.id, b"not an image at all")
    assert await rejected(api, call) == (400, E.IMAGE_PROCESS_FAILED)
    call = bot.send_photo(group.id, "AgACunknownfileid")
    assert await rejected(api, call) == (400, E.WRONG_FILE_ID)
    document = await bot.send_document(group.id, b"rules", filename="rules.txt")
    assert document.document.file_name == "rules.txt"


async def test_replies_need_an_existing_message(
    api: FakeBotApi, bot: telegram.Bot, group: FakeGroup
) -> None:
    first = await bot.send_message(group.id, "first")
    reply = await bot.send_message(group.id, "second", reply_to_message_id=first.message_id)
    assert reply.reply_to_message.text == "first"
    call = bot.send_message(group.id, "x", reply_to_message_id=9999)
    assert await rejected(api, call) == (400, E.REPLY_NOT_FOUND)


# -- callback queries -----------------------------------------------------------------------------
async def test_button_presses_become_callback_queries_answered_once(
    api: FakeBotApi, bot: telegram.Bot, group: FakeGroup, bob: FakeUser
) -> None:
    await bot.send_message(group.id, "Escolha", reply_markup=keyboard([("Sim", "y"), ("Não", "n")]))
    message = api.last_message(group)
    assert message is not None
    update = bob.press_button(message, "Não")
    query = (await bot.get_updates())[-1].callback_query
    assert (query.id, query.data, query.from_user.id) == (
        update["callback_query"]["id"],
        "n",
        bob.id,
    )
    assert query.message.message_id == message.message_id
    await bot.answer_callback_query(query.id, "Anotado", show_alert=True)
    assert api.callback_answers[query.id].text == "Anotado"
    assert api.callback_answers[query.id].show_alert is True
    assert await rejected(api, bot.answer_callback_query(query.id)) == (400, E.QUERY_TOO_OLD)
    assert await rejected(api, bot.answer_callback_query("123")) == (400, E.QUERY_TOO_OLD)
    with pytest.raises(LookupError):
        bob.press_button(message, "Talvez")
    with pytest.raises(LookupError):
        bob.press(message, "maybe")


async def test_callback_answers_are_limited_in_length_and_time(
    api: FakeBotApi, bot: telegram.Bot, group: FakeGroup, alice: FakeUser, clock: FakeClock
) -> None:
    await bot.send_message(group.id, "Escolha", reply_markup=keyboard([("Sim", "y")]))
    message = api.last_message(group)
    assert message is not None
    long_one = alice.press(message, "y")["callback_query"]["id"]
    late_one = alice.press(message, "y")["callback_query"]["id"]
    call = bot.answer_callback_query(long_one, "x" * 201)
    assert (await rejected(api, call))[0] == 400
    await bot.answer_callback_query(long_one, "x" * 200)
    clock.advance(16)
    assert await rejected(api, bot.answer_callback_query(late_one)) == (400, E.QUERY_TOO_OLD)


# -- flood limits ---------------------------------------------------------------------------------
async def test_per_chat_burst_of_three_then_one_per_second(
    api: FakeBotApi, bot: telegram.Bot, alice: FakeUser, clock: FakeClock
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
    api: FakeBotApi, bot: telegram.Bot, group: FakeGroup, clock: FakeClock
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
    api: FakeBotApi, bot: telegram.Bot, clock: FakeClock
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
    clock = FakeClock()
    async with FakeBotApi(clock=clock, limits=RateLimits(per_chat_burst=1)) as strict:
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
    api: FakeBotApi, bot: telegram.Bot, clock: FakeClock
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
