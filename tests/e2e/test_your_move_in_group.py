"""Acceptance (issue #26): whoever must decide is told once, at once, in every game, at
Telegram's real limits; a player who leaves the group mid-game does not stall it.

The real application runs against the fake Bot API with its default `RateLimits`
(Telegram's). "Told" is what the fake counts as ringing a user's phone
(`FakeBotApi.notifications`: a new private message without `disable_notification`, or a
new group message mentioning him; never an edit). Each player presses the first button of
the decision he owes where he finds it (the group's table or his private prompt); after
each press, every user's new rings must be exactly those the rule of tests/tgbot/rings.py
expects: once for each decision passed to him while he was not already acting, none for
anyone else.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import AsyncIterator
from dataclasses import dataclass
from pathlib import Path

import pytest

from storage.models import GameStatus
from tests.e2e.faults_helpers import (
    GAMES,
    SEED,
    WAIT,
    assert_player_can_act,
    people,
    press_and_wait,
    seat_players,
)
from tests.e2e.harness import BotAtTable
from tests.fakebot import FakeBotApi
from tests.support.bot import running_bot, sqlite_url
from tests.tgbot.rings import Told
from tgbot.i18n import t
from tgbot.service.games import GameService

pytestmark = pytest.mark.timeout(300)
DECISIONS = 10  # presses per game: several turns, and the reactions between them
GROUP_LANGUAGE = "pt-BR"


@dataclass
class Table(BotAtTable):
    kind: str = ""
    game_id: int = 0

    @property
    def games(self) -> GameService:
        return self.services.games

    def rings(self) -> Counter[int]:
        """Return how many times each player's phone rang so far."""
        return Counter({user.id: len(self.api.notifications(user)) for user in self.users})


@pytest.fixture(params=GAMES)
async def table(request: pytest.FixtureRequest, tmp_path: Path) -> AsyncIterator[Table]:
    async with FakeBotApi() as api:
        group, users = people(api)
        async with running_bot(api, sqlite_url(tmp_path), seed_source=lambda: SEED) as app:
            found = Table(api, app, group, users, kind=request.param)
            found.game_id = await seat_players(api, found.games, group, users, request.param)
            yield found
            assert not api.internal_errors
            assert not [e for e in api.errors if e.status != 429], api.errors


async def test_each_decision_rings_its_player_once_and_nobody_else(table: Table) -> None:
    games, game_id = table.games, table.game_id
    before = table.rings()
    await games.start(game_id)
    turn = await assert_player_can_act(table.api, games, game_id)
    await table.services.deliverer.idle()
    current = await games.table(game_id)
    engine = current.engine
    users = {row.seat: row.user_id or 0 for row in current.seats}
    told = Told(users)
    expected = told.expected(engine, None, current.state)
    assert table.rings() - before == expected
    assert sum(expected.values()) >= 1
    total = 0
    for _ in range(DECISIONS):
        state, before = current.state, table.rings()
        await press_and_wait(table.api, games, game_id, turn)
        current = await games.table(game_id)
        if current.game.status is not GameStatus.RUNNING:
            break
        turn = await assert_player_can_act(table.api, games, game_id)
        await table.services.deliverer.idle()
        current = await games.table(game_id)
        expected = told.expected(engine, state, current.state)
        assert table.rings() - before == expected, (turn.where, current.game.version)
        total += sum(expected.values())
    assert total >= 2  # the decisions moved between players


async def test_a_player_who_leaves_the_group_is_replaced_and_returns(tmp_path: Path) -> None:
    async with FakeBotApi() as api:
        group, users = people(api)
        async with running_bot(api, sqlite_url(tmp_path), seed_source=lambda: SEED) as app:
            table = Table(api, app, group, users, kind="bang_dice")
            table.game_id = await seat_players(api, table.games, group, users, "bang_dice")
            games, game_id = table.games, table.game_id
            await games.start(game_id)
            turn = await assert_player_can_act(api, games, game_id)
            leaver = turn.user  # the player the table waits for walks out
            api.leave_group(leaver, group)
            told = t(GROUP_LANGUAGE, "🚪 {name} left the group: a bot plays the seat until "
                                     "the player comes back.", name=leaver.first_name)
            await table.wait(lambda: any(told in (m.text or "")
                                         for m in table.group_messages()), timeout=WAIT)
            seat = (await games.table(game_id)).seat_of(leaver.id)
            assert seat is not None
            assert seat in await games.bot_seats(game_id)
            turn = await assert_player_can_act(api, games, game_id)  # the game goes on
            assert turn.user is not leaver
            api.join_group(leaver, group)
            back = t(GROUP_LANGUAGE, "🙋 {name} is back in the group and plays the seat again.",
                     name=leaver.first_name)
            await table.wait(lambda: any(back in (m.text or "")
                                         for m in table.group_messages()), timeout=WAIT)
            assert seat not in await games.bot_seats(game_id)
            await press_and_wait(api, games, game_id, turn)
            assert not api.internal_errors
