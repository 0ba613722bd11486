"""Bad input through the real application and the fake Bot API, on SQLite and PostgreSQL.

Forged or malformed callback data, out-of-range and non-ASCII ids, commands with strange
arguments, presses on old lobby messages, a second Cancel: each gets a polite answer (a
reply or a callback answer), no handler fails (PTB's error handler logs `update %r failed`),
and the games, seats and actions rows are the same before and after.
"""

from __future__ import annotations

import asyncio
import functools
import logging
import os
import random
from collections.abc import AsyncIterator, Callable
from dataclasses import dataclass
from datetime import UTC, datetime, time, timedelta
from pathlib import Path
from typing import Any

import asyncpg
import pytest
from sqlalchemy import text
from sqlalchemy.ext.asyncio import AsyncEngine

from storage.database import make_engine
from storage.models import GameStatus
from tests.fakebot import FakeBotApi, FakeMessage, FakeUser, RateLimits
from tests.fakebot.world import PendingQuery
from tests.storage.conftest import SQL_BACKENDS, postgres_url
from tests.support.bot import running_bot, sqlite_url
from tests.tgbot.test_seat_commands import NAMES, Group
from tgbot.i18n import t
from tgbot.render.callbacks import action_data
from tgbot.service import lobby, profiles, reads
from tgbot.service.commands import Player
from tgbot.service.deadlines import TimerSettings, after_active

# Telegram's flood limits are not what these tests are about: the fake's group budget and
# the bot's own pacing are both raised, so no reply waits its turn (3 s each at 20 a minute).
LIMITS = RateLimits(per_chat_burst=50, per_group_count=500)
UNPACED = {"group_messages_per_minute": 500}

LANGUAGE = "pt-BR"  # the group's and every fake user's language
INVALID = t(LANGUAGE, "This button is not valid.")
NOT_IN_LOBBY = t(LANGUAGE, "This table has already started or ended.")
NO_TABLE = t(LANGUAGE, "This table does not exist.")
QUIET = t(LANGUAGE, "Quiet hours must start and end at different times, e.g. /settings quiet "
                   "23:00-08:00.")
TOO_BIG = 2**31  # one past games.id's 32-bit INTEGER


def _nobody(wanted: str) -> str:
    return t(LANGUAGE, "Nobody at this table matches {wanted}.", wanted=wanted)


def _no_seat(wanted: str) -> str:
    """The answer to a seat number the four-player table does not have."""
    return t(LANGUAGE, "There is no seat {wanted} at this table: its seats are numbered from 1 "
                       "to {count}, as /status lists them.", wanted=wanted, count=4)


