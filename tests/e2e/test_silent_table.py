"""End to end: four people open a BANG! dice table in a group, then nobody presses anything.

The real application (tgbot.app.build_application: handlers, service, storage on SQLite,
the publisher, PTB's HTTP stack) talks to the fake Bot API of tests/fakebot. Time is a
`HandClock` shared by the bot (its deadlines, through build_application's `now` hook)
and the fake Telegram (message dates): the test moves it to the next stored deadline or
reminder and runs the JobQueue's own "deadlines" job (`Job.run`, the callback PTB
schedules every DEADLINE_SWEEP_SECONDS), so days of silence take seconds.

Issue #6: "a game where every seat goes silent finishes by itself (all seats end up as
bots)". The helpers here are shared with test_identity_windows_leak_nothing.py.
"""

from __future__ import annotations

import asyncio
import functools
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import pytest
from telegram.ext import ContextTypes

from storage.models import ActorKind, Game, GameStatus
from tests.e2e.harness import BotAtTable, pictures_off
from tests.fakebot import FakeBotApi, FakeMessage, FakeUser, RateLimits
from tests.support.bot import fake_settings, running, sqlite_url
from tests.support.clock import HandClock
from tgbot import app as app_module
from tgbot.app import build_application
from tgbot.botapi.rate_limit import ChatRateLimiter
from tgbot.i18n import t
from tgbot.service import reads

LANGUAGE = "pt-BR"  # the group's language (the default)
NAMES = ["Ana", "Bruno", "Carla", "Davi"]
START = datetime(2026, 3, 2, 12, 0, tzinfo=UTC)
SEED = 7
STRIKES = 2
# Flood limits are not what these tests are about (test_dice_in_group keeps Telegram's): the
# manual clock stands still during a sweep, so the fake Telegram counts no time between
# messages, and PTB's own pacing (20 requests a minute per group, in real time) would turn
# the silent days into real minutes. Neither side limits here.
LIMITS = RateLimits(per_chat_burst=100_000, per_group_count=100_000, global_count=100_000)


@dataclass
class SilentBot(BotAtTable):
    """The running application, the fake Telegram, the group and its people (Ana admin)."""

    clock: HandClock
    errors: list[BaseException] = field(default_factory=list)

    async def say(self, user: FakeUser, text: str) -> str:
        """Send a group message; return the text of the bot's reply to it."""
        update = user.send(self.group, text)
        assert update is not None
        sent = update["message"]["message_id"]
        reply = await self.wait(lambda: next(
            (m for m in self.group_messages() if m.reply_to == sent), None))
        return reply.text or ""

    async def game(self, game_id: int) -> Game:
        return await reads.load_game(self.services.games.uow_factory, game_id=game_id)

    async def sweep(self, game_id: int) -> Game:
        """Move the clock to the game's next deadline or reminder and run the sweep job."""
        game = await self.game(game_id)
        due = [moment for moment in (game.deadline_at, game.remind_at) if moment is not None]
        assert due, f"a running game without a clock at version {game.version}"
        self.clock.move_to(min(due))
        job = self.app.job_queue.get_jobs_by_name("deadlines")[0]
        await job.run(self.app)  # what the JobQueue runs every DEADLINE_SWEEP_SECONDS
        await self.services.deliverer.idle()  # what the sweep stored reaches Telegram
        await asyncio.sleep(0)  # let PTB hand a failure to the error handlers
        assert not self.errors, self.errors
        return await self.game(game_id)


@asynccontextmanager
async def silent_bot(tmp_path: Path, seed: int = SEED) -> AsyncIterator[SilentBot]:
    """Run the real application against the fake Bot API on a manual clock."""
    clock = HandClock(START)
    async with FakeBotApi(clock=clock.timestamp, limits=LIMITS) as api:
        users = [api.add_user(3000 + i, name, username=f"{name.lower()}_s")
                 for i, name in enumerate(NAMES)]
        group = api.add_group(-1007770, "Saloon", admins=(users[0].id,),
                              members=tuple(u.id for u in users))
        # The scheduled sweep runs once at start-up (nothing is due then); after that the
        # test runs the same job by hand once it has moved the clock.
        settings = fake_settings(api, sqlite_url(tmp_path), deadline_sweep_seconds=86_400,
                                 group_messages_per_minute=10**6)
        with pytest.MonkeyPatch.context() as patch:  # as tests/e2e/test_colt_in_group.py
            patch.setattr(app_module, "ChatRateLimiter", functools.partial(
                ChatRateLimiter, overall_per_second=10**6, chat_per_second=10**6,
                chat_burst=10**6))
            app = build_application(settings, now=clock, seed_source=lambda: seed)
        bot = SilentBot(api, app, group, users, clock)

        async def collect(update: object, context: ContextTypes.DEFAULT_TYPE) -> None:
            assert context.error is not None
            bot.errors.append(context.error)

        app.add_error_handler(collect)
        async with running(app):
            yield bot


