"""A seat's private prompt as a photo of its own hand (issue #15): its payload, and how the
delivery loop sends it to that seat's private chat and edits it in place, over the
in-memory store and the recording bot of test_table_photos."""

from __future__ import annotations

from typing import Any

import pytest

from core.engine.registry import get_game
from tests.tgbot.images.positions import HAND_POSITIONS, POSITIONS
from tests.tgbot.test_table_photos import CHAT, PNG, PhotoBot, started_table
from tgbot.delivery.loop import Deliverer
from tgbot.delivery.markup import keyboard
from tgbot.delivery.photos import TablePictures
from tgbot.render.images import draw_hand, hand_view, stored_hand_view
from tgbot.render.outbox import TABLE, prompt_key
from tgbot.render.table_photo import CAPTION_LIMIT, hand_photo_fields, photo_caption
from tgbot.service import profiles
from tgbot.service.games import GameService

USERS = ((1, "Ana"), (2, "Bia"), (3, "Caio"))


# -- the payload ------------------------------------------------------------------------
@pytest.mark.parametrize("hand", HAND_POSITIONS, ids=lambda h: h.name)
def test_the_prompt_payload_holds_the_seats_own_hand(hand: Any) -> None:
    game, state = get_game(hand.position.kind), hand.position.state()
    fields = hand_photo_fields(hand.position.kind, game, state, hand.seat, "it", "prompt")
    assert fields["caption"] == "prompt"
    assert fields["photo"]["language"] == "it"
    stored = stored_hand_view(fields["photo"])
    assert stored == hand_view(hand.position.kind, game, state, hand.seat)
    assert "view" not in fields["photo"]


def test_no_hand_photo_for_the_dice_game_or_a_prompt_longer_than_a_caption() -> None:
    dice = POSITIONS[0]
    assert hand_photo_fields(dice.kind, get_game(dice.kind), dice.state(), 0, "en", "x") == {}
    hand = HAND_POSITIONS[0]
    game, state = get_game(hand.position.kind), hand.position.state()
    long = "<b>x</b>" * (CAPTION_LIMIT + 1)
    assert hand_photo_fields(hand.position.kind, game, state, 0, "en", long) == {}
    assert hand_photo_fields(hand.position.kind, game, state, 0, "en", "x" * CAPTION_LIMIT)


async def test_a_photo_with_a_group_view_is_never_drawn_as_a_hand() -> None:
    hand = HAND_POSITIONS[2]
    game, state = get_game(hand.position.kind), hand.position.state()
    photo = hand_photo_fields(hand.position.kind, game, state, hand.seat, "en", "p")["photo"]
    pictures = TablePictures()
    try:
        assert (await pictures(3, photo)).startswith(PNG)
        with pytest.raises(ValueError, match="no group view"):
            await pictures(3, {**photo, "view": {"viewer": None, "version": 0}})
        assert pictures.images.drawn == 0  # no group picture was drawn from it
    finally:
        pictures.close()


# -- delivery ---------------------------------------------------------------------------
async def _colt(*, pictures_on: bool = True) -> tuple[GameService, PhotoBot, Deliverer,
                                                      TablePictures, int]:
    table = await started_table(pictures_on=pictures_on, kind="colt_express")
    return table.games, table.bot, table.deliverer, table.pictures, table.game_id


async def _prompt_row(games: GameService, game_id: int, seat: int) -> Any:
    async with games.uow_factory() as uow:
        rows = await uow.deliveries.of_games(game_ids=[game_id])
    return next(row for row in rows if row.key == prompt_key(seat))


def _to(bot: PhotoBot, chat: int, *endpoints: str) -> list[dict[str, Any]]:
    return [data for name, data in bot.calls if data.get("chat_id") == chat
            and name in endpoints]


async def _play_default(games: GameService, game_id: int) -> int:
    table = await games.table(game_id)
    seat = min(table.engine.to_act(table.state))
    action = table.engine.default_action(table.state, seat)
    await games.play(game_id, table.user_of(seat) or 0, table.game.version,
                     table.engine.encode_action(action))
    return seat