@dataclass
class Bench(Group):
    """The seat-command group (Ana the owner, Bruno, Carla, Davi), the database, the log."""

    engine: AsyncEngine
    caplog: pytest.LogCaptureFixture

    def failures(self) -> list[str]:
        """Every error logged so far (PTB's error handler logs `update %r failed`)."""
        return [r.getMessage() for r in self.caplog.records if r.levelno >= logging.ERROR]

    async def rows(self) -> dict[str, list[tuple[Any, ...]]]:
        """The games, seats and actions rows, in a stable order."""
        found = {}
        async with self.engine.connect() as connection:
            for table, order in (("games", "id"), ("seats", "game_id, seat"),
                                 ("actions", "game_id, version")):
                result = await connection.execute(text(f"SELECT * FROM {table} ORDER BY {order}"))
                found[table] = [tuple(row) for row in result]
        return found

    async def delivered(self) -> None:
        """Wait until Telegram shows what every delivery row says (none is still due)."""
        async def pending() -> int:
            async with self.engine.connect() as connection:
                result = await connection.execute(
                    text("SELECT COUNT(*) FROM deliveries WHERE due_at IS NOT NULL"))
                return int(result.scalar_one())

        for _ in range(600):  # the group's flood budget paces its messages (3, then 1 a 3 s)
            if await pending() == 0:
                return
            await asyncio.sleep(0.05)
        raise AssertionError("deliveries still due after 30 s")

    async def refused(self, act: Callable[..., Callable[[], str | None]], *args: Any,
                      **kwargs: Any) -> str:
        """Do `act(*args, **kwargs)` (`command` or `press`); return the answer's text.

        Assert it came, that no handler failed, and that no game, seat or action changed.
        """
        before = await self.rows()
        answer = act(*args, **kwargs)
        await self.wait(lambda: answer() is not None or self.failures())
        assert self.failures() == []
        assert await self.rows() == before
        said = answer()
        assert said, "the answer has no text"
        return said

    def command(self, user: FakeUser, text: str, *, private: bool = False,
                ) -> Callable[[], str | None]:
        """Send a command in the group (or the user's private chat); read the reply."""
        chat = user.private if private else self.group
        seen = len(self.api.chat_log(chat))
        update = user.send(chat, text)
        assert update is not None
        sent = update["message"]["message_id"]

        def reply() -> str | None:
            if private:  # the bot does not quote in private chats: its next message
                later = self.api.chat_log(chat)[seen:]
                return later[0].text or "" if later else None
            found = next((m for m in self.api.chat_log(chat) if m.reply_to == sent), None)
            return None if found is None else found.text or ""

        return reply

    def press(self, user: FakeUser, message: FakeMessage, data: str) -> Callable[[], str | None]:
        """Press `data` on a bot message, whether or not one of its buttons carries it (a
        forged or stale press); read the callback answer."""
        world = self.api.world
        query_id = f"bad-{len(world.queries)}"
        world.queries[query_id] = PendingQuery(query_id, user.id, message, data, world.clock())
        world.updates.push("callback_query", {
            "id": query_id, "from": user.to_json(), "message": world.message_json(message),
            "chat_instance": "1", "data": data})
        world.on_change()

        def answer() -> str | None:
            found = self.api.callback_answers.get(query_id)
            return None if found is None else found.text or ""

        return answer

    async def open_lobby(self) -> tuple[int, FakeMessage]:
        """Ana opens a dice table with /newgame; return its id and the lobby message."""
        self.users[0].send(self.group, "/newgame bang_dice")
        message = await self.wait(lambda: next(
            (m for m in self.group_messages() if _datas(m, "l:")), None))
        game_id = int(_datas(message, "l:")[0].split(":")[1])
        return game_id, message

    async def seat_everyone(self, game_id: int) -> None:
        """Seat Bruno, Carla and Davi at the lobby (Ana, its creator, sits already)."""
        games = self.services.games
        for user, name in zip(self.users[1:], NAMES[1:], strict=True):
            await lobby.join_lobby(games.uow_factory, game_id=game_id,
                                   player=Player(user.id, name), now=games.now)

    async def private_message(self, user: FakeUser) -> FakeMessage:
        """Start the bot as `user`; return the bot's welcome in the private chat."""
        user.start()
        welcome: FakeMessage = await self.wait(
            lambda: next(iter(self.api.chat_log(user.private)), None))
        return welcome


def _datas(message: FakeMessage, prefix: str) -> list[str]:
    return [b.get("callback_data", "") for row in message.reply_markup or [] for b in row
            if b.get("callback_data", "").startswith(prefix)]


async def _fresh_postgres_database() -> str:
    """Return the URL of a just-recreated PostgreSQL database of this test process."""
    url = postgres_url()
    name = f"bgb_bad_input_{os.getpid()}"  # per process: concurrent runs never share it
    try:
        connection = await asyncpg.connect(url.replace("postgresql+asyncpg://", "postgresql://"))
    except OSError as error:
        message = f"PostgreSQL at {url} is unreachable: {error!r}"
        if "TEST_POSTGRES_URL" in os.environ:
            pytest.fail(message)
        pytest.skip(message + " (set TEST_POSTGRES_URL to make this a failure)")
    try:
        await connection.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
        await connection.execute(f'CREATE DATABASE "{name}"')
    finally:
        await connection.close()
    return url.rsplit("/", 1)[0] + "/" + name


