"""A group's refusals, kept as state: pictures refused, games out of a forum topic, notes.

- A group that refused the bot's pictures is remembered in its chat row
  (`default_options["pictures_refused_at"]`, the time: no migration), and its tables are
  text until `RETRY_PICTURES` has passed or the bot's rights change; the delivery rows of
  the group forget their picture at once, so the next rendering (text) edits the message
  the text was sent in rather than posting it anew.
- A game whose forum topic was closed or deleted moves to the group's main thread: the
  game row and its delivery rows lose their topic in one unit of work.
- The players of paused games are told privately: one-off note rows with texts the caller
  rendered (this layer writes no user text).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from datetime import datetime, timedelta
from typing import Any

from storage.clock import Clock
from storage.models import Delivery, GameStatus
from storage.uow import UnitOfWorkFactory
from tgbot.service.scene import NOTE, Outbound, merge

PICTURES_REFUSED = "pictures_refused_at"
"""When a chat last refused the bot's pictures: an ISO time in `Chat.default_options`."""
RETRY_PICTURES = timedelta(hours=24)
"""How long a chat that refused pictures gets text tables before pictures are tried again."""
PICTURE_FIELDS = ("photo", "caption")


def pictures_refused(options: Mapping[str, Any] | None, at: datetime) -> bool:
    """Return whether a chat with these default options refused the bot's pictures less
    than RETRY_PICTURES before `at`."""
    refused = (options or {}).get(PICTURES_REFUSED)
    try:
        since = datetime.fromisoformat(str(refused)) if refused else None
    except ValueError:
        return False
    return since is not None and at - since < RETRY_PICTURES


async def refuse_pictures(uow_factory: UnitOfWorkFactory, *, chat_id: int,
                          now: Clock) -> None:
    """Remember that a group refuses pictures (now), and strip the picture from the
    delivery rows of its games (same revision: nothing is sent again), in one unit of work
    that holds the games' rows as a command does."""
    at = now()
    async with uow_factory() as uow:
        chat = await uow.chats.get(chat_id=chat_id)
        if chat is None:
            return
        chat.default_options = {**chat.default_options, PICTURES_REFUSED: at.isoformat()}
        await uow.chats.save(chat=chat)
        games = await uow.games.get_many(game_ids=[game.id or 0 for game in await uow.games.list(
            chat_id=chat_id)], lock=True)
        rows = [row for row in await uow.deliveries.of_games(
                    game_ids=[game.id or 0 for game in games])
                if row.chat_id == chat_id and any(key in row.payload for key in PICTURE_FIELDS)]
        for row in rows:
            row.payload = {key: value for key, value in row.payload.items()
                           if key not in PICTURE_FIELDS}
        await uow.deliveries.write(rows=rows)
        await uow.commit()


async def allow_pictures(uow_factory: UnitOfWorkFactory, *, chat_id: int) -> bool:
    """Forget that a group refused pictures; return whether it had."""
    async with uow_factory() as uow:
        chat = await uow.chats.get(chat_id=chat_id)
        if chat is None or PICTURES_REFUSED not in chat.default_options:
            return False
        chat.default_options = {key: value for key, value in chat.default_options.items()
                                if key != PICTURES_REFUSED}
        await uow.chats.save(chat=chat)
        await uow.commit()
    return True


async def running_games(uow_factory: UnitOfWorkFactory, *, chat_id: int) -> list[int]:
    """Return the ids of a group's running games that are not paused."""
    async with uow_factory() as uow:
        games = await uow.games.list(chat_id=chat_id, status=GameStatus.RUNNING)
    return [game.id or 0 for game in games if game.paused_at is None]


async def move_out_of_topic(uow_factory: UnitOfWorkFactory, *, chat_id: int, topic_id: int,
                            now: Clock) -> list[int]:
    """Move the games of a forum topic (lobbies and running ones) to the group's main
    thread: each game row and its delivery rows lose the topic, in one unit of work (the
    games' rows held as a command holds them), and the rows not yet delivered fall due now.
    Return the ids of the games moved."""
    at = now()
    async with uow_factory() as uow:
        found = await uow.games.active_in(chat_id=chat_id, topic_id=topic_id)
        games = [game for game in await uow.games.get_many(
            game_ids=[game.id or 0 for game in found], lock=True) if game.topic_id == topic_id]
        for game in games:
            game.topic_id, game.updated_at = None, at
            await uow.games.save(game=game, expected_version=game.version)
        rows = list(await uow.deliveries.of_games(game_ids=[game.id or 0 for game in games]))
        for row in rows:
            row.topic_id = None
            if row.revision > row.sent_revision or row.error:
                row.due_at, row.attempts, row.error = at, 0, None
        await uow.deliveries.write(rows=rows)
        await uow.commit()
    return [game.id or 0 for game in games]


async def tell_players(uow_factory: UnitOfWorkFactory, *, game_ids: Iterable[int],
                       text: Callable[[str | None], str], now: Clock) -> list[Delivery]:
    """Write one private note to each player seated in these games whom the bot can write
    to (once per player), `text(his language)` rendered by the caller; return the rows."""
    at, told = now(), set()
    async with uow_factory() as uow:
        games = await uow.games.get_many(game_ids=list(game_ids))
        seats = await uow.seats.list_many(game_ids=[game.id or 0 for game in games])
        users = {user.id: user for user in await uow.users.get_many(
            user_ids=[seat.user_id for seat in seats if seat.user_id is not None])}
        rows = []
        for game in games:
            for seat in (s for s in seats if s.game_id == game.id):
                user = users.get(seat.user_id or 0)
                if user is None or not user.can_dm or user.id in told:
                    continue
                told.add(user.id)
                row = merge(None, game, Outbound(NOTE, user.id, {"text": text(user.language)}),
                            at)
                assert row is not None
                rows.append(row)
        await uow.deliveries.write(rows=rows)
        await uow.commit()
    return rows
