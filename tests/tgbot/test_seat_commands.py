"""/botseat and /kick through the real application and the fake Bot API (tests/fakebot).

A four-player table is dealt straight through the service; then people type commands in
the group, and the test reads the bot's answers (replies to those commands).
"""

from __future__ import annotations

import functools
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import pytest

from core.bang_dice.ids import Role
from storage.action_log import REMOVAL
from storage.models import ActorKind, GameStatus
from tests.e2e.harness import BotAtTable
from tests.fakebot import FakeBotApi, FakeMessage, FakeUser, RateLimits
from tests.support.bot import running_bot, sqlite_url
from tgbot.i18n import t
from tgbot.service import lobby, reads
from tgbot.service.commands import Player

# Telegram's flood limits are not what these tests are about: the fake's group budget and
# the bot's own pacing are both raised, so no reply waits its turn (3 s each at 20 a minute).
LIMITS = RateLimits(per_chat_burst=50, per_group_count=500)
UNPACED = {"group_messages_per_minute": 500}

LANGUAGE = "pt-BR"  # the group's language (the default)
NAMES = ["Ana", "Bruno", "Carla", "Davi"]


class Group(BotAtTable):
    """The running bot, the group and its people; user 0 (Ana) is the group's owner."""

    async def say(self, user: FakeUser, text: str, reply_to: FakeMessage | None = None) -> str:
        """Send a group message; return the text of the bot's reply to it."""
        update = user.send(self.group, text, reply_to=reply_to)
        assert update is not None
        sent = update["message"]["message_id"]
        reply = await self.api.wait_for(lambda: next(
            (m for m in self.api.chat_log(self.group) if m.reply_to == sent), None), timeout=20)
        return reply.text or ""

    def message_of(self, user: FakeUser, text: str) -> FakeMessage:
        """Post a plain message of `user` and return it (to reply to it)."""
        user.send(self.group, text)
        return next(m for m in reversed(self.api.chat_log(self.group, include_users=True))
                    if m.sender_id == user.id)

    async def start_game(self, kind: str = "bang_dice") -> int:
        games = self.services.games
        game_id = await lobby.open_lobby(games.uow_factory, chat_id=self.group.id, topic_id=None,
                                         kind=kind, options={},
                                         creator=Player(self.users[0].id, NAMES[0]),
                                         now=games.now)
        for user, name in zip(self.users[1:], NAMES[1:], strict=True):
            await lobby.join_lobby(games.uow_factory, game_id=game_id,
                                   player=Player(user.id, name), now=games.now)
        await games.start(game_id)
        await self.services.deliverer.idle()  # the table and the secrets have arrived
        return game_id


@pytest.fixture
async def group(tmp_path: Path) -> AsyncIterator[Group]:
    async with FakeBotApi(limits=LIMITS) as api:
        users = [api.add_user(2000 + i, name, username=f"{name.lower()}_x")
                 for i, name in enumerate(NAMES)]
        chat = api.add_group(-1005550, "Saloon", admins=(users[0].id,),
                             members=tuple(u.id for u in users))
        add_bot = functools.partial(api.add_bot_to_group, chat, by=users[0], as_admin=True)
        async with running_bot(api, sqlite_url(tmp_path), before_polling=add_bot,
                               settings=UNPACED) as app:
            yield Group(api, app, chat, users)


def _seat_not_sheriff(state: Any) -> int:
    return next(i for i, seat in enumerate(state.seats) if seat.role is not Role.SHERIFF)


async def test_admin_commands_answer_politely(group: Group) -> None:
    ana, bruno = group.users[0], group.users[1]
    no_game = t(LANGUAGE, "There is no game here. Start one with /newgame.")
    assert await group.say(ana, "/kick 2") == no_game
    await group.start_game()
    assert await group.say(bruno, "/kick 3") == t(LANGUAGE, "Only an admin can do that.")
    assert await group.say(bruno, "/botseat 3") == t(LANGUAGE, "Only an admin can do that.")
    assert await group.say(ana, "/kick") == t(
        LANGUAGE, "Usage: {command} <seat number or @name>, or reply to one of the player's "
                  "messages with {command}.", command="/kick")
    assert await group.say(ana, "/kick 9") == t(
        LANGUAGE, "There is no seat {wanted} at this table: its seats are numbered from 1 to "
                  "{count}, as /status lists them.", wanted="9", count=4)
    assert await group.say(ana, "/botseat @nobody") == t(
        LANGUAGE, "Nobody at this table matches {wanted}.", wanted="@nobody")


async def test_botseat_by_name_then_back(group: Group) -> None:
    ana, carla = group.users[0], group.users[2]
    game_id = await group.start_game()
    assert await group.say(ana, "/botseat carla") == t(
        LANGUAGE, "🤖 A bot now plays for {name}; /back brings the player back.", name="Carla")
    assert await group.say(ana, "/botseat 3") == t(
        LANGUAGE, "{name} is already played by the bot.", name="Carla")
    assert 2 in await group.services.games.bot_seats(game_id)
    assert await group.say(carla, "/back") == t(LANGUAGE,
                                                "Welcome back! Your seat is yours again.")
    assert 2 not in await group.services.games.bot_seats(game_id)


async def test_kick_by_reply_removes_the_player_and_the_game_goes_on(group: Group) -> None:
    ana = group.users[0]
    game_id = await group.start_game()
    table = await group.services.games.table(game_id)
    seat = _seat_not_sheriff(table.state)
    player = group.users[seat]
    said = group.message_of(player, "brb")
    assert await group.say(ana, "/kick", reply_to=said) == t(
        LANGUAGE, "🚪 {name} was removed from the game.", name=NAMES[seat])
    log = await reads.action_log(group.services.games.uow_factory, game_id=game_id)
    assert (log[-1].seat, log[-1].action, log[-1].actor) == (seat, REMOVAL, ActorKind.ADMIN)
    after = await group.services.games.table(game_id)
    assert after.state.seats[seat].alive is False
    assert after.game.status is GameStatus.RUNNING
    assert await group.say(player, "/back") == t(LANGUAGE, "You are already playing your seat.")


async def test_kick_by_username(group: Group) -> None:
    ana = group.users[0]
    game_id = await group.start_game()
    table = await group.services.games.table(game_id)
    seat = _seat_not_sheriff(table.state)
    username = f"@{NAMES[seat].lower()}_x"
    assert await group.say(ana, f"/kick {username}") == t(
        LANGUAGE, "🚪 {name} was removed from the game.", name=NAMES[seat])


async def test_a_kick_the_game_cannot_make_says_he_is_out_and_a_bot_plays_on(
        group: Group) -> None:
    """Colt Express removes no bandit: the kick hands the seat to a bot, and the group is
    told the player is out, not that the kick failed."""
    game_id = await group.start_game("colt_express")
    assert await group.say(group.users[0], "/kick 2") == t(
        LANGUAGE, "🚪 {name} is out of the game: this game keeps every seat, so a bot plays "
                  "{name}'s seat until the end.", name=NAMES[1])
    after = await group.services.games.table(game_id)
    assert after.user_of(1) is None
