"""Deadlines with a controllable clock: reminders, timeouts, quiet hours, strikes, races."""

from __future__ import annotations

import logging
from dataclasses import dataclass, field
from datetime import UTC, datetime, time, timedelta
from pathlib import Path
from typing import Any

import pytest

from storage.database import make_engine
from storage.migrate import upgrade
from storage.models import ActorKind, GameStatus
from storage.uow import UnitOfWorkFactory, sql_uow_factory
from tests.support.clock import HandClock
from tests.support.fake_uow import MemoryStore, fake_uow_factory
from tests.tgbot.fakes import FakeBot, wire
from tgbot.jobs.sweep import sweep, time_out
from tgbot.service import lobby, reads
from tgbot.service import timeouts as store
from tgbot.service.commands import Player
from tgbot.service.deadlines import TimerSettings, after_active, reminders
from tgbot.service.games import GameService

START = datetime(2026, 3, 2, 12, 0, tzinfo=UTC)
HOUR = timedelta(hours=1)


@dataclass
class App:
    """The service wired to a fake Telegram, as the sweeps use it."""

    games: GameService
    bot: FakeBot = field(default_factory=FakeBot)

    def __post_init__(self) -> None:
        self.deliverer = wire(self.games, self.bot)

    async def bot_seats(self, game_id: int) -> set[int]:
        """Return the seats a bot plays now."""
        return {row.seat for row in (await self.games.table(game_id)).seats if row.is_bot}

    async def reminders_sent(self) -> int:
        """Return how many reminder DMs reached the players."""
        await self.deliverer.idle()
        return sum(1 for name, call in self.bot.calls
                   if name == "send" and call["chat_id"] > 0 and "⏳" in call["text"])


def _app(clock: HandClock, uow_factory: UnitOfWorkFactory | None = None) -> App:
    factory = uow_factory or fake_uow_factory(MemoryStore())
    return App(GameService(factory, now=clock, seed_source=lambda: 99))


async def _running(app: App, timers: dict[str, Any], players: int = 4, chat: int = -5) -> int:
    games = app.games
    game_id = await lobby.open_lobby(games.uow_factory, chat_id=chat, topic_id=None,
                                     kind="bang_dice", options={}, creator=Player(1, "A"),
                                     now=games.now)
    for user in range(2, players + 1):
        await lobby.join_lobby(games.uow_factory, game_id=game_id,
                               player=Player(user, chr(64 + user)), now=games.now)
    await lobby.set_lobby(games.uow_factory, game_id=game_id, lobby={"timers": timers})
    await games.start(game_id)
    return game_id


async def _log(app: App, game_id: int) -> list[Any]:
    return await reads.action_log(app.games.uow_factory, game_id=game_id)


def test_quiet_hours_pause_the_clock() -> None:
    quiet = TimerSettings(quiet_start=time(22, 0), quiet_end=time(8, 0), timezone="UTC")
    evening = datetime(2026, 3, 2, 21, 0, tzinfo=UTC)
    assert after_active(evening, 2 * 3600, quiet) == datetime(2026, 3, 3, 9, 0, tzinfo=UTC)
    inside = datetime(2026, 3, 3, 3, 0, tzinfo=UTC)
    assert after_active(inside, 3600, quiet) == datetime(2026, 3, 3, 9, 0, tzinfo=UTC)
    plain = TimerSettings()
    assert after_active(evening, 7200, plain) == evening + 2 * HOUR
    local = TimerSettings(quiet_start=time(22, 0), quiet_end=time(8, 0),
                          timezone="America/Sao_Paulo")  # UTC-3: quiet 01:00-11:00 UTC
    assert after_active(datetime(2026, 3, 3, 0, 30, tzinfo=UTC), 3600, local) == \
        datetime(2026, 3, 3, 11, 30, tzinfo=UTC)


def test_reminders_at_half_time_and_an_hour_before() -> None:
    settings = TimerSettings()
    due = START + 24 * HOUR
    assert reminders(START, 24 * 3600, due, settings) == [START + 12 * HOUR, due - HOUR]
    assert reminders(START, 3600, START + HOUR, settings) == [START + HOUR / 2]


async def test_reminder_then_default_action_at_the_right_times() -> None:
    clock = HandClock(START)
    app = _app(clock)
    game_id = await _running(app, {"turn_seconds": 4 * 3600})
    game = await reads.load_game(app.games.uow_factory, game_id=game_id)
    assert game.deadline_at == START + 4 * HOUR
    assert game.remind_at == START + 2 * HOUR
    clock.advance(2 * HOUR - timedelta(seconds=1))
    assert await sweep(app) == 0
    assert await app.reminders_sent() == 0
    clock.advance(timedelta(seconds=1))
    assert await sweep(app) == 0
    assert await app.reminders_sent() == 1  # the seat on the clock, by DM
    clock.advance(2 * HOUR - timedelta(seconds=1))
    assert await sweep(app) == 0
    assert await _log(app, game_id) == []
    clock.advance(timedelta(seconds=1))
    assert await sweep(app) == 1
    log = await _log(app, game_id)
    assert [(r.version, r.actor) for r in log] == [(game.version + 1, ActorKind.TIMEOUT)]
    after = await reads.load_game(app.games.uow_factory, game_id=game_id)
    assert after.deadline_at == clock() + 4 * HOUR  # the next decision has a fresh clock
    assert await sweep(app) == 0


