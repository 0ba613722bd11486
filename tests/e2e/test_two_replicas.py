"""Two bot processes share one PostgreSQL database: every due timeout is applied once."""

from __future__ import annotations

import asyncio
import os
import signal
import subprocess
from datetime import UTC, datetime, timedelta

import asyncpg
import pytest

from storage.database import make_engine
from storage.migrate import upgrade
from storage.models import ActorKind
from storage.uow import sql_uow_factory
from tests.fakebot import FakeBotApi
from tests.support.bot import bot_process
from tgbot.service import lobby, reads
from tgbot.service import timeouts as store
from tgbot.service.commands import Player
from tgbot.service.games import GameService

DATABASE = f"bgb_two_replicas_{os.getpid()}"  # per process: concurrent runs never share it
GAMES = 30

DELIVERY_METHODS = ("sendMessage", "editMessageText", "sendPhoto", "editMessageMedia",
                    "editMessageCaption")


def _server_url() -> str:
    url = os.environ.get("TEST_POSTGRES_URL")
    if not url:
        pytest.skip("TEST_POSTGRES_URL is not set (CI sets it)")
    return url


async def _fresh_database(url: str) -> str:
    admin = url.replace("postgresql+asyncpg://", "postgresql://")
    connection = await asyncpg.connect(admin)
    try:
        await connection.execute(f'DROP DATABASE IF EXISTS "{DATABASE}" WITH (FORCE)')
        await connection.execute(f'CREATE DATABASE "{DATABASE}"')
    finally:
        await connection.close()
    return url.rsplit("/", 1)[0] + "/" + DATABASE


async def _drop_database(url: str) -> None:
    connection = await asyncpg.connect(url.replace("postgresql+asyncpg://", "postgresql://"))
    try:
        await connection.execute(f'DROP DATABASE IF EXISTS "{DATABASE}" WITH (FORCE)')
    finally:
        await connection.close()


def _replica(api: FakeBotApi, url: str) -> subprocess.Popen[bytes]:
    return bot_process(api, url, DEADLINE_SWEEP_SECONDS="0.2", DEADLINE_BATCH="2")


async def test_two_replicas_apply_each_timeout_once() -> None:
    url = await _fresh_database(_server_url())
    engine = make_engine(url)
    await upgrade(engine)
    service = GameService(sql_uow_factory(engine))
    async with FakeBotApi() as first_api, FakeBotApi() as second_api:
        for api in (first_api, second_api):
            for user in (1, 2, 3):
                api.add_user(user, f"U{user}")
        game_ids = []
        for index in range(GAMES):
            chat = -5000 - index
            for api in (first_api, second_api):
                api.add_group(chat, f"table {index}", admins=(1,), members=(1, 2, 3))
            game_id = await lobby.open_lobby(service.uow_factory, chat_id=chat, topic_id=None,
                                             kind="bang_dice", options={},
                                             creator=Player(1, "U1"), now=service.now)
            for user in (2, 3):
                await lobby.join_lobby(service.uow_factory, game_id=game_id,
                                       player=Player(user, f"U{user}"), now=service.now)
            await service.start(game_id)
            game = await reads.load_game(service.uow_factory, game_id=game_id)
            await store.set_times(service.uow_factory, game_id=game_id, version=game.version,
                                  deadline_at=datetime.now(UTC) - timedelta(minutes=1),
                                  remind_at=None)
            game_ids.append((game_id, game.version))
        bots = [_replica(first_api, url), _replica(second_api, url)]
        try:
            for _ in range(150):
                done = 0
                for game_id, _version in game_ids:
                    log = await reads.action_log(service.uow_factory, game_id=game_id)
                    done += any(r.actor is ActorKind.TIMEOUT for r in log)
                if done == GAMES:
                    break
                await asyncio.sleep(0.2)
            await asyncio.sleep(1.0)  # both keep sweeping: nothing may fire twice
        finally:
            for bot in bots:
                bot.send_signal(signal.SIGKILL)
                bot.wait(timeout=10)
        for game_id, version in game_ids:
            log = await reads.action_log(service.uow_factory, game_id=game_id)
            assert [r.version for r in log if r.actor is ActorKind.TIMEOUT] == [version + 1]
            assert [r.version for r in log] == list(range(version + 1, version + 1 + len(log)))
        # Both replicas really worked: each published some of the timeouts.
        assert any(first_api.calls(method) for method in DELIVERY_METHODS)
        assert any(second_api.calls(method) for method in DELIVERY_METHODS)
    await engine.dispose()
    await _drop_database(_server_url())
