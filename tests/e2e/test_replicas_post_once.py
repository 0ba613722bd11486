"""Two webhook replicas on one PostgreSQL database, every update delivered to both (and some
a third time): each update is handled once, and each table version is posted as a new group
message at most once, never an older one after a newer (issue #30 item 4). Every other press
is followed at once by a /status in the group, which the other replica may take while the
first one is still sending the press's table.

The fake Bot API does not post to webhooks: the test plays Telegram's part, taking each
update the fake queued and posting it to both replicas' webhook ports.
"""

from __future__ import annotations

import asyncio
import functools
import json
import signal
import socket
import subprocess
import urllib.request
from typing import Any

from prometheus_client.parser import text_string_to_metric_families

from storage.database import make_engine
from storage.migrate import upgrade
from storage.uow import sql_uow_factory
from tests.e2e.faults_helpers import SEED, assert_player_can_act, people
from tests.e2e.test_two_replicas import _drop_database, _fresh_database, _server_url
from tests.fakebot import FakeBotApi, FakeMessage
from tests.support.bot import bot_process
from tests.support.waiting import until
from tgbot.render.callbacks import mine_data
from tgbot.service import lobby, reads
from tgbot.service.commands import Player
from tgbot.service.games import GameService

SECRET = "replica-test-secret"
PRESSES = 12


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def _post(port: int, update: dict[str, Any]) -> int:
    request = urllib.request.Request(
        f"http://127.0.0.1:{port}/", data=json.dumps(update).encode(), method="POST",
        headers={"Content-Type": "application/json",
                 "X-Telegram-Bot-Api-Secret-Token": SECRET})
    with urllib.request.urlopen(request, timeout=10) as answer:
        return int(answer.status)


def _get(port: int, path: str) -> str:
    with urllib.request.urlopen(f"http://127.0.0.1:{port}{path}", timeout=10) as answer:
        return str(answer.read().decode())


class Telegram:
    """Posts every update the fake queued to both replicas (and every third one once more)."""

    def __init__(self, api: FakeBotApi, ports: list[int]) -> None:
        self.api, self.ports = api, ports
        self.updates = self.extra = 0

    async def pump(self) -> None:
        while True:
            pending = self.api.pending_updates
            if not pending:
                await asyncio.sleep(0.02)
                continue
            self.api.world.updates.confirm(pending[-1]["update_id"] + 1)
            for update in pending:
                self.updates += 1
                posts = [asyncio.to_thread(_post, port, update) for port in self.ports]
                if update["update_id"] % 3 == 0:  # a retry, as after a slow answer
                    self.extra += 1
                    posts.append(asyncio.to_thread(_post, self.ports[0], update))
                assert set(await asyncio.gather(*posts)) == {200}


def _replica(api: FakeBotApi, url: str, port: int, name: str) -> subprocess.Popen[bytes]:
    return bot_process(api, url, WEBHOOK_URL="https://example.org/hook",
                       WEBHOOK_LISTEN="127.0.0.1", WEBHOOK_PORT=str(port),
                       WEBHOOK_SECRET=SECRET, REPLICA_ID=name, DEADLINE_SWEEP_SECONDS="1")


def _tables(api: FakeBotApi, chat_id: int, game_id: int) -> list[FakeMessage]:
    """Return the game's table messages in the group, in the order they were posted."""
    mine = mine_data(game_id)
    return [message for message in api.chat_log(chat_id)
            if any(button.get("callback_data") == mine
                   for row in message.history[0].reply_markup or [] for button in row)]


def _posted_version(message: FakeMessage, game_id: int) -> int | None:
    """Return the game version a table message's buttons had when it was posted."""
    prefix = f"p:{game_id}:"
    for row in message.history[0].reply_markup or []:
        for button in row:
            data = str(button.get("callback_data", ""))
            if data.startswith(prefix):
                return int(data.split(":")[2])
    return None


def _total(text: str, name: str) -> float:
    return sum(sample.value for family in text_string_to_metric_families(text)
               for sample in family.samples if sample.name == name)


async def test_two_webhook_replicas_post_each_table_version_once() -> None:
    url = await _fresh_database(_server_url())
    engine = make_engine(url)
    await upgrade(engine)
    service = GameService(sql_uow_factory(engine), seed_source=lambda: SEED)
    async with FakeBotApi() as api:
        group, users = people(api)
        api.add_bot_to_group(group, by=users[0], as_admin=True)
        game_id = await lobby.open_lobby(service.uow_factory, chat_id=group.id, topic_id=None,
                                         kind="bang_dice", options={},
                                         creator=Player(users[0].id, users[0].first_name),
                                         now=service.now)
        for user in users[1:]:
            await lobby.join_lobby(service.uow_factory, game_id=game_id,
                                   player=Player(user.id, user.first_name), now=service.now)
        await service.start(game_id)  # this service renders nothing: /status shows it
        api.world.updates.drop_all()
        ports = [_free_port(), _free_port()]
        bots = [_replica(api, url, port, name) for port, name in zip(ports, "ab", strict=True)]
        telegram = Telegram(api, ports)
        pump = asyncio.create_task(telegram.pump())
        try:
            for port in ports:
                await _until_up(port)
            for user in users:
                user.start()
            await api.wait_for(lambda: all(api.chat_log(u.private) for u in users), timeout=30)
            users[0].send(group, "/status")
            for press in range(PRESSES):
                turn = await assert_player_can_act(api, service, game_id)
                turn.press()
                if press % 2:  # at once: the table is being sent by whoever took the press
                    users[1].send(group, "/status")
                await until(functools.partial(_moved, service, game_id, turn.version))
            await assert_player_can_act(api, service, game_id)  # the last table is shown
            await until(functools.partial(_settled, service, game_id))
            scraped = [await asyncio.to_thread(_get, port, "/metrics") for port in ports]
        finally:
            pump.cancel()
            for bot in bots:
                bot.send_signal(signal.SIGKILL)
                bot.wait(timeout=10)
        tables = _tables(api, group.id, game_id)
    await engine.dispose()
    await _drop_database(_server_url())
    versions = [v for v in (_posted_version(m, game_id) for m in tables) if v is not None]
    assert len(versions) >= 3
    assert versions == sorted(set(versions)), versions  # each once, never older after newer
    live = [m for m in tables if any(b.get("callback_data") == mine_data(game_id)
                                     for b in m.buttons)]
    assert len(live) == 1, [m.message_id for m in live]  # no stale table kept its buttons
    assert live[0] is tables[-1]
    # Every update was handled once, whichever replica got it first; the rest were dropped.
    assert sum(_total(text, "bgb_updates_total") for text in scraped) == telegram.updates
    assert sum(_total(text, "bgb_duplicate_updates_total") for text in scraped) == \
        telegram.updates + telegram.extra
    assert all(_total(text, "bgb_updates_total") > 0 for text in scraped)


async def _until_up(port: int) -> None:
    for _ in range(300):
        try:
            await asyncio.to_thread(_get, port, "/healthz/live")
            return
        except OSError:
            await asyncio.sleep(0.1)
    raise AssertionError(f"no replica answers on port {port}")


async def _moved(service: GameService, game_id: int, version: int) -> bool:
    return (await reads.load_game(service.uow_factory, game_id=game_id)).version > version


async def _settled(service: GameService, game_id: int) -> bool:
    """Return whether every delivery row of the game is delivered (no row due)."""
    async with service.uow_factory() as uow:
        rows = await uow.deliveries.of_game(game_id=game_id)
    return all(row.due_at is None for row in rows)