async def _drop_postgres_database(name: str) -> None:
    """Drop a database `_fresh_postgres_database` made (none is left behind)."""
    connection = await asyncpg.connect(postgres_url().replace("postgresql+asyncpg://", "postgresql://"))
    try:
        await connection.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
    finally:
        await connection.close()


@pytest.fixture(params=SQL_BACKENDS)
async def bench(request: pytest.FixtureRequest, tmp_path: Path,
                caplog: pytest.LogCaptureFixture) -> AsyncIterator[Bench]:
    database = (sqlite_url(tmp_path) if request.param == "sqlite"
                else await _fresh_postgres_database())
    async with FakeBotApi(limits=LIMITS) as api:
        users = [api.add_user(2000 + i, name, username=f"{name.lower()}_x")
                 for i, name in enumerate(NAMES)]
        chat = api.add_group(-1005550, "Saloon", admins=(users[0].id,),
                             members=tuple(u.id for u in users))
        add_bot = functools.partial(api.add_bot_to_group, chat, by=users[0], as_admin=True)
        async with running_bot(api, database, before_polling=add_bot,
                               settings=UNPACED) as app:
            engine = make_engine(database)
            try:
                yield Bench(api, app, chat, users, engine, caplog)
            finally:
                await engine.dispose()
    if request.param != "sqlite":
        await _drop_postgres_database(database.rsplit("/", 1)[1])


async def test_forged_callback_data_is_refused(bench: Bench) -> None:
    """Data no button carries: malformed, oversized, out of range, unknown game kind."""
    ana = bench.users[0]
    game_id = await bench.start_game()
    message = await bench.wait(lambda: next(iter(bench.group_messages()), None))  # the hello
    noise = random.Random(7)
    for data in (
        "".join(chr(noise.randrange(256)) for _ in range(40)),  # random bytes
        "p" + ":1" * 40, "x" * 65, "é" * 33,  # over 64 bytes
        "p:1:2", f"p:{game_id}:1:s:x", f"l:{game_id}", f"m:{game_id}:2", "k:1",  # field counts
        "p:-1:2:s", f"p:{game_id}:-1:s", "p:bang_dice:-1:x", "m:-5",  # negative numbers
        f"p:{TOO_BIG}:1:s", f"k:{TOO_BIG}:1:0", f"l:{TOO_BIG}:opt", f"m:{TOO_BIG}",
        f"m:{2**63}", "m:" + "9" * 23, f"m:{2**31 - 1}", "m:0",  # out of range, or no game
        f"p:{game_id}:1:٣", "m:٣", "m:²",  # digits of other scripts
        "n:tic_tac_toe", "n:", "hello",  # an unknown game kind, unknown forms
    ):
        assert await bench.refused(bench.press, ana, message, data) == INVALID, data


async def test_start_payloads(bench: Bench) -> None:
    """/start with a bad join link, or one naming no open table, is answered politely."""
    ana = bench.users[0]
    await bench.private_message(ana)
    running = await bench.start_game()
    for payload, expected in (
        ("j²", NO_TABLE), ("j" + "1" * 23, NO_TABLE), (f"j{TOO_BIG}", NO_TABLE),
        ("j0", NO_TABLE), ("j-1", NO_TABLE), ("j", NO_TABLE), ("j٣", NO_TABLE),
        (f"j{2**31 - 1}", NO_TABLE), (f"j{running}", NOT_IN_LOBBY),
        ("hello", t(LANGUAGE, "Hello! I host slow board games in groups. Add me to a group and "
                              "send /newgame there. /help lists everything.")),
    ):
        said = await bench.refused(bench.command, ana, f"/start {payload}", private=True)
        assert said == expected, payload


