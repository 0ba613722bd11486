"""Acceptance: every Telegram fault heals by itself, for both games, at Telegram's real limits.

Each fault is injected by the fake Bot API (tests/fakebot) at the moment it matters: 5xx
answers, dropped connections, runs of 429 with retry_after, a kill -9 between a press's
commit and its delivery, a player who blocks the bot and comes back, "chat not found" at
the start, a group upgraded to a supergroup, the bot removed from the group and added
back. In every case the game reaches a screen where the player who owes the decision has
his buttons (the group's live table, or his private prompt) at the game's current
version, and nobody types a command. No note to the group shows a secret.

The fake runs with its default `RateLimits` (Telegram's), the bot with its default
`ChatRateLimiter` (20 group messages a minute, one per 3 s after a burst of 3). Tables are
seeded in storage and started through the bot's service (the lobby's UI is not under test).
"""

from __future__ import annotations

import functools
import signal
import subprocess
from collections.abc import AsyncIterator
from dataclasses import dataclass, field
from pathlib import Path

import pytest

from core.engine.registry import get_game
from storage.database import make_engine
from storage.migrate import upgrade
from storage.models import GameStatus
from storage.uow import sql_uow_factory
from tests.e2e.faults_helpers import (
    GAMES,
    SEED,
    WAIT,
    CanAct,
    assert_no_secret_in_group,
    assert_player_can_act,
    newest_with,
    owing,
    people,
    press_and_wait,
    seat_players,
    seed_lobby,
)
from tests.e2e.harness import BotAtTable
from tests.fakebot import FakeBotApi, FakeUser, FaultKind, RecordedRequest
from tests.support.bot import bot_process, running_bot, sqlite_url
from tests.support.waiting import until
from tgbot.handlers.context import join_url
from tgbot.i18n import t
from tgbot.render.outbox import Outbox
from tgbot.service import reads
from tgbot.service.games import GameService

ROOT = Path(__file__).resolve().parents[2]
GROUP_LANGUAGE = "pt-BR"
pytestmark = pytest.mark.timeout(120)


@dataclass
class Table(BotAtTable):
    """The running bot, the group, its four players, and their game (seated, maybe started)."""

    kind: str = ""
    game_id: int = 0
    chats: list[int] = field(default_factory=list)  # the group's ids (a migration adds one)

    @property
    def games(self) -> GameService:
        return self.services.games

    async def start(self) -> CanAct:
        """Start the game through the bot's service; return the first owner's buttons."""
        await self.games.start(self.game_id)
        return await self.can_act()

    async def can_act(self) -> CanAct:
        return await assert_player_can_act(self.api, self.games, self.game_id)

    async def play(self, turn: CanAct) -> CanAct:
        """The owner presses his first button; return the next owner's buttons."""
        await press_and_wait(self.api, self.games, self.game_id, turn)
        return await self.can_act()

    async def no_secret_in_group(self) -> None:
        await assert_no_secret_in_group(self.api, self.games, self.game_id, *self.chats)


@pytest.fixture(params=GAMES)
async def table(request: pytest.FixtureRequest, tmp_path: Path) -> AsyncIterator[Table]:
    """A seated, not yet started table of each game, the bot running in-process."""
    async with FakeBotApi() as api:
        group, users = people(api)
        async with running_bot(api, sqlite_url(tmp_path), seed_source=lambda: SEED) as app:
            found = Table(api, app, group, users, kind=request.param, chats=[group.id])
            found.game_id = await seat_players(api, found.games, group, users, request.param)
            yield found
            await found.no_secret_in_group()  # every version of every group message
            assert not api.internal_errors


def _first_owner(table: Table) -> FakeUser:
    """Return the player owing the first decision of the seeded deal (seats follow
    `table.users`)."""
    engine = get_game(table.kind)
    prompts = engine.prompts(engine.setup({}, len(table.users), SEED).state)
    shown = [p.seat for p in prompts if p.public]
    return table.users[shown[0] if shown else min(p.seat for p in prompts if p.private)]