async def test_quiet_hours_delay_the_timeout() -> None:
    clock = HandClock(START)
    clock.moment = datetime(2026, 3, 2, 21, 0, tzinfo=UTC)
    app = _app(clock)
    game_id = await _running(app, {"turn_seconds": 2 * 3600, "quiet_start": "22:00",
                                   "quiet_end": "08:00", "timezone": "UTC"})
    game = await reads.load_game(app.games.uow_factory, game_id=game_id)
    assert game.deadline_at == datetime(2026, 3, 3, 9, 0, tzinfo=UTC)
    clock.moment = datetime(2026, 3, 3, 8, 59, tzinfo=UTC)
    assert await sweep(app) == 0
    clock.moment = datetime(2026, 3, 3, 9, 0, tzinfo=UTC)
    assert await sweep(app) == 1


async def test_strikes_hand_the_seat_to_a_bot_and_back_restores_the_player() -> None:
    clock = HandClock(START)
    app = _app(clock)
    game_id = await _running(app, {"turn_seconds": 3600, "reaction_seconds": 3600,
                                   "strikes_for_bot": 2})
    first = await app.games.table(game_id)
    seat = min(first.engine.to_act(first.state))
    for _ in range(40):
        table = await app.games.table(game_id)
        if seat in await app.bot_seats(game_id) or table.game.status is not GameStatus.RUNNING:
            break
        clock.advance(HOUR)
        await sweep(app)
        table = await app.games.table(game_id)
        for other in sorted(table.engine.to_act(table.state)):
            if other != seat and table.game.status is GameStatus.RUNNING:
                user = table.user_of(other)
                assert user is not None
                action = table.engine.encode_action(
                    table.engine.default_action(table.state, other))
                await app.games.play(game_id, user, table.game.version, action)
                break
    assert seat in await app.bot_seats(game_id)
    await app.deliverer.idle()
    assert any("🤖" in call.get("text", "") and "/back" in call["text"]
               for call in app.bot.to(-5))  # the group was told a bot took over
    log = await _log(app, game_id)
    assert [r.actor for r in log if r.seat == seat][:2] == [ActorKind.TIMEOUT] * 2
    assert await app.games.set_bot(game_id, seat, bot=False)
    assert seat not in await app.bot_seats(game_id)
    seats = await reads.seats_of(app.games.uow_factory, game_id=game_id)
    assert next(s for s in seats if s.seat == seat).strikes == 0


async def test_a_press_racing_the_deadline_is_applied_once() -> None:
    clock = HandClock(START)
    app = _app(clock)
    game_id = await _running(app, {"turn_seconds": 3600})
    table = await app.games.table(game_id)
    seat = min(table.engine.to_act(table.state))
    user = table.user_of(seat)
    assert user is not None
    clock.advance(HOUR)
    claimed = await store.claim_due_deadlines(app.games.uow_factory, now=clock)
    assert [c.game_id for c in claimed] == [game_id]
    await app.games.play(game_id, user, table.game.version, "s")  # the press lands first
    assert await time_out(app, game_id, claimed[0].version) == 0  # type: ignore[arg-type]
    log = await _log(app, game_id)
    assert [(r.version, r.actor) for r in log] == [(table.game.version + 1, ActorKind.HUMAN)]


async def test_restart_applies_overdue_timeouts_once_and_keeps_future_ones(
        tmp_path: Path) -> None:
    url = f"sqlite+aiosqlite:///{tmp_path}/restart.sqlite3"
    engine = make_engine(url)
    await upgrade(engine)
    clock = HandClock(START)
    first = _app(clock, sql_uow_factory(engine))
    overdue = [await _running(first, {"turn_seconds": 3600}, chat=-10 - i) for i in range(2)]
    later = await _running(first, {"turn_seconds": 5 * 3600}, chat=-20)
    await engine.dispose()  # the process is gone; nothing was shut down politely
    clock.advance(2 * HOUR)  # time passes while the bot is down
    engine = make_engine(url)
    second = _app(clock, sql_uow_factory(engine))
    assert await sweep(second) == 2
    assert await sweep(second) == 0
    for game_id in overdue:
        assert [r.actor for r in await _log(second, game_id)] == [ActorKind.TIMEOUT]
    assert await _log(second, later) == []
    clock.advance(3 * HOUR)  # the re-armed future deadline comes, and the others' next ones
    assert await sweep(second) == 3
    assert [r.actor for r in await _log(second, later)] == [ActorKind.TIMEOUT]
    await engine.dispose()


