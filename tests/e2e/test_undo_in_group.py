"""End to end: undo by consent in a group, through the real application and the fake Bot API.

Three people play Colt Express. The first to scheme plays a card face up from his private
prompt [R-CE-20]; the group's table then offers "↩️ Undo"; a press by someone else is
answered politely, his own posts the request in the group (mentioning the others, who are
notified), and the others' ✅ / ✖️ decide it. A draw (a private card seen) offers nothing,
and /undo says so. A request left open by a restart still ends at its deadline.
"""

from __future__ import annotations

from collections.abc import AsyncIterator
from dataclasses import replace
from datetime import timedelta
from pathlib import Path
from typing import Any

import pytest

from storage.action_log import UNDO
from tests.e2e.harness import BotAtTable, pictures_off
from tests.fakebot import FakeBotApi, FakeMessage, FakeUser, RateLimits
from tests.support.bot import running_bot, sqlite_url
from tgbot.handlers.undo import refused_text
from tgbot.i18n import t
from tgbot.service import lobby, reads
from tgbot.service.commands import Player
from tgbot.service.undo_offer import keep_offer, offer_of

LANGUAGE = "pt-BR"
NAMES = ["Ana", "Bruno", "Carla"]
GAME = "Colt Express"


class Table(BotAtTable):
    """The running bot, the group and its three players."""

    async def start(self) -> int:
        """Deal a Colt Express game to the three players (pictures off); return its id."""
        await pictures_off(self.users[0], self.group, self.api)
        for user in self.users:
            user.start()
        games = self.services.games
        game_id = await lobby.open_lobby(games.uow_factory, chat_id=self.group.id,
                                         topic_id=None, kind="colt_express", options={},
                                         creator=Player(self.users[0].id, NAMES[0]),
                                         now=games.now)
        for user, name in zip(self.users[1:], NAMES[1:], strict=True):
            await lobby.join_lobby(games.uow_factory, game_id=game_id,
                                   player=Player(user.id, name), now=games.now)
        await games.start(game_id)
        await self.services.deliverer.idle()
        return game_id

    async def mover(self, game_id: int) -> tuple[FakeUser, int]:
        """Return the user owing the decision and his seat."""
        table = await self.services.games.table(game_id)
        seat = min(table.engine.to_act(table.state))
        return next(u for u in self.users if u.id == table.user_of(seat)), seat

    async def press(self, user: FakeUser, message: FakeMessage, data: str) -> str | None:
        """Press a button; return the pop-up the bot answered with."""
        query = user.press(message, data)["callback_query"]["id"]
        answer = await self.wait(lambda: self.api.callback_answers.get(query))
        return answer.text  # type: ignore[no-any-return]

    def with_button(self, prefix: str, chat: Any = None) -> FakeMessage | None:
        """Return the newest live message of the chat (the group) with such a button."""
        messages = self.api.chat_log(chat or self.group)
        return next((m for m in reversed(messages) if not m.deleted and any(
            b.get("callback_data", "").startswith(prefix) for b in m.buttons)), None)


def _bot(api: FakeBotApi, tmp_path: Path, **hooks: Any) -> Any:
    """Return the running bot's context on the test's database file."""
    return running_bot(api, sqlite_url(tmp_path), seed_source=lambda: 1,
                       settings={"group_messages_per_minute": 500}, **hooks)


def _people(api: FakeBotApi) -> tuple[list[FakeUser], Any]:
    """Return the three players and their group (the bot not in it yet)."""
    users = [api.add_user(3000 + i, name) for i, name in enumerate(NAMES)]
    group = api.add_group(-1007770, "Trem", admins=(users[0].id,),
                          members=tuple(u.id for u in users))
    return users, group


@pytest.fixture
async def table(tmp_path: Path) -> AsyncIterator[Table]:
    async with FakeBotApi(limits=RateLimits(per_chat_burst=50, per_group_count=500)) as api:
        users, group = _people(api)
        async with _bot(api, tmp_path, before_polling=lambda: api.add_bot_to_group(
                group, by=users[0], as_admin=True)) as app:
            yield Table(api, app, group, users)


def _data(message: FakeMessage, prefix: str) -> str:
    return str(next(b["callback_data"] for b in message.buttons
                    if b.get("callback_data", "").startswith(prefix)))


async def _play_face_up(table: Table, game_id: int) -> tuple[FakeUser, int]:
    """Have the first schemer play a card face up from his private prompt; return him and
    the version his move made."""
    user, seat = await table.mover(game_id)
    version = (await table.services.games.table(game_id)).game.version
    prompt = await table.wait(lambda: table.with_button(f"p:{game_id}:{version}:p{seat}",
                                                        user.private))
    assert await table.press(user, prompt, _data(prompt, f"p:{game_id}:{version}:p{seat}")) \
        is None
    return user, version + 1