async def open_table(bot: SilentBot, *, strikes: int, modules: tuple[str, ...] = ()) -> int:
    """Seat everyone at a new BANG! dice table through the group and start it; return its id.

    Ana (the admin) sets the chat's strikes, opens the table, switches the Old Saloon
    `modules` on with the lobby's buttons and presses Start; the others /join.
    """
    api, group, users = bot.api, bot.group, bot.users
    api.add_bot_to_group(group, by=users[0], as_admin=True)
    await bot.wait(lambda: any("/newgame" in (m.text or "") for m in bot.group_messages()))
    await pictures_off(users[0], group, api)  # the checks read the text table's seat lines
    for user in users:  # each one opens a private chat first, so secrets can be DMed
        user.start()
        await bot.wait(lambda u=user: api.chat_log(u.private))
    assert await bot.say(users[0], f"/settings strikes {strikes}") == t(
        LANGUAGE, "Clock settings saved for new tables.")
    users[0].send(group, "/newgame bang_dice")
    lobby_message = await bot.wait(lambda: next(
        (m for m in bot.group_messages() if "▶️" in str(m.reply_markup)), None))
    for user in users[1:]:
        user.send(group, "/join")
    await bot.wait(lambda: all(name in (lobby_message.text or "") for name in NAMES))
    if modules:
        users[0].press_button(lobby_message, t(LANGUAGE, "⚙️ Options"))
        for module in modules:
            toggle = await bot.wait(lambda m=module: _button(lobby_message, ":m" + m))
            users[0].press_button(lobby_message, toggle["text"])
            await bot.wait(lambda m=module: _button(lobby_message, ":m" + m).get("text", "")
                           .startswith("✅"))
    users[0].press_button(lobby_message, t(LANGUAGE, "▶️ Start"))
    await bot.wait(lambda: any("m:" in str(m.reply_markup) for m in bot.group_messages()))
    await bot.services.deliverer.idle()  # the secrets dealt have all been sent too
    game = await reads.active_game(bot.services.games.uow_factory, chat_id=group.id,
                                   topic_id=None)
    assert game is not None
    assert game.id is not None
    assert game.status is GameStatus.RUNNING
    return game.id


def _button(message: FakeMessage, data_end: str) -> dict[str, Any]:
    """Return the message's button whose callback data ends with `data_end` ({} if none)."""
    return next((b for b in message.buttons
                 if b.get("callback_data", "").endswith(data_end)), {})


def group_texts(bot: SilentBot) -> list[str]:
    """Every text the bot posted to the group, new or edited, in order (HTML)."""
    return [str(r.params.get("text")) for r in bot.api.requests
            if r.ok and r.method in ("sendMessage", "editMessageText")
            and str(r.params.get("chat_id")) == str(bot.group.id)]


@pytest.mark.timeout(120)
async def test_a_table_where_everyone_goes_silent_finishes_by_itself(tmp_path: Path) -> None:
    async with silent_bot(tmp_path) as bot:
        game_id = await open_table(bot, strikes=STRIKES)
        presses = len(bot.api.callback_answers)
        started_at = bot.clock()
        sweeps = 0
        game = await bot.game(game_id)
        while game.status is GameStatus.RUNNING:
            assert sweeps < 200, "the silent table did not finish"
            game = await bot.sweep(game_id)
            sweeps += 1
        assert game.status is GameStatus.FINISHED
        assert game.outcome is not None
        assert game.deadline_at is None
        assert game.remind_at is None
        assert len(bot.api.callback_answers) == presses  # nobody pressed anything
        assert bot.clock() > started_at
        log = await reads.action_log(bot.services.games.uow_factory, game_id=game_id)
        # a clock ran out, the rest of that turn was played at once (absent), then a bot
        assert {record.actor for record in log} == {ActorKind.TIMEOUT, ActorKind.ABSENT,
                                                    ActorKind.BOT}
        table = await bot.services.games.table(game_id)
        texts = group_texts(bot)
        bots = [name.removeprefix("🤖 ") for name in table.names if name.startswith("🤖 ")]
        assert len(bots) >= 2  # the game can end before the last seats reach the limit
        for seat, name in enumerate(table.names):
            player = name.removeprefix("🤖 ")
            # One clock per absent turn: N strikes, then the bot, never more timeouts.
            timeouts = [r for r in log if r.seat == seat and r.actor is ActorKind.TIMEOUT]
            assert len(timeouts) == (STRIKES if player in bots else len(timeouts))
            assert len(timeouts) <= STRIKES
            by_bot = [r for r in log if r.seat == seat and r.actor is ActorKind.BOT]
            assert all(r.version > timeouts[-1].version for r in by_bot)
            timed_out = t(LANGUAGE, "⏰ Time is up for {name}: the default move was played, "
                                    "and the rest of this turn is played the same way.",
                          name=player)
            taken = t(LANGUAGE, "🤖 A bot now plays for {name}; /back brings the player back.",
                      name=player)
            # each one announced
            assert sum(timed_out in text for text in texts) == len(timeouts)
            handed = [text for text in texts if taken in text]
            assert len(handed) == (1 if player in bots else 0)  # the N-th: the bot takes over
            if handed:
                assert _seat_line(handed[0], player).startswith(f"🤖 {player} ")  # shown as 🤖
        final = bot.group_messages()[-1]
        assert "🏁" in (final.text or "")  # the final table was posted by itself
        assert final.sent_at == bot.clock.timestamp()
        # its only button offers the same players a rematch (docs/group_life.md)
        assert [b.get("callback_data") for b in final.buttons] == [f"r:{game_id}"]
        for name in bots:  # the final table shows the bot's seats as the bot's
            assert _seat_line(final.text or "", name).startswith(f"🤖 {name} ")
        reminders = t(LANGUAGE, "⏳ Your move is still waiting.")
        for user in bot.users:  # the silent players were reminded by DM
            assert any(reminders in (m.text or "") for m in bot.api.chat_log(user.private))
        assert not [r for r in bot.api.errors if "not modified" in str(r.response)]
        assert not bot.errors
        print(f"\n{sweeps} sweeps, {len(log)} actions, "
              f"{(bot.clock() - started_at).total_seconds() / 3600:.0f} h of silence")


def _seat_line(text: str, player: str) -> str:
    """Return a table's line of `player`'s seat without its marks (👉, 💀) and bold, or ""."""
    for line in text.replace("<b>", "").replace("</b>", "").splitlines():
        if " · " in line and player in line.split(" · ")[0]:
            return line.lstrip("👉💀👻")
    return ""
