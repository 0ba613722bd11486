"""A seat's private prompt shown as a photo of its hand (issue #15) when things go wrong:
the prompt closes, Telegram refuses or fails a call, the picture cannot be drawn, the
player blocks the bot and comes back. Whatever happens the player ends up with exactly one
message holding his live buttons. Over the in-memory store and the recording bot of
test_table_photos."""

from __future__ import annotations

from typing import Any

import pytest
from telegram.error import BadRequest, Forbidden, NetworkError, RetryAfter

from tests.tgbot.test_table_photos import CHAT, PhotoBot, Table, started_table
from tgbot.delivery.lifecycle import ChatLifecycle
from tgbot.delivery.markup import keyboard
from tgbot.i18n import t
from tgbot.render.outbox import prompt_key
from tgbot.service import profiles


async def _row(table: Table, seat: int) -> Any:
    async with table.games.uow_factory() as uow:
        rows = await uow.deliveries.of_games(game_ids=[table.game_id])
    return next(row for row in rows if row.key == prompt_key(seat))


async def _asked(table: Table) -> tuple[int, int]:
    """Return the seat the game waits for and its user."""
    state = await table.games.table(table.game_id)
    seat = min(state.engine.to_act(state.state))
    return seat, state.user_of(seat) or 0


def _to(bot: PhotoBot, chat: int, *endpoints: str) -> list[tuple[str, dict[str, Any]]]:
    return [(name, data) for name, data in bot.calls
            if data.get("chat_id") == chat and (not endpoints or name in endpoints)]


def _live_buttons(bot: PhotoBot, chat: int) -> set[int]:
    """Return the messages of a chat that still show buttons, replaying the bot's calls."""
    live: dict[int, bool] = {}
    sends = sum(name in ("sendMessage", "sendPhoto") for name, _ in bot.calls)
    ids = iter(sorted(bot.photos)[len(bot.photos) - sends:])  # the calls since the set-up
    for name, data in bot.calls:
        if name in ("sendMessage", "sendPhoto"):
            message_id = next(ids)
            if data.get("chat_id") == chat:
                live[message_id] = bool(data.get("reply_markup"))
        elif data.get("chat_id") == chat and data.get("message_id") in live:
            live[data["message_id"]] = bool(data.get("reply_markup"))
    return {message_id for message_id, shown in live.items() if shown}


async def test_a_closed_photo_prompt_loses_its_buttons_and_keeps_its_picture() -> None:
    table = await started_table(kind="colt_express")
    seat, user = await _asked(table)
    photo_id = (await _row(table, seat)).message_id
    calls = len(table.bot.calls)
    await table.play_default()
    await table.settle()
    row = await _row(table, seat)
    assert row.payload["close"]
    assert (row.message_id, row.sent_revision, row.error) == (None, row.revision, None)
    mine = [(name, data) for name, data in table.bot.calls[calls:] if data["chat_id"] == user]
    # Only its caption changes (no upload): the hand stays, the call to act goes.
    [(name, data)] = mine
    assert (name, data["message_id"]) == ("editMessageCaption", photo_id)
    assert not data.get("reply_markup")
    assert "👉" not in data["caption"]
    assert data["caption"].endswith(t("pt-BR", "✔️ Nothing to decide here any more."))
    assert not _live_buttons(table.bot, user)


@pytest.mark.parametrize("fault", [NetworkError("Bad Gateway"), RetryAfter(3)])
async def test_a_failed_prompt_upload_is_tried_again(fault: Exception) -> None:
    table = await started_table(kind="colt_express")
    table.bot.faults["sendPhoto"] = [fault]
    await table.play_default()
    await table.settle()
    seat, user = await _asked(table)
    row = await _row(table, seat)
    assert (row.sent_revision, row.due_at) == (row.revision, None)
    (sent,) = [data for _, data in _to(table.bot, user, "sendPhoto")]
    assert sent["caption"] == row.payload["caption"]
    assert _live_buttons(table.bot, user) == {row.message_id}


@pytest.mark.parametrize("endpoint", ["editMessageCaption", "editMessageMedia"])
@pytest.mark.parametrize("said", ["Message to edit not found", "Message can't be edited",
                                  "There is no media in the message to edit",
                                  "There is no caption in the message to edit"])
async def test_a_prompt_photo_that_cannot_be_edited_is_posted_anew(endpoint: str,
                                                                   said: str) -> None:
    table = await started_table(kind="colt_express")
    seat, user = await _asked(table)
    row = await _row(table, seat)
    photo_id = row.message_id
    table.bot.faults[endpoint] = [BadRequest(said)]
    assert table.deliverer.photos is not None
    if endpoint == "editMessageMedia":
        photo = row.payload["photo"]
        row.payload = {**row.payload,
                       "photo": {**photo, "hand": {**photo["hand"], "deck": 0}}}
    else:
        row.payload = {**row.payload, "caption": row.payload["caption"] + "\n…"}
    shown = await table.deliverer._send(row)
    assert shown.message_id not in (None, photo_id)
    assert [name for name, _ in _to(table.bot, user)][-2:] == ["sendPhoto",
                                                               "editMessageReplyMarkup"]
    assert _live_buttons(table.bot, user) == {shown.message_id}


