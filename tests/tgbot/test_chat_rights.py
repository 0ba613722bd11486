"""A group's refusals kept as state (tgbot/service/chat_rights.py), and which Telegram
errors call for which fallback (tgbot/botapi/refusals.py)."""

from __future__ import annotations

from datetime import timedelta

import pytest

from storage.models import Delivery
from tests.support.clock import HandClock
from tests.support.fake_uow import MemoryStore, fake_uow_factory
from tgbot.botapi.refusals import refusal
from tgbot.render.outbox import TABLE, Outbox
from tgbot.service import chat_rights, lobby, profiles
from tgbot.service.chat_rights import PICTURES_REFUSED, RETRY_PICTURES
from tgbot.service.commands import Player
from tgbot.service.games import GameService
from tgbot.service.scene import NOTE, load_scene

CHAT = -5


def _service(clock: HandClock) -> GameService:
    return GameService(fake_uow_factory(MemoryStore()), now=clock, seed_source=lambda: 3,
                       outbox=Outbox(lambda game_id: "https://t.me/bot", now=clock))


async def _game(games: GameService, *, topic: int | None = None, users: int = 1) -> int:
    """Start a dice game in CHAT with `users` players (ids 1…) and bots up to three seats."""
    game_id = await lobby.open_lobby(games.uow_factory, chat_id=CHAT, topic_id=topic,
                                     kind="bang_dice", options={}, creator=Player(1, "Ana"),
                                     now=games.now)
    for user in range(2, users + 1):
        await lobby.join_lobby(games.uow_factory, game_id=game_id,
                               player=Player(user, f"P{user}"), now=games.now)
    for _ in range(3 - users):
        await lobby.add_bot(games.uow_factory, game_id=game_id, now=games.now)
    await games.start(game_id)
    return game_id


async def _rows(games: GameService, game_id: int) -> dict[str, Delivery]:
    async with games.uow_factory() as uow:
        return {row.key: row for row in await uow.deliveries.of_game(game_id=game_id)}


async def _table_payload(games: GameService, game_id: int) -> dict[str, object]:
    """Return the table the outbox would render now."""
    assert games.hooks.outbox is not None
    async with games.uow_factory() as uow:
        scene = await load_scene(uow, game_id, lock=False)
    return next(out.payload for out in games.hooks.outbox(scene) if out.key == TABLE)


async def test_a_refusal_strips_the_groups_pictures_and_text_tables_last_a_day() -> None:
    clock = HandClock()
    games = _service(clock)
    game_id = await _game(games)
    table = (await _rows(games, game_id))[TABLE]
    assert "photo" in table.payload
    await chat_rights.refuse_pictures(games.uow_factory, chat_id=CHAT, now=clock)
    stripped = (await _rows(games, game_id))[TABLE]
    assert "photo" not in stripped.payload
    assert "caption" not in stripped.payload
    assert stripped.revision == table.revision  # nothing to send again
    assert "photo" not in await _table_payload(games, game_id)
    clock.advance(RETRY_PICTURES - timedelta(seconds=1))
    assert "photo" not in await _table_payload(games, game_id)
    clock.advance(timedelta(seconds=1))
    assert "photo" in await _table_payload(games, game_id)  # tried again


async def test_allowing_pictures_again_forgets_the_refusal_once() -> None:
    clock = HandClock()
    games = _service(clock)
    await profiles.get_or_create_chat(games.uow_factory, chat_id=CHAT, now=clock)
    await chat_rights.refuse_pictures(games.uow_factory, chat_id=CHAT, now=clock)
    chat = await profiles.get_or_create_chat(games.uow_factory, chat_id=CHAT, now=clock)
    assert chat.default_options[PICTURES_REFUSED] == clock().isoformat()
    assert await chat_rights.allow_pictures(games.uow_factory, chat_id=CHAT)
    assert not await chat_rights.allow_pictures(games.uow_factory, chat_id=CHAT)
    assert not chat_rights.pictures_refused({PICTURES_REFUSED: "not a time"}, clock())


async def test_a_topics_games_move_to_the_main_thread_with_their_rows() -> None:
    clock = HandClock()
    games = _service(clock)
    moved_id = await _game(games, topic=7)
    other_id = await _game(games, topic=8)
    assert await chat_rights.move_out_of_topic(games.uow_factory, chat_id=CHAT, topic_id=7,
                                               now=clock) == [moved_id]
    assert (await games.table(moved_id)).game.topic_id is None
    assert all(row.topic_id is None for row in (await _rows(games, moved_id)).values())
    assert (await games.table(other_id)).game.topic_id == 8
    assert all(row.topic_id == 8 for row in (await _rows(games, other_id)).values()
               if row.chat_id == CHAT)


async def test_players_are_told_once_and_only_those_the_bot_can_write_to() -> None:
    clock = HandClock()
    games = _service(clock)
    first, second = await _game(games, users=3, topic=1), await _game(games, users=2, topic=2)
    for user in (1, 2):
        await profiles.upsert_user(games.uow_factory, user_id=user, display_name=f"P{user}",
                                   language="en" if user == 1 else None, can_dm=True, now=clock)
    rows = await chat_rights.tell_players(games.uow_factory, game_ids=[first, second],
                                          text=lambda language: f"paused ({language})",
                                          now=clock)
    assert sorted((row.chat_id, row.payload["text"]) for row in rows) == [
        (1, "paused (en)"), (2, "paused (None)")]
    assert all(row.key.startswith(NOTE) for row in rows)


@pytest.mark.parametrize(("description", "kind"), [
    ("Bad Request: not enough rights to send photos to the chat", "photos"),
    ("Bad Request: CHAT_SEND_PHOTOS_FORBIDDEN", "photos"),
    ("Bad Request: not enough rights to send text messages to the chat", "writing"),
    ("Bad Request: CHAT_WRITE_FORBIDDEN", "writing"),
    ("Bad Request: TOPIC_CLOSED", "topic"),
    ("Bad Request: message thread not found", "topic"),
    ("Bad Request: message to edit not found", None),
    ("Forbidden: bot was kicked from the supergroup chat", None),
])
def test_which_refusal_calls_for_which_fallback(description: str, kind: str | None) -> None:
    assert refusal(description) == kind
