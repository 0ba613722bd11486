"""Helpers of the refusal tests (test_group_refusals.py, test_topic_and_length_fallbacks.py):
a group where the bot is a plain member (the rights under test are a member's), its
players and bot seats, the game seeded through storage and started through the bot's
service, and "play on until".

The fake Telegram runs with Telegram's real flood limits (its default `RateLimits`) and
the bot with its own default limiter; bots fill most seats so a game ends in a few minutes.
"""

from __future__ import annotations

from collections.abc import AsyncIterator, Awaitable, Callable
from contextlib import asynccontextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from storage.models import Delivery, Game, GameStatus
from tests.e2e.faults_helpers import CanAct, assert_player_can_act, newest_with, press_and_wait
from tests.e2e.harness import BotAtTable, shown
from tests.fakebot import FakeBotApi, FakeGroup, FakeMessage, FakeUser
from tests.support.bot import running_bot, sqlite_url
from tgbot.service import lobby, profiles
from tgbot.service.commands import Player
from tgbot.service.games import GameService

SEED = 3
WAIT = 60.0  # a group gets ~1 message per 3 s once its burst is spent
PEOPLE = (("Ana", "pt-BR"), ("Bruno", "en"), ("Carla", "it"))


@dataclass
class Solo(BotAtTable):
    """The running bot, its group, the players (the first owns the group) and their game."""

    game_id: int = 0
    topic: int | None = None

    @property
    def games(self) -> GameService:
        return self.services.games

    async def game(self) -> Game:
        return (await self.games.table(self.game_id)).game

    async def rows(self) -> list[Delivery]:
        """Return the game's delivery rows, as stored."""
        async with self.games.uow_factory() as uow:
            return list(await uow.deliveries.of_game(game_id=self.game_id))

    async def chat_options(self) -> dict[str, Any]:
        """Return the group's stored default options (its settings, its refusals)."""
        chat = await profiles.get_or_create_chat(self.games.uow_factory, chat_id=self.group.id,
                                                 now=self.games.now)
        return dict(chat.default_options)

    async def can_act(self) -> CanAct:
        """Wait until the player owing the decision sees his buttons; return them."""
        return await assert_player_can_act(self.api, self.games, self.game_id, timeout=WAIT)

    async def play(self, turn: CanAct) -> CanAct | None:
        """Press the owner's first button; return the next owner's buttons (None: over)."""
        await press_and_wait(self.api, self.games, self.game_id, turn)
        if (await self.game()).status is not GameStatus.RUNNING:
            return None
        return await self.can_act()

    async def play_until(self, turn: CanAct | None,
                         done: Callable[[], Awaitable[bool]], presses: int = 400,
                         ) -> CanAct | None:
        """Press on until `done()` (or the game's end); return the buttons then owed."""
        for _ in range(presses):
            if turn is None or await done():
                return turn
            turn = await self.play(turn)
        raise AssertionError("the game went on too long")

    def table_message(self) -> FakeMessage | None:
        """Return the group's live table: its newest message with play buttons."""
        return newest_with(self.group_messages(), f"m:{self.game_id}")

    def final_message(self) -> FakeMessage | None:
        """Return the group's message that ended the game, once shown."""
        return next((m for m in reversed(self.group_messages()) if "🏁" in shown(m)), None)


def seated_people(api: FakeBotApi, group_id: int, *, humans: int = 1,
                  forum: bool = False) -> tuple[FakeGroup, list[FakeUser]]:
    """Add the players (the first owns the group) and their group; the bot is not in it."""
    users = [api.add_user(6000 + i, name, language_code=language)
             for i, (name, language) in enumerate(PEOPLE[:humans])]
    group = api.add_group(group_id, "Saloon", admins=(users[0].id,),
                          members=tuple(u.id for u in users), is_forum=forum)
    return group, users


async def seed_game(table: Solo, kind: str, *, bots: int, started: int) -> int:
    """Add the bot to the group (a member); the first `started` players press Start in
    private; write a `kind` lobby (in the table's topic) with every player and `bots` bot
    seats; return the game id (not started)."""
    api, group, users, games = table.api, table.group, table.users, table.games
    api.add_bot_to_group(group, by=users[0])
    for user in users[:started]:
        user.start()
    await table.wait(lambda: api.chat_log(group) and all(
        api.chat_log(user.private) for user in users[:started]), timeout=WAIT)
    game_id = await lobby.open_lobby(games.uow_factory, chat_id=group.id, topic_id=table.topic,
                                     kind=kind, options={},
                                     creator=Player(users[0].id, users[0].first_name),
                                     now=games.now)
    for user in users[1:]:
        await lobby.join_lobby(games.uow_factory, game_id=game_id,
                               player=Player(user.id, user.first_name), now=games.now)
    for _ in range(bots):
        await lobby.add_bot(games.uow_factory, game_id=game_id, now=games.now)
    return game_id


@asynccontextmanager
async def solo_table(tmp_path: Path, kind: str = "bang_dice", *, bots: int = 2,
                     humans: int = 1, started: int | None = None, forum: bool = False,
                     pictures: bool = True) -> AsyncIterator[Solo]:
    """A seated, not yet started game of `kind` in a group (a forum topic when `forum`),
    the real bot running in-process against the fake Telegram at its real limits."""
    async with FakeBotApi() as api:
        group, users = seated_people(api, -1004242, humans=humans, forum=forum)
        async with running_bot(api, sqlite_url(tmp_path), seed_source=lambda: SEED) as app:
            table = Solo(api, app, group, users)
            if forum:
                table.topic = api.create_topic(group, "Saloon", by=users[0])
            if not pictures:
                await profiles.set_chat_pictures(table.games.uow_factory, chat_id=group.id,
                                                 on=False, now=table.games.now)
            table.game_id = await seed_game(table, kind, bots=bots,
                                            started=humans if started is None else started)
            yield table
            assert not api.internal_errors
