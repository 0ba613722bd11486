"""A press on a prompt of a decision owed by several seats at once survives others' answers."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from core.engine.errors import StaleVersion
from storage.errors import StaleGame
from tests.support.fake_uow import MemoryStore, fake_uow_factory
from tgbot.service import lobby
from tgbot.service.commands import Player
from tgbot.service.games import GameService

START = datetime(2026, 3, 2, 12, 0, tzinfo=UTC)


async def _table_at(games: GameService, kind: str, options: dict[str, bool], players: int,
                    decision: str) -> int:
    game_id = await lobby.open_lobby(games.uow_factory, chat_id=-9, topic_id=None, kind=kind,
                                     options=options, creator=Player(1, "P1"), now=games.now)
    for user in range(2, players + 1):
        await lobby.join_lobby(games.uow_factory, game_id=game_id,
                               player=Player(user, f"P{user}"), now=games.now)
    await games.start(game_id)
    for _ in range(500):
        table = await games.table(game_id)
        engine, state = table.engine, table.state
        owed = engine.to_act(state)
        if engine.view(state, None).decision == decision and len(owed) > 1:
            return game_id
        seat = min(owed)
        user = table.user_of(seat)
        assert user is not None
        await games.play(game_id, user, table.game.version,
                         engine.encode_action(engine.default_action(state, seat)))
    raise AssertionError(f"no {decision} owed by several seats")


async def test_an_expert_discard_press_made_before_another_seats_answer_applies() -> None:
    games = GameService(fake_uow_factory(MemoryStore()), now=lambda: START,
                        seed_source=lambda: 11)
    game_id = await _table_at(games, "colt_express", {"expert": True}, 4, "discard")
    table = await games.table(game_id)
    shown = table.game.version  # every owing seat's prompt carries this version
    first, second = sorted(table.engine.to_act(table.state))[:2]
    for seat in (first, second):
        user = table.user_of(seat)
        assert user is not None
        await games.play(game_id, user, shown, "k")
    after = await games.table(game_id)
    assert after.game.version == shown + 2
    assert first not in after.engine.to_act(after.state)
    assert second not in after.engine.to_act(after.state)


async def test_a_stale_press_on_another_decision_is_still_refused() -> None:
    games = GameService(fake_uow_factory(MemoryStore()), now=lambda: START,
                        seed_source=lambda: 11)
    game_id = await _table_at(games, "colt_express", {"expert": True}, 4, "discard")
    table = await games.table(game_id)
    seat = min(table.engine.to_act(table.state))
    user = table.user_of(seat)
    assert user is not None
    with pytest.raises((StaleGame, StaleVersion)):
        await games.play(game_id, user, table.game.version - 1, "d")  # a Schemin' draw