async def test_a_table_where_everyone_goes_silent_finishes_by_itself() -> None:
    clock = HandClock(START)
    app = _app(clock)
    game_id = await _running(app, {"turn_seconds": 600, "reaction_seconds": 600,
                                   "strikes_for_bot": 2}, players=5)
    for _ in range(400):
        game = await reads.load_game(app.games.uow_factory, game_id=game_id)
        if game.status is not GameStatus.RUNNING:
            break
        assert game.deadline_at is not None or await app.bot_seats(game_id)
        clock.advance(timedelta(minutes=10))
        await sweep(app)
    game = await reads.load_game(app.games.uow_factory, game_id=game_id)
    assert game.status is GameStatus.FINISHED
    assert game.outcome is not None
    log = await _log(app, game_id)
    # the rest of a timed-out player's turn is played at once (absent), without a strike
    assert {r.actor for r in log} == {ActorKind.TIMEOUT, ActorKind.ABSENT, ActorKind.BOT}
    bots = await app.bot_seats(game_id)
    for seat in range(5):
        timeouts = sum(1 for r in log if r.seat == seat and r.actor is ActorKind.TIMEOUT)
        assert timeouts <= 2  # after two strikes in a row the bot plays: no more timeouts
        assert (seat in bots) == (timeouts == 2)
    assert len(bots) >= 2


async def test_a_sweep_plays_its_claimed_games_in_one_commit_per_share() -> None:
    clock = HandClock(START)
    memory = MemoryStore()
    app = _app(clock, fake_uow_factory(memory))
    ids = [await _running(app, {"turn_seconds": 3600}, players=3, chat=-30 - i)
           for i in range(4)]
    clock.advance(HOUR)
    await app.deliverer.idle()
    app.games.deliver = None  # count the sweep's own commits, not the delivery loop's
    commits = memory.commits
    assert await sweep(app, batch=10, parallel=2) == 4
    assert memory.commits - commits == 4  # the claim, two shares of two games, the reminders
    for game_id in ids:
        assert [r.actor for r in await _log(app, game_id)] == [ActorKind.TIMEOUT]


async def test_a_game_that_cannot_time_out_does_not_hold_back_the_others(
        caplog: pytest.LogCaptureFixture) -> None:
    clock = HandClock(START)
    app = _app(clock)
    ids = [await _running(app, {"turn_seconds": 3600}, players=3, chat=-40 - i)
           for i in range(3)]
    broken = ids[1]
    async with app.games.uow_factory() as uow:
        game = await uow.games.get(game_id=broken)
        game.snapshot = "{}"  # unreadable: CorruptGame
        await uow.games.save(game=game, expected_version=game.version)
        await uow.commit()
    clock.advance(HOUR)
    with caplog.at_level(logging.INFO, logger="tgbot.jobs.sweep"):
        assert await sweep(app, parallel=1) == 2
    assert f"timeout of game {broken} skipped" in caplog.text
    assert await _log(app, broken) == []
    for game_id in (ids[0], ids[2]):
        assert [r.actor for r in await _log(app, game_id)] == [ActorKind.TIMEOUT]


async def test_after_a_restart_bot_seats_still_answer_what_a_timeout_leaves_them() -> None:
    clock = HandClock(START)
    memory = MemoryStore()
    first = _app(clock, fake_uow_factory(memory))
    games = first.games
    game_id = await lobby.open_lobby(games.uow_factory, chat_id=-50, topic_id=None,
                                     kind="bang_dice", options={}, creator=Player(1, "A"),
                                     now=games.now)
    await lobby.join_lobby(games.uow_factory, game_id=game_id, player=Player(2, "B"),
                           now=games.now)
    await lobby.add_bot(games.uow_factory, game_id=game_id, now=games.now)
    await lobby.set_lobby(games.uow_factory, game_id=game_id,
                          lobby={"timers": {"turn_seconds": 3600, "strikes_for_bot": 0}})
    await games.start(game_id)
    for _ in range(30):
        clock.advance(HOUR)
        fresh = _app(clock, fake_uow_factory(memory))  # a new process: nothing cached
        await sweep(fresh)
        table = await fresh.games.table(game_id)
        if table.game.status is not GameStatus.RUNNING:
            break
        bots = {seat.seat for seat in table.seats if seat.is_bot}
        assert not bots & set(table.engine.to_act(table.state))  # no bot waits on a clock
        assert table.game.deadline_at is not None
    assert ActorKind.BOT in {r.actor for r in await _log(first, game_id)}