def _next_call(api: FakeBotApi, failed: RecordedRequest) -> RecordedRequest | None:
    """Return the first message call that went through to the chat after `failed`."""
    methods = ("sendmessage", "editmessagetext", "editmessagereplymarkup")
    return next((r for r in api.requests if r.method.lower() in methods and r.at > failed.at
                 and r.params.get("chat_id") == failed.params.get("chat_id")
                 and not r.injected), None)


# -- transport faults ---------------------------------------------------------------------


@pytest.mark.parametrize("kinds", [("bad_gateway", "internal_error"), ("disconnect",)],
                         ids=["5xx", "disconnect"])
async def test_server_errors_and_dropped_connections_are_retried(
        table: Table, kinds: tuple[FaultKind, ...]) -> None:
    turn = await table.start()
    faults = [table.api.fail(method, kind=kind)
              for method in ("sendMessage", "editMessageText") for kind in kinds]
    turn = await table.play(turn)
    assert any(f.remaining == 0 for f in faults)
    assert table.api.failures()
    await table.play(turn)


async def test_flood_runs_wait_their_retry_after(table: Table) -> None:
    turn = await table.start()
    for method in ("sendMessage", "editMessageText"):
        table.api.fail(method, times=2, kind="flood", retry_after=2)
    turn = await table.play(turn)
    floods = [r for r in table.api.failures() if r.status == 429]
    assert floods
    for flood in floods:  # that chat waited its retry_after, then got its message through
        after = await table.wait(functools.partial(_next_call, table.api, flood), timeout=WAIT)
        assert after.at >= flood.at + 2 - 0.05, (flood, after)
    await table.play(turn)


# -- private chats: blocked, "chat not found" -----------------------------------------------


async def test_blocked_player_gets_his_buttons_when_he_unblocks(table: Table) -> None:
    ana = _first_owner(table)
    table.api.block(ana)
    await table.games.start(table.game_id)
    # His secrets (a Colt hand and prompt, a BANG! identity) cannot reach him: the group
    # is told, by name only; the dice game's decision is on the group table and goes on.
    await table.wait(lambda: _unreachable_note(table, ana), timeout=WAIT)
    if table.kind == "bang_dice":
        await table.can_act()
    await table.no_secret_in_group()
    table.api.unblock(ana)
    turn = await table.can_act()
    assert turn.user is ana
    await table.wait(lambda: _has_private_news(table, ana), timeout=WAIT)
    await table.play(turn)


async def test_chat_not_found_at_start_heals_when_the_player_writes(table: Table) -> None:
    ana = _first_owner(table)
    table.api.forget_chat(ana)
    await table.games.start(table.game_id)
    await table.wait(lambda: newest_with(table.group_messages(), f"m:{table.game_id}"),
                     timeout=WAIT)  # the group table is posted all the same
    await table.wait(lambda: _unreachable_note(table, ana), timeout=WAIT)
    if table.kind == "bang_dice":
        await table.can_act()
    await table.no_secret_in_group()
    ana.start()  # he writes to the bot again
    turn = await table.can_act()
    assert turn.user is ana
    await table.wait(lambda: _has_private_news(table, ana), timeout=WAIT)
    await table.play(turn)


def _unreachable_note(table: Table, user: FakeUser) -> str | None:
    """Return the group's note naming a player the bot cannot write to (with a button that
    opens the bot's private chat), or None."""
    opens = t(GROUP_LANGUAGE, "💬 Open my private chat")
    return next((m.text for m in table.group_messages() if m.text and "📭" in m.text
                 and user.first_name in m.text
                 and any(b.get("text") == opens and "url" in b for b in m.buttons)), None)


