"""The fake Bot API checks texts, HTML and keyboards, edits, deletes and media, and callback
queries like Telegram, through PTB's real HTTP stack.
Fixtures (`api`, `bot`, `alice`, `bob`, `group`) are in conftest.py, helpers in api_helpers.py.
"""

from __future__ import annotations

import json

import httpx
import pytest
import telegram
from telegram import InputMediaPhoto

from tests.fakebot import FakeBotApi, FakeGroup, FakeUser
from tests.fakebot import errors as E
from tests.fakebot.api_helpers import PNG_1X1, keyboard, raw_url, rejected
from tests.support.clock import HandClock


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
    api: FakeBotApi, bot: telegram.Bot, group: FakeGroup, bob: FakeUser, clock: HandClock
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
    api: FakeBotApi, bot: telegram.Bot, group: FakeGroup, clock: HandClock
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
    api: FakeBotApi, bot: telegram.Bot, group: FakeGroup, alice: FakeUser, clock: HandClock
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


async def test_animations_are_gifs_or_mp4s_played_as_animations(
    api: FakeBotApi, bot: telegram.Bot, group: FakeGroup
) -> None:
    from io import BytesIO

    from PIL import Image

    frames = [Image.new("RGB", (30, 20), color) for color in ("red", "blue")]
    gif = BytesIO()
    frames[0].save(gif, format="GIF", save_all=True, append_images=frames[1:], duration=500)
    sent = await bot.send_animation(group.id, gif.getvalue(), filename="game.gif",
                                    caption="Game")
    assert (sent.animation.width, sent.animation.height) == (30, 20)
    assert sent.caption == "Game"
    assert api.calls("sendAnimation")
    call = bot.send_animation(group.id, b"plain text, no animation")
    assert await rejected(api, call) == (400, E.WRONG_ANIMATION)