async def _ask(table: Table, game_id: int) -> tuple[FakeUser, list[FakeUser], FakeMessage]:
    """Play a card face up, have a wrong user and then the mover press ↩️; return the mover,
    the others and the request posted in the group."""
    mover, version = await _play_face_up(table, game_id)
    others = [u for u in table.users if u is not mover]
    undo = await table.wait(lambda: table.with_button(f"u:{game_id}:{version}:a"))
    assert "↩️" in next(b["text"] for b in undo.buttons if b.get("callback_data", "")
                        .startswith("u:"))
    assert await table.press(others[0], undo, f"u:{game_id}:{version}:a") == refused_text(
        LANGUAGE, "not_yours", GAME)
    assert await table.press(mover, undo, f"u:{game_id}:{version}:a") == t(
        LANGUAGE, "{game}: asked. The table's answers show in the group.", game=GAME)
    request = await table.wait(lambda: table.with_button(f"u:{game_id}:{version}:y"))
    assert all(name in (request.text or "") for name in NAMES)
    assert {u.id for u in others} <= request.notified  # the others' phones rang
    assert await table.press(mover, request, f"u:{game_id}:{version}:y") == refused_text(
        LANGUAGE, "not_asked", GAME)
    return mover, others, request


async def test_one_refusal_keeps_the_move_and_the_group_is_told(table: Table) -> None:
    game_id = await table.start()
    mover, others, request = await _ask(table, game_id)
    version = (await table.services.games.table(game_id)).game.version
    await table.press(others[0], request, f"u:{game_id}:{version}:y")
    assert await table.press(others[1], request, f"u:{game_id}:{version}:n") == t(
        LANGUAGE, "{game}: the move stands.", game=GAME)
    refused = t(LANGUAGE, "✖️ <b>{game}</b>: {refuser} refused, so {name}'s move stands.",
                game=GAME, refuser=others[1].first_name, name=mover.first_name)
    await table.wait(lambda: not request.buttons
                     and request.text == refused.replace("<b>", "").replace("</b>", ""))
    assert (await table.services.games.table(game_id)).game.version == version
    log = await reads.action_log(table.services.games.uow_factory, game_id=game_id)
    assert UNDO not in [record.action for record in log]


async def test_everyone_agrees_and_the_move_is_taken_back(table: Table) -> None:
    game_id = await table.start()
    before = (await table.services.games.table(game_id)).game
    mover, others, request = await _ask(table, game_id)
    version = before.version + 1
    assert await table.press(others[0], request, f"u:{game_id}:{version}:y") == t(
        LANGUAGE, "{game}: you agreed; waiting for the others.", game=GAME)
    assert await table.press(others[1], request, f"u:{game_id}:{version}:y") == t(
        LANGUAGE, "{game}: the move was taken back.", game=GAME)
    await table.wait(lambda: not request.buttons)
    after = (await table.services.games.table(game_id)).game
    assert after.version == version + 1
    assert (after.deadline_at, after.remind_at) == (before.deadline_at, before.remind_at)
    taken_back = t(LANGUAGE, "↩️ {name}'s last move was taken back, as the table agreed.",
                   name=mover.first_name)
    await table.wait(lambda: any(taken_back in (m.text or "")
                                 for m in table.api.current_messages(table.group)))
    # the mover owes his choice again: a fresh private prompt at the new version
    assert await table.wait(lambda: table.with_button(f"p:{game_id}:{after.version}:",
                                                      mover.private))
    log = await reads.action_log(table.services.games.uow_factory, game_id=game_id)
    assert (log[-1].action, log[-1].version) == (UNDO, after.version)


async def test_after_a_draw_nothing_is_offered_and_undo_says_why(table: Table) -> None:
    game_id = await table.start()
    user, _seat = await table.mover(game_id)
    version = (await table.services.games.table(game_id)).game.version
    prompt = await table.wait(lambda: table.with_button(f"p:{game_id}:{version}:d",
                                                        user.private))
    await table.press(user, prompt, f"p:{game_id}:{version}:d")
    await table.services.deliverer.idle()
    assert table.with_button(f"u:{game_id}:") is None
    before = len(table.api.chat_log(table.group))
    user.send(table.group, "/undo")
    reply = await table.wait(lambda: next((m for m in table.api.chat_log(table.group)[before:]
                                           if m.reply_to is not None), None))
    assert reply.text == refused_text(LANGUAGE, "not_undoable", GAME)


@pytest.mark.parametrize("left", [-60.0, 2.0], ids=["ran-out-while-down", "runs-out-after"])
async def test_a_request_a_restart_left_open_still_ends_on_time(tmp_path: Path,
                                                               left: float) -> None:
    async with FakeBotApi(limits=RateLimits(per_chat_burst=50, per_group_count=500)) as api:
        users, group = _people(api)
        async with _bot(api, tmp_path, before_polling=lambda: api.add_bot_to_group(
                group, by=users[0], as_admin=True)) as app:
            table = Table(api, app, group, users)
            game_id = await table.start()
            mover, _others, request = await _ask(table, game_id)
            games = table.services.games
            async with games.uow_factory() as uow:  # its time runs out while the bot is
                game = await uow.games.get(game_id=game_id, lock=True)  # down, or soon after
                offer = offer_of(game)
                assert offer is not None
                until = games.now() + timedelta(seconds=left)
                keep_offer(game, replace(offer, until=until.isoformat()))
                await uow.games.save(game=game, expected_version=game.version)
                await uow.commit()
        # the job that would have ended it stopped with that run
        expired = t(LANGUAGE, "⌛ <b>{game}</b>: not everyone answered in time, so {name}'s "
                              "move stands.", game=GAME, name=mover.first_name)
        assert request.buttons
        async with _bot(api, tmp_path) as app:
            await Table(api, app, group, users).wait(
                lambda: not request.buttons
                and request.text == expired.replace("<b>", "").replace("</b>", ""))