async def test_a_hand_that_cannot_be_drawn_falls_back_to_text_and_back() -> None:
    failing = {"on": False}
    table = await started_table(kind="colt_express")
    real = table.pictures

    async def draw(game_id: int, photo: Any) -> bytes:
        if failing["on"]:
            raise OSError("no font")
        return await real(game_id, photo)

    assert table.deliverer.photos is not None
    table.deliverer.photos.draw = draw
    seat, user = await _asked(table)
    row = await _row(table, seat)
    photo_id, first = row.message_id, dict(row.payload)
    changed = {**first["photo"], "hand": {**first["photo"]["hand"], "deck": 0}}
    failing["on"] = True
    row.payload = {**first, "photo": changed, "text": first["text"] + " ·",
                   "caption": first["caption"] + " ·"}
    text = await table.deliverer._send(row)
    assert [name for name, _ in _to(table.bot, user)][-2:] == ["sendMessage",
                                                               "editMessageReplyMarkup"]
    assert _live_buttons(table.bot, user) == {text.message_id}
    # drawn again, what the photo showed before: the text message must not pass for it
    failing["on"] = False
    row.payload, row.message_id = first, text.message_id
    again = await table.deliverer._send(row)
    assert _live_buttons(table.bot, user) == {again.message_id}
    shows = [data for _, data in _to(table.bot, user)
             if data.get("message_id", again.message_id) == again.message_id]
    assert shows[-1].get("caption") == first["caption"]
    assert shows[-1]["reply_markup"] == keyboard(first["buttons"])
    assert again.message_id != photo_id


async def test_a_player_who_blocked_the_bot_gets_his_photo_prompt_when_he_comes_back() -> None:
    table = await started_table(kind="colt_express")
    lifecycle = ChatLifecycle(table.games, table.deliverer)
    table.deliverer.lifecycle = lifecycle
    for user_id, name in ((1, "Ana"), (2, "Bia"), (3, "Caio")):  # each sent /start once
        await profiles.upsert_user(table.games.uow_factory, user_id=user_id, display_name=name,
                                   language=None, can_dm=True, now=table.games.now)
    table.bot.faults["sendPhoto"] = [Forbidden("Forbidden: bot was blocked by the user")]
    await table.play_default()
    await table.settle()
    seat, user = await _asked(table)
    row = await _row(table, seat)
    assert row.sent_revision < row.revision
    assert row.error
    notes = [data["text"] for name, data in table.bot.calls
             if name == "sendMessage" and data["chat_id"] == CHAT]
    assert any("📭" in text for text in notes)
    stored = await profiles.get_user(table.games.uow_factory, user_id=user)
    assert stored is not None
    assert not stored.can_dm
    await lifecycle.reachable(user)
    await table.settle()
    row = await _row(table, seat)
    assert (row.sent_revision, row.error) == (row.revision, None)
    assert _to(table.bot, user)[-1][0] == "sendPhoto"
    assert _live_buttons(table.bot, user) == {row.message_id}


async def test_a_language_change_redraws_the_hand_in_the_new_language() -> None:
    table = await started_table(kind="colt_express")
    seat, user = await _asked(table)
    photo_id = (await _row(table, seat)).message_id
    await profiles.set_user_language(table.games.uow_factory, user_id=user, language="it",
                                     now=table.games.now)
    await table.games.refresh(table.game_id)
    await table.settle()
    row = await _row(table, seat)
    assert row.payload["photo"]["language"] == "it"
    assert row.message_id == photo_id
    name, data = _to(table.bot, user)[-1]
    assert name == "editMessageMedia"
    assert data["media"].caption == row.payload["caption"]
    assert _live_buttons(table.bot, user) == {photo_id}


async def test_a_prompt_replaced_then_closed_before_it_was_sent_strips_the_old_photo() -> None:
    table = await started_table(kind="colt_express")
    seat, user = await _asked(table)
    photo_id = (await _row(table, seat)).message_id
    await profiles.set_chat_pictures(table.games.uow_factory, chat_id=CHAT, on=False,
                                     now=table.games.now)
    await table.games.refresh(table.game_id)  # the prompt is to be posted anew, as text…
    await table.play_default()  # …but the seat moved before it was: the prompt closes
    await table.settle()
    row = await _row(table, seat)
    assert row.payload.get("close")
    assert (row.sent_revision, row.message_id) == (row.revision, None)
    assert not _live_buttons(table.bot, user)
    assert ("editMessageReplyMarkup", {"chat_id": user, "message_id": photo_id}) \
        in _to(table.bot, user)