async def test_seat_commands_take_ascii_seat_numbers(bench: Bench) -> None:
    """/kick and /botseat take seat numbers in ASCII digits; anything else is a name."""
    ana = bench.users[0]
    await bench.start_game()
    for command, expected in (
        ("/kick ²", _nobody("²")), ("/botseat ²", _nobody("²")), ("/kick ٣", _nobody("٣")),
        ("/kick " + "9" * 23, _no_seat("9" * 23)), ("/botseat 0", _no_seat("0")),
        ("/botseat -1", _nobody("-1")), ("/kick 1_0", _nobody("1_0")),
    ):
        assert await bench.refused(bench.command, ana, command) == expected, command


async def test_seat_commands_with_long_names(bench: Bench) -> None:
    """A long name nobody has is quoted shortened (PTB's limiter allows a group 20 calls a
    minute, so these have a test of their own)."""
    ana = bench.users[0]
    await bench.start_game()
    long_name = "x" * 200
    huge_name = "z" * 4080  # a 4089-character command: echoed whole, the refusal is too long
    for command, expected in (
        ("/kick " + long_name, _nobody("x" * 63 + "…")),
        ("/kick @" + long_name, _nobody("@" + "x" * 62 + "…")),
        ("/botseat " + huge_name, _nobody("z" * 63 + "…")),
    ):
        said = await bench.refused(bench.command, ana, command)
        assert said == expected, command[:20]


async def test_cancel_twice(bench: Bench, monkeypatch: pytest.MonkeyPatch) -> None:
    """A second Cancel press (or /cancel racing a press) is answered; nothing changes."""
    ana = bench.users[0]
    game_id, message = await bench.open_lobby()
    cancel = f"l:{game_id}:cancel"
    assert await bench.wait(bench.press(ana, message, cancel)) == t(LANGUAGE, "Table cancelled.")
    assert await bench.refused(bench.press, ana, message, cancel) == NOT_IN_LOBBY
    assert await bench.refused(bench.command, ana, "/cancel") == t(
        LANGUAGE, "There is no game here. Start one with /newgame.")
    # /cancel read the table just before a press cancelled it: cancel_game says GameOver.
    cancelled = await reads.load_game(bench.services.games.uow_factory, game_id=game_id)
    assert cancelled.status is GameStatus.ABORTED

    async def stale_read(*_: Any, **__: Any) -> Any:
        return cancelled

    monkeypatch.setattr("tgbot.handlers.context.game_here_or_say", stale_read)
    assert await bench.refused(bench.command, ana, "/cancel") == t(
        LANGUAGE, "This table has already ended.")


async def test_lobby_buttons_act_only_on_a_lobby_in_its_group(bench: Bench) -> None:
    """Options, timer, leave, bot, cancel on a running or cancelled table's old lobby
    message, or a lobby press in a private chat: refused without editing anything."""
    ana, bruno = bench.users[0], bench.users[1]
    game_id, message = await bench.open_lobby()
    welcome = await bench.private_message(ana)
    assert await bench.refused(bench.press, ana, welcome, f"l:{game_id}:opt") == INVALID
    await bench.seat_everyone(game_id)
    await bench.services.games.start(game_id)
    ops = ("opt", "timer", "mspecial_identities", "leave", "bot", "cancel")
    for status in (GameStatus.RUNNING, GameStatus.ABORTED):
        if status is GameStatus.ABORTED:  # /cancel asks first, then the button ends it
            question = await bench.wait(bench.command(ana, "/cancel"))
            assert question.startswith(t(LANGUAGE, "End the game of {game} now? Everything "
                                                   "played so far is kept in its history, "
                                                   "but nobody can go on.",
                                         game="")[:8])
            asking = next(m for m in reversed(bench.api.chat_log(bench.group))
                          if f"l:{game_id}:end" in str(m.reply_markup))
            await bench.wait(bench.press(ana, asking, f"l:{game_id}:end"))
        game = await reads.load_game(bench.services.games.uow_factory, game_id=game_id)
        assert game.status is status
        await bench.delivered()  # the lobby message's last edit (the start) has been made
        edits = len(message.edits)
        for op, user in ((op, user) for op in ops for user in (ana, bruno)):
            said = await bench.refused(bench.press, user, message, f"l:{game_id}:{op}")
            assert said == NOT_IN_LOBBY, (status, op)
        assert len(message.edits) == edits  # the old lobby message stays as it was