async def test_the_prompt_is_a_photo_of_the_seats_hand_in_its_private_chat() -> None:
    games, bot, deliverer, pictures, game_id = await _colt()
    try:
        table = await games.table(game_id)
        seat = min(table.engine.to_act(table.state))
        user = table.user_of(seat) or 0
        row = await _prompt_row(games, game_id, seat)
        assert row.chat_id == user
        (sent,) = _to(bot, user, "sendPhoto")
        assert sent["photo"].filename == "hand.png"
        assert sent["caption"] == photo_caption(row.payload) == row.payload["text"]
        assert sent["reply_markup"] == keyboard(row.payload["buttons"])
        assert row.message_id is not None
        language = row.payload["photo"]["language"]
        expected = draw_hand(hand_view("colt_express", table.engine, table.state, seat),
                             language)
        assert bot.photos[row.message_id] == expected
        assert not _to(bot, CHAT, "sendMessage", "editMessageText")  # the table is a photo
        others = [u for u, _ in USERS if u != user]
        assert not [c for u in others for c in _to(bot, u, "sendPhoto")]  # none of his hand

        # the next seat is asked: his own hand, in his own chat; the first prompt closes
        await _play_default(games, game_id)
        await deliverer.idle()
        table = await games.table(game_id)
        nxt = min(table.engine.to_act(table.state))
        assert nxt != seat
        nxt_user = table.user_of(nxt) or 0
        assert len(_to(bot, nxt_user, "sendPhoto")) == 1
        closed = _to(bot, user, "editMessageCaption")[-1]  # the first prompt's last words
        assert closed["message_id"] == row.message_id
        assert not closed.get("reply_markup")
        assert pictures.hands_drawn == 2

        # edited in place: new text on the same hand edits the caption and draws nothing,
        # a changed hand replaces the picture
        assert deliverer.photos is not None
        row = await _prompt_row(games, game_id, nxt)
        markup = keyboard(row.payload["buttons"])
        row.payload = {**row.payload, "caption": row.payload["caption"] + "\n…"}
        assert await deliverer.photos.show(row, markup, fresh=False) == (row.message_id, False)
        assert [name for name, _ in bot.calls][-1] == "editMessageCaption"
        assert pictures.hands_drawn == 2
        photo = row.payload["photo"]
        row.payload = {**row.payload, "photo": {**photo, "hand": {**photo["hand"], "deck": 0}}}
        before = bot.photos[row.message_id]
        assert await deliverer.photos.show(row, markup, fresh=False) == (row.message_id, False)
        assert [name for name, _ in bot.calls][-1] == "editMessageMedia"
        assert bot.photos[row.message_id] != before
        assert pictures.hands_drawn == 3
    finally:
        pictures.close()


async def test_with_pictures_off_the_prompt_stays_text() -> None:
    games, bot, _, pictures, game_id = await _colt(pictures_on=False)
    try:
        table = await games.table(game_id)
        seat = min(table.engine.to_act(table.state))
        row = await _prompt_row(games, game_id, seat)
        assert "photo" not in row.payload
        assert not [name for name, _ in bot.calls if name in ("sendPhoto", "editMessageMedia")]
        sent = _to(bot, table.user_of(seat) or 0, "sendMessage")
        assert sent[-1]["text"] == row.payload["text"]
        assert pictures.hands_drawn == 0
    finally:
        pictures.close()


async def test_turning_pictures_off_posts_the_prompt_anew_as_text() -> None:
    games, bot, deliverer, pictures, game_id = await _colt()
    try:
        table = await games.table(game_id)
        seat = min(table.engine.to_act(table.state))
        photo_id = (await _prompt_row(games, game_id, seat)).message_id
        await profiles.set_chat_pictures(games.uow_factory, chat_id=CHAT, on=False,
                                         now=games.now)
        await games.refresh(game_id)
        await deliverer.idle()
        row = await _prompt_row(games, game_id, seat)
        assert "photo" not in row.payload
        assert row.message_id != photo_id
        user = table.user_of(seat) or 0
        assert _to(bot, user, "sendMessage")[-1]["text"] == row.payload["text"]
        assert _to(bot, user, "editMessageReplyMarkup")[-1]["message_id"] == photo_id
        async with games.uow_factory() as uow:
            rows = await uow.deliveries.of_games(game_ids=[game_id])
        assert "photo" not in next(r for r in rows if r.key == TABLE).payload
    finally:
        pictures.close()
