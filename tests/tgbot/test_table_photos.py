"""The group table as a photo: its payload, its caption, and how the delivery loop sends,
edits and falls back (issue #15), over the in-memory store and a recording bot."""

from __future__ import annotations

import itertools
from dataclasses import dataclass, field, replace
from datetime import UTC, datetime
from typing import Any

import pytest
from telegram import InputFile, InputMediaPhoto
from telegram.error import BadRequest, NetworkError, RetryAfter

from core.engine.registry import get_game
from tests.support.fake_uow import MemoryStore, fake_uow_factory
from tests.tgbot.images.positions import NAMES, POSITIONS
from tgbot.delivery.loop import Deliverer
from tgbot.delivery.markup import keyboard
from tgbot.delivery.photos import TablePictures
from tgbot.render.images import TableImages, group_view, stored_group_view
from tgbot.render.outbox import TABLE, Outbox
from tgbot.render.table_photo import (
    CAPTION_LIMIT,
    fit_caption,
    photo_caption,
    photo_fields,
    visible_length,
)
from tgbot.service import lobby, profiles, reads
from tgbot.service.commands import Player
from tgbot.service.games import GameService

CHAT = -55
PNG = b"\x89PNG"


# -- the caption ------------------------------------------------------------------------
def test_a_short_caption_is_the_lead_then_the_body() -> None:
    assert fit_caption(["⏰ late"], "a\nb\n\n⏳ Ana") == "⏰ late\n\na\nb\n\n⏳ Ana"
    assert fit_caption([], "⏳ Ana") == "⏳ Ana"


def test_a_long_caption_drops_the_oldest_lines_and_keeps_whom_it_waits_for() -> None:
    lines = [f"line {i} " + "x" * 100 for i in range(12)]
    caption = fit_caption(["⏰ Time is up for Ana"], "\n".join([*lines, "", "⏳ Bia"]))
    assert visible_length(caption) <= CAPTION_LIMIT
    assert caption.startswith("⏰ Time is up for Ana\n\n")
    assert caption.endswith("\n\n⏳ Bia")
    kept = [line for line in lines if line in caption]
    assert kept == lines[-len(kept):]
    assert 5 <= len(kept) < len(lines)


def test_lead_lines_go_only_after_every_recent_line() -> None:
    lead = [f"lead {i} " + "y" * 300 for i in range(5)]
    caption = fit_caption(lead, "recent " + "z" * 50 + "\n\n⏳ Bia")
    assert visible_length(caption) <= CAPTION_LIMIT
    assert "recent" not in caption
    assert caption.endswith("⏳ Bia")
    assert lead[-1] in caption
    assert lead[0] not in caption


def test_tags_do_not_count_and_emoji_count_twice() -> None:
    assert visible_length("<b>Ana</b> &amp; Bia") == len("Ana & Bia")
    assert visible_length("🎲") == 2
    body = "<b>" + "🎲" * 600 + "</b>"  # 1,200 units on one line: cut, its tag closed
    caption = fit_caption([], body)
    assert visible_length(caption) <= CAPTION_LIMIT
    assert caption.startswith("<b>🎲")
    assert caption.endswith("…</b>")


# -- the payload ------------------------------------------------------------------------
@pytest.mark.parametrize("position", POSITIONS[::4], ids=lambda p: p.name)
def test_the_stored_view_draws_the_picture_of_the_state(position: Any) -> None:
    game, state = get_game(position.kind), position.state()
    names = NAMES[:position.players]
    fields = photo_fields(position.kind, game, state, "en", names, ["a line"], "⏳ waiting")
    assert fields["caption"] == "a line\n\n⏳ waiting"
    stored = stored_group_view(fields["photo"])
    assert stored.data == group_view(position.kind, game, state).data
    assert fields["photo"]["names"] == list(names)
    assert fields["photo"]["language"] == "en"
    drawn = TableImages().picture(stored, "en", names)
    assert drawn == TableImages().png(7, position.kind, game, state, "en", names)


def test_a_stored_seat_view_is_refused() -> None:
    position = POSITIONS[-1]
    game, state = get_game(position.kind), position.state()
    fields = photo_fields(position.kind, game, state, "en", NAMES, [], "⏳")
    fields["photo"]["view"] = game.view_json(game.view(state, 0))
    with pytest.raises(ValueError, match="private view"):
        stored_group_view(fields["photo"])