def _has_private_news(table: Table, user: FakeUser) -> bool:
    """The secret news dealt at the start reached him (his identity, his hand)."""
    marks = ("🤫",) if table.kind == "bang_dice" else ("🃏",)
    return any(any(mark in (m.text or "") for mark in marks)
               for m in table.api.chat_log(user.private))


# -- the group: migrated, bot removed and re-added ----------------------------------------


async def test_group_upgraded_to_supergroup_mid_game(table: Table) -> None:
    turn = await table.play(await table.start())
    supergroup = table.api.migrate_group(table.group)
    table.chats.append(supergroup.id)
    await table.wait(lambda: newest_with(table.api.chat_log(supergroup), f"m:{table.game_id}"),
                     timeout=WAIT)  # the table is posted in the supergroup
    assert (await table.games.table(table.game_id)).game.chat_id == supergroup.id
    turn = await table.can_act()
    await table.play(turn)  # presses there work
    assert (await table.games.table(table.game_id)).game.chat_id == supergroup.id


async def test_bot_removed_pauses_and_readded_resumes(table: Table) -> None:
    turn = await table.start()
    api, games, admin = table.api, table.games, table.users[0]
    api.remove_bot_from_group(table.group, by=admin)

    async def paused() -> bool:
        game = (await games.table(table.game_id)).game
        return game.paused_at is not None and game.deadline_at is None

    async def resumed() -> bool:
        return not await paused()

    await until(paused, WAIT)
    before = len(table.group_messages())
    api.add_bot_to_group(table.group, by=admin, as_admin=True)
    await until(resumed, WAIT)
    await table.wait(lambda: newest_with(table.group_messages()[before:],
                                         f"m:{table.game_id}"), timeout=WAIT)
    assert (await games.table(table.game_id)).game.deadline_at is not None
    turn = await table.can_act()
    await table.play(turn)


# -- kill -9 between a press's commit and its delivery --------------------------------------


def _kill(bot: subprocess.Popen[bytes]) -> None:
    bot.send_signal(signal.SIGKILL)  # no shutdown of any kind
    bot.wait(timeout=10)


@pytest.mark.parametrize("kind", GAMES)
async def test_kill_minus_nine_between_commit_and_delivery(kind: str, tmp_path: Path) -> None:
    url = sqlite_url(tmp_path)
    engine = make_engine(url)
    await upgrade(engine)
    async with FakeBotApi() as api:
        games = GameService(sql_uow_factory(engine),
                            seed_source=lambda: SEED,
                            outbox=Outbox(lambda game_id: join_url(api.bot.username, game_id)))
        group, users = people(api)
        api.add_bot_to_group(group, by=users[0], as_admin=True)
        for user in users:
            user.start()
        game_id = await seed_lobby(games, group, users, kind)
        await games.start(game_id)  # stored with its delivery rows: the bot delivers them
        bot = bot_process(api, url, DEADLINE_SWEEP_SECONDS="0.5")
        try:
            turn = await assert_player_can_act(api, games, game_id)
            stuck = [api.fail(method, times=50, kind="timeout")
                     for method in ("sendMessage", "editMessageText")]
            turn.press()

            async def committed_not_delivered() -> bool:
                moved = (await games.table(game_id)).game.version > turn.version
                return moved and any(f.remaining < 50 for f in stuck)

            await until(committed_not_delivered, WAIT)
        finally:
            _kill(bot)
        assert (await owing(api, games, game_id)).shown(api) is None  # not delivered yet
        for fault in stuck:
            fault.remaining = 0
        bot = bot_process(api, url, DEADLINE_SWEEP_SECONDS="0.5")
        try:
            await assert_player_can_act(api, games, game_id)
            game = (await games.table(game_id)).game
            assert game.status is GameStatus.RUNNING
            log = await reads.action_log(games.uow_factory, game_id=game_id)
            assert [r.version for r in log] == list(range(1, game.version + 1))  # once each
        finally:
            _kill(bot)
        await assert_no_secret_in_group(api, games, game_id, group.id)
    await engine.dispose()
