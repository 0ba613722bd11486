"""A press costs the same early and late in a game: at most two units of work, one apply.

A six-player Colt Express game (expert variant: about 225 actions) is advanced through the
service to version 10, then to version 200; at each, one real press goes through the fake
Bot API and the running application, and the test counts what it cost until Telegram shows
the result: the units of work the bot opened for it (the durable inbox's own batched
writes are counted apart: they are per poll, not per press) and the calls of the engine's
`apply` (none of them a replay of the log).
"""

from __future__ import annotations

import traceback
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from core.engine.registry import get_game
from storage.uow import SqlUnitOfWorkFactory, sql_uow_factory
from tests.fakebot import FakeBotApi, FakeMessage
from tests.support.bot import running_bot, services_of, sqlite_url
from tests.support.clock import SkippingClock
from tgbot import app as app_module
from tgbot.render.callbacks import action_data
from tgbot.service import lobby
from tgbot.service.commands import Player

GROUP = -1009090
PLAYERS = 6
BUDGET_SECONDS = 6.0  # the group's flood budget refills (three messages) in 9 s at most


class Counter:
    """Counts the units of work opened (apart: the inbox's) and the engine's applies."""

    def __init__(self) -> None:
        self.units = self.inbox_units = self.applies = 0

    def reset(self) -> None:
        self.units = self.inbox_units = self.applies = 0

    def counting(self, make: Callable[[Any], SqlUnitOfWorkFactory]) -> Callable[[Any], Any]:
        counter = self

        class Counting:
            """The bot's unit-of-work factory, counting the units it opens."""

            def __init__(self, inner: SqlUnitOfWorkFactory) -> None:
                self.inner = inner

            def __call__(self) -> Any:
                stack = traceback.extract_stack()
                if any("tgbot/botapi/inbox.py" in frame.filename for frame in stack):
                    counter.inbox_units += 1
                else:
                    counter.units += 1
                return self.inner()

            def close(self) -> None:
                self.inner.close()

        return lambda engine: Counting(make(engine))


@pytest.fixture
def counter(monkeypatch: pytest.MonkeyPatch) -> Counter:
    found = Counter()
    monkeypatch.setattr(app_module, "sql_uow_factory", found.counting(sql_uow_factory))
    engine = get_game("colt_express")
    apply = type(engine).apply

    def counted(self: Any, state: Any, seat: int, action: Any) -> Any:
        found.applies += 1
        return apply(self, state, seat, action)

    monkeypatch.setattr(type(engine), "apply", counted)
    return found


async def test_a_press_costs_two_units_of_work_and_one_apply_at_v10_and_v200(
        tmp_path: Path, counter: Counter) -> None:
    clock = SkippingClock()  # the flood budgets refill in no time
    async with FakeBotApi(clock=clock.timestamp) as api:
        users = [api.add_user(5000 + i, f"P{i}") for i in range(PLAYERS)]
        for user in users:
            user.start()
        group = api.add_group(GROUP, "Cost", admins=(users[0].id,),
                              members=tuple(u.id for u in users))
        api.add_bot_to_group(group, by=users[0], as_admin=True)
        async with running_bot(api, sqlite_url(tmp_path), seed_source=lambda: 11,
                               limiter_clock=clock.loop_time) as app:
            games = services_of(app).games
            deliverer = services_of(app).deliverer
            game_id = await lobby.open_lobby(games.uow_factory, chat_id=group.id,
                                             topic_id=None, kind="colt_express",
                                             options={"expert": True},
                                             creator=Player(users[0].id, "P0"), now=games.now)
            for user in users[1:]:
                await lobby.join_lobby(games.uow_factory, game_id=game_id,
                                       player=Player(user.id, user.first_name), now=games.now)
            await games.start(game_id)
            costs = {}
            for version in (10, 200):
                await _advance(games, game_id, version)
                await deliverer.idle()
                message, data, user = await _prompt(api, games, game_id)
                clock.skip(BUDGET_SECONDS)  # a press at human pace: budgets refilled
                counter.reset()
                answered = len(api.callback_answers)
                user.press(message, data)
                await api.wait_for(lambda n=answered: len(api.callback_answers) > n, 10)
                await api.wait_for(lambda: not deliverer._workers and not deliverer._results,
                                   10)
                await deliverer.idle()
                costs[version] = (counter.units, counter.applies)
                table = await games.table(game_id)
                assert table.game.version > version  # the press was applied
    assert costs[10] == costs[200], costs
    units, applies = costs[10]
    assert units <= 2, costs
    assert applies == 1, costs


async def _advance(games: Any, game_id: int, version: int) -> None:
    """Play timeout defaults through the service until the game is at `version`."""
    for _ in range(1000):
        table = await games.table(game_id)
        if table.game.version >= version:
            assert table.game.version == version
            return
        seat = min(table.engine.to_act(table.state))
        user = table.user_of(seat)
        action = table.engine.encode_action(table.engine.default_action(table.state, seat))
        await games.play(game_id, user, table.game.version, action)
    raise AssertionError("the game did not reach the version")


async def _prompt(api: FakeBotApi, games: Any, game_id: int) -> tuple[FakeMessage, str, Any]:
    """Return the message showing the owing seat's default action, its data, and the user."""
    table = await games.table(game_id)
    seat = min(table.engine.to_act(table.state))
    action = table.engine.encode_action(table.engine.default_action(table.state, seat))
    data = action_data(game_id, table.game.version, action)
    user = api.user(table.user_of(seat))

    def find() -> FakeMessage | None:
        for chat in (user.private, GROUP):
            for message in reversed(api.current_messages(chat)):
                if any(button.get("callback_data") == data for button in message.buttons):
                    return message
        return None

    message = await api.wait_for(find, 30)
    return message, data, user