# -- delivery ---------------------------------------------------------------------------
@dataclass
class PhotoBot:
    """Records the delivery loop's calls; knows which messages are photos and answers
    edits of the wrong kind as Telegram does. `faults[endpoint]` raise first, in order."""

    calls: list[tuple[str, dict[str, Any]]] = field(default_factory=list)
    photos: dict[int, bytes | None] = field(default_factory=dict)
    faults: dict[str, list[Exception]] = field(default_factory=dict)
    ids: Any = field(default_factory=lambda: itertools.count(500))

    async def post_raw(self, endpoint: str, data: dict[str, Any]) -> Any:
        if self.faults.get(endpoint):
            raise self.faults[endpoint].pop(0)
        self.calls.append((endpoint, dict(data)))
        if endpoint in ("sendMessage", "sendPhoto"):
            message_id = next(self.ids)
            photo = data.get("photo")
            self.photos[message_id] = photo.input_file_content if photo else None
            return {"message_id": message_id, "chat": {"id": data["chat_id"]}}
        shown = self.photos.get(data.get("message_id", 0), b"")
        if endpoint == "editMessageText" and shown:
            raise BadRequest("There is no text in the message to edit")
        if endpoint == "editMessageMedia":
            if not shown:
                raise BadRequest("There is no media in the message to edit")
            self.photos[data["message_id"]] = data["media"].media.input_file_content
        if endpoint == "editMessageCaption" and not shown:
            raise BadRequest("There is no caption in the message to edit")
        return True

    def group(self, *endpoints: str) -> list[dict[str, Any]]:
        return [data for name, data in self.calls
                if data.get("chat_id") == CHAT and (not endpoints or name in endpoints)]

    def names(self) -> list[str]:
        return [name for name, data in self.calls if data.get("chat_id") == CHAT]


@dataclass
class Table:
    games: GameService
    bot: PhotoBot
    deliverer: Deliverer
    pictures: TablePictures
    game_id: int = 0

    async def settle(self) -> None:
        await self.deliverer.idle()

    async def row(self) -> Any:
        async with self.games.uow_factory() as uow:
            rows = await uow.deliveries.of_games(game_ids=[self.game_id])
        return next(row for row in rows if row.key == TABLE)

    async def play_default(self) -> None:
        table = await self.games.table(self.game_id)
        seat = min(table.engine.to_act(table.state))
        user = table.user_of(seat)
        assert user is not None
        action = table.engine.encode_action(table.engine.default_action(table.state, seat))
        await self.games.play(self.game_id, user, table.game.version, action)


async def _no_wait(_: float) -> None:
    return None


async def started_table(*, pictures_on: bool = True, draw: Any = None, kind: str = "bang_dice",
                 ) -> Table:
    """Return a started 3-player table of `kind` whose deliveries have settled, the bot's
    calls of the set-up forgotten."""
    ticks = itertools.count()
    games = GameService(fake_uow_factory(MemoryStore()),
                        now=lambda: datetime(2026, 3, 2, tzinfo=UTC).replace(
                            microsecond=next(ticks) % 1_000_000),
                        seed_source=lambda: 5)
    bot, pictures = PhotoBot(), TablePictures()
    deliverer = Deliverer(bot, games.uow_factory, games.now, sleep=_no_wait,
                          pictures=draw or pictures)
    games.hooks = replace(games.hooks, outbox=Outbox(lambda g: f"https://t.me/bot?start=j{g}"))
    games.deliver = deliverer.push
    if not pictures_on:
        await profiles.set_chat_pictures(games.uow_factory, chat_id=CHAT, on=False,
                                         now=games.now)
    game_id = await lobby.open_lobby(games.uow_factory, chat_id=CHAT, topic_id=None,
                                     kind=kind, options={}, creator=Player(1, "Ana"),
                                     now=games.now)
    for user, name in ((2, "Bia"), (3, "Caio")):
        await lobby.join_lobby(games.uow_factory, game_id=game_id, player=Player(user, name),
                               now=games.now)
    table = Table(games, bot, deliverer, pictures, game_id)
    await table.settle()
    bot.calls.clear()
    await games.start(game_id)
    await table.settle()
    return table


async def test_the_table_is_one_photo_edited_in_place() -> None:
    table = await started_table()
    bot = table.bot
    sent = bot.group("sendPhoto")
    assert len(sent) == 1
    assert not bot.group("sendMessage", "editMessageText")
    row = await table.row()
    assert sent[0]["photo"].input_file_content.startswith(PNG)
    assert sent[0]["photo"].filename == "table.png"
    assert sent[0]["caption"] == photo_caption(row.payload)
    assert sent[0]["caption"].endswith(row.payload["caption"].split("\n")[-1])
    assert visible_length(sent[0]["caption"]) <= CAPTION_LIMIT
    assert sent[0]["reply_markup"]["inline_keyboard"][-1][0]["callback_data"].startswith("m:")
    message_id = row.message_id
    # a mark for a re-roll changes the buttons only: the caption is edited, nothing drawn
    drawn = table.pictures.images.drawn
    state = await table.games.table(table.game_id)
    seat = min(state.engine.to_act(state.state))
    await table.games.mark(table.game_id, state.user_of(seat) or 0, state.game.version,
                           frozenset({0}))
    await table.settle()
    assert bot.names()[-1] == "editMessageCaption"
    assert table.pictures.images.drawn == drawn
    # a move changes the picture: replaced through editMessageMedia with an attached upload
    before = bot.photos[message_id]
    await table.play_default()
    await table.settle()
    assert bot.names()[-1] == "editMessageMedia"
    media = bot.group("editMessageMedia")[-1]["media"]
    assert isinstance(media, InputMediaPhoto)
    assert isinstance(media.media, InputFile)
    assert media.media.attach_uri
    assert media.media.attach_uri.startswith("attach://")
    assert bot.photos[message_id] != before
    assert (await table.row()).message_id == message_id
    assert table.pictures.images.drawn == drawn + 1