async def test_new_game_button_in_a_private_chat(bench: Bench) -> None:
    """The /newgame menu's button pressed in a private chat opens nothing there."""
    ana = bench.users[0]
    welcome = await bench.private_message(ana)
    assert await bench.refused(bench.press, ana, welcome, "n:bang_dice") == t(
        LANGUAGE, "Games are played in groups: add me to a group and send /newgame there.")
    assert (await bench.rows())["games"] == []


async def test_presses_by_people_who_never_started_the_bot(bench: Bench) -> None:
    """Nobody in the group ever opened a private chat with the bot: an outsider's presses
    on a table he does not sit at, and the players' on a decision that is not theirs, are
    refused politely."""
    ana = bench.users[0]
    outsider = bench.api.add_user(2099, "Zé")  # in the group, never started the bot
    bench.group.members.add(outsider.id)
    game_id, message = await bench.open_lobby()
    assert await bench.refused(bench.press, outsider, message, f"l:{game_id}:leave") \
        == t(LANGUAGE, "You are not at this table.")
    assert await bench.refused(bench.press, outsider, message, f"l:{game_id}:opt") \
        == t(LANGUAGE, "Only the table's creator or an admin can do that.")
    await bench.seat_everyone(game_id)
    played = await bench.services.games.start(game_id)
    await bench.delivered()  # the group is told who cannot be written to, once per player
    engine, state = played.table.engine, played.table.state
    seat = sorted(engine.to_act(state))[0]  # a legal move of the seat owing the decision
    play = action_data(game_id, played.table.game.version,
                       engine.encode_action(engine.legal_actions(state, seat)[0]))
    for user in (outsider, *(u for u in bench.users if played.table.seat_of(u.id) != seat)):
        assert await bench.refused(bench.press, user, message, play) == t(
            LANGUAGE, "This decision belongs to another player.")
    assert await bench.refused(bench.press, outsider, message, f"m:{game_id}") == t(
        LANGUAGE, "You are not at this table.")
    assert ana.started is False


async def test_empty_quiet_hours_are_refused(bench: Bench) -> None:
    """/settings quiet 23:00-23:00 would pause every clock for a year: refused, not stored."""
    ana = bench.users[0]
    games = bench.services.games
    before = (await profiles.get_or_create_chat(games.uow_factory, chat_id=bench.group.id,
                                             now=games.now)).timer_settings
    usage = t(LANGUAGE, "Clock settings: /settings timer 5m|1h|12h|24h|72h, /settings reaction "
                        "1h, /settings strikes 3 (0 = never), /settings quiet 23:00-08:00 "
                        "America/Sao_Paulo, /settings quiet off, /settings tz Europe/Rome")
    for command, expected in (
        ("/settings quiet 23:00-23:00", QUIET),
        ("/settings quiet 23:00-23:00:00 America/Sao_Paulo", QUIET),
        ("/settings quiet 23:00+01:00-08:00", usage), ("/settings strikes ٣", usage),
        ("/settings timer ²h", usage), ("/settings strikes 1_0", usage),
        ("/settings tz Mars/Olympus", usage), ("/settings tz ../../etc/passwd", usage),
        ("/settings tz", usage),
    ):
        assert await bench.refused(bench.command, ana, command) == expected, command
    after = (await profiles.get_or_create_chat(games.uow_factory, chat_id=bench.group.id,
                                            now=games.now)).timer_settings
    assert after == before


def test_stored_empty_quiet_hours_are_no_quiet_hours() -> None:
    """Settings stored before the refusal existed run the clock as if there were none."""
    start = datetime(2026, 3, 1, 22, 30, tzinfo=UTC)
    for quiet in (time(23, 0), time(22, 30)):
        stored = TimerSettings.model_validate({"quiet_start": quiet.isoformat(),
                                               "quiet_end": quiet.isoformat()})
        assert stored.quiet() is None
        assert after_active(start, 3600, stored) == start + timedelta(hours=1)
