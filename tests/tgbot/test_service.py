"""The service shell over the in-memory unit of work: lobby to finished game, refusals."""

from __future__ import annotations

import itertools
from datetime import UTC, datetime

import pytest

from core.engine.errors import IllegalAction, NotYourTurn, StaleVersion
from storage.models import ActorKind, GameStatus
from tests.support.fake_uow import MemoryStore, fake_uow_factory
from tgbot.service import lobby, reads
from tgbot.service.commands import Player
from tgbot.service.games import GameService

CHAT = -100


def _service() -> GameService:
    ticks = itertools.count()
    return GameService(fake_uow_factory(MemoryStore()),
                       now=lambda: datetime(2026, 1, 1, tzinfo=UTC).replace(
                           microsecond=next(ticks) % 1_000_000),
                       seed_source=lambda: 1234)


async def _table_of(service: GameService, players: int, bots: int = 0) -> int:
    game_id = await lobby.open_lobby(service.uow_factory, chat_id=CHAT, topic_id=None,
                                     kind="bang_dice", options={},
                                     creator=Player(1, "P1"), now=service.now)
    for user in range(2, players + 1):
        await lobby.join_lobby(service.uow_factory, game_id=game_id,
                               player=Player(user, f"P{user}"), now=service.now)
    for _ in range(bots):
        await lobby.add_bot(service.uow_factory, game_id=game_id, now=service.now)
    return game_id


async def test_humans_play_a_whole_game_through_the_service() -> None:
    service = _service()
    game_id = await _table_of(service, 5)
    played = await service.start(game_id)
    assert [e.kind for e in played.events].count("role_dealt") == 5
    table = played.table
    for _ in range(2000):
        if table.game.status is not GameStatus.RUNNING:
            break
        seat = min(table.engine.to_act(table.state))
        user = table.user_of(seat)
        assert user is not None
        action = table.engine.encode_action(table.engine.default_action(table.state, seat))
        table = (await service.play(game_id, user, table.game.version, action)).table
    assert table.game.status is GameStatus.FINISHED
    assert table.game.outcome is not None
    history = await service.history(game_id)
    assert history[-1]["kind"] == "game_ended"
    log = await reads.action_log(service.uow_factory, game_id=game_id)
    assert [r.version for r in log] == list(range(1, len(log) + 1))
    assert {r.actor for r in log} == {ActorKind.HUMAN}


async def test_bot_seats_play_their_own_decisions() -> None:
    service = _service()
    game_id = await _table_of(service, 1, bots=3)
    played = await service.start(game_id)
    table = played.table
    owed = table.engine.to_act(table.state) if table.state else set()
    assert table.game.status is GameStatus.FINISHED or owed == {0}
    log = await reads.action_log(service.uow_factory, game_id=game_id)
    assert all(r.actor is ActorKind.BOT and r.seat != 0 for r in log)


async def test_refusals_change_nothing() -> None:
    service = _service()
    game_id = await _table_of(service, 4)
    table = (await service.start(game_id)).table
    seat = min(table.engine.to_act(table.state))
    owner = table.user_of(seat)
    other = next(u for u in (1, 2, 3, 4) if u != owner)
    assert owner is not None
    version = table.game.version
    with pytest.raises(NotYourTurn):
        await service.play(game_id, other, version, "s")
    with pytest.raises(NotYourTurn):
        await service.play(game_id, 999, version, "s")
    with pytest.raises(StaleVersion):
        await service.play(game_id, owner, version - 1, "s")
    with pytest.raises(IllegalAction):
        await service.play(game_id, owner, version, "t9")
    after = await service.table(game_id)
    assert after.game.version == version
    assert after.game.snapshot == table.game.snapshot