async def test_turning_pictures_off_and_on_posts_the_table_anew() -> None:
    table = await started_table()
    bot, games = table.bot, table.games
    photo_id = (await table.row()).message_id
    await profiles.set_chat_pictures(games.uow_factory, chat_id=CHAT, on=False, now=games.now)
    await games.refresh(table.game_id)
    await table.settle()
    row = await table.row()
    assert "photo" not in row.payload
    assert row.message_id != photo_id
    text = bot.group("sendMessage")[-1]
    assert text["text"].endswith(row.payload["text"])
    caption = bot.group("sendPhoto")[-1]["caption"]  # the seats were in the picture only
    assert "<b>Ana</b>" in text["text"]
    assert "Ana" not in caption
    assert bot.group("editMessageReplyMarkup")[-1]["message_id"] == photo_id  # stripped
    await table.play_default()
    await table.settle()
    assert bot.names()[-1] == "editMessageText"
    await profiles.set_chat_pictures(games.uow_factory, chat_id=CHAT, on=True, now=games.now)
    await games.refresh(table.game_id)
    await table.settle()
    assert "sendPhoto" in bot.names()[-2:]
    assert (await table.row()).payload.get("photo")


async def test_a_chat_with_pictures_off_gets_text_only() -> None:
    table = await started_table(pictures_on=False)
    await table.play_default()
    await table.settle()
    assert table.bot.group("sendMessage")
    assert not table.bot.group(
        "sendPhoto", "editMessageMedia", "editMessageCaption")
    chat = await profiles.get_or_create_chat(table.games.uow_factory, chat_id=CHAT,
                                             now=table.games.now)
    assert chat.default_options == {"pictures": False}


async def test_a_picture_that_cannot_be_drawn_falls_back_to_the_text() -> None:
    async def broken(game_id: int, photo: Any) -> bytes:
        raise OSError("no font")

    table = await started_table(draw=broken)
    row = await table.row()
    assert not table.bot.group("sendPhoto")
    assert table.bot.group("sendMessage")[-1]["text"].endswith(row.payload["text"])
    assert row.sent_revision == row.revision


@pytest.mark.parametrize("fault", [
    NetworkError("Bad Gateway"), RetryAfter(3),
    BadRequest("Message is not modified: specified new message content and reply markup "
               "are exactly the same"),
    BadRequest("Message to edit not found"),
    BadRequest("There is no media in the message to edit")])
async def test_faults_on_a_picture_edit_converge(fault: Exception) -> None:
    table = await started_table()
    bot = table.bot
    photo_id = (await table.row()).message_id
    bot.faults["editMessageMedia"] = [fault]
    await table.play_default()
    await table.settle()
    row = await table.row()
    assert row.sent_revision == row.revision
    assert row.due_at is None
    if not isinstance(fault, BadRequest):  # tried again: the same message edited
        assert bot.names()[-1] == "editMessageMedia"
        assert row.message_id == photo_id
    elif "not modified" in str(fault):  # Telegram shows it already: done, nothing resent
        assert row.message_id == photo_id
        assert len(bot.group("sendPhoto")) == 1
    else:  # the message is gone or is no photo: the table is posted anew
        assert bot.names()[-2:] == ["sendPhoto", "editMessageReplyMarkup"]
        assert row.message_id != photo_id


async def test_a_failed_upload_is_retried() -> None:
    table = await started_table()
    bot = table.bot
    bot.faults["sendPhoto"] = [NetworkError("Bad Gateway"), RetryAfter(2)]
    await table.games.refresh(table.game_id, fresh=True)
    await table.settle()
    row = await table.row()
    assert row.sent_revision == row.revision
    assert bot.names()[-2:] == ["sendPhoto", "editMessageReplyMarkup"]
    assert len(bot.group("sendPhoto")) == 2


async def test_a_settled_table_is_not_edited_again() -> None:
    table = await started_table()
    calls = len(table.bot.calls)
    await table.games.refresh(table.game_id)
    await table.settle()
    assert len(table.bot.calls) == calls
    game = await reads.load_game(table.games.uow_factory, game_id=table.game_id)
    assert game.version == (await table.row()).payload["photo"]["view"]["version"]


async def test_a_change_the_photo_does_not_show_sends_nothing() -> None:
    table = await started_table()
    row = await table.row()
    calls = len(table.bot.calls)
    assert table.deliverer.photos is not None
    row.payload = {**row.payload, "text": row.payload["text"] + " · a hand count changed"}
    shown = await table.deliverer.photos.show(row, keyboard(row.payload["buttons"]),
                                              fresh=False)
    assert shown == (row.message_id, False)
    assert len(table.bot.calls) == calls
