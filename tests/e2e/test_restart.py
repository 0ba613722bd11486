"""Restart safety: the bot is killed (SIGKILL) mid-game; deadlines that pass while it is down
fire once on restart, future ones stay armed, nothing is lost."""

from __future__ import annotations

import asyncio
import signal
from datetime import UTC, datetime, timedelta
from pathlib import Path

from storage.database import make_engine
from storage.migrate import upgrade
from storage.models import ActorKind
from storage.replay import check_games
from storage.uow import sql_uow_factory
from tests.fakebot import FakeBotApi
from tests.support.bot import bot_process
from tests.support.waiting import until
from tgbot.service import lobby, reads
from tgbot.service import timeouts as store
from tgbot.service.commands import Player
from tgbot.service.games import GameService


async def _timeouts(service: GameService, game_id: int) -> list[int]:
    log = await reads.action_log(service.uow_factory, game_id=game_id)
    return [r.version for r in log if r.actor is ActorKind.TIMEOUT]


async def test_kill_minus_nine_then_restart(tmp_path: Path) -> None:
    url = f"sqlite+aiosqlite:///{tmp_path}/bot.sqlite3"
    engine = make_engine(url)
    await upgrade(engine)
    service = GameService(sql_uow_factory(engine))
    async with FakeBotApi() as api:
        games: dict[str, int] = {}
        for user in (1, 2, 3):
            api.add_user(user, f"U{user}")
        for index, name in enumerate(("overdue", "during_downtime", "future")):
            chat = -1000 - index
            api.add_group(chat, name, admins=(1,), members=(1, 2, 3))
            game_id = await lobby.open_lobby(service.uow_factory, chat_id=chat, topic_id=None,
                                             kind="bang_dice", options={},
                                             creator=Player(1, "A"), now=service.now)
            for user in (2, 3):
                await lobby.join_lobby(service.uow_factory, game_id=game_id,
                                       player=Player(user, f"U{user}"), now=service.now)
            await service.start(game_id)
            games[name] = game_id
        now = datetime.now(UTC)
        for name, due in (("overdue", now - timedelta(hours=1)),
                          ("during_downtime", now + timedelta(hours=1)),
                          ("future", now + timedelta(days=2))):
            game = await reads.load_game(service.uow_factory, game_id=games[name])
            await store.set_times(service.uow_factory, game_id=games[name],
                                  version=game.version, deadline_at=due, remind_at=None)
        started = {name: (await reads.load_game(service.uow_factory, game_id=g)).version
                   for name, g in games.items()}
        bot = bot_process(api, url, DEADLINE_SWEEP_SECONDS="0.3")
        try:
            await until(lambda: _has(service, games["overdue"]))
        finally:
            bot.send_signal(signal.SIGKILL)  # no shutdown of any kind
            bot.wait(timeout=10)
        versions = {name: (await reads.load_game(service.uow_factory, game_id=g)).version
                    for name, g in games.items()}
        # While the bot is down the second deadline passes.
        game = await reads.load_game(service.uow_factory, game_id=games["during_downtime"])
        await store.set_times(service.uow_factory, game_id=games["during_downtime"],
                              version=game.version,
                              deadline_at=datetime.now(UTC) - timedelta(seconds=1),
                              remind_at=None)
        bot = bot_process(api, url, DEADLINE_SWEEP_SECONDS="0.3")
        try:
            await until(lambda: _has(service, games["during_downtime"]))
            await asyncio.sleep(1.5)  # several more sweeps: nothing may fire twice
        finally:
            bot.send_signal(signal.SIGKILL)
            bot.wait(timeout=10)
        # one clock ran out (the rest of that turn was played at once, as `absent`)
        assert await _timeouts(service, games["overdue"]) == [started["overdue"] + 1]
        assert await _timeouts(service, games["during_downtime"]) == [
            versions["during_downtime"] + 1]
        assert await _timeouts(service, games["future"]) == []
        future = await reads.load_game(service.uow_factory, game_id=games["future"])
        assert future.deadline_at is not None
        assert future.deadline_at > datetime.now(UTC) + timedelta(days=1)
        for game_id in games.values():  # the log still replays to the snapshot
            [report] = await check_games(service.uow_factory, game_id=game_id)
            assert report.ok, report.line()
    await engine.dispose()


async def _has(service: GameService, game_id: int) -> bool:
    return bool(await _timeouts(service, game_id))
